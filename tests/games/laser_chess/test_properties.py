"""Properties of Laser Chess checked against a naive reference written here.

The reference reads positions into a ``{square: token}`` dict and follows rules §6.2 and
the beam algorithm of §7 line by line, with compass names rather than tables. It shares no
code with the engine (flat int boards, precomputed reflection tables), so agreeing with it
on every move of random games is evidence for both.
"""

from __future__ import annotations

import json
import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import abstracta
from abstracta import IllegalMove, NotationError
from tests.games.laser_chess.effects import removal, removed_king

SLUG = "laser-chess"
SETUPS = ["ace", "curiosity", "grail", "mercury", "sophie"]
FILES = "abcdefghij"
STEP = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0), "ne": (1, 1), "se": (1, -1), "sw": (-1, -1), "nw": (-1, 1)}
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}
CLOCKWISE4 = ["n", "e", "s", "w"]
CLOCKWISE_DIAG = ["ne", "se", "sw", "nw"]
CLOSED = {
    "blue": {"a1", "a2", "a3", "a4", "a5", "a6", "a7", "i1", "i8"},
    "red": {"j2", "j3", "j4", "j5", "j6", "j7", "j8", "b1", "b8"},
}
SWITCH = {"ne": {"n": "e", "e": "n", "s": "w", "w": "s"}, "nw": {"n": "w", "e": "s", "s": "e", "w": "n"}}
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- the reference -------------------------------------------------------------------------


def read(text):
    board_field, side = text.split(" ")[:2]
    board = {}
    for rank, row in zip(range(8, 0, -1), board_field.split("/")):
        file, i = 0, 0
        while i < len(row):
            if row[i].isdigit():
                j = i + (2 if row[i : i + 2] == "10" else 1)
                file += int(row[i:j])
                i = j
                continue
            width = {"K": 0, "L": 1, "B": 1, "S": 2, "D": 2}[row[i].upper()]
            board[FILES[file] + str(rank)] = row[i : i + 1 + width]
            file += 1
            i += 1 + width
    return board, ("blue" if side == "b" else "red")


def write(board, colour):
    rows = []
    for rank in range(8, 0, -1):
        row, run = "", 0
        for file in FILES:
            token = board.get(f"{file}{rank}")
            if token is None:
                run += 1
            else:
                row += (str(run) if run else "") + token
                run = 0
        rows.append(row + (str(run) if run else ""))
    return "/".join(rows) + " " + colour[0]


def colour_of(token):
    return "blue" if token[0].isupper() else "red"


def neighbour(square, direction):
    df, dr = STEP[direction]
    file, rank = FILES.index(square[0]) + df, int(square[1]) + dr
    return f"{FILES[file]}{rank}" if 0 <= file < 10 and 1 <= rank <= 8 else None


def reference_moves(board, colour):
    moves = []
    for square, token in board.items():
        if colour_of(token) != colour:
            continue
        kind, facing = token[0].upper(), token[1:]
        if kind == "L":
            plus = CLOCKWISE4[(CLOCKWISE4.index(facing) + 1) % 4]
            allowed = ("n", "w") if colour == "blue" else ("s", "e")
            moves.append(square + ("+" if plus in allowed else "-"))
            continue
        if kind in "BD":
            moves += [square + "+", square + "-"]
        if kind == "S":
            moves.append(square + "+")
        for direction in STEP:
            target = neighbour(square, direction)
            if target is None or target in CLOSED[colour]:
                continue
            other = board.get(target)
            if other is None:
                moves.append(f"{square}-{target}")
            elif kind == "S" and other[0].upper() in "DB" and square not in CLOSED[colour_of(other)]:
                moves.append(f"{square}-{target}")
    return sorted(moves)


