"""Rules §3-§9 beyond the worked examples: options, setups, repetition, ply limit, draw, notation."""

from __future__ import annotations

import json

import pytest

import abstracta
from abstracta.games.laser_chess.board import fire
from abstracta.games.laser_chess.notation import parse_board

SLUG = "laser-chess"
START = {
    "ace": "ls3bskbsdse2/2dsw7/3Dnw6/dne1Dsw1snwsne1dse1Dnw/dse1Dnw1SneSnw1dne1Dsw/6dse3/7Dne2/2DnwBnKBn3Ln b",
    "curiosity": "ls3bskbssne2/10/3Dnw2dne3/dneDsw2Dsesne2dseDnw/dseDnw2Snednw2dneDsw/3Dsw2dse3/10/2SneBnKBn3Ln b",
    "grail": "ls3dswbsdse3/5k4/dne3dswbssne3/dse1snw1Dnw1Dse3/3dnw1dse1Snw1Dnw/3SneBnDne3Dsw/4K5/3DnwBnDne3Ln b",
    "mercury": "le3dswkdse2Sne/5bsdse3/dse2sne1bs4/dne3Dnw3Dsw1/1dne3dse3Dsw/4Bn1Sne2Dnw/3DnwBn5/sne2DnwKDne3Lw b",
    "sophie": "ls3kDnwdse3/3bs1be3Dsw/dne3dswdse1Sne1Dnw/7snw2/2Snw7/dse1sne1DnwDne3Dsw/dne3Bw1Bn3/3DnwdseK3Ln b",
}
# §4's table, square and facing per piece: (setup, side) -> "L K B B S S D D D D D D D".
TABLE = {
    ("ace", "b"): "j1n e1 d1n f1n e4ne f4nw c1nw h2ne c4nw j4sw c5sw j5nw d6nw",
    ("ace", "r"): "a8s f8 e8s g8s e5nw f5ne g3se a4se h4ne a5ne h5se c7sw h8se",
    ("curiosity", "b"): "j1n e1 d1n f1n c1ne e4ne d3sw b4nw j4sw b5sw e5se j5nw d6nw",
    ("curiosity", "r"): "a8s f8 e8s g8s f5ne h8ne g3se a4se f4nw i4ne a5ne i5se g6ne",
    ("grail", "b"): "j1n e2 e1n e3n d3ne h4nw d1nw f1ne f3ne j3sw j4nw e5nw g5se",
    ("grail", "r"): "a8s f7 f8s f6s g6ne c5nw e8sw g8se e6sw a6ne a5se f4se d4nw",
    ("mercury", "b"): "j1w e1 e2n e3n g3ne j8ne d1nw f1ne d2nw j3nw j4sw e5nw i5sw",
    ("mercury", "r"): "a8e f8 f7s f6s d6ne a1ne e8sw g8se g7se a6se a5ne f4se b4ne",
    ("sophie", "b"): "j1n f1 e2w g2n c4nw h6ne d1nw e3nw f3ne j3sw j6nw j7sw f8nw",
    ("sophie", "r"): "a8s e8 f7e d7s h5nw c3ne g8se a3se a2ne a6ne e6sw f6se e1se",
}
KINDS = "LKBBSSDDDDDDD"


def pieces_of(state, upper: bool) -> dict[str, str]:
    """square -> token, read from the notation by hand."""
    out = {}
    for rank, row in zip(range(8, 0, -1), state.notation().split()[0].split("/")):
        file, i = 0, 0
        while i < len(row):
            if row[i].isdigit():
                j = i + (2 if row[i : i + 2] == "10" else 1)
                file += int(row[i:j])
                i = j
                continue
            width = {"K": 0, "L": 1, "B": 1, "S": 2, "D": 2}[row[i].upper()]
            if row[i].isupper() == upper:
                out["abcdefghij"[file] + str(rank)] = row[i : i + 1 + width]
            file += 1
            i += 1 + width
    return out


