"""Game controls beyond moves (issue 15): resign, draw offers, rematch with seats swapped.

They live beside the game, not in it: the rules know nothing of resigning or agreeing a draw.
Each control is an event stored in the ``game_events`` table; a game rebuilt from the database
replays its events after its moves (:func:`restore`). An event that ends the game sets
``live.ended`` (returns and termination), which the views, the moves route, the bots, the
lobby list and the records honour.

- **Resign**: two-player games; the resigning seat loses (-1), the other wins (+1).
- **Draw**: two-player games (each can end drawn, if only by a turn limit). A seat offers; the
  other accepts (every return 0) or declines. The offer lapses when the other seat moves. A
  bot declines at once: it plays on. A declined offer stays in the view (``draw_declined``, the
  seat that declined, present only then) until the offering seat moves, so the offerer reads the answer.
- **Takeback**: two-player games with nothing hidden. A seat asks to take back its last move
  (and whatever the other seat played since); the other seat accepts or declines, an ``easy``
  bot accepts at once, stronger bots refuse. Never past a chance outcome: once a roll has been
  seen, the moves before it stand. The moves are deleted from the store, so the game is rebuilt
  without them.
- **Clocks**: two-player games may have one (``minutes`` + ``increment`` seconds a move),
  chosen at creation. The server keeps it from the times the moves were stored: a seat's clock
  runs from the previous move to its own (the first move of the game is free, so nobody loses
  time before the rival is there); each move adds the increment; bots' clocks run too. The first
  move is free but not endless: it must come within the clock's minutes, and never less than
  :data:`FIRST_MOVE_MIN_SECONDS`, of the start (:func:`first_move_deadline`). A timer on the
  server's loop ends the game when the seat to move runs out: that seat loses ("time").
  A rebuilt game reads the times back from the ``moves`` table, so a restart keeps the clocks.
- **Correspondence clocks** (``{"days": N}``, 1 to 14, from seeks): each move must be made within N days
  of the previous one (the first within N days of the start); time left over is not kept. The same
  ``clock`` event holds it (``per_move`` and ``started``), so the store needs nothing more, and the
  same timer ends the game when the seat to move runs out: that seat loses ("time").
- **Rematch**: after the game, any seat's holder starts the same game with the seats moved one
  place on (two players: swapped), bots keeping their levels. The asker gets its new seat's
  token; every other human seat is claimed by its player with the old game's token
  (``POST /api/games/{new}/claim``) and by nobody else: the answer holds invite codes only for
  friends' seats whose invite was never used (nobody else holds such a seat's secrets).

Somewhat over 500 lines: the clocks (the last part) are events of the same log, ended by the same
``_event`` under the same lock, and read by ``controls_json``; apart they would import each other.
"""

from __future__ import annotations

import logging
import secrets
import time
from typing import Any

from abstracta.server.live import Credential
from abstracta.server.service import BOT_PREFIX, FRIEND, ME, ApiError, GameService, LiveGame, unavailable
from abstracta.server.store import StoreUnavailable, hash_token

log = logging.getLogger("abstracta.server")

RESIGN, DRAW_OFFER, DRAW_ACCEPT, DRAW_DECLINE, REMATCH = "resign", "draw-offer", "draw-accept", "draw-decline", "rematch"
TAKEBACK_REQUEST, TAKEBACK_DECLINE, TAKEBACK = "takeback-request", "takeback-decline", "takeback"
CLOCK, FLAG = "clock", "flag"
TAKEBACK_BOT_LEVEL = "easy"
"""The only bot level that grants takebacks (at once); stronger bots and hidden or seen dice never do."""


def restore(live: LiveGame, service: GameService) -> None:
    """Apply the stored events to a game just rebuilt from its moves (and its clock's move times)."""
    for ply, player, kind, data in service.store.events(live.id):
        _apply(live, ply, player, kind, data)
    if live.clock is not None:
        live.clock["times"] = service.store.move_times(live.id)
        arm_flag_timer(service, live)


