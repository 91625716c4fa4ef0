"""Portable Piecepack Notation (PPN) for the piecepack games: Reflec and Desfases records.

A PPN file is a YAML header ended by a line ``...``, then movetext: one line a ply here,
``<label>. <tokens>``. Tokens use the piecepack piece codes of PPN's default parser:

- a piece is ``<suit><rank><kind>``: suit ``S`` (Suns), ``M`` (Moons), ``C`` (Crowns), ``A``
  (Arms); rank ``n`` (null), ``a`` (ace), ``2``-``5`` (left out where the game does not care);
  kind ``t`` tile, ``c`` coin, ``p`` pawn, ``d`` die;
- ``<piece>@<square>`` places a piece, ``<from>-<to>`` moves the top piece of a square,
  ``<square>@><degrees>`` turns it clockwise, ``<a>#<b>`` swaps two squares' pieces,
  ``*<square>`` removes the top piece, ``<suit>d~<rank>`` sets a suit's die;
- ``{...}`` is a comment; each ply ends with ``{abstracta: <move>}``, the move in the game's
  own notation, so the record can be read back exactly.

Movetext ``0.`` sets the board up (every piece placed, then turned to its facing). The header
holds the game, its options, the start position in abstracta's notation, seed, players and
result. docs/ppn.md gives the whole mapping.
"""

from __future__ import annotations

import json
import re
import abstracta
from abstracta.core.api import Game, State
from abstracta.core.ppn import PPNMapping
from abstracta.core.records import Record, replay

PPN_GAMES = ("reflec",)
FACING_DEGREES = {"n": 0, "e": 90, "s": 180, "w": 270}
"""A facing as degrees clockwise from north, the direction a piece's top points."""
DIE_RANKS = {0: "n", 1: "a", 2: "2", 3: "3", 4: "4", 5: "5"}
SQUARE = re.compile(r"[a-h][1-8]")


def turn(square: str, old: str, new: str) -> str:
    """The rotation token taking a piece at ``square`` from facing ``old`` to ``new``."""
    return f"{square}@>{(FACING_DEGREES[new] - FACING_DEGREES[old]) % 360}"


# -- Reflec -------------------------------------------------------------------------------
def _reflec_cells(notation: str) -> dict[str, str]:
    """square -> piece text (``Se``: a Suns coin facing east, ``S*``: the Suns laser)."""
    board = notation.split(" ")[0]
    cells = {}
    for row, rank in zip(board.split("/"), "87654321"):
        file = 0
        for token in re.findall(r"\d|[SMCA][nesw*]", row):
            if token.isdigit():
                file += int(token)
            else:
                cells[f"{'abcdefgh'[file]}{rank}"] = token
                file += 1
    return cells


def _reflec_piece(token: str) -> str:
    return f"{token[0]}p" if token[1] == "*" else f"{token[0]}c"


def _reflec_setup(notation: str) -> list[str]:
    tokens = []
    for square, token in sorted(_reflec_cells(notation).items()):
        tokens.append(f"{_reflec_piece(token)}@{square}")
        if token[1] in FACING_DEGREES and token[1] != "n":
            tokens.append(turn(square, "n", token[1]))
    return tokens


def _reflec_tokens(before: State, move: str, after: State) -> list[str]:
    cells = _reflec_cells(before.notation())
    tokens: list[str] = []
    if "@" in move:  # a drop: coin onto a square, facing
        suit, rest = move.split("@")
        tokens.append(f"{suit}c@{rest[:2]}")
        if rest[2] != "n":
            tokens.append(turn(rest[:2], "n", rest[2]))
    elif "x" in move:
        a, b = move.split("x")
        tokens.append(f"{a}#{b}")
        # The coins change places but each square keeps its facing: turn both back.
        face_a, face_b = cells.get(a, "Sn")[1], cells.get(b, "Sn")[1]
        if face_a != face_b and face_a in FACING_DEGREES and face_b in FACING_DEGREES:
            tokens += [turn(a, face_b, face_a), turn(b, face_a, face_b)]
    elif "=" in move:
        square, facing = move.split("=")
        tokens.append(turn(square, cells.get(square, "Sn")[1], facing))
    elif "-" in move:
        squares = SQUARE.findall(move)
        tokens.append(f"{squares[0]}-{squares[1]}")
        facing = move[-1] if move[-1] in FACING_DEGREES else None
        old = cells.get(squares[0], "S*")[1]
        if facing and old in FACING_DEGREES and facing != old:
            tokens.append(turn(squares[1], old, facing))
    elif move.startswith("*"):
        tokens.append(f"{{fires {move[1:]}}}")
    else:
        tokens.append(f"{{{move}}}")
    for effect in after.last_effects():
        if effect.get("kind") in ("removed", "destroyed"):
            tokens.append(f"*{effect['square']}")
    return tokens


# -- the file -----------------------------------------------------------------------------
class _LegacyMapping(PPNMapping):
    """The mappings still written here, until each moves into its game's package (``Game.ppn_mapping``)."""

    def __init__(self, slug: str) -> None:
        self.slug = slug

    def setup_tokens(self, state: State) -> list[str]:
        return _reflec_setup(state.notation())

    def ply_tokens(self, before: State, move: str, after: State) -> list[str]:
        return _reflec_tokens(before, move, after)


def mapping_of(game: Game) -> PPNMapping | None:
    """The game's PPN mapping, ``None`` when it has no PPN export."""
    mapping = game.ppn_mapping()
    if mapping is None and game.slug in PPN_GAMES:
        return _LegacyMapping(game.slug)
    return mapping


def to_ppn(record: Record) -> str:
    """``record`` (a full record of a game with a PPN mapping: the piecepack games) as one PPN game."""
    if record.view is not None:
        raise ValueError("PPN export needs a full record, not a player's record")
    states = replay(record)
    game = states[0].game
    mapping = mapping_of(game)
    if mapping is None:
        ppn_games = [slug for slug in abstracta.games() if mapping_of(abstracta.load(slug)) is not None]
        raise ValueError(f"PPN export is for the piecepack games ({', '.join(ppn_games)}), not {record.game}")
    header = [
        "---",
        "GameType:",
        f"    Name: {game.title}",
        f"    Players: {game.num_players}",
        f"Event: {json.dumps('abstracta ' + game.slug)}",
        f"Date: {json.dumps(record.date)}" if record.date else None,
        f"Players: {json.dumps(record.players)}" if record.players else None,
        f"Result: {json.dumps(record.result)}",
        f"Termination: {json.dumps(record.termination)}",
        "Abstracta:",
        f"    game: {json.dumps(game.slug)}",
        f"    options: {json.dumps(game.options, sort_keys=True)}",
        f"    seed: {json.dumps(record.seed)}",
        f"    start: {json.dumps(states[0].notation())}",
        "...",
    ]
    lines = [line for line in header if line is not None]
    lines.append("0. " + " ".join(mapping.setup_tokens(states[0])) + " {setup}")
    turns: dict[str, int] = {}
    for before, move, after in zip(states, record.moves, states[1:]):
        seat = str(before.seat or "")
        turns[seat] = turns.get(seat, 0) + 1
        tokens = mapping.ply_tokens(before, move, after)
        lines.append(f"{turns[seat]}{seat[:1]}. " + " ".join(tokens + [f"{{abstracta: {move}}}"]))
    return "\n".join(lines) + "\n"
