"""Quin's rows of the perfect-recall information-state tensor (``core/rl_adapter.py`` ``MoveRecall``).

One row per ply, from what the player saw only (its views before and after the ply and the
move in the form it saw it: a rival's placement or Reinforcement with its kinds as ``?``,
rules §6.13), so a row never tells a hidden kind. ``docs/rl.md`` lists the columns.
"""

from __future__ import annotations

import re

import numpy as np

from abstracta.core.rl_adapter import MoveRecall
from abstracta.games.quin.board import SQUARE_INDEX
from abstracta.games.quin.pieces import KIND_INDEX, PIECE_COUNTS, REVEALED

MOVE_WORDS = ("step", "slingshot", "time", "swap", "raise", "reflect", "place", "gravity", "reinforce", "ready",
              "pass", "other")  # fmt: skip
MAX_SQUARES = 9  # a Gravity names its caster and up to four pairs
SQUARE_BITS = 6  # square index + 1 (0: no square) in binary: 62 values
_SQUARE = re.compile(r"\b([a-l][1-5]|o)\b")
_KIND = re.compile(r"\b([LSARMTPV])(?=@|\s|$)")

# columns of a row
PLAYED, OWN, WORDS = 0, 1, 2
KINDS = WORDS + len(MOVE_WORDS)  # 8: kinds the move names (as the player saw it)
SQUARES = KINDS + 8  # MAX_SQUARES x SQUARE_BITS: the squares the move names, in order
REVEALED_OWN = SQUARES + MAX_SQUARES * SQUARE_BITS  # 8: own pieces of each kind the rival now knows
REVEALED_RIVAL = REVEALED_OWN + 8  # 8: rival pieces of each kind the player now knows
ROW_SIZE = REVEALED_RIVAL + 8  # 92


def move_word(move: str) -> str:
    """The kind of move ``move`` is, one of ``MOVE_WORDS``."""
    first = move.split(" ", 1)[0]
    if first in MOVE_WORDS:
        return first
    if "-" in first and first != "-":
        return "slingshot" if " over " in move else "step"
    return "other"


def known_kinds(view, owner: int) -> np.ndarray:
    """Per kind, how many of ``owner``'s pieces the view's ``owner``'s rival knows: shown on the
    board (revealed, or a Light on the centre) or in Zero G."""
    counts = np.zeros(8, dtype=np.float32)
    for piece in view.board:
        if piece > 0 and (piece >> 3) & 1 == owner and (piece & REVEALED or owner != view.viewer):
            counts[piece & 7] += 1  # a rival piece the viewer sees at all is one it knows
    counts += np.asarray(view.removed[owner], dtype=np.float32)
    return counts


class QuinRecall(MoveRecall):
    row_size = ROW_SIZE

    def row(self, before, move_seen: str, after, own: bool) -> np.ndarray:
        out = np.zeros(ROW_SIZE, dtype=np.float32)
        out[PLAYED] = 1.0
        out[OWN] = float(own)
        out[WORDS + MOVE_WORDS.index(move_word(move_seen))] = 1.0
        for letter in _KIND.findall(move_seen):
            out[KINDS + KIND_INDEX[letter]] = 1.0
        for i, name in enumerate(_SQUARE.findall(move_seen)[:MAX_SQUARES]):
            number = SQUARE_INDEX[name] + 1
            for bit in range(SQUARE_BITS):
                out[SQUARES + i * SQUARE_BITS + bit] = (number >> bit) & 1
        viewer = after.viewer
        counts = np.asarray(PIECE_COUNTS, dtype=np.float32)
        for base, owner in ((REVEALED_OWN, viewer), (REVEALED_RIVAL, 1 - viewer)):
            gained = known_kinds(after, owner) - known_kinds(before, owner)
            out[base:base + 8] = np.clip(gained, 0, None) / counts
        return out