def _apply(live: LiveGame, ply: int, player: int, kind: str, data: dict[str, Any]) -> None:
    live.events.append((ply, player, kind, data))
    n = live.game.num_players
    if kind == RESIGN:
        live.ended = {"returns": [-1.0 if p == player else 1.0 for p in range(n)], "termination": "resigned", "by": player}
    elif kind == DRAW_ACCEPT:
        live.ended = {"returns": [0.0] * n, "termination": "draw agreed", "by": player}
    elif kind == REMATCH:
        live.rematch = data
    elif kind == CLOCK:
        live.clock = {"base": float(data["base"]), "increment": float(data["increment"]), "times": [],
                      "per_move": bool(data.get("per_move")), "started": float(data.get("started") or 0.0),
                      "days": data.get("days")}  # fmt: skip
    elif kind == FLAG:
        live.ended = {"returns": [-1.0 if p == player else 1.0 for p in range(n)], "termination": "time", "by": player}


def open_draw_offer(live: LiveGame) -> int | None:
    """The seat whose draw offer stands: made, not answered, and the other seat has not moved since."""
    offer = None
    for ply, player, kind, _ in live.events:
        if kind == DRAW_OFFER:
            offer = (ply, player)
        elif kind in (DRAW_ACCEPT, DRAW_DECLINE):
            offer = None
    if offer is None:
        return None
    ply, player = offer
    if any(mover >= 0 and mover != player for mover in live.movers[ply:]):
        return None
    return player


def declined_draw(live: LiveGame) -> int | None:
    """The seat that declined the latest draw offer, while the offering seat has not moved since; else ``None``."""
    declined = None
    for ply, player, kind, _ in live.events:
        if kind == DRAW_DECLINE:
            declined = (ply, player)
        elif kind in (DRAW_OFFER, DRAW_ACCEPT):
            declined = None
    if declined is None:
        return None
    ply, decliner = declined
    if any(mover >= 0 and mover != decliner for mover in live.movers[ply:]):
        return None
    return decliner


def takeback_start(live: LiveGame, player: int) -> int | None:
    """The ply a takeback by ``player`` goes back to (before its last move), or ``None`` when none is allowed."""
    if live.game.num_players != 2 or not live.game.perfect_information or live.ended or live.state.over:
        return None
    movers = live.movers
    start = next((i for i in range(len(movers) - 1, -1, -1) if movers[i] == player), None)
    if start is None:
        return None
    if any(mover < 0 for mover in movers[start:]):  # a roll came up since: it has been seen
        return None
    rival = live.bot_level(1 - player)
    if rival is not None and rival != TAKEBACK_BOT_LEVEL:
        return None
    return start


def open_takeback_request(live: LiveGame) -> int | None:
    """The seat whose takeback request stands: not answered, no move made since."""
    request = None
    for ply, player, kind, _ in live.events:
        if kind == TAKEBACK_REQUEST:
            request = (ply, player)
        elif kind in (TAKEBACK_DECLINE, TAKEBACK):
            request = None
    if request is None or request[0] != len(live.moves):
        return None
    return request[1]


def controls_json(live: LiveGame, holder: int | None) -> dict[str, Any]:
    """The controls part of a view: what ended the game, a standing draw offer, the rematch."""
    two = live.game.num_players == 2
    over = bool(live.ended) or live.state.over
    answer = {
        "ended": dict(live.ended) if live.ended else None,
        "draw_offer": open_draw_offer(live),
        "can_resign": two and not over and holder is not None,
        "can_offer_draw": two and not over and holder is not None,
        "takeback_request": open_takeback_request(live),
        "takebacks": sum(1 for event in live.events if event[2] == TAKEBACK),  # views after a takeback have lower plies
        "can_take_back": holder is not None and takeback_start(live, holder) is not None,
        "rematch": live.rematch.get("id") if live.rematch else None,
        "rematch_seat": _new_seat(live, holder) if live.rematch and holder is not None else None,
        "clock": clock_json(live),
    }
    declined = declined_draw(live) if not over else None
    if declined is not None:  # only while there is an answer to read (older views stay as they were)
        answer["draw_declined"] = declined
    return answer


def _new_seat(live: LiveGame, player: int) -> int:
    return (player + 1) % live.game.num_players


