//! A JSON writer that appends straight to a `String` in `serde_json`'s pretty layout (two-space
//! indent, `"key": value`), for outputs too large to build as a `serde_json::Value` first: the
//! schema's key tree has an entry per option per key segment, and building, then serializing,
//! a `Value` for each made the schema the slowest output. Small parts built as a `Value` are
//! written by [`Pretty::value`] straight into the same text, in the same layout (the test below
//! holds it to `serde_json`'s).

use std::fmt::Write as _;

use serde_json::Value;

/// An object being written; see the module docs.
#[derive(Debug, Default)]
pub struct Pretty {
    /// The text so far.
    pub out: String,
    /// One entry per open object: whether it has a member yet.
    open: Vec<bool>,
}

impl Pretty {
    /// Opens an object (`{`).
    pub fn open(&mut self) {
        self.out.push('{');
        self.open.push(false);
    }

    /// Starts a member of the innermost open object: writes its key; the value comes next.
    pub fn key(&mut self, key: &str) {
        let had_member = self.open.last_mut().map(|m| std::mem::replace(m, true));
        self.out.push_str(if had_member == Some(true) {
            ",\n"
        } else {
            "\n"
        });
        self.indent(self.open.len());
        push_string(&mut self.out, key);
        self.out.push_str(": ");
    }

    /// Closes the innermost object (`}`, or `{}` when it is empty).
    pub fn close(&mut self) {
        if self.open.pop() == Some(true) {
            self.out.push('\n');
            self.indent(self.open.len());
        }
        self.out.push('}');
    }

    /// Opens an array (`[`); each element starts with [`item`](Self::item).
    pub fn open_array(&mut self) {
        self.out.push('[');
        self.open.push(false);
    }

    /// Starts an element of the innermost open array; the value comes next.
    pub fn item(&mut self) {
        let had_member = self.open.last_mut().map(|m| std::mem::replace(m, true));
        self.out.push_str(if had_member == Some(true) {
            ",\n"
        } else {
            "\n"
        });
        self.indent(self.open.len());
    }

    /// Closes the innermost array (`]`, or `[]` when it is empty).
    pub fn close_array(&mut self) {
        if self.open.pop() == Some(true) {
            self.out.push('\n');
            self.indent(self.open.len());
        }
        self.out.push(']');
    }

    /// Writes a string value.
    pub fn string(&mut self, text: &str) {
        push_string(&mut self.out, text);
    }

    /// Writes any value at the current depth, as `serde_json` lays it out (numbers are written by
    /// its own `Display`, which its serializer shares).
    pub fn value(&mut self, value: &Value) {
        match value {
            Value::Null => self.out.push_str("null"),
            Value::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            Value::Number(n) => {
                let _ = write!(self.out, "{n}");
            }
            Value::String(s) => self.string(s),
            Value::Array(items) => {
                self.open_array();
                for item in items {
                    self.item();
                    self.value(item);
                }
                self.close_array();
            }
            Value::Object(members) => {
                self.open();
                for (key, member) in members {
                    self.key(key);
                    self.value(member);
                }
                self.close();
            }
        }
    }

    fn indent(&mut self, depth: usize) {
        const SPACES: &str = "                                                                ";
        match SPACES.get(..2 * depth) {
            Some(spaces) => self.out.push_str(spaces),
            None => (0..depth).for_each(|_| self.out.push_str("  ")),
        }
    }
}

/// Appends `text` as a JSON string, escaped as `serde_json` escapes it.
pub fn push_string(out: &mut String, text: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    let mut plain = 0;
    for (i, b) in text.bytes().enumerate() {
        let short = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0..=0x1f => "",
            _ => continue,
        };
        out.push_str(&text[plain..i]);
        if short.is_empty() {
            out.push_str("\\u00");
            out.push(HEX[usize::from(b >> 4)] as char);
            out.push(HEX[usize::from(b & 0xf)] as char);
        } else {
            out.push_str(short);
        }
        plain = i + 1;
    }
    out.push_str(&text[plain..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn writes_what_serde_json_writes() {
        let nested = json!({
            "a\"\\\n\u{1}é": [1, {"b": true}, [], [[null]]],
            "c": {},
            "d": [],
            "n": [-7, 0.5, 3.0, 1e21, 1.5e-7, u64::MAX, i64::MIN, f64::MAX],
        });
        let mut p = Pretty::default();
        p.open();
        p.key("x");
        p.string("tab\there\u{8}\u{c}\r");
        p.key("y");
        p.value(&nested);
        p.key("z");
        p.open();
        p.close();
        p.close();
        let expected = json!({"x": "tab\there\u{8}\u{c}\r", "y": nested, "z": {}});
        assert_eq!(p.out, serde_json::to_string_pretty(&expected).unwrap());
    }
}
