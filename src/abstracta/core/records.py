"""Game records: a game written down as its setup and its moves, as text (PGN-like) or JSON.

A record is notation, so it uses only the game contract: the moves are the game's own move
strings, chance outcomes included (a Strategic Reserve roll is a ply like a placement), and
replaying them from the start gives every state of the game again. :func:`replay` does that
and names the first move the rules refuse.

The text form, one or many games to a file, games separated by a blank line::

    [Game "strategic-reserve"]
    [Options "{\\"max_turns\\": null, \\"reserve\\": 6}"]
    [Seed "7"]
    [Players "human,hard"]
    [Date "2026-11-24"]
    [Result "1/-1"]
    [Termination "normal"]

    1. 3,5
    2. c4

Tags: ``Game`` (slug), ``Options`` (JSON), ``Seed`` (given to ``game.start``) or ``Position``
(a start position in the game's notation), ``Players`` (one name or bot level per seat,
comma-separated), ``Date``, ``Result`` (each player's return, ``/``-separated, or ``*`` while
unfinished), ``Termination`` (how it ended: ``normal``, ``turn limit``, ``repetition``,
``resigned``, ``time``... or ``unfinished``, ``interrupted``), and for a player's record ``View``
(the seat). Each ply is one line ``N. move``: a move may hold spaces
(Quin, Desfases), never a line break.

A player's record (games with hidden pieces, Quin) holds only what that seat saw: the other
seats' moves in their public form and, on a line ``N> view`` after each ply, the position as
that seat saw it. Such a record can be stepped through but not replayed by the rules; the full
record (all moves, no masking) is what servers and simulations keep.

A line ``{text}`` after a ply is a comment on it: the records written for people say each ply
in plain words there (:func:`in_words`, ``state.describe`` from the record's reader). Replaying
ignores comments.

The players' chat of a server game (:class:`ChatLine`) follows the ply it was said after, one
message a line ``N; seat time "text"`` (``0;`` before the first move), the text quoted with
``\\``, ``\"``, ``\n`` and ``\t`` escapes so that no message can pass for a move or a tag.
Replaying ignores it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from abstracta.core.api import Game, State
from abstracta.core.describe import PlyWords
from abstracta.core.errors import NotationError, without_position

TAG_ORDER = ("Game", "Options", "Seed", "Position", "Players", "Date", "Result", "Termination", "View")
_TAG = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$')
_PLY = re.compile(r"^(\d+)\. (.+)$")
_VIEW = re.compile(r"^(\d+)> (.+)$")
_CHAT = re.compile(r'^(\d+); (\d+) (\S+) "((?:[^"\\]|\\.)*)"$')
_COMMENT = re.compile(r"^\{([^{}]*)\}$")


@dataclass(frozen=True)
class ChatLine:
    """One chat message of a game's player: said by ``seat`` when ``ply`` plies had been played."""

    ply: int
    seat: int
    text: str
    at: str = "-"
    """When (ISO 8601), ``-`` when unknown."""

    def to_json(self) -> dict[str, Any]:
        return {"ply": self.ply, "seat": self.seat, "text": self.text, "at": self.at}

    @classmethod
    def from_json(cls, data: Any) -> "ChatLine":
        if not isinstance(data, dict) or not isinstance(data.get("text"), str):
            raise RecordError("a JSON record's chat line must be an object with a 'text' string")
        ply, seat = _int_or_none(data.get("ply"), "chat ply"), _int_or_none(data.get("seat"), "chat seat")
        return cls(ply=ply or 0, seat=seat or 0, text=data["text"], at=str(data.get("at") or "-"))


class RecordError(NotationError):
    """A record that cannot be read, or whose moves the rules refuse (``ply`` names the first bad one)."""

    def __init__(self, message: str, ply: int | None = None) -> None:
        super().__init__(message)
        self.ply = ply


