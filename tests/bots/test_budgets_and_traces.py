"""Bot budget specs (``hard:nodes=2000``), the traced game loop (``play_from``) and adjudication."""

from __future__ import annotations

import importlib
import random

import pytest

import abstracta
from abstracta.bots import RandomBot, level_bot
from abstracta.bots.levels import BUDGET_KEYS, BotSpec, parse_bot_spec, search_kind, split_bot_specs
from abstracta.bots.match import Adjudication, play_from
from abstracta.core.errors import CHANCE


# -- budget specs ---------------------------------------------------------------------------
def test_a_spec_reads_level_and_budget_and_splits_on_commas():
    assert parse_bot_spec("hard:nodes=2000:seconds=0.5") == BotSpec("hard", (("nodes", 2000), ("seconds", 0.5)))
    assert parse_bot_spec("easy") == BotSpec("easy")
    assert split_bot_specs("hard:nodes=2000,mcts:iterations=400,hard:seconds=0.5") == [
        "hard:nodes=2000", "mcts:iterations=400", "hard:seconds=0.5"]  # fmt: skip
    assert split_bot_specs("hard:nodes=2000,seconds=1,random") == ["hard:nodes=2000:seconds=1", "random"]


def test_budgets_reach_each_search():
    laser = abstracta.load("laser-chess")
    bot = level_bot("hard:nodes=2000:depth=3:seconds=0.5", laser, seed=1)
    assert (bot.max_nodes, bot.max_depth, bot.seconds, bot.name) == (2000, 3, 0.5, "hard:nodes=2000:depth=3:seconds=0.5")
    assert level_bot("hard", laser, seed=1).max_nodes != 2000  # the level's own budget is untouched
    desfases = abstracta.load("desfases")
    assert search_kind("hard", desfases) == "multiplayer-mcts"
    assert level_bot("hard:iterations=40:randomness=0.5", desfases, seed=1).iterations == 40
    reserve = level_bot("medium:depth=1:samples=3", abstracta.load("strategic-reserve"), seed=1)
    assert (reserve.max_depth, reserve.chance_samples) == (1, 3)
    mcts = level_bot("mcts:iterations=400", laser, seed=1)
    assert (type(mcts).__name__, mcts.iterations) == ("MCTSBot", 400)
    assert set(BUDGET_KEYS["alpha-beta"]) >= {"nodes", "depth", "seconds"}


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ("hard:iterations=5", "alpha-beta search, which takes nodes, depth, quiescence, seconds; not iterations"),
        ("hard:nodes=0", "nodes must be a whole number of at least 1, got 0"),
        ("hard:nodes=2.5", "whole number"),
        ("hard:seconds=x", "seconds='x' is not a number"),
        ("hard:nodes", "should be KEY=VALUE"),
        ("grandmaster:nodes=3", "unknown bot level 'grandmaster'"),
        ("mcts", "mcts alone needs a budget"),
    ],
)
def test_a_bad_spec_is_one_clear_line(spec, fragment):
    with pytest.raises(ValueError, match=None) as error:
        level_bot(spec, abstracta.load("laser-chess"), seed=1)
    assert fragment in str(error.value) and "\n" not in str(error.value)


# -- traces ---------------------------------------------------------------------------------
def test_a_traced_game_records_movers_legal_counts_and_chances_after_each_turn():
    game = abstracta.load("strategic-reserve", reserve=2)
    played = play_from(game.start(seed=3), [RandomBot(1), RandomBot(2)], random.Random(5), trace=True)
    assert played is not None and len(played.trace) == len(played.moves) > 2
    state = game.start(seed=3)
    for ply, move in zip(played.trace, played.moves):
        assert ply.mover == state.player
        assert ply.legal == (len(state.chance()) if state.player == CHANCE else len(state.moves()))
        after = state.play(move)
        turn_ended = state.player != CHANCE and (after.over or after.player != state.player)
        assert (ply.chances is not None) == turn_ended
        if ply.chances is not None:
            assert len(ply.chances) == 2 and sum(ply.chances) == pytest.approx(1.0)
        state = after
    assert state.over and played.returns == tuple(state.returns())
    winner = max(range(2), key=played.returns.__getitem__)
    assert played.trace[-1].chances[winner] == 1.0  # the final chances are the result


# -- adjudication ---------------------------------------------------------------------------
def test_adjudication_parses_and_refuses_nonsense():
    assert Adjudication.parse("win=0.97:4") == Adjudication(0.97, 4)
    assert str(Adjudication(0.9, 2)) == "win=0.9:2"
    for bad, fragment in (("win=0.97", "should read"), ("lose=0.9:2", "should read"), ("win=1.5:2", "below 1"),
                          ("win=0.9:0", "at least 1")):  # fmt: skip
        with pytest.raises(ValueError, match=fragment):
            Adjudication.parse(bad)


def test_a_game_is_adjudicated_after_the_leaders_run_of_turns(monkeypatch):
    """Scripted chances after each turn: seat 0 above 0.97 except after its second turn; it needs 2 turns in a row."""
    chances_module = importlib.import_module("abstracta.bots.win_chances")  # the package exports a function of that name

    script = iter([(0.98, 0.02), (0.98, 0.02), (0.5, 0.5), (0.98, 0.02), (0.99, 0.01), (0.99, 0.01), (0.99, 0.01)])
    monkeypatch.setattr(chances_module, "win_chances", lambda state, seed=0, quick=False: list(next(script)))
    game = abstracta.load("laser-chess")  # two players, one ply a turn, no chance: turn n is ply n
    played = play_from(game.start(seed=1), [RandomBot(1), RandomBot(2)], random.Random(1), trace=True,
                       adjudication=Adjudication(0.97, 2))  # fmt: skip
    # seat 0's turns are plies 1, 3, 5, 7: above after 1, not after 3 (a broken run), above after 5 and 7
    assert played.termination == "adjudicated" and played.capped
    assert len(played.moves) == 7 and played.returns == (1.0, -1.0)
    assert not played.state.over  # the rules had not ended it


def test_an_adjudicated_simulation_game_is_recorded_as_such_and_replays(monkeypatch, tmp_path):
    from abstracta.core.records import read_file, replay
    from tests.cli.helpers import run

    chances_module = importlib.import_module("abstracta.bots.win_chances")
    monkeypatch.setattr(chances_module, "win_chances", lambda state, seed=0, quick=False: [0.99, 0.01])
    records, data = tmp_path / "games.txt", tmp_path / "games.json"
    result = run("simulate", "laser-chess", "--bots", "random", "--games", "1", "--seed", "1", "--workers", "1",
                 "--adjudicate", "win=0.97:2", "--records", str(records), "--json", str(data))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "adjudicated 1" in result.stdout
    [record] = read_file(records)
    assert (record.termination, record.result, len(record.moves)) == ("adjudicated", "1/-1", 3)
    assert not replay(record)[-1].over  # replays: the result stands off the board
