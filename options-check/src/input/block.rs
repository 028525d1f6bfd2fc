//! Cutting an embedded configuration out of the user's file: the text of a mapping or a scalar
//! node, with the position of each of its lines in the file.

use yaml_rust2::scanner::TScalarStyle;

use super::nodes::{Node, Pos};
use super::PositionMap;

/// The text of a mapping node as a `config.yaml` of its own: a block mapping's lines with its
/// indentation removed, or a flow mapping (`{...}`) from its `{` to its `}`.
pub(super) fn mapping_text(lines: &[&str], node: &Node) -> Option<(String, PositionMap)> {
    let Node::Mapping {
        flow,
        pos,
        end,
        entries,
    } = node
    else {
        return None;
    };
    if entries.is_empty() && !flow {
        return Some((String::new(), PositionMap::default()));
    }
    let first = pos.line as usize;
    let indent = pos.column as usize - 1;
    let mut text = String::new();
    let mut map = PositionMap::default();
    if *flow {
        for n in first..=end.line as usize {
            let line = lines.get(n - 1)?;
            let from = if n == first { indent } else { 0 };
            let upto = if n == end.line as usize {
                end.column as usize
            } else {
                usize::MAX
            };
            text.extend(line.chars().skip(from).take(upto.saturating_sub(from)));
            text.push('\n');
            map.push(n as u32, from as u32);
        }
        return Some((text, map));
    }
    // A block mapping: every line from its first key while lines are indented at least as far as
    // its keys (blank and comment lines included; trailing ones left to what follows).
    let mut kept: Vec<(usize, usize)> = Vec::new();
    for (n, line) in lines.iter().enumerate().skip(first - 1) {
        let spaces = line.chars().take_while(|c| *c == ' ').count();
        let rest = line.trim_start();
        let inside = n + 1 == first || spaces >= indent;
        if !(inside || rest.is_empty() || rest.starts_with('#')) {
            break;
        }
        kept.push((n + 1, spaces.min(indent)));
    }
    while kept.last().is_some_and(|&(n, _)| {
        let t = lines[n - 1].trim_start();
        t.is_empty() || t.starts_with('#')
    }) {
        kept.pop();
    }
    for (n, strip) in kept {
        text.extend(lines[n - 1].chars().skip(strip));
        text.push('\n');
        map.push(n as u32, strip as u32);
    }
    Some((text, map))
}

/// The text of a scalar node (a `config.yaml: |` block, an environment variable), with its lines'
/// positions: exact for a literal block (`|`) and a one-line scalar; a folded or multi-line
/// flow scalar maps every line to where the scalar starts.
pub(super) fn scalar_text(lines: &[&str], node: &Node) -> Option<(String, PositionMap)> {
    let Node::Scalar { value, style, pos } = node else {
        return None;
    };
    let mut map = PositionMap::default();
    if *style == TScalarStyle::Literal {
        if let Some(map) = literal_lines(lines, value, pos) {
            return Some((value.clone(), map));
        }
    }
    let shift = match style {
        TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted => pos.column,
        _ => pos.column - 1,
    };
    for _ in 0..value.lines().count().max(1) {
        map.push(pos.line, shift);
    }
    Some((value.clone(), map))
}

/// The file lines of a literal block scalar, when they give back its value exactly. The parser
/// places the scalar at its first content line (or, for some shapes, at the indicator line
/// before it): both are tried.
fn literal_lines(lines: &[&str], value: &str, pos: &Pos) -> Option<PositionMap> {
    let at = pos.line as usize;
    [at - 1, at]
        .into_iter()
        .find_map(|start| literal_from(lines, value, start))
}

/// [`literal_lines`] with the content starting at line index `start`.
fn literal_from(lines: &[&str], value: &str, start: usize) -> Option<PositionMap> {
    let indent = lines
        .get(start..)?
        .iter()
        .find(|l| !l.trim().is_empty())
        .map(|l| l.chars().take_while(|c| *c == ' ').count())?;
    let mut map = PositionMap::default();
    let mut rebuilt = String::new();
    for (i, line) in lines.iter().enumerate().skip(start) {
        let spaces = line.chars().take_while(|c| *c == ' ').count();
        if !line.trim().is_empty() && spaces < indent {
            break;
        }
        rebuilt.extend(line.chars().skip(indent));
        rebuilt.push('\n');
        map.push(i as u32 + 1, indent as u32);
    }
    let same = rebuilt.trim_end_matches('\n') == value.trim_end_matches('\n');
    same.then_some(map)
}

#[cfg(test)]
mod tests {
    use super::super::nodes::{documents, mark_flow};
    use super::*;

    fn node_at<'a>(root: &'a Node, path: &[&str]) -> &'a Node {
        root.at(path).unwrap()
    }

    #[test]
    fn a_block_mapping_is_cut_out_with_its_indentation_removed() {
        let text = "spec:\n  flinkConfiguration:\n    # slots\n    taskmanager.numberOfTaskSlots: \"2\"\n    state:\n      backend.type: rocksdb\n\n  # the job\n  job: {}\n";
        let lines: Vec<&str> = text.lines().collect();
        let mut docs = documents(text).unwrap();
        mark_flow(docs[0].root.as_mut().unwrap(), &lines);
        let root = docs[0].root.as_ref().unwrap();
        let (cut, map) =
            mapping_text(&lines, node_at(root, &["spec", "flinkConfiguration"])).unwrap();
        assert_eq!(
            cut,
            "taskmanager.numberOfTaskSlots: \"2\"\nstate:\n  backend.type: rocksdb\n"
        );
        assert_eq!(map.to_file(3, 3), (6, 7));
    }

    #[test]
    fn a_flow_mapping_is_cut_from_brace_to_brace() {
        let text = "spec:\n  flinkConfiguration: {a.b: \"1\",\n    c.d: x}\n  job: 1\n";
        let lines: Vec<&str> = text.lines().collect();
        let mut docs = documents(text).unwrap();
        mark_flow(docs[0].root.as_mut().unwrap(), &lines);
        let root = docs[0].root.as_ref().unwrap();
        let (cut, map) =
            mapping_text(&lines, node_at(root, &["spec", "flinkConfiguration"])).unwrap();
        assert_eq!(cut, "{a.b: \"1\",\n    c.d: x}\n");
        assert_eq!(map.to_file(1, 2), (2, 24));
    }

    #[test]
    fn a_literal_block_maps_each_line() {
        let text = "defaultConfiguration:\n  config.yaml: |+\n    a.b: 1\n\n    c: 2\n";
        let lines: Vec<&str> = text.lines().collect();
        let docs = documents(text).unwrap();
        let root = docs[0].root.as_ref().unwrap();
        let (cut, map) = scalar_text(
            &lines,
            node_at(root, &["defaultConfiguration", "config.yaml"]),
        )
        .unwrap();
        assert_eq!(cut, "a.b: 1\n\nc: 2\n");
        assert_eq!(map.to_file(3, 1), (5, 5));
    }
}
