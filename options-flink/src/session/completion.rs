//! Completion hints for a statement being typed: keywords at the start, option keys inside
//! `SET '` / `RESET '` / `SHOW OPTIONS LIKE '`, values of enum and boolean options after `=`,
//! catalog and database names after `USE CATALOG` / `USE`.

use options_core::ValueKind;

use super::environment::TableEnvironment;
use super::keys::settable_keys_unsorted;
use super::like::like;
use super::suggest::{match_kind, ranked, MatchKind};
use options_core::sql::floor_char_boundary;
use options_core::sql::{lex, Token, TokenKind};

/// Candidates for the text just before a cursor, and where that text starts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Completion {
    /// Byte offset of the text the candidates replace (it ends at the cursor).
    pub start: usize,
    /// The candidates, best first.
    pub candidates: Vec<String>,
    /// The candidates are the inside of a quoted string: an editor adds the closing `'` unless
    /// one follows the cursor already.
    pub in_quotes: bool,
}

const STATEMENT_KEYWORDS: [&str; 5] = ["SET", "RESET", "USE", "USE CATALOG", "SHOW OPTIONS"];

impl TableEnvironment {
    /// Completion hints for `statement` with the cursor at byte offset `cursor`, best first
    /// (case-insensitive): see [`complete`](Self::complete).
    pub fn completion_hints(&self, statement: &str, cursor: usize) -> Vec<String> {
        self.complete(statement, cursor).candidates
    }

    /// Completion for `statement` with the cursor at byte offset `cursor`: what to offer and
    /// which text it replaces. Only the statement the cursor is in counts (text after the last `;`
    /// before the cursor).
    pub fn complete(&self, statement: &str, cursor: usize) -> Completion {
        let before = &statement[..floor_char_boundary(statement, cursor)];
        let lexed = lex(before);
        let mut tokens: Vec<Token> = lexed.tokens;
        if let Some(i) = tokens.iter().rposition(|t| t.kind == TokenKind::Semicolon) {
            tokens.drain(..=i);
        }
        if let Some(error) = lexed.error {
            let open = error.span.start;
            if before[open..].starts_with('\'') {
                let typed = before[open + 1..].replace("''", "'");
                return Completion {
                    start: open + 1,
                    candidates: self.inside_quotes(&tokens, &typed),
                    in_quotes: true,
                };
            }
            return Completion::default();
        }
        // The word the cursor is in, if any.
        let (start, typed) = match tokens.last() {
            Some(t) if t.span.end == before.len() && t.word().is_some() => {
                let t = tokens.pop().expect("just seen");
                (t.span.start, t.word().unwrap_or_default().to_owned())
            }
            _ => (before.len(), String::new()),
        };
        Completion {
            start,
            candidates: self.after_words(&tokens, &typed),
            in_quotes: false,
        }
    }

    /// Candidates inside an open quote.
    fn inside_quotes(&self, tokens: &[Token], typed: &str) -> Vec<String> {
        match tokens {
            [kw] if kw.is_keyword("SET") || kw.is_keyword("RESET") => self.key_candidates(typed),
            [show, options, like]
                if show.is_keyword("SHOW")
                    && options.is_keyword("OPTIONS")
                    && like.is_keyword("LIKE") =>
            {
                self.pattern_candidates(typed)
            }
            [kw, key, eq] if kw.is_keyword("SET") && eq.kind == TokenKind::Equals => {
                let TokenKind::Quoted(key) = &key.kind else {
                    return Vec::new();
                };
                self.value_candidates(key, typed)
            }
            _ => Vec::new(),
        }
    }

    /// Candidates for a word after complete tokens.
    fn after_words(&self, tokens: &[Token], typed: &str) -> Vec<String> {
        match tokens {
            [] => STATEMENT_KEYWORDS
                .iter()
                .filter(|k| match_kind(typed, k) == Some(MatchKind::Prefix))
                .map(|k| (*k).to_owned())
                .collect(),
            [kw] if (kw.is_keyword("SET") || kw.is_keyword("RESET")) && typed.is_empty() => {
                // The prepared, sorted list: a Tab press here sorts nothing. Each key is quoted
                // into a string of its final size: through `format!` the quoting cost a growth
                // of the string and the formatting machinery, per key of a thousand.
                self.settable_keys()
                    .iter()
                    .map(|k| {
                        let mut quoted = String::with_capacity(k.len() + 2);
                        quoted.push('\'');
                        quoted.push_str(k);
                        quoted.push('\'');
                        quoted
                    })
                    .collect()
            }
            [kw] if kw.is_keyword("USE") => {
                let mut out: Vec<String> = Vec::new();
                if !typed.is_empty() && match_kind(typed, "CATALOG") == Some(MatchKind::Prefix) {
                    out.push("CATALOG".to_owned());
                }
                out.extend(self.database_candidates(typed));
                out
            }
            [kw] if kw.is_keyword("SHOW") => keyword_if_prefix(typed, "OPTIONS"),
            [show, options] if show.is_keyword("SHOW") && options.is_keyword("OPTIONS") => {
                keyword_if_prefix(typed, "LIKE")
            }
            [kw, catalog] if kw.is_keyword("USE") && catalog.is_keyword("CATALOG") => {
                ranked(typed, self.catalogs().catalog_names())
            }
            _ => Vec::new(),
        }
    }