def reference_play(board, colour, move):
    """``(board after, effects)`` of one non-draw move, straight from §6.2 and §7."""
    board = dict(board)
    if move[-1] in "+-":
        square = move[:-1]
        token = board[square]
        letter, facing = token[0], token[1:]
        step = 1 if move[-1] == "+" else -1
        if letter.upper() == "S":
            facing = "nw" if facing == "ne" else "ne"
        elif letter.upper() == "D":
            facing = CLOCKWISE_DIAG[(CLOCKWISE_DIAG.index(facing) + step) % 4]
        else:
            facing = CLOCKWISE4[(CLOCKWISE4.index(facing) + step) % 4]
        board[square] = letter + facing
    else:
        source, target = move.split("-")
        moving, other = board.pop(source), board.pop(target, None)
        board[target] = moving
        if other is not None:
            board[source] = other
    laser = "j1" if colour == "blue" else "a8"
    square, d, path = laser, board[laser][1:], []
    while True:
        square = neighbour(square, d)
        if square is None:
            stop = "edge"
            break
        path.append(square)
        piece = board.get(square)
        if piece is None:
            continue
        kind, facing = piece[0].upper(), piece[1:]
        if kind == "L":
            stop = "laser"
            break
        if kind == "K":
            stop = "removed"
            break
        if kind == "B":
            stop = "blocked" if facing == OPPOSITE[d] else "removed"
            break
        if kind == "D":
            v, h = facing[0], facing[1]
            if OPPOSITE[d] == v:
                d = h
            elif OPPOSITE[d] == h:
                d = v
            else:
                stop = "removed"
                break
            continue
        d = SWITCH[facing][d]
    effects = [{"kind": "beam", "from": laser, "path": path, "stop": stop}]
    if stop == "removed":
        effects.append(removal(path[-1], board.pop(path[-1])))
    return board, effects


# -- properties ----------------------------------------------------------------------------


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), setup=st.sampled_from(SETUPS))
def test_engine_agrees_with_the_reference_on_every_move_of_a_random_game(seed, setup):
    rng = random.Random(seed)
    state = abstracta.load(SLUG, setup=setup).start()
    for ply in range(200):
        if state.over:
            break
        board, colour = read(state.notation())
        moves = state.moves()
        assert [m for m in moves if m != "draw"] == reference_moves(board, colour), state.notation()
        checked = moves if ply % 10 == 0 else [rng.choice(moves)]
        for move in checked:
            if move == "draw":
                continue
            after = state.play(move)
            expected_board, expected_effects = reference_play(board, colour, move)
            other = "red" if colour == "blue" else "blue"
            assert after.notation() == write(expected_board, other), (state.notation(), move)
            assert after.last_effects() == expected_effects, (state.notation(), move)
            kings = [t for t in expected_board.values() if t in ("K", "k")]
            assert after.over is (len(kings) == 1)
        state = state.play(rng.choice(moves))


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), setup=st.sampled_from(SETUPS), limit=st.integers(1, 40))
def test_ply_limit_and_round_trips(seed, setup, limit):
    game = abstracta.load(SLUG, setup=setup, max_plies=limit)
    rng = random.Random(seed)
    state = game.start()
    plies = 0
    while not state.over:
        state = state.play(rng.choice(state.moves()))
        plies += 1
        assert state.notation().endswith(f" {plies}")
        data = json.loads(json.dumps(state.to_json()))
        assert game.from_json(data).to_json() == data
        assert len(data["history"]) == plies + 1
    king_hit = removed_king(state.last_effects()) is not None
    assert plies == limit or king_hit
    assert state.returns() == [0.0, 0.0] or king_hit


