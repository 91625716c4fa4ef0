"""A game on the terminal: hotseat, or humans against bots, with chance resolved by seeded dice.

States are values, so the game is a list of states (``history``): a bad line never touches it,
and ``undo`` just cuts it back.
"""

from __future__ import annotations

import random
import shlex
import sys
from typing import Any, Callable

from rich.console import Console
from rich.control import Control, ControlType
from rich.segment import Segment
from rich.text import Text

from abstracta.bots.takeback import no_takeback_reason, takeback_start
from abstracta.cli.common import INTERRUPTED, clip_echo, say
from abstracta.cli.render import board_view
from abstracta.cli.screen import LONG_MOVE_LIST, SQUARE, moves_lines, names, show_screen
from abstracta.cli.screen import moves_line  # noqa: F401  (imported from here by callers)
from abstracta.core.terminal import TerminalPicture
from abstracta.core.api import State
from abstracta.core.errors import CHANCE, IllegalMove, without_position
from abstracta.core.rules_text import legend_lines, rules_pointer

QUIT_WORDS = ("quit", "exit", "q")

HELP = """Commands:
  <move>     play a move, written as 'moves' lists them
  moves      list the legal moves; 'moves d5' only those from or to d5
  board      draw the board again
  position   print the position notation (start from it later with --position)
  undo       take back to your previous decision (hotseat games only)
  takeback   take back your last move (hotseat; against the easy bot in a
             two-player game with nothing hidden, until a roll is seen)
  legend     what each letter and mark of the board means
  help       this text
  quit       leave the game (end of input does the same)"""

CONFIRM_WORDS = ("y", "yes")


