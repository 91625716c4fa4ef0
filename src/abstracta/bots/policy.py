"""A trained policy as a bot: ``PolicyBot(policy, game)`` plays through the RL numbering and observations.

A policy is any of

- a callable ``policy(observation, mask) -> action``: ``observation`` is the float32 tensor of
  :func:`abstracta.rl.observation` for the player to move, ``mask`` a bool array over the
  game's actions (:func:`abstracta.rl.legal_actions`); it returns one action number, or a
  score per action (an array of ``action_space_size`` values), of which the bot plays the
  best legal one (a masked argmax);
- a Stable-Baselines3 model (anything with ``predict``): ``predict(observation,
  action_masks=mask, deterministic=True)`` where ``predict`` takes masks (sb3-contrib's
  ``MaskablePPO``), else ``predict(observation, deterministic=True)``;
- the path of an ONNX file whose graph maps ``observation`` (``[batch, *observation_shape]``)
  to one logit per action, played with ``onnxruntime`` (no torch; ``pip install
  'abstracta[policy]'``) by a masked argmax. Its metadata (``abstracta``, JSON) names the
  game and the observation frame it was trained on; the shipped baselines
  (``games/<name>/baseline.onnx``, trained by ``examples/train_baseline.py``) are such files.

An action that is out of range or not legal raises ``ValueError`` naming it: a policy that
returns actions must respect the mask (a policy that returns scores cannot go wrong).

Tournaments and the command line name policies with :func:`policy_bot` specs:
``policy:module:attribute`` (the attribute is a policy as above), ``policy:path/to/model.onnx``
and ``baseline`` (the game's shipped model). :func:`bot_or_policy` makes levels and these alike.
"""

from __future__ import annotations

import importlib
import inspect
import json
import operator
import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from abstracta.bots.base import Bot, check_decision_state
from abstracta.core.api import Game, State

if TYPE_CHECKING:
    import numpy as np

# numpy, onnxruntime and abstracta.rl (the rl and policy extras) are imported when a policy is made or plays,
# so that `import abstracta.bots` and the levels need none of them

POLICY_PREFIX = "policy:"
BASELINE = "baseline"
BASELINE_FILE = "baseline.onnx"
ONNX_METADATA_KEY = "abstracta"


def _rl():
    try:
        import abstracta.rl as rl
    except ImportError as error:  # pragma: no cover - the rl extra is not installed
        raise ValueError(f"a policy bot needs the rl extra (pip install 'abstracta[rl]'): {error}") from None
    return rl


