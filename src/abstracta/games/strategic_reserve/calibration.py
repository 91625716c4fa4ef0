"""Fitted win-chance calibration of Strategic Reserve: what ``Knowledge.calibrations`` serves (Strategic Reserve's
evaluation.py). ``core/calibration.py`` says what the numbers mean.

Written by ``python benchmarks/calibration/fit.py`` from the fit games of
``benchmarks/calibration/data/strategic-reserve.jsonl`` (the held-out figures are in docs/calibration.md).
Rerun that command after a rule, evaluation or bot change (``benchmarks/calibration/README.md``);
do not edit by hand.
"""

from abstracta.core.calibration import calibration_table

CALIBRATIONS = calibration_table({
    (2, "quick"): {"temperature": 0.6427, "cubic": 0.9775, "mover": 0.0, "seat_bias": (0.0, 0.1853)},
    (2, "quick", (("reserve", 6),)): {"temperature": 0.6694, "cubic": 0.9601, "mover": 0.0, "seat_bias": (0.0, 0.4669)},
    (2, "quick", (("reserve", 7),)): {"temperature": 0.6694, "cubic": 0.9601, "mover": 0.0, "seat_bias": (0.0, -0.0427)},
    (2, "search"): {"temperature": 0.6333, "cubic": 1.0852, "mover": 0.0, "seat_bias": (0.0, 0.1808)},
    (2, "search", (("reserve", 6),)): {"temperature": 0.6625, "cubic": 1.0691, "mover": 0.0, "seat_bias": (0.0, 0.4693)},
    (2, "search", (("reserve", 7),)): {"temperature": 0.6625, "cubic": 1.0691, "mover": 0.0, "seat_bias": (0.0, -0.0489)},
})
