"""Declared, not probed: the View protocol, the Knowledge and Bot capabilities, knowledge built once per game.

Parametrized over ``abstracta.games()``, so a new game is held to the same declarations.
"""

from __future__ import annotations

import ast
import pickle
import random
import re
from pathlib import Path

import pytest

import abstracta
from abstracta.bots import LEVELS, level_bot
from abstracta.bots.base import Bot
from abstracta.core import View
from abstracta.core.knowledge import Knowledge

GAMES = abstracta.games()
INTERFACES = Path(abstracta.__file__).parent
PROBES = re.compile(r"\bhasattr\(|except NotImplementedError|getattr\((\w+\.)*(knowledge|view|state|game|loaded|spec)\b")


def _random_states(slug: str, plies: int = 40, seed: int = 3):
    game = abstracta.load(slug)
    rng = random.Random(seed)
    state = game.start(seed=seed)
    yield state
    for _ in range(plies):
        if state.over:
            return
        state = state.play(rng.choice(state.moves()))
        yield state


@pytest.mark.parametrize("slug", GAMES)
def test_every_view_of_every_game_is_a_view(slug):
    for state in _random_states(slug):
        for viewer in [None, *range(state.game.num_players)]:
            view = state.view(viewer)
            assert isinstance(view, View)
            assert (view.player, view.seat, view.over) == (state.player, state.seat, state.over)
            assert view.returns() == state.returns() and view.scores() == state.scores()
            assert isinstance(view.last_effects(), list) and isinstance(view.to_json(), dict)
            assert view.termination() == state.termination()
            assert isinstance(view.notation(), str)
            world = view.determinize(random.Random(1))
            assert world.view(viewer).notation() == view.notation()
            if state.game.perfect_information:
                assert view is state and world is state


@pytest.mark.parametrize("slug", GAMES)
def test_knowledge_is_built_once_per_game_and_declares_its_capabilities(slug):
    game = abstracta.load(slug)
    knowledge = game.knowledge()
    assert game.knowledge() is knowledge
    if knowledge is None:  # a game without knowledge (the test-only tic-tac-toe): asked once all the same
        assert game.__dict__["_knowledge"] is None
        return
    assert abstracta.load(slug).knowledge() is not knowledge  # per game, not per class
    assert isinstance(knowledge, Knowledge)
    assert isinstance(knowledge.samples_worlds, bool) and isinstance(knowledge.multiplayer_search, bool)
    # The declaration and the method go together: a knowledge samples worlds exactly when it can.
    assert knowledge.samples_worlds == (type(knowledge).sample_world is not Knowledge.sample_world)
    assert knowledge.samples_worlds <= (not game.perfect_information)


@pytest.mark.parametrize("slug", GAMES)
def test_a_game_pickles_without_its_knowledge_and_rebuilds_it(slug):
    game = abstracta.load(slug)
    game.knowledge()
    copy = pickle.loads(pickle.dumps(game))
    assert "_knowledge" not in copy.__dict__ and copy.options == game.options
    assert type(copy.knowledge()) is type(game.knowledge())


class Counting(type(abstracta.load("quin"))):
    """Quin, counting how often its knowledge is built."""

    built = 0

    def make_knowledge(self):
        Counting.built += 1
        return super().make_knowledge()


def test_level_bot_builds_the_knowledge_once_for_every_level():
    game = Counting()
    Counting.built = 0
    for level in LEVELS + ("old-hard",):
        level_bot(level, game, seed=1)
    assert Counting.built == 1


def test_the_base_knowledge_declares_nothing_and_refuses_to_sample():
    knowledge = Knowledge()
    assert not knowledge.samples_worlds and not knowledge.multiplayer_search
    assert knowledge.continues(object(), object())
    with pytest.raises(NotImplementedError, match="samples_worlds is False"):
        knowledge.sample_world(abstracta.load("quin").start(seed=1).view(0), random.Random(1))


