"""Fixed action numberings: every move string a game's grammar allows gets one integer.

Each game declares its numbering as an :class:`ActionTable` subclass in its RL adapter
(``game.rl_adapter().actions``, ``core/rl_adapter.py``), built once per game and option set
(its size depends only on them). Most moves are numbered by a static table (move string ->
int) derived from the board geometry; a game may number moves whose strings are too varied
for one relative to the position (Quin's Gravity and Reinforcement). ``docs/rl.md`` lists
every numbering with examples.

Chance outcomes (dice) are not agent actions: they have their own numbering,
:meth:`ActionTable.chance_outcomes`, used by the environments' chance nodes.
"""

from __future__ import annotations

from abstracta.core.api import Game, State
from abstracta.core.errors import CHANCE
from abstracta.core.rl_adapter import ActionTable
from abstracta.rl.adapters import adapter_of, options_key

__all__ = ["ActionTable", "action_space_size", "action_table", "action_to_move", "legal_actions", "move_to_action"]

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


def move_to_action(state: State, move: str) -> int:
    """The action number of ``move`` (a legal move of ``state``, or one of its chance outcomes)."""
    table = action_table(state.game)
    if state.player == CHANCE:
        outcomes = table.chance_outcomes()
        if move in outcomes:
            return outcomes.index(move)
        raise ValueError(f"{move!r} is not a chance outcome of {state.game.slug}")
    return table.encode(state, move)


def action_to_move(state: State, action: int) -> str:
    """The legal move of ``state`` numbered ``action`` (at a chance node: the outcome numbered so).

    Raises ``ValueError`` when no legal move has that number.
    """
    table = action_table(state.game)
    if state.player == CHANCE:
        outcomes = table.chance_outcomes()
        if 0 <= action < len(outcomes) and outcomes[action] in state.moves():
            return outcomes[action]
        raise ValueError(f"chance outcome {action} is not possible in this {state.game.slug} position")
    return table.decode(state, int(action))


def legal_actions(state: State) -> list[int]:
    """The actions of ``state.moves()``, in the same order."""
    return action_table(state.game).legal(state)[1]

