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

import abstracta
from abstracta.core.api import Game, State
from abstracta.core.ppn import PPNMapping
from abstracta.core.records import Record, replay

PPN_GAMES = ("desfases",)
FACING_DEGREES = {"n": 0, "e": 90, "s": 180, "w": 270}
"""A facing as degrees clockwise from north, the direction a piece's top points."""
DIE_RANKS = {0: "n", 1: "a", 2: "2", 3: "3", 4: "4", 5: "5"}


def turn(square: str, old: str, new: str) -> str:
    """The rotation token taking a piece at ``square`` from facing ``old`` to ``new``."""
    return f"{square}@>{(FACING_DEGREES[new] - FACING_DEGREES[old]) % 360}"


# -- Desfases -----------------------------------------------------------------------------
def _desfases_setup(notation: str) -> list[str]:
    from abstracta.cli.render.desfases import Position

    position = Position.from_notation(notation)
    tokens = []
    for square, cell in sorted(position.cells.items()):
        tokens.append(f"{cell.tile[0]}{cell.tile[1]}t@{square}")
        if cell.facing != "n":
            tokens.append(turn(square, "n", cell.facing))
        if cell.coin:
            tokens.append(f"{cell.coin}c@{square}")
        if cell.pawn:
            tokens.append(f"{cell.pawn}p@{square}")
    tokens += [f"{coin}c@c3" for coin in position.hole]
    for suit, record in position.suits.items():
        if record.die in DIE_RANKS.values():
            tokens.append(f"{suit}d~{record.die}")
    return tokens


def _desfases_tokens(before: State, after: State) -> list[str]:
    from abstracta.cli.render.desfases import Position

    position = Position.from_notation(before.notation())
    facings = {square: cell.facing for square, cell in position.cells.items()}
    pawn_at = {square: suit for suit, square in position.pawn_squares().items()}
    tokens = []

    def coin_onto(coin: str, square: str, note: str) -> None:
        # A coin goes under a pawn standing there, so that the pawn stays the top piece a move takes.
        pawn = pawn_at.get(square)
        lift = [f"*{square}"] if pawn else []
        tokens.extend(lift + [f"{coin}c@{square}"] + ([f"{pawn}p@{square}"] if pawn else []) + [note])

    for effect in after.last_effects():
        kind = effect.get("kind")
        if kind == "turn":
            tokens.append(turn(effect["square"], facings.get(effect["square"], "n"), effect["facing"]))
            facings[effect["square"]] = effect["facing"]
        elif kind == "pawn" and effect["from"] != effect["to"]:
            tokens.append(f"{effect['from']}-{effect['to']}")
            pawn_at[effect["to"]] = pawn_at.pop(effect["from"], effect["suit"])
        elif kind == "die":
            tokens.append(f"{effect['suit']}d~{DIE_RANKS.get(effect['value'], effect['value'])}")
        elif kind == "feed":
            tokens.append(f"{effect['coin']}c@{effect['suit']}d {{fed to the die}}")
        elif kind == "score":
            coin_onto(effect["coin"], effect["square"], f"{{scores {effect['points']}}}")
        elif kind == "hole":
            tokens.append(f"{effect['coin']}c@c3 {{into the hole}}")
        elif kind == "finished":
            tokens.append(f"{{{effect['suit']} finished}}")
    return tokens


# -- the file -----------------------------------------------------------------------------
class _LegacyMapping(PPNMapping):
    """The mappings still written here, until each moves into its game's package (``Game.ppn_mapping``)."""

    def __init__(self, slug: str) -> None:
        self.slug = slug

    def setup_tokens(self, state: State) -> list[str]:
        return _desfases_setup(state.notation())

    def ply_tokens(self, before: State, move: str, after: State) -> list[str]:
        return _desfases_tokens(before, after)


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
