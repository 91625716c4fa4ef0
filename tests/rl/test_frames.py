"""Observer frames (``oriented=True``) and the rules' symmetries (``rl.symmetries``)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import abstracta
import abstracta.rl as rl
from abstracta import CHANCE
from abstracta.rl import action_table, legal_actions, move_to_action, observation, plane_names, symmetries
from abstracta.rl.symmetry import frame_of
from tests.rl.cases import OPTION_SETS, set_id
from tests.rl.test_actions import random_states
from tests.rl.test_adapters import Noughts


def test_laser_chess_own_king_is_on_the_same_row_for_both_players():
    state = abstracta.load("laser-chess").start()
    king = plane_names(state.game).index("own King")
    rows = [np.argwhere(observation(state.view(p), p)[king])[:, 0].tolist() for p in (0, 1)]
    assert rows == [[7], [7]]  # both at the bottom
    plain = [np.argwhere(observation(state.view(p), p, oriented=False)[king])[:, 0].tolist() for p in (0, 1)]
    assert plain == [[7], [0]]  # as the board lies: Red's King on rank 8


@pytest.mark.parametrize("case", [("laser-chess", {"setup": s}) for s in ("ace", "curiosity", "grail", "mercury",
                                                                      "sophie")]
                         + [("quin", {"setup": "standard"}), ("reflec", {"players": 4})], ids=set_id)
def test_a_seat_symmetric_start_looks_the_same_to_every_seat(case):
    # these setups are the same from every side: turned, each seat sees the very tensor of seat 0,
    # Switch and Deflector facings included; only whose turn it is differs
    slug, options = case
    state = abstracta.load(slug, **options).start(seed=1)
    names = plane_names(state.game)
    seats = [observation(state.view(p), p) for p in range(state.game.num_players)]
    turn = [i for i, name in enumerate(names) if "acting" in name or "act" in name.split() or "to move" in name]
    for other in seats[1:]:
        differ = [names[i] for i in range(len(names)) if not np.array_equal(seats[0][i], other[i])]
        assert set(differ) <= {names[i] for i in turn} and differ, differ


@pytest.mark.parametrize("players", [2, 4])
def test_every_desfases_seat_sees_its_own_tiles_face_it_from_the_north(players):
    # at the start every tile faces its own suit's seat; turned, the observer's first suit (0) sits North
    state = abstracta.load("desfases", players=players).start(seed=3)
    for player in range(players):
        obs = observation(state.view(player), player)
        assert (obs[0] * obs[5]).sum() == obs[0].sum() == 6  # suit 0's six tiles all face n
        assert obs[61:65, 0, 0].tolist() == ([1, 1, 0, 0] if players == 2 else [1, 0, 0, 0])


def test_both_reflec_seats_see_their_lasers_in_the_same_corners():
    state = abstracta.load("reflec").start()
    for player in (0, 1):
        lasers = observation(state.view(player), player)[4:8]
        assert [np.argwhere(plane).tolist() for plane in lasers] == [[[7, 0]], [[0, 0]], [[0, 7]], [[7, 7]]]


@pytest.mark.parametrize("case", OPTION_SETS, ids=set_id)
def test_oriented_tensors_and_actions_are_the_turned_ones_and_actions_come_back(case):
    slug, options = case
    game = abstracta.load(slug, **options)
    table = action_table(game)
    rng = random.Random(3)
    checked = {p: 0 for p in range(game.num_players)}
    for state in random_states(slug, options, games=30, max_plies=160,
                               enough=lambda played: played >= 1 and min(checked.values()) >= 8):  # fmt: skip
        if state.over or state.player == CHANCE:
            continue
        player = state.player
        frame = frame_of(game, player)
        moves = state.moves()
        oriented = legal_actions(state)
        assert len(set(oriented)) == len(moves) and all(0 <= a < table.size for a in oriented)
        assert oriented == [move_to_action(state, move) for move in moves]
        if all(move in table.static for move in moves):  # fixed numbers: the oriented mask is the mask turned
            mask = np.zeros(table.size, dtype=bool)
            mask[legal_actions(state, oriented=False)] = True
            image = mask if frame is None else frame.mask(mask)
            assert sorted(np.flatnonzero(image)) == sorted(oriented)
        for move in rng.sample(moves, min(4, len(moves))):
            action = move_to_action(state, move)
            assert rl.action_to_move(state, action) == move
            turned = move if frame is None else frame.move(move)
            if turned in table.static:  # a fixed number names the move as seen from the turned board
                assert table.names[action] == turned
        view = state.view(player)
        plain = observation(view, player, oriented=False)  # a game writing turned planes itself agrees with its frame
        assert np.array_equal(observation(view, player), plain if frame is None else frame.observation(plain))
        if frame is not None and checked[player] == 0:  # a batch turns row by row
            assert np.array_equal(frame.observation(np.stack([plain, plain]))[1], frame.observation(plain))
        if player == 0:
            assert frame is None and oriented == legal_actions(state, oriented=False)
            assert np.array_equal(observation(state.view(0), 0), observation(state.view(0), 0, oriented=False))
        checked[player] += 1
    assert checked[0] >= 8
    assert min(checked.values()) >= 8 or options.get("reserve") == 1  # reserve 1: Red's first placement wins


@pytest.mark.parametrize(("slug", "options", "player", "move", "turned"), [
    ("laser-chess", {}, 1, "c1-d2", "h8-g7"),
    ("laser-chess", {}, 1, "a8-off-6", "j1-off-2"),
    ("laser-chess", {}, 1, "e4+", "f5+"),
    ("strategic-reserve", {}, 1, "a2", "f5"),
    ("reflec", {"players": 2}, 1, "M@a8n", "S@a1w"),
    ("reflec", {"players": 4}, 2, "c3-c4e", "f6-f5w"),
    ("reflec", {"players": 4}, 3, "a1xa2", "a8xb8"),
    ("reflec", {"players": 3}, 1, "*e", "*n"),
    ("desfases", {"players": 4}, 1, "e1-e3", "e5-c5"),  # East onto North
    ("desfases", {"players": 2}, 1, "score b2", "score d4"),
    ("quin", {}, 1, "gravity a3: b3-a2", "gravity g3: h3-g2"),
])
def test_each_frame_turns_the_board_its_players_way(slug, options, player, move, turned):
    assert frame_of(abstracta.load(slug, **options), player).move(move) == turned


def test_a_game_without_a_frame_is_the_same_either_way():
    state = Noughts().start().play("c4")
    assert np.array_equal(observation(state.view(1), 1), observation(state.view(1), 1, oriented=False))
    assert legal_actions(state) == legal_actions(state, oriented=False)
    assert symmetries(Noughts()) == []


def test_environments_take_the_frame_or_leave_it():
    for oriented in (True, False):
        venv = rl.VectorEnv("laser-chess", 2, seed=5, oriented=oriented, max_plies=20)
        venv.reset()
        obs, _, _, _, info = venv.step(venv.sample_actions())  # Red to move in every row now
        state = venv.states[0]
        assert state.player == info["player"][0] == 1
        assert np.array_equal(obs[0], observation(state.view(1), 1, oriented))
        assert sorted(np.flatnonzero(info["action_mask"][0])) == sorted(legal_actions(state, oriented))
        env = rl.aec_env("laser-chess", oriented=oriented, max_plies=20)
        env.reset(seed=1)
        env.step(int(np.flatnonzero(env.observe("player_0")["action_mask"])[0]))
        seen = env.observe("player_1")
        state = env.unwrapped.state_
        assert np.array_equal(seen["observation"], observation(state.view(1), 1, oriented))
        assert sorted(np.flatnonzero(seen["action_mask"])) == sorted(legal_actions(state, oriented))
        gym = rl.gym_env("laser-chess", opponent="self", oriented=oriented, max_plies=20)
        gym.reset(seed=1)
        obs, _, _, _, info = gym.step(int(np.flatnonzero(gym.action_masks())[0]))  # self-play: now Red's
        state = gym.unwrapped.state_
        assert info["player"] == 1 and np.array_equal(obs, observation(state.view(1), 1, oriented))
        assert sorted(np.flatnonzero(info["action_mask"])) == sorted(legal_actions(state, oriented))


def test_sb3_vec_env_takes_the_frame_or_leaves_it():
    pytest.importorskip("stable_baselines3")
    from abstracta.rl.sb3 import SB3VecEnv

    for oriented in (True, False):
        venv = SB3VecEnv("laser-chess", 2, seat=1, oriented=oriented, max_plies=20)  # the opponent opens as Blue
        venv.seed(3)
        obs = venv.reset()
        state = venv.venv.states[1]
        assert state.player == venv.reset_infos[1]["player"] == 1
        assert np.array_equal(obs[1], observation(state.view(1), 1, oriented))
        masks = venv.env_method("action_masks")
        assert sorted(np.flatnonzero(masks[1])) == sorted(legal_actions(state, oriented))
        assert np.array_equal(venv.reset_infos[1]["action_mask"], masks[1])


def test_openspiel_takes_the_frame_or_leaves_it():
    pytest.importorskip("pyspiel")
    for oriented in (True, False):
        spiel = rl.openspiel_game("laser-chess", oriented=oriented, max_plies=20).new_initial_state()
        spiel.apply_action(rl.move_to_action(spiel.inner, "c1-c2", oriented))
        assert spiel.legal_actions() == sorted(legal_actions(spiel.inner, oriented))
        assert spiel.action_to_string(1, rl.move_to_action(spiel.inner, "h8-h7", oriented)) == "h8-h7"
        assert np.array_equal(np.asarray(spiel.observation_tensor(1)),
                              observation(spiel.inner.view(1), 1, oriented).ravel())


# -- Strategic Reserve's symmetries, checked against the positions they name ------------------

def _sr_board(notation: str) -> dict[str, str]:
    rows = notation.split()[0].split("/")
    board = {}
    for row, text in enumerate(rows):
        column = 0
        for char in text:
            if char.isdigit():
                column += int(char)
            else:
                board[f"{'abcdef'[column]}{6 - row}"] = char
                column += 1
    return board


def _sr_notation(board: dict[str, str], rest: list[str]) -> str:
    rows = []
    for rank in range(6, 0, -1):
        text, gap = "", 0
        for file in "abcdef":
            piece = board.get(f"{file}{rank}")
            if piece is None:
                gap += 1
            else:
                text += (str(gap) if gap else "") + piece
                gap = 0
        rows.append(text + (str(gap) if gap else ""))
    return " ".join(["/".join(rows), *rest])


# each symmetry by hand: (file, rank) -> (file, rank), and the roll p,g it reads as
_SR_SQUARES = {
    "half turn": (lambda f, r: (5 - f, 7 - r), lambda p, g: (7 - p, 7 - g)),
    "transpose": (lambda f, r: (r - 1, f + 1), lambda p, g: (g, p)),
    "anti-transpose": (lambda f, r: (6 - r, 6 - f), lambda p, g: (7 - g, 7 - p)),
}


def _sr_image(state, name: str):
    square, roll = _SR_SQUARES[name]
    board = {}
    for sq, piece in _sr_board(state.notation()).items():
        f, r = square("abcdef".index(sq[0]), int(sq[1]))
        board[f"{'abcdef'[f]}{r}"] = piece
    rest = state.notation().split()[1:]
    if rest[3] != "-":
        rest[3] = "%d,%d" % roll(*map(int, rest[3].split(",")))
    return state.game.parse(_sr_notation(board, rest))


def test_strategic_reserve_symmetries_map_positions_masks_and_observations():
    game = abstracta.load("strategic-reserve", reserve=4, max_turns=30)
    found = {sym.name: sym for sym in symmetries(game)}
    assert set(found) == set(_SR_SQUARES)
    assert all(_sr_image(game.start(), name).notation() == game.start().notation() for name in found)
    checked = 0
    for state in random_states("strategic-reserve", {"reserve": 4, "max_turns": 30}, games=3, seed=4, max_plies=40):
        if state.over or state.player == CHANCE:
            continue
        for name, sym in found.items():
            image = _sr_image(state, name)
            assert sorted(legal_actions(image)) == sorted(sym.action(a) for a in legal_actions(state))
            mask = np.zeros(36, dtype=bool)
            mask[legal_actions(state)] = True
            assert sorted(np.flatnonzero(sym.mask(mask))) == sorted(legal_actions(image))
            for player in (0, 1):
                seen = observation(state.view(player), player)
                assert np.array_equal(sym.observation(seen), observation(image.view(player), player))
                assert np.array_equal(sym.observation(np.stack([seen, seen]))[0], sym.observation(seen))
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("slug", ["laser-chess", "reflec", "desfases", "quin"])
def test_games_without_symmetries_say_so(slug):
    assert symmetries(abstracta.load(slug)) == []


# -- one network for every seat: a seat's oriented tensors and numbers are those of the other seat
# in the position with the board turned and the colours swapped (written by hand from the notation)

_OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e", "ne": "sw", "sw": "ne", "se": "nw", "nw": "se"}


def _laser_chess_turned(state):
    rows, *rest = state.notation().split()
    turned_rows = []
    for row in rows.split("/"):
        cells, i = [], 0
        while i < len(row):
            if row[i].isdigit():
                digits = len(row[i:]) - len(row[i:].lstrip("0123456789"))  # an empty rank is "10"
                cells += [None] * int(row[i:i + digits])
                i += digits
                continue
            letter, width = row[i], {"l": 1, "b": 1, "d": 2, "s": 2, "k": 0}[row[i].lower()]
            facing = row[i + 1:i + 1 + width]
            if letter.lower() != "s":  # a Switch's facing names its mirror line, which a half turn keeps
                facing = _OPPOSITE.get(facing, facing)
            cells.append(letter.swapcase() + facing)
            i += 1 + width
        text, gap = "", 0
        for cell in reversed(cells):
            if cell is None:
                gap += 1
            else:
                text, gap = text + (str(gap) if gap else "") + cell, 0
        turned_rows.append(text + (str(gap) if gap else ""))
    rest[0] = {"b": "r", "r": "b"}[rest[0]]
    return state.game.parse(" ".join(["/".join(reversed(turned_rows)), *rest]))


def _quin_turned(state):
    from abstracta.games.quin.board import SQUARE_INDEX

    def square(name):
        return name if name == "o" else f"{'abcdefghijkl'[('abcdefghijkl'.index(name[0]) + 6) % 12]}{name[1]}"

    fields = state.notation().split()
    if fields[0] != "-":
        entries = []
        for entry in fields[0].split(","):
            name = entry[:1] if entry[0] == "o" else entry[:2]
            entries.append((square(name), entry[len(name):].swapcase()))
        fields[0] = ",".join(name + piece for name, piece in sorted(entries, key=lambda e: SQUARE_INDEX[e[0]]))
    fields[1] = {"S": "N", "N": "S"}[fields[1]]
    for i in (3, 4, 5, 6):  # reserves and removed pieces (cased by side), Memory swaps, Resurrections
        south, north = fields[i].split("/")
        fields[i] = f"{north.swapcase()}/{south.swapcase()}"
    if fields[8] != "-":
        fields[8] = ",".join(sorted((square(s) for s in fields[8].split(",")), key=SQUARE_INDEX.__getitem__))
    return state.game.parse(" ".join(fields))


def _strategic_reserve_turned(state):
    board = {f"{'abcdef'[5 - 'abcdef'.index(sq[0])]}{7 - int(sq[1])}": {"R": "B", "B": "R"}[piece]
             for sq, piece in _sr_board(state.notation()).items()}
    side, red, blue, pending, count = state.notation().split()[1:]
    # Red makes the odd-numbered placements: one more placement puts Red on the move (no plane shows the count)
    return state.game.parse(_sr_notation(board, [{"r": "b", "b": "r"}[side], blue, red, pending, str(int(count) + 1)]))


@pytest.mark.parametrize(("slug", "options", "turn"), [
    ("laser-chess", {"max_plies": 60}, _laser_chess_turned),
    ("laser-chess", {"setup": "curiosity"}, _laser_chess_turned),
    ("quin", {"max_turns": 40}, _quin_turned),
    ("strategic-reserve", {"reserve": 4}, _strategic_reserve_turned),
], ids=["laser-chess", "laser-chess-curiosity", "quin", "strategic-reserve"])
def test_the_second_seat_sees_what_the_first_sees_in_the_turned_position(slug, options, turn):
    checked = 0
    for state in random_states(slug, options, games=3, seed=7, max_plies=120):
        if state.over or state.player != 1:
            continue
        image = turn(state)
        assert image.player == 0
        assert sorted(legal_actions(state)) == sorted(legal_actions(image))  # Quin: Gravity's relative numbers too
        for player in (0, 1):
            seen = observation(state.view(player), player)
            assert np.array_equal(seen, observation(image.view(1 - player), 1 - player))
        checked += 1
    assert checked > 10


def _reflec_turned(state):
    """The position a quarter turn counter-clockwise with suit s renamed s - 1 (M -> S ...) and
    player p's records given to player p - 1: the next seat's position seen from the first."""
    suits, players = "SMCA", state.game.num_players

    def square(name):
        return f"{'abcdefgh'[8 - int(name[1])]}{'abcdefgh'.index(name[0]) + 1}"

    def suit(letter):
        return suits[(suits.index(letter) - 1) % 4]

    board, entries, acting, phase, tiles, turns, swaps, locked, touched = state.notation().split()
    cells = {}
    for row, text in enumerate(board.split("/")):
        column, i = 0, 0
        while i < len(text):
            if text[i].isdigit():
                column, i = column + int(text[i]), i + 1
                continue
            facing = text[i + 1] if text[i + 1] == "*" else "nesw"["nesw".index(text[i + 1]) - 1]
            cells[square(f"{'abcdefgh'[column]}{8 - row}")] = suit(text[i]) + facing
            column, i = column + 1, i + 2
    rows = []
    for rank in range(8, 0, -1):
        text, gap = "", 0
        for file in "abcdefgh":
            piece = cells.get(f"{file}{rank}")
            gap, text = (gap + 1, text) if piece is None else (0, text + (str(gap) if gap else "") + piece)
        rows.append(text + (str(gap) if gap else ""))
    entries = ",".join(sorted((suit(e[0]) + e[1:] for e in entries.split(",")), key=lambda e: suits.index(e[0])))

    def squares(text, pairs=False):
        if text == "-":
            return text
        items = [("x".join(sorted(map(square, item.split("x")))) if pairs else square(item))
                 for item in text.split(",")]
        return ",".join(sorted(items))

    lists = swaps.split("/")
    swaps = "/".join(squares(lists[(p + 1) % players], pairs=True) for p in range(players))
    fields = ["/".join(rows), entries, suit(acting), phase, tiles, turns, swaps, squares(locked), squares(touched)]
    return state.game.parse(" ".join(fields))


@pytest.mark.parametrize("players", [2, 4])
def test_each_reflec_seat_sees_what_the_one_before_sees_in_the_turned_position(players):
    # player k's frame is k quarter turns: player k sees P as player k-1 sees the turned P (with two
    # players only for k = 1: player 0's frame is not three quarter turns)
    seats = range(players) if players == 4 else [1]
    checked = 0
    for state in random_states("reflec", {"players": players, "max_turns": 12}, games=3, seed=5, max_plies=200):
        if state.over or "drop" in state.notation().split():  # the drop round's order is fixed by the coin count
            continue
        image = _reflec_turned(state)
        assert image.player == (state.player - 1) % players
        if state.player in seats:
            assert sorted(legal_actions(state)) == sorted(legal_actions(image))
            checked += 1
        for player in seats:
            seen = observation(state.view(player), player)
            assert np.array_equal(seen, observation(image.view((player - 1) % players), (player - 1) % players))
    assert checked > 20


def _desfases_turned(state):
    """The position a quarter turn counter-clockwise (East's seat onto North's) with suit s renamed
    s - 1 (M -> S ...): with four players, the next seat's position seen from the first."""
    suits, values = "SMCA", "na2345"

    def suit(letter):
        return suits[(suits.index(letter) - 1) % 4]

    def coin(text):
        return suit(text[0]) + text[1]

    board, records, turn = state.notation().split()
    cells = {}
    for row, rank in enumerate(board.split("/")):
        for column, cell in enumerate(rank.split(",")):
            f, r = column, 4 - row
            to = (4 - r, f)  # (file, rank) of the square a quarter turn counter-clockwise on
            if cell.startswith("#"):
                coins = sorted((coin(cell[i:i + 2]) for i in range(1, len(cell), 2)),
                               key=lambda c: (suits.index(c[0]), values.index(c[1])))
                cells[to] = "#" + "".join(coins)
                continue
            tile, _, pawn = cell.partition("*")
            tile, _, scoring = tile.partition("+")
            text = suit(tile[0]) + tile[1] + "nesw"["nesw".index(tile[2]) - 1]
            text += f"+{coin(scoring)}" if scoring else ""
            cells[to] = text + (f"*{suit(pawn)}" if pawn else "")
    board = "/".join(",".join(cells[f, r] for f in range(5)) for r in range(4, -1, -1))
    records = ";".join(sorted((suit(rec[0]) + rec[1:] for rec in records.split(";")),
                              key=lambda rec: suits.index(rec[0])))
    turn = turn if turn == "-" else suit(turn[0]) + turn[1:]
    return state.game.parse(" ".join([board, records, turn]))


def test_each_desfases_seat_sees_what_the_one_before_sees_in_the_turned_position():
    checked = 0
    for state in random_states("desfases", {"players": 4}, games=2, seed=6, max_plies=110):
        if state.over:
            continue
        image = _desfases_turned(state)
        assert image.player == (state.player - 1) % 4
        assert sorted(legal_actions(state)) == sorted(legal_actions(image))
        for player in range(4):
            seen = observation(state.view(player), player)
            assert np.array_equal(seen, observation(image.view((player - 1) % 4), (player - 1) % 4))
        checked += 1
    assert checked > 100
