//! Defaults: a string in the option's config grammar is parsed here, at compile time, with the
//! runtime's own grammar (see the crate docs for why), and turned into a `const` value plus the
//! canonical string the docs show.

use proc_macro2::{Literal, Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::{Expr, Lit, LitStr, Type, UnOp};

use crate::ast::Field;
use crate::attr::DefaultAttr;
use crate::ctxt::Ctxt;
use crate::grammar;
use crate::root::PRIVATE;
use crate::shape::{tidy, type_text, ValueShape};

/// What the expansion needs to know about a field's default.
pub struct DefaultPlan {
    /// An expression of type `DefaultValue<T>`.
    pub value: TokenStream,
    /// An expression of type `DefaultDoc`, spelled through the alias the metadata
    /// table declares (`__OptionsDefaultDoc`).
    pub doc: TokenStream,
    /// The default as the rustdoc table shows it.
    pub doc_text: String,
    /// Compile-time checks (`const _: () = ...;` items) of enum names.
    pub checks: TokenStream,
    /// `value` wraps the declared Rust expression in a closure (which clippy may call
    /// redundant: `|| String::new()`).
    pub closure: bool,
}

/// A default as planned before the `default_doc` override is applied.
struct Planned {
    value: Form,
    /// The canonical config string; `None` for no default.
    text: Option<String>,
    /// `value` is a closure around the declared expression.
    closure: bool,
}

/// How the default value is built, before it becomes a `DefaultValue` expression.
enum Form {
    /// `DefaultValue::Text(..)`: config text parsed on each read (an `Option<T>` parses it as
    /// `Some`).
    Text(TokenStream),
    /// `DefaultValue::Value(..)`: a `const` expression of the value type.
    Value(TokenStream),
    /// `DefaultValue::Value(..)` around the declared expression, spanned at the user's tokens.
    Expr(TokenStream, Span),
    /// `DefaultValue::Lazy(|| ..)`: the declared expression, spanned at the user's tokens.
    Lazy(TokenStream, Span),
}

impl Form {
    /// The `DefaultValue` expression; `some` wraps the value in `Some` (an `Option<T>` field
    /// with a default).
    fn tokens(&self, some: bool) -> TokenStream {
        let wrap = |v: &TokenStream| {
            if some {
                quote!(::core::option::Option::Some(#v))
            } else {
                v.clone()
            }
        };
        match self {
            Form::Text(text) => quote!(#PRIVATE::DefaultText::__checked_by_derive(#text)),
            Form::Value(v) => {
                let v = wrap(v);
                quote!(#PRIVATE::DefaultValue::Value(#v))
            }
            Form::Expr(v, span) => {
                let v = wrap(v);
                let private = PRIVATE.at(*span);
                quote_spanned!(*span=> #private::DefaultValue::Value(#v))
            }
            Form::Lazy(v, span) => {
                let v = wrap(v);
                let private = PRIVATE.at(*span);
                quote_spanned!(*span=> #private::DefaultValue::Lazy(|| #v))
            }
        }
    }
}

/// Plans the default of `field`, reporting a default that does not fit its type. `None` when
/// there is nothing to emit (the problem was reported).
pub fn plan(cx: &Ctxt, field: &Field<'_>) -> Option<DefaultPlan> {
    let override_doc = field.attrs.default_doc.as_ref().map(LitStr::value);
    let mut checks = TokenStream::new();
    // An `Option<T>` field without `default` has none (unset reads `None`); with one, unset
    // reads `Some(default)`.
    let planned = match field.attrs.default.as_ref() {
        None if field.shape.optional => Planned {
            value: Form::Value(quote!(::core::option::Option::None)),
            text: None,
            closure: false,
        },
        None => return None,
        Some(default) => {
            let shape = &field.shape.value;
            match default {
                DefaultAttr::Str(lit) => from_string(cx, shape, lit, &mut checks)?,
                DefaultAttr::Expr(expr) => from_expr(cx, field, shape, expr)?,
            }
        }
    };
    let some = field.shape.optional && field.attrs.default.is_some();
    let doc = match (&override_doc, &planned.text) {
        (Some(text), _) => quote!(__OptionsDefaultDoc::Override(#text)),
        (None, Some(text)) => quote!(__OptionsDefaultDoc::Value(#text)),
        (None, None) => quote!(__OptionsDefaultDoc::None),
    };
    Some(DefaultPlan {
        value: planned.value.tokens(some),
        doc,
        doc_text: override_doc
            .or(planned.text)
            .unwrap_or_else(|| "(none)".into()),
        checks,
        closure: planned.closure,
    })
}

/// One value parsed from the config grammar.
enum Scalar<'a> {
    /// A `const` expression and its canonical config string.
    Known {
        expr: TokenStream,
        canonical: String,
    },
    /// An enum variant named in the default, looked up in the enum's names at compile time.
    Enum { ty: &'a Type, name: String },
}

impl Scalar<'_> {
    fn expr(&self) -> TokenStream {
        match self {
            Scalar::Known { expr, .. } => expr.clone(),
            Scalar::Enum { ty, name } => {
                let index = enum_index(ty, name);
                quote!(<#ty as #PRIVATE::ConfigEnum>::VARIANTS[#index])
            }
        }
    }

    fn canonical(&self) -> String {
        match self {
            Scalar::Known { canonical, .. } => canonical.clone(),
            Scalar::Enum { name, .. } => name.clone(),
        }
    }

    /// A compile error at `span` when an enum default names no variant.
    fn check(&self, span: Span) -> TokenStream {
        let Scalar::Enum { ty, name } = self else {
            return TokenStream::new();
        };
        let message = format!(
            "invalid default \"{name}\": `{}` has no variant with exactly this config name (a default spells it as the enum declares it: the variant name in SCREAMING_SNAKE_CASE, or its #[config(name = \"...\")])",
            type_text(ty)
        );
        let private = PRIVATE.at(span);
        quote_spanned! {span=>
            const _: () = if #private::enum_index_exact(
                <#ty as #private::ConfigEnum>::NAMES, #name,
            ).is_none() {
                ::core::panic!(#message)
            };
        }
    }
}

/// The position of `name` in the enum's names (0 when absent, which the check reports).
/// Compared exactly, so the default as written is the canonical name the docs show.
fn enum_index(ty: &Type, name: &str) -> TokenStream {
    quote! {
        match #PRIVATE::enum_index_exact(<#ty as #PRIVATE::ConfigEnum>::NAMES, #name) {
            ::core::option::Option::Some(i) => i,
            ::core::option::Option::None => 0,
        }
    }
}

/// `default = "..."`: parsed with the runtime grammar.
fn from_string(
    cx: &Ctxt,
    shape: &ValueShape<'_>,
    lit: &LitStr,
    checks: &mut TokenStream,
) -> Option<Planned> {
    let text = lit.value();
    let fail = |detail: &str| -> Option<Planned> {
        let name = shape.docs_name();
        cx.error_spanned_by(
            lit,
            format!(
                "invalid default \"{text}\" for {} {name}{}; write e.g. {}",
                article(&name),
                if detail.is_empty() {
                    String::new()
                } else {
                    format!(": {detail}")
                },
                shape.example()
            ),
        );
        None
    };
    match shape {
        // Strings, maps, lists and secrets: the default's canonical text, parsed on each read by
        // the type's own parser (`DefaultValue::Text`, built checked) rather than built by a closure per option,
        // which cost two functions per option to compile. The text parses: it was just parsed
        // with the same grammar.
        ValueShape::Secret(inner) => {
            let Planned { text, .. } = from_string(cx, inner, lit, checks)?;
            let canonical = text.clone().unwrap_or_default();
            Some(Planned {
                value: Form::Text(quote!(#canonical)),
                text,
                closure: false,
            })
        }
        ValueShape::String => Some(Planned {
            value: Form::Text(quote!(#lit)),
            text: Some(text),
            closure: false,
        }),
        ValueShape::Map => {
            let pairs = match grammar::parse_map(&text) {
                Ok(pairs) => pairs,
                Err(e) => return fail(&e.detail),
            };
            let canonical = grammar::join_map(&pairs);
            Some(Planned {
                value: Form::Text(quote!(#canonical)),
                text: Some(canonical),
                closure: false,
            })
        }
        ValueShape::List(item) => {
            let mut canonical = Vec::new();
            let parts = match grammar::split_list(&text) {
                Ok(parts) => parts,
                Err(e) => return fail(&e.detail),
            };
            for part in parts {
                match scalar(item, &part) {
                    Ok(value) => {
                        checks.extend(value.check(lit.span()));
                        canonical.push(value.canonical());
                    }
                    Err(detail) => return fail(&format!("item \"{part}\": {detail}")),
                }
            }
            let canonical = grammar::join_list(&canonical);
            Some(Planned {
                value: Form::Text(quote!(#canonical)),
                text: Some(canonical),
                closure: false,
            })
        }
        shape => {
            let value = match scalar(shape, &text) {
                Ok(value) => value,
                Err(detail) => return fail(&detail),
            };
            checks.extend(value.check(lit.span()));
            let expr = value.expr();
            Some(Planned {
                value: Form::Value(expr),
                text: Some(value.canonical()),
                closure: false,
            })
        }
    }
}

/// Parses one scalar value of `shape` from config text.
fn scalar<'a>(shape: &ValueShape<'a>, text: &str) -> Result<Scalar<'a>, String> {
    let known = |expr, canonical| Ok(Scalar::Known { expr, canonical });
    match shape {
        ValueShape::Bool => {
            let v = grammar::parse_bool(text).map_err(|e| e.detail)?;
            known(quote!(#v), v.to_string())
        }
        ValueShape::I32 => {
            let v = grammar::parse_i32(text).map_err(|e| e.detail)?;
            known(Literal::i32_suffixed(v).into_token_stream(), v.to_string())
        }
        ValueShape::I64 => {
            let v = grammar::parse_i64(text).map_err(|e| e.detail)?;
            known(Literal::i64_suffixed(v).into_token_stream(), v.to_string())
        }
        ValueShape::U64 => {
            let v = grammar::parse_u64(text).map_err(|e| e.detail)?;
            known(Literal::u64_suffixed(v).into_token_stream(), v.to_string())
        }
        ValueShape::Usize => {
            // The default must fit the target's `usize`; the compiler checks the literal.
            let v = grammar::parse_u64(text).map_err(|e| e.detail)?;
            known(
                Literal::u64_unsuffixed(v).into_token_stream(),
                v.to_string(),
            )
        }
        ValueShape::F32 => {
            let v = grammar::parse_f32(text).map_err(|e| e.detail)?;
            let bits = v.to_bits();
            known(
                quote!(::core::primitive::f32::from_bits(#bits)),
                grammar::format_f32(v),
            )
        }
        ValueShape::F64 => {
            let v = grammar::parse_f64(text).map_err(|e| e.detail)?;
            let bits = v.to_bits();
            known(
                quote!(::core::primitive::f64::from_bits(#bits)),
                grammar::format_f64(v),
            )
        }
        ValueShape::String => known(
            quote!(<#PRIVATE::String as ::core::convert::From<&str>>::from(#text)),
            text.to_owned(),
        ),
        ValueShape::Duration => {
            let d = grammar::parse_duration(text).map_err(|e| e.detail)?;
            let (secs, nanos) = (d.as_secs(), d.subsec_nanos());
            known(
                quote!(::core::time::Duration::new(#secs, #nanos)),
                grammar::format_duration(d),
            )
        }
        ValueShape::MemorySize => {
            let bytes = grammar::parse_memory_bytes(text).map_err(|e| e.detail)?;
            known(
                quote!(#PRIVATE::MemorySize::from_bytes(#bytes)),
                grammar::format_memory_bytes(bytes),
            )
        }
        ValueShape::Other(ty) => Ok(Scalar::Enum {
            ty,
            name: text.trim().to_owned(),
        }),
        ValueShape::List(_) | ValueShape::Map => {
            Err("lists of lists or maps are not supported option types".into())
        }
        ValueShape::Secret(_) => Err(
            "a list of secrets is not supported: make the whole list secret, `Secret<Vec<String>>`"
                .into(),
        ),
    }
}

/// `default = <Rust expression>`: literals of numbers and booleans are checked and documented;
/// any other expression needs `default_doc`, because its config string is unknown at expansion.
fn from_expr(cx: &Ctxt, field: &Field<'_>, shape: &ValueShape<'_>, expr: &Expr) -> Option<Planned> {
    if let Some((digits, lit)) = number_or_bool(expr) {
        let numeric = matches!(
            shape,
            ValueShape::I32
                | ValueShape::I64
                | ValueShape::U64
                | ValueShape::Usize
                | ValueShape::F32
                | ValueShape::F64
        );
        let fits = match lit {
            Lit::Bool(_) => matches!(shape, ValueShape::Bool),
            Lit::Int(_) => numeric,
            Lit::Float(_) => matches!(shape, ValueShape::F32 | ValueShape::F64),
            _ => false,
        };
        if !fits {
            let name = shape.docs_name();
            cx.error_spanned_by(
                expr,
                format!(
                    "invalid default `{}` for {} {name}: write the default in the option's config grammar, e.g. `default = {}`",
                    tidy(&expr.to_token_stream()),
                    article(&name),
                    shape.example()
                ),
            );
            return None;
        }
        return match scalar(shape, &digits) {
            Ok(value) => Some(Planned {
                value: Form::Value(value.expr()),
                text: Some(value.canonical()),
                closure: false,
            }),
            Err(detail) => {
                let name = shape.docs_name();
                cx.error_spanned_by(
                    expr,
                    format!(
                        "invalid default {digits} for {} {name}: {detail}",
                        article(&name)
                    ),
                );
                None
            }
        };
    }
    if field.attrs.default_doc.is_none() {
        cx.error_spanned_by(
            expr,
            format!(
                "cannot document the default `{}`: write it in the option's config grammar (e.g. `default = {}`), which is also checked at compile time, or add `default_doc = \"...\"` with the text the docs should show",
                tidy(&expr.to_token_stream()),
                shape.example()
            ),
        );
        return None;
    }
    let closure = matches!(
        shape,
        ValueShape::String | ValueShape::List(_) | ValueShape::Map | ValueShape::Secret(_)
    );
    let value = if closure {
        Form::Lazy(expr.to_token_stream(), expr_span(expr))
    } else {
        Form::Expr(expr.to_token_stream(), expr_span(expr))
    };
    Some(Planned {
        value,
        text: None,
        closure,
    })
}

fn expr_span(expr: &Expr) -> Span {
    syn::spanned::Spanned::span(expr)
}

/// A literal number (possibly negated) or boolean: its text for the grammar, and the literal.
fn number_or_bool(expr: &Expr) -> Option<(String, &Lit)> {
    match expr {
        Expr::Lit(l) => match &l.lit {
            Lit::Int(i) => Some((i.base10_digits().to_owned(), &l.lit)),
            Lit::Float(f) => Some((f.base10_digits().to_owned(), &l.lit)),
            Lit::Bool(b) => Some((b.value.to_string(), &l.lit)),
            _ => None,
        },
        Expr::Unary(u) if matches!(u.op, UnOp::Neg(_)) => {
            let (digits, lit) = number_or_bool(&u.expr)?;
            (!matches!(lit, Lit::Bool(_))).then(|| (format!("-{digits}"), lit))
        }
        Expr::Group(g) => number_or_bool(&g.expr),
        Expr::Paren(p) => number_or_bool(&p.expr),
        _ => None,
    }
}

/// "a" or "an" before a type name.
pub fn article(word: &str) -> &'static str {
    match word.as_bytes().first() {
        Some(b'A' | b'E' | b'I' | b'O' | b'U') => "an",
        _ => "a",
    }
}

/// The canonical config text of `text` read as a value of `shape`, or what is wrong with it. An
/// enum's names are the enum's business (the macro cannot see them): they are taken as written.
pub fn canonical(shape: &ValueShape<'_>, text: &str) -> Result<String, String> {
    match shape {
        ValueShape::String => Ok(text.to_owned()),
        ValueShape::Secret(inner) => canonical(inner, text),
        ValueShape::Map => grammar::parse_map(text)
            .map(|pairs| grammar::join_map(&pairs))
            .map_err(|e| e.detail),
        ValueShape::List(item) => {
            let parts = grammar::split_list(text).map_err(|e| e.detail)?;
            let items = parts
                .iter()
                .map(|part| {
                    scalar(item, part)
                        .map(|v| v.canonical())
                        .map_err(|detail| format!("item \"{part}\": {detail}"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(grammar::join_list(&items))
        }
        shape => scalar(shape, text).map(|v| v.canonical()),
    }
}

/// The config text of a literal given as a setting's value (`30000`, `true`, `-1`, `"5 min"`).
pub fn literal_text(default: &DefaultAttr) -> Option<String> {
    match default {
        DefaultAttr::Str(lit) => Some(lit.value()),
        DefaultAttr::Expr(expr) => number_or_bool(expr).map(|(digits, _)| digits),
    }
}
