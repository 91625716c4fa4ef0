"""Win chances: each player's expected score from a position, the one number analysis stands on.

:func:`win_chances` gives, per player, the expected score (a win 1, a draw 1/2, a first place
shared by ``k`` players ``1/k``), summing to 1, from what a view shows and nothing else. Three
layers, cheapest first:

1. **Over**: the returns, normalised (the players with the highest return share 1).
2. **Tactics** (:func:`tactics`), through the contract alone: when the side to move can end the
   game as its sole winner within its own turn (:data:`TURN_PLIES` consecutive plies of its own,
   so Reflec's fires within one turn count), it gets :data:`SURE`; when every move of its turn
   lets the next player do so, it gets ``1 - SURE``. Each check is capped at :data:`TACTIC_NODES`
   plays; a check the cap cuts short says nothing. Chance nodes skip this layer.
3. **Static value**: the search the analysis level uses (:data:`ANALYSIS_LEVEL`'s bot, its
   ``evaluate`` where the bot declares one, with no time cap so that only its node or iteration
   budget ends it), else the game's ``Knowledge.evaluate``, mapped to chances by the game's
   fitted calibration (``Knowledge.calibration``, ``core/calibration.py``: a softmax with a
   temperature, a cubic term and seat biases, the option set's where it has its own; fitted by
   ``benchmarks/calibration/fit.py`` on games between bots), or, for a game without one, from
   ``[-1, 1]`` onto ``[0, 1]`` and normalised.

A seat's view of a game with hidden information (Quin) is valued from :data:`WORLDS` full
states drawn from the view with the game's knowledge (``Knowledge.sample_world``, else
``view.determinize``), by a generator seeded from ``seed`` and the view's notation, so the same
view and seed give the same chances whatever the full state behind it; :func:`combined` says
how (the tactics count only when every world agrees, else the other worlds' chances are averaged). A full state of such a game is first turned into the view of the side to move.
Nothing reads the clock or a global random generator, so a value never depends on load.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from abstracta.core.api import Game, State, View
from abstracta.core.errors import CHANCE

ANALYSIS_LEVEL = "medium"
"""The bot level whose search gives the static value (its budget is in nodes or iterations)."""
SURE = 0.99
"""The mover's chance when it can win at once (and ``1 - SURE`` when every move loses at once)."""
TURN_PLIES = 4
"""Consecutive plies of one player searched for a win within its turn (Reflec's fires)."""
TACTIC_NODES = 3_000
"""The most plays one tactical check makes; a check cut short by it says nothing."""
WORLDS = 8
"""Worlds sampled from a hidden-information view."""


def expected_scores(returns: Sequence[float]) -> list[float]:
    """Finished-game returns as expected scores: the players with the highest return share 1."""
    best = max(returns)
    winners = [i for i, value in enumerate(returns) if value >= best - 1e-9]
    return [1.0 / len(winners) if i in winners else 0.0 for i in range(len(returns))]


def _normalised(values: Sequence[float]) -> list[float]:
    """Per-player values in ``[-1, 1]`` as chances in ``[0, 1]`` summing to 1."""
    chances = [min(1.0, max(0.0, (v + 1.0) / 2.0)) for v in values]
    total = sum(chances)
    if total <= 0:
        return [1.0 / len(chances)] * len(chances)
    return [c / total for c in chances]


def _sole_winner(state: State) -> int | None:
    scores = expected_scores(state.returns())
    return scores.index(1.0) if 1.0 in scores else None


class _Budget:
    """Counts the plays of one tactical check; :class:`_Exhausted` when the cap is passed."""

    def __init__(self, nodes: int) -> None:
        self.left = nodes

    def play(self, state: State, move: str) -> State:
        self.left -= 1
        if self.left < 0:
            raise _Exhausted
        return state.play(move)


class _Exhausted(Exception):
    pass


def _ordered_moves(state: State) -> list[str]:
    knowledge = state.game.knowledge()
    moves = state.moves()
    return knowledge.order(state, moves) if knowledge is not None else moves


