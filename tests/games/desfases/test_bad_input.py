"""Malformed and impossible positions, layouts and saved states raise NotationError naming the problem.

Each case starts from a valid position (the seed-42 layout, or W2's mid-game position) and breaks
one thing; the V-numbers are the consistency checks of rules §9.
"""

from __future__ import annotations

import json

import pytest

import abstracta
from abstracta import NotationError

from .positions import SEED_42, W11_BEFORE as W11, W2_BEFORE as W2

def game():
    return abstracta.load("desfases")


def test_the_base_positions_are_valid():
    for text in (SEED_42, W2, W11):
        assert game().parse(text).notation() == text


@pytest.mark.parametrize(
    "text, message",
    [
        # -- grammar -----------------------------------------------------------------------------
        (42, "a position is a string"),
        ("", "has 1 fields, expected 3"),
        (SEED_42 + " ", "has 4 fields"),
        (SEED_42.replace(" ", "  ", 1), "has 4 fields"),
        (" " + SEED_42, "has 4 fields"),
        (SEED_42.replace("/", ",", 1), "board has 4 ranks"),
        (SEED_42.replace("Mae,", "", 1), "rank 5 has 4 cells"),
        (SEED_42.replace("Mae", "Mx"), "cell a5 'Mx' is not tile[+coin][*pawn]"),
        (SEED_42.replace("Mae", "Mae*"), "cell a5"),
        (SEED_42.replace("Mae", "Mae*A*M"), "cell a5"),
        (SEED_42.replace("Mae", "mae"), "cell a5"),
        (SEED_42.replace("Mae", "Mae+"), "cell a5"),
        (SEED_42.replace("A3w*A", "A3w*A+S4"), "cell b5"),  # coin after pawn: wrong order
        (SEED_42.replace(";M:", ",M:"), "suits field has 3 records"),
        (SEED_42.replace("S:4:4", "M:4:4"), "suit record 1 'M:4:4:na235:0:live' is not S:die"),
        (SEED_42.replace("S:4:4:na235:0:live", "S:4:4:na235:00:live"), "suit record 1"),
        (SEED_42.replace("S:4:4:na235:0:live", "S:4:4:na235:0:alive"), "suit record 1"),
        (SEED_42.replace("S:4:4:na235", "S:6:4:na235"), "suit record 1"),
        (SEED_42.replace("S:4:4:na235", "S:4:4:"), "suit record 1"),
        (SEED_42[:-1] + "X", "turn 'X' must be a suit"),
        (SEED_42[:-1] + "S:fed", "turn 'S:fed' must be a suit"),
        # -- V1: the hole -------------------------------------------------------------------------
        (SEED_42.replace("#", "Snn", 1).replace("San,Snn,", "San,#,"), "V1: c1 is a '#' cell"),
        (SEED_42.replace("S2n,#", "S2n,#*S"), "V1: c3 is the hole: no pawn stands on it, got '#*S'"),
        (SEED_42.replace("S2n,#", "S2n,S2n"), "V1: c3 is the hole: no tile lies on it, got 'S2n'"),  # a tile on the hole
        (SEED_42.replace("S2n,#", "S2n,S2n*A").replace("A3w*A", "A3w"),
         "V1: c3 is the hole: no tile lies on it and no pawn stands on it"),  # fmt: skip
        (SEED_42.replace("S2n,#", "S2n,#Sx"), "V1: c3 is the hole: its cell is '#' followed only by the coins"),
        # -- V2: tiles --------------------------------------------------------------------------------
        (SEED_42.replace("S5n", "S4n"), "V2: tile S4 appears twice (a4 and a1)"),
        (SEED_42.replace("Mne", "Mae"), "V2: tile Ma appears twice (a5 and b4)"),
        # -- V3: pawns ---------------------------------------------------------------------------------
        (SEED_42.replace("A3w*A", "A3w*S"), "V3: the S pawn appears twice (b5 and a1)"),
        (SEED_42.replace("A3w*A", "A3w"), "V3: the pawn of A is missing"),
        (SEED_42.replace("A3w*A", "A3w").replace("M3e*M", "M3e*M*A"), "cell e3 'M3e*M*A' holds 2 pawns"),
        (SEED_42.replace("A3w*A", "A3w*X"), "cell b5 'A3w*X' is not tile[+coin][*pawn]"),  # no such suit
        (SEED_42.replace("A3w*A", "A3w").replace("S2n,#", "S2n,#*A"), "V1: c3 is the hole: no pawn stands on it"),
        (SEED_42.replace("Mae", "Mae+S4+S5"), "cell a5 'Mae+S4+S5' holds 2 scoring coins"),
        # -- V4: coins ---------------------------------------------------------------------------------
        (SEED_42.replace("S:4:4:na235", "S:4:4:na2345"), "V4: coin S4 appears twice (S's reservoir and S's timer)"),
        (SEED_42.replace("Mae", "Mae+S4"), "V4: coin S4 appears twice"),
        (SEED_42.replace("S:4:4:na235", "S:4:4:na23"), "V4: coins missing: S5"),
        (SEED_42.replace("S2n,#", "S2n,#S5").replace("S:4:4:na235", "S:4:4:na23"), None),  # valid: S5 in the hole
        (SEED_42.replace("S2n,#", "S2n,#S4"), "V4: coin S4 appears twice (the hole and S's timer)"),
        # -- V5: canonical order -------------------------------------------------------------------------
        (SEED_42.replace("S:4:4:na235", "S:4:4:an235"), "V5: S reservoir 'an235' is not in strictly increasing"),
        (W2.replace("#Ca", "#CaSn").replace("C3w+Sn", "C3w").replace("C:a:4:235:3", "C:a:4:235:0"),
         "V5: the hole's coins"),  # fmt: skip
        # -- V6: done suits -------------------------------------------------------------------------------
        (W11.replace("S:n:-:-:18:done", "S:a:-:-:18:done"), "V6: S is done, so its record must read n:-:-"),
        # -- V7: the turn ---------------------------------------------------------------------------------
        (W11[:-1] + "S", "V7: S is to act, but it is done"),
        (W11[:-1] + "-", "V7: the turn field is '-' (game over), yet C are live"),
        # -- V8: feed step -------------------------------------------------------------------------------------
        (SEED_42[:-1] + "S:feed", "V8: S is in its feed step"),
        # -- V9: timers -------------------------------------------------------------------------------------------
        (SEED_42.replace("S:4:4:na235", "S:5:4:na235"), "V9: S's die shows 5, above its timer coin 4"),
        (SEED_42.replace("S:4:4:na235", "S:4:-:na2345"), "V9: S is live and not feeding, so it needs a timer"),
        # -- V10: points -------------------------------------------------------------------------------------------
        (W2.replace("S:2:2:a35:11", "S:2:2:a35:12"), "V10: S has 12 points, but its scoring coins earned 11"),
        (SEED_42.replace("S:4:4:na235:0", "S:4:4:na235:7"), "V10: S has 7 points"),
    ],
)
def test_bad_positions_name_the_problem(text, message):
    if message is None:
        game().parse(text)  # a control case: the change keeps the position valid
        return
    with pytest.raises(NotationError) as info:
        game().parse(text)
    assert message in str(info.value)


