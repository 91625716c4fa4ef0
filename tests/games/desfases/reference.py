"""A slow, plain reading of docs/rules/desfases.md, written apart from the engine, to cross-check it.

Dicts keyed by square name, one function per rules section, no caches and no bit tricks. The
property tests play the same random games on both and compare every ``moves()``, notation and
``last_effects()``. It reads and writes the §9 notation itself (trusting its input: parse
checks are the engine's business and are tested separately).
"""

from __future__ import annotations

from dataclasses import dataclass, field

SUITS = "SMCA"
VALUES = "na2345"
FACINGS = "nesw"
STEP = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
FILES = "abcde"
SQUARE_ORDER = [f"{f}{r}" for r in range(1, 6) for f in FILES]  # a1 b1 ... e1 a2 ...
HOLE = "c3"
SUIT_NAMES = {"S": "Suns", "M": "Moons", "C": "Crowns", "A": "Arms"}


def shift(square: str, df: int, dr: int) -> str | None:
    file, rank = FILES.index(square[0]) + df, int(square[1]) + dr
    if 0 <= file < 5 and 1 <= rank <= 5:
        return f"{FILES[file]}{rank}"
    return None


@dataclass
class Suit:
    die: int
    timer: int | None
    reservoir: set[int]
    points: int
    live: bool


