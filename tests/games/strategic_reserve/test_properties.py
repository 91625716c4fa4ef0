"""Properties of Strategic Reserve checked against a naive reference written here.

The reference reads positions into a ``{square: 'R' | 'B'}`` dict and finds groups
by breadth-first flood fill, straight from the rules text (§2, §7, §9). It shares
no code with the engine (which uses bitboards), so agreeing with it on random
positions and all 36 rolls is evidence for both.
"""

from __future__ import annotations

import random
import re
from collections import deque

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import abstracta
from abstracta import CHANCE, NotationError

from .effects import entries, summary

SLUG = "strategic-reserve"
FILES = "abcdef"
SQUARES = [f + r for f in FILES for r in "123456"]  # file-major = sorted
ROLLS = [f"{p},{g}" for p in range(1, 7) for g in range(1, 7)]
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- the reference -------------------------------------------------------------------------


class Position:
    """A position as plain Python values, read and written by hand (§9)."""

    def __init__(self, board, side, reserves, pending, count):
        self.board = dict(board)  # square -> "R" | "B"
        self.side = side  # "r" | "b"
        self.reserves = dict(reserves)  # {"R": n, "B": n}
        self.pending = pending  # "-" | "p,g"
        self.count = count

    @classmethod
    def read(cls, text):
        board_field, side, red, blue, pending, count = text.split(" ")
        board = {}
        for row_index, row in enumerate(board_field.split("/")):
            rank, file = 6 - row_index, 0
            for char in row:
                if char in "123456":
                    file += int(char)
                else:
                    board[FILES[file] + str(rank)] = char
                    file += 1
        return cls(board, side, {"R": int(red), "B": int(blue)}, pending, int(count))

    def text(self):
        rows = []
        for rank in range(6, 0, -1):
            row, run = "", 0
            for file in FILES:
                piece = self.board.get(file + str(rank))
                if piece is None:
                    run += 1
                else:
                    row += (str(run) if run else "") + piece
                    run = 0
            rows.append(row + (str(run) if run else ""))
        return f"{'/'.join(rows)} {self.side} {self.reserves['R']} {self.reserves['B']} {self.pending} {self.count}"

    @property
    def mine(self):
        return "R" if self.side == "r" else "B"

    @property
    def theirs(self):
        return "B" if self.side == "r" else "R"

    def on_board(self, colour):
        return sum(1 for piece in self.board.values() if piece == colour)


def neighbours(square):
    file, rank = FILES.index(square[0]), int(square[1])
    for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= file + df < 6 and 1 <= rank + dr <= 6:
            yield FILES[file + df] + str(rank + dr)


def group_of(board, square):
    colour, seen, queue = board[square], {square}, deque([square])
    while queue:
        for n in neighbours(queue.popleft()):
            if n not in seen and board.get(n) == colour:
                seen.add(n)
                queue.append(n)
    return seen


def border_of(group):
    return {n for s in group for n in neighbours(s)} - group


def target(side, roll):
    p, g = (int(x) for x in roll.split(","))
    return FILES[p - 1] + str(g) if side == "r" else FILES[6 - p] + str(7 - g)


def reference_roll(position, roll):
    """§7.2: ``(position after the roll, its effect dict)``."""
    board, mine, theirs = dict(position.board), position.mine, position.theirs
    t = target(position.side, roll)
    if board.get(t) == theirs:
        hit, removed = "enemy", group_of(board, t)
    elif board.get(t) == mine:
        hit, removed = "friendly", set()
        for s in border_of(group_of(board, t)):
            if board.get(s) == theirs:
                removed |= group_of(board, s)
    else:
        hit, removed = "empty", set()
    for s in removed:
        del board[s]
    reserves = dict(position.reserves)
    reserves[theirs] += len(removed)
    after = Position(board, position.side, reserves, roll, position.count)
    seat = "red" if position.side == "r" else "blue"
    effect = {"kind": "roll", "seat": seat, "roll": roll, "square": t, "hit": hit, "removed": sorted(removed)}
    return after, effect


def reference_legal(position):
    """§7.3: the legal placements after the pending roll, sorted."""
    t = target(position.side, position.pending)
    if position.board.get(t) == position.mine:
        squares = border_of(group_of(position.board, t))
    else:
        squares = SQUARES
    return sorted(s for s in squares if s not in position.board)


def reference_over(position, max_turns):
    return 0 in position.reserves.values() or position.count == max_turns


