//! The README's "Declaring options" example, compiled and run, so the README tells the truth.

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
