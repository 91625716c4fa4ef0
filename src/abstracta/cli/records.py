"""Records on the command line: ``play --save/--load`` and ``replay`` (the format is :mod:`abstracta.core.records`).

A game with hidden pieces (Quin) played against a bot is saved twice: ``FILE`` is the player's
record, holding only what that seat saw, and ``FILE.secret.json`` the full record, which
``--load FILE`` needs to continue with the bot's pieces as they were. Hotseat games and games
with nothing hidden are saved as one full record.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any, Callable, Sequence

from abstracta.cli.common import clip, fail, say
from abstracta.cli.render import board_view
from abstracta.core.api import Game, State
from abstracta.core.describe import PlyWords
from abstracta.core.records import Record, RecordError, in_words, player_record, read_file, replay, write_file

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


HUMAN = "human"
"""The ``Players`` entry of a seat a person played; the others name a bot level."""


def seats_from_record(record: Record, path: str, names: list[str], levels: Callable[[], Sequence[str]],
                      vs: str | None, seat: int | None) -> tuple[dict[int, str], int]:  # fmt: skip
    """Who plays whom in the game ``record`` continues: the bot level of each bot seat, and your seat.

    ``--vs`` and ``--seat`` may repeat what the record's ``Players`` say, never change it: a game
    saved against ``hard`` from seat 1 goes on against ``hard`` from seat 1. ``names`` are the
    seats' names, ``levels()`` the bot levels this version knows. A record without ``Players``
    (written by hand) leaves the choice to the flags, as for a new game.
    """
    players = record.players
    if not players:
        return flag_seats(len(names), names, levels, vs, seat)
    if len(players) != len(names):
        fail(f"{path}: [Players] names {len(players)} seats, but the game has {len(names)}")
    unknown = [p for p in dict.fromkeys(players) if p != HUMAN and p not in levels()]
    if unknown:
        fail(f"{path}: [Players] names {clip(unknown[0])!r}, neither human nor a bot level"
             f" ({', '.join(levels())})")  # fmt: skip
    humans = [p for p, player in enumerate(players) if player == HUMAN]
    bots = {p: player for p, player in enumerate(players) if player != HUMAN}
    saved_as = ", ".join(f"{name}: {'you' if bots and p in humans else players[p]}" for p, name in enumerate(names))
    keep = "leave out --vs and --seat to continue it as it was saved"
    if not humans:
        fail(f"{path} was played by bots alone ({saved_as}): no seat is yours to continue; step through it with"
             f" abstracta replay {path}")  # fmt: skip
    if bots and len(humans) > 1:
        fail(f"{path} seats several people and bots ({saved_as}); the terminal plays one person against bots,"
             " or everyone hotseat")  # fmt: skip
    if vs is not None and (vs != HUMAN if not bots else any(level != vs for level in bots.values())):
        was = "hotseat" if not bots else "against " + ", ".join(dict.fromkeys(bots.values()))
        fail(f"--vs {clip(vs)} contradicts {path}, a game {was} ({saved_as}); {keep}")
    if seat is not None:
        check_seat(seat, names)
        if seat not in humans:
            fail(f"--seat {seat} contradicts {path}: {names[seat]} is played by {players[seat]}"
                 f" ({saved_as}); {keep}")  # fmt: skip
    return bots, humans[0] if bots else 0


def flag_seats(num_players: int, names: list[str], levels: Callable[[], Sequence[str]], vs: str | None,
               seat: int | None) -> tuple[dict[int, str], int]:  # fmt: skip
    """The bot level of each bot seat and your seat for a new game: ``--vs`` plays every seat but ``--seat``."""
    seat = 0 if seat is None else seat
    check_seat(seat, names)
    vs = HUMAN if vs is None else vs
    if vs == HUMAN:
        return {}, seat
    if vs not in levels():
        fail(f"unknown opponent {clip(vs)!r}; valid opponents: human, {', '.join(levels())}")
    return {p: vs for p in range(num_players) if p != seat}, seat


def check_seat(seat: int, names: list[str]) -> None:
    if not 0 <= seat < len(names):
        seats = ", ".join(f"{p} = {name}" for p, name in enumerate(names))
        fail(f"--seat {seat} is out of range: choose one of {seats}")


def check_overwrite(path: str, continuing: str | None, ask: Callable[[str], str] | None) -> None:
    """Refuse to let ``--save`` replace a file that holds something else than the game being continued.

    ``continuing`` is the ``--load`` file (saving over it is the point); ``ask`` reads a yes or no
    from the person at the terminal, ``None`` when nobody can answer (piped input): then refuse.
    """
    target = Path(path)
    if continuing is not None and Path(continuing).resolve() == target.resolve():
        return
    try:
        if not target.exists() or (target.is_file() and target.stat().st_size == 0):
            return
    except OSError:
        return  # writing will say what is wrong
    if target.is_dir():
        fail(f"--save {path}: it is a folder; give a file name")
    what = describe_file(target)
    if ask is not None:
        try:
            answer = ask(f"{path} holds {what}. Replace it with this game? [y/N] ")
        except (EOFError, KeyboardInterrupt):
            answer = ""
        if answer.strip().lower() in ("y", "yes"):
            return
        fail(f"not replacing {path}; give --save another file name")
    fail(f"--save {path}: the file holds {what}; give another file name, continue that game with --load {path},"
         " or add --force to replace it")  # fmt: skip


def describe_file(path: Path) -> str:
    """What a file about to be replaced holds, in a few words."""
    try:
        records = read_file(path)
    except ValueError:  # a RecordError, or bytes that are not UTF-8
        return "something other than a game record"
    first = records[0]
    plies = f"{len(first.moves)} pl{'y' if len(first.moves) == 1 else 'ies'}"
    state = f"finished {first.result}" if first.result != "*" else "unfinished"
    many = f" (and {len(records) - 1} more)" if len(records) > 1 else ""
    return f"a game of {first.game}{many}, {state} after {plies}"


class RecordSaver:
    """Rewrites the record file after every ply, so a game can be continued however it ends."""

    def __init__(self, path: str, record: Record, viewer: int | None) -> None:
        self.path = path
        self.record = record
        self.viewer = viewer  # set: save a player's record plus the secret full record
        self.failed = False
        self.words = PlyWords()  # each ply in plain words, worked out once for all the rewrites

    def __call__(self, terminal: Any, termination: str | None = None) -> None:
        self.record.moves = list(terminal.moves)
        self.record.finish(terminal.state, termination)
        try:
            if self.viewer is None:
                write_file(self.path, [in_words(self.record, terminal.history, words=self.words)])
            else:
                write_file(secret_path(self.path), [self.record])
                seen = player_record(self.record, self.viewer, terminal.history)
                write_file(self.path, [in_words(seen, terminal.history, self.record.moves, self.words)])
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
        last_move = record.moves[ply - 1] if ply else None
        console.print(board_view(renderer, state, state.last_effects() if ply else [], hints=False, last_move=last_move))
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