def _event(service: GameService, live: LiveGame, player: int, kind: str, data: dict[str, Any] | None = None,
           ending: list[float] | None = None) -> None:  # fmt: skip
    """Store the event, then apply it in memory and push it to every watcher (under the game's lock)."""
    try:
        service.store.add_event(live.id, len(live.moves), player, kind, data, ending)
    except StoreUnavailable as error:
        raise unavailable(error, "the request") from None
    _apply(live, len(live.moves), player, kind, data or {})
    service._tell(live)


def _seat_of(service: GameService, game_id: str, token: Credential | None) -> tuple[LiveGame, int]:
    live = service.get(game_id)
    if token is None or token == "":
        raise ApiError(401, "this needs the seat's token: send the header 'Authorization: Bearer <token>'")
    return live, live.holder(token)


def _check_playing(live: LiveGame, what: str) -> None:
    if live.game.num_players != 2:
        raise ApiError(409, f"{what} is for two-player games; this game has {live.game.num_players} players")
    if live.ended or live.state.over:
        raise ApiError(409, f"game {live.id} is over")


def resign(service: GameService, game_id: str, token: Credential | None) -> LiveGame:
    live, player = _seat_of(service, game_id, token)
    with live.lock:
        _check_playing(live, "resigning")
        ending = [-1.0 if p == player else 1.0 for p in range(live.game.num_players)]
        _event(service, live, player, RESIGN, ending=ending)
    return live


def draw(service: GameService, game_id: str, token: Credential | None, action: str) -> LiveGame:
    live, player = _seat_of(service, game_id, token)
    with live.lock:
        _check_playing(live, "a draw by agreement")
        standing = open_draw_offer(live)
        if action == "offer":
            if standing is not None:
                raise ApiError(409, "a draw offer stands already: " + ("yours" if standing == player else "answer it"))
            _event(service, live, player, DRAW_OFFER)
            rival = 1 - player
            if live.bot_level(rival) is not None:  # a bot plays on
                _event(service, live, rival, DRAW_DECLINE)
        elif action in ("accept", "decline"):
            if standing is None or standing == player:
                raise ApiError(409, "there is no draw offer from your opponent to answer")
            if action == "accept":
                _event(service, live, player, DRAW_ACCEPT, ending=[0.0] * live.game.num_players)
            else:
                _event(service, live, player, DRAW_DECLINE)
        else:
            raise ApiError(422, f"action: 'offer', 'accept' or 'decline', not {action[:40]!r}")
    return live


def takeback(service: GameService, game_id: str, token: Credential | None, action: str) -> LiveGame:
    live, player = _seat_of(service, game_id, token)
    with live.lock:
        _check_playing(live, "a takeback")
        standing = open_takeback_request(live)
        if action == "request":
            if takeback_start(live, player) is None:
                raise ApiError(409, _no_takeback(live, player))
            if bot_thinking(service, live):  # its move, chosen for the position being undone, must not land later
                raise ApiError(409, "the bot is thinking: ask again once it has moved")
            if standing is not None:
                raise ApiError(409, "a takeback request stands already")
            if live.bot_level(1 - player) == TAKEBACK_BOT_LEVEL:
                _take_back(service, live, player)
            else:
                _event(service, live, player, TAKEBACK_REQUEST)
        elif action in ("accept", "decline"):
            if standing is None or standing == player:
                raise ApiError(409, "there is no takeback request from your opponent to answer")
            if action == "decline":
                _event(service, live, player, TAKEBACK_DECLINE)
            elif takeback_start(live, standing) is None:
                raise ApiError(409, _no_takeback(live, standing))
            else:
                _take_back(service, live, standing)
        else:
            raise ApiError(422, f"action: 'request', 'accept' or 'decline', not {action[:40]!r}")
    return live


def bot_thinking(service: GameService, live: LiveGame) -> bool:
    with service._bots_lock:
        return live.id in service._bots_pending


def _no_takeback(live: LiveGame, player: int) -> str:
    if not live.game.perfect_information:
        return "no takebacks in a game with hidden information"
    if not any(mover == player for mover in live.movers):
        return "you have no move to take back"
    level = live.bot_level(1 - player)
    if level is not None and level != TAKEBACK_BOT_LEVEL:
        return f"only the {TAKEBACK_BOT_LEVEL} bot allows takebacks; this one is {level}"
    return "a roll has been seen since your last move: it stands"


