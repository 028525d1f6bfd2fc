//! `docgen` benchmark group: rendering every output for synthetic catalogues of 100, 1,000 and
//! 10,000 options (`render_all/N`; names kept stable, so `BENCHMARKS.md` compares runs of
//! different versions).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use options_core::Scope;
use options_docs::model::{DefaultModel, OptionDoc, SectionDoc, TypeDoc};
use options_docs::{render, CatalogueDoc, Templates};

// The same allocator as the `flinkconf` binary, so the figures are what users get.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Options per synthetic section (the "sections of 100").
const SECTION_SIZE: usize = 100;

/// `n` options in sections of [`SECTION_SIZE`], with every kind of default and some Markdown.
/// Numbers in ids and keys are zero-padded so every size renders options of the same length and
/// only the count varies.
fn synthetic(n: usize) -> CatalogueDoc {
    let sections = (0..n / SECTION_SIZE)
        .map(|s| SectionDoc {
            id: format!("section{s:03}"),
            title: format!("Section {s:03}"),
            description: "Options of one synthetic section.".into(),
            family: format!("Family {:03}", s / 5),
            options: (0..SECTION_SIZE).map(|i| option(s, i)).collect(),
        })
        .collect();
    CatalogueDoc::new(sections)
}

fn option(section: usize, i: usize) -> OptionDoc {
    let (kind, default) = match i % 4 {
        0 => ("Boolean", DefaultModel::Value("true".into())),
        1 => ("Duration", DefaultModel::Value("3 min".into())),
        2 => ("String", DefaultModel::Value("text".into())),
        _ => ("Integer", DefaultModel::None),
    };
    OptionDoc {
        key: format!("bench.section{section:03}.group{}.option-{i:03}", i % 7),
        value_type: TypeDoc {
            name: kind.into(),
            kind: kind.into(),
            list: false,
            enum_values: Vec::new(),
            enum_aliases: Default::default(),
        },
        default,
        scope: [Scope::Batch, Scope::Streaming, Scope::Both][i % 3],
        description: format!(
            "Option number {i}, with `code` and a | pipe.\n\nA second paragraph with **bold** text."
        ),
        fallback_keys: Vec::new(),
        deprecated_keys: if i % 10 == 0 {
            vec![format!("bench.section{section:03}.old-{i:03}")]
        } else {
            Vec::new()
        },
        since: None,
        deprecated: i % 25 == 0,
        deprecation: None,
        constraint: Default::default(),
        only_when: None,
        sensitive: false,
        startup_only: false,
        change_class: None,
        hidden: false,
        changes: Vec::new(),
    }
}

fn render_all(c: &mut Criterion) {
    let templates = Templates::builtin().unwrap();
    let mut group = c.benchmark_group("docgen");
    // Ten samples keep the 10,000-option case to seconds; rendering is deterministic, so the
    // spread stays small.
    group.sample_size(10);
    for n in [100, 1_000, 10_000] {
        let doc = synthetic(n);
        group.bench_with_input(BenchmarkId::new("render_all", n), &doc, |b, doc| {
            b.iter(|| render(doc, &templates).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, render_all);
criterion_main!(benches);