@pytest.mark.parametrize("setup", sorted(START))
def test_start_positions(setup):
    game = abstracta.load(SLUG, setup=setup)
    state = game.start()
    assert state.notation() == START[setup]
    assert (state.player, state.seat, state.over) == (0, "blue", False)
    assert state.scores() == [13, 13] and state.returns() == [0.0, 0.0] and state.last_effects() == []
    assert state.to_json()["history"] == [START[setup]]
    assert abstracta.load(SLUG, setup=setup, max_plies=5).start().notation() == START[setup] + " 0"
    assert game.start(seed=1).notation() == game.start(seed=99).notation()  # the seed is ignored


@pytest.mark.parametrize("setup", sorted(START))
def test_start_positions_match_the_setup_table(setup):
    state = abstracta.load(SLUG, setup=setup).start()
    for side, upper in (("b", True), ("r", False)):
        expected = {}
        for kind, item in zip(KINDS, TABLE[setup, side].split()):
            letter = kind if upper else kind.lower()
            expected[item[:2]] = letter + ("" if kind == "K" else item[2:])
        assert pieces_of(state, upper) == expected


@pytest.mark.parametrize("setup", sorted(START))
def test_start_positions_are_half_turn_symmetric_and_quiet(setup):
    blue = pieces_of(abstracta.load(SLUG, setup=setup).start(), True)
    red = pieces_of(abstracta.load(SLUG, setup=setup).start(), False)
    flip = {"n": "s", "s": "n", "e": "w", "w": "e", "ne": "sw", "sw": "ne", "se": "nw", "nw": "se"}
    turned = {}
    for square, token in blue.items():
        target = "abcdefghij"[9 - "abcdefghij".index(square[0])] + str(9 - int(square[1]))
        facing = token[1:]
        if token[0] != "S" and facing:
            facing = flip[facing]
        turned[target] = token[0].lower() + facing
    assert turned == red
    board = parse_board(START[setup].split()[0])
    for colour in (0, 1):  # neither Laser, fired as the pieces stand, would remove anything (§4)
        _, stop, _ = fire(board, colour)
        assert stop != -3


def test_options_are_reported_in_full():
    assert abstracta.load(SLUG).options == {"max_plies": None, "setup": "ace"}
    assert abstracta.load(SLUG, setup="grail", max_plies=3).options == {"max_plies": 3, "setup": "grail"}
    game = abstracta.load(SLUG)
    assert (game.slug, game.title, game.num_players) == ("laser-chess", "Laser Chess", 2)


def test_parse_accepts_any_valid_position_whatever_the_setup():
    assert abstracta.load(SLUG, setup="ace").parse(START["sophie"]).notation() == START["sophie"]


# -- moves (§6) ------------------------------------------------------------------------------


def test_moves_are_sorted_as_python_sorts_str():
    for setup in START:
        moves = abstracta.load(SLUG, setup=setup).start().moves()
        assert moves == sorted(moves) and len(set(moves)) == len(moves)


def test_laser_turns_use_the_one_sign_that_reaches_the_other_direction():
    game = abstracta.load(SLUG)
    blue_west = game.parse("ls4k4/10/10/10/10/10/10/4K4Lw b")
    assert "j1+" in blue_west.moves() and "j1-" not in blue_west.moves()
    assert blue_west.play("j1+").notation() == "ls4k4/10/10/10/10/10/10/4K4Ln r"
    red_south = game.parse("ls4k4/10/10/10/10/10/10/4K4Ln r")
    assert "a8-" in red_south.moves() and "a8+" not in red_south.moves()
    turned = red_south.play("a8-")  # Red's beam now runs east along rank 8 into Red's own King
    assert turned.notation().startswith("le9/") and turned.returns() == [1.0, -1.0]


