"""A tiny game with hidden information, to check the server's masking before Quin is merged.

Player 0 secretly picks a card (``pick-a`` .. ``pick-c``); player 1, who sees only a face-down
card, guesses it (``guess-a`` ..); the card is shown when the game ends. The full notation
``card=<x> guess=<y>`` names the card; player 1's view (and a spectator's) writes ``card=?``
until the end, and ``public_move`` hides the pick.
"""

from __future__ import annotations

from typing import Any

from abstracta.core.api import Game, State

CARDS = ("a", "b", "c")


class HiddenGame(Game):
    slug = "hidden-card"
    title = "Hidden Card"
    perfect_information = False

    def start(self, seed: int | None = None) -> "HiddenState":
        return HiddenState(self, None, None, masked=False)

    def from_json(self, data: Any) -> "HiddenState":
        return HiddenState(self, data["card"], data["guess"], masked=False)


class HiddenState(State):
    __slots__ = ("game", "card", "guess", "masked", "player", "seat", "over")

    def __init__(self, game: HiddenGame, card: str | None, guess: str | None, masked: bool) -> None:
        self.game, self.card, self.guess, self.masked = game, card, guess, masked
        self.over = guess is not None
        self.player = None if self.over else (0 if card is None else 1)
        self.seat = None if self.player is None else ("dealer", "guesser")[self.player]

    def moves(self) -> list[str]:
        if self.over or self.masked:
            return [] if self.over else ([f"guess-{c}" for c in CARDS] if self.player == 1 else [])
        return [f"pick-{c}" for c in CARDS] if self.player == 0 else [f"guess-{c}" for c in CARDS]

    def play(self, move: str) -> "HiddenState":
        if move not in self.moves():
            raise ValueError(f"illegal move {move!r} in {self.notation()}")
        if self.player == 0:
            return HiddenState(self.game, move[-1], None, masked=False)
        return HiddenState(self.game, self.card, move[-1], masked=False)

    def public_move(self, move: str) -> str:
        return "pick-?" if move.startswith("pick-") else move

    def view(self, player: int | None) -> "HiddenState":
        super().view(player)
        if self.over or player == 0 or self.card is None:
            return self
        return HiddenState(self.game, self.card, self.guess, masked=True)

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0, 0.0]
        return [-1.0, 1.0] if self.guess == self.card else [1.0, -1.0]

    def scores(self) -> list[int]:
        return [0, 0]

    def last_effects(self) -> list[dict[str, Any]]:
        return [{"kind": "reveal", "card": self.card}] if self.over else []

    def notation(self) -> str:
        card = "?" if self.masked else (self.card or "-")
        return f"card={card} guess={self.guess or '-'}"

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "guess": self.guess}


class PlainCard(HiddenGame):
    """A card game with no browser modules of its own.
    It gets the generic board, and its rules page shows these two lines."""

    slug = "plain-card"
    title = "Plain Card"
