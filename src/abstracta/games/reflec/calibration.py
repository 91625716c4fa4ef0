"""Fitted win-chance calibration of Reflec: what ``Knowledge.calibrations`` serves (Reflec's
evaluation.py). ``core/calibration.py`` says what the numbers mean.

Written by ``python benchmarks/calibration/fit.py`` from the fit games of
``benchmarks/calibration/data/reflec.jsonl`` (the held-out figures are in docs/calibration.md).
Rerun that command after a rule, evaluation or bot change (``benchmarks/calibration/README.md``);
do not edit by hand.
"""

from abstracta.core.calibration import calibration_table

CALIBRATIONS = calibration_table({
    (2, "quick"): {"temperature": 0.3598, "cubic": 0.3229, "mover": 0.0, "seat_bias": (0.0, -0.0239)},
    (2, "search"): {"temperature": 0.3598, "cubic": 0.3229, "mover": 0.0, "seat_bias": (0.0, -0.0239)},
    (3, "quick"): {"temperature": 0.0, "cubic": 2.3337, "mover": 0.0, "seat_bias": (0.0, -0.2303, -0.1452)},
    (3, "search"): {"temperature": 0.0, "cubic": 2.3337, "mover": 0.0, "seat_bias": (0.0, -0.2303, -0.1452)},
    (4, "quick"): {"temperature": 0.05, "cubic": 2.9666, "mover": 0.0, "seat_bias": (0.0, 0.2695, -0.1064, -0.565)},
    (4, "search"): {"temperature": 0.05, "cubic": 2.9666, "mover": 0.0, "seat_bias": (0.0, 0.2695, -0.1064, -0.565)},
})
