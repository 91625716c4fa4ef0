"""Game options: one declaration per option, validated the same way for every game.

A game lists its options as :class:`Option` values; :func:`resolve_options`
fills defaults and rejects unknown names or bad values with a ``ValueError``
whose message lists what is valid.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping


@dataclass(frozen=True)
class Option:
    """One game option.

    ``allowed`` is the human description of the legal values ("an int from 1
    to 12"); ``check`` returns True for a legal value. A ``variant`` option (one that
    changes the rules into a variant, added after games were saved) stays out of the
    resolved options while it has its default, so the options of a game under the
    default rules read as they did before the option existed.
    """

    name: str
    default: Any
    allowed: str
    check: Callable[[Any], bool]
    help: str = ""
    choices: tuple[Any, ...] = field(default=())
    variant: bool = False


def _is_int(value: Any) -> bool:
    # bool is an int subclass, but True is not a sensible checker count.
    return isinstance(value, int) and not isinstance(value, bool)


def int_option(
    name: str,
    default: Any,
    low: int,
    high: int | None = None,
    *,
    allow_none: bool = False,
    help: str = "",
) -> Option:
    """An integer option in ``[low, high]`` (``high=None``: no upper bound), optionally ``None``."""
    span = f"an int from {low} to {high}" if high is not None else f"an int >= {low}"
    allowed = f"None or {span}" if allow_none else span

    def check(value: Any) -> bool:
        if value is None:
            return allow_none
        return _is_int(value) and value >= low and (high is None or value <= high)

    return Option(name, default, allowed, check, help)


def choice_option(name: str, default: Any, choices: Iterable[Any], *, help: str = "", variant: bool = False) -> Option:
    """An option that takes one of a fixed set of values (``variant``: see :class:`Option`)."""
    values = tuple(choices)
    allowed = "one of " + ", ".join(repr(v) for v in values)
    return Option(
        name, default, allowed, lambda v: any(v == c and type(v) is type(c) for c in values), help, values, variant
    )


def resolve_options(game_slug: str, specs: Iterable[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Return the options in force (sorted by name), defaults filled in (a ``variant`` option only when set).

    >>> resolve_options("demo", [int_option("size", 6, 4, 8)], {})
    {'size': 6}
    >>> resolve_options("demo", [int_option("size", 6, 4, 8)], {"colour": 1})
    Traceback (most recent call last):
    ...
    ValueError: unknown option 'colour' for demo; valid options: size
    """
    by_name = {spec.name: spec for spec in specs}
    valid = ", ".join(sorted(by_name)) or "(none)"
    for name in given:
        if name not in by_name:
            raise ValueError(f"unknown option {name!r} for {game_slug}; valid options: {valid}")
    resolved = {}
    for name in sorted(by_name):
        spec = by_name[name]
        value = given.get(name, spec.default)
        if not spec.check(value):
            raise ValueError(f"option {name}={value!r} is not allowed for {game_slug}: expected {spec.allowed}")
        if spec.variant and value == spec.default:
            continue
        resolved[name] = value
    return resolved


def coerce_option_text(text: str) -> Any:
    """Turn the text of a ``key=value`` option (command line, query string) into a value.

    >>> [coerce_option_text(t) for t in ["7", "none", "true", "grail", "-2"]]
    [7, None, True, 'grail', -2]
    """
    lowered = text.strip().lower()
    if lowered in ("none", "null"):
        return None
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(text)
    except ValueError:
        return text.strip()


def parse_option_pairs(pairs: Iterable[str]) -> dict[str, Any]:
    """Parse ``["reserve=7", "max_turns=none"]`` into a dict; a pair without ``=`` is a ``ValueError``."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"option {pair!r} must be written key=value, e.g. reserve=7")
        options[name.strip()] = coerce_option_text(value)
    return options
