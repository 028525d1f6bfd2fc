#!/usr/bin/env python3
"""Writes the libFuzzer dictionaries in fuzz/dict/ from the generated catalogue (site/catalogue.json).

A dictionary gives the fuzzer whole tokens (keys, enum values, units, statement keywords, YAML
punctuation) to splice into inputs, so it reaches the validation of each option instead of
spending hours guessing `taskmanager.numberOfTaskSlots` one byte at a time. Run after the catalogue
changes: `python3 fuzz/dicts.py` (fuzz/README.md); the output is deterministic. With `--check`,
writes nothing and fails when a committed dictionary differs from what it would write (CI).
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "fuzz" / "dict"

UNITS = ["ms", "s", "sec", "min", "h", "d", "ns", "us", "µs", "b", "kb", "mb", "gb", "tb", "k", "m", "g", "t"]
SCALARS = ["true", "false", "TRUE", "null", "~", "-1", "0", "1", "9223372036854775807", "1.5", "NaN", "inf", "0x1F"]
PUNCTUATION = [";", ",", ":", "'", '"', "=", "\\", " ", "\t", "\n", "\r\n"]
STATEMENT = ["SET", "RESET", "USE", "USE CATALOG", "SHOW OPTIONS", "LIKE", "'", "''", "=", ";", "--", "/*", "*/", "`", "``", "%", "_"]
YAML = [": ", "- ", "{", "}", "[", "]", "#", "|", ">", "&a ", "*a", "!!str ", "!!int ", "---", "...", "  ", "? ", "\"", "'", "<<: "]
JSON = ['"format_version"', '"sections"', '"id"', '"title"', '"description"', '"family"', '"options"', '"key"', '"type"', '"name"', '"kind"', '"list"', '"enum_values"', '"default"', '"text"', '"scope"', '"fallback_keys"', '"deprecated_keys"', '"since"', '"deprecated"', '"deprecation"', '"constraint"', '"min"', '"max"', '"one_of"', '"only_when"', '"sensitive"', '"startup_only"', '"hidden"', "{", "}", "[", "]", ":", ",", "null", "true", "false", '"value"', '"none"', '"both"', '"batch"', '"streaming"']


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


def write(name: str, tokens):
    seen, lines = set(), []
    for t in tokens:
        if t and t not in seen:
            seen.add(t)
            lines.append(entry(t))
    text = "\n".join(lines) + "\n"
    path = OUT / f"{name}.dict"
    if "--check" in sys.argv:
        if not path.exists() or path.read_text() != text:
            STALE.append(str(path.relative_to(ROOT)))
        return
    OUT.mkdir(exist_ok=True)
    path.write_text(text)


def main():
    catalogue = json.loads((ROOT / "site" / "catalogue.json").read_text())
    keys, values = [], []
    for section in catalogue["sections"]:
        for option in section["options"]:
            keys += [option["key"], *option["fallback_keys"], *option["deprecated_keys"]]
            values += option["type"]["enum_values"]
            if option["default"].get("text") and len(option["default"]["text"]) < 40:
                values.append(option["default"]["text"])
    env = ["FLINK_" + k.upper().replace(".", "_").replace("-", "_") for k in keys]
    write("values", UNITS + SCALARS + PUNCTUATION + values)
    write("statements", STATEMENT + keys + values + SCALARS + UNITS)
    write("config_yaml", YAML + keys + values + SCALARS + UNITS)
    write("legacy", [": ", "#", "=", "  "] + keys + values + SCALARS)
    write("env_mapping", ["FLINK_", "=", "_", "__", "."] + env + keys)
    write("catalogue_json", JSON + keys[:200] + values[:100])
    if STALE:
        sys.exit(f"stale fuzz dictionaries (run python3 fuzz/dicts.py): {', '.join(STALE)}")


if __name__ == "__main__":
    main()