def _take_back(service: GameService, live: LiveGame, player: int) -> None:
    """Undo ``player``'s last move and everything after it: in the store, then in memory, then pushed."""
    start = takeback_start(live, player)
    assert start is not None
    state = live.states[start]
    summary = {"plies": start, "to_move": state.player, "seat_to_move": state.seat, "over": False, "returns": None}
    try:
        service.store.take_back(live.id, start, player, summary)
    except StoreUnavailable as error:
        raise unavailable(error, "the takeback") from None
    del live.states[start + 1:], live.moves[start:], live.movers[start:], live.public[start:]
    live.events.append((start, player, TAKEBACK, {}))
    service._tell(live)
    service._schedule_bot(live)


def rematch(service: GameService, game_id: str, token: Credential | None) -> dict[str, Any]:
    """A new game with the same options and the seats moved on; the asker's new token and the invites."""
    live, player = _seat_of(service, game_id, token)
    with live.lock:
        if not (live.ended or live.state.over):
            raise ApiError(409, "a rematch starts when the game is over")
        if live.rematch:
            raise ApiError(409, f"a rematch was started already: game {live.rematch['id']}")
        n = live.game.num_players
        seats: list[str] = [""] * n
        for old, kind in enumerate(live.seats):
            seats[(old + 1) % n] = kind if kind.startswith(BOT_PREFIX) else ME if old == player else FRIEND
        # The asker's new seat belongs to the account that held the old one, if any.
        new_id, tokens, invites = service.create(live.game.slug, dict(live.game.options), seats,
                                                 owner=live.owners[player])  # fmt: skip
        _event(service, live, player, REMATCH, {"id": new_id})
        # A player who held a seat claims the new one with their old token; its invite code is dropped
        # unseen, or the asker could take that seat first (and see a hidden setup). Only a friend who
        # never joined, and so has no token, is invited again, through the asker as before.
        joined = {str(_new_seat(live, old)) for old, digest in enumerate(live.token_hashes) if digest is not None}
        invites = {seat: code for seat, code in invites.items() if seat not in joined}
    return {"id": new_id, "tokens": tokens, "invites": invites}


def claim(service: GameService, new_id: str, old_id: str, token: Credential | None) -> dict[str, Any]:
    """Take one's seat in the rematch ``new_id`` of ``old_id`` with the old game's token; once."""
    old, player = _seat_of(service, old_id, token)
    if not old.rematch or old.rematch.get("id") != new_id:
        raise ApiError(404, f"game {old_id} has no rematch {new_id[:40]!r}")
    seat = _new_seat(old, player)
    new_token = secrets.token_urlsafe(24)
    try:
        done = service.store.claim_seat(new_id, seat, hash_token(new_token), old.owners[player])
    except StoreUnavailable as error:
        raise unavailable(error, "the seat") from None
    if not done:
        raise ApiError(410, "that seat of the rematch is taken already")
    live = service.get(new_id)
    with live.lock:
        live.token_hashes[seat] = hash_token(new_token)
        live.owners[seat] = old.owners[player]
        service._tell(live)
    return {"game": new_id, "seat": seat, "token": new_token}


# -- clocks ----------------------------------------------------------------------------------
MAX_CLOCK_MINUTES = 24 * 60
FIRST_MOVE_MIN_SECONDS = 120.0
"""The least time the first mover has for the game's first move (the clock's own minutes when longer):
the first move is not charged to the clock, so that nobody loses time before the rival has arrived,
but without a limit a game whose first mover never came would wait for ever."""


def first_move_deadline(live: LiveGame) -> tuple[int, float] | None:
    """Before anyone has moved in a game with a seats clock: the seat to move and the time (epoch seconds)
    by which it must, else it loses on time; ``None`` otherwise (and for a game stored before this limit)."""
    clock = live.clock
    if clock is None or clock.get("per_move") or not clock.get("started") or live.ended or live.state.over:
        return None
    if any(mover >= 0 for mover in live.movers):
        return None
    seat = live.state.player
    if seat is None or seat < 0:
        return None
    return seat, clock["started"] + max(clock["base"], FIRST_MOVE_MIN_SECONDS)


