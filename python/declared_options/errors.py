"""Exceptions of ``declared_options``.

Each subclasses :class:`ConfigError` and the built-in exception a Python user already catches:
a bad value is a :class:`ValueError`, an unknown key a :class:`KeyError`, a change the
environment no longer allows a :class:`RuntimeError`. Messages come from the Rust core and never
show a secret's value.
"""

from typing import Optional, Sequence, Tuple

__all__ = [
    "ConfigError",
    "InvalidValueError",
    "UnknownKeyError",
    "NotSetError",
    "UnknownCatalogError",
    "EnvironmentActiveError",
    "StatementError",
    "UnknownKeyWarning",
]


class ConfigError(Exception):
    """Something about configuration went wrong; the message says what and what to do.

    ``key`` is the key concerned (``None`` when there is none); ``suggestions`` are known keys
    close to an unknown one, best first.
    """

    key: Optional[str]
    suggestions: Tuple[str, ...]

    def __init__(
        self, message: str, *, key: Optional[str] = None, suggestions: Sequence[str] = ()
    ) -> None:
        super().__init__(message)
        self.key = key
        self.suggestions = tuple(suggestions)

    def __str__(self) -> str:
        # KeyError would print the message's repr; every class here prints the message itself.
        return str(self.args[0]) if self.args else ""


class InvalidValueError(ConfigError, ValueError):
    """A value the option does not accept: the message names the key, the value (``******`` for
    a secret) and what is accepted."""


class UnknownKeyError(ConfigError, KeyError):
    """A key no option declares; the message (and ``suggestions``) name close known keys."""


class NotSetError(ConfigError, KeyError):
    """``RESET`` (or ``TableConfig.reset``) of a key the session never set."""


class UnknownCatalogError(ConfigError, KeyError):
    """A catalog or database that is not registered."""


class EnvironmentActiveError(ConfigError, RuntimeError):
    """A change the environment no longer allows: buffering after it was created, or setting an
    option that is read only at startup (such as ``execution.runtime-mode``)."""


class StatementError(ConfigError, ValueError):
    """A statement that does not parse, or a path or name the environment rejects."""


class UnknownKeyWarning(UserWarning):
    """A key no option declares, kept anyway: the startup ``config`` passes such keys through, as
    Flink does for keys of plugins no group declares; the message names close known keys."""
