"""Quin's reserve and removed fields write an empty half as '-': an empty part is refused, not read as '-'."""

from __future__ import annotations

import pytest

import abstracta
from abstracta.core.errors import NotationError

START = "a2v,a3s S play AAAA/aaaa -/- 0/0 0/0 - - 0 0"


def fields_of(text: str) -> list[str]:
    return text.split(" ")


@pytest.mark.parametrize("field", [3, 4])  # reserve, removed
@pytest.mark.parametrize("bad", ["/-", "-/", "/", "A/", "/a"])
def test_an_empty_half_is_a_notation_error(field, bad):
    game = abstracta.load("quin")
    state = game.start(seed=1)
    while state.notation().split(" ")[2] != "play":  # past the setup, where both fields are in use
        state = state.play(state.moves()[0])
    parts = fields_of(state.notation())
    parts[field] = bad
    with pytest.raises(NotationError, match="empty half"):
        game.parse(" ".join(parts))


def test_a_written_position_still_reads_back():
    game = abstracta.load("quin")
    state = game.start(seed=2)
    for _ in range(30):
        if state.over:
            break
        state = state.play(state.moves()[len(state.moves()) // 2])
        assert game.parse(state.notation()).notation() == state.notation()
