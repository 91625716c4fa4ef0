"""One game in memory (:class:`LiveGame`), how it is loaded and rebuilt, and the errors clients are told.

A :class:`LiveGame` holds every state of a game since its start, who made each move and its
public form, its seats' token hashes and its lock; :func:`rebuild` makes one from the store by
replaying the stored moves from ``game.start(seed)``. :class:`ApiError` is every refusal a
client gets, and :func:`unavailable` the 503 for a failed database call.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import abstracta
from abstracta.core.api import Game, State
from abstracta.core.describe import PlyWords
from abstracta.core.errors import CHANCE
from abstracta.server.store import StoredGame, hash_token

log = logging.getLogger("abstracta.server")

HUMAN = "human"
ME = "me"
FRIEND = "friend"
BOT_PREFIX = "bot:"
SEED_BITS = 128
"""Bits of every seed the server draws: far beyond any search from one seat's view (see docs/web.md)."""
ECHO_LIMIT = 80
"""Longest piece of client input quoted back in an error message."""
RETRY_AFTER = 1
"""Seconds a client is told to wait after a 503 (the database was busy)."""


class ApiError(Exception):
    """A request the server refuses: HTTP ``status`` and a message for the ``error`` key."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


def cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def clip(value: Any, limit: int = ECHO_LIMIT) -> str:
    """``repr(value)`` cut to ``limit`` characters, for quoting client input in a message."""
    return cut(repr(value), limit)


BUSY_MESSAGE = "the database is busy or unavailable"
"""What a client is told of a failed database call: the driver's own message may name hosts, ports or
paths, so it goes to the server's log only."""


def unavailable(error: Exception, what: str | None = None) -> ApiError:
    """The 503 for a failed database call (``what``: what was not stored, if anything); the detail is logged."""
    log.warning("%s: %s", BUSY_MESSAGE, error)
    told = f"{what} was not stored, nothing changed" if what else "nothing changed"
    return ApiError(503, f"{BUSY_MESSAGE}; {told}: try again", {"Retry-After": str(RETRY_AFTER)})


@dataclass(frozen=True)
class AccountSeat:
    """A request made with an account's session instead of a seat token: it holds the seats that
    belong to that account. ``required``: a game where the account has no seat is refused (403)
    rather than shown as to a spectator."""

    user_id: int
    required: bool = True


Credential = str | AccountSeat
"""What opens a seat: a seat's token (``Authorization: Bearer``) or an account's session."""


@dataclass
class LiveGame:
    id: str
    game: Game
    seed: int
    seats: list[str]
    token_hashes: list[str | None]
    invite_hashes: list[str | None]
    states: list[State]
    moves: list[str] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)  # who played each move; CHANCE for chance outcomes
    public: list[str] = field(default_factory=list)  # the public form of each move
    lock: threading.RLock = field(default_factory=threading.RLock)
    on_loop: bool = False  # the server's loop holds ``lock`` while a move is being stored (play_async)
    touched: float = field(default_factory=time.monotonic)
    # Game controls (server/controls.py): stored events, what ended the game if not its rules, the rematch.
    events: list[tuple[int, int, str, dict[str, Any]]] = field(default_factory=list)
    ended: dict[str, Any] | None = None
    rematch: dict[str, Any] | None = None
    clock: dict[str, Any] | None = None  # {"base", "increment" (seconds), "times": when each move was stored}
    owners: list[int | None] = field(default_factory=list)  # the account each seat belongs to (users.id), if any
    rated: bool = False  # its end changes the seats' accounts' ratings (server/rated.py)
    ratings: dict[str, dict[str, Any]] | None = None  # each seat's rating change, once the game has been rated
    words: PlyWords = field(default_factory=PlyWords)  # each ply in plain words per reader (views.history_words)

    def __post_init__(self) -> None:
        if not self.owners:
            self.owners = [None] * len(self.seats)

    @property
    def state(self) -> State:
        return self.states[-1]

    def append(self, move: str, after: State | None = None) -> None:
        before = self.state
        self.public.append(before.public_move(move))
        self.movers.append(before.player if before.player is not None else CHANCE)
        self.states.append(before.play(move) if after is None else after)
        self.moves.append(move)

    def holder(self, token: Credential | None) -> int | None:
        """The player whose seat ``token`` opens; ``None`` for no token (a spectator); ``ApiError`` for a wrong one.

        An :class:`AccountSeat` opens a seat of that account: the one to move if it is theirs, else their first.
        """
        self.touched = time.monotonic()
        if isinstance(token, AccountSeat):
            return self.account_seat(token)
        if token is None or token == "":
            return None
        digest = hash_token(token)
        for player, expected in enumerate(self.token_hashes):
            if expected is not None and secrets.compare_digest(expected, digest):
                return player
        raise ApiError(403, f"this token opens no seat of game {self.id}")

    def account_seat(self, account: AccountSeat) -> int | None:
        mine = [player for player, owner in enumerate(self.owners) if owner is not None and owner == account.user_id]
        if not mine:
            if account.required:
                raise ApiError(403, f"your account holds no seat of game {self.id}")
            return None
        to_move = self.state.player
        return to_move if to_move in mine else mine[0]

    def waiting_for(self) -> list[int]:
        """Friends' seats whose invite has not been used yet."""
        return [p for p, (invite, token) in enumerate(zip(self.invite_hashes, self.token_hashes))
                if invite is not None and token is None]  # fmt: skip

    def bot_level(self, player: int | None) -> str | None:
        if player is None or player < 0:
            return None
        kind = self.seats[player]
        return kind[len(BOT_PREFIX):] if kind.startswith(BOT_PREFIX) else None

    def needs_server(self) -> bool:
        """At a chance node or a bot's turn: the server itself must move next."""
        state = self.state
        return not state.over and self.ended is None and (state.player == CHANCE or self.bot_level(state.player) is not None)


def game_summary(after: State, plies: int) -> dict[str, Any]:
    """What the store keeps beside the moves for the lobby's list: plies, whose turn, over, returns."""
    return {"plies": plies, "to_move": after.player, "seat_to_move": after.seat, "over": bool(after.over),
            "returns": list(after.returns()) if after.over else None}  # fmt: skip


def load_game(slug: Any, options: Any) -> Game:
    if not isinstance(slug, str):
        raise ApiError(400, f"'game' must be a game slug; valid games: {', '.join(abstracta.games())}")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ApiError(400, f"'options' must be an object, got {type(options).__name__}")
    try:
        return abstracta.load(slug, **options)
    except (TypeError, ValueError) as error:  # the message may quote an option: cut like any echo
        message = str(error)
        for value in [slug, *options.keys(), *map(str, options.values())]:
            if isinstance(value, str) and len(value) > ECHO_LIMIT:
                message = message.replace(value, cut(value, ECHO_LIMIT))
        raise ApiError(400, cut(message, 300)) from None


def rebuild(stored: StoredGame) -> LiveGame:
    """The game exactly as it was: start from the stored seed and replay every stored move."""
    game = abstracta.load(stored.slug, **stored.options)
    live = LiveGame(stored.id, game, stored.seed, stored.seats, list(stored.token_hashes), list(stored.invite_hashes),
                    [game.start(seed=stored.seed)], owners=list(stored.owners), rated=stored.rated)  # fmt: skip
    for move in stored.moves:
        live.append(move)
    return live