def test_a_bad_layout_option_is_refused_when_loading():
    with pytest.raises(NotationError, match="V2: tile S4 appears twice"):
        abstracta.load("desfases", layout=SEED_42.replace("S5n", "S4n"))
    with pytest.raises(NotationError, match="V1"):
        abstracta.load("desfases", layout=SEED_42.replace("S2n,#", "S2n,S2n"))
    with pytest.raises(NotationError, match="V3: the S pawn appears twice"):
        abstracta.load("desfases", layout=SEED_42.replace("A3w*A", "A3w*S"))
    with pytest.raises(NotationError, match="V1: c3 is the hole: no pawn stands on it"):  # a pawn off the board's rules
        abstracta.load("desfases", layout=SEED_42.replace("A3w*A", "A3w").replace("S2n,#", "S2n,#*A"))
    with pytest.raises(NotationError, match="V9: S's die shows 5, above its timer coin 4"):  # a die off its suit's rules
        abstracta.load("desfases", players=2, layout=SEED_42.replace("S:4:4:na235", "S:5:4:na235"))


# -- saved states (from_json) ------------------------------------------------------------------------
def saved_after_w1():
    state = game().parse(SEED_42).play("a1-a4")
    return json.loads(json.dumps(state.to_json()))


def test_a_saved_state_round_trips_with_its_effects():
    data = saved_after_w1()
    restored = game().from_json(data)
    assert restored.to_json() == data
    assert [e["kind"] for e in restored.last_effects()] == ["rotate"] * 5 + ["move", "roll"]


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.pop("position"), "no 'position' field"),
        (lambda d: d.update(game="quin"), "saved state is for 'quin'"),
        (lambda d: d.update(options={"players": 3}), "saved options are not valid"),
        (lambda d: d.update(options=[]), "options must be an object"),
        (lambda d: d.update(position="nonsense"), "has 1 fields"),
        (lambda d: d.update(last_effects="rotate"), "last_effects"),
        (lambda d: d.update(last_effects=[{"kind": "fly"}]), "last_effects"),
        (lambda d: d["last_effects"].pop(0), "last_effects"),  # a turn missing
        (lambda d: d["last_effects"][0].update(facing="w"), "last_effects"),  # a facing the board does not show
        (lambda d: d["last_effects"][5].update(to="a3"), "last_effects"),  # the pawn is not there
        (lambda d: d["last_effects"][6].update(value=2), "last_effects"),  # the die does not show 2
        (lambda d: d["last_effects"].append({"kind": "eliminate", "player": 0, "suit": "S", "cause": "no coins left"}),
         "last_effects"),
    ],
)
def test_bad_saved_states_are_refused(change, message):
    data = saved_after_w1()
    change(data)
    with pytest.raises(NotationError, match=message):
        game().from_json(data)


def test_a_saved_state_must_be_an_object():
    with pytest.raises(NotationError, match="must be an object"):
        game().from_json("S:4")