class TerminalGame:
    """Runs one game: bots and chance act by themselves, humans type at a prompt.

    ``choose_chance(state)`` picks a chance outcome; ``bots`` maps a player to its
    ``choose(state)`` function; every other player is a human at this terminal.
    """

    def __init__(
        self,
        state: State,
        renderer: TerminalPicture,
        console: Console,
        choose_chance: Callable[[State], str],
        bots: dict[int, tuple[str, Callable[[State], str]]] | None = None,
        hints: bool = True,
        read_line: Callable[[], str] = input,
        line_editing: bool = False,
        history: list[State] | None = None,
        moves: list[str] | None = None,
        on_change: Callable[["TerminalGame", str | None], None] | None = None,
    ) -> None:
        self.history: list[State] = list(history) if history else [state]
        self.moves: list[str] = list(moves or [])  # moves[i] led from history[i] to history[i + 1]
        self.saved_to: str | None = None  # the record file, named in the resume line
        self.on_change = on_change  # told after every ply and undo (e.g. to save the record), and how it ended
        self.rolls: dict[int, str] = {}  # history index of a chance node -> the outcome drawn there
        self.labels: dict[int, str] = {}  # ply -> the bot level that chose it
        self.line_editing = line_editing  # prompt through input(prompt), so readline can redraw it
        self.screen_holder: int | None = None  # hotseat with hidden pieces: who the screen shows now
        self.last_human_play: tuple[State, str, State] | None = None
        self.renderer = renderer
        self.console = console
        self.choose_chance = choose_chance
        self.bots = bots or {}
        self.hints = hints
        self.read_line = read_line
        self.shown = -1  # index in history of the last position a human was shown
        self.shown_effects: list[dict[str, Any]] = []

    @property
    def state(self) -> State:
        return self.history[-1]

    @property
    def hotseat(self) -> bool:
        return not self.bots

    # -- the loop ---------------------------------------------------------
    def run(self) -> int:
        """Play until the game ends or the human leaves; return the exit code (0 either way)."""
        while True:
            state = self.state
            if state.over:
                self.show_board()
                self.announce_result()
                self.changed()  # the record takes how it ended from the state (normal, turn limit...)
                return 0
            if state.player == CHANCE:
                self.advance(self.roll(state))
            elif state.player in self.bots:
                label, choose = self.bots[state.player]
                try:
                    with self.console.status(f"{self.renderer.actor(state)} ({label}) is thinking..."):
                        move = choose(state.view(state.player))  # a bot knows what its player knows
                except KeyboardInterrupt:  # Ctrl-C while the bot thinks: say how to come back
                    self.say("")
                    self.changed("interrupted")
                    self.leave(state, "Interrupted: game")
                    return INTERRUPTED
                self.advance(move, label)
            elif not self.human_turn():
                return 0

    def roll(self, state: State) -> str:
        """The chance outcome at this point of the game: the one drawn here before an undo, else a new draw."""
        index = len(self.history) - 1
        outcome = self.rolls.get(index)
        if outcome is None or outcome not in state.moves():
            outcome = self.rolls[index] = self.choose_chance(state)
        return outcome

    def advance(self, move: str, label: str | None = None) -> None:
        before = self.state
        after = before.play(move)
        self.history.append(after)
        self.moves.append(move)
        if label:
            self.labels[len(self.moves) - 1] = label
        self.changed()
        style = "dim" if before.player == CHANCE else ""
        self.say(self.ply_line(len(self.moves) - 1, self.perspective(before)), style)
        words = self.ply_words(len(self.moves) - 1, self.perspective(before))
        if words:
            self.say(f"  {words}", "italic")

    def ply_line(self, ply: int, watcher: int | None) -> str:
        """The log line of ply ``ply`` as ``watcher`` may read it: what the game's picture says of it
        and the bot that chose it."""
        before, move, after = self.history[ply], self.moves[ply], self.history[ply + 1]
        notation = move if watcher == before.player else before.public_move(move)
        line = self.renderer.describe(self.seen(before, watcher), notation, self.seen(after, watcher))
        if ply in self.labels:
            line += f"  [{self.labels[ply]}]"
        return f"• {line}"

    def ply_words(self, ply: int, watcher: int | None) -> str | None:
        """A bot's ply in plain words, as the person watching may know it (``state.describe`` from
        their seat; a spectator's when only bots play); ``None`` for a human's ply or chance's,
        whose lines already say what they did."""
        before = self.history[ply]
        if before.player not in self.bots:
            return None
        return before.describe(self.moves[ply], None if watcher in self.bots else watcher)

    def human_turn(self) -> bool:
        """Prompt until a move is played or undone to another player (True), or the player quits (False)."""
        if not self.hand_over():
            return False
        self.show_board()
        while True:
            state = self.state
            name = self.renderer.actor(state)
            line = self.prompt(f"{name}> ")
            if line is None:
                self.say("")
                self.leave(state, "End of input: game")
                return False
            text = line.strip()
            if not text:
                continue
            if text in state.moves():
                confirmed = self.confirm(state, text)
                if confirmed is None:
                    self.say("")
                    self.leave(state, "End of input: game")
                    return False
                if not confirmed:
                    self.say("Not played.", "dim")
                    continue
                self.advance(text)
                self.last_human_play = (state, text, self.state)
                return True
            command = text.lower()
            word, *rest = command.split()  # 'moves d5': a command and its words
            if command in QUIT_WORDS:
                self.leave(state)
                return False
            if word == "moves":
                self.list_moves(state.moves(), rest)
            elif command == "help":
                self.say(self.renderer.move_hint(state))
                self.say(HELP)
                self.say(rules_pointer(type(state.game)), "dim")
            elif command == "legend":
                self.say("\n".join(legend_lines(type(state.game))) or "This game's rules have no legend.")
            elif command == "takeback":
                if self.take_back():
                    if self.state.player != state.player:  # hotseat: another player decides now
                        return True
                    self.show_board(self.seen(self.state).last_effects())
            elif command == "board":
                self.show_board(self.shown_effects)
            elif command in ("position", "notation"):
                self.say(self.seen(state).notation())
            elif command == "undo":
                if self.undo():
                    if self.state.player != state.player:  # another player decides now: the hand-over first
                        return True
                    self.show_board(self.seen(self.state).last_effects())
            else:
                seen = self.seen(state)
                try:
                    seen.play(text)  # not in moves(), so this raises IllegalMove saying why
                except IllegalMove as error:
                    # the reason, not the position: a view left in the scrollback outlives the hand-over
                    why = without_position(without_position(str(error), seen.notation()), state.notation())
                    self.say(clip_echo(why, text), "red")
                    self.say("Type 'moves' for the legal moves, 'help' for commands.", "dim")

    def hand_over(self) -> bool:
        """Hotseat with hidden pieces: clear the screen and wait until the next player has it.

        Returns False when the input ends at the "pass the screen" prompt.
        """
        state = self.state
        if not self.hotseat or state.game.perfect_information or state.player == self.screen_holder:
            return True
        if self.screen_holder is not None:
            self.clear_screen()
            name = self.renderer.actor(state)
            if self.prompt(f"Pass the screen to {name} and press Enter (the board stays hidden until then) ") is None:
                self.say("")
                self.leave(state, "End of input: game")
                return False
            self.clear_screen()
            # what the previous player did, as this player may see it (at a terminal, the round under the board)
            if self.last_human_play is not None and self.screen_rows() is None:
                before, move, after = self.last_human_play
                watcher = state.player
                shown = self.renderer.describe(self.seen(before, watcher), before.public_move(move), self.seen(after, watcher))
                self.say(f"• {shown}")
        self.screen_holder = state.player
        return True

    def clear_screen(self) -> None:
        """Clear the screen and the scrollback: scrolling up must not show the last player's pieces."""
        self.console.clear()
        self.console.control(SCROLLBACK_CLEAR)

    def undo(self) -> bool:
        """Back to the previous decision (skipping chance nodes); False when there is none."""
        if not self.hotseat:
            self.say("undo is only available in hotseat games (--vs human); against a bot, 'takeback'", "red")
            return False
        for index in range(len(self.history) - 2, -1, -1):
            earlier = self.history[index]
            if earlier.player is not None and earlier.player >= 0:
                self.cut_back(index)
                self.changed()
                self.say(f"Undone: back to {self.renderer.actor(earlier)}'s move.")
                return True
        self.say("Nothing to undo.", "red")
        return False

    def take_back(self) -> bool:
        """Take back the player's last move and what the bot played since, by the web app's rule
        (:mod:`abstracta.bots.takeback`); in hotseat, where every player is here, it is ``undo``."""
        if self.hotseat:
            return self.undo()
        state = self.state
        player = state.player
        movers = [earlier.player for earlier in self.history[:-1]]
        rival = next((label for seat, (label, _) in self.bots.items() if seat != player), None)
        start = takeback_start(state.game, movers, player, rival)
        if start is None:
            self.say(f"No takeback: {no_takeback_reason(state.game, movers, player, rival)}.", "red")
            return False
        taken = self.moves[start:]
        self.cut_back(start)
        self.changed()
        self.say(f"Taken back: {' '.join(taken)}. {self.renderer.actor(self.state)} to move again.")
        return True

    def cut_back(self, ply: int) -> None:
        """Forget ply ``ply`` and every one after it (the rolls drawn stay, to be drawn again alike)."""
        del self.history[ply + 1 :]
        del self.moves[ply:]
        self.labels = {index: label for index, label in self.labels.items() if index < ply}

    def confirm(self, state: State, move: str) -> bool | None:
        """Ask before a move the game warns about (such as one that loses at once); None at end of input."""
        warning = state.game.move_warning(self.seen(state), move)
        if warning is None:
            return True
        self.say(warning, "yellow")
        answer = self.prompt(f"Play {move} anyway? [y/N] ")
        if answer is None:
            return None
        return answer.strip().lower() in CONFIRM_WORDS

    def list_moves(self, moves: list[str], words: list[str]) -> None:
        """``moves``, or with ``words`` (``moves d5``) those naming every word, a square most often."""
        if words:
            chosen = [move for move in moves if all(names(move, word) for word in words)]
            if not chosen:
                self.say(f"No legal move names {' '.join(words)} ({len(moves)} legal moves in all).", "red")
                return
            moves = chosen
        shown, left = moves, []
        if self.screen_rows() is not None and not words:  # a terminal: no more than the screen holds
            shown, left = self.fitting_moves(moves)
        for line in moves_lines(shown, self.console.width if self.screen_rows() is not None else None):
            self.say(line)
        if left:
            self.say(f"... and {len(left)} more.", "dim")
        if len(moves) > LONG_MOVE_LIST and not words:
            example = next((token for move in moves for token in SQUARE.findall(move)), "d5")
            self.say(f"{len(moves)} moves: 'moves {example}' lists only those from or to {example}.", "dim")

    def fitting_moves(self, moves: list[str]) -> tuple[list[str], list[str]]:
        """The first moves whose list fills at most the screen, less room for the board's last lines, and the rest."""
        rows = max(4, (self.screen_rows() or 24) - 8)
        shown = list(moves)
        while len(moves_lines(shown, self.console.width)) > rows:
            shown = shown[: max(1, len(shown) * 3 // 4)]
        return shown, moves[len(shown):]

    def changed(self, termination: str | None = None) -> None:
        if self.on_change is not None:
            self.on_change(self, termination)

    # -- what the person at this terminal may see ------------------------------
    def perspective(self, state: State) -> int | None:
        """Whose knowledge the terminal shows: the one human against bots; in hotseat the player to move
        (None, a spectator, once the game is over)."""
        humans = [p for p in range(state.game.num_players) if p not in self.bots]
        if len(humans) == 1:
            return humans[0]
        return state.player if state.player is not None and state.player >= 0 else None

    def seen(self, state: State, viewer: int | None = -1) -> State:
        """``state`` as the terminal may show it: itself with perfect information, else a view (Quin)."""
        if state.game.perfect_information:
            return state
        return state.view(self.perspective(state) if viewer == -1 else viewer)

    def leave(self, state: State, what: str = "Game") -> None:
        """Say where the game was left and the command that continues it, unless that would reveal hidden pieces."""
        if self.saved_to:
            command = f"abstracta play {state.game.slug} --load {shlex.quote(self.saved_to)}"
            self.say(f"{what} left after {len(self.moves)} plies; continue it with: {command}")
        elif state.game.perfect_information:
            self.say(f"{what} left at " + state.notation())
            self.say(f"Continue it with: {self.play_command()} --position {shlex.quote(state.notation())}")
        elif self.hotseat:  # the position holds every seat's hidden pieces, and a player is at the screen
            self.say(f"{what} left after {len(self.moves)} plies. Its position is not printed, as it shows every"
                     " hidden piece; to be able to continue such a game, play it with --save FILE.")
        else:
            self.say(f"{what} left at {self.seen(state).notation()} (your view; the bot's hidden pieces stay hidden)")

    def play_command(self) -> str:
        """``abstracta play`` with this game's options and opponents: with ``--position``, it continues the game."""
        game = self.state.game
        defaults = type(game)().options
        words = ["abstracta", "play", game.slug]
        for key, value in game.options.items():
            if value != defaults.get(key) or type(value) is not type(defaults.get(key)):
                text = "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
                words += ["-o", f"{key}={text}"]
        levels = {label for label, _ in self.bots.values()}
        humans = [p for p in range(game.num_players) if p not in self.bots]
        if len(levels) == 1 and len(humans) == 1:  # what --vs and --seat can say
            words += ["--vs", levels.pop(), "--seat", str(humans[0])]
        return " ".join(shlex.quote(word) for word in words)

    # -- output -----------------------------------------------------------
    def say(self, text: str, style: str = "") -> None:
        """One message, printed as given (no markup): at a terminal folded at spaces to its width (the
        terminal itself would break words), elsewhere never hard-wrapped (so a transcript greps well)."""
        if self.screen_rows() is None:
            say(self.console, text, style)
        else:
            self.console.print(Text(text, style=style), overflow="fold")

    def screen_rows(self) -> int | None:
        """The rows of the terminal the game is played at; None when the output is not one (a file)."""
        return self.console.height if self.console.is_terminal else None

    def prompt(self, text: str) -> str | None:
        """One line of input, or None at end of input. Piped input is echoed so transcripts read well."""
        try:
            if self.line_editing:
                line = input(text)  # readline draws the prompt, so Ctrl-L and history redraw it too
            else:
                self.console.print(text, end="", style="bold", markup=False, emoji=False, soft_wrap=True)
                line = self.read_line()
        except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C at the prompt: leave like 'quit'
            return None
        if not _stdin_is_terminal():
            self.say(line)
        return line

    def show_board(self, effects: list[dict[str, Any]] | None = None) -> None:
        """Draw the position, by default with the effects of every play since a human last saw it."""
        last = len(self.history) - 1
        if effects is None:
            effects = [e for state in self.history[self.shown + 1 : last + 1] for e in self.seen(state).last_effects()]
            if self.shown >= last:
                effects = self.seen(self.state).last_effects()
        self.shown, self.shown_effects = last, effects
        rows = self.screen_rows()
        if rows is None:  # a file or a pipe: the log above holds every ply
            self.console.print()
            self.console.print(board_view(self.renderer, self.seen(self.state), effects, hints=self.hints,
                                          last_move=self.last_move_shown()))
            return
        show_screen(self, rows, effects)

    def last_move_shown(self) -> str | None:
        """The last ply as the terminal's viewer may see it (other seats' moves in their public form)."""
        if not self.moves:
            return None
        before, move = self.history[-2], self.moves[-1]
        return move if self.perspective(before) == before.player else before.public_move(move)

    def announce_result(self) -> None:
        state = self.state
        line = "Game over: " + self.renderer.result(state)
        returns = state.returns()
        humans = [p for p in range(len(returns)) if p not in self.bots]
        if self.bots and len(humans) == 1:
            mine, best = returns[humans[0]], max(returns)
            if all(r == returns[0] for r in returns):
                pass
            elif mine == best and returns.count(best) > 1:
                line += " - you share first place."
            elif mine == best:
                line += " - you win!"
            else:
                line += " - you lose."
        self.say(line, "bold")


SCROLLBACK_CLEAR = Control()
SCROLLBACK_CLEAR.segment = Segment("\x1b[3J", None, [(ControlType.CLEAR,)])
"""Erase the terminal's scrollback (xterm's ``CSI 3 J``); written, like rich's clear, only to a terminal."""


def enable_line_editing() -> bool:
    """Arrow keys, history and Ctrl-L at the prompt (GNU readline), when a person types at a terminal."""
    if not _stdin_is_terminal():
        return False
    try:
        import readline  # noqa: F401  (importing it is what makes input() edit lines)
    except ImportError:  # not on every platform
        return False
    return True


def _stdin_is_terminal() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def dice(rng: random.Random) -> Callable[[State], str]:
    """Chance outcomes drawn by their probabilities from ``rng`` (the bots' ``sample_chance``)."""
    from abstracta.bots import sample_chance

    return lambda state: sample_chance(state, rng)

