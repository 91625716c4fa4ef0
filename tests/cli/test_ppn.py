"""PPN export of Reflec and Desfases records, read back by a small PPN reader that replays the pieces."""

from __future__ import annotations

import re

import pytest

yaml = pytest.importorskip("yaml")

from abstracta.core.ppn import FACING_DEGREES  # noqa: E402
from abstracta.core.records import read_file, replay  # noqa: E402

from .helpers import assert_one_line_error, run  # noqa: E402

SQ = r"[a-h][1-8]"
TOKEN = re.compile(
    rf"\{{[^}}]*\}}|(?P<place>[SMCA][na2-5]?[tcpd])@(?P<at>{SQ}|[SMCA]d)|(?P<turn>{SQ})@>(?P<deg>0|90|180|270)"
    rf"|(?P<src>{SQ})-(?P<dst>{SQ})|(?P<a>{SQ})#(?P<b>{SQ})|\*(?P<gone>{SQ})|(?P<die>[SMCA])d~[na2-5]"
)
DEGREES_FACING = {v: k for k, v in FACING_DEGREES.items()}


def read_ppn(text: str) -> list[dict]:
    """Each game: its YAML header, and its movetext as (label, tokens, abstracta move) per line."""
    games = []
    for chunk in text.split("---\n")[1:]:
        header_text, movetext = chunk.split("\n...\n", 1)
        plies = []
        for line in movetext.splitlines():
            label, body = line.split(". ", 1)
            tokens = [m for m in TOKEN.finditer(body)]
            leftover = TOKEN.sub("", body)
            assert not leftover.strip(), f"unreadable tokens {leftover.strip()!r} in {line!r}"
            move = next((m.group(0)[12:-1] for m in tokens if m.group(0).startswith("{abstracta: ")), None)
            plies.append((label, tokens, move))
        games.append({"header": yaml.safe_load(header_text), "plies": plies})
    return games


def play_tokens(plies) -> dict[str, list[list]]:
    """Squares -> stack of [piece, facing] after every placement, move, turn, swap and removal."""
    board: dict[str, list[list]] = {}
    for _, tokens, _ in plies:
        for t in tokens:
            if t["place"] and re.fullmatch(SQ, t["at"]):
                board.setdefault(t["at"], []).append([t["place"], "n"])
            elif t["turn"]:
                top = board[t["turn"]][-1]
                top[1] = DEGREES_FACING[(FACING_DEGREES[top[1]] + int(t["deg"])) % 360]
            elif t["src"]:
                board.setdefault(t["dst"], []).append(board[t["src"]].pop())
                if not board[t["src"]]:
                    del board[t["src"]]
            elif t["a"]:
                board[t["a"]], board[t["b"]] = board.get(t["b"], []), board.get(t["a"], [])
            elif t["gone"]:
                board[t["gone"]].pop()
                if not board[t["gone"]]:
                    del board[t["gone"]]
    return board


@pytest.mark.parametrize("players", [2, 4])
def test_reflec_ppn_replays_to_the_final_board(tmp_path, players):
    records, ppn = tmp_path / "r.txt", tmp_path / "r.ppn"
    run("simulate", "reflec", "-n", "2", "--seed", str(players), "-w", "1", "-o", f"players={players}", "--records", str(records))
    assert run("export", str(records), "--ppn", str(ppn)).exit_code == 0
    games = read_ppn(ppn.read_text())
    for game, record in zip(games, read_file(records), strict=True):
        states = replay(record)
        assert game["header"]["GameType"]["Name"] == "Reflec"
        assert game["header"]["Abstracta"]["start"] == states[0].notation()
        assert [move for _, _, move in game["plies"][1:]] == record.moves
        board = play_tokens(game["plies"])
        final = {square: pieces[-1] for square, pieces in states[-1].structure()["cells"].items()}
        assert set(board) == set(final)
        for square, piece in final.items():
            kind, facing = board[square][-1]
            assert kind[0] == piece["suit"] and (kind[-1] == "p") == (piece["kind"] == "laser")
            if piece["kind"] == "coin":
                assert facing == piece["facing"], square


@pytest.mark.parametrize("options", [["-o", "players=4"], ["-o", "players=2"]])
def test_desfases_ppn_replays_pawns_and_tile_facings(tmp_path, options):
    records, ppn = tmp_path / "d.txt", tmp_path / "d.ppn"
    run("simulate", "desfases", "-n", "1", "--seed", "3", "-w", "1", "--records", str(records), *options)
    assert run("export", str(records), "--ppn", str(ppn)).exit_code == 0
    (game,) = read_ppn(ppn.read_text())
    (record,) = read_file(records)
    final = replay(record)[-1].structure()
    board = play_tokens(game["plies"])
    assert [move for _, _, move in game["plies"][1:]] == record.moves
    tiles = {square: cell for square, cell in final["cells"].items() if square != final["extra"]["hole"]}
    assert len(tiles) == 24
    for square, cell in tiles.items():
        stack = board[square]
        assert stack[0][0] == f"{cell[0]['label']}t" and stack[0][1] == cell[0]["facing"], square
        pawns = [p for p, _ in stack if p.endswith("p")]
        assert pawns == [f"{piece['suit']}p" for piece in cell if piece["kind"] == "pawn"], square


def test_export_refuses_other_games(tmp_path):
    records = tmp_path / "sr.txt"
    run("simulate", "strategic-reserve", "-n", "1", "--seed", "1", "-w", "1", "--records", str(records))
    assert_one_line_error(run("export", str(records), "--ppn", str(tmp_path / "x.ppn")), "piecepack")
