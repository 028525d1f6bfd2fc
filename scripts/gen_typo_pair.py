#!/usr/bin/env python3
"""Writes the two files of issue 51's suggestion-cost comparison into DIR (default .):

* `accepted.yaml`: 10,000 keys a pattern key accepts (`flink.hadoop.fs.s3a.key<i>: value`);
* `misspelt.yaml`: 10,000 misspellings of the catalogue's own keys, one typing mistake each
  (a dropped, doubled, swapped or replaced letter, at a position that varies), so each one needs
  its "did you mean" and the index meets every kind of key, not one family.

Time `flinkconf validate` (release build) on each; the ratio is the cost of a typo. The criterion
bench `validate/misspelt_10000` in options-check checks the same kind of file in process.

Usage: scripts/gen_typo_pair.py [DIR] [--catalogue site/catalogue.json]
"""
import json
import os
import sys

LINES = 10_000


def keys(catalogue):
    with open(catalogue) as f:
        doc = json.load(f)
    out = []
    for section in doc["sections"]:
        for option in section["options"]:
            key = option["key"]
            if "<" not in key and not option.get("hidden") and len(key) >= 8:
                out.append(key)
    return sorted(set(out))


def misspell(key, i):
    """One mistake at a letter of the key, its kind and place chosen by i."""
    letters = [p for p, c in enumerate(key) if c.isalpha()]
    at = letters[(i * 7919) % len(letters)]
    kind = i % 4
    if kind == 0:  # a dropped letter
        return key[:at] + key[at + 1:]
    if kind == 1:  # a doubled letter
        return key[:at] + key[at] + key[at:]
    if kind == 2 and at + 1 < len(key) and key[at + 1] != key[at]:  # neighbours swapped
        return key[:at] + key[at + 1] + key[at] + key[at + 2:]
    replacement = "q" if key[at] != "q" else "x"  # a wrong letter
    return key[:at] + replacement + key[at + 1:]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    out = args[0] if args else "."
    catalogue = "site/catalogue.json"
    if "--catalogue" in sys.argv:
        catalogue = sys.argv[sys.argv.index("--catalogue") + 1]
    known = keys(catalogue)
    valid = set(known)
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "accepted.yaml"), "w") as f:
        for i in range(LINES):
            f.write(f"flink.hadoop.fs.s3a.key{i}: value\n")
    written, i = set(), 0
    with open(os.path.join(out, "misspelt.yaml"), "w") as f:
        while len(written) < LINES:
            typo = misspell(known[i % len(known)], i // len(known) * 31 + i)
            i += 1
            if typo in valid or typo in written:
                continue
            written.add(typo)
            f.write(f"{typo}: x\n")


if __name__ == "__main__":
    main()