# -- policies ------------------------------------------------------------------------------
class OnnxPolicy:
    """An ONNX model of ``observation -> logits`` run with onnxruntime; ``metadata`` is its ``abstracta`` JSON."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        if not self.path.is_file():
            raise ValueError(f"no ONNX model at {self.path}")
        try:
            import onnxruntime
        except ImportError:
            raise ValueError(
                f"playing {self.path} needs onnxruntime: pip install 'abstracta[policy]'"
            ) from None
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = options.inter_op_num_threads = 1  # one move at a time: threads only cost
        try:
            self.session = onnxruntime.InferenceSession(str(self.path), options, providers=["CPUExecutionProvider"])
        except Exception as error:  # onnxruntime raises its own types for a corrupt file
            raise ValueError(f"cannot load the ONNX model {self.path}: {error}") from None
        meta = self.session.get_modelmeta().custom_metadata_map.get(ONNX_METADATA_KEY)
        self.metadata: dict[str, Any] = json.loads(meta) if meta else {}
        self.input = self.session.get_inputs()[0].name

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        import numpy as np

        return self.session.run(None, {self.input: observation[None].astype(np.float32)})[0][0]

    def __repr__(self) -> str:
        return f"OnnxPolicy({str(self.path)!r})"


@lru_cache(maxsize=8)
def _onnx_policy(path: str) -> OnnxPolicy:
    """One loaded model per file and process: a tournament makes a fresh bot for every game."""
    return OnnxPolicy(path)


def _sb3_policy(model: Any) -> Callable[[np.ndarray, np.ndarray], int]:
    try:
        masked = "action_masks" in inspect.signature(model.predict).parameters
    except (TypeError, ValueError):  # pragma: no cover
        masked = False

    def act(observation: np.ndarray, mask: np.ndarray) -> int:
        import numpy as np

        if masked:
            action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        else:
            action, _ = model.predict(observation, deterministic=True)
        return int(np.asarray(action).reshape(-1)[0])

    return act


class PolicyBot(Bot):
    """``policy`` (a callable, an SB3 model or an ONNX path; see the module) playing ``game``.

    Raises ``ValueError`` when a model's metadata says it was trained on another observation
    shape or action count than ``game`` has, and from :meth:`choose` when the policy picks an
    action that is out of range or not legal.
    """

    def __init__(self, policy: Any, game: Game, name: str = "policy") -> None:
        rl = _rl()
        self.game = game
        self.name = name
        self.num_actions = rl.action_space_size(game)
        self.metadata: dict[str, Any] = {}
        if isinstance(policy, (str, os.PathLike)):
            if not Path(policy).is_file():
                raise ValueError(f"no ONNX model at {policy}")
            policy = _onnx_policy(str(Path(policy).resolve()))
            self.metadata = policy.metadata
            self._check_metadata(rl)
        elif callable(getattr(policy, "predict", None)):
            policy = _sb3_policy(policy)
        elif not callable(policy):
            raise ValueError(
                f"a policy must be a callable (observation, mask) -> action, an SB3 model or an ONNX path,"
                f" got {type(policy).__name__}"
            )
        self.policy = policy
        # the frame the policy was trained in: a model's metadata says; a callable or an SB3 model
        # gets abstracta.rl's default (observer-oriented)
        self.oriented: bool = bool(self.metadata.get("oriented", True))
        self._observe = rl.observation
        self._legal = rl.legal_actions

    def _check_metadata(self, rl) -> None:
        import numpy as np

        expected = {"observation_shape": list(rl.observation_shape(self.game)), "num_actions": self.num_actions}
        for key, value in expected.items():
            if key in self.metadata and list(np.atleast_1d(self.metadata[key])) != list(np.atleast_1d(value)):
                trained = self.metadata.get("game", "another game")
                raise ValueError(
                    f"this model was trained for {trained} with {key} {self.metadata[key]}, but"
                    f" {self.game.slug} {dict(self.game.options)} has {value}"
                )

    def choose(self, state: State) -> str:
        import numpy as np

        check_decision_state(state)
        player = state.player
        view = state if state.viewer == player else state.view(player)
        observation = self._observe(view, player, oriented=self.oriented)
        actions = self._legal(state, oriented=self.oriented)
        mask = np.zeros(self.num_actions, dtype=bool)
        mask[actions] = True
        answer = np.asarray(self.policy(observation, mask))
        if answer.ndim == 1 and answer.shape[0] == self.num_actions:  # scores: the best legal one
            action = int(np.flatnonzero(mask)[np.argmax(answer[mask])])
        elif answer.size == 1 and np.issubdtype(answer.dtype, np.integer):
            action = int(answer.reshape(-1)[0])
        else:
            raise ValueError(
                f"policy {self.name!r} returned {answer!r}: expected one action number or {self.num_actions} scores"
            )
        if not 0 <= action < self.num_actions:
            raise ValueError(f"policy {self.name!r} chose action {action}, out of range (0 to {self.num_actions - 1})")
        if not mask[action]:
            raise ValueError(
                f"policy {self.name!r} chose action {action}, which is not legal here ({len(actions)} legal actions);"
                " a policy must respect the mask"
            )
        return state.moves()[actions.index(action)]

    def __repr__(self) -> str:
        return f"PolicyBot({self.name!r}, {self.game.slug})"


# -- names for tournaments and the command line ------------------------------------------
def is_policy_spec(name: str) -> bool:
    """Is ``name`` a policy spec (``policy:...`` or ``baseline``) rather than a level?"""
    return name == BASELINE or name.startswith(POLICY_PREFIX)


def baseline_path(game: Game) -> Path:
    """Where ``game``'s package keeps its shipped baseline model (the file may be missing)."""
    package = type(game).__module__.rpartition(".")[0]
    return Path(sys.modules[package].__file__).parent / BASELINE_FILE


def _import_attribute(target: str) -> Any:
    module_name, _, attribute = target.partition(":")
    if not module_name or not attribute:
        raise ValueError(f"policy spec 'policy:{target}' needs module:attribute or a path to an .onnx file")
    if os.getcwd() not in sys.path:  # `abstracta` run as a command does not put the working folder on the path
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"policy spec 'policy:{target}': cannot import {module_name!r}: {error}") from None
    try:
        return operator.attrgetter(attribute)(module)
    except AttributeError:
        raise ValueError(f"policy spec 'policy:{target}': {module_name} has no attribute {attribute!r}") from None


def policy_bot(spec: str, game: Game) -> PolicyBot:
    """The bot a spec names: ``baseline``, ``policy:path/to/model.onnx`` or ``policy:module:attribute``.

    Raises ``ValueError`` with the reason for a spec that names nothing playable.
    """
    if spec == BASELINE:
        path = baseline_path(game)
        if not path.is_file():
            raise ValueError(f"{game.slug} ships no baseline model ({BASELINE_FILE} in its package)")
        return PolicyBot(path, game, name=spec)
    if not spec.startswith(POLICY_PREFIX) or not spec[len(POLICY_PREFIX):]:
        raise ValueError(f"{spec!r} is not a policy spec: use baseline, policy:FILE.onnx or policy:module:attribute")
    target = spec[len(POLICY_PREFIX):]
    if target.endswith(".onnx"):
        return PolicyBot(target, game, name=spec)
    return PolicyBot(_import_attribute(target), game, name=spec)


def bot_or_policy(name: str, game: Game, seed: int | None = None) -> Bot:
    """A level bot (:func:`abstracta.bots.level_bot`) or, for a policy spec, its :class:`PolicyBot`.

    Module-level, so tournaments can send it to worker processes as their bot maker.
    """
    if is_policy_spec(name):
        return policy_bot(name, game)
    from abstracta.bots.levels import level_bot

    return level_bot(name, game, seed)
