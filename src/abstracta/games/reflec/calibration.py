"""Fitted win-chance calibration of Reflec: what ``Knowledge.calibrations`` serves (Reflec's
evaluation.py). ``core/calibration.py`` says what the numbers mean.

Written by ``python benchmarks/calibration/fit.py`` from the fit games of
``benchmarks/calibration/data/reflec.jsonl`` (the held-out figures are in docs/calibration.md).
Rerun that command after a rule, evaluation or bot change (``benchmarks/calibration/README.md``);
do not edit by hand.
"""

from abstracta.core.calibration import calibration_table

CALIBRATIONS = calibration_table({
    (2, "quick"): {"temperature": 0.3687, "mover": -0.1361, "seat_bias": (0.0, 0.5218)},
    (2, "search"): {"temperature": 0.3687, "mover": -0.1361, "seat_bias": (0.0, 0.5218)},
    (3, "quick"): {"temperature": 1.4842, "mover": -0.0828, "seat_bias": (0.0, 0.1746, 0.1624)},
    (3, "search"): {"temperature": 1.4842, "mover": -0.0828, "seat_bias": (0.0, 0.1746, 0.1624)},
    (4, "quick"): {"temperature": 1.8846, "mover": 0.0497, "seat_bias": (0.0, 0.1496, 0.263, -0.1771)},
    (4, "search"): {"temperature": 1.8846, "mover": 0.0497, "seat_bias": (0.0, 0.1496, 0.263, -0.1771)},
})
