"""The powers (§6.5-§6.11), each legal and illegal use, with the reason a refusal gives."""

from __future__ import annotations

import pytest

import abstracta
from tests.games.quin.helpers import state

LIGHTS = {"h5": "L", "l5": "l"}


def refused(s, move, reason):
    assert move not in s.moves()
    with pytest.raises(abstracta.IllegalMove, match=reason) as info:
        s.play(move)
    assert repr(move) in str(info.value)


def moves_starting(s, prefix):
    return [m for m in s.moves() if m.startswith(prefix)]


# -- Time (§6.5) ---------------------------------------------------------------------------

def test_time_into_the_iris_is_refused():
    s = state({**LIGHTS, "f3": "T", "e3": "p"})  # a North piece on South's side goes inward
    assert moves_starting(s, "time ") == ["time e3 e2"]
    refused(s, "time e3 e1", "never ends on the Iris")


def test_time_pushes_outward_on_the_owners_side_up_to_three_empty_spaces():
    s = state({**LIGHTS, "f3": "T", "k2": "r", "b2": "v", "b4": "s"})
    assert moves_starting(s, "time ") == ["time b2 b3", "time b4 b5", "time k2 k3", "time k2 k4", "time k2 k5"]
    refused(s, "time b2 b4", "not 1 to 3 empty spaces")


def test_time_cannot_push_a_piece_on_o_the_iris_or_the_horizon():
    s = state({**LIGHTS, "f3": "T", "o": "v", "k1": "s", "c4": "p"})
    assert moves_starting(s, "time ") == []
    refused(s, "time c4 c5", "cannot be pushed")


def test_time_needs_the_time_piece_on_the_board():
    s = state({**LIGHTS, "k2": "r"})
    refused(s, "time k2 k3", "no Time piece on the board")


def test_time_is_used_up_and_a_resurrected_time_waits_for_the_next_turn():
    s = state({**LIGHTS, "f3": "T", "k2": "r", "e4": "V"})
    s = s.play("time k2 k3")
    assert s.notation().split()[4] == "T/-" and s.notation().split()[7] == "T"
    s = s.play("raise T d5")  # D11: Time once per turn, even when resurrected
    assert s.notation().split()[7] == "TR"
    refused(s, "time k3 k4", "once per turn")
    s = s.play("e4-e3").play("l5-l4")
    assert "time k3 k4" in s.moves()


# -- Memory swap (§6.6) -------------------------------------------------------------------

def test_memory_swap_within_a_side_and_between_a_side_and_the_horizon():
    s = state({**LIGHTS, "e3": "M", "g4": "V", "c3": "P", "k3": "S"})
    assert moves_starting(s, "swap ") == ["swap e3 c3", "swap e3 g4", "swap e3 h5"]


def test_memory_swap_across_sides_is_refused():
    s = state({**LIGHTS, "e3": "M", "k3": "S"})
    refused(s, "swap e3 k3", "same side")


def test_memory_swap_on_the_rivals_side_is_allowed():
    s = state({**LIGHTS, "k4": "M", "k3": "S"})
    assert "swap k4 k3" in s.moves()


def test_memory_swap_with_both_squares_on_the_horizon_or_one_on_the_iris_is_refused():
    s = state({**LIGHTS, "c3": "M", "i3": "P", "e1": "V"})
    refused(s, "swap c3 i3", "both squares on the Horizon")
    refused(s, "swap c3 e1", "Iris or o")


def test_a_third_memory_use_is_refused():
    s = state({**LIGHTS, "e3": "M", "g4": "V"}, memory="2/0")
    assert moves_starting(s, "swap ") == []
    refused(s, "swap e3 g4", "twice this game")


def test_a_second_memory_swap_in_one_turn_is_refused():
    s = state({**LIGHTS, "e3": "M", "g4": "V"}).play("swap e3 g4")
    assert s.notation().split()[5:9] == ["1/0", "0/0", "M", "e3,g4"]
    refused(s, "swap g4 e3", "once per turn")


def test_locked_pieces_make_no_move_but_still_cast_gravity():
    s = state({**LIGHTS, "e4": "M", "g4": "V", "k2": "V"}).play("swap e4 g4")
    assert not [m for m in s.moves() if m.startswith(("e4-", "g4-"))]
    refused(s, "e4-e3", "locked")
    assert "gravity e4: k2-e3" in s.moves()  # the locked Void on e4 casts


def test_a_piece_raised_onto_a_locked_gateway_makes_no_move():
    # The Memory swaps with the Time on the Gateway, the Time is used, the Gateway is empty but locked.
    s = state({**LIGHTS, "d5": "M", "d4": "T", "k2": "r"}, removed=("S", ""))
    s = s.play("swap d5 d4").play("time k2 k3")
    assert s.notation().split()[7:9] == ["TM", "d4,d5"]
    s = s.play("raise S d5")
    assert not moves_starting(s, "d5-")
    assert abstracta.load("quin").parse(s.notation()).notation() == s.notation()


# -- Resurrection (§6.7) --------------------------------------------------------------------

