"""The OpenSpiel games: random playouts agree with the engine, and OpenSpiel's algorithms run."""

from __future__ import annotations

import itertools
import json
import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import mcts, outcome_sampling_mccfr  # noqa: E402

import abstracta  # noqa: E402
from abstracta.games.quin.rl import QuinDeal  # noqa: E402
from abstracta.rl import action_to_move, legal_actions, observation, openspiel_game  # noqa: E402
from abstracta.rl.setups import SETUP_OUTCOMES, SeedDeal, setup_deal  # noqa: E402
from tests.rl.cases import OPTION_SETS, set_id  # noqa: E402


@pytest.mark.parametrize("case", OPTION_SETS, ids=set_id)
def test_random_playouts_agree_with_the_engine_move_for_move(case):
    slug, options = case
    spiel_game = openspiel_game(slug, **options)
    game = abstracta.load(slug, **options)
    rng = random.Random(7)
    for _ in range(2):
        spiel = spiel_game.new_initial_state()
        engine = game.start(seed=0)
        deal = setup_deal(game)
        if isinstance(deal, SeedDeal):
            outcomes = spiel.chance_outcomes()
            assert len(outcomes) == SETUP_OUTCOMES and sum(p for _, p in outcomes) == pytest.approx(1)
            seed = rng.randrange(SETUP_OUTCOMES)
            spiel.apply_action(seed)
            engine = game.start(seed=seed)
        elif deal is not None:  # dealt piece by piece; test_quin_setup_deal_* check it against the engine
            while spiel.inner is None:
                outcomes = spiel.chance_outcomes()
                assert sum(p for _, p in outcomes) == pytest.approx(1)
                spiel.apply_action(rng.choice(outcomes)[0])
            engine = game.parse(str(spiel))
        plies = 0
        while not spiel.is_terminal():
            assert str(spiel) == engine.notation()
            if spiel.is_chance_node():
                outcomes = spiel.chance_outcomes()
                assert sum(p for _, p in outcomes) == pytest.approx(1)
                assert sorted(spiel.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes) == sorted(
                    engine.moves())
                action = rng.choice([a for a, _ in outcomes])
                move = spiel.action_to_string(pyspiel.PlayerId.CHANCE, action)
            else:
                assert spiel.current_player() == engine.player
                assert spiel.legal_actions() == sorted(legal_actions(engine))
                for a in rng.sample(spiel.legal_actions(), min(3, len(spiel.legal_actions()))):
                    assert spiel.action_to_string(spiel.current_player(), a) == action_to_move(engine, a)
                action = rng.choice(spiel.legal_actions())
                move = action_to_move(engine, action)
                player = spiel.current_player()
                assert np.array_equal(np.asarray(spiel.observation_tensor(player)),
                                      observation(engine.view(player), player).ravel())
            spiel.apply_action(action)
            engine = engine.play(move)
            plies += 1
            if plies > 3000:
                pytest.fail("playout did not end")
        assert engine.over and spiel.returns() == engine.returns()


def test_game_types():
    types = pyspiel.GameType
    assert openspiel_game("strategic-reserve").get_type().chance_mode == types.ChanceMode.EXPLICIT_STOCHASTIC
    assert openspiel_game("laser-chess").get_type().chance_mode == types.ChanceMode.DETERMINISTIC
    quin = openspiel_game("quin")
    assert quin.get_type().information == types.Information.IMPERFECT_INFORMATION
    assert quin.get_type().chance_mode == types.ChanceMode.EXPLICIT_STOCHASTIC
    assert openspiel_game("quin", setup="standard").get_type().chance_mode == types.ChanceMode.DETERMINISTIC
    assert openspiel_game("desfases").num_players() == 4
    assert openspiel_game("desfases").get_type().utility == types.Utility.GENERAL_SUM
    by_name = pyspiel.load_game("abstracta_laser_chess", {"options": '{"max_plies": 10}'})
    assert by_name.num_distinct_actions() == 801


