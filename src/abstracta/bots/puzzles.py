"""Puzzles: positions where exactly one first move forces the game's puzzle goal, found in bot games.

A game says what its puzzles ask through ``Game.puzzle_goal()`` (a
:class:`~abstracta.core.puzzle_goal.PuzzleGoal`: what counts as reaching the goal, within how many
of the solver's turns, where a puzzle may start, its sentence). This module does the rest for any
game, through the contract alone:

- :class:`Prover`: the proof. An exhaustive AND-OR search to the goal's depth: at the solver's
  decisions some move must work, at every other decision (and at chance nodes) every move must.
  It is a proof, not a heuristic: nothing is cut but the moves the goal itself declares useless. A goal
  may hand the subtrees below the first move to the game's compiled core
  (:meth:`~abstracta.core.puzzle_goal.PuzzleGoal.compiled_wins`), which must answer the same.
- :func:`winning_moves` / :func:`unique_solution`: which first moves force the goal; a puzzle has
  exactly one (and, for an ``exact`` goal, none that forces it in fewer turns).
- :func:`difficulty`: the share of bots (levels x seeds) that miss the solution.
- :func:`generate`: bot games played level against level, every position the goal ``suits``
  searched, the puzzles kept with their difficulty, within a count and a time budget.
- :class:`Puzzle` and :func:`load_puzzles` / :func:`save_puzzles` / :func:`shipped_puzzles`: the
  JSON of a puzzle set (a game ships its set as ``puzzles.json`` beside its rules module).

A game with hidden information (``goal.hidden_worlds``) is proved from the solver's view: a move
works only if it works in every world :meth:`~abstracta.core.puzzle_goal.PuzzleGoal.worlds` lists.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Hashable, Iterable, Sequence

from abstracta.core.api import Game, State
from abstracta.core.errors import NotationError
from abstracta.core.puzzle_goal import PuzzleGoal

DIFFICULTY_LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
"""The bot levels asked to solve a puzzle; the difficulty is the share of their answers that miss."""
DIFFICULTY_SEEDS: tuple[int, ...] = (1, 2)
"""Seeds per level (a seed reorders equally good moves, so one level may answer differently)."""
PLAY_LEVELS: tuple[str, ...] = ("easy", "medium")
"""The levels whose games the generator mines, one drawn per seat and game."""
MAX_PLIES = 240
"""The longest bot game the generator plays before it starts another."""
PER_GAME = 2
"""The most puzzles the generator keeps from one bot game (later positions of a won game repeat the theme)."""
FILE_NAME = "puzzles.json"
"""A game's shipped set, beside the module defining its ``Game`` class (package data)."""


class Prover:
    """The AND-OR search for one puzzle start: does a line force ``goal`` for ``solver``?

    ``compiled``: let the goal's compiled core answer below the first move where it can.
    ``nodes`` counts the positions visited in Python.
    """

    def __init__(self, goal: PuzzleGoal, start: State, solver: int, *, compiled: bool = True) -> None:
        self.goal = goal
        self.start = start
        self.solver = solver
        self.compiled = compiled
        self.nodes = 0
        # A position recurs in many orders of one turn's actions (Reflec): remember each answer, but
        # only where the notation is the whole position (a repetition history would be lost).
        self._known: dict[Hashable, bool] | None = {} if start.game.notation_is_complete else None

    def wins(self, state: State, turns_left: int, last: tuple) -> bool:
        """Whether the solver forces the goal from ``state``, with ``turns_left`` solver turns still to
        begin; ``last`` is ``(player, seat)`` of the ply that led here (the same actor goes on a turn)."""
        self.nodes += 1
        goal, solver = self.goal, self.solver
        if goal.achieved(self.start, state, solver):
            return True
        if state.over:
            return False
        actor = (state.player, state.seat)
        mine = state.player == solver
        if mine and actor != last:
            if turns_left == 0:
                return False
            turns_left -= 1
        elif not mine and turns_left == 0:
            return False  # the solver's last turn is over and the goal was not reached in it
        key = None
        if self._known is not None:
            key = (state.notation(), turns_left, actor == last)
            known = self._known.get(key)
            if known is not None:
                return known
        if mine:
            moves = goal.useful_moves(self.start, state, solver, turns_left, state.moves())
            found = any(self.wins(state.play(move), turns_left, actor) for move in moves)
        else:  # every reply of every other player, and every chance outcome, must still lose
            found = all(self.wins(state.play(move), turns_left, actor) for move in state.moves())
        if key is not None:
            self._known[key] = found
        return found

    def first_move_wins(self, move: str, turns: int) -> bool:
        """Whether ``move`` from the start forces the goal within ``turns`` solver turns (this one included)."""
        start = self.start
        after = start.play(move)
        actor = (start.player, start.seat)
        if self.goal.achieved(start, after, self.solver):
            return True
        if self.compiled:
            answer = self.goal.compiled_wins(after, self.solver, turns - 1,
                                             (after.player, after.seat) == actor)  # fmt: skip
            if answer is not None:
                return answer
        return self.wins(after, turns - 1, actor)