@pytest.mark.parametrize("package", ["bots", "server", "cli"])
def test_interfaces_read_declarations_instead_of_probing(package):
    """No hasattr, no NotImplementedError fallback, no getattr on a game, state, view or knowledge."""
    found = [
        f"{path.relative_to(INTERFACES)}:{number}: {line.strip()}"
        for path in sorted((INTERFACES / package).rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if PROBES.search(line)
    ]
    assert found == []


@pytest.mark.parametrize("slug", GAMES)
def test_every_level_bot_declares_its_capabilities(slug):
    game = abstracta.load(slug)
    for level in LEVELS + ("old-hard",):
        bot = level_bot(level, game, seed=1)
        assert isinstance(bot, Bot) and isinstance(bot.name, str)
        assert bot.seconds is None or bot.seconds > 0
        assert isinstance(bot.evaluates, bool)
        # The declaration and the method go together: a bot evaluates exactly when it has its own evaluate.
        assert bot.evaluates == (type(bot).evaluate is not Bot.evaluate)


def test_the_base_bot_declares_no_evaluation_and_refuses_to_evaluate():
    bot = level_bot("random", abstracta.load("quin"), seed=1)
    assert not bot.evaluates and bot.seconds is None
    with pytest.raises(NotImplementedError, match="evaluates is False"):
        bot.evaluate(abstracta.load("quin").start(seed=1))


PROBED_PACKAGES = ["bots", "server", "cli", "rl"]
"""The interfaces and the bots: they read what games, states, views, knowledge and bots declare."""

LIBRARY_PROBES = {
    ("server/bot_pool.py", "getattr(pool, '_processes', None)"): "a process pool's workers (private)",
    ("cli/main.py", "getattr(ctx.get_parameter_source(name), 'name', '')"): "click: no source for a default",
    ("cli/main.py", "getattr(TyperOption, 'display_type_rich', None)"): "typer internals differ between versions",
    ("cli/main.py", "getattr(shown, 'hides_flags', False)"): "typer internals: patched once",
    ("cli/main.py", "getattr(hint, '__metadata__', ())"): "typing: only Annotated hints carry metadata",
    ("rl/gymnasium_env.py", "getattr(opponent, 'choose', None)"): "the caller's opponent: any object with choose()",
    ("rl/vector.py", "getattr(opponent, 'choose', None)"): "the caller's opponent: any object with choose()",
    ("rl/sb3.py", "getattr(self.venv, attr_name)"): "SB3's VecEnv.get_attr: reading a named attribute is its contract",
    ("rl/sb3.py", "getattr(self.venv, method_name)"): "SB3's VecEnv.env_method: calling a named method is its contract",
    ("bots/policy.py", "getattr(policy, 'predict', None)"): "the caller's policy: a callable or a model with predict()",
}
"""The only hasattr/getattr calls allowed in ``PROBED_PACKAGES``: on library objects, or on what a
caller hands in, each with its reason. An entry may outlive its call; a new probe must not appear."""


def _probes(path: Path) -> list[str]:
    """Every hasattr/getattr call and every ``except NotImplementedError`` in one module, as source text."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("hasattr", "getattr"):
            found.append(ast.unparse(node))
        elif isinstance(node, ast.ExceptHandler) and node.type is not None:
            caught = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            found += [f"except {ast.unparse(name)}" for name in caught if ast.unparse(name) == "NotImplementedError"]
    return found


@pytest.mark.parametrize("package", PROBED_PACKAGES)
def test_interfaces_and_bots_probe_nothing_but_library_objects(package):
    """Capabilities are read (``bot.evaluates``, ``knowledge.samples_worlds``), never probed for."""
    found = [
        f"{path.relative_to(INTERFACES)}: {probe}"
        for path in sorted((INTERFACES / package).rglob("*.py"))
        for probe in _probes(path)
        if (path.relative_to(INTERFACES).as_posix(), probe) not in LIBRARY_PROBES
    ]
    assert found == []


def test_the_probe_finder_finds_probes(tmp_path):
    module = tmp_path / "probing.py"
    module.write_text("try:\n    x = getattr(bot, 'evaluate', None)\nexcept (KeyError, NotImplementedError):\n"
                      "    y = hasattr(game, 'knowledge')\n")
    assert sorted(_probes(module)) == ["except NotImplementedError", "getattr(bot, 'evaluate', None)",
                                       "hasattr(game, 'knowledge')"]  # fmt: skip
