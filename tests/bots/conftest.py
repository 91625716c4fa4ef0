"""Tiny fake games that implement only the contract, to show the bots need nothing more.

- ``RaceGame(players)``: 2-4 players take turns; ``safe`` scores 1, ``risky``
  flips a biased coin (a chance node: ``hit`` 0.8 scores 3, ``miss`` 0.2
  scores 0). The first to reach the target wins (returns 1, the others -1).
- ``NimGame(pile)``: two players take 1 or 2 stones; taking the last one wins.
  From a pile of 4, ``take1`` (leaving 3) is the only winning move.
- ``OneMoveGame``: one decision with a single legal move.
"""

from __future__ import annotations

import random
from typing import Callable

import pytest

import abstracta
from abstracta import CHANCE, IllegalMove
from abstracta.bots import sample_chance

RACE_COIN = [("hit", 0.8), ("miss", 0.2)]


class FakeState:
    """Shared contract helpers; subclasses set ``player`` and ``over`` and define the moves."""

    def view(self, player: int | None) -> "FakeState":
        return self

    def chance(self) -> list[tuple[str, float]]:
        return []

    def scores(self) -> list[int]:
        return []  # these games keep no counters

    def termination(self) -> str | None:
        return "normal" if self.over else None

    def determinize(self, rng: random.Random) -> "FakeState":
        return self

    def _check(self, move: str) -> None:
        if move not in self.moves():
            raise IllegalMove(f"illegal move {move!r} in {self!r}")


class RaceState(FakeState):
    def __init__(self, game: "RaceGame", points: tuple[int, ...], to_move: int, coin_pending: bool) -> None:
        self.game = game
        self.points = points
        self.to_move = to_move
        self.coin_pending = coin_pending
        self.over = max(points) >= game.target
        self.player = None if self.over else (CHANCE if coin_pending else to_move)

    def moves(self) -> list[str]:
        if self.over:
            return []
        return [outcome for outcome, _ in RACE_COIN] if self.coin_pending else ["risky", "safe"]

    def chance(self) -> list[tuple[str, float]]:
        return list(RACE_COIN) if self.player == CHANCE else []

    def play(self, move: str) -> "RaceState":
        self._check(move)
        if move == "risky":
            return RaceState(self.game, self.points, self.to_move, True)
        gain = {"safe": 1, "hit": 3, "miss": 0}[move]
        points = tuple(p + gain if i == self.to_move else p for i, p in enumerate(self.points))
        return RaceState(self.game, points, (self.to_move + 1) % self.game.num_players, False)

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0] * self.game.num_players
        return [1.0 if p >= self.game.target else -1.0 for p in self.points]

    def __repr__(self) -> str:
        return f"RaceState({self.points}, to_move={self.to_move}, coin_pending={self.coin_pending})"


class RaceGame:
    slug = "fake-race"

    def __init__(self, players: int = 3, target: int = 10) -> None:
        self.num_players = players
        self.target = target

    def start(self, seed: int | None = None) -> RaceState:
        return RaceState(self, (0,) * self.num_players, 0, False)


class NimState(FakeState):
    def __init__(self, pile: int, to_move: int) -> None:
        self.pile = pile
        self.to_move = to_move
        self.over = pile == 0
        self.player = None if self.over else to_move

    def moves(self) -> list[str]:
        return [f"take{n}" for n in (1, 2) if n <= self.pile]

    def play(self, move: str) -> "NimState":
        self._check(move)
        return NimState(self.pile - int(move[-1]), 1 - self.to_move)

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0, 0.0]
        last_mover = 1 - self.to_move  # who took the last stone
        return [1.0 if p == last_mover else -1.0 for p in (0, 1)]

    def __repr__(self) -> str:
        return f"NimState(pile={self.pile}, to_move={self.to_move})"


class NimGame:
    slug = "fake-nim"
    num_players = 2

    def __init__(self, pile: int = 4) -> None:
        self.pile = pile

    def start(self, seed: int | None = None) -> NimState:
        return NimState(self.pile, 0)


class OneMoveState(FakeState):
    def __init__(self, done: bool = False) -> None:
        self.over = done
        self.player = None if done else 0

    def moves(self) -> list[str]:
        return [] if self.over else ["only"]

    def play(self, move: str) -> "OneMoveState":
        self._check(move)
        return OneMoveState(True)

    def returns(self) -> list[float]:
        return [0.0, 0.0]

    def __repr__(self) -> str:
        return f"OneMoveState(done={self.over})"


@pytest.fixture
def race_game() -> RaceGame:
    """Three players and a biased coin: chance and more than two players at once."""
    return RaceGame(players=3)


@pytest.fixture
def nim_game() -> NimGame:
    return NimGame(pile=4)


@pytest.fixture
def one_move_state() -> OneMoveState:
    return OneMoveState()


def _strategic_reserve_decision_states(count: int, seed: int) -> list:
    """Up to ``count`` decision states from one random game of Strategic Reserve (chance drawn by its probabilities)."""
    rng = random.Random(seed)
    state = abstracta.load("strategic-reserve").start()
    found = []
    while not state.over and len(found) < count:
        if state.player == CHANCE:
            state = state.play(sample_chance(state, rng))
        else:
            found.append(state)
            state = state.play(rng.choice(state.moves()))
    return found


@pytest.fixture
def strategic_reserve_decision_states() -> Callable[[int, int], list]:
    """``(count, seed) -> states``: real decision states of the one finished game."""
    return _strategic_reserve_decision_states
