"""Option helpers (core/options.py): one validation path for every game's options."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from abstracta.core.options import (
    Option,
    choice_option,
    coerce_option_text,
    int_option,
    parse_option_pairs,
    resolve_options,
)

SPECS = (
    int_option("size", 6, 4, 8),
    int_option("limit", None, 1, allow_none=True),
    choice_option("setup", "ace", ["ace", "curiosity", 3]),
)


def test_defaults_are_filled_in_and_sorted_by_name():
    resolved = resolve_options("demo", SPECS, {})
    assert resolved == {"limit": None, "setup": "ace", "size": 6}
    assert list(resolved) == ["limit", "setup", "size"]
    assert resolve_options("demo", SPECS, {"size": 8, "limit": 10**6}) == {"limit": 10**6, "setup": "ace", "size": 8}


def test_resolve_does_not_change_its_input():
    given_options = {"size": 5}
    resolve_options("demo", SPECS, given_options)
    assert given_options == {"size": 5}


@pytest.mark.parametrize("name", ["colour", "Size", "", "size "])
def test_unknown_names_list_every_valid_one(name):
    with pytest.raises(ValueError) as info:
        resolve_options("demo", SPECS, {name: 1})
    message = str(info.value)
    assert repr(name) in message and "demo" in message
    assert "valid options: limit, setup, size" in message


def test_a_game_without_options_says_so():
    assert resolve_options("bare", (), {}) == {}
    with pytest.raises(ValueError, match=r"valid options: \(none\)"):
        resolve_options("bare", (), {"x": 1})


@pytest.mark.parametrize(
    "options, allowed",
    [
        ({"size": 3}, "an int from 4 to 8"),
        ({"size": 9}, "an int from 4 to 8"),
        ({"size": True}, "an int from 4 to 8"),
        ({"size": 6.0}, "an int from 4 to 8"),
        ({"size": "6"}, "an int from 4 to 8"),
        ({"size": None}, "an int from 4 to 8"),
        ({"limit": 0}, "None or an int >= 1"),
        ({"limit": False}, "None or an int >= 1"),
        ({"setup": "grail"}, "one of 'ace', 'curiosity', 3"),
        ({"setup": 3.0}, "one of 'ace', 'curiosity', 3"),
        ({"setup": True}, "one of 'ace', 'curiosity', 3"),
    ],
)
def test_bad_values_name_the_option_and_what_is_allowed(options, allowed):
    with pytest.raises(ValueError) as info:
        resolve_options("demo", SPECS, options)
    (name, value), = options.items()
    assert f"{name}={value!r}" in str(info.value)
    assert allowed in str(info.value)


def test_choices_match_by_type_too():
    assert resolve_options("demo", SPECS, {"setup": 3})["setup"] == 3
    assert resolve_options("demo", SPECS, {"setup": "curiosity"})["setup"] == "curiosity"


def test_option_is_frozen():
    option = int_option("size", 6, 4, 8, help="board size")
    assert isinstance(option, Option) and option.help == "board size"
    with pytest.raises(dataclasses.FrozenInstanceError):
        option.default = 7


@given(value=st.integers(-100, 100))
def test_int_option_bounds(value):
    assert int_option("n", 1, 1, 12).check(value) == (1 <= value <= 12)
    assert int_option("n", 1, 1).check(value) == (value >= 1)


@pytest.mark.parametrize(
    "text, value",
    [
        ("7", 7),
        (" 7 ", 7),
        ("-2", -2),
        ("0", 0),
        ("none", None),
        ("None", None),
        ("NULL", None),
        ("true", True),
        ("False", False),
        ("grail", "grail"),
        (" ace ", "ace"),
        ("", ""),
        ("1.5", "1.5"),
    ],
)
def test_coerce_option_text(text, value):
    coerced = coerce_option_text(text)
    assert coerced == value and type(coerced) is type(value)


def test_parse_option_pairs():
    assert parse_option_pairs([]) == {}
    assert parse_option_pairs(["reserve=7", "max_turns=none"]) == {"reserve": 7, "max_turns": None}
    assert parse_option_pairs([" reserve = 7 "]) == {"reserve": 7}
    assert parse_option_pairs(["setup=a=b"]) == {"setup": "a=b"}
    assert parse_option_pairs(["reserve=7", "reserve=8"]) == {"reserve": 8}  # the last one counts


@pytest.mark.parametrize("pair", ["reserve", "=7", " =7", ""])
def test_parse_option_pairs_rejects_pairs_without_a_name_or_equals(pair):
    with pytest.raises(ValueError, match="key=value"):
        parse_option_pairs([pair])


def test_option_pairs_feed_a_game():
    import abstracta

    game = abstracta.load("strategic-reserve", **parse_option_pairs(["reserve=7", "max_turns=20"]))
    assert game.options == {"max_turns": 20, "reserve": 7}
    with pytest.raises(ValueError, match="reserve"):
        abstracta.load("strategic-reserve", **parse_option_pairs(["reserve=true"]))
