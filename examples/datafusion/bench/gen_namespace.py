#!/usr/bin/env python3
"""Writes src/lib.rs of a crate declaring DataFusion's 148 options with DataFusion's own
config_namespace! macro, for the compile-cost comparison with this example (compile.sh).

Same namespaces, field names, defaults and doc comments (the example's descriptions, read from
docs/catalogue.json), so the two crates differ only in how they declare. Namespaces nest as in
DataFusion, under a root `ConfigOptions` (the example's `ConfigOptions` is its counterpart).
DataFusion's wrapper and enum types live in datafusion-common, some with private constructors, so
they are declared here with the type they wrap (`usize`) or as `String`: that makes this side
slightly cheaper to compile, never dearer. Usage: gen_namespace.py FACTS.tsv CATALOGUE.json OUT_DIR"""
import json, os, sys

facts_path, catalogue_path, out = sys.argv[1:4]
rows = [l.rstrip('\n').split('\t') for l in open(facts_path)][1:]
doc = json.load(open(catalogue_path))
descriptions = {o['key']: o['description'] for s in doc['sections'] for o in s['options']}

WRAPPED = {'ConfigNonZeroUsize': 'usize', 'ConfigMinTwoUsize': 'usize',
           'ConfigFilterSelectivity': 'usize', 'Option<MaxRowGroupBytes>': 'Option<usize>'}
PRIMITIVE = {'bool', 'usize', 'u64', 'i32', 'f64', 'String'}


def rust_type(t):
    t = WRAPPED.get(t, t)
    inner = t[len('Option<'):-1] if t.startswith('Option<') else t
    if inner not in PRIMITIVE:
        inner = 'String'
    return f'Option<{inner}>' if t.startswith('Option<') else inner


def default(t, d):
    if t.startswith('Option<'):
        return 'None' if d == 'NULL' else f'Some({default(t[7:-1], d)})'
    if t == 'String':
        return json.dumps(d) + '.to_string()'
    if t == 'f64' and '.' not in d:
        return d + '.0'
    return d


namespaces = {}
for key, t, d, _deprecated, _allowed, ns in rows:
    namespaces.setdefault(ns, []).append((key.rsplit('.', 1)[1], rust_type(t), d, descriptions[key]))

def struct_name(ns):
    return ''.join(p.capitalize() for p in ns.replace('.', '_').split('_')) + 'Options'


# Nested as DataFusion nests them: `execution` holds `parquet`, which holds
# `content_defined_chunking`; a root `ConfigOptions` holds the top-level namespaces (DataFusion
# writes that root by hand; config_namespace! declares the same shape).
children = {}
for ns in namespaces:
    if '.' in ns:
        parent, child = ns.rsplit('.', 1)
        children.setdefault(parent, []).append((child, ns))
lines = ['#![allow(dead_code, unused_imports)]', 'use datafusion_common::config_namespace;']
for ns, fields in namespaces.items():
    lines += ['config_namespace! {', f'    /// The `datafusion.{ns}` namespace.', f'    pub struct {struct_name(ns)} {{']
    for field, t, d, text in fields:
        lines += [f'        /// {line}'.rstrip() for line in text.split('\n')]
        lines.append(f'        pub {field}: {t}, default = {default(t, d)}')
        lines.append('')
    for child, child_ns in children.get(ns, []):
        lines += [f'        /// The `datafusion.{child_ns}` options.',
                  f'        pub {child}: {struct_name(child_ns)}, default = Default::default()']
    lines += ['    }', '}']
lines += ['config_namespace! {', '    /// Every namespace.', '    pub struct ConfigOptions {']
for ns in namespaces:
    if '.' not in ns:
        lines += [f'        /// `datafusion.{ns}`.', f'        pub {ns}: {struct_name(ns)}, default = Default::default()']
lines += ['    }', '}']
os.makedirs(os.path.join(out, 'src'), exist_ok=True)
open(os.path.join(out, 'src', 'lib.rs'), 'w').write('\n'.join(lines) + '\n')
