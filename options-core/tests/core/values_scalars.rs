//! Booleans, integers, floats, strings and enums: Flink 1.19's grammar and canonical output.

use options_core::grammar::{
    format_f32, format_f64, parse_bool, parse_f32, parse_f64, parse_i32, parse_i64,
};
use options_core::{ConfigEnum, OptionValue, TypeInfo};

#[test]
fn booleans_accept_any_case_but_no_whitespace() {
    for text in ["true", "TRUE", "True", "tRuE"] {
        assert_eq!(parse_bool(text), Ok(true), "{text}");
    }
    for text in ["false", "FALSE", "False"] {
        assert_eq!(parse_bool(text), Ok(false), "{text}");
    }
    for (text, detail) in [
        (" true", "remove the surrounding whitespace"),
        ("false\n", "remove the surrounding whitespace"),
        ("", "empty value"),
        ("yes", ""),
        ("1", ""),
        ("t", ""),
    ] {
        assert_eq!(parse_bool(text).unwrap_err().detail, detail, "{text:?}");
    }
    assert_eq!(true.to_config_string(), "true");
    assert_eq!(false.to_config_string(), "false");
}

#[test]
fn integers_take_an_optional_sign_and_no_whitespace() {
    let ok = [("42", 42), ("+42", 42), ("-42", -42), ("007", 7), ("-0", 0)];
    for (text, value) in ok {
        assert_eq!(parse_i32(text), Ok(value), "{text}");
        assert_eq!(parse_i64(text), Ok(i64::from(value)), "{text}");
    }
    let digits_only = "only digits with an optional leading + or - are allowed";
    for (text, detail) in [
        ("", "empty value"),
        (" 42", "remove the surrounding whitespace"),
        ("42 ", "remove the surrounding whitespace"),
        ("4 2", digits_only),
        ("1.5", digits_only),
        ("1e3", digits_only),
        ("+", digits_only),
        ("--1", digits_only),
        ("0x10", digits_only),
        ("\u{661}", digits_only),
    ] {
        assert_eq!(parse_i32(text).unwrap_err().detail, detail, "{text:?}");
        assert_eq!(parse_i64(text).unwrap_err().detail, detail, "{text:?}");
    }
}

#[test]
fn integers_out_of_range_are_rejected() {
    assert_eq!(parse_i32("2147483647"), Ok(i32::MAX));
    assert_eq!(parse_i32("-2147483648"), Ok(i32::MIN));
    let i32_range = "must be between -2147483648 and 2147483647";
    assert_eq!(parse_i32("2147483648").unwrap_err().detail, i32_range);
    assert_eq!(parse_i32("-2147483649").unwrap_err().detail, i32_range);
    assert_eq!(parse_i64("9223372036854775807"), Ok(i64::MAX));
    assert_eq!(parse_i64("-9223372036854775808"), Ok(i64::MIN));
    let i64_range = "must be between -9223372036854775808 and 9223372036854775807";
    assert_eq!(
        parse_i64("9223372036854775808").unwrap_err().detail,
        i64_range
    );
    assert_eq!(
        parse_i64("-99999999999999999999").unwrap_err().detail,
        i64_range
    );
}

#[test]
fn floats_accept_decimals_exponents_and_java_specials() {
    let table = [
        ("0.5", 0.5),
        (".5", 0.5),
        ("5.", 5.0),
        ("+1.25", 1.25),
        ("-1.25", -1.25),
        ("1e3", 1000.0),
        ("1E-3", 0.001),
        ("2.5e+2", 250.0),
        (" 7 ", 7.0),
        ("Infinity", f64::INFINITY),
        ("+Infinity", f64::INFINITY),
        ("-Infinity", f64::NEG_INFINITY),
        ("1e999", f64::INFINITY),
    ];
    for (text, value) in table {
        assert_eq!(parse_f64(text), Ok(value), "{text}");
        assert_eq!(parse_f32(text), Ok(value as f32), "{text}");
    }
    assert!(parse_f64("NaN").unwrap().is_nan());
    assert!(parse_f32("-NaN").unwrap().is_nan());
}

#[test]
fn floats_reject_java_suffixes_hex_and_rust_spellings() {
    let specials = "spell it exactly \"NaN\", \"Infinity\" or \"-Infinity\"";
    for (text, detail) in [
        ("", "empty value"),
        ("1.5f", "remove the Java type suffix \"f\""),
        ("2D", "remove the Java type suffix \"D\""),
        ("inf", specials),
        ("-infinity", specials),
        ("nan", specials),
        ("0x1p3", "not a decimal number"),
        (".", "not a decimal number"),
        ("1e", "not a decimal number"),
        ("1,5", "not a decimal number"),
        ("f", "not a decimal number"),
    ] {
        assert_eq!(parse_f64(text).unwrap_err().detail, detail, "{text:?}");
        assert_eq!(parse_f32(text).unwrap_err().detail, detail, "{text:?}");
    }
}