@pytest.mark.parametrize("slug,options,length", [
    ("strategic-reserve", {}, 100_000), ("strategic-reserve", {"max_turns": 30}, 60),
    ("laser-chess", {}, 100_000), ("laser-chess", {"max_plies": 80}, 80),
    ("reflec", {}, 100_000), ("reflec", {"max_turns": 12}, 168),
    ("desfases", {}, 2000), ("desfases", {"players": 2}, 2000),
    ("quin", {}, 1240), ("quin", {"max_turns": 20, "setup": "manual"}, 120),
])
def test_maximum_game_lengths(slug, options, length):
    """Each game's own bound (its RL adapter), 100,000 plies where it declares none."""
    assert openspiel_game(slug, **options).max_game_length() == length


@pytest.mark.parametrize("slug,players,stochastic,hidden", [
    ("strategic-reserve", (2, 2), True, False), ("laser-chess", (2, 2), False, False),
    ("reflec", (2, 4), False, False), ("desfases", (2, 4), True, False), ("quin", (2, 2), True, True),
])
def test_registered_types_cover_every_option_set(slug, players, stochastic, hidden):
    """Registered once per game: player counts, chance and information over all its options."""
    registered = next(t for t in pyspiel.registered_games() if t.short_name == f"abstracta_{slug.replace('-', '_')}")
    assert (registered.min_num_players, registered.max_num_players) == players
    assert (registered.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) == stochastic
    assert (registered.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION) == hidden


def test_quin_information_states_hide_the_rivals_kinds():
    game = openspiel_game("quin", setup="standard", max_turns=4)
    state = game.new_initial_state()
    text = state.information_state_string(1)
    assert text == abstracta.load("quin", setup="standard").start().view(1).notation()
    assert "d5?" in text  # South's Peripheral is just a hidden piece to North
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string(1).startswith(text + " | ")
    # the perfect-recall tensor is the observation followed by one row per ply (test_openspiel_recall.py)
    observed = len(state.observation_tensor(0))
    assert state.information_state_tensor(0)[:observed] == state.observation_tensor(0)


def test_mcts_plays_whole_games():
    for slug, options in (("strategic-reserve", {"reserve": 2}), ("laser-chess", {"max_plies": 16})):
        game = openspiel_game(slug, **options)
        bots = [mcts.MCTSBot(game, 2, 8, mcts.RandomRolloutEvaluator(1, np.random.RandomState(s)),
                             random_state=np.random.RandomState(s)) for s in (1, 2)]
        state = game.new_initial_state()
        rng = np.random.RandomState(0)
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probabilities = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probabilities)))
            else:
                action = bots[state.current_player()].step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
        assert sum(state.returns()) == 0


def test_mccfr_on_small_options():
    for slug, options in (("quin", {"max_turns": 2}), ("strategic-reserve", {"reserve": 1, "max_turns": 2})):
        solver = outcome_sampling_mccfr.OutcomeSamplingSolver(openspiel_game(slug, **options))
        for _ in range(30):
            solver.iteration()
        policy = solver.average_policy()
        assert len(solver._infostates) > 5
        state = openspiel_game(slug, **options).new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        probabilities = policy.action_probabilities(state)
        assert sum(probabilities.values()) == pytest.approx(1)
        assert set(probabilities) <= set(state.legal_actions())


def _several_options(index):
    layout = abstracta.load("desfases", players=2).start(seed=3).notation()  # commas, ';' and ':' inside
    return [("quin", {"setup": "standard", "max_turns": 4}), ("strategic-reserve", {"reserve": 2, "max_turns": 9}),
            ("desfases", {"players": 2, "layout": layout}), ("quin", {"setup": "random", "max_turns": 4})][index]


@pytest.mark.parametrize("index", range(4))
def test_games_with_several_options_load_from_their_own_string_and_pickle(index):
    slug, options = _several_options(index)
    game = openspiel_game(slug, **options)
    for copy in (pyspiel.load_game(str(game)), pickle.loads(pickle.dumps(game))):
        assert str(copy) == str(game) and copy.get_parameters() == game.get_parameters()
        assert str(copy.new_initial_state()) == str(game.new_initial_state())
        assert copy.num_distinct_actions() == game.num_distinct_actions()
    # the plain JSON form of the parameter still works
    assert str(pyspiel.load_game(game.get_type().short_name, {"options": json.dumps(options)})) == str(game)


