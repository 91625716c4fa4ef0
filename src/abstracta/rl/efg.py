"""A game's whole tree as Gambit's extensive-form text (EFG), for OpenSpiel's C++ solvers.

OpenSpiel's solvers run on a Python game through one Python call per node, tens of
microseconds each; ``pyspiel.load_efg_game(efg_text(game))`` gives the same tree as a C++ game,
on which ``pyspiel.CFRSolver`` and ``pyspiel.exploitability`` run at C++ speed. The tree is
walked once here, so only games of up to a few million nodes fit (a small variant, a short
``max_turns``). Information sets are the players' information-state strings, so a
hidden-information game keeps them.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyspiel


@dataclass
class TreeSize:
    """What :func:`efg_text` walked: every node, and of them the decision and chance nodes."""

    nodes: int = 0
    decisions: int = 0
    chance: int = 0
    terminals: int = 0
    information_sets: int = 0


def _quoted(text: str) -> str:
    # OpenSpiel's EFG reader has no escapes: a double quote inside a name becomes a single one
    return '"' + text.replace('"', "'") + '"'


def efg_text(game: pyspiel.Game, title: str = "") -> tuple[str, TreeSize]:
    """The full tree of ``game`` from its initial state as EFG text, and its size.

    Decision nodes are grouped into information sets by ``information_state_string``; terminal
    payoffs are the returns; chance probabilities are written with full float precision.
    """
    players = game.num_players()
    lines = [f"EFG 2 R {_quoted(title or str(game))} {{ " + " ".join(_quoted(f"Player {p + 1}") for p in range(players))
             + " }", '""']  # fmt: skip
    information_sets: list[dict[str, int]] = [{} for _ in range(players)]
    outcomes: dict[tuple[float, ...], int] = {}
    size = TreeSize()
    stack = [game.new_initial_state()]
    while stack:  # depth first, children in order: the EFG layout
        state = stack.pop()
        size.nodes += 1
        if state.is_terminal():
            size.terminals += 1
            payoffs = tuple(state.returns())
            number = outcomes.setdefault(payoffs, len(outcomes) + 1)
            values = " ".join(repr(float(v)) for v in payoffs)
            lines.append(f't "" {number} "" {{ {values} }}')
            continue
        if state.is_chance_node():
            size.chance += 1
            outcomes_here = state.chance_outcomes()
            actions = " ".join(f"{_quoted(state.action_to_string(pyspiel.PlayerId.CHANCE, a))} {p!r}"
                               for a, p in outcomes_here)  # fmt: skip
            lines.append(f'c "" {size.chance} "" {{ {actions} }} 0')
            children = [state.child(a) for a, _ in outcomes_here]
        else:
            size.decisions += 1
            player = state.current_player()
            known = information_sets[player]
            key = state.information_state_string(player)
            number = known.setdefault(key, len(known) + 1)
            legal = state.legal_actions()
            actions = " ".join(_quoted(state.action_to_string(player, a)) for a in legal)
            lines.append(f'p "" {player + 1} {number} "" {{ {actions} }} 0')
            children = [state.child(a) for a in legal]
        stack.extend(reversed(children))
    size.information_sets = sum(len(known) for known in information_sets)
    return "\n".join(lines) + "\n", size


__all__ = ["TreeSize", "efg_text"]