def clock_left(live: LiveGame, now: float | None = None) -> tuple[list[float], int | None]:
    """Seconds left for each seat, and the seat whose clock runs now (``None``: stopped)."""
    clock = live.clock
    assert clock is not None
    now = time.time() if now is None else now
    if clock.get("per_move"):
        return _move_deadline_left(live, now)
    # The clocks at the last move depend only on the moves' times: kept until a move (or takeback) changes them.
    key = (len(live.movers), len(clock["times"]))
    cached = clock.get("cache")
    if cached is not None and cached[0] == key:
        left, previous = list(cached[1]), cached[2]
    else:
        left = [clock["base"]] * live.game.num_players
        previous = None
        # Moves not yet noted by the clock's listener (other listeners, such as the pushes, may run first) are from now.
        times = clock["times"][:len(live.movers)] + [now] * (len(live.movers) - len(clock["times"]))
        for mover, stored in zip(live.movers, times):
            if mover < 0:  # chance outcomes are stored with the move that brought them up
                continue
            if previous is not None:
                left[mover] -= stored - previous
            left[mover] += clock["increment"]
            previous = stored
        if len(clock["times"]) >= len(live.movers):
            clock["cache"] = (key, list(left), previous)
    state = live.state
    runner = state.player if previous is not None and not live.ended and not state.over else None
    if runner is not None and runner >= 0:
        left[runner] -= now - previous
    else:
        runner = None
    if live.ended and live.ended["termination"] == "time":
        left[live.ended["by"]] = 0.0
    return left, runner


def _move_deadline_left(live: LiveGame, now: float) -> tuple[list[float], int | None]:
    """A correspondence clock: the seat to move has ``base`` seconds from the previous move (or the start)."""
    clock = live.clock
    assert clock is not None
    left = [clock["base"]] * live.game.num_players
    times = clock["times"]
    previous = (times[len(live.movers) - 1] if len(times) >= len(live.movers) else now) if live.movers else clock["started"]
    state = live.state
    runner = state.player if not live.ended and not state.over and state.player is not None and state.player >= 0 else None
    if runner is not None:
        left[runner] -= now - previous
    if live.ended and live.ended["termination"] == "time":
        left[live.ended["by"]] = 0.0
    return left, runner


def clock_json(live: LiveGame) -> dict[str, Any] | None:
    if live.clock is None:
        return None
    left, runner = clock_left(live)
    answer = {"base": live.clock["base"], "increment": live.clock["increment"],
              "left": [max(0.0, round(value, 2)) for value in left], "running": runner}  # fmt: skip
    if live.clock.get("per_move"):
        answer["days"] = live.clock["days"]  # a correspondence clock: base seconds for each move
    first = first_move_deadline(live)
    if first is not None:  # the first move's own limit, not charged to the clock
        answer["first_move"] = {"seat": first[0], "left": max(0.0, round(first[1] - time.time(), 2))}
    return answer


def start_clock(service: GameService, game_id: str, minutes: float, increment: float) -> None:
    """Give a new game its clock (called right after it was created)."""
    live = service.get(game_id)
    if live.game.num_players != 2:
        raise ApiError(400, f"clocks are for two-player games; {live.game.slug} has {live.game.num_players} players here")
    with live.lock:
        now = time.time()
        _event(service, live, 0, CLOCK, {"base": minutes * 60.0, "increment": float(increment), "started": now})
        live.clock["times"] = [now] * len(live.moves)


MAX_DAYS = 14


def check_days(days: Any) -> int:
    """A correspondence clock's days per move: a whole number from 1 to :data:`MAX_DAYS`."""
    if isinstance(days, bool) or not isinstance(days, (int, float)) or days != int(days) or not 1 <= days <= MAX_DAYS:
        raise ApiError(400, f"clock: 'days' per move is a whole number from 1 to {MAX_DAYS}")
    return int(days)


def start_correspondence(service: GameService, game_id: str, days: int, *, day_seconds: float = 86400.0) -> None:
    """Give a new two-player game a correspondence clock: ``days`` for each move (``day_seconds``: tests shorten it)."""
    live = service.get(game_id)
    if live.game.num_players != 2:
        raise ApiError(400, f"clocks are for two-player games; {live.game.slug} has {live.game.num_players} players here")
    with live.lock:
        now = time.time()
        _event(service, live, 0, CLOCK, {"base": days * day_seconds, "increment": 0.0, "per_move": True,
                                              "started": now, "days": days})  # fmt: skip
        live.clock["times"] = [now] * len(live.moves)


