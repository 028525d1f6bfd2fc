"""Apache Flink's configuration options from their one declaration, backed by Rust.

* ``declared_options.dataframe``: seed 002's ``config``, buffered until the environment exists.
* :class:`TableEnvironment` runs ``SET`` / ``RESET`` / ``USE`` / ``SHOW OPTIONS``;
  ``get_config()`` gives a :class:`TableConfig` with typed ``get`` and ``set``.
* :func:`catalogue` lists every option of a Flink release (``engine="operator"``: of a release of
  the Flink Kubernetes Operator); :func:`validate` checks a ``config.yaml`` as
  ``flinkconf validate`` does; :func:`effective` gives what the Flink Kubernetes Operator hands to
  each FlinkDeployment and FlinkSessionJob of a manifest, every value with its source (the
  dictionary ``flinkconf effective --output-format json`` prints).
* ``declared_options.options``: a constant per option, with its docs.

>>> from datetime import timedelta
>>> from declared_options import TableEnvironment, options
>>> config = TableEnvironment.create().get_config()
>>> _ = config.set(options.TABLE_EXEC_MINI_BATCH_ALLOW_LATENCY, timedelta(seconds=5))
>>> config.get("table.exec.mini-batch.allow-latency")
datetime.timedelta(seconds=5)
>>> config.get(options.TABLE_EXEC_MINI_BATCH_ENABLED)
False

The Flink Kubernetes Operator's options, at one of its releases:

>>> from declared_options import catalogue
>>> catalogue(engine="operator")["job.autoscaler.utilization.target"].default
0.7
>>> "job.autoscaler.utilization.target" in catalogue(release="1.10", engine="operator")
False
"""

from typing import TYPE_CHECKING, Any

from ._native import (
    CURRENT_RELEASE,
    Catalogue,
    Diagnostic,
    EnvironmentSettings,
    OptionInfo,
    Secret,
    TableEnvironment,
    catalogue,
    effective,
    releases,
    validate,
)
from ._option import ConfigOption
from ._table_config import TableConfig
from .errors import (
    ConfigError,
    EnvironmentActiveError,
    InvalidValueError,
    NotSetError,
    StatementError,
    UnknownCatalogError,
    UnknownKeyError,
    UnknownKeyWarning,
)

if TYPE_CHECKING:
    from . import dataframe, options

__all__ = [
    "CURRENT_RELEASE",
    "Catalogue",
    "ConfigError",
    "ConfigOption",
    "Diagnostic",
    "EnvironmentActiveError",
    "EnvironmentSettings",
    "InvalidValueError",
    "NotSetError",
    "OptionInfo",
    "Secret",
    "StatementError",
    "TableConfig",
    "TableEnvironment",
    "UnknownCatalogError",
    "UnknownKeyError",
    "UnknownKeyWarning",
    "catalogue",
    "dataframe",
    "effective",
    "options",
    "releases",
    "validate",
]


def __getattr__(name: str) -> Any:
    # The option constants (a large module) and the seed's module load on first use.
    if name in ("options", "dataframe"):
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
