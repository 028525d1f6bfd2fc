//! The Rust examples of the README (its first screen) and of `docs/declaring-options.md`,
//! compiled and run, and checked against the pages line by line, so the pages tell the truth.

use std::time::Duration;

use options_core::prelude::*; // Options, ReadableConfig (typed reads), Configuration, ...
use options_core::Secret;

/// Options of my connector.
#[derive(Debug, Options)]
#[options(section = "connector", title = "Connector Options")]
pub struct ConnectorOptions {
    /// How long one request may take before it fails.
    ///
    /// Paragraphs of the doc comment are kept: they become the option's description.
    #[option(key = "connector.request-timeout", default = "30 s", scope = "batch, streaming",
             deprecated_keys = ["connector.timeout"])]
    pub request_timeout: Duration,

    /// Access token; never printed.
    #[option(key = "connector.token", sensitive)]
    pub token: Option<Secret<String>>, // Option<T>: no default; Secret<T>: Debug prints ******
}

#[test]
fn readme_example_runs() -> Result<(), Box<dyn std::error::Error>> {
    let mut config = Configuration::new();
    config.set_str("connector.request-timeout", "2 min")?;
    assert_eq!(
        config.get(&ConnectorOptions::REQUEST_TIMEOUT),
        Duration::from_secs(120)
    );
    let snapshot = ConnectorOptions::from_config(&config)?; // every bad value reported together
    assert_eq!(snapshot.request_timeout, Duration::from_secs(120));
    assert_eq!(snapshot.token, None);
    Ok(())
}

#[test]
fn readme_example_deprecated_key_still_answers() {
    let mut config = Configuration::new();
    config.set_str("connector.timeout", "5 s").unwrap();
    assert_eq!(
        config.get(&ConnectorOptions::REQUEST_TIMEOUT),
        Duration::from_secs(5)
    );
}

#[test]
fn readme_example_token_is_masked() {
    let mut config = Configuration::new();
    config
        .set(
            &ConnectorOptions::TOKEN,
            Some(Secret::new("s3cr3t".to_owned())),
        )
        .unwrap();
    assert!(!format!("{config:?}").contains("s3cr3t"));
    let snapshot = ConnectorOptions::from_config(&config).unwrap();
    assert!(!format!("{snapshot:?}").contains("s3cr3t"));
    assert_eq!(snapshot.token.unwrap().expose(), "s3cr3t");
}

/// The README's example for Rust developers: the same option, no more.
mod first_screen {
    use std::time::Duration;

    use options_core::prelude::*; // Options, ReadableConfig (typed reads), Configuration, ...

    /// Options of my connector.
    #[derive(Debug, Options)]
    #[options(section = "connector", title = "Connector Options")]
    pub struct ConnectorOptions {
        /// How long one request may take before it fails.
        #[option(
            key = "connector.request-timeout",
            default = "30 s",
            scope = "batch, streaming"
        )]
        pub request_timeout: Duration,
    }

    #[test]
    fn the_readme_example_runs() -> Result<(), Box<dyn std::error::Error>> {
        let mut config = Configuration::new();
        config.set_str("connector.request-timeout", "2 min")?;
        assert_eq!(
            config.get(&ConnectorOptions::REQUEST_TIMEOUT),
            Duration::from_secs(120)
        );
        assert_eq!(
            ConnectorOptions::default().request_timeout,
            Duration::from_secs(30)
        );
        Ok(())
    }
}

/// The first `rust` block of a page, each line with its white space removed (rustfmt may break a
/// line of the page over several here).
fn first_rust_block(page: &str) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(page);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{page}: {e}"));
    let start = text
        .find("```rust\n")
        .unwrap_or_else(|| panic!("{page} shows no Rust example"));
    let block = &text[start + "```rust\n".len()..];
    let block = &block[..block.find("```").expect("the block ends")];
    block
        .lines()
        .map(|line| line.split_whitespace().collect::<String>())
        .filter(|line| !line.is_empty())
        .collect()
}

/// Every line of each page's example is a line (or lines) of its code here, in order: the
/// page's above `mod first_screen`, the README's inside it.
#[test]
fn the_pages_show_these_examples() {
    let source = include_str!("readme_example.rs");
    let split = source
        .find("mod first_screen")
        .expect("the README's example is here");
    let (page_code, readme_code) = source.split_at(split);
    for (page, code) in [
        ("README.md", readme_code),
        ("docs/declaring-options.md", page_code),
    ] {
        let code: String = code.split_whitespace().collect();
        let mut from = 0;
        for line in first_rust_block(page) {
            match code[from..].find(&line) {
                Some(at) => from += at + line.len(),
                None => panic!("{page}: `{line}` is not in readme_example.rs (in this order)"),
            }
        }
    }
}
