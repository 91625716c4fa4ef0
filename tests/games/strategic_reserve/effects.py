"""The entries ``last_effects()`` gives for one roll or one placement, written out by hand from the docs.

The tests state a roll as one summary (``seat``, ``roll``, ``square``, ``hit``, ``removed``) and
compare the engine's entries with :func:`entries` of it, so the shape of the shared effect
kinds is checked here once, independently of the engine.
"""

from __future__ import annotations

from typing import Any

SEATS = ("red", "blue")


def entries(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """The shared-kind entries of a roll or placement ``summary``."""
    owner = SEATS.index(summary["seat"])
    checker = {"kind": "checker", "owner": owner}
    if summary["kind"] == "place":
        return [{"kind": "place", "cell": summary["square"], "piece": checker, "from_area": "reserve"}]
    purple, green = (int(value) for value in summary["roll"].split(","))
    dice = [{"kind": "roll", "die": die, "value": value, "owner": owner, "cell": summary["square"], "hit": summary["hit"]}
            for die, value in (("purple", purple), ("green", green))]  # fmt: skip
    removes = [{"kind": "remove", "cell": square, "piece": {"kind": "checker", "owner": 1 - owner}, "cause": "roll",
                "to_area": "reserve"} for square in summary["removed"]]  # fmt: skip
    return dice + removes


def summary(effects: list[dict[str, Any]]) -> dict[str, Any]:
    """The summary of one roll's or placement's entries (the inverse of :func:`entries`)."""
    first = effects[0]
    if first["kind"] == "place":
        return {"kind": "place", "seat": SEATS[first["piece"]["owner"]], "square": first["cell"]}
    purple, green = effects[0], effects[1]
    assert (purple["die"], green["die"]) == ("purple", "green")
    return {"kind": "roll", "seat": SEATS[first["owner"]], "roll": f"{purple['value']},{green['value']}",
            "square": first["cell"], "hit": first["hit"], "removed": [e["cell"] for e in effects[2:]]}  # fmt: skip
