"""The designers' measures (issue 30) on hand-made games with known answers: balance by score,
how games end, lengths, branching, drama, lead changes, uncertainty, skill traces and sweeps."""

from __future__ import annotations

import doctest
import math
import random

import pytest

import abstracta.bots.measures as measures
from abstracta.bots.measures import (
    GameTrace,
    PlyTrace,
    balance,
    chi_square_sf,
    decided_at,
    drama,
    game_metrics,
    holm,
    lead_changes,
    percentile,
    report_figures,
    skill_trace,
    sweep,
    uncertainty,
)
from abstracta.core.errors import CHANCE

WIN, LOSS = (1.0, -1.0), (-1.0, 1.0)
DRAW = (0.0, 0.0)


def test_documentation_examples_run():
    assert doctest.testmod(measures, verbose=False).failed == 0


# -- balance by score ----------------------------------------------------------------------
def test_draws_count_half_for_each_seat():
    # Laser Chess easy in the issue: 5 draws in 16 games, Blue (seat 0) 4 wins: its score is 40.6%, not 25%.
    result = balance([WIN] * 4 + [DRAW] * 5 + [LOSS] * 7)
    assert result.scores == pytest.approx((6.5 / 16, 9.5 / 16))
    assert result.fair == 0.5
    assert result.first_mover_advantage == pytest.approx(6.5 / 16 - 0.5)
    low, high = result.intervals[0]
    assert low < 6.5 / 16 < high and 0 < low and high < 1


def test_a_first_place_shared_by_k_counts_one_kth():
    # Four players; seats 0 and 1 share first place 6 times, seat 0 wins alone 2 times, seat 3 2 times.
    shared = (1.0, 1.0, -1.0, -1.0)
    results = ([shared] * 6 + [(1.0, -1.0, -1.0, -1.0)] * 2 + [(-1.0, -1.0, -1.0, 1.0)] * 2) * 4
    result = balance(results)
    assert result.scores == pytest.approx((5 / 10, 3 / 10, 0.0, 2 / 10))
    assert sum(result.scores) == pytest.approx(1.0)
    assert result.fair == 0.25
    assert result.off_balance() == [0, 2]  # seat 0 far above 25%, seat 2 never scored


def test_three_players_the_imbalanced_seat_is_named_whichever_it_is():
    # Like Reflec 3p in the issue: Moons (seat 1) low, the first seat about fair.
    rng = random.Random(4)
    results = []
    for _ in range(300):
        winner = rng.choices([0, 1, 2], weights=[0.4, 0.15, 0.45])[0]
        results.append(tuple(1.0 if p == winner else -1.0 for p in range(3)))
    result = balance(results)
    assert result.off_balance()[0] == 1
    assert result.p_value < 0.001


def test_g_test_against_known_values():
    # 30 games, seat totals 20 and 10: G = 2 (20 ln(20/15) + 10 ln(10/15)) = 3.398, p = 0.0653 (1 df).
    result = balance([WIN] * 20 + [LOSS] * 10)
    assert result.g_statistic == pytest.approx(2 * (20 * math.log(20 / 15) + 10 * math.log(10 / 15)))
    assert result.p_value == pytest.approx(0.0653, abs=5e-4)
    even = balance([WIN, LOSS] * 10)
    assert even.g_statistic == pytest.approx(0.0) and even.p_value == pytest.approx(1.0)


@pytest.mark.parametrize(("statistic", "df", "p"), [(3.841, 1, 0.05), (5.991, 2, 0.05), (7.815, 3, 0.05),
                                                    (11.345, 3, 0.01), (0.0, 3, 1.0)])  # fmt: skip
def test_chi_square_tail(statistic, df, p):
    assert chi_square_sf(statistic, df) == pytest.approx(p, abs=2e-4)


def test_the_first_mover_is_read_from_the_trace_when_seats_rotate():
    # Seat 1 moves first in every game (after a chance ply) and wins them all.
    trace = GameTrace(2, (PlyTrace(CHANCE, 6), PlyTrace(1, 3), PlyTrace(0, 2)), LOSS, "normal", False)
    figures = game_metrics([trace] * 8)
    assert figures["first_mover_advantage"] == pytest.approx(0.5)


# -- per-game measures on hand-made traces --------------------------------------------------
def _plies(*steps):
    return tuple(PlyTrace(mover, legal, chances) for mover, legal, chances in steps)


