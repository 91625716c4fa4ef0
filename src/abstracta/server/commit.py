"""Moves into live games: checked under the game's lock, stored in one transaction, then applied.

A move is accepted only if, under the game's lock, its sender holds the seat to move and the move
is in ``state.moves()``: two racing clicks cannot both land. A move and every chance outcome it
triggers are computed first, then written to the store in one transaction, and only then applied
in memory: a failed write leaves both untouched and the client is told so (503, retry).
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from typing import TYPE_CHECKING, Any

from abstracta.bots import sample_chance
from abstracta.core.api import State
from abstracta.core.errors import CHANCE, illegal_reason
from abstracta.server.live import ECHO_LIMIT, ApiError, LiveGame, clip, cut, game_summary, unavailable
from abstracta.server.store import MoveConflict, Store, StoreUnavailable

if TYPE_CHECKING:
    from abstracta.server.service import GameService


def _settle(future: asyncio.Future, error: Exception | None) -> None:
    if not future.done():
        future.set_result(error)


class Commits:
    """The moves' part of :class:`~abstracta.server.service.GameService` (a mixin: the state it uses,
    ``store``, ``chance_rng`` and the games under ``_games_lock``, is set up there)."""

    store: Store
    chance_rng: random.Random
    _games: dict[str, LiveGame]
    _games_lock: threading.Lock

    def play(self: GameService, game_id: str, token: str | None, move: Any, ply: int | None = None) -> LiveGame:
        """A human's move: only the seat to move, only a move in ``moves()``, only at ``ply`` when given."""
        live = self.get(game_id)
        if token is None or token == "":
            raise ApiError(401, "a move needs the seat's token: send the header 'Authorization: Bearer <token>'")
        player = live.holder(token)
        self._play_as(live, player, move, ply)
        return live

    def move_warning(self: GameService, game_id: str, token: Any, move: Any) -> str | None:
        """What the game cautions about ``move`` before the token's seat plays it (``Game.move_warning``,
        read from that seat's view); ``None`` when nothing, or when the move will be refused anyway."""
        live = self.get(game_id)
        player = live.holder(token)
        state = live.state
        if player is None or state.player != player or not isinstance(move, str) or move not in state.moves():
            return None
        seen = state if live.game.perfect_information else state.view(player)
        return live.game.move_warning(seen, move)

    def _play_as(self: GameService, live: LiveGame, player: int | None, move: Any, ply: int | None) -> None:
        with live.lock:
            after = self._check_move(live, player, move, ply)
            self._commit(live, [move, *self._chance_run(after)], [after])
        self._schedule_bot(live)

    def play_random_setup(self: GameService, game_id: str, token: str | None, ply: int | None = None) -> LiveGame:
        """Complete the setup of the token's seat at random, with the server's own randomness.

        The game's knowledge (``Knowledge.random_setup``) picks one uniformly random complete
        placement in a uniformly random order; its moves are checked like any move and stored
        together. The client chooses nothing, so the order of the public placements cannot give
        the kinds away whatever the client does.
        """
        live = self.get(game_id)
        if token is None or token == "":
            raise ApiError(401, "a random setup needs the seat's token: send the header 'Authorization: Bearer <token>'")
        player = live.holder(token)
        with live.lock:
            state = live.state
            knowledge = live.game.knowledge()
            moves = [] if knowledge is None or state.over else knowledge.random_setup(state, self.chance_rng)
            if not moves and not state.over and not live.ended and state.player == player:
                raise ApiError(409, "there is no setup to complete now: a random setup is for a seat "
                                    "placing its pieces, before it is ready")  # fmt: skip
            after = self._check_move(live, player, moves[0] if moves else "", ply)  # over, stale, turn, legal
            for move in moves[1:]:
                if after.player != player:  # the game's knowledge must keep to the asker's own moves
                    raise ValueError(f"{live.game.slug}: a random setup passed the turn before its end")
                after = after.play(move)
            self._commit(live, [*moves, *self._chance_run(after)])
        self._schedule_bot(live)
        return live

    def _check_move(self, live: LiveGame, player: int | None, move: Any, ply: int | None) -> State:
        """The state after ``move`` if ``player`` may play it now (game's lock held); ``ApiError`` otherwise."""
        if not isinstance(move, str):
            raise ApiError(422, f"'move' must be a string in the game's move notation, got {clip(move)}")
        state = live.state
        if state.over or live.ended:
            raise ApiError(409, f"game {live.id} is over; no more moves")
        if ply is not None and ply != len(live.moves):
            raise ApiError(409, f"stale move: it was sent for ply {clip(ply)}, but the game is at ply {len(live.moves)}")
        if state.player != player:
            raise ApiError(409, f"it is not your turn: player {state.player} ({state.seat}) is to move")
        if move not in state.moves():
            raise ApiError(400, f"illegal move {clip(move)}: {self._refusal(live, state, move)}")
        return state.play(move)

    async def play_async(self: GameService, game_id: str, token: str | None, move: Any, ply: int | None = None) -> LiveGame:
        """:meth:`play` for the server's event loop: the same checks, the same single transaction.

        The hot path runs on the loop itself, with no thread hop: a loaded game whose lock is free
        is checked and its move computed right here, the move joins the store's next group commit
        (:meth:`Store.submit_moves`), and the game's lock stays held by the loop until the commit has
        ended, so nothing else moves the game meanwhile; ``on_loop`` keeps the loop's other
        coroutines, for which that lock is re-entrant, from starting a second move. A game not in
        memory, or busy, takes the thread path (:meth:`play`), which may wait.
        """
        live = self.loaded_game(game_id)
        if live is None or live.on_loop or not live.lock.acquire(blocking=False):
            return await asyncio.to_thread(self.play, game_id, token, move, ply)
        loop = asyncio.get_running_loop()
        try:
            live.touched = time.monotonic()
            if token is None or token == "":
                raise ApiError(401, "a move needs the seat's token: send the header 'Authorization: Bearer <token>'")
            after = self._check_move(live, live.holder(token), move, ply)
            moves = [move, *self._chance_run(after)]
            movers, states, summary = self._prepared(live, moves, [after])
            ends_rated = live.rated and states[-1].over
            if not ends_rated:
                stored: asyncio.Future = loop.create_future()

                def finished(error: Exception | None) -> None:  # in the store's writer thread
                    loop.call_soon_threadsafe(_settle, stored, error)

                try:
                    self.store.submit_moves(live.id, len(live.moves), list(zip(movers, moves)), summary, finished)
                except StoreUnavailable as error:
                    raise unavailable(error, "the move") from None
                live.on_loop = True
        except BaseException:
            live.lock.release()
            raise
        if ends_rated:
            # The move that ends a rated game also writes its ratings (the listeners run under the
            # game's lock, :mod:`abstracta.server.rated`): a database write of several milliseconds
            # that would stall every other game's request on the loop. It takes the thread path,
            # which checks the move again under the lock (the chance outcomes are drawn afresh).
            live.lock.release()
            return await asyncio.to_thread(self.play, game_id, token, move, ply)
        # Shielded: a request cancelled meanwhile must still apply a stored move and free the game.
        await asyncio.shield(self._finish_on_loop(live, stored, moves, states))
        self._schedule_bot(live)
        return live

    async def _finish_on_loop(self, live: LiveGame, stored: asyncio.Future, moves: list[str], states: list[State]) -> None:
        try:
            error = await stored
            if isinstance(error, MoveConflict):
                self._forget(live)
                raise ApiError(409, "the game moved on meanwhile; reload it")
            if error is not None:
                raise unavailable(error, "the move")
            self._apply(live, moves, states)
        finally:
            live.on_loop = False
            live.lock.release()  # on the loop's thread, which took it

    @staticmethod
    def _refusal(live: LiveGame, state: State, move: str) -> str:
        """Why ``move`` is refused, in the game's own words where they cannot reveal anything hidden."""
        if not live.game.perfect_information:
            # An engine's message may quote the full position; the sender may only learn its view.
            return "it is not one of your legal moves now (the view's 'moves' lists them)"
        try:
            state.play(move)
        except ValueError as error:  # the engine may quote the move: quoted cut, like ours
            reason = illegal_reason(str(error))  # the reply names the move already
            return cut(reason.replace(move, cut(move, ECHO_LIMIT)) if len(move) > ECHO_LIMIT else reason, 200)
        return "not in moves()"

    def _chance_run(self, state: State) -> list[str]:
        """The chance outcomes drawn, fairly by ``state.chance()``'s probabilities, until a player must move."""
        outcomes = []
        while not state.over and state.player == CHANCE:
            outcome = sample_chance(state, self.chance_rng)
            outcomes.append(outcome)
            state = state.play(outcome)
        return outcomes

    def _commit(self, live: LiveGame, moves: list[str], known: list[State] = ()) -> None:
        """Store ``moves`` (a move and the chance outcomes it triggers) in one transaction, then apply them.

        Called with the game's lock held. When the store fails, nothing changes in memory either
        and the caller gets a 503 ``ApiError`` saying so.
        """
        movers, states, summary = self._prepared(live, moves, known)
        try:
            self.store.add_moves(live.id, len(live.moves), list(zip(movers, moves)), summary)
        except StoreUnavailable as error:
            raise unavailable(error, "the move") from None
        except MoveConflict:
            self._forget(live)
            raise ApiError(409, "the game moved on meanwhile; reload it") from None
        self._apply(live, moves, states)

    @staticmethod
    def _prepared(live: LiveGame, moves: list[str], known: list[State] = ()) -> tuple[list[int], list[State], dict[str, Any]]:
        """Who plays each of ``moves``, the states after each, and the game's summary after them all."""
        states, movers, before = [], [], live.state
        for index, move in enumerate(moves):
            movers.append(before.player if before.player is not None else CHANCE)
            before = known[index] if index < len(known) else before.play(move)
            states.append(before)
        return movers, states, game_summary(before, len(live.moves) + len(moves))

    def _apply(self: GameService, live: LiveGame, moves: list[str], states: list[State]) -> None:
        """Moves stored: into memory, and every watcher is told."""
        for move, after in zip(moves, states):
            live.append(move, after)
        live.touched = time.monotonic()
        self._tell(live)

    def _forget(self, live: LiveGame) -> None:
        """Drop a copy found out of date; the next request loads the stored game."""
        with self._games_lock:
            if self._games.get(live.id) is live:
                del self._games[live.id]

    def _resolve_chance(self, live: LiveGame) -> None:
        """A chance node left open (only by databases from before moves and dice were stored together)."""
        with live.lock:
            if not live.state.over and live.state.player == CHANCE:
                self._commit(live, self._chance_run(live.state))
