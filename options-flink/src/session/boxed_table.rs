//! The boxed table that `SET;` and `SET 'key';` print:
//!
//! ```text
//! +-----------------------+---------------------+
//! |          Key          |        Value        |
//! +-----------------------+---------------------+
//! | table.local-time-zone | America/Los_Angeles |
//! +-----------------------+---------------------+
//! ```
//!
//! Headers are centred (an odd leftover space goes to the right), cells are left-aligned, widths
//! count characters.

use std::fmt;

/// A table of text cells with a header row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoxedTable {
    headers: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl BoxedTable {
    /// A table with these column headers and no rows.
    pub fn new<I, S>(headers: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        BoxedTable {
            headers: headers.into_iter().map(Into::into).collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row; missing cells are empty, extra cells are dropped, a line break shows as `\n`.
    pub fn push_row<I, S>(&mut self, cells: I)
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let mut row: Vec<String> = cells
            .into_iter()
            .map(|c| c.into().replace('\n', "\\n").replace('\t', " "))
            .collect();
        row.resize(self.headers.len(), String::new());
        self.rows.push(row);
    }

    /// The header cells.
    pub fn headers(&self) -> &[String] {
        &self.headers
    }

    /// The rows, in order.
    pub fn rows(&self) -> &[Vec<String>] {
        &self.rows
    }

    fn widths(&self) -> Vec<usize> {
        (0..self.headers.len())
            .map(|i| {
                std::iter::once(&self.headers[i])
                    .chain(self.rows.iter().map(|r| &r[i]))
                    .map(|c| width(c))
                    .max()
                    .unwrap_or(0)
            })
            .collect()
    }
}

fn width(cell: &str) -> usize {
    cell.chars().count()
}

impl fmt::Display for BoxedTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let widths = self.widths();
        let border: String = widths
            .iter()
            .map(|w| format!("+{}", "-".repeat(w + 2)))
            .collect::<String>()
            + "+";
        writeln!(f, "{border}")?;
        for (header, w) in self.headers.iter().zip(&widths) {
            let pad = w - width(header);
            let left = pad / 2;
            write!(
                f,
                "| {}{header}{} ",
                " ".repeat(left),
                " ".repeat(pad - left)
            )?;
        }
        writeln!(f, "|")?;
        writeln!(f, "{border}")?;
        for row in &self.rows {
            for (cell, w) in row.iter().zip(&widths) {
                write!(f, "| {cell}{} ", " ".repeat(w - width(cell)))?;
            }
            writeln!(f, "|")?;
        }
        write!(f, "{border}")
    }
}
