//! Constraints (`min`, `max`, `one_of`), the relation (`only_when`, with the `then_above` bound
//! it needs) and the deprecation note of a field: checked here with the runtime's grammar, so a
//! bound that does not parse, `min > max`, or a default that breaks its own constraint fails the
//! build at the offending token.

use core::time::Duration;

use options_grammar::wording;
use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::{Expr, Lit, LitStr, UnOp};

use crate::ast::Field;
use crate::attr::{self, DefaultAttr};
use crate::ctxt::Ctxt;
use crate::facts::Facts;
use crate::grammar;
use crate::root::PRIVATE;
use crate::shape::ValueShape;
use crate::valid::key_problem;

/// A checked bound, typed as the option's value.
#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum Bound {
    Integer(i64),
    Float(f64),
    Duration(Duration),
    Memory(u64),
}

impl Bound {
    fn tokens(self) -> TokenStream {
        match self {
            Bound::Integer(n) => quote!(#PRIVATE::Bound::Integer(#n)),
            Bound::Float(x) => {
                let bits = x.to_bits();
                quote!(#PRIVATE::Bound::Float(::core::primitive::f64::from_bits(#bits)))
            }
            Bound::Duration(d) => {
                let (secs, nanos) = (d.as_secs(), d.subsec_nanos());
                quote!(#PRIVATE::Bound::Duration(::core::time::Duration::new(#secs, #nanos)))
            }
            Bound::Memory(b) => quote!(#PRIVATE::Bound::Memory(#b)),
        }
    }

    fn text(self) -> String {
        match self {
            Bound::Integer(n) => n.to_string(),
            Bound::Float(x) => grammar::format_f64(x),
            Bound::Duration(d) => grammar::format_duration(d),
            Bound::Memory(b) => grammar::format_memory_bytes(b),
        }
    }
}

/// What the expansion adds for a field's rules: field assignments and rustdoc lines.
#[derive(Default)]
pub struct RulesPlan {
    /// `constraint.min`, `constraint.max`, `constraint.one_of`, `only_when`, `then_above`,
    /// `deprecated` with `deprecation`.
    pub facts: Facts,
    /// Rustdoc rows: constraint, relation, deprecation.
    pub doc_rows: Vec<(&'static str, String)>,
}

/// Checks and plans the rules of `field`, reporting every problem.
pub fn plan(cx: &Ctxt, field: &Field<'_>) -> RulesPlan {
    let mut plan = RulesPlan::default();
    let attrs = &field.attrs;
    let shape = &field.shape.value;
    let min = attrs
        .min
        .as_ref()
        .and_then(|e| bound(cx, shape, attr::MIN, e));
    let max = attrs
        .max
        .as_ref()
        .and_then(|e| bound(cx, shape, attr::MAX, e));
    if let (Some(lo), Some(hi), Some(at)) = (min, max, attrs.min.as_ref()) {
        if lo > hi {
            cx.error_spanned_by(
                at,
                format!(
                    "`min` ({}) is greater than `max` ({}): no value would be accepted; swap them",
                    lo.text(),
                    hi.text()
                ),
            );
        }
    }
    let mut phrases: Vec<String> = wording::range(min.map(Bound::text), max.map(Bound::text))
        .into_iter()
        .collect();
    if let Some(lo) = min {
        plan.facts.some(quote!(constraint.min), lo.tokens());
    }
    if let Some(hi) = max {
        plan.facts.some(quote!(constraint.max), hi.tokens());
    }
    let one_of = attrs.one_of.as_deref().filter(|_| one_of_fits(cx, field));
    if let Some(values) = one_of {
        plan.facts
            .set(quote!(constraint.one_of), quote!(&[#(#values),*]));
        let list: Vec<String> = values.iter().map(LitStr::value).collect();
        phrases.push(wording::one_of(&list));
    }
    check_default(cx, field, min, max, one_of);
    if !phrases.is_empty() {
        plan.doc_rows.push(("Accepts", phrases.join("; ")));
    }
    if let Some(lit) = &attrs.only_when {
        let text = lit.value();
        match grammar::parse_relation(&text) {
            Some((key, value)) => match key_problem(key, true) {
                Some(problem) => cx.error_spanned_by(
                    lit,
                    format!("malformed key \"{key}\" in `only_when`: {problem}"),
                ),
                None => {
                    plan.facts.some(
                        quote!(only_when),
                        quote!(#PRIVATE::Relation { key: #key, value: #value }),
                    );
                    plan.doc_rows
                        .push(("Applies", wording::only_when(key, value)));
                }
            },
            None => cx.error_spanned_by(
                lit,
                format!("cannot read the condition \"{text}\": write `only_when = \"other.key = value\"` (the option has an effect only while other.key has that value)"),
            ),
        }
    }
    then_above(cx, field, &mut plan);
    if let Some(lit) = &attrs.deprecated {
        let text = lit.value();
        match grammar::parse_deprecation(&text) {
            Some((since, note)) => {
                plan.facts.flag("deprecated");
                plan.facts.some(
                    quote!(deprecation),
                    quote!(#PRIVATE::Deprecation { since: #since, note: #note }),
                );
                plan.doc_rows
                    .push(("Deprecated", wording::since_note(since, note)));
            }
            None => cx.error_spanned_by(
                lit,
                format!("cannot read the deprecation note \"{text}\": write the version it was deprecated in, a colon, and what to use instead, e.g. `deprecated = \"1.18: use table.exec.rank.topn-cache-size\"`"),
            ),
        }
    }
    plan
}

/// `then_above = ...`: the bound the value needs while the `only_when` condition holds, parsed
/// with the option's grammar like `min`. Without `only_when` it would never apply: an error.
fn then_above(cx: &Ctxt, field: &Field<'_>, plan: &mut RulesPlan) {
    let attrs = &field.attrs;
    let Some(expr) = &attrs.then_above else {
        return;
    };
    let Some(bound) = bound(cx, &field.shape.value, attr::THEN_ABOVE, expr) else {
        return;
    };
    let Some(requirement) = attrs.only_when.as_ref().and_then(|lit| {
        grammar::parse_relation(&lit.value()).map(|(k, v)| wording::then_above(bound.text(), k, v))
    }) else {
        if attrs.only_when.is_none() {
            cx.error_spanned_by(
                expr,
                "`then_above` is the bound the value needs while its `only_when` condition holds; add `only_when = \"other.key = value\"` (or use `min` for a bound that always applies)",
            );
        }
        return;
    };
    plan.facts.some(quote!(then_above), bound.tokens());
    plan.doc_rows.push(("Needs", requirement));
}

/// Parses `min`/`max` with the option's grammar; reports a bound on a type that has none.
fn bound(cx: &Ctxt, shape: &ValueShape<'_>, name: &str, expr: &Expr) -> Option<Bound> {
    let text = match literal_text(expr) {
        Some(text) => text,
        None => {
            cx.error_spanned_by(
                expr,
                format!("`{name}` takes a literal in the option's grammar: `{name} = 1` or `{name} = \"1 ms\"`"),
            );
            return None;
        }
    };
    let parsed = match shape {
        ValueShape::I32 => grammar::parse_i32(&text).map(|v| Bound::Integer(v.into())),
        ValueShape::I64 => grammar::parse_i64(&text).map(Bound::Integer),
        ValueShape::U64 | ValueShape::Usize => unsigned_bound(&text),
        ValueShape::F32 => grammar::parse_f32(&text).map(|v| Bound::Float(v.into())),
        ValueShape::F64 => grammar::parse_f64(&text).map(Bound::Float),
        ValueShape::Duration => grammar::parse_duration(&text).map(Bound::Duration),
        ValueShape::MemorySize => grammar::parse_memory_bytes(&text).map(Bound::Memory),
        other => {
            cx.error_spanned_by(
                expr,
                format!(
                    "`{name}` applies to numbers, durations and memory sizes, not to {} {}{}",
                    crate::default::article(&other.docs_name()),
                    other.docs_name(),
                    if matches!(other, ValueShape::String) {
                        "; for a closed set of strings use `one_of = [\"a\", \"b\"]`"
                    } else {
                        ""
                    }
                ),
            );
            return None;
        }
    };
    match parsed {
        Ok(b) => Some(b),
        Err(e) => {
            let type_name = shape.docs_name();
            cx.error_spanned_by(
                expr,
                format!(
                    "invalid `{name}` \"{text}\" for {} {type_name}: {}; write e.g. {}",
                    crate::default::article(&type_name),
                    if e.detail.is_empty() {
                        "it does not parse"
                    } else {
                        &e.detail
                    },
                    shape.example()
                ),
            );
            None
        }
    }
}

/// Whether `one_of` is on a String option (reports it otherwise, and an empty list).
fn one_of_fits(cx: &Ctxt, field: &Field<'_>) -> bool {
    let Some(values) = &field.attrs.one_of else {
        return false;
    };
    let shape = &field.shape.value;
    if !matches!(shape, ValueShape::String) {
        let at = values
            .first()
            .map(ToTokens::to_token_stream)
            .unwrap_or_else(|| field.ty.to_token_stream());
        let hint = match shape {
            ValueShape::Other(_) => "; an enum already accepts only its variants",
            _ => "",
        };
        cx.error_spanned_by(
            at,
            format!(
                "`one_of` applies to String options, not to {} {}{hint}",
                crate::default::article(&shape.docs_name()),
                shape.docs_name()
            ),
        );
        return false;
    }
    if values.is_empty() {
        cx.error_spanned_by(
            field.ty,
            "`one_of` is empty: no value would be accepted; list the accepted strings",
        );
        return false;
    }
    true
}

/// A default outside its own constraint is a compile error, spanned at the default.
fn check_default(
    cx: &Ctxt,
    field: &Field<'_>,
    min: Option<Bound>,
    max: Option<Bound>,
    one_of: Option<&[LitStr]>,
) {
    let Some(default) = &field.attrs.default else {
        return;
    };
    let (text, at) = match default {
        DefaultAttr::Str(lit) => (lit.value(), lit.to_token_stream()),
        DefaultAttr::Expr(expr) => match literal_text(expr) {
            Some(text) => (text, expr.to_token_stream()),
            // A Rust expression: its value is unknown at expansion (`default_doc` documents it).
            None => return,
        },
    };
    let value = bound_of(&field.shape.value, &text);
    if let (Some(v), Some(lo)) = (value, min) {
        if v < lo {
            cx.error_spanned_by(
                &at,
                format!(
                    "the default {text} breaks the option's own constraint: it {}",
                    wording::must_be_at_least(lo.text())
                ),
            );
        }
    }
    if let (Some(v), Some(hi)) = (value, max) {
        if v > hi {
            cx.error_spanned_by(
                &at,
                format!(
                    "the default {text} breaks the option's own constraint: it {}",
                    wording::must_be_at_most(hi.text())
                ),
            );
        }
    }
    if let Some(values) = one_of {
        if !values.iter().any(|v| v.value().eq_ignore_ascii_case(&text)) {
            let list: Vec<String> = values.iter().map(LitStr::value).collect();
            cx.error_spanned_by(
                &at,
                format!(
                    "the default \"{text}\" breaks the option's own constraint: it {}",
                    wording::must_be_one_of(&list)
                ),
            );
        }
    }
}

/// A value of `shape` as a comparable bound, when it parses (a default that does not is reported
/// by the default's own check).
fn bound_of(shape: &ValueShape<'_>, text: &str) -> Option<Bound> {
    match shape {
        ValueShape::I32 => grammar::parse_i32(text)
            .ok()
            .map(|v| Bound::Integer(v.into())),
        ValueShape::I64 => grammar::parse_i64(text).ok().map(Bound::Integer),
        ValueShape::U64 | ValueShape::Usize => unsigned_bound(text).ok(),
        ValueShape::F32 => grammar::parse_f32(text)
            .ok()
            .map(|v| Bound::Float(v.into())),
        ValueShape::F64 => grammar::parse_f64(text).ok().map(Bound::Float),
        ValueShape::Duration => grammar::parse_duration(text).ok().map(Bound::Duration),
        ValueShape::MemorySize => grammar::parse_memory_bytes(text).ok().map(Bound::Memory),
        _ => None,
    }
}

/// A bound of an unsigned option: `u64`'s grammar, kept as the runtime's signed `Bound::Integer`
/// (a bound above `i64::MAX` is refused: no configuration needs one).
fn unsigned_bound(text: &str) -> Result<Bound, grammar::GrammarError> {
    let v = grammar::parse_u64(text)?;
    i64::try_from(v)
        .map(Bound::Integer)
        .map_err(|_| grammar::GrammarError {
            detail: format!("a bound may be at most {}", i64::MAX),
        })
}

/// The config text of a string, number (possibly negated) or boolean literal.
fn literal_text(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Lit(l) => match &l.lit {
            Lit::Str(s) => Some(s.value()),
            Lit::Int(i) => Some(i.base10_digits().to_owned()),
            Lit::Float(f) => Some(f.base10_digits().to_owned()),
            Lit::Bool(b) => Some(b.value.to_string()),
            _ => None,
        },
        Expr::Unary(u) if matches!(u.op, UnOp::Neg(_)) => {
            literal_text(&u.expr).map(|digits| format!("-{digits}"))
        }
        Expr::Group(g) => literal_text(&g.expr),
        Expr::Paren(p) => literal_text(&p.expr),
        _ => None,
    }
}
