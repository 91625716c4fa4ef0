"""The perft table of rules §12.1, read from ``quin/perft.txt``, and the start positions of §4."""

from __future__ import annotations

import abstracta

STANDARD_START = (
    "a2v,a3s,a4r,b4v,b5p,d4V,d5P,e2V,e3S,e4R,f3T,f4M,f5L,g2V,g3S,g4R,h4V,h5P,j4v,j5p,k2v,k3s,k4r,l3t,l4m,l5l "
    "S play AAAA/aaaa -/- 0/0 0/0 - - 0 0"
)
RANDOM_SEED_7 = (
    "a3p,a4s,a5v,b3m,b4v,d3M,d4T,d5S,e4V,e5S,f3R,f4V,f5L,g3P,g4V,g5R,h4P,h5V,j3s,j4v,j5v,k4t,k5p,l3r,l4r,l5l "
    "S play AAAA/aaaa -/- 0/0 0/0 - - 0 0"
)
MANUAL_START = "- S setup LSSAAAARRMTPPVVVV/lssaaaarrmtppvvvv -/- 0/0 0/0 - - 0 0"


def test_perft_file_holds_every_row_of_the_rules_table(read_perft_cases):
    rows = {(c.options["setup"], c.position): c.counts for c in read_perft_cases("quin")}
    assert rows == {
        ("standard", "start"): (92, 8126, 708249),
        ("random", RANDOM_SEED_7): (45, 2339, 121930),
        ("manual", "start"): (126, 14311, 1457045),
    }


def test_the_three_start_positions_of_section_4():
    assert abstracta.load("quin", setup="standard").start(seed=123).notation() == STANDARD_START
    assert abstracta.load("quin", setup="random").start(seed=7).notation() == RANDOM_SEED_7
    assert abstracta.load("quin").start(seed=7).notation() == RANDOM_SEED_7  # random is the default
    assert abstracta.load("quin", setup="manual").start(seed=5).notation() == MANUAL_START


def test_random_setup_keeps_lights_on_the_centre_gateways_and_others_on_rings_3_to_5():
    game = abstracta.load("quin")
    for seed in range(40):
        entries = game.start(seed).notation().split()[0].split(",")
        assert "f5L" in entries and "l5l" in entries
        for entry in entries:
            assert entry[1] in "345", entry
            line = entry[0]
            assert line in ("defgh" if entry[2].isupper() else "jklab"), entry