@dataclass
class Record:
    """One game: its setup, who played it, how it ended, and every ply in move notation."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    seed: int | None = None
    position: str | None = None
    players: list[str] = field(default_factory=list)
    date: str = ""
    result: str = "*"
    termination: str = "unfinished"
    view: int | None = None
    views: list[str] = field(default_factory=list)
    extra: dict[str, str] = field(default_factory=dict)
    chat: list[ChatLine] = field(default_factory=list)
    """The players' chat, oldest first (server games); not part of the game's replay."""
    comments: list[str] = field(default_factory=list)
    """Each ply in plain words (``state.describe``, from the record's reader), one per move, or
    none at all; written as ``{...}`` comment lines and ignored by the replay."""

    @property
    def seen_by(self) -> str | None:
        """Whose record this is, in words: ``seat N`` or ``a spectator`` (view -1); None for a full record."""
        if self.view is None:
            return None
        return "a spectator" if self.view < 0 else f"seat {self.view}"

    # -- states -----------------------------------------------------------------
    def load_game(self) -> Game:
        import abstracta

        try:
            return abstracta.load(self.game, **self.options)
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"record of {self.game!r}: {error}") from None

    def start_state(self, game: Game | None = None) -> State:
        """The state before the first ply: ``Position`` parsed, else ``game.start(Seed)``."""
        game = game or self.load_game()
        if self.position is not None:
            try:
                return game.parse(self.position)
            except ValueError as error:
                raise RecordError(f"the record's start position: {error}") from None
        return game.start(seed=self.seed)

    def finish(self, state: State, termination: str | None = None) -> None:
        """Set ``result`` and ``termination`` from the last state (``*`` and ``unfinished`` while it goes on).

        A finished game's termination is the state's own (``state.termination()``: ``normal``,
        ``turn limit``...), unless ``termination`` says otherwise.
        """
        if state.over:
            self.result = result_text(state.returns())
            self.termination = termination or state.termination() or "normal"
        else:
            self.result = "*"
            self.termination = termination or "unfinished"

    # -- text -------------------------------------------------------------------
    def tags(self) -> dict[str, str]:
        tags = {"Game": self.game, "Options": json.dumps(self.options, sort_keys=True)}
        if self.seed is not None:
            tags["Seed"] = str(self.seed)
        if self.position is not None:
            tags["Position"] = self.position
        if self.players:
            tags["Players"] = ",".join(self.players)
        if self.date:
            tags["Date"] = self.date
        tags["Result"] = self.result
        tags["Termination"] = self.termination
        if self.view is not None:
            tags["View"] = str(self.view)
        return {**tags, **self.extra}

    def to_text(self) -> str:
        lines = [f'[{name} "{_escape(value)}"]' for name, value in self.tags().items()]
        lines.append("")
        said: dict[int, list[str]] = {}  # after each ply, oldest first (a ply past the moves: after the last)
        for line in self.chat:
            ply = min(max(line.ply, 0), len(self.moves))
            said.setdefault(ply, []).append(_chat_text(line, ply))
        lines += said.get(0, [])
        for ply, move in enumerate(self.moves, 1):
            lines.append(f"{ply}. {move}")
            if self.view is not None and ply <= len(self.views):
                lines.append(f"{ply}> {self.views[ply - 1]}")
            if ply <= len(self.comments) and self.comments[ply - 1]:
                lines.append(_comment_text(self.comments[ply - 1]))
            lines += said.get(ply, [])
        return "\n".join(lines) + "\n"

    # -- JSON -------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game, "options": self.options, "seed": self.seed, "position": self.position,
            "players": self.players, "date": self.date, "result": self.result,
            "termination": self.termination, "moves": self.moves,
        }  # fmt: skip
        if self.view is not None:
            data["view"] = self.view
            data["views"] = self.views
        if self.extra:
            data["extra"] = self.extra
        if self.chat:
            data["chat"] = [line.to_json() for line in self.chat]
        if self.comments:
            data["comments"] = list(self.comments)
        return data

    @classmethod
    def from_json(cls, data: Any) -> "Record":
        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            raise RecordError("a JSON record must be an object with a 'game' slug")
        moves = data.get("moves", [])
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError("a JSON record's 'moves' must be a list of move strings")
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise RecordError("a JSON record's 'options' must be an object")
        return cls(
            game=data["game"], options=options, moves=list(moves), seed=_int_or_none(data.get("seed"), "seed"),
            position=data.get("position"), players=list(data.get("players") or []), date=data.get("date") or "",
            result=data.get("result") or "*", termination=data.get("termination") or "unfinished",
            view=_int_or_none(data.get("view"), "view"), views=list(data.get("views") or []),
            extra=dict(data.get("extra") or {}), chat=[ChatLine.from_json(line) for line in data.get("chat") or []],
            comments=_comments_of(data.get("comments")),
        )  # fmt: skip


# -- replay and check ------------------------------------------------------------------
OFF_THE_BOARD = frozenset({"resigned", "resignation", "time", "draw agreed", "agreement", "abandoned", "adjudicated"})
"""Terminations that end a game the moves did not finish, with a result the moves cannot show."""


def result_text(returns: Iterable[float]) -> str:
    """The ``Result`` of a finished game: each player's return, ``/``-separated (``1/-1``, ``0.5/0.5/-1/-1``)."""
    return "/".join(f"{value:g}" for value in returns)


def replay(record: Record, game: Game | None = None) -> list[State]:
    """Every state of the game, the start first; a ``RecordError`` names the first move the rules
    refuse, or a ``Result`` that the moves contradict (see :func:`check_result`).

    A player's record (``view`` set) is not replayed by the rules: its positions are the views
    it holds, each checked to read as the game's notation.
    """
    game = game or record.load_game()
    states = _views(record, game) if record.view is not None else _play(record, game)
    check_result(record, states[-1])
    return states


def check_result(record: Record, last: State) -> None:
    """Refuse a ``Result`` that the moves contradict, with a ``RecordError`` naming both.

    A game the moves finish must carry their result; one they leave unfinished carries ``*``,
    unless its termination ended it off the board (resigned, time, a draw agreed), whose result
    the moves cannot show: then it must at least give one return per player.
    """
    plies = f"{len(record.moves)} pl{'y' if len(record.moves) == 1 else 'ies'}"
    claimed = record.result.strip()
    if last.over:
        actual = result_text(last.returns())
        if claimed != actual:
            raise RecordError(f"the record's Result {_short(claimed)!r} does not match its moves: after {plies}"
                              f" the game is over with {actual} ({last.termination() or 'normal'})")
        return
    if claimed == "*":
        return
    if record.termination not in OFF_THE_BOARD:
        raise RecordError(f"the record's Result {_short(claimed)!r} does not match its moves: after {plies} the game"
                          f" is not over, and Termination {_short(record.termination)!r} does not end it off the board")
    values = claimed.split("/")
    try:
        [float(value) for value in values]
    except ValueError:
        values = []
    if len(values) != last.game.num_players:
        raise RecordError(f"the record's Result {_short(claimed)!r} must give one return per player"
                          f" ({last.game.num_players}), '/'-separated")


def _play(record: Record, game: Game) -> list[State]:
    """The states the record's moves lead through, checked by the rules."""
    state = record.start_state(game)
    states = [state]
    for ply, move in enumerate(record.moves, 1):
        if state.over:
            raise RecordError(f"ply {ply}: {move!r} comes after the end of the game", ply)
        try:
            state = state.play(move)
        except ValueError as error:
            reason = str(error)
            if not game.perfect_information:  # the refused position holds every hidden piece: name the reason only
                reason = without_position(reason, state.notation())
            raise RecordError(f"ply {ply}: {reason}", ply) from None
        states.append(state)
    return states


def _views(record: Record, game: Game) -> list[State]:
    if len(record.views) != len(record.moves):
        raise RecordError(f"a player's record needs one view per ply: {len(record.moves)} plies, {len(record.views)} views")
    states = [record.start_state(game)]
    for ply, text in enumerate(record.views, 1):
        try:
            states.append(game.parse(text))
        except ValueError as error:
            raise RecordError(f"ply {ply}: the view after {record.moves[ply - 1]!r}: {error}", ply) from None
    return states


def player_record(full: Record, viewer: int, states: list[State] | None = None) -> Record:
    """What seat ``viewer`` saw of the full record ``full``: the start as its view, the other seats'
    moves in their public form, its view after each ply, and no seed (the seed would deal the
    hidden pieces again). ``states`` are ``replay(full)`` when the caller has them already.
    Its comments (each ply in plain words as that seat may read it): :func:`in_words`."""
    states = states if states is not None else _play(full, full.load_game())
    record = Record(
        full.game, dict(full.options), position=states[0].view(viewer).notation(), players=list(full.players),
        date=full.date, result=full.result, termination=full.termination, view=viewer,
    )  # fmt: skip
    for before, move, after in zip(states, full.moves, states[1:]):
        record.moves.append(move if before.player == viewer else before.public_move(move))
        record.views.append(after.view(viewer).notation())
    return record


def in_words(record: Record, states: list[State], moves: list[str] | None = None,
             words: PlyWords | None = None) -> Record:  # fmt: skip
    """``record`` with a comment per ply: the move in plain words (``state.describe``) as the record's
    reader may read it (its ``View`` seat; a spectator for a spectator's record (``View -1``) and for
    a full record). ``states`` are the full states the plies were played from (``replay(full)``) and
    ``moves`` the full moves (default: the record's own, right for a full record); ``words`` keeps
    earlier phrases (a record rewritten after every ply)."""
    viewer = record.view if record.view is not None and record.view >= 0 else None
    record.comments = (words or PlyWords())(states, record.moves if moves is None else moves, viewer)
    return record


# -- reading and writing files -----------------------------------------------------------
def dumps(records: Iterable[Record], form: str = "text") -> str:
    """``records`` as text (games separated by a blank line) or as JSON (``{"records": [...]}``)."""
    records = list(records)
    if form == "json":
        return json.dumps({"records": [r.to_json() for r in records]}, indent=1) + "\n"
    return "\n".join(r.to_text() for r in records)


def loads(text: str) -> list[Record]:
    """Every record in ``text``, text or JSON form (JSON starts with ``{`` or ``[``, text with a tag line)."""
    stripped = text.lstrip()
    if stripped.startswith("{") or (stripped.startswith("[") and not re.match(r"\[\w+ \"", stripped)):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"not valid JSON: {error}") from None
        if isinstance(data, dict) and "records" in data:
            data = data["records"]
        items = data if isinstance(data, list) else [data]
        return [Record.from_json(item) for item in items]
    return _read_text(text)


