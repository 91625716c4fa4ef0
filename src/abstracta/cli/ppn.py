"""Portable Piecepack Notation (PPN) export of the games that offer a mapping (the piecepack games).

A PPN file is a YAML header ended by a line ``...``, then movetext: one line a ply here,
``<label>. <tokens>``. Tokens use the piecepack piece codes of PPN's default parser:

- a piece is ``<suit><rank><kind>``: suit ``S`` (Suns), ``M`` (Moons), ``C`` (Crowns), ``A``
  (Arms); rank ``n`` (null), ``a`` (ace), ``2``-``5`` (left out where the game does not care);
  kind ``t`` tile, ``c`` coin, ``p`` pawn, ``d`` die;
- ``<piece>@<square>`` places a piece, ``<from>-<to>`` moves the top piece of a square,
  ``<square>@><degrees>`` turns it clockwise, ``<a>#<b>`` swaps two squares' pieces,
  ``*<square>`` removes the top piece, ``<suit>d~<rank>`` sets a suit's die;
- ``{...}`` is a comment; each ply ends with ``{abstracta: <move>}``, the move in the game's
  own notation, so the record can be read back exactly, then the move in plain words
  (``{Suns fire north: the beam leaves the board after a8}``, ``state.describe``).

Movetext ``0.`` sets the board up (every piece placed, then turned to its facing). The header
holds the game, its options, the start position in abstracta's notation, seed, players and
result. The tokens of each ply come from the game's own mapping (``Game.ppn_mapping()``, a
``core/ppn.py`` ``PPNMapping`` in the game's package); docs/ppn.md gives the whole mapping.
"""

from __future__ import annotations

import json

import abstracta
from abstracta.core.records import Record, replay


def to_ppn(record: Record) -> str:
    """``record`` (a full record of a game with a PPN mapping: the piecepack games) as one PPN game."""
    if record.view is not None:
        raise ValueError("PPN export needs a full record, not a player's record")
    states = replay(record)
    game = states[0].game
    mapping = game.ppn_mapping()
    if mapping is None:
        ppn_games = [slug for slug in abstracta.games() if abstracta.load(slug).ppn_mapping() is not None]
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
        said = before.describe(move).replace("{", "(").replace("}", ")")
        lines.append(f"{turns[seat]}{seat[:1]}. " + " ".join(tokens + [f"{{abstracta: {move}}}", f"{{{said}}}"]))
    return "\n".join(lines) + "\n"
