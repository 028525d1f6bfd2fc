//! The derive's generated code names everything by full path: it compiles in a module without the
//! prelude and next to user items that shadow common names.

#[no_implicit_prelude]
mod without_prelude {
    use ::options_core::{ConfigEnum, Options};

    /// How data is compressed.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
    pub enum Codec {
        /// No compression.
        None,
        /// LZ4.
        Lz4,
    }

    /// Options declared where nothing is imported implicitly.
    #[derive(Debug, Options)]
    #[options(section = "hygiene", title = "Hygiene Options")]
    pub struct HygieneOptions {
        /// A name.
        #[option(key = "hygiene.name", default = "anonymous")]
        pub name: ::std::string::String,

        /// Some hosts.
        #[option(key = "hygiene.hosts", default = "a;b")]
        pub hosts: ::std::vec::Vec<::std::string::String>,

        /// No hosts by default.
        #[option(key = "hygiene.spare-hosts", default = "")]
        pub spare_hosts: ::std::vec::Vec<::std::string::String>,

        /// Labels.
        #[option(key = "hygiene.labels", default = "k:v")]
        pub labels: ::std::collections::BTreeMap<::std::string::String, ::std::string::String>,

        /// The codec.
        #[option(key = "hygiene.codec", default = "LZ4")]
        pub codec: Codec,

        /// A timeout.
        #[option(key = "hygiene.timeout", default = "3 min")]
        pub timeout: ::core::time::Duration,

        /// Optional.
        #[option(key = "hygiene.extra")]
        pub extra: ::core::option::Option<i64>,
    }
}

mod shadowing {
    #![allow(dead_code)]
    use options_core::Options;

    type Result = ();
    type Option = ();
    struct String;
    struct Vec;
    mod core {}

    /// Options next to items named like the ones generated code uses.
    #[derive(Debug, Options)]
    #[options(section = "shadowing", title = "Shadowing Options")]
    pub struct ShadowingOptions {
        /// A name.
        #[option(key = "shadowing.name", default = "x")]
        pub name: std::string::String,
        /// A list.
        #[option(key = "shadowing.list", default = "a;b")]
        pub list: std::vec::Vec<std::string::String>,
        /// Optional.
        #[option(key = "shadowing.extra")]
        pub extra: std::option::Option<i32>,
    }
}

use without_prelude::{Codec, HygieneOptions};

#[test]
fn defaults_declared_without_the_prelude_are_right() {
    let d = HygieneOptions::default();
    assert_eq!(d.name, "anonymous");
    assert_eq!(d.hosts, ["a", "b"]);
    assert!(d.spare_hosts.is_empty());
    assert_eq!(d.labels.get("k").map(String::as_str), Some("v"));
    assert_eq!(d.codec, Codec::Lz4);
    assert_eq!(d.timeout, std::time::Duration::from_secs(180));
    assert_eq!(d.extra, None);
    let s = shadowing::ShadowingOptions::default();
    assert_eq!(s.list, ["a", "b"]);
}
