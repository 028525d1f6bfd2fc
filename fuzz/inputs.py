#!/usr/bin/env python3
"""Writes the fuzzers' catalogue-derived inputs from the generated catalogue (site/catalogue.json):
the libFuzzer dictionaries in fuzz/dict/ and the `catalogue-NN` seeds in fuzz/corpus/<target>/.

A dictionary gives the fuzzer whole tokens (keys, enum values, units, statement keywords, YAML
punctuation) to splice into inputs, so it reaches the validation of each option instead of
spending hours guessing `taskmanager.numberOfTaskSlots` one byte at a time. The seeds set every
option to its default (as `config.yaml` lines, `flink-conf.yaml` lines and `SET` statements), so a
run starts with every option's parser and rules already covered and spends its time on what is
left, instead of finding the options one key at a time. Run after the catalogue changes:
`python3 fuzz/inputs.py` (fuzz/README.md); the output is deterministic. With `--check`, writes
nothing and fails when a committed file differs from what it would write (CI).
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "fuzz" / "dict"
CORPUS = ROOT / "fuzz" / "corpus"
# Seeds stay under the runs' `-max_len=4096` (libFuzzer cuts longer inputs).
SEED_BYTES = 3900

# The secret the `config_yaml`, `legacy` and `statements` targets look for in their outputs
# (fuzz_targets/shared/mod.rs); their `secrets` seeds put it after secret keys.
CANARY = "S3CR3T-CANARY"
UNITS = ["ms", "s", "sec", "min", "h", "d", "ns", "us", "µs", "b", "kb", "mb", "gb", "tb", "k", "m", "g", "t"]
SCALARS = ["true", "false", "TRUE", "null", "~", "-1", "0", "1", "9223372036854775807", "1.5", "NaN", "inf", "0x1F"]
PUNCTUATION = [";", ",", ":", "'", '"', "=", "\\", " ", "\t", "\n", "\r\n"]
STATEMENT = ["SET", "RESET", "USE", "USE CATALOG", "SHOW OPTIONS", "LIKE", "'", "''", "=", ";", "--", "/*", "*/", "`", "``", "%", "_"]
YAML = [": ", "- ", "{", "}", "[", "]", "#", "|", ">", "&a ", "*a", "!!str ", "!!int ", "---", "...", "  ", "? ", "\"", "'", "<<: "]
JSON = ['"format_version"', '"sections"', '"id"', '"title"', '"description"', '"family"', '"options"', '"key"', '"type"', '"name"', '"kind"', '"list"', '"enum_values"', '"default"', '"text"', '"scope"', '"fallback_keys"', '"deprecated_keys"', '"since"', '"deprecated"', '"deprecation"', '"constraint"', '"min"', '"max"', '"one_of"', '"only_when"', '"sensitive"', '"startup_only"', '"hidden"', "{", "}", "[", "]", ":", ",", "null", "true", "false", '"value"', '"none"', '"both"', '"batch"', '"streaming"']
# The language server's frames and methods (the `lsp_messages` target).
LSP = ["Content-Length: ", "\r\n\r\n", "\r\n", "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose", "textDocument/hover", "textDocument/completion", "textDocument/codeAction", "workspace/didChangeConfiguration", "shutdown", "exit", "initialize", "$/cancelRequest", "file:///c/config.yaml", "file:///c/flink-conf.yaml", "file:///c/deploy.yaml", "file:///c/values.yaml", "file:///c/docker-compose.yml", "file:///c/jobs.sql", "apiVersion: flink.apache.org/v1beta1\\nkind: FlinkDeployment\\n", "spec:\\n  flinkVersion: v1_19\\n  flinkConfiguration:\\n    ", "defaultConfiguration:\\n  config.yaml: |\\n    ", "services:\\n  jm:\\n    environment:\\n      FLINK_PROPERTIES: |\\n        ", "SET '", "' = '", "';\\n", "source.fixAll", "quickfix"]
JSON_RPC = ['{"jsonrpc":"2.0",', '"id":', '"method":', '"params":', '"textDocument":', '"uri":', '"languageId":"yaml"', '"languageId":"sql"', '"version":', '"text":', '"contentChanges":', '"range":', '"start":', '"end":', '"line":', '"character":', '"position":', '"context":', '"diagnostics":[]', '"only":', '"settings":', '"release":"1.19"', "{", "}", "[", "]", ":", ",", "null", "0", "1", "2"]


def entry(token: str) -> str:
    out = []
    for byte in token.encode():
        c = chr(byte)
        if c in '"\\':
            out.append("\\" + c)
        elif 32 <= byte < 127:
            out.append(c)
        else:
            out.append(f"\\x{byte:02X}")
    return '"' + "".join(out) + '"'


STALE = []


def put(path: pathlib.Path, text: str):
    """Writes `text` to `path`, or with `--check` notes the path when it would change."""
    if "--check" in sys.argv:
        if not path.exists() or path.read_text() != text:
            STALE.append(str(path.relative_to(ROOT)))
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def write(name: str, tokens):
    seen, lines = set(), []
    for t in tokens:
        if t and t not in seen:
            seen.add(t)
            lines.append(entry(t))
    put(OUT / f"{name}.dict", "\n".join(lines) + "\n")


def seeds(target: str, lines):
    """`lines` cut into seeds of at most SEED_BYTES, written as corpus/<target>/catalogue-NN
    (stale ones from a larger catalogue removed)."""
    chunks, current = [], ""
    for line in lines:
        if current and len((current + line).encode()) > SEED_BYTES:
            chunks.append(current)
            current = ""
        current += line
    if current:
        chunks.append(current)
    folder = CORPUS / target
    wanted = {f"catalogue-{i:02}" for i in range(len(chunks))}
    for old in sorted(folder.glob("catalogue-*")):
        if old.name not in wanted:
            if "--check" in sys.argv:
                STALE.append(str(old.relative_to(ROOT)))
            else:
                old.unlink()
    for i, text in enumerate(chunks):
        put(folder / f"catalogue-{i:02}", text)


def quoted(text: str) -> str:
    """Single-quoted as YAML and SQL both read it (a quote doubled)."""
    return "'" + text.replace("'", "''") + "'"


def main():
    catalogue = json.loads((ROOT / "site" / "catalogue.json").read_text())
    keys, values, defaults = [], [], []
    for section in catalogue["sections"]:
        for option in section["options"]:
            text = option["default"].get("text")
            plain = option["default"].get("kind") == "value" and "<" not in option["key"]
            if plain and text is not None and "\n" not in text:
                defaults.append((option["key"], text))
            keys += [option["key"], *option["fallback_keys"], *option["deprecated_keys"]]
            values += option["type"]["enum_values"]
            if option["default"].get("text") and len(option["default"]["text"]) < 40:
                values.append(option["default"]["text"])
    env = ["FLINK_" + k.upper().replace(".", "_").replace("-", "_") for k in keys]
    write("values", UNITS + SCALARS + PUNCTUATION + values)
    write("statements", STATEMENT + [CANARY] + keys + values + SCALARS + UNITS)
    write("config_yaml", YAML + [CANARY] + keys + values + SCALARS + UNITS)
    write("legacy", [": ", "#", "=", "  ", CANARY] + keys + values + SCALARS)
    write("env_mapping", ["FLINK_", "=", "_", "__", "."] + env + keys)
    write("catalogue_json", JSON + keys[:200] + values[:100])
    write("lsp_messages", LSP + JSON_RPC + YAML + keys[:300] + values[:100])
    seeds("config_yaml", [f"{k}: {quoted(v)}\n" for k, v in defaults])
    seeds("legacy", [f"{k}: {v}\n" for k, v in defaults])
    seeds("statements", [f"SET {quoted(k)} = {quoted(v)};\n" for k, v in defaults])
    if STALE:
        sys.exit(f"stale fuzz inputs (run python3 fuzz/inputs.py): {', '.join(STALE)}")


if __name__ == "__main__":
    main()
