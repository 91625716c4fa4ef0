"""Records on the command line: ``play --save/--load`` and ``replay`` (the format is :mod:`abstracta.core.records`).

A game with hidden pieces (Quin) played against a bot is saved twice: ``FILE`` is the player's
record, holding only what that seat saw, and ``FILE.secret.json`` the full record, which
``--load FILE`` needs to continue with the bot's pieces as they were. Hotseat games and games
with nothing hidden are saved as one full record.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any, Callable

from abstracta.cli.common import fail, say
from abstracta.core.api import Game, State
from abstracta.core.records import Record, RecordError, player_record, read_file, replay, write_file

SECRET_SUFFIX = ".secret.json"


def secret_path(path: str | Path) -> Path:
    """Where the full record of a player's record lives."""
    return Path(str(path) + SECRET_SUFFIX)


def today() -> str:
    return datetime.date.today().isoformat()


def new_record(game: Game, first: State, seed: int | None, from_position: bool, players: list[str]) -> Record:
    """The full record of a game starting at ``first`` (``--position``) or at ``game.start(seed)``."""
    return Record(
        game.slug, dict(game.options), seed=None if from_position else seed,
        position=first.notation() if from_position else None, players=players, date=today(),
    )  # fmt: skip


def load_for_play(path: str) -> tuple[Record, list[State]]:
    """The record to continue from ``path`` (its full record when it is a player's record) and its states."""
    record = read_file(path)[0]
    if record.view is not None:
        secret = secret_path(path)
        if not secret.exists():
            fail(f"{path} is a player's record (what {record.seen_by} saw); continuing it needs {secret},"
                 " which holds the hidden pieces and is missing")  # fmt: skip
        record = read_file(secret)[0]
    return record, replay(record)


class RecordSaver:
    """Rewrites the record file after every ply, so a game can be continued however it ends."""

    def __init__(self, path: str, record: Record, viewer: int | None) -> None:
        self.path = path
        self.record = record
        self.viewer = viewer  # set: save a player's record plus the secret full record
        self.failed = False

    def __call__(self, terminal: Any, termination: str | None = None) -> None:
        self.record.moves = list(terminal.moves)
        self.record.finish(terminal.state, termination)
        try:
            if self.viewer is None:
                write_file(self.path, [self.record])
            else:
                write_file(secret_path(self.path), [self.record])
                write_file(self.path, [player_record(self.record, self.viewer, terminal.history)])
        except OSError as error:
            if not self.failed:  # say it once, keep playing
                terminal.say(f"cannot save to {self.path}: {error.strerror or error}", "red")
            self.failed = True


# -- replay ----------------------------------------------------------------------------
REPLAY_HELP = "n (or Enter): next ply   p: previous   a number: jump to that ply   0: the start   q: quit"


def step_through(record: Record, states: list[State], renderer: Any, console: Any, read_line: Callable[[], str]) -> None:
    """Show ``states`` one at a time on the board, moving as the keys say."""
    game_plies = len(states) - 1
    ply = 0
    describe = renderer.describe

    def show() -> None:
        console.print()
        state = states[ply]
        extra = {"last_move": record.moves[ply - 1] if ply else None} if getattr(renderer, "shows_last_move", False) else {}
        console.print(renderer.board(state, state.last_effects() if ply else [], hints=False, **extra))
        if ply:
            say(console, f"ply {ply}/{game_plies}: {describe(states[ply - 1], record.moves[ply - 1], state)}")
        else:
            say(console, f"start (ply 0/{game_plies})")

    show()
    while True:
        console.print("replay> ", end="", markup=False, emoji=False)
        try:
            line = read_line()
        except (EOFError, KeyboardInterrupt):
            say(console, "")
            return
        key = line.strip().lower()
        if key in ("q", "quit", "exit"):
            return
        if key in ("", "n", "next"):
            target = ply + 1
        elif key in ("p", "prev", "previous", "b", "back"):
            target = ply - 1
        elif key.isdigit():
            target = int(key)
        elif key in ("h", "help", "?"):
            say(console, REPLAY_HELP)
            continue
        else:
            say(console, f"unknown key {line.strip()[:20]!r}; {REPLAY_HELP}", "red")
            continue
        if not 0 <= target <= game_plies:
            say(console, f"no ply {target}: the game has plies 0 to {game_plies}", "red")
            continue
        ply = target
        show()


def load_for_replay(path: str, number: int) -> tuple[Record, list[State]]:
    records = read_file(path)
    if not 1 <= number <= len(records):
        fail(f"--game {number}: {path} holds {len(records)} game{'s' if len(records) != 1 else ''}")
    record = records[number - 1]
    try:
        return record, replay(record)
    except RecordError as error:
        raise RecordError(f"{path}, game {number}: {error}") from None