@pytest.mark.parametrize("index", range(4))
def test_serialize_game_and_state_round_trip(index):
    slug, options = _several_options(index)
    game = openspiel_game(slug, **options)
    state = game.new_initial_state()
    rng = random.Random(index)
    for _ in range(30):  # past Quin's 24 setup nodes
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    game_back, state_back = pyspiel.deserialize_game_and_state(text)
    assert str(game_back) == str(game)
    assert state_back.history() == state.history() and str(state_back) == str(state)
    for player in range(game.num_players()):
        assert state_back.information_state_string(player) == state.information_state_string(player)
    pickled = pickle.loads(pickle.dumps(state))
    assert pickled.history() == state.history() and str(pickled) == str(state)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)  # OpenSpiel's own checks


def _kinds_on_board(notation):
    """``{square: piece letter}`` of a Quin position's board field."""
    return {token[:-1]: token[-1] for token in notation.split(" ")[0].split(",")}


def _quin_deal_of(state):
    """The Quin deal outcomes that give ``state``'s placement (identical pieces in board order)."""
    deal = QuinDeal(state.game)
    on_board = _kinds_on_board(state.notation())
    outcomes = []
    for side, cells in enumerate(deal.cells):
        used: list[int] = []
        for kind in deal.pieces:
            letter = kind if side == 0 else kind.lower()
            cell = next(c for c, name in enumerate(cells) if c not in used and on_board.get(name) == letter)
            used.append(cell)
        outcomes += used
    return outcomes


def test_quin_setup_deal_gives_the_engines_random_setups():
    # every placement start(seed) can make is a deal outcome sequence giving the same position,
    # and the deal uses exactly the engine's cells: same distribution (rules §4 random)
    game = abstracta.load("quin", max_turns=5)
    spiel_game = openspiel_game("quin", max_turns=5)
    deal = QuinDeal(game)
    seen_cells: set[str] = set()
    for seed in range(40):
        engine = game.start(seed=seed)
        outcomes = _quin_deal_of(engine)
        assert deal.start(outcomes).to_json() == engine.to_json()
        state = spiel_game.new_initial_state()
        for action in outcomes:
            assert state.is_chance_node() and action in dict(state.chance_outcomes())
            state.apply_action(action)
        assert not state.is_chance_node() and str(state) == engine.notation()
        seen_cells |= {deal.cells[side][c] for side in (0, 1) for c in outcomes[12 * side:12 * side + 12]}
    assert seen_cells == set(deal.cells[0] + deal.cells[1])


def test_quin_information_state_after_the_setup_holds_every_rival_placement():
    # South's information state after the setup must not pin down North's kinds: every order in
    # which North's pieces could have been dealt onto the squares North occupies is a history of
    # the same South information state, with the same probability. Enumerated here over the
    # first six of North's pieces (S, S, R, R, M, T): 720 histories, 180 placements.
    game = openspiel_game("quin", max_turns=5)
    assert game.max_chance_outcomes() < SETUP_OUTCOMES
    rng = random.Random(3)
    state = game.new_initial_state()
    dealt = []
    while state.is_chance_node():
        action = rng.choice(state.chance_outcomes())[0]
        dealt.append(action)
        state.apply_action(action)
    assert len(dealt) == 24, "each side's twelve pieces come from chance outcomes of their own"
    south_part, north_part = dealt[:12], dealt[12:]
    after_south = game.new_initial_state()
    for action in south_part:
        after_south.apply_action(action)
    information = state.information_state_string(0)
    placements: dict[str, float] = {}
    for order in itertools.permutations(north_part[:6]):
        history = after_south.clone()
        probability = 1.0
        for action in [*order, *north_part[6:]]:
            probability *= dict(history.chance_outcomes())[action]
            history.apply_action(action)
        assert history.current_player() == 0
        assert history.information_state_string(0) == information
        assert history.observation_tensor(0) == state.observation_tensor(0)
        north = str(history)
        placements[north] = placements.get(north, 0.0) + probability
    assert len(placements) == 180  # 6! orders / (2! Shadows * 2! Reflectors)
    assert len({round(p, 18) for p in placements.values()}) == 1  # all equally likely
    first_square = QuinDeal(abstracta.load("quin")).cells[1][north_part[0]]
    assert {_kinds_on_board(p)[first_square] for p in placements} == set("srmt")  # any of the six kinds
