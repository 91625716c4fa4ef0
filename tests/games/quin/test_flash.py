"""The flash table of rules §7.1, every attacker kind against every defender kind.

The expected table is written out by hand from §2.4 (capture sets) and §7.1 (rule order:
Void, same kind, capture set, swap), then checked twice: against ``pieces.FLASH`` and by
really playing each flash on the board.
"""

from __future__ import annotations

import pytest

import abstracta
from abstracta.games.quin.pieces import FLASH, KIND_LETTERS, KIND_WORDS, RESULT_NAMES

KINDS = "LSARMTPV"
# Rows: attacker; columns: defender, in kind order L S A R M T P V. C capture, W swap, B both.
EXPECTED = {
    "L": "CCCCCCCC",  # the Light takes everything, a Void included (rule 1 spares L and A)
    "S": "CWCCCWCB",  # Shadows swap; no T; a Void takes it down with it
    "A": "CCBWCWCC",  # ALs annihilate each other; no T, no R; takes a Void
    "R": "WWWBWWWB",  # captures nothing
    "M": "WWWWBWWB",  # captures nothing
    "T": "CCCCCBCB",  # everything but V
    "P": "WCWWWWBB",  # only the Shadow
    "V": "CCCCCCCB",  # everything; Void on Void is same kind: both
}
WORDS = {"C": "capture", "W": "swap", "B": "both"}
PAIRS = [(a, d) for a in KINDS for d in KINDS]


def piece_json(letter: str) -> dict:
    """A kind letter (upper case South, lower case North) as an effect names the piece."""
    return {"kind": KIND_WORDS[KINDS.index(letter.upper())], "owner": int(letter.islower())}


def letter_of(piece: dict) -> str:
    letter = KINDS[KIND_WORDS.index(piece["kind"])]
    return letter.lower() if piece["owner"] else letter


def test_the_table_in_the_engine_is_the_rules_table():
    for a, d in PAIRS:
        assert RESULT_NAMES[FLASH[KIND_LETTERS.index(a)][KIND_LETTERS.index(d)]] == WORDS[EXPECTED[a][KINDS.index(d)]]


def _reserve(placed: str) -> str:
    letters = "LSSAAAARRMTPPVVVV"
    for char in placed:
        letters = letters.replace(char, "", 1)
    return letters or "-"


def flash_position(attacker: str, defender: str) -> str:
    """South's ``attacker`` on f3 next to North's ``defender`` on f2; everything else in reserve."""
    south = {"f3": attacker}
    north = {"f2": defender.lower()}
    if attacker != "L":
        south["h5"] = "L"
    if defender != "L":
        north["l5"] = "l"
    board = ",".join(sq + piece for sq, piece in sorted({**south, **north}.items()))
    reserve = f"{_reserve(''.join(south.values()))}/{_reserve(''.join(north.values()).upper()).lower()}"
    return f"{board} S play {reserve} -/- 0/0 0/0 - - 10 0"


@pytest.mark.parametrize("attacker, defender", PAIRS, ids=[f"{a}x{d}" for a, d in PAIRS])
def test_each_flash_on_the_board(attacker, defender):
    state = abstracta.load("quin").parse(flash_position(attacker, defender))
    after = state.play("f3-f2")
    result = WORDS[EXPECTED[attacker][KINDS.index(defender)]]
    flash = [e for e in after.last_effects() if e["kind"] == "contest"]
    assert flash == [{"kind": "contest", "cell": "f2", "from": "f3", "attacker": piece_json(attacker),
                      "defender": piece_json(defender.lower()), "result": result}]  # fmt: skip
    board = dict((entry[:2], entry[2:]) for entry in after.notation().split()[0].split(","))
    removed = [letter_of(e["piece"]) for e in after.last_effects() if e["kind"] == "remove"]
    if result == "capture":
        assert board["f2"] == attacker + "+" and "f3" not in board
        assert removed == [defender.lower()]
    elif result == "swap":
        assert board["f2"] == attacker + "+" and board["f3"] == defender.lower() + "+"
        assert removed == []
    else:
        assert "f2" not in board and "f3" not in board
        assert removed == [defender.lower(), attacker]
    # A captured Light ends the game for its owner; nothing else here ends it.
    assert after.over == (defender == "L" and result in ("capture", "both"))
