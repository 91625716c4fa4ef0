"""Seeded randomness: every random draw in abstracta comes from a ``random.Random``
made here, so the same seed always gives the same game."""

from __future__ import annotations

import random


def make_rng(seed: int | None = None) -> random.Random:
    """A private generator; ``seed=None`` draws a fresh seed from the OS."""
    return random.Random(seed)


def fresh_seed() -> int:
    """A seed to record when the user gave none, so the run can be repeated."""
    return random.SystemRandom().randrange(2**32)