def check_seats_clock(minutes: Any, increment: Any) -> tuple[float, float]:
    try:
        minutes, increment = float(minutes), float(increment or 0)
    except (TypeError, ValueError):
        raise ApiError(400, "clock: 'minutes' and 'increment' must be numbers") from None
    if not 0 < minutes <= MAX_CLOCK_MINUTES or not 0 <= increment <= 600:
        raise ApiError(400, f"clock: minutes from above 0 to {MAX_CLOCK_MINUTES}, increment 0 to 600 seconds")
    return minutes, increment


def watch_clocks(service: GameService) -> None:
    """After every change of a game with a clock: note the new moves' times and arm the flag timer."""

    def listener(live: LiveGame) -> None:
        clock = live.clock
        if clock is None:
            return
        times = clock["times"]
        if len(times) > len(live.moves):  # a takeback
            del times[len(live.moves):]
            clock.pop("cache", None)
        while len(times) < len(live.moves):
            times.append(time.time())
        arm_flag_timer(service, live)

    service.subscribe(listener)


def arm_flag_timer(service: GameService, live: LiveGame) -> None:
    """A timer on the server's loop for the running seat's deadline, or the first move's (after a move,
    the start, or a rebuild)."""
    left, runner = clock_left(live)
    loop = service._loop
    first = first_move_deadline(live)
    if loop is None or (runner is None and first is None):
        return
    delay = (max(0.0, left[runner]) if runner is not None else max(0.0, first[1] - time.time())) + 0.05
    game_id = live.id

    def check() -> None:
        try:  # by id: the copy in memory may have been replaced (rebuilt) since the timer was armed
            check_flag(service, service.get(game_id))
        except Exception:  # the database is away: the next move or rebuild checks again
            log.warning("flag check failed for game %s", game_id, exc_info=True)

    def arm() -> None:
        loop.call_later(delay, lambda: loop.run_in_executor(None, check))

    try:
        loop.call_soon_threadsafe(arm)
    except RuntimeError:  # the loop has closed
        pass


def check_flag(service: GameService, live: LiveGame) -> bool:
    """End the game if the seat to move has run out of time; True when it did."""
    with live.lock:
        if live.clock is None or live.ended or live.state.over:
            return False
        left, runner = clock_left(live)
        first = first_move_deadline(live)
        if first is not None and time.time() >= first[1]:
            runner = first[0]  # the first move never came
        elif runner is None or left[runner] > 0:
            return False
        ending = [-1.0 if p == runner else 1.0 for p in range(live.game.num_players)]
        _event(service, live, runner, FLAG, ending=ending)
        return True


def check_clock(clock: Any, num_players: int) -> dict[str, Any] | None:
    """A clock as chosen for a new game or a seek: ``None``, ``{"minutes", "increment"}`` or ``{"days"}``
    (correspondence); 400 with what is wrong otherwise."""
    if clock is None:
        return None
    if num_players != 2:
        raise ApiError(400, "clock: clocks are for two-player games")
    if not isinstance(clock, dict):
        raise ApiError(400, "clock: {'minutes', 'increment'}, {'days'} or null")
    if set(clock) == {"days"}:
        return {"days": check_days(clock["days"])}
    if "minutes" in clock and set(clock) <= {"minutes", "increment"}:
        minutes, increment = check_seats_clock(clock["minutes"], clock.get("increment", 0))
        return {"minutes": minutes, "increment": increment}
    raise ApiError(400, "clock: {'minutes', 'increment'}, {'days'} or null")


def start_chosen_clock(service: GameService, game_id: str, clock: dict[str, Any] | None, *, day_seconds: float = 86400.0) -> None:
    """Give a new game the clock :func:`check_clock` returned (nothing for ``None``)."""
    if clock is None:
        return
    if "days" in clock:
        start_correspondence(service, game_id, clock["days"], day_seconds=day_seconds)
    else:
        start_clock(service, game_id, clock["minutes"], clock["increment"])
