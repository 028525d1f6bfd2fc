"""Configuration before the environment exists (seed 002).

A unified entry point for Flink configuration. The module-level singleton ``config`` accepts
any Flink configuration key and buffers the value until ``get_or_create_table_environment()``
creates the underlying environment. The values are supplied at creation time, so options that
can only be chosen then, such as ``execution.runtime-mode``, take effect.

Configuration must be set before the environment exists; ``config.set()`` raises once an
environment is active. An environment handed in with ``set_table_environment()`` is treated as
fully configured and does not receive buffered values.

Example::

    >>> import declared_options.dataframe as pf
    >>> _ = pf.config.set("parallelism.default", "4") \\
    ...              .set("execution.runtime-mode", "batch")
    >>> pf.config.get("parallelism.default")
    '4'
"""

from ._native import (
    StartupConfig,
    get_or_create_table_environment,
    set_table_environment,
    startup_config,
)

__all__ = [
    "config",
    "get_or_create_table_environment",
    "set_table_environment",
    "StartupConfig",
]

#: The process-wide buffer: ``config.set(key, value)`` (chainable) and ``config.get(key)``.
config: StartupConfig = startup_config()
