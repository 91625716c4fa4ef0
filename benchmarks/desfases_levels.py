"""Desfases bot strength: one bot against another (or against three copies of it), seats rotated.

    python benchmarks/desfases_levels.py --players 2 --pairs hard:greedy --games 40
    python benchmarks/desfases_levels.py --players 4 --pairs hard:greedy --games 20

The same runner as ``reflec_levels.py`` (see there): game i starts from the seeded setup of
the match seed and i, bot A holds seat i mod players. ``greedy`` is ``desfases_greedy.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from desfases_greedy import GreedyDesfasesBot  # noqa: E402
from reflec_levels import main  # noqa: E402

if __name__ == "__main__":
    main("desfases", GreedyDesfasesBot, "hard:greedy", __doc__)
