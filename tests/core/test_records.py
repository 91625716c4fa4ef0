"""Game records: text and JSON round-trips for every game, replay to the same states, the first bad move named."""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta.core.records import ChatLine, Record, RecordError, dumps, loads, player_record, read_file, replay, write_file


def random_record(slug: str, seed: int, plies: int = 60, **options) -> tuple[Record, list]:
    """A record of random play (chance outcomes drawn like any move) and the states it went through."""
    game = abstracta.load(slug, **options)
    rng = random.Random(seed)
    state = game.start(seed=seed)
    states, moves = [state], []
    while not state.over and len(moves) < plies:
        move = rng.choice(state.moves())
        state = state.play(move)
        moves.append(move)
        states.append(state)
    record = Record(slug, dict(game.options), moves, seed=seed, players=["random"] * game.num_players, date="2026-11-24")
    record.finish(state)
    return record, states


@pytest.mark.parametrize("slug", abstracta.games())
@pytest.mark.parametrize("form", ["text", "json"])
def test_round_trip_replays_to_the_same_states(slug, form):
    records, all_states = [], []
    for seed in (1, 2):
        record, states = random_record(slug, seed)
        records.append(record)
        all_states.append(states)
    read = loads(dumps(records, form))
    assert [r.to_json() for r in read] == [r.to_json() for r in records]
    for record, states in zip(read, all_states):
        assert [s.to_json() for s in replay(record)] == [s.to_json() for s in states]


def test_a_finished_game_carries_its_result():
    record, states = random_record("strategic-reserve", 3, plies=10_000, reserve=1)
    assert states[-1].over
    assert record.result == "/".join(f"{v:g}" for v in states[-1].returns())
    assert record.termination == "normal"
    text = record.to_text()
    assert '[Game "strategic-reserve"]' in text and '[Result "' in text and "\n1. " in text


@pytest.mark.parametrize("slug", abstracta.games())
def test_a_corrupted_record_names_the_first_bad_move(slug):
    record, _ = random_record(slug, 4, plies=20)
    bad_ply = min(7, len(record.moves))  # a random game may end sooner (tic-tac-toe)
    lines = record.to_text().splitlines()
    index = lines.index(f"{bad_ply}. {record.moves[bad_ply - 1]}")
    lines[index] = f"{bad_ply}. zz-not-a-move"
    (corrupted,) = loads("\n".join(lines))
    with pytest.raises(RecordError, match=rf"ply {bad_ply}: .*zz-not-a-move") as caught:
        replay(corrupted)
    assert caught.value.ply == bad_ply


def test_a_move_after_the_end_is_refused():
    record, _ = random_record("strategic-reserve", 3, plies=10_000, reserve=1)
    record.moves.append("a1")
    with pytest.raises(RecordError, match="after the end"):
        replay(record)


def test_files_in_both_forms(tmp_path):
    record, states = random_record("desfases", 5, plies=30)
    for name in ("game.txt", "game.json"):
        path = tmp_path / name
        write_file(path, [record, record])
        read = read_file(path)
        assert len(read) == 2 and read[1].moves == record.moves
    assert (tmp_path / "game.json").read_text().lstrip().startswith("{")


def test_moves_with_spaces_and_tag_values_with_quotes_survive():
    record = Record("desfases", {}, ["feed 2", "feed a"], seed=1, extra={"Event": 'the "big" one \\ final'})
    (read,) = loads(record.to_text())
    assert read.moves == ["feed 2", "feed a"]
    assert read.extra["Event"] == 'the "big" one \\ final'


@pytest.mark.parametrize(
    "text, fragment",
    [
        ('1. c4\n', "before any [Game"),
        ('[Game "strategic-reserve"]\n\n2. c4\n', "expected '1. <move>'"),
        ('[Game "strategic-reserve"\n', "tag line"),
        ('[Game "strategic-reserve"]\n[Options "nope"]\n', "Options"),
        ('[Game "strategic-reserve"]\n[Seed "x"]\n', "Seed"),
        ('{"moves": []}', "'game' slug"),
    ],
)
def test_unreadable_records_say_why(text, fragment):
    with pytest.raises(RecordError, match=fragment.replace("[", r"\[").replace("(", r"\(")):
        loads(text)


def test_a_players_record_holds_only_that_seats_view():
    game = abstracta.load("quin")
    state = game.start(seed=6)
    rng = random.Random(6)
    record = Record("quin", dict(game.options), seed=None, position=state.view(0).notation(), view=0)
    full = Record("quin", dict(game.options), seed=6)
    for _ in range(30):
        move = rng.choice(state.moves())
        record.moves.append(move if state.player == 0 else state.public_move(move))
        full.moves.append(move)
        state = state.play(move)
        record.views.append(state.view(0).notation())
    (read,) = loads(record.to_text())
    assert player_record(full, 0).to_json() == record.to_json()  # the same, derived from the full record
    views = replay(read)
    assert [v.notation() for v in views[1:]] == record.views
    assert replay(full)[-1].to_json() == state.to_json()
    secret = state.notation()
    assert secret not in record.to_text()


def test_chat_lines_stay_on_their_line_and_out_of_the_replay():
    hostile = 'gg "wp"\n2. a1\\n<script>alert(1)</script>\u2028[Game "quin"]\tend'
    game = abstracta.load("strategic-reserve", reserve=3)
    state = game.start(seed=2)
    moves = []
    for _ in range(3):
        moves.append(state.moves()[0])
        state = state.play(moves[-1])
    chat = [ChatLine(0, 1, "hello"), ChatLine(2, 0, hostile, "2026-11-25T20:00:00+00:00"), ChatLine(3, 1, "bye")]
    record = Record("strategic-reserve", {"reserve": 3}, moves=moves, seed=2, chat=chat)
    text = record.to_text()
    assert text.count("\n") == len(record.tags()) + 1 + len(moves) + len(chat)  # each message one line
    assert "\n0; 1 - \"hello\"\n1. " in text and f"\n2. {moves[1]}\n2; 0 2026-11-25T20:00:00+00:00 " in text
    for form in ("text", "json"):
        [back] = loads(dumps([record], form))
        assert back.chat == chat and back.moves == moves
        assert replay(back)[-1].notation() == state.notation()