def form_of(path: str | Path) -> str:
    return "json" if str(path).endswith(".json") else "text"


def read_file(path: str | Path) -> list[Record]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror or error}") from None
    records = loads(text)
    if not records:
        raise RecordError(f"{path} holds no game record")
    return records


def write_file(path: str | Path, records: Iterable[Record]) -> None:
    """Write ``records`` (JSON when the name ends in ``.json``, else text), replacing the file whole."""
    target = Path(path)
    temporary = target.with_name(target.name + ".part")
    temporary.write_text(dumps(records, form_of(path)), encoding="utf-8")
    temporary.replace(target)  # a reader never sees half a file


def _read_text(text: str) -> list[Record]:
    records: list[Record] = []
    tags: dict[str, str] = {}
    moves: list[str] = []
    views: list[str] = []
    chat: list[ChatLine] = []
    comments: list[str] = []
    in_moves = False

    def close(line_number: int) -> None:
        if tags:
            records.append(_from_tags(tags, moves, views, line_number))
            records[-1].chat = list(chat)
            if comments:
                records[-1].comments = comments + [""] * (len(moves) - len(comments))

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\r")
        if not line.strip():
            continue
        if line.startswith("["):
            if in_moves or "Game" in tags and _TAG.match(line) and _TAG.match(line)[1] == "Game":  # type: ignore[index]
                close(number)
                tags, moves, views, chat, comments, in_moves = {}, [], [], [], [], False
            match = _TAG.match(line)
            if not match:
                raise RecordError(f'line {number}: a tag line must look like [Name "value"]: {_short(line)}')
            tags[match[1]] = _unescape(match[2])
            continue
        if not tags:
            raise RecordError(f"line {number}: moves before any [Game ...] tag: {_short(line)}")
        in_moves = True
        ply = _PLY.match(line)
        view = _VIEW.match(line)
        said = _CHAT.match(line)
        note = _COMMENT.match(line)
        if ply and int(ply[1]) == len(moves) + 1:
            moves.append(ply[2])
        elif note and moves:
            comments += [""] * (len(moves) - len(comments))  # a ply without a comment reads as ""
            comments[-1] = f"{comments[-1]}; {note[1]}" if comments[-1] else note[1]
        elif view and int(view[1]) == len(moves):
            views.append(view[2])
        elif said and int(said[1]) == len(moves):
            chat.append(ChatLine(ply=len(moves), seat=int(said[2]), at=said[3], text=_unescape_chat(said[4])))
        else:
            raise RecordError(f"line {number}: expected '{len(moves) + 1}. <move>': {_short(line)}", len(moves) + 1)
    close(len(text.splitlines()))
    return records


