//! The behaviour sources that comments and tests cite ("seed 000" ... "seed 004") are at hand:
//! `docs/behaviour-sources.md` has a section for each, every path it names exists, the README and
//! ARCHITECTURE.md point to it, and no file points a newcomer at a document outside the
//! repository (`DESIGN.md`, "the design document").

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn page() -> String {
    std::fs::read_to_string(root().join("docs/behaviour-sources.md"))
        .expect("docs/behaviour-sources.md is in the repository")
}

#[test]
fn each_seed_has_a_section() {
    let page = page();
    for seed in ["000", "001", "002", "003", "004"] {
        assert!(
            page.contains(&format!("\n## {seed}: ")),
            "no section for seed {seed}"
        );
        assert!(
            page.contains(&format!("\n| {seed} |")),
            "no table row for seed {seed}"
        );
    }
}

/// Every `path` in back-quotes that names a file or folder of the repository exists (brace lists
/// such as `builtin/{a,b}.rs` are expanded).
#[test]
fn every_path_the_page_names_exists() {
    let page = page();
    let mut checked = 0;
    for quoted in page.split('`').skip(1).step_by(2) {
        let looks_like_path = quoted.contains('/')
            && !quoted.contains(' ')
            && !quoted.contains("RELEASE")
            && !quoted.starts_with("pyflink");
        if !looks_like_path {
            continue;
        }
        let paths: Vec<String> = match (quoted.find('{'), quoted.find('}')) {
            (Some(open), Some(close)) => quoted[open + 1..close]
                .split(',')
                .map(|part| format!("{}{part}{}", &quoted[..open], &quoted[close + 1..]))
                .collect(),
            _ => vec![quoted.to_owned()],
        };
        for path in paths {
            assert!(root().join(&path).exists(), "{path} does not exist");
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} paths checked");
}

#[test]
fn the_readme_and_the_architecture_page_point_to_it() {
    for file in ["README.md", "ARCHITECTURE.md"] {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        assert!(
            text.contains("(docs/behaviour-sources.md)"),
            "{file} does not link docs/behaviour-sources.md"
        );
    }
}

/// Files a newcomer reads: no pointer to a document outside the repository.
#[test]
fn nothing_points_at_a_design_document_outside_the_repository() {
    fn walk(dir: &Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                if !matches!(
                    name.as_str(),
                    "target" | "site" | "corpus" | ".git" | "node_modules"
                ) {
                    walk(&path, found);
                }
                continue;
            }
            let text_file = [".rs", ".md", ".py", ".sh", ".toml"]
                .iter()
                .any(|ext| name.ends_with(ext));
            if !text_file || name == "behaviour_sources.rs" {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let lower = text.to_lowercase();
            if lower.contains("design.md") || lower.contains("design document") {
                found.push(path.display().to_string());
            }
        }
    }
    let mut found = Vec::new();
    walk(&root(), &mut found);
    assert!(
        found.is_empty(),
        "files that cite a design document: {found:?}"
    );
}