_NUMBER = r"(0|[1-9][0-9]*)"
_POSITION = re.compile(rf"([RB1-6]+(/[RB1-6]+){{5}}) ([rb]) {_NUMBER} {_NUMBER} (-|[1-6],[1-6]) {_NUMBER}")


def reference_valid(text, reserve, max_turns):
    """Whether ``parse`` must accept ``text`` (§9 grammar plus V1-V6), decided by hand."""
    if not isinstance(text, str):
        return False
    text = text.strip()  # §9: leading and trailing whitespace (as Python's str.strip sees it)
    if not _POSITION.fullmatch(text):
        return False
    for row in text.split(" ")[0].split("/"):
        if re.search(r"[1-6][1-6]", row) or sum(int(c) if c.isdigit() else 1 for c in row) != 6:
            return False
    p = Position.read(text)
    total = 6 + reserve
    if any(p.on_board(c) + p.reserves[c] != total for c in "RB"):  # V1
        return False
    if p.side != "rb"[p.count % 2]:  # V2
        return False
    if max_turns is not None and p.count > max_turns:  # V3
        return False
    if p.reserves["R"] == 0 and p.reserves["B"] == 0 or p.reserves[p.mine] == 0:  # V4
        return False
    if reference_over(p, max_turns) and p.pending != "-":  # V5
        return False
    if p.pending != "-":  # V6
        t = target(p.side, p.pending)
        if p.board.get(t) == p.theirs:
            return False
        if p.board.get(t) == p.mine and any(p.board.get(s) == p.theirs for s in border_of(group_of(p.board, t))):
            return False
    return True


def test_reference_agrees_with_the_rules_file_examples():
    """The reference itself reproduces §12 examples 3, 8 and 10 before it judges the engine."""
    a = Position.read("2BB2/RRB3/R1BRR1/1B1R1B/1RRBBB/5B r 4 2 - 16")
    after, effect = reference_roll(a, "2,2")
    assert after.text() == "2BB2/RRB3/R1BRR1/3R2/1RR3/6 r 4 8 2,2 16"
    assert effect["removed"] == ["b3", "d2", "e2", "f1", "f2", "f3"]
    assert reference_legal(after) == "a2 b1 b3 c1 c3 d2".split()
    p7 = Position.read("2BB2/RRB3/R1BRRR/1B1R1B/1RRBBB/5B b 3 2 - 17")
    after, effect = reference_roll(p7, "1,6")
    assert after.text() == "2BB2/RRB3/R1B3/1B3B/3BBB/5B b 9 2 1,6 17"
    assert reference_legal(after) == "c2 d1 d3 e1 e3 f4".split()
    p10 = Position.read("5B/1BRBR1/1R2B1/RBR1R1/1RBRB1/6 b 4 5 - 3")
    after, effect = reference_roll(p10, "1,1")
    assert (effect["hit"], effect["removed"], reference_legal(after)) == ("friendly", [], ["e6", "f5"])
    assert reference_valid("6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 0", 6, None)
    assert not reference_valid("6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 3,5 0", 6, None)


# -- random valid positions ------------------------------------------------------------------


@st.composite
def positions(draw, allow_pending=True):
    """``(options, text)`` of a position that satisfies V1-V6 by construction."""
    reserve = draw(st.integers(1, 12))
    total = 6 + reserve
    order = draw(st.permutations(SQUARES))
    n_red = draw(st.integers(0, min(total, 36)))
    n_blue = draw(st.integers(0, min(total, 36 - n_red)))
    assume(n_red < total or n_blue < total)  # V4: not both reserves empty
    board = {s: "R" for s in order[:n_red]} | {s: "B" for s in order[n_red : n_red + n_blue]}
    reserves = {"R": total - n_red, "B": total - n_blue}
    count = draw(st.integers(0, 60))
    side = "rb"[count % 2]
    if reserves["R" if side == "r" else "B"] == 0:  # V4: the winner has just moved
        count += 1
        side = "rb"[count % 2]
    max_turns = draw(st.one_of(st.none(), st.integers(count, count + 4).filter(lambda m: m >= 1)))
    position = Position(board, side, reserves, "-", count)
    if allow_pending and not reference_over(position, max_turns) and draw(st.booleans()):
        position, _ = reference_roll(position, draw(st.sampled_from(ROLLS)))  # V6 by construction
    return {"reserve": reserve, "max_turns": max_turns}, position.text()


