//! Secrets never leave the session in clear: errors mask every value written after
//! `SET '<sensitive key>'` anywhere in the input, whatever statement the error is about.

use crate::session_support::{check, env, run};
use options_core::sql::{parse_statements, secret_spans};
use options_flink::session::{EnvironmentSettings, StatementError, TableEnvironment};

const SECRET: &str = "hunter2";

/// Runs `input` and checks that neither the rendered output nor any error message holds the
/// secret; returns the output.
fn run_hidden(env: &mut TableEnvironment, input: &str) -> String {
    let output = run(env, input);
    assert!(
        !output.contains(SECRET),
        "the secret leaked for input {input:?}:\n{output}"
    );
    for outcome in env.execute(input) {
        if let Err(error) = outcome {
            assert!(!error.to_string().contains(SECRET), "{input:?}: {error}");
            assert!(!format!("{error:?}").contains("found 'hunter2'"));
        }
    }
    output
}

#[test]
fn a_secret_without_equals_is_masked_in_the_message_and_the_line() {
    check(
        "secret_missing_equals",
        &mut env(),
        "SET 'connector.password' 'hunter2';",
    );
    run_hidden(&mut env(), "SET 'connector.password' 'hunter2';");
    // A key that names a secret, not in the catalogue.
    run_hidden(&mut env(), "SET 'db.password' 'hunter2';");
}

#[test]
fn an_unclosed_secret_is_masked_to_the_end_of_the_line() {
    check(
        "secret_unclosed_quote",
        &mut env(),
        "SET 'a.secret' = 'hunter2",
    );
    run_hidden(&mut env(), "SET 'a.secret' = 'hunter2");
    run_hidden(&mut env(), "SET 'connector.password' = 'hunter2\nmore';");
}

#[test]
fn an_error_in_a_later_statement_masks_the_secret_of_an_earlier_one() {
    check(
        "secret_then_error",
        &mut env(),
        "SET 'connector.password' = 'hunter2'; SET 'table.exec.state.ttl' = 'x';",
    );
}

#[test]
fn an_error_in_an_earlier_statement_masks_the_secret_of_a_later_one() {
    check(
        "secret_in_later_statement",
        &mut env(),
        "SET 'table.exec.state.ttl' = 'x'; SET 'connector.password' = 'hunter2';\nSET 'table.local-time-zone' = 'UTC'; SET 'db.password' 'hunter2'; RESET 'nope';",
    );
}

#[test]
fn no_way_of_writing_a_secret_statement_echoes_it() {
    let keys = [
        "'connector.password'",
        "'db.password'",
        "'a.secret'",
        "'my.api-key'",
        "db.password",
        "\"db.password\"",
        "`db.password`",
    ];
    let tails = [
        "= 'hunter2';",
        "'hunter2';",
        "= hunter2;",
        "hunter2;",
        "= \"hunter2\";",
        "= `hunter2`;",
        "= 'hunter2' 'again';",
        "= 'hunter2' extra;",
        "= = 'hunter2';",
        "'hunter2' = 'x';",
        "= 'hunter2",
        "'hunter2",
        "= \"hunter2",
        "= `hunter2",
        "= 'hun''ter2",
        "= 'hunter2' /* note",
        "= 'hunter2'\n;",
        "=\n'hunter2' x;",
    ];
    for key in keys {
        for tail in tails {
            let statement = format!("SET {key} {tail}");
            for input in [
                statement.clone(),
                format!("{statement}\nSET 'table.exec.state.ttl' = 'x';"),
                format!("SET 'table.exec.state.ttl' = 'x'; {statement}"),
                format!("USE nope; {statement} SET 'nope' = 'x';"),
                format!("nonsense {statement}"),
            ] {
                run_hidden(&mut env(), &input);
                // The parser alone: its errors carry every secret of the input.
                for parsed in parse_statements(&input, &options_core::sensitive::is_sensitive_key) {
                    if let Err(e) = parsed {
                        let rendered = StatementError::from(e).render(&input);
                        assert!(!rendered.contains(SECRET), "{input:?}:\n{rendered}");
                    }
                }
            }
        }
    }
}

#[test]
fn an_unclosed_key_that_names_a_secret_hides_the_rest() {
    run_hidden(&mut env(), "SET 'db.password = hunter2;");
}

#[test]
fn listings_keep_masking_after_errors() {
    let mut catalogue = (*options_flink::builtin::catalogue()).clone();
    catalogue.allow_prefix("connector.");
    let mut env =
        TableEnvironment::create(EnvironmentSettings::new().with_catalogue(catalogue.into()));
    run_hidden(
        &mut env,
        "SET 'connector.secret-key' 'hunter2'; SET 'connector.secret-key' = 'hunter2'; SET 'table.exec.state.ttl' = 'x';",
    );
    let listing = run_hidden(&mut env, "SET; SET 'connector.secret-key';");
    assert!(
        listing.contains("| connector.secret-key | ******"),
        "{listing}"
    );
    assert!(
        listing
            .lines()
            .any(|l| l.starts_with("value:") && l.ends_with(" ****** (session)")),
        "{listing}"
    );
}

