#!/usr/bin/env python3
"""Tests of scripts/module-cycles.py on small fixture crates (scripts/tests/module-cycles/).

Each fixture holds one shape of import cycle that hides behind a re-export; the script must report
it, naming the file that makes the tie. `one_way` holds the same trees with every tie made one-way,
and must pass. Run: python3 scripts/tests/test_module_cycles.py
"""
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "module-cycles.py")
FIXTURES = os.path.join(HERE, "module-cycles")


def run(fixture):
    done = subprocess.run(
        [sys.executable, SCRIPT, os.path.join(FIXTURES, fixture)],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode, done.stdout


class ModuleCycles(unittest.TestCase):
    def assert_cycle(self, fixture, cycle, tie):
        code, out = run(fixture)
        self.assertEqual(code, 1, out)
        self.assertIn(f": cycle {cycle}\n", out)
        self.assertIn(f"    {tie}\n", out)

    def test_an_item_taken_through_a_sibling_that_re_exports_it_is_a_tie_to_that_sibling(self):
        # value/secret.rs takes MASK from `option` (which re-exports it from `sensitive`), while
        # option.rs depends on `value`.
        self.assert_cycle("reexported_item", "option <-> value", "value/secret -> option")

    def test_a_module_naming_its_own_type_through_a_re_export_elsewhere_is_a_tie(self):
        # value/secret.rs names `crate::error::ValueError`, which error.rs re-exports from `value`.
        self.assert_cycle("own_type_reexport", "error <-> value", "value/secret -> error")

    def test_a_name_re_exported_by_a_mod_rs_ties_to_that_module(self):
        # legacy/mod.rs takes Strictness from `layers` (layers/mod.rs re-exports it from
        # `loading`), while layers/builder.rs calls legacy's loader.
        self.assert_cycle("mod_rs_reexport", "layers <-> legacy", "legacy -> layers")

    def test_the_same_trees_with_each_item_taken_from_where_it_is_defined_pass(self):
        code, out = run("one_way")
        self.assertEqual(code, 0, out)
        self.assertIn("no module import cycles", out)

    def test_the_workspace_has_no_cycle(self):
        done = subprocess.run([sys.executable, SCRIPT], capture_output=True, text=True, check=False)
        self.assertEqual(done.returncode, 0, done.stdout)


if __name__ == "__main__":
    unittest.main()