@SETTINGS
@given(case=positions())
def test_random_valid_positions_parse_round_trip_and_match_the_reference(case):
    options, text = case
    game = abstracta.load(SLUG, **options)
    assert reference_valid(text, options["reserve"], options["max_turns"])
    state = game.parse(text)
    assert state.notation() == text
    p = Position.read(text)
    over = reference_over(p, options["max_turns"])
    assert state.over == over
    assert state.scores() == [p.reserves["R"], p.reserves["B"]]
    if over:
        assert state.moves() == [] and state.player is None
        winner = [c for c in "RB" if p.reserves[c] == 0]
        expected = {(): [0.0, 0.0], ("R",): [1.0, -1.0], ("B",): [-1.0, 1.0]}[tuple(winner)]
        assert state.returns() == expected
    elif p.pending == "-":
        assert state.player == CHANCE and state.moves() == ROLLS
    else:
        assert state.player == "rb".index(p.side)
        assert state.moves() == reference_legal(p)
    assert state.seat == (None if over else {"r": "red", "b": "blue"}[p.side])


@SETTINGS
@given(case=positions(allow_pending=False))
def test_every_roll_matches_the_reference_roll(case):
    options, text = case
    game = abstracta.load(SLUG, **options)
    state = game.parse(text)
    assume(not state.over)
    p = Position.read(text)
    for roll in ROLLS:
        after = state.play(roll)
        expected, effect = reference_roll(p, roll)
        assert after.notation() == expected.text(), roll
        assert after.last_effects() == entries(effect), roll
        assert after.moves() == reference_legal(expected), roll
        assert not after.over  # a roll never ends the game
        for square in after.moves()[:2]:
            placed = after.play(square)
            q = Position.read(placed.notation())
            assert q.board == expected.board | {square: p.mine}
            assert q.reserves[p.mine] == expected.reserves[p.mine] - 1
            assert q.count == p.count + 1 and q.side != p.side and q.pending == "-"


# -- random texts: the engine accepts exactly what the reference accepts ---------------------


@st.composite
def near_valid_texts(draw):
    """Fields drawn so that each check V1-V6 sometimes holds and sometimes fails."""
    reserve = draw(st.integers(1, 12))
    max_turns = draw(st.one_of(st.none(), st.integers(1, 30)))
    cells = draw(st.lists(st.sampled_from("RB..."), min_size=36, max_size=36))
    board = {s: c for s, c in zip(SQUARES, cells) if c != "."}
    count = draw(st.integers(0, 32))
    side = draw(st.sampled_from(["rb"[count % 2]] * 4 + ["rb"[1 - count % 2]]))
    reserves = {}
    for colour in "RB":
        exact = 6 + reserve - sum(1 for c in board.values() if c == colour)
        reserves[colour] = max(0, exact + draw(st.sampled_from([0, 0, 0, 0, 1, -1])))
    pending = draw(st.sampled_from(["-"] * 6 + ROLLS))
    return reserve, max_turns, Position(board, side, reserves, pending, count).text()


@settings(max_examples=300, deadline=None)
@given(case=near_valid_texts())
def test_parse_accepts_exactly_the_texts_the_reference_accepts(case):
    reserve, max_turns, text = case
    game = abstracta.load(SLUG, reserve=reserve, max_turns=max_turns)
    expected = reference_valid(text, reserve, max_turns)
    try:
        state = game.parse(text)
    except NotationError as error:
        assert not expected, f"rejected a valid position {text!r}: {error}"
        return
    assert expected, f"accepted an invalid position {text!r}"
    assert state.notation() == text


MUTATION_ALPHABET = "RBrb0123456789/ ,-x\t\n7"


@settings(max_examples=200, deadline=None)
@given(case=positions(), data=st.data())
def test_mutated_notations_parse_and_round_trip_or_raise_notation_error(case, data):
    options, text = case
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, len(chars)))
        op = data.draw(st.sampled_from(["replace", "insert", "delete", "unicode"]))
        if op == "delete" and index < len(chars):
            del chars[index]
        elif op == "replace" and index < len(chars):
            chars[index] = data.draw(st.sampled_from(MUTATION_ALPHABET))
        elif op == "insert":
            chars.insert(index, data.draw(st.sampled_from(MUTATION_ALPHABET)))
        else:
            chars.insert(index, data.draw(st.characters()))
    mutated = "".join(chars)
    game = abstracta.load(SLUG, **options)
    expected = reference_valid(mutated, options["reserve"], options["max_turns"])
    try:
        state = game.parse(mutated)
    except NotationError:
        assert not expected, f"rejected {mutated!r}"
        return
    assert expected, f"accepted {mutated!r}"
    assert state.notation() == mutated.strip()
    assert game.parse(state.notation()).notation() == state.notation()


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=60))
def test_arbitrary_text_raises_only_notation_error(text):
    try:
        state = abstracta.load(SLUG).parse(text)
    except NotationError:
        return
    assert state.notation() == text.strip()