#[test]
fn secret_spans_cover_values_after_sensitive_keys_only() {
    let sensitive = |key: &str| key.contains("password");
    let spans = |input: &str| -> Vec<String> {
        secret_spans(input, &sensitive)
            .iter()
            .map(|s| input[s.start..s.end].to_owned())
            .collect()
    };
    assert_eq!(spans("SET 'db.password' = 'x'; SET 'a' = 'y';"), ["'x'"]);
    assert_eq!(spans("SET 'db.password' 'x' y;"), ["'x'", "y"]);
    assert_eq!(spans("SET 'db.password';"), Vec::<String>::new());
    assert_eq!(spans("RESET 'db.password';"), Vec::<String>::new());
    assert_eq!(spans("SET 'db.password' = 'x\ny"), ["'x\ny"]);
    assert_eq!(spans("SET 'a' = 'x"), Vec::<String>::new());
    assert_eq!(spans("SET 'db.password' = 'x' /* y"), ["'x'"]);
}

/// Issue 30: an unknown key echoed its value in the error's excerpt even when the key was a typo
/// of a secret. Masked now when the key's suggestion is a sensitive option, and when a word of the
/// key is one typo from a secret word.
#[test]
fn a_misspelt_secret_key_does_not_echo_its_value() {
    for input in [
        // One typo from a built-in sensitive option, and from the word "password".
        "SET 'security.ssl.internal.keystore-pasword' = 'hunter2';",
        // No option near it: masked by its word alone.
        "SET 'my.pasword' = 'hunter2';",
        "SET 'my.secert' = 'hunter2';",
        "SET 'my.tokn' = 'hunter2';",
        "SET 'my.api-kye' = 'hunter2';",
        // No secret word near it: masked because the option it suggests is sensitive.
        "SET 'connector.paswrd' = 'hunter2'; SET 'connector.pass-word' 'hunter2';",
    ] {
        let output = run_hidden(&mut env(), input);
        assert!(output.contains("unknown configuration key"), "{output}");
        assert!(output.contains("'******'"), "{output}");
    }
}

/// The other side of the rule above: a typo of an ordinary key still shows the value, so the error
/// points at what was written.
#[test]
fn a_misspelt_ordinary_key_still_shows_its_value() {
    for input in [
        "SET 'table.exec.state.tl' = 'hunter2';",
        "SET 'my.passage' = 'hunter2';",
        "SET 'my.tokyo' = 'hunter2';",
    ] {
        let output = run(&mut env(), input);
        assert!(output.contains("'hunter2'"), "{input}:\n{output}");
    }
}

/// A pattern key's instance is partly the user's own text: a reporter parameter spelled one typo
/// from a secret word is masked like an unknown key would be (found by the `legacy` fuzz target).
#[test]
fn a_pattern_instance_spelled_like_a_secret_is_masked() {
    use options_core::Configuration;
    use options_flink::builtin;
    let mut config = Configuration::with_catalogue(builtin::catalogue());
    for key in [
        "metrics.reporter.prom.pasword",
        "metrics.reporter.prom.keystore-passwo;d",
    ] {
        assert!(
            builtin::catalogue().resolve(key).is_some(),
            "{key} is an instance of a pattern key"
        );
        config.set_str(key, SECRET).unwrap();
        let shown = format!("{:?} {:?}", config, config.to_display_map());
        assert!(!shown.contains(SECRET), "{key}: {shown}");
        assert!(builtin::catalogue().is_secret(key), "{key}");
    }
    // An ordinary parameter still shows its value.
    config
        .set_str("metrics.reporter.prom.port", "9249")
        .unwrap();
    assert!(format!("{:?}", config.to_display_map()).contains("9249"));
}

#[test]
fn plugin_credentials_are_masked_in_set_listings_and_errors() {
    // Issue 43: S3, S3A, Azure and reporter credentials are declared sensitive.
    let mut env = env();
    for key in [
        "s3.access-key",
        "s3.secret-key",
        "fs.s3a.secret.key",
        "fs.azure.account.key.acct.blob.core.windows.net",
        "metrics.reporter.dd.apikey",
    ] {
        let output = run_hidden(
            &mut env,
            &format!("SET '{key}' = '{SECRET}';\nSET;\nSET '{key}';\n"),
        );
        assert!(output.contains(key), "{output}");
    }
    // A bad value next to a secret: the error holds no secret either.
    run_hidden(
        &mut env,
        &format!("SET 's3.secret-key' = '{SECRET}';\nSET 's3.entropy.length' = 'x';\n"),
    );
}

#[test]
fn a_typo_inside_a_plugin_family_is_set_with_a_warning_naming_the_key() {
    let mut env = env();
    let output = run_hidden(&mut env, &format!("SET 's3.acess-key' = '{SECRET}';\n"));
    assert!(
        output.contains(
            "warning: \"s3.acess-key\" is passed through as is (an instance of \"s3.<key>\"), but looks like a typo of \"s3.access-key\"."
        ),
        "{output}"
    );
    // A Hadoop key of the family that is no typo passes quietly.
    let output = run_hidden(&mut env, "SET 's3.connection.maximum' = '64';\n");
    assert!(!output.contains("warning"), "{output}");
}