def _repetition_walk(seed: int) -> int:
    """A random walk that mostly turns Lasers (which undo themselves, so positions repeat), checking at
    every ply that ``draw`` is listed exactly when the history holds the position three times or more;
    returns how many positions offered the claim."""
    rng = random.Random(seed)
    # Kings off every Laser line; mostly Laser turns, which undo themselves: repeats are common.
    state = abstracta.load(SLUG).parse("ls9/10/5k4/10/10/4K5/10/9Ln b")
    seen = {state.notation(): 1}
    claims = 0
    for _ in range(80):
        moves = state.moves()
        claims += "draw" in moves
        assert ("draw" in moves) == (seen[state.notation()] >= 3)
        assert state.repetitions() == seen[state.notation()]
        turns = [m for m in moves if m in ("j1+", "j1-", "a8+", "a8-")]
        others = [m for m in moves if m != "draw" and m not in turns]
        state = state.play(rng.choice(turns if rng.random() < 0.8 else others))
        if state.over:
            break
        seen[state.notation()] = seen.get(state.notation(), 0) + 1
    return claims


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_repetition_count_matches_the_history(seed):
    """``draw`` is listed exactly when the history holds the position three times or more."""
    _repetition_walk(seed)


def test_the_repetition_walks_reach_the_claim():
    """The walks above do reach threefold repetitions, so the property is tested on both sides.

    Not every walk must (seed 31956023 never repeats a position three times in 80 plies, which
    once failed a CI run when this check sat inside the property), so it is checked over fixed seeds.
    """
    assert sum(_repetition_walk(seed) > 0 for seed in range(20)) >= 10


# -- random positions, not only those reached from the setups --------------------------------

BOX = {"K": 1, "S": 2, "D": 7, "B": 2}
FACINGS = {"K": [""], "S": ["ne", "nw"], "D": CLOCKWISE_DIAG, "B": CLOCKWISE4}
SQUARES = [f"{file}{rank}" for file in FILES for rank in range(1, 9)]


def random_position(seed, kings="both"):
    """A valid position (§9.2) from a seed: Lasers on their corners, random other pieces, each
    on a square open to its colour. ``kings``: "both", "blue" or "red" (a finished game)."""
    rng = random.Random(seed)
    board = {"j1": "L" + rng.choice("nw"), "a8": "l" + rng.choice("se")}
    for colour in ("blue", "red"):
        free = [s for s in SQUARES if s not in board and s not in CLOSED[colour]]
        rng.shuffle(free)
        for kind, most in BOX.items():
            count = int(kings in ("both", colour)) if kind == "K" else rng.randint(0, most)
            for _ in range(count):
                letter = kind if colour == "blue" else kind.lower()
                board[free.pop()] = letter + rng.choice(FACINGS[kind])
    return board, rng.choice(["blue", "red"])


POSITION_SEEDS = st.integers(0, 2**32 - 1)
KINGS = st.sampled_from(["both", "both", "both", "blue", "red"])


@SETTINGS
@given(seed=POSITION_SEEDS, kings=KINGS)
def test_random_positions_round_trip_and_every_move_matches_the_reference(seed, kings):
    board, colour = random_position(seed, kings)
    text = write(board, colour)
    state = abstracta.load(SLUG).parse(text)
    assert state.notation() == text
    assert state.last_effects() == [] and state.to_json()["history"] == [text]
    assert state.over is (kings != "both")
    if state.over:
        assert state.moves() == [] and state.returns() == ([1.0, -1.0] if kings == "blue" else [-1.0, 1.0])
        return
    assert state.player == (0 if colour == "blue" else 1) and state.seat == colour
    assert state.scores() == [sum(t[0].isupper() for t in board.values()), sum(t[0].islower() for t in board.values())]
    moves = state.moves()
    assert moves == reference_moves(board, colour)  # a fresh history: never "draw"
    other = "red" if colour == "blue" else "blue"
    for move in moves:
        after = state.play(move)
        expected_board, expected_effects = reference_play(board, colour, move)
        assert after.notation() == write(expected_board, other), (text, move)
        assert after.last_effects() == expected_effects, (text, move)
        assert 1 <= len(expected_effects[0]["path"]) <= 320
        king_hit = removed_king(expected_effects) is not None
        assert after.over is king_hit
        if king_hit:  # the King's owner loses, whoever fired
            assert after.returns() == ([-1.0, 1.0] if removed_king(expected_effects) == 0 else [1.0, -1.0])
    assert state.notation() == text  # the receiver is a value


