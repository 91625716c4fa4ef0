"""Moves in plain words (``state.describe``) for every game: along seeded random games every legal
move (chance outcomes too) reads as a phrase for every reader; Quin's phrase for a seat is a
function of that seat's view only and names no kind it cannot see; a few phrases are pinned."""

from __future__ import annotations

import random
import re

import pytest

import abstracta
from abstracta.core.errors import CHANCE, IllegalMove

RANDOM_GAMES = [
    ("laser-chess", {"max_plies": 24}, 2),
    ("strategic-reserve", {"reserve": 2}, 2),
    ("reflec", {"players": 2, "max_turns": 2}, 1),
    ("reflec", {"players": 4, "max_turns": 2}, 1),
    ("desfases", {"players": 2}, 1),
    ("desfases", {"players": 4}, 1),
    ("quin", {"setup": "random", "max_turns": 14}, 2),
    ("quin", {"setup": "manual", "max_turns": 6}, 1),
]
MOVES_A_STATE = 10  # moves phrased at each visited state (the one played among them)


@pytest.mark.parametrize("slug, options, games", RANDOM_GAMES, ids=lambda v: str(v))
def test_every_legal_move_reads_as_a_phrase_for_every_reader(slug, options, games):
    game = abstracta.load(slug, **options)
    readers = [None, *range(game.num_players)]
    for seed in range(games):
        rng = random.Random(seed)
        state = game.start(seed=seed)
        plies = 0
        while not state.over and plies < 160:
            moves = state.moves()
            played = rng.choice(moves)
            for move in {played, *rng.sample(moves, min(MOVES_A_STATE, len(moves)))}:
                for reader in readers:
                    phrase = state.describe(move, reader)
                    assert isinstance(phrase, str) and phrase.strip(), (slug, state.notation(), move, reader)
                    assert "\n" not in phrase and "{" not in phrase
                if state.player == CHANCE:
                    assert phrase.split()[0] in ("Red", "Blue")  # a roll is said as the roller's
            state = state.play(played)
            plies += 1


@pytest.mark.parametrize("slug", abstracta.games())
def test_a_bad_move_or_reader_is_refused(slug):
    state = abstracta.load(slug).start(seed=1)
    with pytest.raises(IllegalMove):
        state.describe("no such move")
    with pytest.raises(ValueError, match="no player"):
        state.describe(state.moves()[0], 7)


# -- Quin: from the reader's view only ------------------------------------------------------------
KIND_NAMES = ("Light", "Shadow", "Artificial Light", "Reflector", "Memory", "Time", "Peripheral", "Void")
KIND_WORDS = {"light": "Light", "shadow": "Shadow", "artificial light": "Artificial Light", "reflector": "Reflector",
              "memory": "Memory", "time": "Time", "peripheral": "Peripheral", "void": "Void"}  # fmt: skip


def named_kinds(phrase: str) -> set[str]:
    """The kind names a phrase holds ("Light" alone, not inside "Artificial Light")."""
    return {name for name in KIND_NAMES if re.search(rf"(?<!Artificial )\b{name}\b", phrase)}


def kinds_seen(view) -> set[str]:
    """Every kind a view shows: on the board, in either Zero G, in the viewer's own reserve."""
    structure = view.structure()
    pieces = [piece for cell in structure["cells"].values() for piece in cell]
    pieces += [piece for area in structure["areas"] for piece in area["pieces"]]
    return {KIND_WORDS[piece["kind"]] for piece in pieces if piece["kind"] in KIND_WORDS}


@pytest.mark.parametrize("setup", ["random", "standard"])
def test_quin_phrases_depend_only_on_the_readers_view(setup):
    game = abstracta.load("quin", setup=setup, max_turns=30)
    rng = random.Random(3)
    state = game.start(seed=4)
    compared = 0
    while not state.over:
        mover = state.player
        moves = state.moves()
        sample = rng.sample(moves, min(8, len(moves)))
        for reader in (None, 1 - mover, mover):
            view = state.view(reader)
            worlds = [view.determinize(random.Random(seed)) for seed in range(2)]
            for move in sample:
                phrase = state.describe(move, reader)
                for world in worlds:  # the same view, other hidden kinds: the same words
                    assert world.describe(move, reader) == phrase, (state.notation(), move, reader)
                    compared += world.notation() != state.notation()
                assert view.describe(move, reader) == phrase
                if reader != mover:  # no kind the reader has not seen, before or after the move
                    shown = kinds_seen(view) | kinds_seen(state.play(move).view(reader))
                    assert named_kinds(phrase) <= shown, (state.notation(), move, reader, phrase)
        state = state.play(rng.choice(moves))
    assert compared > 0  # the worlds really differed from the state


