//! What the macro knows about a field's type, recognised by the last segment of its path (the
//! macro sees syntax only, so `std::time::Duration` and an imported `Duration` look the same).

use syn::{GenericArgument, PathArguments, Type};

/// The value type of an option, as far as the macro needs to know it.
#[derive(Clone)]
pub enum ValueShape<'a> {
    Bool,
    I32,
    I64,
    /// `u64`.
    U64,
    /// `usize`.
    Usize,
    F32,
    F64,
    String,
    Duration,
    MemorySize,
    /// `BTreeMap<String, String>`.
    Map,
    /// `Vec<item>`.
    List(Box<ValueShape<'a>>),
    /// `Secret<inner>`: a sensitive value, masked by its `Debug`.
    Secret(Box<ValueShape<'a>>),
    /// Any other type: an enum deriving `ConfigEnum` when its default is a string literal, or a
    /// user type implementing `OptionValue` with an expression default.
    Other(&'a Type),
}

/// A field's type: a value, or `Option<value>` for an option without a default.
#[derive(Clone)]
pub struct FieldShape<'a> {
    pub value: ValueShape<'a>,
    pub optional: bool,
}

impl<'a> FieldShape<'a> {
    pub fn of(ty: &'a Type) -> Self {
        match generic_arg("Option", ty) {
            Some(inner) => FieldShape {
                value: ValueShape::of(inner),
                optional: true,
            },
            None => FieldShape {
                value: ValueShape::of(ty),
                optional: false,
            },
        }
    }
}

impl<'a> ValueShape<'a> {
    pub fn of(ty: &'a Type) -> Self {
        if let Some(item) = generic_arg("Vec", ty) {
            return ValueShape::List(Box::new(ValueShape::of(item)));
        }
        if let Some(inner) = generic_arg("Secret", ty) {
            return ValueShape::Secret(Box::new(ValueShape::of(inner)));
        }
        match last_ident(ty).as_deref() {
            Some("bool") => ValueShape::Bool,
            Some("i32") => ValueShape::I32,
            Some("i64") => ValueShape::I64,
            Some("u64") => ValueShape::U64,
            Some("usize") => ValueShape::Usize,
            Some("f32") => ValueShape::F32,
            Some("f64") => ValueShape::F64,
            Some("String") => ValueShape::String,
            Some("Duration") => ValueShape::Duration,
            Some("MemorySize") => ValueShape::MemorySize,
            Some("BTreeMap") => ValueShape::Map,
            _ => ValueShape::Other(ty),
        }
    }

    /// The docs name of the type, as `TypeInfo::name` spells it (`Duration`, `List<String>`);
    /// other types are named `Enum`.
    pub fn docs_name(&self) -> String {
        match self {
            ValueShape::Bool => "Boolean".into(),
            ValueShape::I32 => "Integer".into(),
            ValueShape::I64 => "Long".into(),
            ValueShape::U64 | ValueShape::Usize => "Unsigned".into(),
            ValueShape::F32 => "Float".into(),
            ValueShape::F64 => "Double".into(),
            ValueShape::String => "String".into(),
            ValueShape::Duration => "Duration".into(),
            ValueShape::MemorySize => "MemorySize".into(),
            ValueShape::Map => "Map".into(),
            ValueShape::List(item) => format!("List<{}>", item.docs_name()),
            ValueShape::Secret(inner) => inner.docs_name(),
            ValueShape::Other(_) => "Enum".into(),
        }
    }

    /// The Rust type of an enum (or list item enum), named next to `Enum` in the docs.
    pub fn enum_type(&self) -> Option<&'a Type> {
        match self {
            ValueShape::Other(ty) => Some(ty),
            ValueShape::List(item) | ValueShape::Secret(item) => item.enum_type(),
            _ => None,
        }
    }

    /// Whether values of this type are text, the only kind `sensitive` makes sense for.
    pub fn is_textual(&self) -> bool {
        match self {
            ValueShape::String | ValueShape::Map => true,
            ValueShape::List(item) | ValueShape::Secret(item) => item.is_textual(),
            _ => false,
        }
    }

    /// Whether the type is `Secret<...>`, whose `Debug` masks the value.
    pub fn is_secret(&self) -> bool {
        matches!(self, ValueShape::Secret(_))
    }

    /// An example default in the config grammar, for error messages.
    pub fn example(&self) -> String {
        match self {
            ValueShape::I32 | ValueShape::I64 | ValueShape::U64 | ValueShape::Usize => {
                "\"42\" or 42".into()
            }
            ValueShape::F32 | ValueShape::F64 => "\"0.5\" or 0.5".into(),
            ValueShape::List(item) => {
                let (a, b) = item.samples();
                format!("\"{a};{b}\"")
            }
            ValueShape::Secret(inner) => inner.example(),
            ValueShape::Other(_) => "the variant's config name, such as \"AUTO\"".into(),
            scalar => format!("\"{}\"", scalar.samples().0),
        }
    }

    /// Two sample values in the config grammar.
    fn samples(&self) -> (&'static str, &'static str) {
        match self {
            ValueShape::Bool => ("true", "false"),
            ValueShape::I32 | ValueShape::I64 | ValueShape::U64 | ValueShape::Usize => ("1", "2"),
            ValueShape::F32 | ValueShape::F64 => ("0.5", "1.5"),
            ValueShape::String => ("text", "more text"),
            ValueShape::Duration => ("3 min", "500 ms"),
            ValueShape::MemorySize => ("64 mb", "1 gb"),
            ValueShape::Map => ("k1:v1,k2:v2", "k3:v3"),
            ValueShape::List(_) => ("a;b", "c"),
            ValueShape::Secret(inner) => inner.samples(),
            ValueShape::Other(_) => ("AUTO", "NONE"),
        }
    }
}

/// The Rust type without spaces, e.g. `Compression` or `crate::Mode`.
pub fn type_text(ty: &Type) -> String {
    quote::quote!(#ty).to_string().replace(' ', "")
}

/// Tokens as the user would write them: `std::time::Duration::from_secs(5)`, not
/// `std :: time :: Duration :: from_secs (5)`.
pub fn tidy(tokens: &proc_macro2::TokenStream) -> String {
    let mut text = tokens.to_string();
    for (from, to) in [
        (" :: ", "::"),
        (":: ", "::"),
        (" (", "("),
        ("( ", "("),
        (" )", ")"),
        (" ,", ","),
        (" .", "."),
        (". ", "."),
    ] {
        text = text.replace(from, to);
    }
    text
}

fn last_ident(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(p) if p.qself.is_none() => p.path.segments.last().map(|s| s.ident.to_string()),
        Type::Group(g) => last_ident(&g.elem),
        Type::Paren(p) => last_ident(&p.elem),
        _ => None,
    }
}

/// `T` of `wrapper<T>` when `ty`'s last path segment is `wrapper` with one type argument.
pub fn generic_arg<'a>(wrapper: &str, ty: &'a Type) -> Option<&'a Type> {
    let Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    if last.ident != wrapper {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.first()? {
        GenericArgument::Type(t) if args.args.len() == 1 => Some(t),
        _ => None,
    }
}
