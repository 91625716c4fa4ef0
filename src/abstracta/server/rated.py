"""Rated games on the server: ratings applied at a game's end, exactly once, and read back for
profiles, leaderboards and the account.

The maths is :mod:`abstracta.server.ratings`'; this module stores it (the tables of revision 0004:
``ratings`` and ``rating_history``, :mod:`abstracta.server.tables`):

- **When**: a rated game (``games.rated``, read by :func:`abstracta.server.tables.is_rated` only)
  ends in any way (its rules, a resignation, a flag, an agreed draw). :func:`watch` hooks
  :meth:`RatingBook.settle` into every change of every game (it runs under the game's lock, before
  the watchers are told, so the pushed view already carries the changes) and into every rebuild
  from the store; :meth:`RatingBook.catch_up` at start rates any game that ended while the server
  was down or failed to rate it.
- **Once**: the ratings and the history rows of a game are written in one transaction, and the
  unique (game, user) key of ``rating_history`` refuses a second one; whoever comes second reads
  the stored changes instead. A crash before that transaction leaves the game unrated until the
  next rebuild or start, which rates it then.
- **How**: each seat's account rating in the game's pool (:func:`~abstracta.server.ratings.rating_pool`)
  first widens by the days since its last rated game (:func:`~abstracta.server.ratings.after_idle_days`),
  then :func:`~abstracta.server.ratings.rate_game` applies the result (the game's returns, or those a
  resignation, flag or agreed draw decided). A game whose seats are not all held by distinct accounts
  when it ends (a friend never came) changes nothing.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import TYPE_CHECKING, Any, Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

import abstracta
from abstracta.server.database import Database, MoveConflict, StoreUnavailable
from abstracta.server.live import ApiError, LiveGame
from abstracta.server.ratings import (
    PROVISIONAL_DEVIATION,
    Rating,
    after_idle_days,
    display,
    display_change,
    rate_game,
    rating_pool,
    split_pool,
)
from abstracta.server.tables import GameRow, RatingHistoryRow, RatingRow, UserRow, is_rated, utc_now

if TYPE_CHECKING:
    from abstracta.server.service import GameService

__all__ = ["LEADERBOARD_SIZE", "RatingBook", "is_rated", "outcome", "watch"]

log = logging.getLogger("abstracta.server")

LEADERBOARD_SIZE = 100
"""Entries per pool on a leaderboard."""
PROFILE_GAMES = 50
"""Recent games on a profile."""


def outcome(returns: Sequence[float], player: int) -> str:
    """``"win"`` for the sole best result, ``"draw"`` for a best result shared, ``"loss"`` otherwise."""
    best = max(returns)
    if returns[player] < best:
        return "loss"
    return "draw" if sum(value == best for value in returns) > 1 else "win"


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=utc_now().tzinfo)  # SQLite gives naive UTC back


def _idle_days(last: datetime, now: datetime) -> float:
    return max(0.0, (now - _aware(last)).total_seconds() / 86400)


def _stored(row: RatingRow) -> Rating:
    return Rating(row.rating, row.deviation, row.volatility)


def _now_rating(row: RatingRow) -> Rating:
    """The rating as it stands today: its deviation widened by the days since its last rated game."""
    return after_idle_days(_stored(row), _idle_days(row.last_played, utc_now()))


def _entry(row: RatingRow) -> dict[str, Any]:
    """A pool's line of ``GET /api/account`` and ``GET /api/users/{name}``."""
    now = _now_rating(row)
    return {"rating": round(now.rating, 2), "deviation": round(now.deviation, 2), "games": row.games,
            "provisional": now.provisional, "shown": display(now),
            "wins": row.wins, "draws": row.draws, "losses": row.losses}  # fmt: skip


def _change(row: RatingHistoryRow, username: str) -> dict[str, Any]:
    """One seat's change in a game's view: before and after (rating points), the change as shown."""
    before = Rating(row.rating_before, row.deviation_before, row.volatility_before)
    after = Rating(row.rating_after, row.deviation_after, row.volatility_after)
    return {"username": username, "pool": row.pool, "outcome": row.outcome,
            "before": row.rating_before, "after": row.rating_after,
            "deviation_before": row.deviation_before, "deviation_after": row.deviation_after,
            "volatility_before": row.volatility_before, "volatility_after": row.volatility_after,
            "change": display_change(before, after), "shown_before": display(before), "shown_after": display(after)}  # fmt: skip


