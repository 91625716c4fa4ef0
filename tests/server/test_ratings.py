"""The rating maths (server/ratings.py): Glicko-2 against Glickman's worked example, one-game updates,
idle widening, OpenSkill on the Glicko scale, the provisional mark and the rating pools."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import abstracta
from abstracta.server.ratings import (
    GLICKO2_SCALE,
    OPENSKILL,
    POINTS_PER_SKILL,
    PROVISIONAL_DEVIATION,
    START_DEVIATION,
    TAU,
    Rating,
    after_idle_days,
    display,
    display_change,
    finishing_ranks,
    glicko2_period,
    pool_key,
    rate_game,
    rate_multiplayer,
    rate_two_player,
    rating_pool,
    split_pool,
)

SETTLED = Rating(1500, 60)
"""An opponent whose rating is well known."""


# -- Glicko-2: the paper's worked example ---------------------------------------


def test_glickmans_worked_example():
    """"Example of the Glicko-2 system": 1500/200/0.06 against 1400/30 (won), 1550/100 and 1700/300 (lost)."""
    player = Rating(1500, 200, 0.06)
    after = glicko2_period(player, [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)], tau=0.5)
    # the paper's values on the Glicko-2 scale, to the four decimals it gives: mu' -0.2069, phi' 0.8722
    assert (after.rating - 1500) / GLICKO2_SCALE == pytest.approx(-0.2069, abs=0.00005)
    assert after.deviation / GLICKO2_SCALE == pytest.approx(0.8722, abs=0.00005)
    # and converted back (the paper converts the rounded mu', hence 1464.06 for 1464.0507)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.005)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    assert math.log(after.volatility**2) == pytest.approx(-5.62696, abs=0.00001)  # the paper's A at step 5
    assert TAU == 0.5  # the example's constant is the server's


def test_a_period_without_games_only_widens_the_deviation():
    player = Rating(1600, 200, 0.06)
    after = glicko2_period(player, [])
    assert after.rating == 1600 and after.volatility == 0.06
    assert after.deviation == pytest.approx(math.hypot(200 / GLICKO2_SCALE, 0.06) * GLICKO2_SCALE)


# -- one game, one rating period ------------------------------------------------


def test_the_winner_goes_up_and_the_loser_down_by_the_same_amount_between_equals():
    winner, loser = rate_two_player(Rating(), Rating(), 1)
    assert winner.rating > 1500 > loser.rating
    assert winner.rating - 1500 == pytest.approx(1500 - loser.rating)
    assert winner.deviation == pytest.approx(loser.deviation) and winner.deviation < START_DEVIATION


def test_the_order_of_the_players_does_not_matter():
    a, b = Rating(1620, 80, 0.061), Rating(1480, 150, 0.059)
    first, second = rate_two_player(a, b, 1)
    second_again, first_again = rate_two_player(b, a, 0)
    assert (first, second) == (first_again, second_again)


def test_an_upset_moves_ratings_more_than_the_expected_result():
    strong, weak = Rating(1800, 60), Rating(1400, 60)
    expected_strong, _ = rate_two_player(strong, weak, 1)
    upset_strong, upset_weak = rate_two_player(strong, weak, 0)
    assert 0 < expected_strong.rating - 1800 < 1800 - upset_strong.rating
    assert upset_weak.rating > 1400


def test_draws():
    equal_first, equal_second = rate_two_player(Rating(1500, 80), Rating(1500, 80), 0.5)
    assert equal_first.rating == pytest.approx(1500) and equal_second.rating == pytest.approx(1500)
    assert equal_first.deviation < 80
    strong, weak = rate_two_player(Rating(1700, 80), Rating(1500, 80), 0.5)
    assert strong.rating < 1700 and weak.rating > 1500


def test_the_deviation_shrinks_with_games_and_a_new_player_settles_in_about_ten():
    player, deviations = Rating(), []
    for game in range(30):
        player, _ = rate_two_player(player, SETTLED, game % 2)
        deviations.append(player.deviation)
    assert all(later < earlier for earlier, later in zip(deviations, deviations[1:12]))
    first_settled = next(n for n, deviation in enumerate(deviations, 1) if deviation <= PROVISIONAL_DEVIATION)
    assert 8 <= first_settled <= 12  # docs/ratings.md: "about ten games"
    assert 55 < deviations[-1] < 90


def test_scores_outside_zero_to_one_are_refused():
    with pytest.raises(ValueError, match="between 0 and 1"):
        rate_two_player(Rating(), Rating(), 2)


# -- inactivity -----------------------------------------------------------------


def test_the_deviation_grows_with_idle_time_up_to_the_start_deviation():
    settled = Rating(1700, 60)
    assert after_idle_days(settled, 0) == settled
    widths = [after_idle_days(settled, days).deviation for days in (1, 10, 100, 1000)]
    assert widths == sorted(widths) and widths[0] > 60
    assert after_idle_days(settled, 10_000).deviation == START_DEVIATION
    assert after_idle_days(settled, 10_000).rating == 1700
    assert after_idle_days(Rating(), 5) == Rating()


def test_a_settled_player_is_provisional_again_after_about_eleven_weeks():
    settled = Rating(1700, 60)
    assert not after_idle_days(settled, 70).provisional
    assert after_idle_days(settled, 80).provisional


def test_idle_time_cannot_be_negative():
    with pytest.raises(ValueError, match="negative"):
        after_idle_days(Rating(), -1)


# -- provisional ----------------------------------------------------------------


def test_display_marks_provisional_ratings():
    assert display(Rating()) == "1500?"
    assert display(Rating(1623.4, 60)) == "1623"
    assert display(Rating(1623.6, PROVISIONAL_DEVIATION)) == "1624"  # at the threshold: settled
    assert display(Rating(1623.6, PROVISIONAL_DEVIATION + 0.1)) == "1624?"
    assert Rating().provisional and not SETTLED.provisional


def test_display_change_adds_up_with_the_displayed_ratings():
    assert display_change(Rating(1500.4), Rating(1512.6)) == "+13"  # 1500 -> 1513
    assert display_change(Rating(1500), Rating(1492.2)) == "-8"
    assert display_change(Rating(1500.2), Rating(1499.9)) == "+0"


# -- OpenSkill, three and four players -------------------------------------------


def test_the_openskill_scale_maps_a_new_player_onto_1500_and_350():
    assert OPENSKILL.mu + (1500 - 1500) / POINTS_PER_SKILL == 25
    assert OPENSKILL.sigma * POINTS_PER_SKILL == pytest.approx(START_DEVIATION)
    # between two settled players a gap means what it means in Glicko-2
    assert math.sqrt(2) * OPENSKILL.beta * POINTS_PER_SKILL == pytest.approx(GLICKO2_SCALE)


def test_a_four_player_result_moves_the_winner_up_and_the_last_down():
    after = rate_multiplayer([Rating()] * 4, [1, 2, 3, 4])
    ratings = [r.rating for r in after]
    assert ratings == sorted(ratings, reverse=True)
    assert ratings[0] > 1500 > ratings[3]
    assert all(r.deviation < START_DEVIATION for r in after)


def test_a_shared_place_gives_equal_ratings():
    after = rate_multiplayer([Rating()] * 4, [1, 1, 3, 3])
    assert after[0] == after[1] and after[2] == after[3]
    assert after[0].rating > 1500 > after[2].rating
    tied_losers = rate_multiplayer([Rating()] * 3, [1, 2, 2])
    assert tied_losers[1] == tied_losers[2]


def test_a_stronger_loser_loses_more():
    after = rate_multiplayer([Rating(1500, 100), Rating(1700, 100), Rating(1400, 100)], [1, 2, 2])
    assert after[0].rating > 1500 and after[1].rating < 1700
    # sharing second place with a far stronger player is a good result for the weakest
    assert after[1].rating - 1700 < after[2].rating - 1400


def test_rank_and_rating_counts_must_agree():
    with pytest.raises(ValueError, match="one rank per player"):
        rate_multiplayer([Rating()] * 3, [1, 2])


# -- one finished game ------------------------------------------------------------


def test_rate_game_reads_returns_for_two_players():
    assert rate_game([Rating(), Rating()], [-1, 1]) == list(rate_two_player(Rating(), Rating(), 0))
    assert rate_game([Rating(1600, 90), Rating()], [0, 0]) == list(rate_two_player(Rating(1600, 90), Rating(), 0.5))


def test_the_finishing_order_reads_scores_where_returns_are_level():
    assert finishing_ranks([1, -1, -1, -1]) == [1, 2, 2, 2]
    assert finishing_ranks([1, -1, -1, -1], [4, 1, 3, 3]) == [1, 4, 2, 2]  # equal in both: a shared place
    assert finishing_ranks([-1, 1, -1], [2, 0, 5], lower_score_wins=True) == [2, 1, 3]
    assert finishing_ranks([0.5, -1, 0.5, -1], [7, 2, 7, 3]) == [1, 4, 1, 3]
    ratings = [Rating()] * 4
    assert rate_game(ratings, [1, -1, -1, -1], [4, 1, 3, 2]) == rate_multiplayer(ratings, [1, 4, 2, 3])
    with pytest.raises(ValueError, match="one score per result"):
        finishing_ranks([1, -1, -1], [1, 2])


def test_rate_game_reads_returns_for_more_players():
    ratings = [Rating(1500 + 10 * seat, 200) for seat in range(4)]
    assert rate_game(ratings, [-1, 1, -1, -1]) == rate_multiplayer(ratings, [2, 1, 2, 2])
    assert rate_game(ratings, [0.5, -1, 0.5, -1]) == rate_multiplayer(ratings, [1, 3, 1, 3])  # shared first
    with pytest.raises(ValueError, match="one result per rating"):
        rate_game(ratings, [1, -1])


# -- pools ------------------------------------------------------------------------


def test_pool_keys():
    assert pool_key("chess", 2) == "chess"
    assert pool_key("chess", 4) == "chess/4"
    assert split_pool("chess/3") == ("chess", 3) and split_pool("chess") == ("chess", 2)
    with pytest.raises(ValueError):
        pool_key("chess", 1)


@pytest.mark.parametrize("slug, options, pool", [
    ("laser-chess", {}, "laser-chess"),
    ("reflec", {"players": 2}, "reflec"),
    ("reflec", {"players": 3}, "reflec/3"),
    ("desfases", {"players": 2}, "desfases"),
    ("desfases", {"players": 4}, "desfases/4"),
])  # fmt: skip
def test_a_game_s_pool_follows_its_player_count(slug, options, pool):
    game = abstracta.load(slug, **options)
    assert rating_pool(game) == pool
    assert split_pool(pool) == (game.slug, game.num_players)


@pytest.mark.parametrize("slug", abstracta.games())
def test_every_game_s_default_options_have_a_pool(slug):
    game = abstracta.load(slug)
    assert split_pool(rating_pool(game)) == (slug, game.num_players)


# -- properties -------------------------------------------------------------------

ratings = st.builds(Rating, rating=st.floats(0, 3500), deviation=st.floats(30, START_DEVIATION),
                    volatility=st.floats(0.03, 0.12))  # fmt: skip


def _sound(rating: Rating) -> bool:
    return (math.isfinite(rating.rating) and 0 < rating.deviation <= START_DEVIATION
            and 0 < rating.volatility < 1)  # fmt: skip


@given(ratings, ratings, st.sampled_from([0, 0.5, 1]))
def test_two_player_updates_stay_sound(first, second, score):
    new_first, new_second = rate_two_player(first, second, score)
    assert _sound(new_first) and _sound(new_second)
    if score == 1:
        assert new_first.rating >= first.rating and new_second.rating <= second.rating
    if score == 0:
        assert new_first.rating <= first.rating and new_second.rating >= second.rating


@given(ratings, st.floats(0, 100_000))
def test_idle_widening_stays_sound(rating, days):
    after = after_idle_days(rating, days)
    assert _sound(after) and after.deviation >= rating.deviation and after.rating == rating.rating


@given(st.lists(ratings, min_size=3, max_size=4).flatmap(
    lambda players: st.tuples(st.just(players), st.lists(st.integers(1, len(players)),
                                                         min_size=len(players), max_size=len(players)))))
def test_multiplayer_updates_stay_sound(players_and_ranks):
    players, ranks = players_and_ranks
    after = rate_multiplayer(players, ranks)
    assert len(after) == len(players) and all(_sound(r) for r in after)
    best = min(ranks)
    for old, new, rank in zip(players, after, ranks):
        if rank == best and ranks.count(best) == 1:
            assert new.rating >= old.rating - 1e-9
