"""Moves paths into `options_core` and `options_grammar` to the one path each item has since issue 47
(point 7: one path per public item of options-runtime; options-grammar reached through
options-core). For a branch started before that change: run it, then `cargo fmt --all`.

Usage: python3 scripts/one_path_rewrite.py ROOT [--dry]

It rewrites `use` trees and inline paths in .rs files (doctests included) and .md files under ROOT,
leaving options-runtime, options-grammar and options-macros alone (they name options-grammar by
right). Type renames are not made here (LayerSetting, SqlSyntaxError, ModelKeyIndex, ...: see
ARCHITECTURE.md, "One path per item"); prose in .md files may need a look afterwards. Once no
branch predates the change, delete this script."""
import os, re, sys
ROOT = sys.argv[1]; DRY = '--dry' in sys.argv
SKIP_DIRS = {'target', 'site', '.git', 'fuzz'}
PRIVATE = {'catalogue', 'change', 'config', 'constraint', 'error', 'history', 'loading', 'option',
           'release', 'release_view', 'value'}
ROOT_MOVED = {'Engine': 'engine', 'KeyRole': 'key_index', 'LayerKind': 'layers',
              'LayeredConfig': 'layers', 'Strictness': 'layers', 'MASK': 'sensitive',
              'is_sensitive_key': 'sensitive', 'NeedsAbove': 'wording', 'NoEffect': 'wording',
              'PatternOption': 'pattern'}
GRAMMAR_SAME = {'distance', 'grammar', 'table', 'tool', 'version', 'wording'}
unhandled = []

def map_core(p):
    if not p: return p
    h = p[0]
    if h in PRIVATE:
        if len(p) == 1:
            unhandled.append(('module import', p)); return p
        rest = p[1:]
        if h == 'value' and rest[0] == 'grammar': return rest
        if h == 'loading': return ['layers'] + rest
        if h == 'catalogue' and rest[0] == 'KeyRole': return ['key_index'] + rest
        if h == 'constraint' and rest[0] in ('NeedsAbove', 'NoEffect'): return ['wording'] + rest
        return map_core(rest) if rest[0] in ROOT_MOVED else rest
    if h in ROOT_MOVED: return [ROOT_MOVED[h]] + p
    if h == 'env_vars' and len(p) > 1 and p[1] in ('EnvRule', 'EnvReading'): return ['engine'] + p[1:]
    if h == 'layers' and len(p) > 1 and p[1] == 'Setting': return ['layers', 'LayerSetting'] + p[2:]
    return p

def map_grammar(p):
    h = p[0]
    if h in GRAMMAR_SAME or h == 'tool_name': return p
    if h == 'key' and len(p) > 1:
        if p[1] in ('placeholder', 'is_pattern'): return ['pattern'] + p[1:]
        if p[1] in ('is_sensitive_key', 'SENSITIVE_KEY_WORDS'): return ['sensitive'] + p[1:]
        if p[1] == 'key_hash': return p[1:]
    if h == 'env' and len(p) > 1 and p[1] in ('EnvRule', 'EnvReading', 'spell_var'): return ['engine'] + p[1:]
    if h == 'scope' and len(p) > 1 and p[1] == 'Scope': return p[1:]
    unhandled.append(('grammar', p)); return p

def split_top(body):
    parts, depth, cur = [], 0, ''
    for ch in body:
        if ch == '{': depth += 1
        elif ch == '}': depth -= 1
        if ch == ',' and depth == 0: parts.append(cur); cur = ''
        else: cur += ch
    parts.append(cur)
    return [x.strip() for x in parts if x.strip()]

def leaves(prefix, tree):
    out = []
    tree = tree.strip()
    if tree.startswith('{'):
        for part in split_top(tree[1:-1]): out += leaves(prefix, part)
        return out
    m = re.match(r'^((?:\w+::)*)\{(.*)\}$', tree, re.S)
    if m:
        pre = [x for x in m.group(1).split('::') if x]
        for part in split_top(m.group(2)): out += leaves(prefix + pre, part)
        return out
    alias = None
    am = re.match(r'^(.*?)\s+as\s+(\w+)$', tree, re.S)
    if am: tree, alias = am.group(1).strip(), am.group(2)
    segs = [x for x in tree.split('::') if x]
    if segs and segs[-1] == 'self': segs = segs[:-1]; alias = alias  # `m::{self}`
    out.append((prefix + segs, alias))
    return out

