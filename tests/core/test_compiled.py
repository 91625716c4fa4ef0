"""The compiled cores' loader: the switch turns every core off, a missing core is None."""

from abstracta.core import compiled


def test_switch_turns_cores_off(monkeypatch):
    monkeypatch.setenv(compiled.DISABLE_VARIABLE, "1")
    assert compiled.disabled()
    assert compiled.load_extension("abstracta.core.errors") is None


def test_switch_zero_or_empty_leaves_cores_on(monkeypatch):
    for value in ("", "0"):
        monkeypatch.setenv(compiled.DISABLE_VARIABLE, value)
        assert not compiled.disabled()
        assert compiled.load_extension("abstracta.core.errors").__name__ == "abstracta.core.errors"


def test_missing_core_is_none(monkeypatch):
    monkeypatch.delenv(compiled.DISABLE_VARIABLE, raising=False)
    assert compiled.load_extension("abstracta.games.no_such_game.compiled._engine") is None
