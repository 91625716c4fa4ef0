"""Coordinate and row helpers (core/board.py)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from abstracta.core.board import CANONICAL_NUMBER, decode_row, encode_row, file_major_names, square_name


def test_square_names():
    assert square_name(0, 0) == "a1"
    assert square_name(5, 5) == "f6"
    assert square_name(9, 7) == "j8"


@pytest.mark.parametrize("files, ranks", [(6, 6), (8, 8), (10, 8), (5, 9)])
def test_file_major_names_are_sorted_for_at_most_nine_ranks(files, ranks):
    names = file_major_names(files, ranks)
    assert len(names) == len(set(names)) == files * ranks
    assert names[0] == "a1" and names[1] == "a2" and names[ranks] == "b1"
    assert list(names) == sorted(names)


def test_every_six_square_row_round_trips():
    for cells in itertools.product([None, "R", "B"], repeat=6):
        text = encode_row(list(cells))
        assert decode_row(text, 6, "RB") == list(cells)
        assert "0" not in text and not any(a.isdigit() and b.isdigit() for a, b in zip(text, text[1:]))


@given(cells=st.lists(st.sampled_from([None, None, "K", "q", "x"]), min_size=1, max_size=9))
def test_rows_up_to_nine_wide_round_trip(cells):
    assert decode_row(encode_row(cells), len(cells), "Kqx") == cells


def test_encode_row_examples():
    assert encode_row([None] * 6) == "6"
    assert encode_row(["R"] * 6) == "RRRRRR"
    assert encode_row([None, "B", "R", None, None, None]) == "1BR3"
    assert encode_row([]) == ""


@pytest.mark.parametrize(
    "text, width, problem",
    [
        ("7", 6, "covers 7 squares"),
        ("5", 6, "covers 5 squares"),
        ("", 6, "covers 0 squares"),
        ("RRRRRRR", 6, "covers 7 squares"),
        ("33", 6, "two digits"),
        ("1B22", 6, "two digits"),
        ("06", 6, "0 is not a run"),
        ("R0RRRRR", 6, "0 is not a run"),
        ("1G4", 6, "unknown piece letter 'G'"),
        ("1r4", 6, "unknown piece letter 'r'"),
        ("1 4", 6, "unknown piece letter ' '"),
        ("\u0666", 6, "unknown piece letter"),  # regression: str.isdigit() took '٦' for 6
        ("\uff16", 6, "unknown piece letter"),
        ("\u00b2R4", 6, "unknown piece letter"),
    ],
)
def test_decode_row_errors_say_what_is_wrong(text, width, problem):
    with pytest.raises(ValueError) as info:
        decode_row(text, width, "RB")
    assert problem in str(info.value)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("text", ["0", "1", "7", "10", "123", "999999999999"])
def test_canonical_numbers(text):
    assert CANONICAL_NUMBER.fullmatch(text)


@pytest.mark.parametrize("text", ["", "00", "01", "-1", "+1", "1.0", " 1", "1_000", "\u0661", "1e3"])
def test_non_canonical_numbers(text):
    assert not CANONICAL_NUMBER.fullmatch(text)
