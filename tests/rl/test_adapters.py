"""The RL adapter contract (``core/rl_adapter.py``): every game declares its own, and abstracta.rl
works for a game it has never heard of from that declaration alone."""

from __future__ import annotations

import numpy as np
import pytest

import abstracta
from abstracta.core.api import Game, State
from abstracta.core.rl_adapter import ActionTable, RLAdapter
from abstracta.rl import action_space_size, action_table, action_to_move, legal_actions, move_to_action
from abstracta.rl import observation, observation_shape, plane_names
from abstracta.rl.setups import setup_deal


@pytest.mark.parametrize("slug", abstracta.games())
def test_every_game_declares_a_complete_adapter(slug):
    game = abstracta.load(slug)
    adapter = game.rl_adapter()
    assert isinstance(adapter, RLAdapter) and adapter.game is game
    assert issubclass(adapter.actions, ActionTable)
    assert len(adapter.plane_names) == adapter.observation_shape[0] == len(set(adapter.plane_names))
    assert adapter.max_game_length() is None or adapter.max_game_length() > 0
    low, high = adapter.player_range or (game.num_players, game.num_players)
    assert low <= game.num_players <= high
    start = game.start(seed=1)
    grid = adapter.owner_grid(observation(start.view(0), 0))
    assert grid is not None and grid.ndim == 2


# -- a game abstracta.rl has never heard of: noughts and crosses, unregistered ------------


class Noughts(Game):
    slug = "noughts-test"
    title = "Noughts and crosses (test only)"

    def start(self, seed: int | None = None) -> NoughtsState:
        return NoughtsState(self, "." * 9)

    def parse(self, text: str) -> NoughtsState:
        return NoughtsState(self, text)

    def rl_adapter(self) -> NoughtsRL:
        return NoughtsRL(self)


_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class NoughtsState(State):
    __slots__ = ("game", "cells", "player", "seat", "over", "winner")

    def __init__(self, game: Game, cells: str) -> None:
        self.game, self.cells = game, cells
        lines = (cells[a] for a, b, c in _LINES if cells[a] != "." and cells[a] == cells[b] == cells[c])
        self.winner = next(lines, None)
        self.over = self.winner is not None or "." not in cells
        self.player = None if self.over else cells.count("x") - cells.count("o")
        self.seat = None if self.over else "xo"[self.player]

    def moves(self) -> list[str]:
        return [] if self.over else [f"c{i}" for i, cell in enumerate(self.cells) if cell == "."]

    def play(self, move: str) -> NoughtsState:
        i = int(move[1:])
        return NoughtsState(self.game, self.cells[:i] + "xo"[self.player] + self.cells[i + 1:])

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == "x" else [-1.0, 1.0]

    def notation(self) -> str:
        return self.cells

    def to_json(self) -> dict:
        return {"game": self.game.slug, "position": self.cells}


class NoughtsActions(ActionTable):
    def _build(self) -> None:
        self.names = [f"c{i}" for i in range(9)]


class NoughtsRL(RLAdapter):
    actions = NoughtsActions
    observation_shape = (2, 3, 3)
    plane_names = ("own marks", "rival marks")

    def observe(self, view, player: int) -> np.ndarray:
        cells = np.array(list(view.notation())).reshape(3, 3)
        own, rival = "xo"[player], "xo"[1 - player]
        return np.stack([cells == own, cells == rival]).astype(np.float32)


class Silent(Noughts):
    """The same game without an RL adapter."""

    slug = "silent-test"

    def rl_adapter(self) -> None:
        return None


def test_an_unknown_game_works_from_its_adapter_alone():
    game = Noughts()
    state = game.start().play("c4")
    assert action_space_size(game) == 9 and action_table(game).static["c4"] == 4
    assert legal_actions(state) == [0, 1, 2, 3, 5, 6, 7, 8]
    assert move_to_action(state, "c8") == 8 and action_to_move(state, 8) == "c8"
    assert observation_shape(game) == (2, 3, 3) and plane_names(game) == ("own marks", "rival marks")
    obs = observation(state.view(1), 1)
    assert obs[1, 1, 1] == 1.0 and obs[0].sum() == 0  # player 1 sees player 0's mark as the rival's
    assert setup_deal(game) is None  # a fixed start needs no deal


def test_a_game_without_an_adapter_is_told_what_to_provide():
    with pytest.raises(ValueError, match=r"silent-test.*rl_adapter\(\).*RLAdapter"):
        action_space_size(Silent())
    with pytest.raises(ValueError, match="rl_adapter"):
        observation(Silent().start(), 0)


def test_openspiel_facts_of_an_unknown_game_come_from_the_game_not_a_default():
    pytest.importorskip("pyspiel")
    from abstracta.rl.openspiel_env import _LONG_GAME, _max_length

    assert _max_length(Noughts()) == _LONG_GAME  # no bound declared: none assumed

    class Bounded(NoughtsRL):
        def max_game_length(self) -> int:
            return 9

    class BoundedNoughts(Noughts):
        def rl_adapter(self) -> Bounded:
            return Bounded(self)

    assert _max_length(BoundedNoughts()) == 9