def _wins_within_turn(state: State, player: int, budget: _Budget, plies: int = TURN_PLIES) -> bool:
    """Whether ``player``, to move in ``state``, can end the game as its sole winner within its turn."""
    for move in _ordered_moves(state):
        child = budget.play(state, move)
        if child.over:
            if _sole_winner(child) == player:
                return True
        elif child.player == player and plies > 1 and _wins_within_turn(child, player, budget, plies - 1):
            return True
    return False


def _turn_ends(state: State, player: int, budget: _Budget, plies: int = TURN_PLIES):
    """The positions where ``player``'s turn from ``state`` ends (yields ``None`` for a turn too long to follow)."""
    for move in _ordered_moves(state):
        child = budget.play(state, move)
        if child.player == player and not child.over:
            if plies <= 1:
                yield None
            else:
                yield from _turn_ends(child, player, budget, plies - 1)
        else:
            yield child


def wins_at_once(state: State, nodes: int = TACTIC_NODES) -> bool:
    """Whether the side to move can win at once (within its turn); ``False`` when unsure or at chance."""
    player = state.player
    if state.over or player is None or player == CHANCE:
        return False
    try:
        return _wins_within_turn(state, player, _Budget(nodes))
    except _Exhausted:
        return False


def loses_at_once(state: State, nodes: int = TACTIC_NODES) -> int | None:
    """The rival who wins at once whatever the side to move does this turn, or ``None`` (also when unsure)."""
    player = state.player
    if state.over or player is None or player == CHANCE:
        return None
    budget = _Budget(nodes)
    rivals: set[int] = set()
    try:
        for end in _turn_ends(state, player, budget):
            if end is None or end.over or end.player is None or end.player == CHANCE:
                return None  # a turn too long to follow, a game over without a rival's win, or dice first
            if not _wins_within_turn(end, end.player, budget):
                return None
            rivals.add(end.player)
    except _Exhausted:
        return None
    return rivals.pop() if len(rivals) == 1 else None


def tactics(state: State) -> list[float] | None:
    """Chances the short tactical layer is sure of (see the module's docstring), else ``None``."""
    player = state.player
    if player is None or player == CHANCE:
        return None
    count = state.game.num_players
    if wins_at_once(state):
        return _sure_for(player, count)
    rival = loses_at_once(state)
    if rival is not None:
        return _sure_for(rival, count)
    return None


def _sure_for(winner: int, count: int) -> list[float]:
    rest = (1.0 - SURE) / (count - 1) if count > 1 else 0.0
    return [SURE if i == winner else rest for i in range(count)]


def static_values(state: State, quick: bool = False) -> list[float]:
    """Per-player values in ``[-1, 1]`` from the analysis level's search (``quick``: none), else the game's knowledge."""
    from abstracta.bots.levels import level_bot

    if state.over:
        return list(state.returns())
    if quick:
        knowledge = state.game.knowledge()
        if knowledge is not None:
            return [float(v) for v in knowledge.evaluate(state)]
    bot = level_bot(ANALYSIS_LEVEL, state.game, seed=0)
    bot.seconds = None  # only the node or iteration budget ends the search: the value never depends on load
    if bot.evaluates:
        if state.player == CHANCE and not _takes_chance_roots(bot):
            outcomes = state.chance()
            totals = [0.0] * state.game.num_players
            for outcome, probability in outcomes:
                for i, value in enumerate(static_values(state.play(outcome), quick)):
                    totals[i] += probability * value
            return totals
        return [float(v) for v in bot.evaluate(state)]
    knowledge = state.game.knowledge()
    if knowledge is not None:
        return [float(v) for v in knowledge.evaluate(state)]
    return [0.0] * state.game.num_players


def _takes_chance_roots(bot: object) -> bool:
    from abstracta.bots.expectimax import ExpectimaxBot

    return isinstance(bot, ExpectimaxBot)  # it values a roll once, over its outcomes