#[test]
fn floats_print_the_shortest_round_trip_form() {
    let table = [
        (0.5, "0.5"),
        (1.0, "1.0"),
        (0.1, "0.1"),
        (-0.0, "-0.0"),
        (1e300, "1e300"),
        (1e-7, "1e-7"),
        (123456.789, "123456.789"),
        (f64::INFINITY, "Infinity"),
        (f64::NEG_INFINITY, "-Infinity"),
        (f64::NAN, "NaN"),
    ];
    for (value, text) in table {
        assert_eq!(format_f64(value), text);
    }
    assert_eq!(format_f32(0.1), "0.1");
    assert_eq!(format_f32(f32::MAX), "3.4028235e38");
    assert_eq!(format_f32(f32::NEG_INFINITY), "-Infinity");
    assert_eq!(0.1f32.to_config_string(), "0.1");
}

#[test]
fn strings_are_kept_as_is() {
    for text in ["", "  padded  ", "a;b", "'quoted'", "ünïcödé"] {
        assert_eq!(String::parse_config(text).unwrap(), text);
        assert_eq!(text.to_owned().to_config_string(), text);
    }
}

#[test]
fn scalar_error_messages_read_well() {
    let table = [
        (
            bool::parse_config("yes").unwrap_err(),
            r#"invalid value "yes": expected a Boolean such as "true" or "false""#,
        ),
        (
            i32::parse_config("3000000000").unwrap_err(),
            r#"invalid value "3000000000": expected an Integer such as "42" (must be between -2147483648 and 2147483647)"#,
        ),
        (
            i64::parse_config(" 42").unwrap_err(),
            r#"invalid value " 42": expected a Long such as "42" (remove the surrounding whitespace)"#,
        ),
        (
            f32::parse_config("1.5f").unwrap_err(),
            r#"invalid value "1.5f": expected a Float such as "0.5" (remove the Java type suffix "f")"#,
        ),
    ];
    for (err, expected) in table {
        assert_eq!(err.to_string(), expected);
    }
}

/// What `#[derive(ConfigEnum)]` and the option derive produce, written by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Auto,
    AllEnforced,
}

impl ConfigEnum for Mode {
    const VARIANTS: &'static [Self] = &[Mode::Auto, Mode::AllEnforced];
    const NAMES: &'static [&'static str] = &["AUTO", "ALL_ENFORCED"];

    fn index(self) -> usize {
        self as usize
    }
}

impl OptionValue for Mode {
    const TYPE: TypeInfo = TypeInfo::enumeration(Self::NAMES);

    fn parse_config(s: &str) -> Result<Self, options_core::ValueError> {
        options_core::__private::parse_enum::<Self>(s)
    }

    fn to_config_string(&self) -> String {
        self.config_name().to_owned()
    }
}

#[test]
fn enums_parse_case_insensitively_and_print_their_config_name() {
    for text in ["AUTO", "auto", "Auto"] {
        assert_eq!(Mode::parse_config(text), Ok(Mode::Auto));
    }
    assert_eq!(Mode::parse_config("all_enforced"), Ok(Mode::AllEnforced));
    assert_eq!(Mode::AllEnforced.to_config_string(), "ALL_ENFORCED");
    assert_eq!(Mode::type_name(), "Enum");
    assert_eq!(Mode::TYPE.enum_values, ["AUTO", "ALL_ENFORCED"]);
}

#[test]
fn enums_are_not_trimmed_and_errors_list_the_values() {
    assert_eq!(
        Mode::parse_config("manual").unwrap_err().to_string(),
        r#"invalid value "manual": expected an Enum such as one of AUTO, ALL_ENFORCED"#
    );
    assert_eq!(
        Mode::parse_config(" auto").unwrap_err().to_string(),
        r#"invalid value " auto": expected an Enum such as one of AUTO, ALL_ENFORCED (remove the surrounding whitespace)"#
    );
}

#[test]
fn enum_lists_parse_and_print() {
    let modes = Vec::<Mode>::parse_config("auto; ALL_ENFORCED;Auto").unwrap();
    assert_eq!(modes, [Mode::Auto, Mode::AllEnforced, Mode::Auto]);
    assert_eq!(modes.to_config_string(), "AUTO;ALL_ENFORCED;AUTO");
    assert_eq!(Vec::<Mode>::type_name(), "List<Enum>");
    assert_eq!(Vec::<Mode>::TYPE.enum_values, ["AUTO", "ALL_ENFORCED"]);
    assert_eq!(
        Vec::<Mode>::parse_config("AUTO;never")
            .unwrap_err()
            .to_string(),
        r#"invalid value "AUTO;never": expected a List<Enum> such as items separated by ';' (one of AUTO, ALL_ENFORCED each) (item 2 "never" is invalid)"#
    );
}