def render(crate, items):
    # group by everything but the last segment
    groups = {}
    for segs, alias in items:
        head, last = tuple(segs[:-1]), segs[-1] + (f' as {alias}' if alias else '')
        groups.setdefault(head, []).append(last)
    lines = []
    for head, lasts in groups.items():
        lasts = sorted(set(lasts))
        path = '::'.join((crate,) + head)
        if len(lasts) == 1: lines.append(f'{path}::{lasts[0]}')
        else: lines.append(f'{path}::{{{", ".join(lasts)}}}')
    return lines

USE_RE = re.compile(r'^(?P<indent>[ \t]*)(?P<vis>pub(?:\([^)]*\))?\s+)?use\s+(?P<lead>::)?(?P<crate>options_core|options_grammar)::(?P<body>[^;]*);', re.M | re.S)
INLINE_RE = re.compile(r'(?<![\w:])(?P<lead>::)?(?P<crate>options_core|options_grammar)::(?P<path>(?:\w+::)*\w+)(?P<bang>!?)')

def rewrite(text, in_core_crate):
    def use_sub(m):
        crate = m.group('crate'); body = m.group('body')
        items = leaves([], body if body.strip().startswith('{') else body)
        new_items = []
        for segs, alias in items:
            ns = map_grammar(segs) if crate == 'options_grammar' else map_core(segs)
            new_items.append((ns, alias))
        lines = render('options_core', new_items)
        lead = m.group('lead') or ''
        vis = m.group('vis') or ''
        ind = m.group('indent')
        return '\n'.join(f'{ind}{vis}use {lead}{l};' for l in lines)
    text = USE_RE.sub(use_sub, text)
    def inline_sub(m):
        segs = m.group('path').split('::')
        ns = map_grammar(segs) if m.group('crate') == 'options_grammar' else map_core(segs)
        return f"{m.group('lead') or ''}options_core::{'::'.join(ns)}{m.group('bang')}"
    out = []
    for line in text.split('\n'):
        if re.match(r'\s*(pub(\([^)]*\))?\s+)?use\s', line):
            out.append(line)  # use statements done above (multi-line ones too)
        else:
            out.append(INLINE_RE.sub(inline_sub, line))
    return '\n'.join(out)

DOC_RE = re.compile(r'^(\s*//[/!] ?)(.*)$')

def rewrite_all(text):
    """Code as code; each run of doc-comment lines with one prefix as code too (doctests)."""
    lines = text.split('\n'); out = []; i = 0
    code = []
    def flush_code():
        if code: out.append(rewrite('\n'.join(code), False)); code.clear()
    while i < len(lines):
        m = DOC_RE.match(lines[i])
        if not m:
            code.append(lines[i]); i += 1; continue
        flush_code()
        prefix = m.group(1).rstrip(' ')
        run = []; originals = []
        while i < len(lines):
            m2 = DOC_RE.match(lines[i])
            if not m2 or m2.group(1).rstrip(' ') != prefix: break
            run.append(m2.group(2)); originals.append(lines[i]); i += 1
        new = rewrite('\n'.join(run), False).split('\n')
        if new == run:
            out.append('\n'.join(originals))
        else:
            out.append('\n'.join((prefix + ' ' + l) if l else prefix for l in new))
    flush_code()
    return '\n'.join(out)

changed = []
for d, subdirs, files in os.walk(ROOT):
    rel = os.path.relpath(d, ROOT)
    subdirs[:] = [s for s in subdirs if s not in SKIP_DIRS]
    top = rel.split(os.sep)[0]
    if top in ('options-runtime', 'options-grammar', 'options-macros'): continue
    for f in files:
        if not (f.endswith('.rs') or f.endswith('.md')): continue
        p = os.path.join(d, f)
        s = open(p, encoding='utf-8').read()
        if 'options_core' not in s and 'options_grammar' not in s: continue
        n = rewrite_all(s) if p.endswith('.rs') else rewrite(s, False)
        if n != s:
            changed.append(os.path.relpath(p, ROOT))
            if not DRY: open(p, 'w', encoding='utf-8').write(n)
print('\n'.join(changed)); print(len(changed), 'files')
for u in unhandled: print('UNHANDLED', u)
