"""Fitted win-chance calibration of Strategic Reserve: what ``Knowledge.calibrations`` serves (Strategic Reserve's
evaluation.py). ``core/calibration.py`` says what the numbers mean.

Written by ``python benchmarks/calibration/fit.py`` from the fit games of
``benchmarks/calibration/data/strategic-reserve.jsonl`` (the held-out figures are in docs/calibration.md).
Rerun that command after a rule, evaluation or bot change (``benchmarks/calibration/README.md``);
do not edit by hand.
"""

from abstracta.core.calibration import calibration_table

CALIBRATIONS = calibration_table({
    (2, "quick"): {"temperature": 0.5503, "cubic": 0.8055, "mover": 0.0, "seat_bias": (0.0, 0.4662)},
    (2, "search"): {"temperature": 0.5373, "cubic": 0.946, "mover": 0.0, "seat_bias": (0.0, 0.4667)},
})