def test_rotations_of_defenders_deflectors_and_switches():
    game = abstracta.load(SLUG)
    state = game.parse("ls4k4/10/10/10/1BnDneSne6/10/10/4K4Ln b")
    assert [m for m in state.moves() if m[-1] in "+-"] == ["b4+", "b4-", "c4+", "c4-", "d4+", "j1-"]
    assert state.play("b4+").notation().split("/")[4] == "1BeDneSne6"
    assert state.play("b4-").notation().split("/")[4] == "1BwDneSne6"
    assert state.play("c4+").notation().split("/")[4] == "1BnDseSne6"
    assert state.play("c4-").notation().split("/")[4] == "1BnDnwSne6"
    assert state.play("d4+").notation().split("/")[4] == "1BnDneSnw6"


def test_a_switch_swaps_with_a_defender_of_either_colour_and_steps():
    state = abstracta.load(SLUG).parse("ls4k4/10/10/4be5/4Snw5/4Bn5/10/4K4Ln b")
    moves = state.moves()
    assert {"e4-e5", "e4-e3", "e4-d4", "e4-f5"} <= set(moves)
    assert state.play("e4-e5").notation().split("/")[3:5] == ["4Snw5", "4be5"]


def test_king_steps_but_is_never_rotated():
    state = abstracta.load(SLUG).parse("ls4k4/10/10/10/10/10/10/4K4Ln b")
    assert state.moves() == ["e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2", "j1-"]


# -- repetition draw (§6.2 item 6, D6, D12) -----------------------------------------------------


def shuffle(state, times):
    for _ in range(times):
        for move in ("c1+", "h8+", "c1-", "h8-"):
            state = state.play(move)
    return state


def test_draw_claim_is_kept_while_the_position_stands_and_returns_on_recurrence():
    start = abstracta.load(SLUG).start()
    third = shuffle(start, 2)
    assert third.repetitions() == 3 and "draw" in third.moves()
    assert "draw" not in third.play("c1-b2").moves()  # a new position
    after_c1 = third.play("c1+")  # seen after plies 1, 5 and now 9: Red may claim too
    assert after_c1.repetitions() == 3 and "draw" in after_c1.moves()
    fourth = shuffle(third, 1)
    assert fourth.repetitions() == 4 and "draw" in fourth.moves()
    assert shuffle(start, 1).repetitions() == 2 and "draw" not in shuffle(start, 1).moves()


def test_draw_claim_ends_the_game_and_changes_nothing_else():
    third = shuffle(abstracta.load(SLUG).start(), 2)
    drawn = third.play("draw")
    assert drawn.over and drawn.returns() == [0.0, 0.0] and drawn.last_effects() == []
    assert drawn.notation() == third.notation() and drawn.player is None and drawn.seat is None
    assert drawn.moves() == [] and drawn.scores() == [13, 13]
    data = drawn.to_json()
    assert data["draw_claimed"] is True and len(data["history"]) == 9
    again = abstracta.load(SLUG).from_json(json.loads(json.dumps(data)))
    assert again.over and again.to_json() == data


def test_history_lives_in_to_json_not_in_the_notation():
    third = shuffle(abstracta.load(SLUG).start(), 2)
    game = abstracta.load(SLUG)
    assert "draw" not in game.parse(third.notation()).moves()  # parse starts a fresh history
    restored = game.from_json(third.to_json())
    assert "draw" in restored.moves()
    assert restored.to_json()["history"] == third.to_json()["history"]
    assert restored.play("draw").over


def test_a_removal_starts_positions_that_cannot_repeat_earlier_ones():
    # After a piece is removed no earlier position can recur, yet the history keeps every entry.
    state = abstracta.load(SLUG).parse("ls4k4/10/10/10/10/10/8Dnw1/4K4Ln b").play("i2-j3")
    assert state.to_json()["history"] == ["ls4k4/10/10/10/10/10/8Dnw1/4K4Ln b", "ls4k4/10/10/10/10/10/10/4K4Ln r"]


# -- ply limit (§3, §8, D13) -------------------------------------------------------------------------


