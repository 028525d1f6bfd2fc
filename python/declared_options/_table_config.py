"""``TableConfig``: the Rust class with ``get`` answered from its cache in Python.

The environment keeps every immutable value it has converted, by key, in a dictionary it empties
on every change; a ``get`` that finds its key there costs one Python call and one probe, with no
call into Rust (a call through the stable ABI costs more than the probe).
"""

from typing import TYPE_CHECKING, Any

from . import _native

if TYPE_CHECKING:
    from ._keys import Get


class TableConfig(_native.TableConfig):
    """The configuration of a ``TableEnvironment`` (a view: it sees every change).

    ``get(key)`` returns Python types, ``set(key, value)`` takes them or Flink's string form; see
    the package's documentation for the mapping.
    """

    __slots__ = ("_values",)

    def __init__(self, env: "_native.TableEnvironment") -> None:
        self._values = self._cache

    if TYPE_CHECKING:
        # Typed by key: the generated overloads of _keys.pyi.
        get: Get
    else:

        def get(self, key: Any) -> Any:
            """The value of ``key`` (a ``str`` or an option constant) as its Python type: what
            the session set, else the environment's configuration, else the default (``None``
            when there is none)."""
            try:
                return self._values[key]
            except KeyError:
                return self._read(key)
