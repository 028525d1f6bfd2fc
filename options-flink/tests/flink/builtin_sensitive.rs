//! The set of built-in options whose values are masked, pinned: adding an option to it or taking
//! one out is a change someone reviews here, not a side effect of a regenerated file or a renamed
//! key.
//!
//! Why each is masked: passwords, ZooKeeper credentials and the download headers are secrets; the
//! `token`/`secret` keys are masked for their key's words when their values are text (a switch or
//! a duration named `...token...` is shown: its value cannot be a secret). Options that only name a secret are not in the set, on
//! purpose: a keytab path (`security.kerberos.login.keytab`), a principal, a certificate
//! fingerprint, a Kubernetes secret's name is shown so that a user can check it.

use options_flink::builtin;

/// Every built-in option masked today, by key.
const SENSITIVE: &[&str] = &[
    // Plugin credentials (issue 43): S3, Azure and GCS keys, reporter passwords and API keys.
    "fs.azure.account.key.<account>",
    "fs.gs.auth.service.account.private.key",
    "fs.oss.accessKeyId",
    "fs.oss.accessKeySecret",
    "fs.s3a.access.key",
    "fs.s3a.secret.key",
    "fs.s3a.session.token",
    "metrics.reporter.<name>.apikey",
    "metrics.reporter.<name>.password",
    "s3.access-key",
    "s3.secret-key",
    // ZooKeeper AuthInfo pairs: `scheme:credentials`.
    "high-availability.zookeeper.client.authorization",
    "kubernetes.container.image.pull-secrets",
    "kubernetes.env.secretKeyRef",
    "kubernetes.secrets",
    "security.ssl.internal.key-password",
    "security.ssl.internal.keystore-password",
    "security.ssl.internal.truststore-password",
    "security.ssl.key-password",
    "security.ssl.keystore-password",
    "security.ssl.rest.key-password",
    "security.ssl.rest.keystore-password",
    "security.ssl.rest.truststore-password",
    "security.ssl.truststore-password",
    // A catalogue kind, masked for the word `secret` in its key (over-cautious, harmless).
    "table.secret-store.kind",
    // Its description names an authorization header as what it carries.
    "user.artifacts.http-headers",
    // Service names, masked for the word `token` in its key.
    "yarn.security.appmaster.delegation.token.services",
];

#[test]
fn the_set_of_built_in_sensitive_options_is_the_reviewed_one() {
    let catalogue = builtin::catalogue();
    let mut actual: Vec<&str> = catalogue
        .options()
        .filter(|(_, meta)| meta.is_sensitive())
        .map(|(_, meta)| meta.key_str())
        .collect();
    actual.sort_unstable();
    let added: Vec<&&str> = actual.iter().filter(|k| !SENSITIVE.contains(k)).collect();
    let removed: Vec<&&str> = SENSITIVE.iter().filter(|k| !actual.contains(k)).collect();
    assert!(
        added.is_empty() && removed.is_empty(),
        "the built-in sensitive options changed: newly masked {added:?}, no longer masked \
         {removed:?}; review the change and update SENSITIVE in {}",
        file!()
    );
}

/// A description that speaks of passwords, credentials or authorization headers belongs to a
/// masked option, or to one named in the list below with the reason it is shown.
#[test]
fn every_option_whose_description_speaks_of_a_secret_value_is_masked_or_explained() {
    /// Options that mention such a word without holding a secret value.
    const SHOWN: &[(&str, &str)] = &[
        ("security.kerberos.login.keytab", "a file path"),
        ("security.kerberos.login.contexts", "JAAS context names"),
        ("security.kerberos.login.use-ticket-cache", "a switch"),
        ("zookeeper.sasl.login-context-name", "a JAAS context name"),
    ];
    let words = ["password", "credential", "authorization", "passphrase"];
    let catalogue = builtin::catalogue();
    let (mut unexplained, mut stale) = (Vec::new(), Vec::new());
    for (_, meta) in catalogue.options() {
        let text = meta.description.to_ascii_lowercase();
        let speaks = words.iter().any(|w| text.contains(w));
        let explained = SHOWN.iter().any(|(k, _)| *k == meta.key_str());
        if speaks && !meta.is_sensitive() && !explained {
            unexplained.push(meta.key_str());
        }
        if explained && (!speaks || meta.is_sensitive()) {
            stale.push(meta.key_str());
        }
    }
    assert!(
        unexplained.is_empty(),
        "options whose descriptions speak of secrets but are neither masked nor explained: \
         {unexplained:?}"
    );
    let known = |key: &str| catalogue.options().any(|(_, m)| m.key_str() == key);
    stale.extend(SHOWN.iter().map(|(k, _)| *k).filter(|k| !known(k)));
    assert!(
        stale.is_empty(),
        "SHOWN lists options it need not: {stale:?}"
    );
}