def _starts(state: State, goal: PuzzleGoal) -> list[State]:
    """The full states a proof must hold in: the state itself, or every world of a view."""
    return list(goal.worlds(state)) if goal.hidden_worlds else [state]


def winning_moves(state: State, goal: PuzzleGoal, turns: int | None = None, *, compiled: bool = True,
                  stop_after: int | None = None) -> list[str]:  # fmt: skip
    """The first moves from ``state`` (a full state, or the solver's view when ``goal.hidden_worlds``) that
    force ``goal`` within ``turns`` (default ``goal.turns``) solver turns, in ``state.moves()`` order;
    ``stop_after``: stop once that many are found."""
    turns = goal.turns if turns is None else turns
    worlds = _starts(state, goal)
    if not worlds or state.over:
        return []
    solver = state.player
    provers = [Prover(goal, world, solver, compiled=compiled) for world in worlds]
    found = []
    for move in state.moves():
        if all(prover.first_move_wins(move, turns) for prover in provers):
            found.append(move)
            if stop_after is not None and len(found) >= stop_after:
                break
    return found


def unique_solution(state: State, goal: PuzzleGoal, *, compiled: bool = True) -> str | None:
    """The one first move that forces ``goal`` from ``state``, or ``None`` when none or several do (or,
    for an ``exact`` goal, when a first move forces it in fewer turns)."""
    if goal.exact and goal.turns > 1 and winning_moves(state, goal, goal.turns - 1, compiled=compiled, stop_after=1):
        return None
    found = winning_moves(state, goal, compiled=compiled, stop_after=2)
    return found[0] if len(found) == 1 else None


def difficulty(state: State, solution: str, levels: Sequence[str] = DIFFICULTY_LEVELS,
               seeds: Sequence[int] = DIFFICULTY_SEEDS) -> tuple[float, dict[str, int]]:  # fmt: skip
    """``(share missed, misses per level)``: each level at each seed chooses a move from ``state``
    as the solver sees it; a choice other than ``solution`` is a miss."""
    from abstracta.bots.levels import level_bot

    view = state.view(state.player)
    misses = {}
    for level in levels:
        misses[level] = sum(level_bot(level, state.game, seed=seed).choose(view) != solution for seed in seeds)
    tries = len(levels) * len(seeds)
    return (sum(misses.values()) / tries if tries else 0.0), misses


@dataclass
class Puzzle:
    """One puzzle: where it starts (``position``: the game's ``to_json`` of the start, or of the
    solver's view), who solves it, its one winning first move and what it asks."""

    game: str
    options: dict[str, Any]
    position: dict[str, Any]
    player: int
    seat: str
    solution: str
    turns: int
    sentence: str
    difficulty: float = 0.0
    misses: dict[str, int] = field(default_factory=dict)
    source: dict[str, Any] = field(default_factory=dict)

    def state(self, game: Game) -> State:
        """The start position for ``game`` (loaded under ``options``)."""
        return game.from_json(self.position)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> "Puzzle":
        if not isinstance(data, dict):
            raise NotationError(f"a puzzle must be an object, got {type(data).__name__}")
        missing = [name for name in ("game", "position", "player", "solution", "turns", "sentence") if name not in data]
        if missing:
            raise NotationError(f"a puzzle lacks {', '.join(missing)}")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise NotationError(f"a puzzle has unknown fields: {', '.join(unknown)}")
        return cls(**{"options": {}, "seat": "", **data})


def make_puzzle(state: State, goal: PuzzleGoal, solution: str, *, levels: Sequence[str] = DIFFICULTY_LEVELS,
                seeds: Sequence[int] = DIFFICULTY_SEEDS, source: dict[str, Any] | None = None) -> Puzzle:  # fmt: skip
    """The puzzle of a start whose unique solution is known, with its difficulty measured."""
    share, misses = difficulty(state, solution, levels, seeds)
    start = state.view(state.player) if goal.hidden_worlds else state
    return Puzzle(
        game=state.game.slug, options=json.loads(json.dumps(state.game.options)), position=start.to_json(),
        player=int(state.player), seat=str(state.seat), solution=solution, turns=goal.turns,
        sentence=goal.sentence(state), difficulty=round(share, 3), misses=misses, source=dict(source or {}),
    )  # fmt: skip


def puzzle_game(game: Game) -> tuple[Game, PuzzleGoal]:
    """``game`` under its puzzles' options, and their goal; ``ValueError`` for a game without puzzles."""
    goal = game.puzzle_goal() or type(game)().puzzle_goal()  # other options: the defaults' goal says which
    if goal is None:
        raise ValueError(f"{game.slug} has no puzzles")
    if goal.options and any(game.options.get(name) != value for name, value in goal.options.items()):
        game = game.with_options({**game.options, **goal.options})
        goal = game.puzzle_goal() or goal
    return game, goal


Progress = Callable[[int, int], None]
"""Called as ``progress(found, positions searched)`` after every searched position."""


