"""Analysing a played game: each position's win chances, each move's judgement, each player's accuracy.

Every position is valued by :func:`abstracta.bots.win_chances.win_chances` (each player's expected
score, deterministic per seed), the one source of the server's analysis and ``abstracta analyse``.
A move is judged from its mover's side, as lichess does: the drop in the mover's expected score
from the position before the move to the position after it marks an inaccuracy, a mistake or a
blunder at 10, 20 and 30 points, except that

- a move with no alternative (one legal move) is never marked;
- a marked move's alternatives are valued too (at most :data:`ALTERNATIVES` of them, the game's
  knowledge's likeliest first), like the move played, by the quick win chances (tactics and the
  game's knowledge, no search: many positions, compared like with like): when none is better for
  the mover than the move played, it is not marked;
- a move that misses a win at once (the mover could end the game as its winner within its turn
  and did not) or lets the next player win at once (when some other move did not) is a blunder
  whatever the drop.

Each player's accuracy is lichess's formula on the drop in win percentage of each of its moves,
``103.1668 * exp(-0.04354 * drop) - 3.1669`` clipped to 0..100, averaged over its moves.
A seat's view of a game with hidden information (Quin) cannot play the alternatives out (they
would need the hidden parts), but the mover's own moves are judged from its view for the two
tactical marks: over the worlds :func:`~abstracta.bots.win_chances.win_chances` samples from that
view (seeded, so deterministic), a move misses a win at once, or allows one, when it does so in
every one of them (:data:`WORLD_SHARE`). The rival's moves seen from a seat are judged by the drop
and the one-legal-move rule alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

from abstracta.bots.win_chances import expected_scores, loses_at_once, win_chances, wins_at_once, worlds
from abstracta.core.api import State
from abstracta.core.errors import CHANCE, IllegalMove

MARKS = ((0.30, "blunder"), (0.20, "mistake"), (0.10, "inaccuracy"))
"""Win-probability loss at or above which a move gets each mark, the worst first."""

ALTERNATIVES = 8
"""The most alternatives valued for a move the drop would mark (the knowledge's likeliest first)."""

NO_BETTER = 0.005
"""An alternative within half a point of the move played counts as no better (values are estimates)."""

WORLD_SHARE = 1.0
"""Share of a seat's sampled worlds in which a move must miss (or allow) a win at once to be marked for it:
all of them, since a win that shows in only some rests on a guess of the hidden kinds."""

Evaluator = Callable[[State], Sequence[float]]
"""Per-player values in ``[-1, 1]``; :func:`analyse_game` takes one instead of :func:`win_chances` in tests."""


def win_probability(value: float) -> float:
    """A value in [-1, 1] as a win probability in [0, 1] (out-of-range values are clipped)."""
    return min(1.0, max(0.0, (value + 1.0) / 2.0))


def mark_for(loss: float) -> str:
    """``"blunder"``, ``"mistake"``, ``"inaccuracy"`` or ``""`` for a win-probability loss (0.25 = 25 points)."""
    for threshold, name in MARKS:
        if loss >= threshold - 1e-12:
            return name
    return ""


def move_accuracy(loss: float) -> float:
    """Lichess's accuracy of one move, in percent, from the drop in the mover's expected score (0.25 = 25 points)."""
    value = 103.1668 * math.exp(-0.04354 * max(0.0, loss) * 100.0) - 3.1669
    return min(100.0, max(0.0, value))


@dataclass(frozen=True)
class PlyAnalysis:
    """One ply: who played what, the mover's chances before and after, the loss, its mark and why.

    For a chance outcome ``player`` is ``CHANCE`` and ``mover_before``/``mover_after`` are those
    of the seat the event belongs to; chance outcomes are never marked. ``reason`` says why a move
    is marked or spared (``"only move"``, ``"no better move"``, ``"missed a win at once"``,
    ``"allowed a win at once"``, or ``""`` for a plain drop); ``best``/``best_after`` name the best
    valued alternative and the mover's quick chance after it, when alternatives were valued.
    """

    ply: int
    player: int
    seat: str | None
    move: str
    before: tuple[float, ...]
    after: tuple[float, ...]
    mover_before: float
    mover_after: float
    loss: float
    mark: str
    reason: str = ""
    best: str | None = None
    best_after: float | None = None


@dataclass(frozen=True)
class PlayerSummary:
    """One player's accuracy (percent) and mark counts over its moves."""

    player: int
    accuracy: float
    moves: int
    counts: dict[str, int]


def _playable(state: State) -> bool:
    """Whether moves can be played out from ``state`` without guessing: not a hidden-information view."""
    return state.viewer is None or state.game.perfect_information


def _judged_in_worlds(state: State) -> bool:
    """Whether ``state`` is a seat's view of a hidden-information game whose viewer is to move."""
    return not _playable(state) and state.player is not None and state.player == state.viewer


def _tactical_mark(before: State, move: str, after: State, mover: int) -> str:
    """``"missed a win at once"``, ``"allowed a win at once"`` or ``""`` for a move of a full state."""
    if wins_at_once(before) and not _mover_wins(after, mover):
        return "missed a win at once"
    if (not after.over and after.player not in (None, CHANCE, mover) and wins_at_once(after)
            and loses_at_once(before) is None):  # fmt: skip
        return "allowed a win at once"
    return ""


def _tactical_mark_in_worlds(view: State, move: str, mover: int, seed: int) -> str:
    """The tactical mark of the viewer's ``move`` over the worlds sampled from its view (see the module's docstring)."""
    sampled = worlds(view, seed)
    spare = len(sampled) - math.ceil(WORLD_SHARE * len(sampled))  # worlds that may disagree
    misses = {"missed a win at once": 0, "allowed a win at once": 0}
    for world in sampled:
        try:
            after = world.play(move)
        except IllegalMove:  # the move's legality rests on what the viewer sees, so a consistent world allows it
            after = None
        found = _tactical_mark(world, move, after, mover) if after is not None else ""
        for reason in misses:
            misses[reason] += reason != found
        if all(count > spare for count in misses.values()):
            return ""  # neither mark can reach its share any more: the other worlds need not be played
    return next((reason for reason, count in misses.items() if count <= spare), "")


def _alternatives(state: State, played: str, mover: int, seed: int, limit: int) -> tuple[str | None, float | None]:
    """The best of up to ``limit`` other moves for ``mover`` and its quick chance after it (``None, None`` when none)."""
    knowledge = state.game.knowledge()
    moves = [move for move in state.moves() if move != played]
    if knowledge is not None:
        moves = knowledge.order(state, moves)
    best, best_after = None, None
    for move in moves[:limit]:
        after = win_chances(state.play(move), seed, quick=True)[mover]
        if best_after is None or after > best_after + 1e-12:
            best, best_after = move, after
    return best, best_after


def _mover_wins(after: State, mover: int) -> bool:
    """Whether the mover won, or keeps a win at once within the same turn."""
    if after.over:
        scores = expected_scores(after.returns())
        return scores[mover] == 1.0
    return after.player == mover and wins_at_once(after)


def judge_move(before: State, move: str, after: State, chances_before: Sequence[float], chances_after: Sequence[float],
               ply: int, owner: int, seed: int = 0, alternatives: int = ALTERNATIVES,
               tactics: bool = True) -> PlyAnalysis:  # fmt: skip
    """Judge ``move`` (``before`` -> ``after``) for its mover; ``owner`` is the seat a chance outcome belongs to."""
    player = before.player
    start, end = chances_before[owner], chances_after[owner]
    if player is None or player < 0:
        return PlyAnalysis(ply, player, before.seat, move, tuple(chances_before), tuple(chances_after), start, end,
                           0.0, "")  # fmt: skip
    loss = max(0.0, start - end)
    mark, reason, best, best_after = mark_for(loss), "", None, None
    legal = before.moves()
    playable = tactics and _playable(before)
    if len(legal) == 1:
        mark, reason = "", "only move"
    elif playable and (tactical := _tactical_mark(before, move, after, player)):
        mark, reason = "blunder", tactical
    elif tactics and _judged_in_worlds(before) and (tactical := _tactical_mark_in_worlds(before, move, player, seed)):
        mark, reason = "blunder", tactical
    elif mark and playable and alternatives > 0:
        best, best_after = _alternatives(before, move, player, seed, alternatives)
        if best_after is not None and best_after <= win_chances(after, seed, quick=True)[player] + NO_BETTER:
            mark, reason = "", "no better move"
    return PlyAnalysis(ply, player, before.seat, move, tuple(chances_before), tuple(chances_after), start, end, loss,
                       mark, reason, best, best_after)  # fmt: skip


def position_chances(states: Sequence[State], evaluate: Evaluator | None = None, seed: int = 0,
                     on_position: Callable[[int], None] | None = None) -> list[tuple[float, ...]]:  # fmt: skip
    """Each state's chances: :func:`win_chances`, or ``evaluate``'s values as win probabilities."""
    chances = []
    for index, state in enumerate(states):
        if evaluate is None:
            chances.append(tuple(win_chances(state, seed)))
        else:
            chances.append(tuple(win_probability(v) for v in evaluate(state)))
        if on_position is not None:
            on_position(index)
    return chances


def analyse_game(states: Sequence[State], moves: Sequence[str], evaluate: Evaluator | None = None,
                 on_position: Callable[[int], None] | None = None, seed: int = 0,
                 chances: Sequence[Sequence[float]] | None = None) -> list[PlyAnalysis]:  # fmt: skip
    """Analyse the game ``states[0] -> moves[0] -> states[1] ...``; ``on_position`` hears of each position valued.

    By default every position is valued by :func:`win_chances` and moves are judged with the
    tactics and alternatives; a given ``evaluate`` (values in ``[-1, 1]``) replaces the values and
    turns off the tactics and alternatives (only the drop and the one-legal-move rule judge then).
    ``chances`` gives the positions' chances already computed (the server's workers do).
    """
    if chances is None:
        chances = position_chances(states, evaluate, seed, on_position)
    judged = evaluate is None
    plies = []
    for ply, (before, move) in enumerate(zip(states, moves), 1):
        if before.player is None:
            break
        owner = before.player if before.player >= 0 else seat_player(states, ply - 1)
        plies.append(judge_move(before, move, states[ply], chances[ply - 1], chances[ply], ply, owner, seed,
                                ALTERNATIVES if judged else 0, tactics=judged))  # fmt: skip
    return plies


def summarise(plies: Sequence[PlyAnalysis], num_players: int) -> list[PlayerSummary]:
    """Each player's accuracy and mark counts (accuracy 100 for a player without moves)."""
    summaries = []
    for player in range(num_players):
        own = [ply for ply in plies if ply.player == player]
        counts = {name: sum(1 for ply in own if ply.mark == name) for name in ("inaccuracy", "mistake", "blunder")}
        accuracy = sum(move_accuracy(ply.loss) for ply in own) / len(own) if own else 100.0
        summaries.append(PlayerSummary(player, round(accuracy, 1), len(own), counts))
    return summaries


def analysis_json(plies: Sequence[PlyAnalysis], chances: Sequence[Sequence[float]], num_players: int) -> dict:
    """The figures for scripts and the web app: positions, plies (with marks and reasons) and players."""
    return {
        "positions": [[round(p, 4) for p in row] for row in chances],
        "plies": [{"ply": ply.ply, "player": ply.player, "move": ply.move,
                   "before": round(ply.mover_before, 4), "after": round(ply.mover_after, 4),
                   "loss": round(ply.loss, 4), "mark": ply.mark, "reason": ply.reason,
                   "best": ply.best, "best_after": None if ply.best_after is None else round(ply.best_after, 4)}
                  for ply in plies],
        "players": [{"player": s.player, "accuracy": s.accuracy, "moves": s.moves, **s.counts}
                    for s in summarise(plies, num_players)],
    }  # fmt: skip


def seat_player(states: Sequence[State], index: int) -> int:
    """The player a chance node belongs to: the next player to decide (0 when none does)."""
    for state in states[index:]:
        if state.player is not None and state.player >= 0:
            return state.player
    return 0
