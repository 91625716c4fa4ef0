"""Lessons on the server: each step's start as the learner's seat sees it, the engine's check of the learner's
moves (:mod:`abstracta.core.lessons`), and the progress of logged-in accounts (table ``lesson_progress``).

Anonymous learners keep their progress in the browser (``localStorage``); the routes are
:mod:`abstracta.server.routes.lessons`.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from abstracta.core.api import Game, State
from abstracta.core.lessons import Attempt, Lesson, Step, start_of, step_game
from abstracta.server.database import Database
from abstracta.server.tables import LessonProgressRow, utc_now
from abstracta.server.views import board_view


def step_view(game: Game, step: Step, state: State, played: list[str]) -> dict[str, Any]:
    """A position of a step as the board draws it: the learner's seat's view only; ``history`` is the step's
    prelude (moves played before the learner takes over) then the learner's moves."""
    view = state.view(step.seat)
    acting = step.learner_moves(state)
    return {
        **board_view(view),
        "you": step.seat,
        "last_effects": list(view.last_effects()) if played else [],
        "history": [*step.prelude, *played],
        "moves": list(view.moves()) if acting else [],
    }


def prelude_json(game: Game, step: Step) -> list[dict[str, str]]:
    """The step's prelude as the move list shows it: each move with its words, as the learner's seat reads them."""
    state, entries = step_game(game, step).parse(step.position), []
    for move in step.prelude:  # checked when the lessons file was read
        entries.append({"move": move, "words": state.describe(move, step.seat)})
        state = state.play(move)
    return entries


def lesson_json(game: Game, lesson: Lesson) -> dict[str, Any]:
    """A lesson for the page: its steps' words and start positions (hints come only with a failed try)."""
    steps = []
    for index, step in enumerate(lesson.steps):
        steps.append({"index": index, "title": step.title, "text": step.text, "task": step.task, "seat": step.seat,
                      "chance": step.chance, "prelude": prelude_json(game, step),
                      "view": step_view(game, step, start_of(game, step), [])})  # fmt: skip
    return {"id": lesson.id, "title": lesson.title, "summary": lesson.summary, "steps": steps}


def attempt_json(game: Game, step: Step, attempt: Attempt) -> dict[str, Any]:
    return {"status": attempt.status, "message": attempt.message, "played": attempt.played,
            "hint": step.hint if attempt.status == "failed" else None,
            "view": step_view(game, step, attempt.state, attempt.played)}  # fmt: skip


class LessonProgress:
    """Which steps each account has passed, per game and lesson."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def of(self, user_id: int, game: str) -> dict[str, list[int]]:
        """Lesson id -> the indices of its passed steps, sorted."""

        def work(session: Session) -> dict[str, list[int]]:
            rows = session.scalars(select(LessonProgressRow).where(LessonProgressRow.user_id == user_id,
                                                                  LessonProgressRow.game == game))  # fmt: skip
            return {row.lesson: json.loads(row.passed) for row in rows}

        return self.database._read(work)

    def mark(self, user_id: int, game: str, lesson: str, steps: list[int]) -> list[int]:
        """Add ``steps`` to the account's passed steps of ``lesson``; the passed steps after."""

        def work(session: Session) -> list[int]:
            row = session.get(LessonProgressRow, (user_id, game, lesson))
            if row is None:
                row = LessonProgressRow(user_id=user_id, game=game, lesson=lesson, passed="[]")
                session.add(row)
            passed = sorted(set(json.loads(row.passed)) | set(steps))
            row.passed = json.dumps(passed)
            row.updated = utc_now()
            return passed

        return self.database._write(work)
