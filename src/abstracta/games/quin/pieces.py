"""Pieces of Quin (rules §2.4) and the flash table (§7.1), as small ints.

A piece on the board is one int ``code = 32 | revealed << 4 | owner << 3 | kind``
(0 is an empty square), so ``code & 7`` is the kind, ``code >> 3 & 1`` the owner and
``code & 16`` the revealed flag. Reserves and removed pieces are counts per kind.
"""

from __future__ import annotations

KIND_LETTERS = "LSARMTPV"  # kind order (§2.4)
LIGHT, SHADOW, AL, REFLECTOR, MEMORY, TIME, PERIPHERAL, VOID = range(8)
KIND_INDEX = {letter: kind for kind, letter in enumerate(KIND_LETTERS)}
KIND_WORDS = ("light", "shadow", "artificial light", "reflector", "memory", "time", "peripheral", "void")
"""Each kind as the structured position names it (``structure.py``), in kind order."""
KIND_OF_WORD = {word: kind for kind, word in enumerate(KIND_WORDS)}
PIECE_COUNTS = (1, 2, 4, 2, 1, 1, 2, 4)  # 17 pieces a player
RANGES = (2, 7, 2, 2, 2, 1, 3, 1)
ACCELERATED_AL_RANGE = 5  # §7.4

PRESENT = 32
REVEALED = 16
OWNER_SHIFT = 3


def code(kind: int, owner: int, revealed: bool) -> int:
    return PRESENT | (REVEALED if revealed else 0) | (owner << OWNER_SHIFT) | kind


def letter(piece: int) -> str:
    """The kind letter, uppercase for South and lowercase for North (no ``+``)."""
    char = KIND_LETTERS[piece & 7]
    return char.lower() if piece & 8 else char


# -- the flash table (§7.1) ------------------------------------------------------
CAPTURE, SWAP, BOTH = 0, 1, 2
RESULT_NAMES = ("capture", "swap", "both")

_ALL = 0xFF
CAPTURES = (
    _ALL,  # L: every kind
    _ALL & ~(1 << TIME | 1 << VOID),  # S
    _ALL & ~(1 << TIME | 1 << REFLECTOR),  # A
    0,  # R: nothing
    0,  # M: nothing
    _ALL & ~(1 << VOID),  # T
    1 << SHADOW,  # P
    _ALL,  # V
)
"""Bit k of ``CAPTURES[attacker]`` is set when the attacker captures kind k (§2.4)."""


def flash_result(attacker: int, defender: int) -> int:
    """The first rule of §7.1 step 2 that applies, for two kinds."""
    if defender == VOID and attacker not in (LIGHT, AL):
        return BOTH
    if attacker == defender:
        return CAPTURE if attacker == LIGHT else SWAP if attacker == SHADOW else BOTH
    if CAPTURES[attacker] >> defender & 1:
        return CAPTURE
    return SWAP


FLASH = tuple(tuple(flash_result(a, d) for d in range(8)) for a in range(8))
"""``FLASH[attacker kind][defender kind]``: CAPTURE, SWAP or BOTH."""
