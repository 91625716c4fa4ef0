"""The games as OpenSpiel Python games (``pyspiel``), for OpenSpiel's algorithms.

``openspiel_game(slug, **options)`` returns a ``pyspiel.Game`` registered as
``abstracta_<slug_with_underscores>``; its one parameter ``options`` is the game options as
a JSON object string, so ``pyspiel.load_game("abstracta_quin", {"options": '{"max_turns": 4}'})``
works too. OpenSpiel's game strings split parameters at commas and have no quoting, so the
game's own ``options`` parameter (what ``str(game)`` shows) percent-encodes the characters
``%,()=``: ``pyspiel.load_game(str(game))`` gives the same game back. Games pickle (by slug
and options), so OpenSpiel's worker processes and ``serialize_game_and_state`` work.

- Sequential, terminal rewards (the game's ``returns()``), zero-sum with two players and
  general-sum otherwise.
- Actions: the agent numbering of :mod:`abstracta.rl.actions`; with the game parameter
  ``oriented`` (default true) numbered in the mover's frame and the observation tensors turned
  to their observer's side, as ``abstracta.rl.observation`` does (docs/rl.md, "Frames").
- Chance (explicit stochastic): dice, numbered by the action table's ``chance_outcomes``
  (Strategic Reserve: ``p,g`` -> ``6*(p-1) + (g-1)``); and a random setup, dealt by
  :mod:`abstracta.rl.setups` in opening chance nodes: by default one node over
  ``SETUP_OUTCOMES`` equally likely seeds, outcome k being ``game.start(seed=k)`` (Desfases
  without ``layout``); a game hiding its setup deals it itself (Quin ``setup="random"``: one
  piece per node, each side's from its own outcomes, so what a player sees after the setup
  leaves every rival placement possible, all equally likely).
- Maximum game length, player counts, chance and information come from the game and its RL
  adapter (``max_game_length``; ``_LONG_GAME`` plies when the game knows no bound).
- Imperfect information (Quin): observation strings/tensors come from
  ``state.view(player)``; the information-state string is the player's first view followed
  by every move as that player saw it (its own in full, the rival's in public form), so it
  has perfect recall; so has the information-state tensor: the observation tensor followed by
  one row per ply (``max_game_length`` rows) written by the game adapter's ``move_recall()``,
  from the move renamed by the player's frame when the game is oriented.
- ``resample_from_infostate(player, sampler)`` (OpenSpiel's ISMCTS): a state the player
  cannot tell from this one, drawn by the game's own world sampling
  (``game.knowledge().sample_world`` with the player's earlier views and moves).
"""

from __future__ import annotations

import json
import random
from typing import Any
from urllib.parse import unquote

import numpy as np
import pyspiel

import abstracta
from abstracta.core.api import Game, State
from abstracta.core.errors import CHANCE
from abstracta.rl.actions import action_table, player_frames
from abstracta.rl.adapters import adapter_of
from abstracta.rl.observations import observation, observation_shape
from abstracta.rl.setups import SETUP_OUTCOMES, random_setup, setup_deal

_LONG_GAME = 100_000


def short_name(slug: str) -> str:
    return f"abstracta_{slug.replace('-', '_')}"


# the characters OpenSpiel's game-string parser treats as syntax (it has no quoting), and '%'
_ESCAPES = {"%": "%25", ",": "%2C", "(": "%28", ")": "%29", "=": "%3D"}


def _encode_options(options_json: str) -> str:
    """``options_json`` with the characters of ``_ESCAPES`` percent-encoded, '%' first."""
    for char, code in _ESCAPES.items():
        options_json = options_json.replace(char, code)
    return options_json


def _decode_options(text: str) -> dict[str, Any]:
    """The options of an ``options`` parameter, plain JSON or percent-encoded (``str(game)``)."""
    try:
        options = json.loads(unquote(text or "{}"))
    except json.JSONDecodeError as error:
        raise ValueError(f"the 'options' parameter must be a JSON object of game options: {error}") from None
    if not isinstance(options, dict):
        raise ValueError("the 'options' parameter must be a JSON object of game options")
    return options


def _max_length(game: Game) -> int:
    """The game's own bound (its RL adapter's ``max_game_length``), or ``_LONG_GAME`` when it knows none."""
    return adapter_of(game).max_game_length() or _LONG_GAME