@dataclass(frozen=True)
class Reading:
    """What one full state says before any map: the tactics' chances, else the raw per-player values.

    ``mover`` is the player to move (``None`` at a chance node); ``source`` is ``"search"`` or
    ``"quick"``. The calibration fit (``benchmarks/calibration/``) records readings, so that it
    fits exactly what :func:`win_chances` maps.
    """

    tactics: tuple[float, ...] | None
    values: tuple[float, ...]
    mover: int | None
    source: str


def read(state: State, quick: bool = False) -> Reading:
    """The reading of a full state that is not over: tactics first, the static values when they say nothing."""
    mover = state.player if state.player is not None and state.player >= 0 else None
    source = "quick" if quick else "search"
    sure = tactics(state)
    if sure is not None:
        return Reading(tuple(sure), (), mover, source)
    return Reading(None, tuple(static_values(state, quick)), mover, source)


def chances_of(reading: Reading, game: Game) -> list[float]:
    """A reading as chances: the tactics' own, else the game's fitted calibration, else ``[-1, 1]`` -> ``[0, 1]``."""
    if reading.tactics is not None:
        return list(reading.tactics)
    knowledge = game.knowledge()
    calibration = None if knowledge is None else knowledge.calibration(game.num_players, reading.source, game.options)
    if calibration is None:
        return _normalised(reading.values)
    return calibration.chances(reading.values, reading.mover)


def worlds(view: View, seed: int = 0) -> list[State]:
    """The full states :func:`win_chances` values for ``view``: itself, or :data:`WORLDS` sampled worlds.

    A full state of a hidden-information game is first turned into the view of the side to move;
    the worlds are drawn by a generator seeded from ``seed`` and the view's notation alone.
    """
    game = view.game
    if game.perfect_information:
        return [view]  # type: ignore[list-item]
    if view.viewer is None:  # a full state: what the side to move knows
        view = view.view(view.player if view.player is not None and view.player >= 0 else 0)
    rng = random.Random(f"abstracta.win_chances:{seed}:{view.notation()}")
    knowledge = game.knowledge()
    if knowledge is not None and knowledge.samples_worlds:
        return [knowledge.sample_world(view, rng) for _ in range(WORLDS)]
    return [view.determinize(rng) for _ in range(WORLDS)]


def readings(view: View, seed: int = 0, quick: bool = False) -> list[Reading]:
    """The reading of each full state :func:`worlds` gives for ``view`` (not over)."""
    return [read(world, quick) for world in worlds(view, seed)]


def combined(readings: Sequence[Reading], game: Game) -> list[float]:
    """The chances of a view from its worlds' readings (one world: that reading's chances).

    Several sampled worlds (a seat's view) are settled by the tactics only when every world gives
    the same verdict: a win that shows in some worlds only rests on a guess of what is hidden (in
    Quin's bot games, a mover with a win at once in some of the worlds scored no better than one
    without). Otherwise the worlds the tactics settled are left out and the others' chances
    averaged; when none is left, the calibration of even values (the seats' biases alone).
    """
    if len(readings) == 1:
        return chances_of(readings[0], game)
    verdicts = [reading.tactics for reading in readings]
    if verdicts[0] is not None and all(verdict == verdicts[0] for verdict in verdicts):
        return list(verdicts[0])
    open_worlds = [reading for reading in readings if reading.tactics is None]
    if not open_worlds:
        first = readings[0]
        open_worlds = [Reading(None, (0.0,) * game.num_players, first.mover, first.source)]
    totals = [0.0] * game.num_players
    for reading in open_worlds:
        for i, chance in enumerate(chances_of(reading, game)):
            totals[i] += chance / len(open_worlds)
    return totals


def win_chances(view: View, seed: int = 0, quick: bool = False) -> list[float]:
    """Each player's expected score from ``view``, summing to 1; deterministic for a given ``seed``.

    ``quick`` values with the game's knowledge alone after the tactics, without the level's search:
    the analysis compares a move with its alternatives this way (many positions, like with like).
    """
    if view.over:
        return expected_scores(view.returns())
    return combined(readings(view, seed, quick), view.game)