def test_ply_limit_draws_and_the_notation_counts_plies():
    game = abstracta.load(SLUG, max_plies=2)
    state = game.start()
    first = state.play("c1+")
    assert first.notation().endswith(" r 1") and not first.over
    second = first.play("h8+")
    assert second.notation().endswith(" b 2") and second.over and second.returns() == [0.0, 0.0]
    assert game.parse(second.notation()).over


def test_a_king_hit_on_the_last_allowed_ply_still_decides():  # D13
    game = abstracta.load(SLUG, max_plies=10)
    final = game.parse("ls4k4/10/10/10/4K5/8Dsw1/10/9Ln b 9").play("i3-j4")  # E8 on ply 10
    assert final.over and final.returns() == [-1.0, 1.0]
    assert final.notation() == "ls4k4/10/10/10/9Dsw/10/10/9Ln r 10"


def test_a_position_with_one_king_is_a_finished_game():
    state = abstracta.load(SLUG).parse("ls4k4/10/10/10/9Dsw/10/10/9Ln r")
    assert state.over and state.returns() == [-1.0, 1.0] and state.player is None


def test_view_is_the_state_itself():
    state = abstracta.load(SLUG).start()
    assert state.view(0) is state and state.view(1) is state and state.view(None) is state
    assert repr(state) == f"State('{START['ace']}')"


# -- literal examples of §4 and §9.1 -------------------------------------------------------------

ACE_DIAGRAM = """
      a    b    c    d    e    f    g    h    i    j
 8    ls   .    .    .    bs   k    bs   dse  .    .
 7    .    .    dsw  .    .    .    .    .    .    .
 6    .    .    .    Dnw  .    .    .    .    .    .
 5    dne  .    Dsw  .    snw  sne  .    dse  .    Dnw
 4    dse  .    Dnw  .    Sne  Snw  .    dne  .    Dsw
 3    .    .    .    .    .    .    dse  .    .    .
 2    .    .    .    .    .    .    .    Dne  .    .
 1    .    .    Dnw  Bn   K    Bn   .    .    .    Ln
"""


def test_the_ace_start_matches_the_diagram_of_section_4():
    cells = {}
    for line in ACE_DIAGRAM.strip().splitlines()[1:]:
        rank, *items = line.split()
        cells.update({f"{file}{rank}": item for file, item in zip("abcdefghij", items) if item != "."})
    state = abstracta.load(SLUG).start()
    assert {**pieces_of(state, True), **pieces_of(state, False)} == cells


def test_facing_letters_are_read_before_the_next_piece():  # §9.1: "bssne" and "ksnw"
    from abstracta.games.laser_chess.board import SQUARE_INDEX, TOKEN

    board = parse_board("ls1bssne6/2ksnw6/10/10/10/10/10/4K4Ln")
    tokens = {square: TOKEN[board[SQUARE_INDEX[square]]] for square in ("c8", "d8", "e8", "c7", "d7", "e7")}
    assert tokens == {"c8": "bs", "d8": "sne", "e8": "", "c7": "k", "d7": "snw", "e7": ""}
    text = "ls1bssne6/2ksnw6/10/10/10/10/10/4K4Ln b"
    assert abstracta.load(SLUG).parse(text).notation() == text


def test_from_json_fills_in_a_missing_history_and_missing_effects():
    # Decision (§9.3 leaves the shape free): a save without "history" starts a fresh history at
    # its position, like parse(); without "last_effects" it reports none.
    game = abstracta.load(SLUG)
    third = shuffle(game.start(), 2)
    bare = game.from_json({"game": SLUG, "position": third.notation()})
    assert bare.to_json()["history"] == [third.notation()] and bare.last_effects() == []
    assert "draw" in third.moves() and "draw" not in bare.moves()
    no_effects = {key: value for key, value in third.to_json().items() if key != "last_effects"}
    restored = game.from_json(no_effects)
    assert restored.last_effects() == [] and "draw" in restored.moves()
