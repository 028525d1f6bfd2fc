#!/usr/bin/env python3
"""Report import cycles between modules of each crate in the workspace.

Two levels are checked, as the architecture rule states them:
* between the top-level modules of a crate (`options-runtime/src/layers` <-> `options-runtime/src/yaml`);
* between the files of one module (`session/error.rs` <-> `session/lexer.rs`).

A reference is any `crate::a::b`, `super::x` or child-relative path in code (comments and string
literals are ignored). A path ties its file to two modules: the one it names, and the one that
defines the item, found by following `pub use` re-exports (through `mod.rs` files and plain files
alike, as many as there are). So `crate::layers::Strictness`, defined in `loading.rs` and re-exported
by `layers/mod.rs`, ties its file to `layers` (the text depends on it) and to `loading`. A parent
file naming its own children is structure, not a dependency, so `mod.rs`/`lib.rs` are not nodes.

Usage: scripts/module-cycles.py [CRATE_DIR...]   (exit status 1 when a cycle is found)
"""
import os
import re
import sys

CRATES = ["options-grammar", "options-macros", "options-runtime", "options-core", "options-flink", "options-flink-operator", "options-docs", "options-check", "options-lsp", "flinkconf", "shell", "python"]
IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def strip(src):
    src = re.sub(r"/\*.*?\*/", "", src, flags=re.S)
    src = re.sub(r"//[^\n]*", "", src)
    src = re.sub(r'r#*"(?:.|\n)*?"#*', '""', src)
    src = re.sub(r'"(?:\\.|[^"\\])*"', '""', src)
    src = re.sub(r"'(?:\\.|[^'\\])'", "''", src)
    return src


def module_of(src_dir, path):
    rel = os.path.relpath(path, src_dir)[:-3].split(os.sep)
    if rel[-1] in ("mod", "lib", "main"):
        rel = rel[:-1]
    return tuple(rel)


def expand_use(body):
    """`a::{b, c::{d}}` -> ['a::b', 'a::c::d'] (rough, enough for `use` lists)."""
    body = body.strip()
    m = re.match(r"^(.*?)\{(.*)\}$", body, flags=re.S)
    if not m:
        return [body]
    prefix, inner = m.group(1), m.group(2)
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    parts.append(cur)
    out = []
    for p in parts:
        if p.strip():
            out += [prefix + q for q in expand_use(p)]
    return out


def paths_in(code):
    out = []
    for m in re.finditer(r"\buse\s+([^;]+);", code):
        out += [re.sub(r"\s+", "", p).split(" as ")[0] for p in expand_use(m.group(1))]
    for m in re.finditer(r"(?<![A-Za-z0-9_:])((?:crate|super|self)(?:::" + IDENT + ")+)", code):
        out.append(m.group(1))
    return out


def split_path(mod, path, modules):
    """Where a path starts (a module) and the segments after it; None for external crates."""
    segs = path.split("::")
    if segs[0] == "crate":
        return (), segs[1:]
    if segs[0] == "super":
        base = mod
        while segs and segs[0] == "super":
            base, segs = base[:-1], segs[1:]
        return base, segs
    if segs[0] == "self":
        return mod, segs[1:]
    if mod + (segs[0],) in modules:
        return mod, segs
    return None


def named_module(base, rest, modules):
    """The deepest module a path names, and the item name after it (None for a module path)."""
    target = base
    for i, s in enumerate(rest):
        if target + (s,) in modules:
            target = target + (s,)
        else:
            return target, s
    return target, None


def analyse(crate_dir):
    src_dir = os.path.join(crate_dir, "src")
    files = {}
    for root, _, names in os.walk(src_dir):
        for n in names:
            if n.endswith(".rs"):
                p = os.path.join(root, n)
                files[module_of(src_dir, p)] = strip(open(p, encoding="utf-8").read())
    modules = set(files)
    # re-exports: (module, Name) -> the module its `pub use` takes Name from
    reexport = {}
    for mod, code in files.items():
        for m in re.finditer(r"\bpub(?:\s*\([^)]*\))?\s+use\s+([^;]+);", code):
            for p in expand_use(re.sub(r"\s+", "", m.group(1))):
                p = p.split(" as ")[0]
                split = split_path(mod, p, modules)
                if split is None:
                    continue  # another crate's item: no tie inside this one
                base, rest = split
                rest = [s for s in rest if s != "self"]
                if not rest:
                    continue
                target, _ = named_module(base, rest[:-1], modules)
                if target != mod:
                    reexport[(mod, rest[-1])] = target

    def defining(target, name):
        """Follow re-exports of `name` from `target` to the module that defines it."""
        seen = set()
        while name is not None and (target, name) in reexport and target not in seen:
            seen.add(target)
            target = reexport[(target, name)]
        return target

    def resolve(mod, path):
        """The modules a path ties `mod` to: the one it names (even when that module only
        re-exports the item: the text still depends on it) and the one that defines the item."""
        split = split_path(mod, path, modules)
        if split is None:
            return []
        named, name = named_module(*split, modules)
        return [named, defining(named, name)]

    edges = set()
    for mod, code in files.items():
        for p in paths_in(code):
            for t in resolve(mod, p):
                if t == mod:
                    continue
                # the lowest common ancestor decides the level of the edge
                i = 0
                while i < min(len(mod), len(t)) and mod[i] == t[i]:
                    i += 1
                if i >= len(mod) or i >= len(t):
                    continue  # a module and its own ancestor/descendant: structure
                a, b = mod[: i + 1], t[: i + 1]
                edges.add((a, b, "/".join(mod), "/".join(t)))
    return edges


def cycles(edges):
    graph = {}
    for a, b, _, _ in edges:
        graph.setdefault(a, set()).add(b)
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in list(graph):
        if v not in index:
            visit(v)
    return out


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    crates = sys.argv[1:] or [c for c in CRATES if os.path.isdir(os.path.join(root, c))]
    found = 0
    for c in crates:
        edges = analyse(os.path.join(root, c))
        for comp in cycles(edges):
            found += 1
            names = " <-> ".join("/".join(m) for m in comp)
            print(f"{c}: cycle {names}")
            members = set(comp)
            for a, b, fa, fb in sorted(edges):
                if a in members and b in members:
                    print(f"    {fa or 'lib'} -> {fb}")
    if found:
        print(f"{found} cycle(s)")
        return 1
    print("no module import cycles in " + ", ".join(crates))
    return 0


if __name__ == "__main__":
    sys.exit(main())
