"""``PolicyBot``: callables, scores, SB3 models and the shipped ONNX baselines play legal moves; bad policies fail clearly."""

from __future__ import annotations

import random
import runpy
from pathlib import Path

import numpy as np
import pytest

import abstracta
from abstracta.bots import PolicyBot, bot_or_policy, policy_bot
from abstracta.bots.policy import baseline_path
from abstracta.bots.tournament import run_tournament
from abstracta.core.errors import CHANCE

rl = pytest.importorskip("abstracta.rl")
from tests.bots import policies  # noqa: E402

SPEC = "policy:tests.bots.policies:first_legal"


def decision(slug: str, seed: int = 1, **options):
    """The first position of a seeded game where a player (not chance) decides."""
    state = abstracta.load(slug, **options).start(seed=seed)
    rng = random.Random(seed)
    while state.player == CHANCE:
        state = state.play(rng.choice([outcome for outcome, _ in state.chance()]))
    return state


def test_a_callable_policy_plays_the_action_it_returns():
    state = decision("laser-chess")
    bot = PolicyBot(policies.first_legal, state.game)
    assert bot.choose(state) == rl.action_to_move(state, min(rl.legal_actions(state)))


def test_scores_are_played_by_a_masked_argmax():
    state = decision("strategic-reserve")
    bot = PolicyBot(policies.last_scored, state.game)
    assert bot.choose(state) == rl.action_to_move(state, max(rl.legal_actions(state)))


def test_an_illegal_or_out_of_range_action_raises_naming_it():
    state = decision("laser-chess")
    assert 0 not in rl.legal_actions(state)
    with pytest.raises(ValueError, match="chose action 0, which is not legal"):
        PolicyBot(policies.always_zero, state.game).choose(state)
    with pytest.raises(ValueError, match="chose action 801, out of range"):
        PolicyBot(lambda obs, mask: mask.shape[0], state.game).choose(state)
    with pytest.raises(ValueError, match="expected one action number or 801 scores"):
        PolicyBot(lambda obs, mask: np.zeros(3), state.game).choose(state)
    with pytest.raises(ValueError, match="must be a callable"):
        PolicyBot(42, state.game)


def test_a_policy_sees_the_frame_it_was_trained_in():
    """A callable gets abstracta.rl's default (observer-oriented) frame; a model whose metadata says
    ``"oriented": false`` gets the unturned observation and action numbers."""
    import abstracta.rl as rl

    state = abstracta.load("laser-chess").start(seed=1)
    state = state.play(state.moves()[0])  # Red to move: its frame turns the board
    seen = []

    def first_legal(observation, mask):
        seen.append(observation)
        return int(np.flatnonzero(mask)[0])

    oriented_bot = PolicyBot(first_legal, state.game)
    assert oriented_bot.choose(state) == rl.action_to_move(state, min(rl.legal_actions(state)))
    unturned_bot = PolicyBot(first_legal, state.game)
    unturned_bot.oriented = False  # as a model trained before observer orientation declares it
    assert unturned_bot.choose(state) == rl.action_to_move(state, min(rl.legal_actions(state, oriented=False)), oriented=False)
    assert np.array_equal(seen[0], rl.observation(state.view(1), 1))
    assert np.array_equal(seen[1], rl.observation(state.view(1), 1, oriented=False))
    assert not np.array_equal(seen[0], seen[1])


def test_a_maskable_ppo_model_plays_legal_moves_and_its_onnx_export_gives_its_logits(tmp_path: Path):
    sb3 = pytest.importorskip("sb3_contrib")
    pytest.importorskip("onnx")
    pytest.importorskip("onnxruntime")
    import torch

    env = rl.gym_env("strategic-reserve", opponent="random")
    model = sb3.MaskablePPO("MlpPolicy", env, n_steps=16, seed=0, policy_kwargs={"net_arch": {"pi": [8, 4], "vf": [8]}})
    state = decision("strategic-reserve")
    assert PolicyBot(model, state.game).choose(state) in state.moves()

    module = runpy.run_path(str(Path(__file__).resolve().parents[2] / "examples" / "train_baseline.py"))
    module["export_onnx"](module["ppo_layers"](model), state.game, {}, tmp_path / "m.onnx", {})
    bot = PolicyBot(tmp_path / "m.onnx", state.game)
    observation = rl.observation(state.view(state.player), state.player)
    with torch.no_grad():
        policy = model.policy
        latent = policy.mlp_extractor.forward_actor(policy.extract_features(torch.as_tensor(observation[None]),
                                                                            policy.pi_features_extractor))
        logits = policy.action_net(latent)[0].numpy()
    assert np.allclose(bot.policy(observation, None), logits, atol=1e-5)
    assert bot.metadata["oriented"] is False and bot.metadata["num_actions"] == 36
    legal = rl.legal_actions(state)
    assert bot.choose(state) == rl.action_to_move(state, max(legal, key=lambda a: logits[a]))


SHIPPED = [slug for slug in abstracta.games() if type(abstracta.load(slug)).__module__.startswith("abstracta.games.")]
"""The project's own games (the tests' plugin game ships no baseline)."""


@pytest.mark.parametrize("slug", SHIPPED)
def test_the_shipped_baseline_plays_legal_moves_in_every_seat(slug: str):
    pytest.importorskip("onnxruntime")
    game = abstracta.load(slug)
    assert baseline_path(game).stat().st_size < 3_000_000
    bot = policy_bot("baseline", game)
    assert bot.metadata["game"] == slug and bot.metadata["oriented"] is False
    seats_played: set[int] = set()
    for seed in (1, 2):  # two games: the seats' first moves differ between starts
        state, rng = game.start(seed=seed), random.Random(seed)
        for _ in range(4 * game.num_players):
            if state.over:
                break
            if state.player == CHANCE:
                state = state.play(rng.choice([outcome for outcome, _ in state.chance()]))
                continue
            move = bot.choose(state.view(state.player))
            assert move in state.moves()
            seats_played.add(state.player)
            state = state.play(move)
    assert seats_played == set(range(game.num_players))


def test_a_model_for_another_game_is_refused():
    pytest.importorskip("onnxruntime")
    path = baseline_path(abstracta.load("strategic-reserve"))
    with pytest.raises(ValueError, match="trained for strategic-reserve"):
        PolicyBot(path, abstracta.load("laser-chess"))


def test_a_tournament_rates_a_policy_beside_a_level():
    game = abstracta.load("strategic-reserve", reserve=1)
    result = run_tournament(game, ["random", SPEC], 2, seed=3, workers=1, make_bot=bot_or_policy)
    assert len(result.games) == 2 and {g.seats for g in result.games} == {("random", SPEC), (SPEC, "random")}
    assert [r.bot for r in result.ratings] == ["random", SPEC] and result.ratings[1].games == 2


@pytest.mark.parametrize("spec, reason", [
    ("policy:no_such_module:x", "cannot import 'no_such_module'"),
    ("policy:tests.bots.policies:missing", "has no attribute 'missing'"),
    ("policy:tests.bots.policies:NOT_A_POLICY", "must be a callable"),
    ("policy:nowhere/model.onnx", "no ONNX model at nowhere/model.onnx"),
    ("policy:tests", "needs module:attribute or a path"),
])  # fmt: skip
def test_bad_specs_say_why(spec: str, reason: str):
    with pytest.raises(ValueError, match=reason):
        policy_bot(spec, abstracta.load("strategic-reserve"))
