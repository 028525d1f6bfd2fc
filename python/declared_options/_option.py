"""``ConfigOption``: the handle of one option, as the constants of ``declared_options.options``
hold it."""

import re
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from ._native import OptionInfo

T = TypeVar("T")

_PLACEHOLDER = re.compile(r"<[^<>]*>")

_CLASS_DOC = """The handle of one option: its ``key``, usable wherever a key is accepted.

The type parameter is the Python type ``TableConfig.get`` returns for the option. ``info`` is the
option's catalogue entry; the handle's ``__doc__`` (what ``help()`` shows) is its docstring.
"""


class _Doc:
    """``__doc__``: the class's own text on the class, the option's docstring on a handle."""

    def __get__(self, handle: Any, owner: Any = None) -> str:
        if handle is None:
            return _CLASS_DOC
        info = handle.info
        return info.doc if info is not None else _CLASS_DOC


class ConfigOption(Generic[T]):
    __slots__ = ("key",)
    __doc__ = _Doc()  # type: ignore[assignment]

    key: str

    def __init__(self, key: str) -> None:
        self.key = key

    @property
    def info(self) -> "OptionInfo":
        """The option's entry in the catalogue (type, default, scope, description, ...)."""
        from ._native import catalogue

        return catalogue()[self.key]

    def instance(self, *names: str) -> "ConfigOption[T]":
        """The option of one instance of a pattern key, its placeholders filled in order:
        ``METRICS_REPORTER_NAME_INTERVAL.instance("prom").key`` is
        ``"metrics.reporter.prom.interval"``."""
        placeholders = _PLACEHOLDER.findall(self.key)
        if len(names) != len(placeholders) or not placeholders:
            raise ValueError(
                f"{self.key} has {len(placeholders)} placeholder(s) "
                f"({', '.join(placeholders) or 'none'}); got {len(names)} name(s)"
            )
        filled = iter(names)
        return ConfigOption(_PLACEHOLDER.sub(lambda _: next(filled), self.key))

    def __repr__(self) -> str:
        return f"ConfigOption({self.key!r})"

    def __str__(self) -> str:
        return self.key

    # A handle equals its key, so it finds what was stored under the key (a TableConfig's cache).
    def __eq__(self, other: object) -> bool:
        if isinstance(other, ConfigOption):
            return other.key == self.key
        if isinstance(other, str):
            return other == self.key
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.key)