# A two-player game with dice: seat 0 leads, seat 1 takes over for good, wins.
DRAMATIC = GameTrace(2, _plies(
    (CHANCE, 6, None), (0, 3, (0.6, 0.4)), (0, 1, (0.7, 0.3)),  # turn 1: seat 0's two plies
    (CHANCE, 6, None), (1, 4, (0.3, 0.7)),  # turn 2
    (0, 2, (0.05, 0.95)),  # turn 3
    (1, 5, (0.0, 1.0)),  # turn 4: the win
), LOSS, "normal", False)  # fmt: skip


def test_turns_are_runs_of_one_mover_and_chance_plies_do_not_break_them():
    assert DRAMATIC.turns == 4 and DRAMATIC.ply_count == 7
    assert GameTrace(2, DRAMATIC.plies, LOSS, "normal", False, game_turns=9).turns == 9  # the game's own count


def test_drama_lead_changes_uncertainty_and_decisiveness_by_hand():
    # Drama: the winner (seat 1) trails the leader by 0.2, 0.4, then 0, 0, 0: mean 0.12.
    assert drama(DRAMATIC) == pytest.approx((0.2 + 0.4) / 5)
    # Leaders: 0, 0, 1, 1, 1: one change.
    assert lead_changes(DRAMATIC) == 1
    # Uncertainty 1 - (max - 1/2) / (1/2): 0.8, 0.6, 0.6, 0.1, 0: mean 0.42.
    assert uncertainty(DRAMATIC) == pytest.approx(2.1 / 5)
    # The winner's chance is above 0.9 from ply 5 on (the game-ending ply is not a forecast).
    assert decided_at(DRAMATIC) == 5


def test_game_metrics_by_hand():
    capped_draw = GameTrace(2, _plies((0, 2, (0.5, 0.5)), (1, 1, (0.5, 0.5))), DRAW, "turn limit", True)
    figures = game_metrics([DRAMATIC, capped_draw])
    assert figures["completion"] == 0.5 and figures["drawishness"] == 0.5 and figures["decisiveness"] == 0.5
    assert figures["decisive_turn"] == 3  # ply 5 is in turn 3
    assert figures["length_turns"] == {"mean": 3.0, "median": 3.0, "p10": 2.2, "p90": 3.8}
    assert figures["length_plies"]["mean"] == 4.5
    # Branching per game: (3 + 1 + 4 + 2 + 5) / 5 = 3 and (2 + 1) / 2 = 1.5; max 5; chance plies left out.
    assert figures["branching_factor"] == {"mean": pytest.approx(2.25), "max": 5}
    assert figures["decision_moves"] == pytest.approx((4 / 5 + 1 / 2) / 2)
    assert figures["terminations"] == {"normal": 1, "turn limit": 1}
    assert figures["lead_changes"] == pytest.approx((1 / 7 + 0) / 2)
    low, high = figures["ci"]["completion"]
    assert low < 0.5 < high


def test_measures_from_chances_are_none_without_chances():
    bare = GameTrace(2, _plies((0, 2, None), (1, 3, None)), WIN, "normal", False)
    figures = game_metrics([bare])
    assert figures["drama"] is None and figures["uncertainty"] is None and figures["lead_changes"] is None
    assert figures["decisiveness"] == 0.0


def test_percentiles_interpolate_linearly():
    assert percentile([10, 20, 30, 40, 50], 0.1) == pytest.approx(14.0)
    assert percentile([7], 0.9) == 7 and percentile([], 0.5) == 0.0


# -- skill trace, sweeps, the report's figures ----------------------------------------------
def _game(rng: random.Random, first_wins: float, options: dict | None = None, seats=("a", "b")) -> GameTrace:
    returns = WIN if rng.random() < first_wins else LOSS
    return GameTrace(2, _plies((0, 3, None), (1, 2, None)), returns, "normal", False, seats, options or {})


def test_skill_trace_scores_the_stronger_level_whichever_seat_it_holds():
    games = [GameTrace(2, (), WIN, "normal", False, ("hard", "easy"))] * 3
    games += [GameTrace(2, (), WIN, "normal", False, ("easy", "hard")), GameTrace(2, (), DRAW, "normal", False,
                                                                               ("easy", "hard"))]  # fmt: skip
    (row,) = skill_trace({("hard", "easy"): games})
    assert row["score"] == pytest.approx(3.5 / 5) and row["games"] == 5
    assert row["ci"][0] < 0.7 < row["ci"][1]
    assert row["elo"] == pytest.approx(-400 * math.log10(1 / 0.7 - 1))
    with pytest.raises(ValueError, match="must name both"):
        skill_trace({("hard", "easy"): [GameTrace(2, (), WIN, "normal", False)]})


