"""Puzzles: the page (``/puzzles/<game>``, ``web/puzzles.html``), ``GET /api/puzzles``,
``GET /api/puzzles/{slug}`` and ``POST /api/puzzles/{slug}/{number}``.

The puzzles are the set each game ships (``abstracta.bots.puzzles.shipped_puzzles``: made by
``abstracta puzzles GAME --make N FILE``, each proved to have exactly one winning first move). A
puzzle is shown as the solver's view, as the board modules draw a view (a game that hides
information shows only what the solver sees); its solution never leaves the server until it is
found: a tried move is checked here. The streak is the browser's (``localStorage``), not the server's.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

import abstracta
from abstracta.bots.puzzles import Puzzle, puzzle_game, shipped_puzzles
from abstracta.core.api import Game
from abstracta.server.live import ApiError, clip, load_game
from abstracta.server.routes.pages import WEB_DIR


class PuzzleMove(BaseModel):
    move: str = Field(max_length=64, description="The first move tried, in the game's move notation.")

    model_config = {"extra": "forbid", "json_schema_extra": {"examples": [{"move": "f5-e4"}]}}


@lru_cache(maxsize=None)
def puzzle_set(slug: str) -> tuple[Game, tuple[Puzzle, ...]]:
    """A game (under its puzzles' options) and its shipped puzzles, read once per process."""
    game, _ = puzzle_game(abstracta.load(slug))
    return game, tuple(shipped_puzzles(game))


def _set_of(slug: str) -> tuple[Game, tuple[Puzzle, ...]]:
    if slug not in abstracta.games():
        raise ApiError(404, f"no game {clip(slug)}; games with puzzles: {', '.join(games_with_puzzles())}")
    game = load_game(slug, {})
    if game.puzzle_goal() is None and type(game)().puzzle_goal() is None:
        raise ApiError(404, f"{game.slug} has no puzzles; games with puzzles: {', '.join(games_with_puzzles())}")
    return puzzle_set(game.slug)


def games_with_puzzles() -> list[str]:
    """The games whose defaults have a puzzle goal and that ship puzzles."""
    return [slug for slug in abstracta.games() if abstracta.load(slug).puzzle_goal() is not None and puzzle_set(slug)[1]]


def puzzle_view(game: Game, puzzle: Puzzle, number: int) -> dict[str, Any]:
    """What the page shows of one puzzle: its sentence and the solver's view as a board draws it."""
    view = puzzle.state(game).view(puzzle.player)
    return {
        "number": number,
        "sentence": puzzle.sentence,
        "difficulty": puzzle.difficulty,
        "turns": puzzle.turns,
        "you": puzzle.player,
        "game": game.slug,
        "options": json.loads(json.dumps(game.options)),
        "num_players": game.num_players,
        "position": view.notation(),
        "structure": view.structure(),
        "player": view.player,
        "seat": view.seat,
        "over": bool(view.over),
        "returns": list(view.returns()),
        "scores": list(view.scores()),
        "last_effects": list(view.last_effects()),
        "history": [],
        "moves": list(view.moves()),
    }


def router() -> APIRouter:
    routes = APIRouter()

    @routes.get("/puzzles", include_in_schema=False)
    @routes.get("/puzzles/{slug}", include_in_schema=False)
    def puzzles_page(slug: str = "") -> FileResponse:
        return FileResponse(WEB_DIR / "puzzles.html")

    @routes.get("/api/puzzles", tags=["puzzles"], summary="The games with puzzles: what they ask and how many")
    def list_puzzle_games() -> list[dict[str, Any]]:
        out = []
        for slug in games_with_puzzles():
            game, puzzles = puzzle_set(slug)
            goal = game.puzzle_goal()
            out.append({"game": slug, "title": game.title, "task": goal.task if goal else "", "count": len(puzzles)})
        return out

    @routes.get("/api/puzzles/{slug}", tags=["puzzles"],
                summary="A game's puzzles: each one's sentence, difficulty and the solver's view (no solutions)")
    def get_puzzles(slug: str) -> dict[str, Any]:
        game, puzzles = _set_of(slug)
        goal = game.puzzle_goal()
        return {"game": game.slug, "title": game.title, "task": goal.task if goal else "",
                "puzzles": [puzzle_view(game, puzzle, number) for number, puzzle in enumerate(puzzles, 1)]}  # fmt: skip

    @routes.post("/api/puzzles/{slug}/{number}", tags=["puzzles"],
                 summary="Try a first move on puzzle 'number' (1 = the first): right or wrong",
                 description="Answers {'correct': true|false, 'move', 'sentence'}; the solution only once it is "
                 "found. An illegal move is refused (400) with the legal moves' count; a puzzle that does not "
                 "exist is 404.")  # fmt: skip
    def try_puzzle(slug: str, number: int, body: PuzzleMove) -> dict[str, Any]:
        game, puzzles = _set_of(slug)
        if not 1 <= number <= len(puzzles):
            raise ApiError(404, f"{game.slug} has puzzles 1 to {len(puzzles)}, not {number}")
        puzzle = puzzles[number - 1]
        legal = puzzle.state(game).view(puzzle.player).moves()
        if body.move not in legal:
            raise ApiError(400, f"illegal move {clip(body.move)}: not one of the {len(legal)} legal moves here")
        correct = body.move == puzzle.solution
        answer = {"correct": correct, "move": body.move, "sentence": puzzle.sentence}
        if correct:
            answer["solution"] = puzzle.solution
        return answer

    return routes
