"""The history of each Flink option across the releases gen_builtin.py knows: when it arrived, when it
was deprecated and removed, and what each release changed (type, default, documentation, enum values,
deprecated and fallback keys). Used by gen_builtin.py; reads nothing itself.

A declaration states an option's newest shape (for a removed option, its last one); each
`changed(release = R, ...)` says what the facts were in the release before R. This module computes
those facts from the release tables and hands them over as plain data.
"""

# The facts one release step may change, in the order `changed(...)` lists them.
CHANGE_FIELDS = ("type", "default", "documented", "enum_values", "deprecated_keys", "fallback_keys")

# Old types `changed(value_type = ...)` can name (the derive's list).
OLD_TYPES = ("Boolean", "Integer", "Long", "Float", "Double", "String", "Duration", "MemorySize", "Map",
             "List<String>")


def hidden(key, row):
    """Whether the declaration hides the option: Flink leaves it out of its docs, or it is one of
    Flink's `$internal.*` keys (set by Flink itself; the differences files list these)."""
    return row["documented"] == "false" or key.startswith("$internal.")


def keys_of(cell):
    return [k for k in cell.split(";") if k]


class History:
    """One key's facts across `releases` (short versions, oldest first) and `tables` (one dict per
    release, key -> row)."""

    def __init__(self, key, releases, tables):
        self.key = key
        present = [i for i, t in enumerate(tables) if key in t]
        if present != list(range(present[0], present[-1] + 1)):
            raise ValueError(f"{key}: present in {[releases[i] for i in present]}, with a gap; a declaration "
                             "has one arrival and one removal")
        self.releases = [releases[i] for i in present]
        self.rows = [tables[i][key] for i in present]
        self.newest = self.rows[-1]
        self.since = releases[present[0]] if present[0] > 0 else None
        self.removed = releases[present[-1] + 1] if present[-1] + 1 < len(releases) else None
        deprecated = [r for r, row in zip(self.releases, self.rows) if row["deprecated"] == "true"]
        if deprecated and deprecated != self.releases[self.releases.index(deprecated[0]):]:
            raise ValueError(f"{key}: deprecated in {deprecated} only; an option that stops being deprecated "
                             "cannot be declared")
        # The first release of this line that marks it deprecated; None when not deprecated.
        self.deprecated_in = deprecated[0] if deprecated else None
        self.changes = []
        for release, before, after in zip(self.releases[1:], self.rows, self.rows[1:]):
            change = self._change(before, after)
            if change:
                self.changes.append((release, change))

    def _change(self, before, after):
        """What the step from `before` to `after` changed, as it was before: field -> old value."""
        out = {}
        if before["type"] != after["type"]:
            if before["type"] not in OLD_TYPES:
                raise ValueError(f"{self.key}: type {before['type']} -> {after['type']}; `changed(value_type)` "
                                 f"names only {', '.join(OLD_TYPES)}")
            out["type"] = before["type"]
            # The default is written in the old type's grammar, whether or not its text changed.
            out["default"] = before["default"]
        elif before["default"] != after["default"]:
            out["default"] = before["default"]
        if hidden(self.key, before) != hidden(self.key, after):
            # The attribute `changed(...)` takes: what the option was before.
            out["documented"] = "hidden" if hidden(self.key, before) else "documented"
        enum = ("Enum", "List<Enum>")
        if before["enum_values"] != after["enum_values"] and before["type"] in enum and after["type"] in enum:
            out["enum_values"] = keys_of(before["enum_values"])
        for field in ("deprecated_keys", "fallback_keys"):
            if keys_of(before[field]) != keys_of(after[field]):
                out[field] = keys_of(before[field])
        return out

    def spellings(self):
        """Every key this option has been read under (its own, deprecated and fallback keys)."""
        out = {self.key}
        for row in self.rows:
            out.update(keys_of(row["deprecated_keys"]))
            out.update(keys_of(row["fallback_keys"]))
        return out


def deprecated_pairs(releases, tables):
    """(option, other option) pairs where, in some release, `option` is itself a deprecated key of the
    other: the catalogue needs both in one group, since it rejects an option that is another group's
    deprecated spelling."""
    pairs = set()
    for table in tables:
        for key, row in table.items():
            for old in keys_of(row["deprecated_keys"]):
                if old in table and old != key:
                    pairs.add((old, key))
    return pairs
