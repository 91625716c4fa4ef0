"""Lessons (docs/web.md, "Lessons"): ``GET /api/lessons/{slug}``, ``POST /api/lessons/{slug}/{lesson}/{step}/check``
and ``POST /api/lessons/{slug}/progress``.

The check is stateless: the page sends every move the learner made in the step so far, the engine plays them
from the step's position and answers ``passed``, ``continue`` or ``failed`` (with the hint), and the position
reached as the learner's seat sees it. A logged-in learner's passed steps are kept (the session cookie, with
``X-CSRF-Token`` as on every state-changing request); an anonymous learner's stay in the browser.
"""

from __future__ import annotations

import asyncio
from typing import Any

import abstracta
from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from abstracta.core.lessons import LessonError, PASSED, check, find_lesson, lessons_of
from abstracta.server.lessons import LessonProgress, attempt_json, lesson_json
from abstracta.server.live import ApiError, clip, cut
from abstracta.server.sessions import Sessions

MAX_STEP_MOVES = 40
"""The most moves a check may carry: a step is a turn or two."""


class StepMoves(BaseModel):
    moves: list[str] = Field(max_length=MAX_STEP_MOVES, description="The learner's moves in this step so far, in order.")

    model_config = {"extra": "forbid"}


class PassedSteps(BaseModel):
    lesson: str = Field(max_length=64)
    steps: list[int] = Field(max_length=100, description="Step indices passed in this browser before logging in.")

    model_config = {"extra": "forbid"}


def _game(slug: str) -> Any:
    if slug not in abstracta.games():
        raise ApiError(404, f"no game {clip(slug)!r}; valid games: {', '.join(abstracta.games())}")
    game = abstracta.load(slug)
    if not lessons_of(game):
        raise ApiError(404, f"{slug} has no lessons yet")
    return game


def router(progress: LessonProgress, sessions: Sessions) -> APIRouter:
    routes = APIRouter()

    @routes.get("/api/lessons/{slug}", tags=["lessons"], summary="A game's lessons, and the account's progress",
                description="{game, title, lessons: [{id, title, summary, steps: [{index, title, text, task, seat, chance, "
                "prelude, view}]}], progress: {lesson id: [passed step indices]} or null when nobody is logged in (the "
                "browser keeps an anonymous learner's)}. 'view' is the step's start as the learner's seat sees it, as the "
                "board draws it; 'prelude' the moves played before the learner takes over, [{move, words}]. "
                "404: no such game, or it has no lessons.")  # fmt: skip
    def lessons(slug: str, request: Request) -> dict[str, Any]:
        game = _game(slug)
        user = sessions.user(request, changing=False)
        return {"game": slug, "title": game.title, "lessons": [lesson_json(game, lesson) for lesson in lessons_of(game)],
                "progress": progress.of(user.id, slug) if user is not None else None}  # fmt: skip

    @routes.post("/api/lessons/{slug}/{lesson_id}/{step}/check", tags=["lessons"],
                 summary="Check the learner's moves in a step: passed, continue or failed (with the hint)",
                 description="Plays 'moves' from the step's position as its seat. Answers {status: 'passed' | 'continue' "
                 "(the learner may still move) | 'failed' (the turn ended without reaching the goal: retry), message, "
                 "hint (when failed), played, view (the position reached, as the learner's seat sees it)}, and when "
                 "logged in, 'progress' (this lesson's passed steps). 400: a move that is not legal there.")  # fmt: skip
    async def check_step(slug: str, lesson_id: str, step: int, body: StepMoves, request: Request) -> dict[str, Any]:
        game = _game(slug)
        try:
            lesson = find_lesson(game, lesson_id)
        except LessonError:
            raise ApiError(404, f"{slug} has no lesson {clip(lesson_id)!r}") from None
        if not 0 <= step < len(lesson.steps):
            raise ApiError(404, f"lesson {lesson.id} has steps 0 to {len(lesson.steps) - 1}")
        user = await asyncio.to_thread(sessions.user, request)  # a cookie's POST must carry its CSRF token
        try:
            attempt = await asyncio.to_thread(check, game, lesson, lesson.steps[step], list(body.moves))
        except LessonError as error:
            raise ApiError(400, cut(str(error), 200)) from None
        answer = attempt_json(game, lesson.steps[step], attempt)
        if user is not None and attempt.status == PASSED:
            answer["progress"] = await asyncio.to_thread(progress.mark, user.id, slug, lesson.id, [step])
        return answer

    @routes.post("/api/lessons/{slug}/progress", tags=["lessons"], summary="Add steps passed in this browser to the account's",
                 description="After logging in, the page sends the steps it kept while anonymous. Answers the "
                 "account's progress for the game. 401: nobody is logged in.")  # fmt: skip
    def add_progress(slug: str, body: PassedSteps, request: Request) -> dict[str, Any]:
        game = _game(slug)
        info = sessions.required(request)
        try:
            lesson = find_lesson(game, body.lesson)
        except LessonError:
            raise ApiError(404, f"{slug} has no lesson {clip(body.lesson)!r}") from None
        steps = [index for index in body.steps if 0 <= index < len(lesson.steps)]
        progress.mark(info.user.id, slug, lesson.id, steps)
        return {"progress": progress.of(info.user.id, slug)}

    return routes
