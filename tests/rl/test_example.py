"""The MaskablePPO example as a smoke test: a few hundred steps, then its evaluation and curve."""

from __future__ import annotations

import json
import runpy
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


@pytest.mark.slow
def test_example_trains_evaluates_and_draws_its_curve(tmp_path, capsys):
    main = runpy.run_path(str(EXAMPLE))["main"]
    assert main(["--steps", "300", "--eval-games", "4", "--envs", "2", "--out", str(tmp_path)]) == 0
    result = json.loads((tmp_path / "result.json").read_text())
    assert result["steps"] == 300 and result["agent_vs_random"]["games"] == 4
    agent = result["agent_vs_random"]
    assert agent["wins"] + agent["draws"] + agent["losses"] == 4
    assert 0 <= agent["wilson_low"] <= agent["win_rate"] <= agent["wilson_high"] <= 1
    assert (tmp_path / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "vs random" in capsys.readouterr().out


def test_example_refuses_an_unknown_game(tmp_path):
    main = runpy.run_path(str(EXAMPLE))["main"]
    assert main(["--game", "chess", "--steps", "10", "--out", str(tmp_path)]) == 2