def move_universe():
    """Every string of the move grammar (§6.1), legal or not anywhere, plus a few near misses."""
    out = [f"{x}-{y}" for x in SQUARES for y in SQUARES] + [s + sign for s in SQUARES for sign in "+-"]
    return out + ["draw", "Draw", "e1 -e2", "e1-e2 ", "k1+", "a0-a1", "a1--", "", "pass"]


UNIVERSE = move_universe()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=POSITION_SEEDS, plies=st.integers(0, 30))
def test_only_listed_moves_are_accepted(seed, plies):
    """Of all 6,561 strings of the move grammar, ``play`` accepts exactly those in ``moves()``;
    each other one raises IllegalMove naming it and leaves the state as it was."""
    rng = random.Random(seed)
    board, colour = random_position(seed)
    state = abstracta.load(SLUG).parse(write(board, colour))
    for _ in range(plies):
        if state.over:
            break
        state = state.play(rng.choice(state.moves()))
    legal = set(state.moves())
    before = state.to_json()
    accepted = set()
    for move in UNIVERSE:
        try:
            state.play(move)
        except IllegalMove as error:
            assert repr(move) in str(error)
            continue
        accepted.add(move)
    assert accepted == legal
    assert state.to_json() == before


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), setup=st.sampled_from(SETUPS))
def test_the_same_moves_give_the_same_game(seed, setup):
    """Determinism: replaying a game's moves on a freshly loaded game gives equal states (notation,
    effects, JSON) ply by ply, and playing never changes the state played from."""
    rng = random.Random(seed)
    first = abstracta.load(SLUG, setup=setup).start()
    states, moves = [first], []
    for _ in range(60):
        if states[-1].over:
            break
        moves.append(rng.choice(states[-1].moves()))
        states.append(states[-1].play(moves[-1]))
    snapshots = [s.to_json() for s in states]
    again = abstracta.load(SLUG, setup=setup).start()
    assert again.to_json() == snapshots[0]
    for move, snapshot in zip(moves, snapshots[1:]):
        again = again.play(move)
        assert again.to_json() == snapshot
    assert [s.to_json() for s in states] == snapshots  # nothing played from changed


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_notation_and_json_round_trip_through_draw_claims(seed):
    """Repetition-heavy games (mostly Laser turns) with the draw claimed when it comes:
    ``parse(notation())`` and ``from_json(to_json())`` restore each state."""
    rng = random.Random(seed)
    game = abstracta.load(SLUG)
    state = game.parse("ls9/10/5k4/10/10/4K5/10/9Ln b")
    while not state.over:
        moves = state.moves()
        turns = [m for m in moves if m in ("j1+", "j1-", "a8+", "a8-", "draw")]
        state = state.play(rng.choice(turns if rng.random() < 0.9 else moves))
        text = state.notation()
        assert game.parse(text).notation() == text
        data = json.loads(json.dumps(state.to_json()))
        restored = game.from_json(data)
        assert restored.to_json() == data and restored.moves() == state.moves()
        assert (restored.over, restored.returns(), restored.last_effects()) == (state.over, state.returns(), state.last_effects())
    assert state.returns() == [0.0, 0.0] or removed_king(state.last_effects()) is not None


# -- what parse accepts (§9.2), against a reference reader ---------------------------------------

TOKEN_RE = re.compile(r"10|[1-9]|[LlBb][nesw]|[Kk]|[Ss]n[ew]|[Dd][ns][ew]")


