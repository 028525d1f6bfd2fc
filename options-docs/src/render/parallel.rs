//! Rendering on both cores: the work of a list (a view per section, the pages of each section)
//! split in two halves of about equal weight, the second half mapped on a scoped thread. Results
//! keep the order of the list, so output does not depend on which half finishes first.

/// `items` mapped with `f`, in order; the second half (by `weight`) on another thread.
pub fn map_halves<T: Sync, R: Send>(
    items: &[T],
    weight: impl Fn(&T) -> usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let total: usize = items.iter().map(&weight).sum();
    let mut so_far = 0;
    let middle = items
        .iter()
        .position(|item| {
            so_far += weight(item);
            so_far * 2 >= total
        })
        .map_or(items.len(), |at| at + 1);
    let (first, second) = items.split_at(middle);
    if first.is_empty() || second.is_empty() {
        return items.iter().map(f).collect();
    }
    let f = &f;
    std::thread::scope(|scope| {
        let later = scope.spawn(move || second.iter().map(f).collect::<Vec<R>>());
        let mut out: Vec<R> = first.iter().map(f).collect();
        out.extend(
            later
                .join()
                .unwrap_or_else(|p| std::panic::resume_unwind(p)),
        );
        out
    })
}

#[cfg(test)]
mod tests {
    use super::map_halves;

    #[test]
    fn keeps_the_order_of_the_list() {
        let items: Vec<usize> = (0..101).collect();
        let doubled = map_halves(&items, |&n| n % 7 + 1, |&n| n * 2);
        assert_eq!(doubled, (0..101).map(|n| n * 2).collect::<Vec<_>>());
        assert_eq!(map_halves(&[3], |_| 1, |&n| n), vec![3]);
        assert!(map_halves(&[] as &[u8], |_| 1, |&n| n).is_empty());
    }
}
