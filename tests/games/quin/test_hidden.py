"""Hidden information (§9.3, §6.13, D22): what a view shows, and that it shows nothing more.

The central property: two full states that differ only in the kinds of one player's
unrevealed pieces (board and reserve) give that player's rival identical views, view
notations and JSON, identical legal moves, and identical views after each rival move
that reveals none of those pieces.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import abstracta
from abstracta.games.quin.view import QuinView

STANDARD_BY_NORTH = (
    "a2v,a3s,a4r,b4v,b5p,d4?,d5?,e2?,e3?,e4?,f3?,f4?,f5?,g2?,g3?,g4?,h4?,h5?,j4v,j5p,k2v,k3s,k4r,l3t,l4m,l5l "
    "S play 4/aaaa -/- 0/0 0/0 - - 0 0 N"
)
SETUPS = ["standard", "random", "manual"]


def playout(game, seed, plies):
    rng = random.Random(seed)
    state = game.start(seed)
    states = [state]
    while not state.over and len(states) <= plies:
        state = state.play(rng.choice(state.moves()))
        states.append(state)
    return states


# -- the twin construction ---------------------------------------------------------------------

def shuffled_twin(state, owner, rng):
    """``state``'s notation with the kinds of ``owner``'s unrevealed pieces (board, except ``o``, and
    reserve) shuffled among themselves; None when the shuffle gives an impossible position."""
    fields = state.notation().split(" ")
    entries = fields[0].split(",") if fields[0] != "-" else []
    is_owner = str.isupper if owner == 0 else str.islower
    hidden = [i for i, e in enumerate(entries) if not e.endswith("+") and is_owner(e[-1]) and not e.startswith("o")]
    halves = fields[3].split("/")
    reserve = "" if halves[owner] == "-" else halves[owner]
    kinds = [entries[i][-1] for i in hidden] + list(reserve)
    rng.shuffle(kinds)
    for i, kind in zip(hidden, kinds):
        entries[i] = entries[i][:-1] + kind
    halves[owner] = "".join(sorted(kinds[len(hidden):], key="LSARMTPVlsarmtpv".index)) or "-"
    fields[0] = ",".join(entries) or "-"
    fields[3] = "/".join(halves)
    try:
        return state.game.parse(" ".join(fields))
    except abstracta.NotationError:  # e.g. a Light moved off the Gateways during setup
        return None


def reveals_any(state, owner):
    return any(e["piece"]["owner"] == owner for e in state.last_effects() if e["kind"] == "reveal")


def assert_same_view(a, b, viewer):
    va, vb = a.view(viewer), b.view(viewer)
    assert va.notation() == vb.notation()
    assert va.to_json() == vb.to_json()
    assert json.dumps(va.last_effects()) == json.dumps(vb.last_effects())
    assert va.moves() == vb.moves()
    assert (va.player, va.seat, va.over, va.returns(), va.scores()) == (vb.player, vb.seat, vb.over, vb.returns(), vb.scores())


@pytest.mark.parametrize("setup", SETUPS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_shuffling_hidden_kinds_changes_nothing_the_rival_sees(setup, seed):
    game = abstracta.load("quin", setup=setup)
    rng = random.Random(seed)
    states = playout(game, seed, 160)
    checked = differing = 0
    for state in states[:: max(1, len(states) // 12)]:
        if state.over:
            continue
        original = game.parse(state.notation())
        for owner in (0, 1):
            viewer = 1 - owner
            twin = shuffled_twin(state, owner, rng)
            if twin is None:
                continue
            differing += twin.notation() != original.notation()
            assert_same_view(original, twin, viewer)
            if original.player != viewer:
                continue
            assert original.moves() == twin.moves()  # D22: no move depends on hidden rival kinds
            for move in original.moves()[:40]:
                a, b = original.play(move), twin.play(move)
                assert original.public_move(move) == twin.public_move(move) == a.public_move(move)
                if not reveals_any(a, owner) and not reveals_any(b, owner):
                    assert_same_view(a, b, viewer)
                    checked += 1
    assert (checked and differing) or len(states) < 3  # the property was really exercised


def test_the_standard_start_seen_by_north():
    start = abstracta.load("quin", setup="standard").start()
    view = start.view(1)
    assert view.notation() == STANDARD_BY_NORTH
    assert view.viewer == 1 and view.player == 0 and view.seat == "S" and not view.over
    assert abstracta.load("quin").parse(STANDARD_BY_NORTH).notation() == STANDARD_BY_NORTH


def test_a_time_push_names_the_hidden_piece_only_to_its_owner():
    state = abstracta.load("quin").parse("e4p,f3T,f5L,k3r,l5l S play AAAA/aaaa SSRRMPPVVVV/ssrmtpvvvv 0/0 1/1 - - 40 2")
    after = state.play("time e4 e2")
    push = {"kind": "move", "cause": "time push", "from": "e4", "to": "e2", "piece": {"kind": "peripheral", "owner": 1}}
    assert push in after.last_effects()
    assert push in after.view(1).last_effects()  # North owns it
    masked = {**push, "piece": {"kind": "hidden", "owner": 1}}
    assert masked in after.view(0).last_effects()  # South pushed it, but never saw it
    assert masked in after.view(None).last_effects()
    assert "e2?" in after.view(0).notation()
    restored = abstracta.load("quin").from_json(after.view(0).to_json())
    assert restored.last_effects() == after.view(0).last_effects()


def test_view_shows_a_light_on_first_sight():
    # W15: the Light reached o without a flash, so it is unrevealed; its win is public, and so is it.
    state = abstracta.load("quin").parse("f2L,l5l S play AAAA/aaaa SSRRMTPPVVVV/ssrrmtppvvvv 0/0 1/1 - - 100 3")
    view = state.play("f2-o").view(1)
    assert view.notation() == "l5l,oL N play 4/aaaa SSRRMTPPVVVV/ssrrmtppvvvv 0/0 1/1 - - 101 4 N"
    assert view.over and view.returns() == [1.0, -1.0]
    parsed = abstracta.load("quin").parse(view.notation())
    assert parsed.over and parsed.returns() == [1.0, -1.0]


def test_public_forms_of_moves():
    state = abstracta.load("quin", setup="manual").start()
    assert state.public_move("place L f5") == "place ? f5"
    assert state.public_move("ready") == "ready"
    s = abstracta.load("quin").parse("d5P,e4A,h5P,l5l S play LAA/aaaa SSARRMTVVVV/ssrrmtppvvvv 0/0 0/1 - - 70 12")
    assert s.public_move("reinforce A@e5 A@f5 L@g5") == "reinforce ?@e5 ?@f5 ?@g5"
    for move in ("e4-e2", "raise S f5", "d3-b3 over c3", "gravity d4: h4-c4, k2-d3", "pass", "time e4 e2"):
        assert s.public_move(move) == move
    assert s.view(1).public_move("reinforce L@g5") == "reinforce ?@g5"


def _rival_sees(state, viewer):
    """Everything a rival or a spectator is shown of ``state``: the view notation, its JSON and its
    last_effects, for ``viewer`` and for a spectator."""
    return [(v.notation(), json.dumps(v.to_json()), json.dumps(v.last_effects()))
            for v in (state.view(viewer), state.view(None))]  # fmt: skip


def test_the_light_coming_in_looks_like_an_al_to_the_rival():
    """D17b: in the seed-7 random start South may bring its Light or an AL in on h5; North and a
    spectator are shown the same in every form, and keep being shown the same as play goes on."""
    start = abstracta.load("quin").start(seed=7)
    light, al = start.play("reinforce L@h5"), start.play("reinforce A@h5")
    assert start.public_move("reinforce L@h5") == start.public_move("reinforce A@h5") == "reinforce ?@h5"
    assert start.view(1).public_move("reinforce L@h5") == "reinforce ?@h5"
    assert light.notation() != al.notation()
    assert _rival_sees(light, 1) == _rival_sees(al, 1)
    assert light.view(1).notation().split()[3] == "4/laaaa" and "h5?" in light.view(1).notation()
    assert light.moves() == al.moves()
    for move in ("b3-b2", "e4-e3", "a3-a2"):  # play goes on: still nothing tells them apart
        light, al = light.play(move), al.play(move)
        assert _rival_sees(light, 1) == _rival_sees(al, 1)


def test_a_reflected_light_looks_like_a_reflected_al_to_the_rival():
    """A Reflection reveals only the Reflector: the reflected piece stays a "?" to the rival."""
    before = abstracta.load("quin").parse("d5P,f3R,h5P,l5l S play LAAAA/aaaa SSRMTVVVV/ssrrmtppvvvv 0/0 0/0 - - 9 0")
    light = before.play("reinforce L@f5").play("l5-l4").play("reflect f5 f2 via f3")
    al = before.play("reinforce A@f5").play("l5-l4").play("reflect f5 f2 via f3")
    assert light.notation() != al.notation()
    assert _rival_sees(light, 1) == _rival_sees(al, 1)
    assert "f2?" in light.view(1).notation() and "f3R+" in light.view(1).notation()


def test_spectator_view_hides_both_sides_and_names_owners():
    start = abstracta.load("quin", setup="standard").start()
    view = start.view(None)
    text = view.notation()
    assert "a2?N" in text and "f5?S" in text and text.split()[3] == "4/4" and text.split()[-1] == "-"
    assert abstracta.load("quin").parse(text).notation() == text
    assert view.moves() == []


def test_a_views_moves_are_the_viewers_own_and_play_in_a_consistent_world():
    game = abstracta.load("quin")
    for seed in range(6):
        for state in playout(game, seed, 60)[::7]:
            if state.over:
                continue
            mover, other = state.player, 1 - state.player
            view = state.view(mover)
            assert view.moves() == state.moves()
            assert state.view(other).moves() == []
            with pytest.raises(abstracta.IllegalMove, match="not the viewer's"):
                state.view(other).play(state.moves()[0])
            world = view.world()
            assert world.view(mover).notation() == view.notation()
            assert view.determinize(random.Random(seed)).view(mover).notation() == view.notation()
            for move in state.moves()[:15]:
                real = state.play(move)
                if not reveals_any(real, other):
                    assert view.play(move).view(mover).notation() == real.view(mover).notation()


def test_a_determinized_random_start_keeps_the_rivals_light_in_reserve():
    """The worlds a view's playouts start from (the analysis's win chances) keep to the setup:
    in a random start the rival's Light and ALs are all in its reserve."""
    view = abstracta.load("quin").start(seed=3).view(0)
    for seed in range(30):
        world = view.determinize(random.Random(seed))
        assert world.view(0).notation() == view.notation()
        assert world.reserve[1] == (1, 0, 4, 0, 0, 0, 0, 0)


