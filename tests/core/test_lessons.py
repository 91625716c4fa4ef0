"""Every built-in game's lessons (``games/<name>/lessons.json``, read by ``core/lessons.py``), checked by the engine.

Each step passes when its intended moves are played and fails, with its hint, on each listed wrong try; the
move kinds of a game's lessons name every move its move generation gives along random games (under each of
the game's example options, so at every player count it allows), and the lessons play every kind, cause every
kind of effect those games show, and are played at each of those player counts.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

import abstracta
from abstracta.core.lessons import (FAILED, GOING_ON, PASSED, LessonError, check, lessons_of, matches, move_kind,
                                    read_lessons, start_of)
from abstracta.core.registry import BUILT_IN_PACKAGE, game_class

BUILT_IN = [slug for slug in abstracta.games() if game_class(slug).__module__.startswith(BUILT_IN_PACKAGE + ".")]
SEEDS = (1, 2)
PLIES = 160
LONG_SEED, LONG_PLIES = 3, 400


def effect_kind(effect: dict) -> tuple:
    """What sort of thing an effect is: its kind, with the cause or result that tells its sorts apart."""
    return (effect["kind"], effect.get("cause"), effect.get("result"))


class CachedStructure:
    """A position whose structure is built once, however many of its moves are classified."""

    def __init__(self, state):
        self.structure = lru_cache(maxsize=1)(state.structure)


def random_play(game):
    """(position, legal moves) along random games, the effects seen, and the player counts played.

    Short games under every example option set (with the game's short options), and for each player count
    one longer game without them, long enough for players to drop out (Reflec's neutral coins with 3-4 players).
    """
    seen, effects, runs = [], set(), []
    for options in ({}, *type(game).example_options):
        runs += [(abstracta.load(game.slug, **{**type(game).short_options, **options}), seed, PLIES) for seed in SEEDS]
    for count in sorted({played.num_players for played, _, _ in runs}):
        options = next(options for options in ({}, *type(game).example_options)
                       if abstracta.load(game.slug, **options).num_players == count)  # fmt: skip
        runs.append((abstracta.load(game.slug, **options), LONG_SEED, LONG_PLIES))
    for played_game, seed, plies in runs:
        rng, state = random.Random(seed), played_game.start(seed=seed)
        for _ in range(plies):
            if state.over:
                break
            moves = state.moves()
            if state.player != abstracta.CHANCE:
                seen.append((state, moves))
            state = state.play(rng.choice(moves))
            effects.update(effect_kind(effect) for effect in state.last_effects())
    return seen, effects, {played_game.num_players for played_game, _, _ in runs}


@pytest.mark.parametrize("slug", BUILT_IN)
def test_each_step_passes_by_its_intended_moves_and_a_wrong_try_gets_the_hint(slug):
    game = abstracta.load(slug)
    lessons = lessons_of(game)
    assert lessons, f"{slug} ships no lessons"
    steps = [step for lesson in lessons for step in lesson.steps]
    assert 5 <= len(steps) <= 10 * len(lessons)
    assert any(step.wrong for step in steps), "no step lists a wrong try"
    for lesson in lessons:
        for number, step in enumerate(lesson.steps, 1):
            where = f"{lesson.id} step {number} ({step.title})"
            assert step.learner_moves(start_of(game, step)), f"{where}: the learner is not to move at the start"
            attempt = check(game, lesson, step, list(step.intended))
            assert attempt.status == PASSED, f"{where}: the intended moves do not pass ({attempt.status})"
            assert attempt.played == list(step.intended), f"{where}: passed before the last intended move"
            for wrong in step.wrong:
                tried = check(game, lesson, step, list(wrong))
                assert tried.status == FAILED and tried.message == step.hint, f"{where}: {wrong} is not refused"


@pytest.mark.parametrize("slug", BUILT_IN)
def test_the_lessons_cover_every_kind_of_move_and_effect(slug):
    game = abstracta.load(slug)
    lessons = lessons_of(game)
    kinds = lessons[0].move_kinds
    seen, effects, player_counts = random_play(game)
    generated = set()
    for state, moves in seen:
        cached = CachedStructure(state)
        for move in moves:
            kind = move_kind(kinds, cached, move)
            assert kind is not None, f"{slug}: {move!r} of {state.notation()!r} fits no move kind"
            generated.add(kind)
    taught, caused, counts_taught = set(), set(), set()
    for lesson in lessons:
        for step in lesson.steps:
            state = start_of(game, step)
            counts_taught.add(state.game.num_players)
            for move in step.intended:
                taught.add(move_kind(kinds, state.view(step.seat), move))
                state = state.play(move)
                caused.update(effect_kind(effect) for effect in state.view(step.seat).last_effects())
    assert generated <= taught, f"{slug}: kinds of move random games play that no lesson plays: {sorted(generated - taught)}"
    assert {kind.name for kind in kinds} <= taught, f"{slug}: kinds no lesson plays: {sorted({k.name for k in kinds} - taught)}"
    assert effects <= caused, f"{slug}: effects no lesson causes: {sorted(effects - caused, key=str)}"
    assert player_counts <= counts_taught, f"{slug}: player counts no lesson is played with: {player_counts - counts_taught}"


def test_a_step_goes_on_while_the_learner_may_still_move_and_refuses_moves_after_its_turn():
    game = abstracta.load("strategic-reserve")
    lesson = lessons_of(game)[0]
    step = next(step for step in lesson.steps if len(step.intended) > 1)
    assert check(game, lesson, step, list(step.intended[:1])).status == GOING_ON
    with pytest.raises(LessonError, match="not a legal move"):
        check(game, lesson, step, ["z9"])
    failed = check(game, lesson, step, list(step.wrong[0]))
    assert failed.status == FAILED
    with pytest.raises(LessonError, match="already over"):
        check(game, lesson, step, [*failed.played, "a1"])


def test_matches_reads_objects_lists_and_choices():
    effect = {"kind": "remove", "cell": "e3", "piece": {"kind": "checker", "owner": 1}, "path": ["a1", "a2"]}
    assert matches({"kind": "remove", "piece": {"owner": 1}}, effect)
    assert matches({"cell": ["e3", "f3"]}, effect) and not matches({"cell": ["f3"]}, effect)
    assert matches({"path": ["a2"]}, effect) and not matches({"path": ["b2"]}, effect)
    assert not matches({"piece": {"owner": True}}, effect)  # true is not 1
    assert not matches({"missing": 1}, effect)


def test_a_lessons_file_with_a_bad_goal_or_move_kind_is_refused_by_name():
    step = {"title": "t", "text": "t", "task": "t", "position": "p", "hint": "h", "intended": ["a1"]}
    with pytest.raises(LessonError, match="a goal names one of"):
        read_lessons("g", {"lessons": [{"id": "x", "steps": [{**step, "goal": {"wins": True}}]}]})
    with pytest.raises(LessonError, match="a goal names one of"):
        read_lessons("g", {"lessons": [{"id": "x", "steps": [{**step, "goal": {"all": [{"won": True, "over": True}]}}]}]})
    with pytest.raises(LessonError, match="bad move kind"):
        read_lessons("g", {"move_kinds": [{"name": "k", "move": "("}], "lessons": []})
    assert read_lessons("g", {"lessons": [{"id": "x", "steps": [{**step, "goal": {"cell": "a1", "empty": True}}]}]})


def test_a_prelude_is_replayed_before_the_learner_and_a_bad_one_is_refused_when_read():
    game = abstracta.load("laser-chess")
    step = next(step for lesson in lessons_of(game) for step in lesson.steps if step.prelude)
    start = start_of(game, step)
    assert start.repetitions() == 3 and "draw" in start.view(step.seat).moves()  # the history is real
    assert "draw" not in game.parse(step.position).moves()
    entry = {"title": "t", "text": "t", "task": "t", "position": step.position, "hint": "h", "intended": ["draw"],
             "goal": {"over": True}}  # fmt: skip
    assert read_lessons(game.slug, {"lessons": [{"id": "x", "steps": [{**entry, "prelude": list(step.prelude)}]}]}, game)
    with pytest.raises(LessonError, match=r"lesson 'x' step 1: .*prelude move 2 \('e2-e3'\) is not legal"):
        read_lessons(game.slug, {"lessons": [{"id": "x", "steps": [{**entry, "prelude": ["e1-e2", "e2-e3"]}]}]}, game)
    with pytest.raises(LessonError, match="a prelude is a list of moves"):
        read_lessons(game.slug, {"lessons": [{"id": "x", "steps": [{**entry, "prelude": "e1-e2"}]}]}, game)
