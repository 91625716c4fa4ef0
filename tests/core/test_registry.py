"""The registry (core/registry.py), ``abstracta.games()`` and the contract's value semantics."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

import abstracta
from abstracta.core import Game, State, game_slugs, load
from abstracta.core.registry import game_class


def run_python(code):
    """Run ``code`` in a fresh interpreter (import order matters), returning its stdout."""
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_games_is_a_sorted_list_of_slugs():
    games = abstracta.games()
    assert isinstance(games, list) and games == sorted(games)
    assert all(isinstance(slug, str) and slug == slug.lower() and "_" not in slug for slug in games)
    assert "strategic-reserve" in games
    assert games == list(game_slugs())
    games.append("junk")  # a fresh list each call: the caller cannot corrupt the registry
    assert "junk" not in abstracta.games()


@pytest.mark.parametrize("slug", abstracta.games())
def test_every_slug_loads_its_game(slug):
    game = abstracta.load(slug)
    assert isinstance(game, Game) and game.slug == slug
    assert game_class(slug) is type(game)
    assert isinstance(game.start(0), State)


@pytest.mark.parametrize("slug", ["chess", "Strategic-Reserve", "strategic_reserve", "strategic-reserve ", "", 42, None])
def test_load_of_an_unknown_slug_lists_the_valid_games(slug):
    with pytest.raises(ValueError) as info:
        abstracta.load(slug)
    message = str(info.value)
    assert repr(slug) in message
    for valid in abstracta.games():
        assert valid in message


def test_load_passes_options_through():
    assert load("strategic-reserve", reserve=7).options == {"max_turns": None, "reserve": 7}
    with pytest.raises(ValueError, match="valid options: board, max_turns, reserve"):
        load("strategic-reserve", colour="red")


def test_importing_a_game_package_keeps_games_callable():
    out = run_python(
        """
        import abstracta.games.strategic_reserve
        import abstracta
        from abstracta.games import strategic_reserve
        print(abstracta.games(), strategic_reserve.GAME.slug, callable(abstracta.games))
        """
    )
    assert "'strategic-reserve'" in out and out.endswith("strategic-reserve True")


def test_listing_games_imports_no_engine():
    out = run_python(
        """
        import sys, abstracta
        abstracta.games()
        print(sorted(m for m in sys.modules if m.startswith("abstracta.games.")))
        abstracta.load("strategic-reserve")
        print("abstracta.games.strategic_reserve" in sys.modules)
        """
    )
    assert out.splitlines() == ["[]", "True"]


def test_public_names():
    assert abstracta.CHANCE == -1
    assert issubclass(abstracta.IllegalMove, ValueError)
    assert issubclass(abstracta.NotationError, ValueError)
    assert not issubclass(abstracta.IllegalMove, abstracta.NotationError)
    assert isinstance(abstracta.__version__, str)


def test_game_repr_evaluates_back_to_the_same_game():
    game = abstracta.load("strategic-reserve", reserve=3, max_turns=9)
    again = eval(repr(game), {"abstracta": abstracta})
    assert type(again) is type(game) and again.options == game.options


def test_state_repr_speaks_notation():
    state = abstracta.load("strategic-reserve").start()
    assert repr(state) == f"State({state.notation()!r})"


def test_states_are_values():
    game = abstracta.load("strategic-reserve")
    a = game.start().play("6,6").play("a1")
    b = game.parse(a.notation())
    assert a.notation() == b.notation()
    assert a != b  # a remembers its last effect, b was parsed and has none
    c = game.from_json(a.to_json())
    assert a == c and hash(a) == hash(c)
    assert {a, c} == {a}
    assert a != game.start()
    assert abstracta.load("strategic-reserve", max_turns=50).parse(b.notation()) != b  # other options
    assert a != a.notation()


def test_view_returns_the_state_itself_for_perfect_information():
    state = abstracta.load("strategic-reserve").start()
    assert state.view(0) is state and state.view(1) is state and state.view(None) is state
    for bad in (2, -1, "red", 1.0, True):  # a bool is not a player number
        with pytest.raises(ValueError, match="player"):
            state.view(bad)


def test_public_move_of_a_perfect_information_game_is_the_move_itself():
    state = abstracta.load("strategic-reserve").start(seed=3)
    for move in state.moves():
        assert state.public_move(move) == move


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ([], "must be an object"),
        ({"game": "reflec", "position": "x"}, "is for 'reflec'"),
        ({"game": "strategic-reserve"}, "no 'position'"),
        ({"position": "x", "options": {"reserve": 0}}, "saved options are not valid"),
    ],
)
def test_read_saved_checks_the_header_every_from_json_shares(data, problem):
    game = abstracta.load("strategic-reserve")
    with pytest.raises(abstracta.NotationError, match=problem):
        game.read_saved(data)
    with pytest.raises(abstracta.NotationError, match="J9: "):
        game.read_saved(data, check="J9")


def test_read_saved_gives_the_saved_options_game_and_position():
    game, position = abstracta.load("strategic-reserve").read_saved({"position": "p", "options": {"reserve": 3}})
    assert game.options["reserve"] == 3 and position == "p"