def test_a_quin_view_describes_only_for_its_own_reader():
    state = abstracta.load("quin").start(seed=2)
    with pytest.raises(ValueError):
        state.view(1).describe(state.moves()[0], 0)
    with pytest.raises(IllegalMove, match="no piece on a1"):  # another seat's move: its form and occupancy
        state.describe("a1-a2", 1)


# -- worked examples, positions from the rules ----------------------------------------------------
LASER_CHESS = [
    # the ace start (docs/games/laser-chess.md): Blue's Laser turned west meets Blue's own Defender
    ("", "j1-", "Blue turns the Laser on j1 counter-clockwise to fire west; the beam removes Blue's own Defender on f1"),
    ("", "f4-g3", "Blue swaps the Switch on f4 with Red's Deflector on g3; the beam leaves the board at j8"),
    ("", "c1+", "Blue turns the Deflector on c1 clockwise; the beam leaves the board at j8"),
    ("ls3k5/10/10/10/10/10/10/4K1bw2Ln b", "j1-",
     "Blue turns the Laser on j1 counter-clockwise to fire west; the beam removes Red's Defender on g1"),
    ("ls3k5/10/10/10/10/10/10/4K1be2Ln b", "j1-",
     "Blue turns the Laser on j1 counter-clockwise to fire west; the beam stops on the shield of the Defender on g1"),
]


@pytest.mark.parametrize("position, move, phrase", LASER_CHESS)
def test_laser_chess_phrases(position, move, phrase):
    game = abstracta.load("laser-chess")
    state = game.parse(position) if position else game.start()
    assert state.describe(move) == phrase
    assert state.describe(move, 1) == phrase  # nothing hidden: every reader reads the same


def test_laser_chess_a_hit_king_names_the_winner():
    state = abstracta.load("laser-chess").parse("ls9/10/10/10/10/10/10/4K1k2Ln b")
    assert state.describe("j1-").endswith("the beam hits Red's King on g1: Blue wins")


def test_strategic_reserve_phrases():
    state = abstracta.load("strategic-reserve").start(seed=1)
    # docs/games/strategic-reserve.md: Red's 3,5 strikes its own c5; Blue's b5 and d5 go back
    assert state.describe("3,5") == ("Red rolls 3,5 onto Red's own group at c5: Blue's 2 checkers touching it"
                                     " (b5 and d5) go back; Red places next to that group")  # fmt: skip
    assert state.describe("3,2") == "Red rolls 3,2: a hit on Blue's group at c2 sends 1 checker back"
    assert state.describe("1,1") == "Red rolls 1,1: a1 is empty, nothing happens"
    assert state.play("3,2").describe("a1", 1) == "Red places a checker on a1 (5 left in reserve)"
    last = abstracta.load("strategic-reserve", reserve=1).start(seed=1).play("1,1")
    assert last.describe("a1") == "Red places the last checker of the reserve on a1 and wins"


REFLEC = "7C*/3M*4/8/8/8/Ce2Mn4/8/S*6A* S3:6,M2:5,C2:5,A2:6 S play 3 0 -/- - -"  # docs/games/reflec.md


@pytest.mark.parametrize("move, phrase", [
    ("*n", "Suns fire north: the beam turns at a3 and d3 and destroys the Moons laser on d7"),
    ("a1-a2", "Suns move their laser from a1 to a2"),
    ("a3=n", "Suns turn the Crowns coin on a3 to face north"),
    ("*e", "Suns fire east: the beam destroys the Arms laser on h1"),
])  # fmt: skip
def test_reflec_phrases(move, phrase):
    assert abstracta.load("reflec").parse(REFLEC).describe(move) == phrase


def test_reflec_names_who_is_out_and_who_wins():
    four = abstracta.load("reflec", players=4).parse(REFLEC.replace("-/- - -", "-/-/-/- - -"))
    assert four.describe("*n").endswith("destroys the Moons laser on d7; Moons are out of the game")
    arms_gone = REFLEC.replace("S*6A*", "S*7").replace("A2:6", "A2:6x")  # two players: Moons & Arms's last laser
    assert abstracta.load("reflec").parse(arms_gone).describe("*n").endswith(
        "destroys the Moons laser on d7; Moons & Arms are out of the game; Suns & Crowns win")