def _from_tags(tags: dict[str, str], moves: list[str], views: list[str], line: int) -> Record:
    if "Game" not in tags:
        raise RecordError(f"the record ending at line {line} has no [Game ...] tag")
    try:
        options = json.loads(tags.get("Options", "{}"))
    except json.JSONDecodeError as error:
        raise RecordError(f"the Options tag is not JSON: {error}") from None
    if not isinstance(options, dict):
        raise RecordError("the Options tag must be a JSON object")
    known = set(TAG_ORDER)
    return Record(
        game=tags["Game"], options=options, moves=list(moves), seed=_int_or_none(tags.get("Seed"), "Seed"),
        position=tags.get("Position"), players=[p for p in tags.get("Players", "").split(",") if p],
        date=tags.get("Date", ""), result=tags.get("Result", "*"), termination=tags.get("Termination", "unfinished"),
        view=_int_or_none(tags.get("View"), "View"), views=list(views),
        extra={k: v for k, v in tags.items() if k not in known},
    )  # fmt: skip


def _int_or_none(value: Any, name: str) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise RecordError(f"{name} must be a whole number, got {value!r}")
    try:
        return int(value)
    except (TypeError, ValueError):
        raise RecordError(f"{name} must be a whole number, got {_short(str(value))!r}") from None


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