def _game_type(slug: str, game: Game | None) -> pyspiel.GameType:
    """The GameType; with ``game`` None the most general one over every option set (used to register).

    The default options' game gives the registered facts, widened by what the game's RL adapter
    declares for other options (``player_range``, ``chance_under_some_options``).
    """
    if game is None:
        default = abstracta.load(slug)
        adapter = adapter_of(default)
        stochastic = default.has_chance or adapter.chance_under_some_options or random_setup(default)
        imperfect = not default.perfect_information
        players = adapter.player_range or (default.num_players, default.num_players)
        zero_sum = players == (2, 2)
    else:
        stochastic = game.has_chance or random_setup(game)
        imperfect = not game.perfect_information
        players = (game.num_players, game.num_players)
        zero_sum = game.num_players == 2
    types = pyspiel.GameType
    return pyspiel.GameType(
        short_name=short_name(slug),
        long_name=f"abstracta {slug}",
        dynamics=types.Dynamics.SEQUENTIAL,
        chance_mode=types.ChanceMode.EXPLICIT_STOCHASTIC if stochastic else types.ChanceMode.DETERMINISTIC,
        information=types.Information.IMPERFECT_INFORMATION if imperfect else types.Information.PERFECT_INFORMATION,
        utility=types.Utility.ZERO_SUM if zero_sum else types.Utility.GENERAL_SUM,
        reward_model=types.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"options": "{}", "oriented": True},
    )


class _Setting:
    """What a game under given options needs at every step; shared by all its states (clones included)."""

    def __init__(self, slug: str, options: dict[str, Any]) -> None:
        self.game = abstracta.load(slug, **options)
        self.table = action_table(self.game)
        self.deal = setup_deal(self.game)
        self.chance_outcome_names = self.table.chance_outcomes()
        self.frames = player_frames(self.game)  # each player's frame, used when the game is oriented
        adapter = adapter_of(self.game)
        self.recall = None if self.game.perfect_information else adapter.move_recall()
        self.max_length = _max_length(self.game)


_SETTINGS: dict[tuple[str, str], _Setting] = {}


def _setting(slug: str, options_json: str) -> _Setting:
    key = (slug, options_json)
    setting = _SETTINGS.get(key)
    if setting is None:
        setting = _SETTINGS[key] = _Setting(slug, json.loads(options_json))
    return setting


class AbstractaSpielGame(pyspiel.Game):
    """One abstracta game under its options, seen by OpenSpiel."""

    slug = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.options_json = json.dumps(_decode_options(params.get("options", "{}")), sort_keys=True)
        self.oriented = bool(params.get("oriented", True))
        setting = _setting(self.slug, self.options_json)
        game = self.abstracta_game = setting.game
        chance_count = max(len(setting.chance_outcome_names), setting.deal.max_outcomes if setting.deal else 0)
        zero_sum = game.num_players == 2
        info = pyspiel.GameInfo(
            num_distinct_actions=setting.table.size,
            max_chance_outcomes=chance_count,
            num_players=game.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=_max_length(game),
        )
        super().__init__(_game_type(self.slug, game), info,
                         {"options": _encode_options(self.options_json), "oriented": self.oriented})

    def __reduce__(self) -> tuple:
        # the classes are made at run time (one per game), so pickle the game by what it is
        return (_load_registered, (self.slug, self.options_json, self.oriented))

    def new_initial_state(self) -> "AbstractaSpielState":
        return AbstractaSpielState(self, _setting(self.slug, self.options_json))

    def make_py_observer(self, iig_obs_type=None, params=None) -> "AbstractaObserver":
        return AbstractaObserver(self, iig_obs_type, params)


class _Record:
    """What a state holds besides OpenSpiel's history: OpenSpiel clones a Python state with
    ``copy.deepcopy``, so this copies its lists and shares their items (abstracta states and
    views never change once made), which keeps a clone cheap."""

    __slots__ = ("inner", "dealt", "seen", "views", "decisions", "rows")

    def __init__(self, inner: State | None, players: int) -> None:
        self.inner = inner
        self.dealt: list[int] = []  # the setup's chance outcomes so far
        self.seen: list[list[str]] = [[] for _ in range(players)]  # the information-state strings' parts
        # hidden information only: each player's current view, its (view, own move) pairs (what
        # world sampling reads) and its plies as perfect-recall tensor rows
        self.views: list = [None] * players
        self.decisions: list[list[tuple]] = [[] for _ in range(players)]
        self.rows: list[list[np.ndarray]] = [[] for _ in range(players)]

    def __deepcopy__(self, memo) -> "_Record":
        copy = object.__new__(_Record)
        copy.inner, copy.dealt, copy.views = self.inner, list(self.dealt), list(self.views)
        copy.seen, copy.decisions, copy.rows = ([list(part) for part in lists]
                                                for lists in (self.seen, self.decisions, self.rows))
        return copy


