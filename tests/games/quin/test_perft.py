"""The perft table of rules §12.1, read from ``quin/perft.txt``, and the start positions of §4."""

from __future__ import annotations

import abstracta

STANDARD_START = (
    "a2v,a3s,a4r,b4v,b5p,d4V,d5P,e2V,e3S,e4R,f3T,f4M,f5L,g2V,g3S,g4R,h4V,h5P,j4v,j5p,k2v,k3s,k4r,l3t,l4m,l5l "
    "S play AAAA/aaaa -/- 0/0 0/0 - - 0 0"
)
RANDOM_SEED_7 = (
    "a3s,a4s,b3t,b4v,d3M,d4T,d5S,e4V,e5S,f3R,f4V,f5P,g3P,g4R,g5V,h4V,j3r,j4v,j5v,k4p,k5p,l3r,l4m,l5v "
    "S play LAAAA/laaaa -/- 0/0 0/0 - - 0 0"
)
MANUAL_START = "- S setup LSSAAAARRMTPPVVVV/lssaaaarrmtppvvvv -/- 0/0 0/0 - - 0 0"


def test_perft_file_holds_every_row_of_the_rules_table(read_perft_cases):
    rows = {(c.options["setup"], c.position): c.counts for c in read_perft_cases("quin")}
    assert rows == {
        ("standard", "start"): (92, 8126, 708249),
        ("random", RANDOM_SEED_7): (76, 4646, 314006),
        ("manual", "start"): (126, 14311, 1457045),
    }


def test_the_three_start_positions_of_section_4():
    assert abstracta.load("quin", setup="standard").start(seed=123).notation() == STANDARD_START
    assert abstracta.load("quin", setup="random").start(seed=7).notation() == RANDOM_SEED_7
    assert abstracta.load("quin").start(seed=7).notation() == RANDOM_SEED_7  # random is the default
    assert abstracta.load("quin", setup="manual").start(seed=5).notation() == MANUAL_START


def test_random_setup_keeps_both_lights_in_reserve_and_deals_the_rest_onto_rings_3_to_5():
    """D17b: no Light on the board, each reserve its Light and four ALs; the twelve others fill
    twelve of the fifteen rings-3..5 squares of their side, Gateways included."""
    game = abstracta.load("quin")
    gateways_used = set()
    for seed in range(300):
        board, _, _, reserve, *_ = game.start(seed).notation().split()
        entries = board.split(",")
        assert reserve == "LAAAA/laaaa", seed
        assert not any(entry[2] in "Ll" for entry in entries), (seed, board)
        for player, lines in ((0, "defgh"), (1, "jklab")):
            mine = [entry for entry in entries if entry[2].isupper() == (player == 0)]
            assert "".join(sorted(entry[2] for entry in mine)).upper() == "MPPRRSSTVVVV", (seed, board)
            assert all(entry[0] in lines and entry[1] in "345" for entry in mine), (seed, board)
        gateways_used |= {entry[:2] for entry in entries if entry[1] == "5"}
    assert len(gateways_used) == 10  # every Gateway of both sides is dealt onto by some seed
