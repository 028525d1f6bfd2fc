#!/usr/bin/env python3
"""Report import cycles between modules of each crate in the workspace.

Two levels are checked, as the architecture rule states them:
* between the top-level modules of a crate (`options-core/src/layers` <-> `options-core/src/yaml`);
* between the files of one module (`session/error.rs` <-> `session/lexer.rs`).

A reference is any `crate::a::b`, `super::x` or child-relative path in code (comments and string
literals are ignored). A name re-exported by `lib.rs` or a `mod.rs` (`pub use child::Name`) counts
as a reference to the file that defines it. A parent file naming its own children is structure,
not a dependency, so `mod.rs`/`lib.rs` are not nodes.

Usage: scripts/module-cycles.py [CRATE_DIR...]   (exit status 1 when a cycle is found)
"""
import os
import re
import sys

CRATES = ["options-grammar", "options-macros", "options-core", "docgen", "shell", "python"]
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


def analyse(crate_dir):
    src_dir = os.path.join(crate_dir, "src")
    files = {}
    for root, _, names in os.walk(src_dir):
        for n in names:
            if n.endswith(".rs"):
                p = os.path.join(root, n)
                files[module_of(src_dir, p)] = strip(open(p, encoding="utf-8").read())
    modules = set(files)
    # re-exports: (parent module, Name) -> child module that defines it
    reexport = {}
    for mod, code in files.items():
        for m in re.finditer(r"\bpub\s+use\s+([^;]+);", code):
            for p in expand_use(re.sub(r"\s+", "", m.group(1))):
                segs = [s for s in p.split("::") if s not in ("self",)]
                if segs and segs[0] == "crate":
                    target = tuple(segs[1:-1])
                elif segs and segs[0] == "super":
                    continue
                else:
                    target = mod + tuple(segs[:-1])
                name = segs[-1]
                while target and target not in modules:
                    target = target[:-1]
                if target and target != mod:
                    reexport[(mod, name)] = target

    def resolve(mod, path):
        segs = path.split("::")
        if segs[0] == "crate":
            base, rest = (), segs[1:]
        elif segs[0] == "super":
            base = mod
            while segs and segs[0] == "super":
                base, segs = base[:-1], segs[1:]
            rest = segs
        elif segs[0] == "self":
            base, rest = mod, segs[1:]
        elif mod + (segs[0],) in modules:
            base, rest = mod, segs
        else:
            return None
        target = base
        for s in rest:
            if target + (s,) in modules:
                target = target + (s,)
            else:
                target = reexport.get((target, s), target)
                break
        return target

    edges = set()
    for mod, code in files.items():
        for p in paths_in(code):
            t = resolve(mod, p)
            if t is None or t == mod:
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
