"""Guided lessons (``docs/web.md``, "Lessons"): short steps, each a position, a task and a goal the engine checks.

A game ships its lessons as data beside its rules module, ``lessons.json`` (read by :func:`lessons_of`)::

    {"move_kinds": [{"name": "step", "move": "^(?P<from>[a-j][1-8])-(?P<to>[a-j][1-8])$",
                     "where": {"to": {"empty": true}}}, ...],
     "lessons": [{"id": "first", "title": "...", "summary": "...", "steps": [
         {"title": "...", "text": "...", "task": "...", "position": "<the game's notation>", "options": {},
          "seat": 0, "goal": {...}, "hint": "...", "intended": ["e4-e5"], "wrong": [["e4+"]],
          "prelude": ["e1-e2", "e8-e7"]}]}]}

A step's ``prelude`` (optional) lists moves played from ``position`` before the learner takes over,
for what a position alone cannot hold: a history (a threefold repetition, so that a draw may be
claimed). The moves are checked when the lessons file is read, replayed by :func:`start_of` and shown
in the step's move list. ``options`` (optional) are the game's options for the step (``{"players": 3}``).

A step is passed when the learner's moves, played from ``position`` (after the prelude) by ``seat``, make ``goal`` true;
it is failed (the hint is shown, the step may be retried) once the learner's turn is over, or
``max_moves`` (default: as many as ``intended``) are played, without the goal holding. ``intended``
lists one way to pass (the tests play it); ``wrong`` lists plausible wrong tries (the tests check
they fail). A goal is never "this exact move" unless the task has one answer: it is a predicate on
what the moves did, read from the learner's view (:data:`PREDICATES`):

- ``{"won": true}``: the game is over and the learner has the best return, alone;
- ``{"over": true}``: the game is over;
- ``{"effect": MATCH}`` / ``{"no_effect": MATCH}``: some / no effect of the learner's moves matches;
- ``{"played": "<move kind>"}``: a move of that kind (``move_kinds``) was played;
- ``{"cell": "<cell>", "piece": MATCH}`` / ``{"cell": "<cell>", "empty": true}``: the structured
  position after the moves (``state.structure()["cells"]``) holds a matching piece there / nothing;
- ``{"turn_over": true}``: the learner is no longer to move;
- ``{"all": [...]}``, ``{"any": [...]}``, ``{"not": GOAL}``.

A MATCH is an object compared with a value: every key must be there and match, an object
recursively, a list against a list by containing every item, a list against anything else as a
choice (``{"result": ["capture", "swap"]}``), anything else by equality.

A move kind names a family of moves (``step``, ``rotate``, a Quin power): the first kind whose
``move`` regular expression matches the whole move and whose ``where`` conditions hold on the
position before the move (each named group's cell ``empty`` or not, or holding a piece of one of
the ``kind`` names, or a piece matching ``piece``, a MATCH; with ``area``, a template such as
``"supply {}"``, the condition reads the pieces of the structure's area of that name instead of a
cell's). The tests check that the kinds cover every move the game generates along random games
under every example option set, and that the lessons play every kind.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from abstracta.core.api import Game, State
from abstracta.core.errors import CHANCE, NotationError

LESSONS_FILE = "lessons.json"
"""The lessons' file in a game's folder (beside the module defining its :class:`~abstracta.core.api.Game`)."""

PASSED, GOING_ON, FAILED = "passed", "continue", "failed"
"""What a check says: the goal holds; the learner may still move; the turn (or the step's move budget) ended without it."""


class LessonError(ValueError):
    """A lesson file that cannot be read, or a step or move that does not belong to a lesson."""


@dataclass(frozen=True)
class MoveKind:
    name: str
    pattern: re.Pattern[str]
    where: dict[str, dict[str, Any]] = field(default_factory=dict)

    def fits(self, structure_of: Any, move: str) -> bool:
        """Whether ``move`` is of this kind; ``structure_of()`` gives the position's structure (read only for ``where``)."""
        found = self.pattern.fullmatch(move)
        if found is None:
            return False
        if not self.where:
            return True
        structure = structure_of()
        for group, condition in self.where.items():
            pieces = _pieces_named(structure, found.group(group) or "", condition.get("area"))
            if "empty" in condition and bool(condition["empty"]) != (not pieces):
                return False
            if "kind" in condition and not any(piece.get("kind") in condition["kind"] for piece in pieces):
                return False
            if "piece" in condition and not any(matches(condition["piece"], piece) for piece in pieces):
                return False
        return True


def _pieces_named(structure: dict[str, Any], name: str, area: str | None) -> list[dict[str, Any]]:
    """The pieces on cell ``name``, or with an ``area`` template, those of the area it names (``"supply {}"``)."""
    if area is None:
        return list(structure.get("cells", {}).get(name, []))
    wanted = area.format(name)
    return [piece for entry in structure.get("areas", []) if entry.get("name") == wanted for piece in entry.get("pieces", [])]


@dataclass(frozen=True)
class Step:
    title: str
    text: str
    task: str
    position: str
    seat: int
    goal: dict[str, Any]
    hint: str
    intended: tuple[str, ...]
    wrong: tuple[tuple[str, ...], ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    max_moves: int = 0
    praise: str = "Well done!"
    prelude: tuple[str, ...] = ()
    """Moves played from ``position`` before the learner takes over (a history the position alone cannot hold)."""
    chance: bool = False
    """The learner also picks the chance outcomes (throws the dice as they choose), to see what each does."""

    def budget(self) -> int:
        return self.max_moves or max(len(self.intended), 1)

    def learner_moves(self, state: State) -> bool:
        """Whether the learner acts in ``state``: their seat is to move, or a chance outcome they pick."""
        return not state.over and (state.player == self.seat or (self.chance and state.player == CHANCE))


@dataclass(frozen=True)
class Lesson:
    game: str
    id: str
    title: str
    summary: str
    steps: tuple[Step, ...]
    move_kinds: tuple[MoveKind, ...] = ()


@dataclass
class Attempt:
    """What the learner's moves did: the status, the state reached, the effects as the learner saw them."""

    status: str
    state: State
    played: list[str]
    effects: list[dict[str, Any]]
    message: str = ""


def _parse_kinds(data: Any, where: str) -> tuple[MoveKind, ...]:
    kinds = []
    for entry in data or []:
        try:
            kinds.append(MoveKind(entry["name"], re.compile(entry["move"]), dict(entry.get("where", {}))))
        except (KeyError, TypeError, re.error) as error:
            raise LessonError(f"{where}: bad move kind {entry!r}: {error}") from None
    return tuple(kinds)


def _check_goal(goal: Any, where: str) -> None:
    """A goal names one test of :data:`PREDICATES` (``cell`` with ``piece`` or ``empty``), its parts likewise."""
    if not isinstance(goal, dict):
        raise LessonError(f"{where}: a goal is an object, got {goal!r}")
    names = set(goal) - {"piece", "empty"} if "cell" in goal else set(goal)
    if len(names) != 1 or not names <= set(PREDICATES) or ("cell" in goal and len(goal) != 2):
        raise LessonError(f"{where}: a goal names one of {', '.join(PREDICATES)}, got {sorted(goal)}")
    for name in ("all", "any"):
        for part in goal.get(name, []):
            _check_goal(part, where)
    if "not" in goal:
        _check_goal(goal["not"], where)


def _parse_step(data: dict[str, Any], where: str) -> Step:
    _check_goal(data.get("goal"), where)
    if not isinstance(data.get("prelude", []), list):
        raise LessonError(f"{where}: a prelude is a list of moves, got {data['prelude']!r}")
    try:
        return Step(title=data["title"], text=data["text"], task=data["task"], position=data["position"],
                    seat=int(data.get("seat", 0)), goal=dict(data["goal"]), hint=data["hint"],
                    intended=tuple(data["intended"]), wrong=tuple(tuple(moves) for moves in data.get("wrong", [])),
                    options=dict(data.get("options", {})), max_moves=int(data.get("max_moves", 0)),
                    praise=data.get("praise", "Well done!"), chance=bool(data.get("chance", False)),
                    prelude=tuple(str(move) for move in data.get("prelude", [])))  # fmt: skip
    except (KeyError, TypeError, ValueError) as error:
        raise LessonError(f"{where}: {type(error).__name__} {error}") from None


def read_lessons(slug: str, data: Any, game: Game | None = None) -> list[Lesson]:
    """Lessons from the JSON of a lessons file (``slug`` names the game in messages).

    With ``game``, each step's prelude is played from its position: a move that is not legal there
    is the file's fault, refused here by step rather than when a learner opens the step.
    """
    if not isinstance(data, dict) or not isinstance(data.get("lessons"), list):
        raise LessonError(f"{slug}: a lessons file is an object with a 'lessons' list")
    kinds = _parse_kinds(data.get("move_kinds"), f"{slug} move_kinds")
    lessons = []
    for entry in data["lessons"]:
        where = f"{slug} lesson {entry.get('id')!r}"
        steps = tuple(_parse_step(step, f"{where} step {n}") for n, step in enumerate(entry.get("steps", []), 1))
        if not steps:
            raise LessonError(f"{where}: no steps")
        lessons.append(Lesson(slug, str(entry["id"]), entry.get("title", ""), entry.get("summary", ""), steps, kinds))
        for number, step in enumerate(steps, 1):
            if game is not None and step.prelude:
                try:
                    start_of(game, step)
                except LessonError as error:
                    raise LessonError(f"{where} step {number}: {error}") from None
    return lessons


@lru_cache(maxsize=None)
def _lessons_of_class(game_class: type[Game]) -> tuple[Lesson, ...]:
    path = game_class.package_file(LESSONS_FILE)
    if not path.is_file():
        return ()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise LessonError(f"{game_class.slug}: {LESSONS_FILE} is not JSON: {error}") from None
    return tuple(read_lessons(game_class.slug, data, game_class()))


def lessons_of(game: Game) -> list[Lesson]:
    """The lessons ``game`` ships (``[]`` when it has none), read once per game class."""
    return list(_lessons_of_class(type(game)))


def find_lesson(game: Game, lesson_id: str) -> Lesson:
    for lesson in lessons_of(game):
        if lesson.id == lesson_id:
            return lesson
    raise LessonError(f"{game.slug} has no lesson {lesson_id!r}")


def step_game(game: Game, step: Step) -> Game:
    """The game a step is played under: ``game`` with the step's options."""
    return game.with_options({**game.options, **step.options}) if step.options else game


def start_of(game: Game, step: Step) -> State:
    """The step's full position, its prelude played (the learner is shown ``start_of(...).view(step.seat)``)."""
    try:
        state = step_game(game, step).parse(step.position)
    except NotationError as error:
        raise LessonError(f"{game.slug}: a step's position does not read: {error}") from None
    for number, move in enumerate(step.prelude, 1):
        if state.over or move not in state.moves():
            raise LessonError(f"{game.slug}: prelude move {number} ({move[:40]!r}) is not legal there")
        state = state.play(move)
    return state


def move_kind(kinds: tuple[MoveKind, ...], state: Any, move: str) -> str | None:
    """The name of the first kind ``move`` fits in ``state`` (a state or a view), ``None`` when none."""
    structure: list[dict[str, Any]] = []

    def structure_of() -> dict[str, Any]:
        if not structure:
            structure.append(state.structure())
        return structure[0]

    for kind in kinds:
        if kind.fits(structure_of, move):
            return kind.name
    return None


def matches(expected: Any, actual: Any) -> bool:
    """``actual`` matches ``expected`` (the MATCH rules of this module's docstring)."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(key in actual and matches(value, actual[key]) for key, value in expected.items())
    if isinstance(expected, list):
        if isinstance(actual, list):
            return all(any(matches(item, other) for other in actual) for item in expected)
        return any(matches(choice, actual) for choice in expected)
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual  # true is not 1
    return expected == actual


@dataclass
class _Seen:
    state: State
    seat: int
    played_kinds: list[str | None]
    effects: list[dict[str, Any]]


def _holds(goal: dict[str, Any], seen: _Seen) -> bool:
    state = seen.state
    if "all" in goal:
        return all(_holds(part, seen) for part in goal["all"])
    if "any" in goal:
        return any(_holds(part, seen) for part in goal["any"])
    if "not" in goal:
        return not _holds(goal["not"], seen)
    if "won" in goal:
        returns = state.returns()
        best = returns[seen.seat]
        won = state.over and all(best > value for n, value in enumerate(returns) if n != seen.seat)
        return won == bool(goal["won"])
    if "over" in goal:
        return bool(state.over) == bool(goal["over"])
    if "turn_over" in goal:
        return (state.over or state.player != seen.seat) == bool(goal["turn_over"])
    if "effect" in goal:
        return any(matches(goal["effect"], effect) for effect in seen.effects)
    if "no_effect" in goal:
        return not any(matches(goal["no_effect"], effect) for effect in seen.effects)
    if "played" in goal:
        return goal["played"] in seen.played_kinds
    if "cell" in goal:
        pieces = state.view(seen.seat).structure().get("cells", {}).get(goal["cell"], [])
        if "empty" in goal:
            return (not pieces) == bool(goal["empty"])
        return any(matches(goal["piece"], piece) for piece in pieces)
    raise LessonError(f"unknown goal {goal!r}")


PREDICATES = ("won", "over", "effect", "no_effect", "played", "cell", "turn_over", "all", "any", "not")
"""The tests a goal may name (this module's docstring says what each means)."""


def check(game: Game, lesson: Lesson, step: Step, moves: list[str]) -> Attempt:
    """Play the learner's ``moves`` from the step's position and say whether they pass it.

    A move the learner may not play there (not in their view's legal moves, or played once their
    turn is over) raises :class:`LessonError` naming it; nothing else about the position leaks.
    """
    state = start_of(game, step)
    seen = _Seen(state, step.seat, [], [])
    for number, move in enumerate(moves, 1):
        if not step.learner_moves(state) or number > step.budget():
            raise LessonError(f"move {number} ({move[:40]!r}): this step's turn is already over; retry the step")
        view = state.view(step.seat)
        if move not in view.moves():
            raise LessonError(f"{move[:40]!r} is not a legal move here")
        seen.played_kinds.append(move_kind(lesson.move_kinds, view, move))
        state = state.play(move)
        seen.state = state
        seen.effects.extend(state.view(step.seat).last_effects())
        if _holds(step.goal, seen):
            return Attempt(PASSED, state, list(moves[:number]), seen.effects, step.praise)
    turn_over = not step.learner_moves(state) or len(moves) >= step.budget()
    status = FAILED if turn_over and moves else GOING_ON
    return Attempt(status, state, list(moves), seen.effects, step.hint if status == FAILED else "")