def test_a_sweep_finds_a_planted_difference_and_not_a_null_one():
    rng = random.Random(7)
    planted = sweep({"reserve=4": [_game(rng, 0.5) for _ in range(300)],
                     "reserve=8": [_game(rng, 0.7) for _ in range(300)]}, seed=1)  # fmt: skip
    seat_0 = next(c for c in planted["comparisons"] if c["measure"] == "seat_0_score")
    assert seat_0["significant"] and seat_0["ci"][0] > 0
    assert seat_0["difference"] == pytest.approx(0.2, abs=0.08)
    null = sweep({"x": [_game(rng, 0.6) for _ in range(300)], "y": [_game(rng, 0.6) for _ in range(300)]}, seed=1)
    assert not any(c["significant"] for c in null["comparisons"])
    assert {s["setting"] for s in null["settings"]} == {"x", "y"}


def test_holm_adjusts_step_down():
    assert holm([0.01, 0.02, 0.03, 0.5]) == [0.04, 0.06, 0.06, 0.5]
    assert holm([]) == []


def test_report_figures_have_the_documented_keys():
    rng = random.Random(1)
    traces = [_game(rng, 0.5, {"reserve": 4}) for _ in range(10)] + [_game(rng, 0.5, {"reserve": 8}) for _ in range(10)]
    figures = report_figures(traces, "strategic-reserve", skill={("a", "b"): traces},
                             settings={"reserve=4": traces[:10], "reserve=8": traces[10:]})  # fmt: skip
    assert set(figures) == {"game", "options", "games", "seats", "metrics", "skill_trace", "sweep"}
    assert figures["options"] == {} and figures["games"] == 20  # the options differ between the games
    assert [set(seat) >= {"seat", "score", "ci"} for seat in figures["seats"]] == [True, True]
    metrics = figures["metrics"]
    for key in ("completion", "drawishness", "decisiveness", "first_mover_advantage", "balance_p", "length_turns",
                "length_plies", "branching_factor", "decision_moves", "drama", "lead_changes", "uncertainty",
                "terminations"):
        assert key in metrics
    assert set(metrics["length_turns"]) == {"mean", "median", "p10", "p90"}
    assert set(metrics["branching_factor"]) == {"mean", "max"}
    assert figures["skill_trace"][0]["stronger"] == "a" and figures["sweep"]["correction"] == "holm"
    assert report_figures(traces[:3])["sweep"] is None


# -- turns on the real games: runs of one mover, or the game's own count ------------------------
def _random_trace(game, seed: int) -> GameTrace:
    rng = random.Random(seed)
    state = game.start(seed=seed)
    plies = []
    while not state.over:
        options = [move for move, _ in state.chance()] if state.player == CHANCE else state.moves()
        plies.append(PlyTrace(state.player, len(options)))
        state = state.play(rng.choice(options))
    return GameTrace(game.num_players, tuple(plies), tuple(state.returns()), state.termination() or "normal", False,
                     game_turns=measures.game_turn_count(state))  # fmt: skip


@pytest.mark.parametrize("players", [2, 4])
def test_desfases_turns_are_its_84_turns_not_its_104_plies(players):
    import abstracta

    trace = _random_trace(abstracta.load("desfases", players=players), seed=players)
    assert trace.game_turns is None  # it keeps no count: runs of one mover it is (its feeds join their turn)
    assert (trace.ply_count, trace.turns) == (104, 84)


def test_strategic_reserve_dice_and_moves_are_one_turn():
    import abstracta

    trace = _random_trace(abstracta.load("strategic-reserve", reserve=3), seed=1)
    decisions = sum(1 for ply in trace.plies if ply.mover != CHANCE)
    assert trace.turns == len(measures.turn_starts(trace.plies)) <= decisions < trace.ply_count


def test_reflec_counts_its_own_turns_of_several_actions():
    import abstracta

    trace = _random_trace(abstracta.load("reflec", players=2, max_turns=12), seed=3)
    assert trace.game_turns == trace.turns == 12  # the game's count: a suit's turn of several actions
    assert trace.ply_count > 12