class AbstractaSpielState(pyspiel.State):
    """A pyspiel state wrapping an abstracta ``State`` (``None`` until a random setup is dealt)."""

    def __init__(self, game: AbstractaSpielGame, setting: _Setting) -> None:
        super().__init__(game)
        self._key = (setting.game.slug, game.options_json)
        self._oriented = game.oriented
        self._record = _Record(None if setting.deal else setting.game.start(seed=0), setting.game.num_players)
        if self.inner is not None:
            self._record_start()

    @property
    def inner(self) -> State | None:
        """The abstracta state (``None`` until a random setup is dealt)."""
        return self._record.inner

    @inner.setter
    def inner(self, state: State | None) -> None:
        self._record.inner = state

    @property
    def _spiel_game(self) -> _Setting:
        return _setting(*self._key)

    def _record_start(self) -> None:
        if self._spiel_game.game.perfect_information:
            return
        for p in range(len(self._record.seen)):
            self._record.views[p] = self.inner.view(p)
            self._record.seen[p].append(self._record.views[p].notation())

    # -- the standard set every sequential game with chance implements ----------------------
    def current_player(self) -> int:
        if self.inner is None:
            return pyspiel.PlayerId.CHANCE
        if self.inner.over:
            return pyspiel.PlayerId.TERMINAL
        if self.inner.player == CHANCE:
            return pyspiel.PlayerId.CHANCE
        return int(self.inner.player)

    def _frame(self, player: int):
        return self._spiel_game.frames[player] if self._oriented else None

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._spiel_game.table.legal_in(self.inner, self._frame(player))[1])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.inner is None:
            return self._spiel_game.deal.outcomes(self._record.dealt)
        names = self._spiel_game.chance_outcome_names
        return sorted((names.index(outcome), probability) for outcome, probability in self.inner.chance())

    def _apply_action(self, action: int) -> None:
        if self.inner is None:
            deal = self._spiel_game.deal
            self._record.dealt.append(int(action))
            if deal.complete(self._record.dealt):
                self.inner = deal.start(self._record.dealt)
                self._record_start()
            return
        if self.inner.player == CHANCE:
            move = self._spiel_game.chance_outcome_names[action]
        else:
            move = self._spiel_game.table.decode_in(self.inner, int(action), self._frame(self.inner.player))
        mover = self.inner.player
        public = self.inner.public_move(move)
        self.inner = self.inner.play(move)
        if not self._spiel_game.game.perfect_information:
            # the move as each player saw it, then what it showed them (reveals): perfect recall
            recall = self._spiel_game.recall
            if mover != CHANCE:
                self._record.decisions[mover].append((self._record.views[mover], move))
            for p in range(len(self._record.seen)):
                seen = move if p == mover else public
                before, after = self._record.views[p], self.inner.view(p)
                self._record.seen[p].append(seen)
                self._record.seen[p].append(after.notation())
                if recall is not None:
                    # the row's squares in p's frame, like its observation planes (oriented games)
                    frame = self._frame(p)
                    framed = seen if frame is None else frame.move(seen)
                    self._record.rows[p].append(recall.row(before, framed, after, p == mover))
                self._record.views[p] = after

    def resample_from_infostate(self, player_id: int, probability_sampler) -> "AbstractaSpielState":
        """A state ``player_id`` cannot tell from this one, drawn with the game's own world sampling.

        ``probability_sampler()`` (OpenSpiel's, a float in [0, 1)) seeds the draw. The hidden
        parts come from ``game.knowledge().sample_world(view, rng, history)`` with the player's
        earlier views and moves; the player's information state (string and tensor) is copied,
        the other players' records start at the sampled world, and the sampled state's
        ``history()`` is empty (its past is not sampled, only its present). With perfect
        information, or before a random setup is fully dealt (no player has seen anything yet),
        it is a copy of this state.
        """
        game = self._spiel_game.game
        if game.perfect_information or self.inner is None or self.inner.over:
            return self.clone()
        rng = random.Random(int(probability_sampler() * 2**53))
        world = game.knowledge().sample_world(self._record.views[player_id], rng, self._record.decisions[player_id])
        sampled = AbstractaSpielState(self.get_game(), self._spiel_game)
        sampled.inner = world
        sampled._record.dealt = list(self._record.dealt)
        for p in range(game.num_players):
            if p == player_id:
                sampled._record.seen[p] = list(self._record.seen[p])
                sampled._record.views[p] = self._record.views[p]
                sampled._record.decisions[p] = list(self._record.decisions[p])
                sampled._record.rows[p] = list(self._record.rows[p])
            else:
                sampled._record.views[p] = world.view(p)
                sampled._record.seen[p] = [sampled._record.views[p].notation()]
        return sampled

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.inner is None:
                return self._spiel_game.deal.outcome_name(self._record.dealt, int(action))
            return self._spiel_game.chance_outcome_names[action]
        if self.inner is not None and not self.inner.over and self.inner.player == player:
            try:
                return self._spiel_game.table.decode_in(self.inner, int(action), self._frame(player))
            except ValueError:
                pass
        frame = self._frame(player) if 0 <= player < len(self._record.seen) else None
        if frame is not None:
            action = frame.action_inverse[action]
        names = self._spiel_game.table.names
        return names[action] if action < len(names) else f"action {action}"

    def is_terminal(self) -> bool:
        return self.inner is not None and self.inner.over

    def returns(self) -> list[float]:
        if self.inner is None:
            return [0.0] * self._spiel_game.game.num_players
        return [float(r) for r in self.inner.returns()]

    def information_history(self, player: int) -> str:
        """Hidden information: the player's first view, then each move as seen and the view after it.

        Perfect information: the history of actions (the position alone would merge different
        paths, which perfect recall forbids).
        """
        if self._spiel_game.game.perfect_information:
            return " ".join(map(str, self.history()))
        return " | ".join(self._record.seen[player])

    def __str__(self) -> str:
        if self.inner is None:
            return "(setup not dealt yet)"
        return self.inner.notation()


