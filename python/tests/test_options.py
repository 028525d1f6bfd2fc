"""``declared_options.options``: a constant per documented option, with its docs; and the
generated key types of ``_keys.pyi`` agree with what ``get`` returns."""

import ast
import pydoc
from datetime import timedelta
from pathlib import Path

import pytest

import declared_options
from declared_options import ConfigOption, TableEnvironment, catalogue, options


def test_every_documented_option_has_a_constant():
    constants = {
        value.key for value in vars(options).values() if isinstance(value, ConfigOption)
    }
    documented = {o.key for o in catalogue() if not o.hidden}
    assert constants == documented


def test_a_constant_names_its_key():
    assert options.TABLE_EXEC_MINI_BATCH_ENABLED.key == "table.exec.mini-batch.enabled"
    assert str(options.TABLE_EXEC_MINI_BATCH_ENABLED) == "table.exec.mini-batch.enabled"


def test_help_shows_the_description_and_facts():
    text = pydoc.render_doc(options.TABLE_EXEC_MINI_BATCH_ENABLED, renderer=pydoc.plaintext)
    info = catalogue()["table.exec.mini-batch.enabled"]
    first_line = info.description.splitlines()[0]
    assert first_line in text
    assert "Key:         table.exec.mini-batch.enabled" in text
    assert "Type:        Boolean (Python: bool)" in text
    assert "Default:     false" in text


def test_the_class_keeps_its_own_docs():
    assert "handle of one option" in ConfigOption.__doc__


def test_the_docstring_in_the_source_is_the_runtime_one():
    source = Path(options.__file__).read_text(encoding="utf-8")
    tree = ast.parse(source)
    body = tree.body
    checked = 0
    for node, following in zip(body, body[1:]):
        if isinstance(node, ast.AnnAssign) and isinstance(following, ast.Expr):
            name = node.target.id
            assert following.value.value.rstrip("\n") == getattr(options, name).__doc__
            checked += 1
    assert checked == len(catalogue()) - sum(o.hidden for o in catalogue())


def test_a_pattern_constant_gives_instances():
    interval = options.METRICS_REPORTER_NAME_INTERVAL
    assert interval.instance("prom").key == "metrics.reporter.prom.interval"
    with pytest.raises(ValueError, match="1 placeholder"):
        interval.instance("a", "b")
    with pytest.raises(ValueError):
        options.TABLE_EXEC_MINI_BATCH_ENABLED.instance("x")


def _key_groups():
    stub = Path(declared_options.__file__).with_name("_keys.pyi")
    groups = {}
    for node in ast.parse(stub.read_text(encoding="utf-8")).body:
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Subscript)
            and getattr(node.value.value, "id", "") == "Literal"
        ):
            elements = node.value.slice.elts  # Python >= 3.9
            groups[node.targets[0].id] = [e.value for e in elements]
    return groups


PYTHON_TYPES = {
    "Bool": bool,
    "Int": int,
    "Float": float,
    "Str": str,
    "Duration": timedelta,
    "Map": dict,
    "Secret": declared_options.Secret,
}


def test_every_key_of_the_stub_reads_as_its_group_says():
    config = TableEnvironment.create().get_config()
    groups = _key_groups()
    assert "BoolKey" in groups and "DurationKey" in groups
    checked = 0
    for alias, keys in groups.items():
        name = alias[: -len("Key")]
        optional = name.startswith("Optional")
        name = name[len("Optional") :] if optional else name
        is_list = name.endswith("List")
        item = PYTHON_TYPES[name[: -len("List")] if is_list else name]
        for key in keys:
            value = config.get(key)
            if value is None:
                assert optional, f"{key} is in {alias} but reads as None"
                continue
            if is_list:
                assert isinstance(value, list) and all(isinstance(v, item) for v in value), key
            else:
                assert isinstance(value, item), (key, value)
            checked += 1
    assert checked > 600  # the rest read as None (no default), as their Optional group says


def test_a_star_import_takes_every_constant_and_nothing_else():
    names = {}
    exec("from declared_options.options import *", names)
    taken = {k for k in names if not k.startswith("__")}
    assert taken == {"ConfigOption"} | {
        k for k, v in vars(options).items() if isinstance(v, ConfigOption)
    }
