"""Records carry each ply in plain words as comments: written from the record's reader, read back, ignored by replay."""

from __future__ import annotations

import json
import random

import pytest

import abstracta
from abstracta.core.records import Record, RecordError, in_words, loads, player_record, replay


def played(slug, plies, seed=3, **options):
    game = abstracta.load(slug, **options)
    states, moves, rng = [game.start(seed=seed)], [], random.Random(seed)
    for _ in range(plies):
        moves.append(rng.choice(states[-1].moves()))
        states.append(states[-1].play(moves[-1]))
    return game, states, moves


def test_comments_round_trip_in_text_and_json_and_stay_out_of_the_replay():
    game, states, moves = played("strategic-reserve", 6, reserve=4)
    record = in_words(Record(game.slug, dict(game.options), moves=list(moves), seed=3), states)
    assert record.comments == [before.describe(move) for before, move in zip(states, moves)]
    text = record.to_text()
    assert f"1. {moves[0]}\n{{{record.comments[0]}}}\n2. {moves[1]}" in text
    for form in ("text", "json"):
        [read] = loads(record.to_text() if form == "text" else json.dumps(record.to_json()))
        assert read.comments == record.comments and read.moves == moves
        assert replay(read)[-1] == states[-1]


def test_a_comment_line_never_ends_early_and_a_record_without_comments_reads_as_before():
    record = Record("strategic-reserve", {"reserve": 4}, moves=["1,1", "a2"], seed=3, comments=["a {b} c\nd", ""])
    text = record.to_text()
    assert "\n1. 1,1\n{a (b) c d}\n2. a2\n" in text  # a ply without words has no comment line
    [read] = loads(text)
    assert read.comments == ["a (b) c d", ""]
    assert loads(text.replace("{a (b) c d}\n", ""))[0].comments == []
    with pytest.raises(RecordError, match="comments"):
        Record.from_json({"game": "strategic-reserve", "moves": [], "comments": "no"})
    with pytest.raises(RecordError, match="expected '1. <move>'"):  # a comment belongs to the ply before it
        loads('[Game "strategic-reserve"]\n\n{before any ply}\n1. 1,1\n')


def test_a_players_record_is_phrased_for_that_seat_only():
    game, states, moves = played("quin", 8, setup="standard")
    full = Record(game.slug, dict(game.options), moves=list(moves), seed=3)
    seen = in_words(player_record(full, 1, states), states, moves)
    assert seen.comments == [before.describe(move, 1) for before, move in zip(states, moves)]
    [read] = loads(seen.to_text())
    assert read.comments == seen.comments and read.view == 1
    south = [before.describe(move, 0) for before, move in zip(states, moves)]
    assert south != seen.comments  # South's own reinforcements name their kinds; North's record does not