_CHAT_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t"}


def _chat_text(line: ChatLine, ply: int) -> str:
    """A chat line of the text form: the message on one line, quoted, whatever it holds (any other
    character that would end a line, U+2028 say, as ``\\uXXXX``)."""
    text = "".join(_CHAT_ESCAPES.get(ch) or (f"\\u{ord(ch):04x}" if len(f"a{ch}a".splitlines()) > 1 else ch)
                   for ch in line.text)  # fmt: skip
    at = line.at if line.at and not any(ch.isspace() for ch in line.at) else "-"
    return f'{ply}; {line.seat} {at} "{text}"'


def _unescape_chat(value: str) -> str:
    def one(match: re.Match[str]) -> str:
        escaped = match[1]
        return chr(int(escaped[1:], 16)) if len(escaped) == 5 else {"n": "\n", "t": "\t"}.get(escaped, escaped)

    return re.sub(r"\\(u[0-9a-f]{4}|.)", one, value)


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _comment_text(text: str) -> str:
    """A ply's comment line: ``{text}``, on one line, with no brace that would end it early."""
    flat = " ".join(text.replace("{", "(").replace("}", ")").split())
    return "{" + flat + "}"


def _comments_of(value: Any) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(text, str) for text in value):
        raise RecordError("a JSON record's 'comments' must be a list of strings, one per ply")
    return list(value)
