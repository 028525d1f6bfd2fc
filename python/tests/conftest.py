"""Every test starts with an empty startup buffer and no process-wide environment."""

import pytest

from declared_options import _native


@pytest.fixture(autouse=True)
def fresh_startup():
    _native._reset_startup()
    yield
    _native._reset_startup()
