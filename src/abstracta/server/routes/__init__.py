"""The app's routes, one :class:`fastapi.APIRouter` per area; :func:`abstracta.server.create_app` includes them
in this order (which is also the order of the OpenAPI document):

- :mod:`.catalog`: health check and the games' catalog (``/healthz``, ``/api/catalog``);
- :mod:`.games`: start, join and list games (``POST /api/games``, invites, ``GET /api/games``);
- :mod:`.play`: one game: its view, moves, random setup, replay and record;
- :mod:`.controls`: resign, draw, takeback, rematch, claim (over :mod:`abstracta.server.controls`);
- the post-game analysis (:mod:`abstracta.server.analysis` installs its two routes) and the analysis board
  (:mod:`abstracta.server.board` installs ``POST /api/analysis/position``);
- :mod:`.account`: sign up, log in and out, password, claiming seats, the account's games (``/api/account...``);
- :mod:`.users`: profiles and leaderboards (``/api/users/{username}``, ``/api/leaderboard/{slug}``);
- :mod:`.seeks`: open seeks and the lobby's live channel (``/api/seeks``, ``/ws/lobby``);
- :mod:`.chat`: the players' in-game chat (``/api/games/{id}/chat``);
- :mod:`.lessons`: the lessons and their engine-checked steps (``/api/lessons/{slug}...``);
- :mod:`.sockets`: the WebSocket that pushes each watcher's view;
- :mod:`.puzzles`: the puzzle pages and their API (``/puzzles/<game>``, ``/api/puzzles...``);
- :mod:`.pages`: the front end's pages and static files.

Each module's ``router(...)`` takes what its routes use (the service, the store, the hub) and
returns the router; :mod:`.common` holds what several of them share.
"""
