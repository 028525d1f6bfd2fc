//! Work on every core, results handed on in input order: `validate` checks a fleet's files in
//! parallel and reports them sorted by path. Each result is handed to the caller as soon as every
//! result before it is, and workers never run more than a window ahead of the next result due, so
//! a run holds a few reports at a time, not one per file.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Condvar, Mutex};

/// How far (in items) a worker may run ahead of the next result handed on, per worker.
const AHEAD_PER_WORKER: usize = 8;

/// `work` applied to every item on `jobs` threads, each result given to `take` in the items'
/// order. The first error `take` returns stops the run (items not started are not worked on) and
/// is returned.
pub fn for_each_in_order<T, R, E>(
    items: &[T],
    jobs: usize,
    work: impl Fn(&T) -> R + Sync,
    mut take: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E>
where
    T: Sync,
    R: Send,
{
    let jobs = jobs.clamp(1, items.len().max(1));
    if jobs == 1 {
        return items.iter().try_for_each(|item| take(work(item)));
    }
    let window = jobs * AHEAD_PER_WORKER;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // The index of the next result due, and a signal when it moves on.
    let due = (Mutex::new(0usize), Condvar::new());
    let (sent, received) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|s| {
        for _ in 0..jobs {
            let sent = sent.clone();
            let (next, stop, due, work) = (&next, &stop, &due, &work);
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                {
                    let (lock, moved) = due;
                    let mut first = lock.lock().unwrap_or_else(|e| e.into_inner());
                    while i >= *first + window && !stop.load(Ordering::Relaxed) {
                        first = moved.wait(first).unwrap_or_else(|e| e.into_inner());
                    }
                }
                if stop.load(Ordering::Relaxed) || sent.send((i, work(item))).is_err() {
                    break;
                }
            });
        }
        drop(sent);
        let mut waiting = BTreeMap::new();
        let mut first = 0;
        let mut outcome = Ok(());
        for (i, result) in received.iter() {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&first) {
                first += 1;
                if let Err(e) = take(result) {
                    outcome = Err(e);
                    break;
                }
            }
            let (lock, moved) = &due;
            *lock.lock().unwrap_or_else(|e| e.into_inner()) = first;
            if outcome.is_err() {
                stop.store(true, Ordering::Relaxed);
            }
            moved.notify_all();
            if outcome.is_err() {
                break;
            }
        }
        outcome
    })
}

#[cfg(test)]
mod tests {
    use super::for_each_in_order;

    #[test]
    fn results_come_in_input_order_on_any_number_of_threads() {
        let items: Vec<u64> = (0..500).collect();
        for jobs in [1, 2, 3, 8] {
            let mut seen = Vec::new();
            let run: Result<(), ()> = for_each_in_order(
                &items,
                jobs,
                |&n| {
                    // Uneven work, so results arrive out of order.
                    if n % 7 == 0 {
                        std::thread::sleep(std::time::Duration::from_micros(200));
                    }
                    n * 2
                },
                |r| {
                    seen.push(r);
                    Ok(())
                },
            );
            assert_eq!(run, Ok(()));
            assert_eq!(
                seen,
                items.iter().map(|n| n * 2).collect::<Vec<_>>(),
                "{jobs}"
            );
        }
    }

    #[test]
    fn the_first_error_stops_the_run() {
        let items: Vec<u32> = (0..10_000).collect();
        let mut taken = 0;
        let run = for_each_in_order(
            &items,
            4,
            |&n| n,
            |n| {
                taken += 1;
                if n == 10 {
                    Err(n)
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(run, Err(10));
        assert_eq!(taken, 11);
    }
}