@dataclass
class Position:
    tile: dict[str, str] = field(default_factory=dict)  # square -> "S4"
    facing: dict[str, str] = field(default_factory=dict)  # square -> "n"
    coin: dict[str, str] = field(default_factory=dict)  # square -> scoring coin "M2"
    pawn: dict[str, str] = field(default_factory=dict)  # suit letter -> square
    hole: list[str] = field(default_factory=list)
    suits: dict[str, Suit] = field(default_factory=dict)
    turn: str | None = "S"
    feeding: bool = False
    players: int = 4

    # -- notation (§9) ---------------------------------------------------------------------
    @classmethod
    def read(cls, text: str, players: int) -> "Position":
        board, records, turn = text.split(" ")
        pos = cls(players=players)
        for row, rank in zip(board.split("/"), range(5, 0, -1)):
            for cell, file in zip(row.split(","), FILES):
                square = f"{file}{rank}"
                if square == HOLE:
                    body = cell[1:]
                    pos.hole = [body[i : i + 2] for i in range(0, len(body), 2)]
                    continue
                pos.tile[square] = cell[:2]
                pos.facing[square] = cell[2]
                rest = cell[3:]
                if "*" in rest:
                    rest, pawn = rest.split("*")
                    pos.pawn[pawn] = square
                if rest.startswith("+"):
                    pos.coin[square] = rest[1:]
        for record in records.split(";"):
            letter, die, timer, reservoir, points, status = record.split(":")
            pos.suits[letter] = Suit(
                VALUES.index(die),
                None if timer == "-" else VALUES.index(timer),
                set() if reservoir == "-" else {VALUES.index(c) for c in reservoir},
                int(points),
                status == "live",
            )
        pos.turn = None if turn == "-" else turn[0]
        pos.feeding = turn.endswith(":feed")
        return pos

    def write(self) -> str:
        rows = []
        for rank in range(5, 0, -1):
            cells = []
            for file in FILES:
                square = f"{file}{rank}"
                if square == HOLE:
                    order = [s + v for s in SUITS for v in VALUES]
                    cells.append("#" + "".join(sorted(self.hole, key=order.index)))
                    continue
                cell = self.tile[square] + self.facing[square]
                if square in self.coin:
                    cell += "+" + self.coin[square]
                for suit, at in self.pawn.items():
                    if at == square:
                        cell += "*" + suit
                cells.append(cell)
            rows.append(",".join(cells))
        records = []
        for letter in SUITS:
            s = self.suits[letter]
            timer = "-" if s.timer is None else VALUES[s.timer]
            reservoir = "".join(VALUES[v] for v in sorted(s.reservoir)) or "-"
            records.append(f"{letter}:{VALUES[s.die]}:{timer}:{reservoir}:{s.points}:{'live' if s.live else 'done'}")
        turn = "-" if self.turn is None else self.turn + (":feed" if self.feeding else "")
        return f"{'/'.join(rows)} {';'.join(records)} {turn}"

    # -- §7 ---------------------------------------------------------------------------------
    def free_tiles(self, suit: str) -> list[str]:
        return [
            sq
            for sq in SQUARE_ORDER
            if sq in self.tile and self.tile[sq][0] == suit and sq not in self.coin and sq not in self.pawn.values()
        ]

    def queen_targets(self, suit: str) -> list[str]:
        start = self.pawn[suit]
        found = []
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                if df == dr == 0:
                    continue
                square = shift(start, df, dr)
                while square is not None and square != HOLE and square not in self.pawn.values():
                    found.append(square)
                    square = shift(square, df, dr)
        return found

    def candidates(self, suit: str, facing: dict[str, str]) -> list[str]:
        at = self.pawn[suit]
        found = []
        for df, dr in STEP.values():
            square = shift(at, df, dr)
            if square is None or square == HOLE or square in self.coin:
                continue
            fdf, fdr = STEP[facing[square]]
            if shift(square, fdf, fdr) == at:
                found.append(square)
        return found

    def turned_facings(self, suit: str) -> dict[str, str]:
        facing = dict(self.facing)
        for square in self.free_tiles(suit):
            facing[square] = FACINGS[(FACINGS.index(facing[square]) + 1) % 4]
        return facing

    def moves(self) -> list[str]:
        x = self.turn
        if x is None:
            return []
        if self.feeding:
            return sorted(f"feed {VALUES[v]}" for v in self.suits[x].reservoir)
        if self.suits[x].die > 0:
            targets = self.queen_targets(x)
            return sorted(f"{self.pawn[x]}-{t}" for t in targets) or ["stay"]
        found = self.candidates(x, self.turned_facings(x))
        return sorted(f"score {sq}" for sq in found) or ["hole"]

    def play(self, move: str) -> list[dict]:
        """Apply ``move`` in place; return its last_effects()."""
        assert move in self.moves(), move
        x = self.turn
        s = self.suits[x]
        effects = []
        if self.feeding:
            v = VALUES.index(move[-1])
            s.reservoir.remove(v)
            s.timer = s.die = v
            effects.append({"kind": "roll", "die": SUIT_NAMES[x], "value": v, "owner": self.owner(x), "suit": x,
                            "cause": "feed", "coin": self.coin_piece(x + VALUES[v])})
            self.feeding = False
            self.end_turn(x)
            return effects
        for square in self.free_tiles(x):
            self.facing[square] = FACINGS[(FACINGS.index(self.facing[square]) + 1) % 4]
            effects.append({"kind": "rotate", "cell": square, "facing": self.facing[square],
                            "piece": self.tile_piece(square)})
        if s.die > 0:
            start = self.pawn[x]
            target = start if move == "stay" else move.split("-")[1]
            self.pawn[x] = target
            s.die -= 1
            pawn = {"kind": "pawn", "owner": self.owner(x), "suit": x}
            effects.append({"kind": "move", "from": start, "to": target, "piece": pawn, "suit": x}
                           | ({"cause": "stay"} if start == target else {}))
            effects.append({"kind": "roll", "die": SUIT_NAMES[x], "value": s.die, "owner": self.owner(x), "suit": x,
                            "cause": "countdown"})
            self.end_turn(x)
            return effects
        coin = x + VALUES[s.timer]
        if move == "hole":
            self.hole.append(coin)
            effects.append({"kind": "place", "cell": HOLE, "piece": self.coin_piece(coin),
                            "from_area": f"{SUIT_NAMES[x]} timer", "suit": x, "cause": "hole"})
        else:
            square = move.split()[1]
            self.coin[square] = coin
            gained = VALUES.index(self.tile[square][1]) + s.timer
            s.points += gained
            effects.append({"kind": "place", "cell": square, "piece": self.coin_piece(coin),
                            "from_area": f"{SUIT_NAMES[x]} timer", "suit": x, "cause": "score"})
            effects.append({"kind": "score", "suit": x, "player": self.owner(x), "points": gained, "cell": square,
                            "tile": self.tile_piece(square)})
        s.timer = None
        if s.reservoir:
            self.feeding = True
        else:
            s.live = False
            effects.append({"kind": "eliminate", "player": self.owner(x), "suit": x, "cause": "no coins left"})
            self.end_turn(x)
        return effects

    # -- pieces in the shared vocabulary (core/structure.py), as last_effects() names them --
    def owner(self, suit: str) -> int:
        return "SMCA".index(suit) if self.players == 4 else (0 if suit in "SM" else 1)

    def tile_piece(self, square: str) -> dict:
        tile = self.tile[square]
        return {"kind": "tile", "owner": self.owner(tile[0]), "suit": tile[0], "value": VALUES.index(tile[1]),
                "facing": self.facing[square], "label": tile}

    def coin_piece(self, coin: str) -> dict:
        return {"kind": "coin", "owner": self.owner(coin[0]), "suit": coin[0], "value": VALUES.index(coin[1]),
                "label": coin}

    def end_turn(self, x: str) -> None:
        order = "SMCA" if self.players == 4 else "SAMC"
        at = order.index(x)
        for k in range(1, 5):
            candidate = order[(at + k) % 4]
            if self.suits[candidate].live:
                self.turn = candidate
                return
        self.turn = None

    # -- §8 ----------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        p = {letter: self.suits[letter].points for letter in SUITS}
        if self.players == 2:
            return [p["S"] + p["M"], p["A"] + p["C"]]
        return [p[letter] for letter in SUITS]