def reference_accepts(text, max_plies=None):
    """Whether §9 allows ``text``, written from the grammar and the four checks of §9.2."""
    fields = text.split(" ")
    if len(fields) not in ((2,) if max_plies is None else (2, 3)):
        return False
    if len(fields) == 3 and not (re.fullmatch(r"0|[1-9][0-9]*", fields[2]) and int(fields[2]) <= max_plies):
        return False
    if fields[1] not in ("b", "r"):
        return False
    ranks = fields[0].split("/")
    if len(ranks) != 8:
        return False
    board = {}
    for rank, row in zip(range(8, 0, -1), ranks):
        tokens = TOKEN_RE.findall(row)
        if "".join(tokens) != row:
            return False
        if any(a[0].isdigit() and b[0].isdigit() for a, b in zip(tokens, tokens[1:])):
            return False  # two counts side by side would be one maximal run
        file = 0
        for token in tokens:
            if token[0].isdigit():
                file += int(token)
            else:
                if file < 10:
                    board[f"{FILES[file]}{rank}"] = token
                file += 1
        if file != 10:
            return False
    if board.get("j1") not in ("Ln", "Lw") or board.get("a8") not in ("ls", "le"):
        return False
    for letter, most in {"L": 1, **BOX}.items():
        for piece in (letter, letter.lower()):
            if sum(t[0] == piece for t in board.values()) > most:
                return False
    if not any(t in ("K", "k") for t in board.values()):
        return False
    return all(t[0] in "Ll" or square not in CLOSED[colour_of(t)] for square, t in board.items())


ALPHABET = "LKSDBlksdbnesw0123456789/ "
ODD = "ſ４\t\n"  # "ſ".upper() is "S"; a full-width digit; whitespace other than a space


ALL_TOKENS = [
    letter + facing for kind in "LKSDB" for letter in (kind, kind.lower()) for facing in ({**FACINGS, "L": CLOCKWISE4}[kind])
]


@st.composite
def mutated_notations(draw):
    """A valid position spoilt on two levels: pieces added, removed or replaced anywhere (counts,
    Lasers, Kings, restricted squares), then up to two edits of single characters."""
    board, colour = random_position(draw(POSITION_SEEDS), draw(KINGS))
    for _ in range(draw(st.integers(0, 2))):
        square = draw(st.sampled_from(SQUARES))
        if draw(st.booleans()):
            board[square] = draw(st.sampled_from(ALL_TOKENS))
        else:
            board.pop(square, None)
    text = write(board, colour)
    for _ in range(draw(st.integers(0, 2))):
        i = draw(st.integers(0, len(text)))
        edit = draw(st.sampled_from(["insert", "delete", "replace", "swap"]))
        char = draw(st.sampled_from(ALPHABET + ODD))
        if edit == "insert":
            text = text[:i] + char + text[i:]
        elif edit == "delete":
            text = text[:i] + text[i + 1 :]
        elif edit == "replace":
            text = text[:i] + char + text[i + 1 :]
        elif i + 1 < len(text):
            text = text[:i] + text[i + 1] + text[i] + text[i + 2 :]
    return text


@settings(max_examples=300, deadline=None)
@given(text=mutated_notations(), max_plies=st.sampled_from([None, 5]))
def test_parse_accepts_exactly_the_texts_the_reference_accepts(text, max_plies):
    game = abstracta.load(SLUG, max_plies=max_plies)
    try:
        state = game.parse(text)
    except NotationError:
        assert not reference_accepts(text, max_plies), text
        return
    assert reference_accepts(text, max_plies), text
    assert state.notation() == (text if max_plies is None or text.count(" ") == 2 else text + " 0")


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=120) | st.text(alphabet=ALPHABET + ODD, max_size=120) | mutated_notations())
def test_arbitrary_text_raises_only_notation_error(text):
    try:
        state = abstracta.load(SLUG).parse(text)
    except NotationError:
        return
    assert state.notation() == text


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(key=st.sampled_from(["game", "options", "position", "history", "draw_claimed", "last_effects"]), value=JSON)
def test_from_json_of_a_damaged_save_restores_it_or_raises_notation_error(key, value):
    game = abstracta.load(SLUG)
    state = game.start()
    for move in ["c1+", "h8+", "c1-", "h8-", "c1+", "h8+", "c1-", "h8-"]:
        state = state.play(move)
    data = {**state.to_json(), key: value}
    try:
        restored = game.from_json(data)
    except NotationError:
        return
    assert restored.to_json()[key] == value or key == "options"  # accepted only when it fits