DESFASES = ("S3e,M2e,S2n,Anw*A,S4e/C4s,Cns*C,A4w,C2s,C3s/Sne,Mae,#,Sae,Aaw*S/Cas,S5e,M4e,M3e,Mne*M/A2w,M5e,A5w,C5s,A3w"
            " S:a:2:na345:0:live;M:n:n:a2345:0:live;C:n:n:a2345:0:live;A:n:n:a2345:0:live A")  # fmt: skip


def test_desfases_phrases():
    game = abstracta.load("desfases", players=2)
    assert game.start(seed=1).describe("c5-e3") == (
        "Suns slide their pawn from c5 to e3; their die counts down to ace (5 Suns tiles turned first)")
    state = game.parse(DESFASES)
    assert state.describe("hole") == (
        "Arms drop their null coin into the hole: no tile faces their pawn, no points (4 Arms tiles turned first)")
    fed = state.play("hole")
    assert fed.describe("feed 4") == "Arms feed their 4 coin to the die, which now shows 4"
    assert fed.describe("feed a") == "Arms feed their ace coin to the die, which now shows ace"
    moons = fed.play("feed 4")
    assert moons.describe("score e1") == (
        "Moons score the Arms 3 tile on e1 with their null coin: 3 points (5 Moons tiles turned first)")


W6 = "f3R,f4t,f5L,l4A,l5l S play AAA/aaaa SSRMTPPVVVV/ssrrmppvvvv 0/0 1/1 - - 50 7"  # docs/rules/quin.md §12


@pytest.mark.parametrize("position, move, south, north", [
    (W6, "reflect f5 f2 via f3", "South reflects the Light from f5 to f2 via the Reflector on f3",
     "South reflects a face-down piece from f5 to f2 via the Reflector on f3"),
    (W6, "reflect l4 f4 via f3",
     "South reflects the Artificial Light from l4 onto North's face-down piece on f4 via the Reflector on f3: "
     "a flash reveals both",
     "South reflects a face-down piece from l4 onto North's Time on f4 via the Reflector on f3: a flash reveals both"),
    ("e3S,f2S,f5L,l2v,l5l S play AAAA/aaaa RRMTPPVVVV/ssrrmtppvvv 0/0 1/1 - - 20 3", "f2-l2",  # W2
     "South moves the Shadow from f2 onto North's face-down piece on l2: a flash reveals both",
     "South moves a face-down piece from f2 onto North's Void on l2: a flash reveals both"),
    ("b3s+,e3S+,f2S,f5L,l5l S play AAAA/aaaa RRMTPPVVVV/srrmtppvvvv 0/0 1/1 - - 20 3", "e3-b3",  # W3, both shown
     "South moves the Shadow from e3 onto North's Shadow on b3: the flash swaps them",
     "South moves the Shadow from e3 onto North's Shadow on b3: the flash swaps them"),
    ("e4p,f3T,f5L,k3r,l5l S play AAAA/aaaa SSRRMPPVVVV/ssrmtpvvvv 0/0 1/1 - - 40 2", "time e4 e2",  # W5
     "South spends the Time to push North's face-down piece back from e4 to e2; the Time goes to Zero G",
     "South spends the Time to push North's Peripheral back from e4 to e2; the Time goes to Zero G"),
    ("d5P,e4A,h5P,l5l S play LAA/aaaa SSARRMTVVVV/ssrrmtppvvvv 0/0 0/1 - - 70 12", "reinforce A@e5 L@g5",  # W8
     "South brings an Artificial Light onto e5 and the Light onto g5 from reserve, face down",
     "South brings 2 face-down pieces from reserve onto e5 and g5"),
    ("f1L,f5A,l5l S play AAA/aaaa SSRRMTPPVVVV/ssrrmtppvvvv 0/0 0/0 - - 10 0", "f1-o",
     "South moves the Light from f1 to o: the Light reaches First Sight; South wins",
     "South moves a face-down piece from f1 to o (First Sight)"),
])  # fmt: skip
def test_quin_phrases_for_the_mover_and_the_rival(position, move, south, north):
    state = abstracta.load("quin").parse(position)
    assert state.describe(move, 0) == south
    assert state.describe(move, 1) == north


def test_a_game_without_phrasing_of_its_own_gets_the_plain_default():
    from tests.plugin_game.rules import TicTacToe

    state = TicTacToe().start()
    move = state.moves()[0]
    assert state.describe(move) == f"{state.seat} plays {move}"
    with pytest.raises(IllegalMove):
        state.describe("z9")
