"""Quin's RL observation reads the view's structure (rl.py) and gives the very tensors the former
notation-based encoder gave: their digest along two fixed random games was taken with that encoder."""

from __future__ import annotations

import hashlib
import random

import abstracta

NOTATION_ENCODER_DIGEST = "1287476af7ea54b6f916410568b4a541ca36b5672ba87772483bf2f296235b03"


def test_observations_are_those_of_the_notation_encoder():
    digest = hashlib.sha256()
    for setup in ("random", "manual"):
        game = abstracta.load("quin", setup=setup, max_turns=60)
        adapter = game.rl_adapter()
        rng = random.Random(5)
        state = game.start(seed=5)
        while True:
            for player in (0, 1):
                digest.update(adapter.observe(state.view(player), player).tobytes())
            if state.over:
                break
            state = state.play(rng.choice(state.moves()))
    assert digest.hexdigest() == NOTATION_ENCODER_DIGEST