def test_resurrection_once_per_game():
    s = state({**LIGHTS}, removed=("SV", ""))
    assert moves_starting(s, "raise ") == [f"raise {k} {g}" for k in "SV" for g in ("d5", "e5", "f5", "g5")]
    s = s.play("raise V e5")
    assert "e5V+" in s.notation()
    assert moves_starting(s, "raise ") == []
    refused(s, "raise S d5", "once per game")
    later = state({**LIGHTS}, removed=("SV", ""), raised="1/0")
    refused(later, "raise S d5", "once per game")


def test_resurrection_needs_an_open_gateway_and_a_removed_kind():
    s = state({**LIGHTS, "d5": "V"}, removed=("S", ""))
    refused(s, "raise S d5", "not open")
    refused(s, "raise P e5", "no removed P")
    refused(s, "raise S e4", "not one of your Gateways")


def test_a_raised_piece_moves_in_the_same_turn():
    s = state({**LIGHTS}, removed=("S", "")).play("raise S e5")
    assert "e5-e4" in s.moves()


# -- Reflection (§6.8) -----------------------------------------------------------------------

def test_reflection_landing_on_the_iris_is_refused():
    s = state({"f2": "R", "f4": "A", "h5": "L", "l5": "l"})
    assert moves_starting(s, "reflect ") == ["reflect f4 f3 via f2"]
    refused(s, "reflect f4 f1 via f2", "never on the Iris")


def test_reflection_needs_one_diameter_and_no_piece_on_the_iris_or_horizon():
    s = state({"f3": "R", "e4": "A", "f1": "L", "c4": "R", "c5": "A", "l5": "l"})
    assert moves_starting(s, "reflect ") == []
    refused(s, "reflect e4 f4 via f3", "not on one diameter")
    refused(s, "reflect f1 f4 via f3", "Iris or o")


def test_reflection_ignores_range_and_pieces_between_and_keeps_the_light_hidden():
    s = state({"f4": "R", "l5": "L", "l3": "v", "o": "s", "b5": "l"})
    after = s.play("reflect l5 f5 via f4")
    assert "f5L," in after.notation() and after.last_effects() == [
        {"kind": "reveal", "cell": "f4", "piece": {"kind": "reflector", "owner": 0}}]


# -- Gravity (§6.9) ------------------------------------------------------------------------------

def test_gravity_onto_the_iris_is_refused():
    s = state({**LIGHTS, "e2": "V", "g4": "V"})
    assert moves_starting(s, "gravity e2") == ["gravity e2: g4-d2", "gravity e2: g4-e3", "gravity e2: g4-f2"]
    refused(s, "gravity e2: g4-e1", "onto the Iris or o")


def test_gravity_cannot_be_cast_from_the_iris_but_moves_voids_off_it():
    s = state({**LIGHTS, "e1": "V", "g4": "V"})
    assert moves_starting(s, "gravity e1") == []
    refused(s, "gravity e1: g4-e2", "cast from the Iris")
    assert "gravity g4: e1-g3" in s.moves()


def test_gravity_destinations_must_be_empty_before_the_action():
    s = state({**LIGHTS, "e3": "V", "e2": "V", "e4": "V"})
    refused(s, "gravity e3: e2-e4", "empty space next to the caster")
    assert "gravity e3: e2-d3, e4-f3" in s.moves()
    assert "gravity e3: e4-f3, e2-d3" not in s.moves()  # pairs are written in square order


def test_gravity_may_place_a_void_on_the_horizon():
    s = state({**LIGHTS, "d3": "V", "g4": "V"})
    assert "gravity d3: g4-c3" in s.moves()


# -- Reinforcement and pass (§6.10, §6.11) --------------------------------------------------------------

def test_reinforcement_brings_at_most_one_piece_other_than_an_al():
    s = state({"e4": "L", "l5": "l", "d5": "V", "e5": "V", "f5": "V"}, reserve=("SAAR", "ssaaaarrmtppvvvv"))
    assert sorted(moves_starting(s, "reinforce ")) == sorted([
        "reinforce A@g5", "reinforce S@g5", "reinforce R@g5",
        "reinforce A@g5 A@h5",
        "reinforce S@g5 A@h5", "reinforce A@g5 S@h5", "reinforce R@g5 A@h5", "reinforce A@g5 R@h5",
        "reinforce A@h5", "reinforce S@h5", "reinforce R@h5",
    ])  # fmt: skip
    refused(s, "reinforce S@g5 R@h5", "at most one of them")
    after = s.play("reinforce A@g5 S@h5")
    assert "g5A," in after.notation() and "h5S," in after.notation()
    assert after.notation().split()[3] == "AR/ssaaaarrmtppvvvv"
    assert s.public_move("reinforce A@g5 S@h5") == "reinforce ?@g5 ?@h5"


def test_pass_only_when_nothing_else_exists():
    s = state({**LIGHTS, "e4": "S"})
    refused(s, "pass", "no move, Reflection, Gravity or Reinforcement")


def test_a_free_action_makes_the_turn_eventful():
    s = state({**LIGHTS, "f3": "T", "k2": "r", "e4": "S"}, quiet=5)
    assert s.play("e4-e3").notation().split()[-1] == "6"
    assert s.play("time k2 k3").play("e4-e3").notation().split()[-1] == "0"