    /// `db` of the current catalog, or `cat.db` once a `.` is typed.
    fn database_candidates(&self, typed: &str) -> Vec<String> {
        match typed.split_once('.') {
            None => ranked(
                typed,
                self.catalogs()
                    .database_names(self.current_catalog())
                    .iter()
                    .map(String::as_str),
            ),
            Some((catalog, db)) => ranked(
                db,
                self.catalogs()
                    .database_names(catalog)
                    .iter()
                    .map(String::as_str),
            )
            .into_iter()
            .map(|d| format!("{catalog}.{d}"))
            .collect(),
        }
    }

    /// Keys matching `typed` (see [`ranked`]); when none contains it, the catalogue's
    /// "did you mean" keys come first (typos such as `table.exec.mini-bacth`).
    fn key_candidates(&self, typed: &str) -> Vec<String> {
        // One search through the prepared keys; `ranked` key by key only for text it cannot
        // answer (not ASCII) and for in-order-letter matches when nothing contains the text.
        let mut found = match self.key_search().matches(typed) {
            Some(keys) if !keys.is_empty() => keys.into_iter().map(str::to_owned).collect(),
            _ => ranked(typed, settable_keys_unsorted(self.catalogue())),
        };
        let fuzzy_only = found
            .iter()
            .all(|k| match_kind(typed, k) == Some(MatchKind::Subsequence));
        if fuzzy_only {
            let mut typos: Vec<String> = self
                .catalogue()
                .suggest(typed)
                .into_iter()
                .map(str::to_owned)
                .collect();
            found.retain(|k| !typos.contains(k));
            typos.append(&mut found);
            found = typos;
        }
        found
    }

    /// Keys for `SHOW OPTIONS LIKE '...`: as after `SET '` while the pattern is plain text; once
    /// it holds `%` or `_`, the keys it matches so far (the pattern followed by anything).
    fn pattern_candidates(&self, typed: &str) -> Vec<String> {
        if !typed.contains(['%', '_']) {
            return self.key_candidates(typed);
        }
        let pattern = format!("{typed}%");
        let mut keys: Vec<String> = self
            .catalogue()
            .options()
            .filter(|(_, m)| !m.hidden && like(&pattern, m.key_str()))
            .map(|(_, m)| m.key_str().to_owned())
            .collect();
        keys.sort_unstable();
        keys.dedup();
        keys
    }

    /// Values an option accepts, when they can be listed (enums, booleans, catalog and database
    /// names).
    fn value_candidates(&self, key: &str, typed: &str) -> Vec<String> {
        match key {
            super::keys::CURRENT_CATALOG => return ranked(typed, self.catalogs().catalog_names()),
            super::keys::CURRENT_DATABASE => return self.database_candidates(typed),
            _ => {}
        }
        let Some(resolved) = self.catalogue().resolve(key) else {
            return Vec::new();
        };
        let ty = resolved.meta.value_type;
        if ty.list {
            return Vec::new();
        }
        match ty.kind {
            ValueKind::Boolean => ranked(typed, ["true", "false"]),
            ValueKind::Enum => ranked(typed, ty.enum_values.iter().copied()),
            _ => Vec::new(),
        }
    }
}

/// `keyword` when `typed` is empty or starts it (any case).
fn keyword_if_prefix(typed: &str, keyword: &str) -> Vec<String> {
    if typed.is_empty() || match_kind(typed, keyword) == Some(MatchKind::Prefix) {
        vec![keyword.to_owned()]
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use crate::session::{EnvironmentSettings, TableEnvironment};

    #[test]
    fn completion_after_set_with_nothing_typed_offers_the_environment_s_prepared_key_list() {
        let env = TableEnvironment::create(EnvironmentSettings::new());
        assert!(!env.keys_prepared());
        let offered = env.complete("SET ", 4).candidates;
        // The first Tab prepares the sorted list; every later one reads it.
        assert!(env.keys_prepared());
        let expected: Vec<String> = env
            .settable_keys()
            .iter()
            .map(|k| format!("'{k}'"))
            .collect();
        assert_eq!(offered, expected);
        assert_eq!(env.complete("RESET ", 6).candidates, expected);
    }
}
