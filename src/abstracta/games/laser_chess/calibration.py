"""Fitted win-chance calibration of Laser Chess: what ``Knowledge.calibrations`` serves (Laser Chess's
evaluation.py). ``core/calibration.py`` says what the numbers mean.

Written by ``python benchmarks/calibration/fit.py`` from the fit games of
``benchmarks/calibration/data/laser-chess.jsonl`` (the held-out figures are in docs/calibration.md).
Rerun that command after a rule, evaluation or bot change (``benchmarks/calibration/README.md``);
do not edit by hand.
"""

from abstracta.core.calibration import calibration_table

CALIBRATIONS = calibration_table({
    (2, "quick"): {"temperature": 0.7247, "cubic": 0.0, "mover": 0.0, "seat_bias": (0.0, 0.0012)},
    (2, "search"): {"temperature": 0.6869, "cubic": 0.3938, "mover": 0.0, "seat_bias": (0.0, -0.0093)},
})
