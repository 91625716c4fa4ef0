"""Fixed action numberings: every move string a game's grammar allows gets one integer.

Each game declares its numbering as an :class:`ActionTable` subclass in its RL adapter
(``game.rl_adapter().actions``, ``core/rl_adapter.py``), built once per game and option set
(its size depends only on them). Most moves are numbered by a static table (move string ->
int) derived from the board geometry; a game may number moves whose strings are too varied
for one relative to the position (Quin's Gravity and Reinforcement). ``docs/rl.md`` lists
every numbering with examples.

With ``oriented=True`` (the default) the numbers are those of the mover's frame
(:mod:`abstracta.rl.symmetry`): a move is numbered as the same move seen from player 0's
side, so one policy serves every seat; ``oriented=False`` gives the table's own numbers.

Chance outcomes (dice) are not agent actions: they have their own numbering,
:meth:`ActionTable.chance_outcomes`, used by the environments' chance nodes.
"""

from __future__ import annotations

from abstracta.core.api import Game, State
from abstracta.core.errors import CHANCE
from abstracta.core.rl_adapter import ActionTable, Frame
from abstracta.rl.adapters import adapter_of, options_key
from abstracta.rl.symmetry import frame_of

__all__ = [
    "ActionTable", "action_space_size", "action_table", "action_to_move", "legal_actions", "legal_moves_and_actions",
    "move_to_action", "player_frames",
]

_CACHE: dict[tuple[type, str], ActionTable] = {}


def action_table(game: Game) -> ActionTable:
    """The (cached) action table of ``game`` under its options."""
    key = (type(game), options_key(game))
    table = _CACHE.get(key)
    if table is None:
        table = _CACHE[key] = adapter_of(game).actions(game)
    return table


def action_space_size(game: Game) -> int:
    """Number of actions of ``game`` (fixed for the game and its options)."""
    return action_table(game).size


def _mover_frame(state: State, oriented: bool) -> Frame | None:
    return frame_of(state.game, state.player) if oriented and state.player else None  # player 0: identity


def move_to_action(state: State, move: str, oriented: bool = True) -> int:
    """The action number of ``move`` (a legal move of ``state``, or one of its chance outcomes).

    ``oriented``: numbered in the mover's frame (chance outcomes are never turned).
    """
    table = action_table(state.game)
    if state.player == CHANCE:
        outcomes = table.chance_outcomes()
        if move in outcomes:
            return outcomes.index(move)
        raise ValueError(f"{move!r} is not a chance outcome of {state.game.slug}")
    return table.encode_in(state, move, _mover_frame(state, oriented))


def action_to_move(state: State, action: int, oriented: bool = True) -> str:
    """The legal move of ``state`` numbered ``action`` (at a chance node: the outcome numbered so).

    ``oriented``: ``action`` is numbered in the mover's frame. Raises ``ValueError`` when no
    legal move has that number.
    """
    table = action_table(state.game)
    if state.player == CHANCE:
        outcomes = table.chance_outcomes()
        if 0 <= action < len(outcomes) and outcomes[action] in state.moves():
            return outcomes[action]
        raise ValueError(f"chance outcome {action} is not possible in this {state.game.slug} position")
    return table.decode_in(state, int(action), _mover_frame(state, oriented))


def legal_moves_and_actions(state: State, oriented: bool = True) -> tuple[list[str], list[int]]:
    """``(state.moves(), their actions)``, index for index (what the environments step with)."""
    return action_table(state.game).legal_in(state, _mover_frame(state, oriented))


def player_frames(game: Game, oriented: bool = True) -> list[Frame | None]:
    """Every player's frame (all ``None`` unless ``oriented``), for environments that look them
    up at every step: ``action_table(game).legal_in(state, frames[state.player])``."""
    return [frame_of(game, p) if oriented else None for p in range(game.num_players)]


def legal_actions(state: State, oriented: bool = True) -> list[int]:
    """The actions of ``state.moves()``, in the same order (``oriented``: in the mover's frame)."""
    return legal_moves_and_actions(state, oriented)[1]
