#!/usr/bin/env python3
"""Writes src/lib.rs of a crate declaring DataFusion's 148 options with DataFusion's own
config_namespace! macro, for the compile-cost comparison with this example (compile.sh).

Same namespaces, field names, defaults and doc comments (the example's descriptions, read from
docs/catalogue.json), so the two crates differ only in how they declare. DataFusion's wrapper and
enum types live in datafusion-common with private constructors, so they are declared here with the
type they wrap (`usize`) or as `String`: that makes this side slightly cheaper to compile, never
dearer. Usage: gen_namespace.py FACTS.tsv CATALOGUE.json OUT_DIR"""
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

lines = ['#![allow(dead_code, unused_imports)]', 'use datafusion_common::config_namespace;']
for ns, fields in namespaces.items():
    name = ''.join(p.capitalize() for p in ns.replace('.', '_').split('_')) + 'Options'
    lines += ['config_namespace! {', f'    /// The `datafusion.{ns}` namespace.', f'    pub struct {name} {{']
    for field, t, d, text in fields:
        lines += [f'        /// {line}'.rstrip() for line in text.split('\n')]
        lines.append(f'        pub {field}: {t}, default = {default(t, d)}')
        lines.append('')
    lines += ['    }', '}']
os.makedirs(os.path.join(out, 'src'), exist_ok=True)
open(os.path.join(out, 'src', 'lib.rs'), 'w').write('\n'.join(lines) + '\n')
