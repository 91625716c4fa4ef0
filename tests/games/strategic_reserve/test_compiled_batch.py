"""The compiled batch (``CompiledVectorEnv`` on the core) against ``abstracta.rl.VectorEnv``, on the same dice.

``VectorEnv`` rolls from one numpy generator per row; here each row is handed the core's own
dice stream (``DiceStream``, the SplitMix64 generator the core rolls from), so both sides roll
identical dice and must agree on every observation, mask, reward, flag and position, step by step.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import data_equivalence  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402

import abstracta  # noqa: E402
from abstracta.games.strategic_reserve.compiled import Batch, DiceStream, available  # noqa: E402
from abstracta.rl import CompiledVectorEnv, VectorEnv  # noqa: E402
from tests.rl.lockstep import assert_same_reset_or_step_view, assert_same_step, masked_random_actions  # noqa: E402

pytestmark = pytest.mark.skipif(not available(), reason="the compiled core is not built or is disabled")

SLUG = "strategic-reserve"
ROWS = 6


def paired(seed: int, mode: str, oriented: bool, options: dict) -> tuple[CompiledVectorEnv, VectorEnv]:
    ours = CompiledVectorEnv(SLUG, ROWS, seed=seed, autoreset_mode=mode, oriented=oriented, **options)
    reference = VectorEnv(SLUG, ROWS, autoreset_mode=mode, oriented=oriented, **options)
    reference._rngs = [DiceStream(seed + i) for i in range(ROWS)]  # reset() without a seed keeps them
    return ours, reference


@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
@pytest.mark.parametrize("oriented", [True, False])
@pytest.mark.parametrize("options", [{}, {"reserve": 2, "max_turns": 7}, {"board": "4x2", "reserve": 2}],
                         ids=repr)  # fmt: skip
def test_steps_equal_the_python_vector_env_on_the_same_dice(mode, oriented, options):
    ours, reference = paired(11, mode, oriented, options)
    obs, info = ours.reset()
    ref_obs, ref_info = reference.reset()
    rng = np.random.default_rng(2)
    endings = illegal = 0
    for step in range(70):
        assert_same_reset_or_step_view(obs, info, ref_obs, ref_info, step)
        for i in range(ROWS):  # the very positions, and the dice streams in step
            assert ours._core.engine.notation(ours._core.position(i)) == reference.states[i].notation(), (step, i)
            assert ours._core.dice_state(i) == reference._rngs[i].state, (step, i)
        actions, masks = masked_random_actions(rng, info)
        if step % 20 == 7:  # now and then an illegal action (out of range, or not legal here)
            row = step % ROWS
            actions[row] = [36, -1, int(np.flatnonzero(~masks[row])[0]) if (~masks[row]).any() else 40][step % 3]
            illegal += 1
        (obs, _, _, _, info), (ref_obs, _, _, _, ref_info), ended = assert_same_step(ours, reference, actions, step)
        endings += ended
    assert endings > illegal


def test_seeds_reproduce_trajectories_and_differ_between_seeds():
    def run(seed: int) -> list:
        venv = CompiledVectorEnv(SLUG, 8, seed=seed)
        obs, _ = venv.reset()
        out = [obs]
        for _ in range(40):
            obs, rewards, terminated, truncated, _ = venv.step(venv.sample_actions())
            out.append((obs, rewards, terminated, truncated))
        return out

    assert data_equivalence(run(7), run(7), exact=True)
    assert not data_equivalence(run(7), run(8), exact=True)


def test_a_row_rolls_the_stream_of_its_seed():
    """Row i of a batch seeded s rolls as a single row seeded s + i (the rows of VectorEnv likewise)."""
    game = abstracta.load(SLUG)
    wide, single = Batch(game, 4), Batch(game, 1)
    wide.seed(np.arange(20, 24, dtype=np.uint64))
    single.seed(np.array([23], dtype=np.uint64))
    buffers = [np.zeros((n, 7, 6, 6), np.float32) for n in (4, 1)], [np.zeros((n, 36), bool) for n in (4, 1)]
    players = [np.zeros(n, np.int64) for n in (4, 1)]
    wide.reset(None, buffers[0][0], buffers[1][0], players[0])
    single.reset(None, buffers[0][1], buffers[1][1], players[1])
    assert wide.engine.notation(wide.position(3)) == single.engine.notation(single.position(0))
    assert wide.dice_state(3) == single.dice_state(0) == _after_one_roll(23)


def _after_one_roll(seed: int) -> int:
    stream = DiceStream(seed)
    stream.random()
    return stream.state


def test_the_generator_is_splitmix64():
    """The published first output of SplitMix64 from state 0 (Steele, Lea and Flood's generator)."""
    lib, ffi = Batch(abstracta.load(SLUG), 1)._lib, Batch(abstracta.load(SLUG), 1)._ffi
    state = ffi.new("uint64_t *", 0)
    assert lib.sr_rng_next(state) == 0xE220A8397B1DCDAF
    stream = DiceStream(5)
    core_state = ffi.new("uint64_t *", lib.sr_rng_seed(5, 0))
    assert [stream.random() for _ in range(50)] == [lib.sr_rng_uniform(core_state) for _ in range(50)]


def test_finished_rows_show_the_last_position_with_no_legal_action():
    venv = CompiledVectorEnv(SLUG, 16, seed=1, reserve=1)  # Red's first placement wins
    obs, info = venv.reset()
    obs, rewards, terminated, truncated, info = venv.step(venv.sample_actions())
    assert terminated.all() and not truncated.any() and (rewards == 1.0).all()
    assert not info["action_mask"].any() and (info["player"] == 0).all()
    assert np.array_equal(info["rewards"], np.tile([1.0, -1.0], (16, 1)).astype(np.float32))
    assert venv.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    obs, rewards, terminated, truncated, info = venv.step(np.zeros(16, dtype=np.int64))  # the new games
    assert not terminated.any() and (rewards == 0).all() and info["action_mask"].any(axis=1).all()