# -- random playouts ---------------------------------------------------------------------------


def playout_steps(reserve, seed, max_plies, max_turns=None):
    """Yield ``(before, move, after)`` for a random game; chance uniformly (1/36 each)."""
    rng = random.Random(seed)
    state = abstracta.load(SLUG, reserve=reserve, max_turns=max_turns).start()
    for _ in range(max_plies):
        if state.over:
            return
        move = rng.choice(state.moves())
        after = state.play(move)
        yield state, move, after
        state = after


@settings(max_examples=30, deadline=None)
@given(reserve=st.integers(1, 12), seed=st.integers(0, 2**32 - 1))
def test_playouts_conserve_checkers_and_follow_the_turn(reserve, seed):
    total = 6 + reserve
    for before, move, after in playout_steps(reserve, seed, max_plies=160):
        p, q = Position.read(before.notation()), Position.read(after.notation())
        for position in (p, q):
            for colour in "RB":
                assert position.on_board(colour) + position.reserves[colour] == total  # §2, V1
        mine, theirs = p.mine, p.theirs
        effect = summary(after.last_effects())
        assert after.last_effects() == entries(effect)  # one roll or one placement, in the shared kinds
        if before.player == CHANCE:
            # A roll never changes the roller's checkers or reserve, and removes exactly what it says.
            assert {s for s, c in q.board.items() if c == mine} == {s for s, c in p.board.items() if c == mine}
            assert q.reserves[mine] == p.reserves[mine]
            removed = sorted(s for s, c in p.board.items() if c == theirs and s not in q.board)
            assert effect["removed"] == removed
            assert q.reserves[theirs] == p.reserves[theirs] + len(removed)
            assert (q.side, q.count, q.pending) == (p.side, p.count, move)
            assert after.player == "rb".index(p.side) and not after.over
            t = effect["square"]
            if effect["hit"] == "friendly":
                # Legal placements: exactly the empty border of the hit group, by naive flood fill.
                border = border_of(group_of(q.board, t))
                assert after.moves() == sorted(border)
                assert all(s not in q.board for s in border)
            else:
                assert t not in q.board
                assert after.moves() == [s for s in SQUARES if s not in q.board]
        else:
            # A placement adds one checker of the placer and removes nothing.
            assert q.board == p.board | {move: mine}
            assert move not in p.board
            assert q.reserves == {mine: p.reserves[mine] - 1, theirs: p.reserves[theirs]}
            assert effect == {"kind": "place", "seat": before.seat, "square": move}
            assert (q.side, q.count, q.pending) == (theirs.lower(), p.count + 1, "-")
            assert after.over == (q.reserves[mine] == 0)
            if after.over:
                assert after.returns() == ([1.0, -1.0] if mine == "R" else [-1.0, 1.0])


@settings(max_examples=30, deadline=None)
@given(reserve=st.integers(1, 12), max_turns=st.integers(1, 40), seed=st.integers(0, 2**32 - 1))
def test_max_turns_ends_every_game_by_that_count(reserve, max_turns, seed):
    steps = list(playout_steps(reserve, seed, max_plies=2 * max_turns + 2, max_turns=max_turns))
    final = steps[-1][2]
    assert final.over
    assert not any(after.over for _, _, after in steps[:-1])
    p = Position.read(final.notation())
    assert p.count <= max_turns and p.pending == "-"
    if 0 in p.reserves.values():  # a win, possibly on the last allowed placement (D8)
        assert final.returns() in ([1.0, -1.0], [-1.0, 1.0])
    else:
        assert p.count == max_turns and len(steps) == 2 * max_turns
        assert final.returns() == [0.0, 0.0]
    assert final.scores() == [p.reserves["R"], p.reserves["B"]]


@pytest.mark.parametrize("reserve", range(1, 13))
def test_first_placement_wins_only_with_reserve_1(reserve):
    """D18: ``reserve=1`` is legal and Red wins with the first placement."""
    state = abstracta.load(SLUG, reserve=reserve).start().play("6,6").play("a1")
    assert state.over == (reserve == 1)
    assert state.returns() == ([1.0, -1.0] if reserve == 1 else [0.0, 0.0])