def test_views_in_setup_hide_placed_pieces_and_the_reserve():
    state = abstracta.load("quin", setup="manual").start().play("place L f5").play("place T e3").play("ready")
    assert state.view(1).notation() == "e3?,f5? N setup 15/lssaaaarrmtppvvvv -/- 0/0 0/0 - - 0 0 N"
    assert state.view(0).notation() == "e3T,f5L N setup SSAAAARRMPPVVVV/17 -/- 0/0 0/0 - - 0 0 S"
    assert isinstance(state.view(0), QuinView)
    world = state.view(1).world()
    assert world.notation().split()[1:3] == ["N", "setup"]
    assert world.moves() == state.moves()


def test_a_view_refuses_bad_moves_without_telling_anything():
    state = abstracta.load("quin", setup="standard").start()
    view = state.view(0)
    for move in ("l5-l4", "zz", [], None):
        with pytest.raises(abstracta.IllegalMove) as info:
            view.play(move)
        assert view.notation() not in str(info.value) and state.notation() not in str(info.value)  # the reason only


def test_a_view_only_answers_for_its_own_viewer():
    view = abstracta.load("quin").start(1).view(0)
    assert view.view(0) is view
    with pytest.raises(ValueError):
        view.view(1)


@pytest.mark.parametrize(
    "text, problem",
    [
        ("f5?,l5l S play AAAA/aaaa -/- 0/0 0/0 - - 0 0", "only allowed in a view"),
        ("f5?,l5l S play 4/lssaaaarrmtppvvvv -/- 0/0 0/0 - - 0 0 N", "Q2 piece totals: S has 0 known pieces and 5 hidden"),
        ("f5L,l5? S play SSAAAARRMTPPVVVV/15 -/- 0/0 0/0 - - 0 0 S", "Q2"),
        ("f5L,l5? S play SSAAAARRMTPPVVVV/aaaa -/- 0/0 0/0 - - 0 0 S", "hidden reserve count"),
        ("f5L,l5?N S play SSAAAARRMTPPVVVV/16 -/- 0/0 0/0 - - 0 0 S", "a player's view writes a hidden piece as l5\\?"),
        ("f5?,l5l S play 16/lssaaaarrmtppvvvv -/- 0/0 0/0 - - 0 0 -", "spectator"),
        ("f5L,l5l S play SSAAAARRMTPPVVVV/ssaaaarrmtppvvvv -/- 0/0 0/0 - - 0 0 X", "viewer"),
    ],
)
def test_malformed_views(text, problem):
    with pytest.raises(abstracta.NotationError, match=problem):
        abstracta.load("quin").parse(text)