def generate(game: Game, count: int, *, seed: int = 0, seconds: float | None = None,
             play_levels: Sequence[str] = PLAY_LEVELS, levels: Sequence[str] = DIFFICULTY_LEVELS,
             seeds: Sequence[int] = DIFFICULTY_SEEDS, per_game: int = PER_GAME, max_plies: int = MAX_PLIES,
             compiled: bool = True, progress: Progress | None = None) -> list[Puzzle]:  # fmt: skip
    """Up to ``count`` puzzles from bot games of ``game`` (under its puzzles' options), deterministic for
    ``seed`` when no time budget cuts it: game ``g`` is played by levels drawn from ``play_levels``,
    seeded from ``seed`` and ``g``; every position the goal ``suits`` is searched, and each unique
    solution becomes a puzzle (at most ``per_game`` a game, no position twice). ``seconds`` bounds the
    whole run (checked between positions)."""
    from abstracta.bots.levels import level_bot

    game, goal = puzzle_game(game)
    if count < 1:
        return []
    began = time.monotonic()
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    searched = 0
    number = 0
    while len(puzzles) < count:
        rng = random.Random(f"{seed}:{number}")
        bots = [level_bot(rng.choice(list(play_levels)), game, seed=rng.randrange(1 << 30))
                for _ in range(game.num_players)]  # fmt: skip
        state = game.start(seed=rng.randrange(1 << 30))
        kept = 0
        for ply in range(max_plies):
            if state.over or len(puzzles) >= count or (seconds is not None and time.monotonic() - began > seconds):
                break
            if kept < per_game and goal.suits(state):
                key = (state.view(state.player) if goal.hidden_worlds else state).notation()
                if key not in seen:
                    seen.add(key)
                    searched += 1
                    # A puzzle is the position alone, not the game that led to it (no repetition history).
                    start = state.view(state.player) if goal.hidden_worlds else game.parse(key)
                    solution = unique_solution(start, goal, compiled=compiled)
                    if solution is not None:
                        kept += 1
                        puzzles.append(make_puzzle(start, goal, solution, levels=levels, seeds=seeds,
                                                   source={"seed": seed, "game": number, "ply": ply}))  # fmt: skip
                    if progress is not None:
                        progress(len(puzzles), searched)
            mover = state.player
            move = rng.choice(state.moves()) if mover is None or mover < 0 else bots[mover].choose(state.view(mover))
            state = state.play(move)
        if seconds is not None and time.monotonic() - began > seconds:
            break
        number += 1
    return puzzles


def verify(puzzle: Puzzle, game: Game, *, compiled: bool = True) -> list[str]:
    """What is wrong with ``puzzle`` for ``game`` (``[]``: nothing): its solution must be the one first
    move that forces the goal at its depth, recomputed by the proof."""
    game, goal = puzzle_game(game)
    problems = []
    if puzzle.game != game.slug:
        return [f"the puzzle is for {puzzle.game!r}, not {game.slug!r}"]
    if puzzle.turns != goal.turns:
        problems.append(f"it asks for {puzzle.turns} turns, the goal for {goal.turns}")
    start = puzzle.state(game)
    if start.player != puzzle.player:
        problems.append(f"player {start.player} is to move, not {puzzle.player}")
    found = winning_moves(start, goal, compiled=compiled)
    if found != [puzzle.solution]:
        problems.append(f"winning first moves {found}, not exactly [{puzzle.solution!r}]")
    elif goal.exact and goal.turns > 1 and winning_moves(start, goal, goal.turns - 1, compiled=compiled,
                                                         stop_after=1):  # fmt: skip
        problems.append(f"it can be won in fewer than {goal.turns} turns")
    return problems


def save_puzzles(puzzles: Iterable[Puzzle], path: str | Path) -> None:
    """Write a puzzle set: a JSON object with the game and the list of puzzles, one puzzle a line."""
    items = [puzzle.to_json() for puzzle in puzzles]
    games = sorted({item["game"] for item in items})
    head = json.dumps(games[0] if len(games) == 1 else games)
    lines = ",\n".join(json.dumps(item) for item in items)
    Path(path).write_text(f'{{"game": {head}, "puzzles": [\n{lines}\n]}}\n')


def load_puzzles(path: str | Path) -> list[Puzzle]:
    """Read a puzzle set written by :func:`save_puzzles`; ``NotationError`` naming what is wrong."""
    try:
        data = json.loads(Path(path).read_text())
    except json.JSONDecodeError as error:
        raise NotationError(f"{path}: not JSON ({error})") from None
    if not isinstance(data, dict) or not isinstance(data.get("puzzles"), list):
        raise NotationError(f"{path}: a puzzle set is an object with a 'puzzles' list")
    return [Puzzle.from_json(item) for item in data["puzzles"]]


def shipped_puzzles(game: Game) -> list[Puzzle]:
    """The puzzle set a game ships (``puzzles.json`` in its package), ``[]`` when it ships none."""
    if game.puzzle_goal() is None:
        return []
    path = type(game).package_file(FILE_NAME)
    return load_puzzles(path) if path.is_file() else []