class RatingBook:
    """Ratings over the server's database: applying a finished game, and reading them back."""

    def __init__(self, database: Database) -> None:
        self.database = database

    # -- a game's end -----------------------------------------------------------
    def settle(self, live: LiveGame) -> None:
        """Rate ``live`` if it is a rated game that has ended and has not been rated; sets ``live.ratings``.

        Called with the game's lock held (or on a game nobody else holds yet).
        """
        if not live.rated or live.ratings is not None:
            return
        scores: list[float] | None = None  # a result decided off the board (resigned, time...) has no order beyond it
        if live.ended:
            returns = list(live.ended["returns"])
        elif live.state.over:
            returns = list(live.state.returns())
            scores = list(live.state.scores())
        else:
            return
        owners = list(live.owners)
        if any(owner is None for owner in owners) or len(set(owners)) != len(owners):
            live.ratings = {}  # not every seat an account's, one account each: nothing to rate
            return
        live.ratings = self._rate(live.id, rating_pool(live.game), [int(owner) for owner in owners], returns,
                                  scores, live.game.lower_score_wins)  # fmt: skip

    def _rate(self, game_id: str, pool: str, owners: list[int], returns: list[float],
              scores: list[float] | None = None, lower_score_wins: bool = False) -> dict[str, dict[str, Any]]:
        def work(session: Session) -> None:
            if session.scalar(select(RatingHistoryRow.id).where(RatingHistoryRow.game_id == game_id)):
                return  # rated already (before a restart, or by another caller)
            now = utc_now()
            rows = {row.user_id: row for row in session.scalars(
                select(RatingRow).where(RatingRow.pool == pool, RatingRow.user_id.in_(owners)))}  # fmt: skip
            before = [after_idle_days(_stored(rows[user]), _idle_days(rows[user].last_played, now)) if user in rows
                      else Rating() for user in owners]  # fmt: skip
            after = rate_game(before, returns, scores, lower_score_wins)
            for player, user in enumerate(owners):
                result = outcome(returns, player)
                row = rows.get(user)
                if row is None:
                    row = RatingRow(user_id=user, pool=pool, games=0, wins=0, draws=0, losses=0)
                    session.add(row)
                row.rating, row.deviation, row.volatility = after[player].rating, after[player].deviation, after[player].volatility
                row.games += 1
                row.wins += result == "win"
                row.draws += result == "draw"
                row.losses += result == "loss"
                row.last_played = now
                session.add(RatingHistoryRow(
                    user_id=user, pool=pool, game_id=game_id, player=player, outcome=result,
                    rating_before=before[player].rating, deviation_before=before[player].deviation,
                    volatility_before=before[player].volatility, rating_after=after[player].rating,
                    deviation_after=after[player].deviation, volatility_after=after[player].volatility, created=now))  # fmt: skip

        try:
            self.database._write(work)
        except MoveConflict:  # the unique (game, user) key: someone else rated it first; theirs stands
            pass
        return self.changes(game_id)

    def changes(self, game_id: str) -> dict[str, dict[str, Any]]:
        """Each seat's stored change for the game (by player number, as text); empty when it was not rated."""

        def work(session: Session) -> dict[str, dict[str, Any]]:
            rows = session.execute(select(RatingHistoryRow, UserRow.username).join(UserRow, UserRow.id == RatingHistoryRow.user_id)
                                   .where(RatingHistoryRow.game_id == game_id).order_by(RatingHistoryRow.player)).all()  # fmt: skip
            return {str(row.player): _change(row, username) for row, username in rows}

        return self.database._read(work)

    def restore(self, live: LiveGame) -> None:
        """A game rebuilt from the store: its stored changes, or its rating now if it ended unrated (a crash)."""
        if live.rated and (live.ended or live.state.over):
            with live.lock:
                changes = self.changes(live.id)
                if changes:
                    live.ratings = changes
                else:
                    self.settle(live)

    def unrated_finished(self) -> list[str]:
        """Rated games over whose ratings were never applied (the server stopped in between)."""

        def work(session: Session) -> list[str]:
            rated_ids = select(RatingHistoryRow.game_id)
            return list(session.scalars(select(GameRow.id).where(GameRow.rated == True, GameRow.over == True,  # noqa: E712
                                                                 GameRow.id.not_in(rated_ids))))  # fmt: skip

        return self.database._read(work)

    def catch_up(self, service: GameService) -> None:
        """At start: rate every rated game that ended without its ratings (each one rebuilt rates itself)."""
        for game_id in self.unrated_finished():
            try:
                live = service.loaded_game(game_id)
                if live is None:
                    service.get(game_id)  # the rebuild hook rates it
                else:
                    with live.lock:
                        self.settle(live)
            except (StoreUnavailable, ApiError) as error:
                log.warning("cannot rate game %s now: %s", game_id, error)

    # -- reading ------------------------------------------------------------------
    def ratings_of(self, user_id: int) -> dict[str, dict[str, Any]]:
        """The account's ratings: pool -> rating, deviation (widened by idle time), games, provisional, W/D/L."""

        def work(session: Session) -> dict[str, dict[str, Any]]:
            rows = session.scalars(select(RatingRow).where(RatingRow.user_id == user_id).order_by(RatingRow.pool))
            return {row.pool: _entry(row) for row in rows}

        return self.database._read(work)

    def history_of(self, user_id: int) -> dict[str, list[dict[str, Any]]]:
        """Each pool's rating after each rated game, oldest first, led by the rating before the first one."""

        def work(session: Session) -> dict[str, list[dict[str, Any]]]:
            rows = session.scalars(select(RatingHistoryRow).where(RatingHistoryRow.user_id == user_id)
                                   .order_by(RatingHistoryRow.created, RatingHistoryRow.id))  # fmt: skip
            pools: dict[str, list[dict[str, Any]]] = {}
            for row in rows:
                points = pools.setdefault(row.pool, [])
                if not points:
                    points.append({"game": None, "rating": round(row.rating_before, 2), "date": None})
                points.append({"game": row.game_id, "rating": round(row.rating_after, 2),
                               "date": _aware(row.created).isoformat()})  # fmt: skip
            return pools

        return self.database._read(work)

    def game_changes_of(self, user_id: int, game_ids: list[str]) -> tuple[set[str], dict[str, dict[str, Any]]]:
        """Of these games: which are rated, and the account's change in each that was rated."""

        def work(session: Session) -> tuple[set[str], dict[str, dict[str, Any]]]:
            if not game_ids:
                return set(), {}
            rated = {row.id for row in session.execute(select(GameRow.id, GameRow.rated).where(GameRow.id.in_(game_ids)))
                     if is_rated(row)}  # fmt: skip
            rows = session.scalars(select(RatingHistoryRow).where(RatingHistoryRow.user_id == user_id,
                                                                  RatingHistoryRow.game_id.in_(game_ids)))  # fmt: skip
            return rated, {row.game_id: _change(row, "") for row in rows}

        return self.database._read(work)

    def leaderboard(self, slug: str) -> dict[str, list[dict[str, Any]]]:
        """The game's pools (two players, then by player count): the top settled ratings of users not disabled.
        A rating whose deviation, widened by the days since its last game, is provisional is left out."""

        def work(session: Session) -> list[tuple[RatingRow, str]]:
            pools = (RatingRow.pool == slug) | RatingRow.pool.like(f"{slug}/%")
            query = (select(RatingRow, UserRow.username).join(UserRow, UserRow.id == RatingRow.user_id)
                     .where(pools, UserRow.disabled == False, RatingRow.deviation <= PROVISIONAL_DEVIATION)  # noqa: E712
                     .order_by(RatingRow.rating.desc()))  # fmt: skip
            return [(row, username) for row, username in session.execute(query)]

        boards: dict[str, list[dict[str, Any]]] = {slug: []}
        for row, username in self.database._read(work):
            if split_pool(row.pool)[0] != slug:  # LIKE reads "_" in a slug as any character
                continue
            now = _now_rating(row)
            board = boards.setdefault(row.pool, [])
            if now.provisional or len(board) >= LEADERBOARD_SIZE:
                continue
            board.append({"rank": len(board) + 1, "username": username, "rating": round(now.rating, 2),
                          "deviation": round(now.deviation, 2), "shown": display(now), "games": row.games})  # fmt: skip
        return dict(sorted(boards.items(), key=lambda item: split_pool(item[0])[1]))


def game_title(slug: str) -> str:
    """The game's title; 404 for a slug that names no game."""
    if slug not in abstracta.games():
        raise ApiError(404, f"no game named {slug[:40]!r}")
    return abstracta.load(slug).title


def watch(service: GameService, book: RatingBook) -> None:
    """Rate each rated game as it ends (before the watchers subscribed after this hear of it) and on rebuild."""

    def listener(live: LiveGame) -> None:
        try:
            book.settle(live)
        except StoreUnavailable as error:  # the next rebuild or start rates it
            log.warning("game %s ended but could not be rated now: %s", live.id, error)

    service.subscribe(listener)
    service.on_rebuilt.append(book.restore)
