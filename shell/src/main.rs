//! `options-shell`: type `SET 'key' = 'value';`, `SET;`, `RESET`, `USE CATALOG`, `USE`,
//! `SHOW OPTIONS` and see the results (long ones through a pager on a terminal). Interactive with Tab completion and history on a terminal; a script runner when
//! standard input is not a terminal.
#![deny(missing_docs)]

mod args;
mod helper;
mod history;
mod interactive;
mod pager;
mod script;
mod statements;

use std::io::IsTerminal;
use std::process::ExitCode;

// Loading a large --config allocates twice a key; mimalloc does it in half the time of glibc's.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args = match args::parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(message) => {
            eprintln!("options-shell: {message}\n\n{}", args::USAGE);
            return ExitCode::from(2);
        }
    };
    if args.help {
        print!("{}", args::USAGE);
        return ExitCode::SUCCESS;
    }
    let env = match args.environment() {
        Ok((env, warnings)) => {
            for warning in warnings {
                eprintln!("options-shell: warning: {warning}");
            }
            env
        }
        Err(message) => {
            eprintln!("options-shell: {message}");
            return ExitCode::from(2);
        }
    };
    if args.script || !std::io::stdin().is_terminal() {
        let mut env = env;
        let code = script::run(&mut env);
        // Not dropped: the process ends here, and the system takes its memory back at once, where
        // dropping the environment frees every setting one by one (tens of thousands with a large
        // --config, a tenth of the whole run).
        std::mem::forget(env);
        code
    } else {
        interactive::run(env)
    }
}