class AbstractaObserver:
    """Observation (and information-state) tensors and strings from ``state.view(player)``."""

    def __init__(self, game: AbstractaSpielGame, iig_obs_type, params) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.oriented = game.oriented
        setting = _setting(game.slug, game.options_json)
        shape = observation_shape(setting.game)
        size = int(np.prod(shape))
        # the perfect-recall tensor of a hidden-information game adds one row per ply
        self.recall = setting.recall if self.perfect_recall else None
        rows = (setting.max_length, self.recall.row_size) if self.recall is not None else (0, 0)
        self.tensor = np.zeros(size + rows[0] * rows[1], dtype=np.float32)
        self.dict = {"observation": self.tensor[:size].reshape(shape)}
        if self.recall is not None:
            self.dict["history"] = self.tensor[size:].reshape(rows)

    def set_from(self, state: AbstractaSpielState, player: int) -> None:
        if state.inner is None:
            self.tensor.fill(0.0)
            return
        view = state._record.views[player] if state._record.views[player] is not None else state.inner.view(player)
        self.dict["observation"][:] = observation(view, player, self.oriented)
        if self.recall is not None:
            history = self.dict["history"]
            history.fill(0.0)
            rows = state._record.rows[player][: len(history)]  # never more than max_game_length plies
            if rows:
                history[: len(rows)] = np.stack(rows)

    def string_from(self, state: AbstractaSpielState, player: int) -> str:
        if self.perfect_recall:
            return state.information_history(player)
        if state.inner is None:
            return "(setup not dealt yet)"
        return state.inner.view(player).notation()


def _register(slug: str) -> None:
    name = short_name(slug)
    if name in pyspiel.registered_names():
        return
    cls = type(f"AbstractaSpielGame_{slug.replace('-', '_')}", (AbstractaSpielGame,), {"slug": slug})
    pyspiel.register_game(_game_type(slug, None), cls)


def register_all() -> None:
    """Register every game with OpenSpiel (idempotent)."""
    for slug in abstracta.games():
        _register(slug)


def _load_registered(slug: str, options_json: str, oriented: bool = True) -> pyspiel.Game:
    """Unpickling: register the games in this process, then load ``slug`` under ``options_json``."""
    register_all()
    return pyspiel.load_game(short_name(slug), {"options": options_json, "oriented": oriented})


def openspiel_game(slug: str, oriented: bool = True, **options: Any) -> pyspiel.Game:
    """The ``pyspiel.Game`` of ``slug`` under ``options`` (registered as ``abstracta_<slug>``);
    ``oriented``: observations and actions in each player's frame (docs/rl.md)."""
    if slug not in abstracta.games():
        raise ValueError(f"unknown game {slug!r}; valid games: {', '.join(abstracta.games())}")
    register_all()
    return pyspiel.load_game(short_name(slug), {"options": json.dumps(options, sort_keys=True), "oriented": oriented})


register_all()
