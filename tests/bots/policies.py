"""Tiny policies for the PolicyBot and tournament tests (named as ``policy:tests.bots.policies:<name>``)."""

from __future__ import annotations

import numpy as np


def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    """The lowest-numbered legal action."""
    return int(np.flatnonzero(mask)[0])


def last_scored(observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """A score per action rising with its number: the bot's masked argmax plays the highest legal one."""
    return np.arange(mask.shape[0], dtype=np.float32)


def always_zero(observation: np.ndarray, mask: np.ndarray) -> int:
    """Action 0, legal or not."""
    return 0


NOT_A_POLICY = 42
