"""``effective()``: what the Flink Kubernetes Operator hands to each resource of a manifest, the
same dictionary ``flinkconf effective --output-format json`` prints."""

import json
import os
import subprocess
from pathlib import Path

import pytest

from declared_options import InvalidValueError, effective

DATA = Path(__file__).parents[2] / "flinkconf" / "tests" / "data" / "effective"
MANIFEST = DATA / "orders.yaml"
OPERATOR = DATA / "operator-configmap.yaml"


def setting(result, key):
    (found,) = [s for s in result["deployments"][0]["settings"] if s["key"] == key]
    return found


def test_each_value_has_its_layer_and_what_it_shadows():
    result = effective(MANIFEST, operator_config=OPERATOR)
    memory = setting(result, "taskmanager.memory.process.size")
    assert memory["source"]["layer"] == "spec-field"
    assert memory["source"]["path"] == "spec.taskManager.resource.memory"
    assert memory["shadows"][0]["value"] == "2g"
    slots = setting(result, "taskmanager.numberOfTaskSlots")
    assert slots["source"]["layer"] == "operator-version-default"
    assert slots["shadows"][0]["source"]["layer"] == "operator-namespace-default"


def test_secrets_are_masked():
    assert setting(effective(MANIFEST), "s3.secret-key")["value"] == "******"


def test_findings_come_with_rule_and_line():
    (finding,) = effective(MANIFEST)["deployments"][0]["findings"]
    assert (finding["rule"], finding["level"], finding["line"]) == ("replaced-by-spec", "warning", 23)


def test_a_file_without_resources_is_an_invalid_value():
    with pytest.raises(InvalidValueError):
        effective(OPERATOR)


def test_a_missing_file_is_file_not_found():
    with pytest.raises(FileNotFoundError):
        effective(DATA / "missing.yaml")


def test_the_same_as_flinkconf_effective():
    flinkconf = os.environ.get("FLINKCONF")
    if not flinkconf:
        pytest.skip("set FLINKCONF to a flinkconf binary to compare with it (.ci/run does)")
    command = [flinkconf, "effective", str(MANIFEST), "--operator-config", str(OPERATOR), "--output-format", "json"]
    printed = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
    assert effective(MANIFEST, operator_config=OPERATOR) == printed
