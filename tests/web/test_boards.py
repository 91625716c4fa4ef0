"""Board modules drawn in the browser from positions and effects written in the rules files.

These run whether or not the game's engine is registered on this branch, so a board written
ahead of its engine is checked against the notation it will receive (positions, moves and
last_effects copied from rules/<slug>.md).
"""

from __future__ import annotations

import pytest

import abstracta
from tests.web.conftest import SCREENSHOTS

DESFASES = abstracta.load("desfases")
DESFASES_W1_BEFORE = ("Mae,A3w*A,A2w,C2s,S3n/S5n,Mne,C4s,Cns,M5e/A4w,S2n,#,C5s,M3e*M/M4e,A5w,C3s,Aaw,Cas*C/"
                      "S4n*S,San,Snn,M2e,Anw S:4:4:na235:0:live;M:3:3:na245:0:live;C:a:a:n2345:0:live;"
                      "A:3:3:na245:0:live S")
DESFASES_W1_AFTER = ("Mae,A3w*A,A2w,C2s,S3e/S5e*S,Mne,C4s,Cns,M5e/A4w,S2e,#,C5s,M3e*M/M4e,A5w,C3s,Aaw,Cas*C/"
                     "S4n,Sae,Sne,M2e,Anw S:3:4:na235:0:live;M:3:3:na245:0:live;C:a:a:n2345:0:live;"
                     "A:3:3:na245:0:live M")  # rules §12 W1: Suns plays a1-a4 (its structure and effects from the engine)
SR_ROLLED = "6/2R1R1/1R2B1/1B2R1/1RBRB1/6 r 6 8 3,5 0"  # Red rolled 3,5 onto c5: b5 and d5 went back
QUIN_START_BY_NORTH = ("a2v,a3s,a4r,b4v,b5p,d4?,d5?,e2?,e3?,e4?,f3?,f4?,f5?,g2?,g3?,g4?,h4?,h5?,j4v,j5p,k2v,"
                       "k3s,k4r,l3t,l4m,l5l S play 4/aaaa -/- 0/0 0/0 - - 0 0 N")
"""Quin's board reads the view's structure, which the server sends with every view: here the engine's own."""
LASER_ACE = "ls3bskbsdse2/2dsw7/3Dnw6/dne1Dsw1snwsne1dse1Dnw/dse1Dnw1SneSnw1dne1Dsw/6dse3/7Dne2/2DnwBnKBn3Ln b"
LASER_AFTER_C1 = LASER_ACE.replace("2DnwBn", "2DneBn").replace(" b", " r")

SAMPLES = {
    "strategic-reserve": {
        "view": {"position": SR_ROLLED, "history": ["3,5"],
                 "structure": abstracta.load("strategic-reserve").parse(SR_ROLLED).structure(),
                 "last_effects": abstracta.load("strategic-reserve").start().play("3,5").last_effects()},  # fmt: skip
        "pieces": 10,
        "squares": 36,
        "moves": {"c4": {"from": None, "to": "c4"}, "3,5": None},
    },
    "laser-chess": {
        "view": {"position": LASER_AFTER_C1, "history": ["c1+"],
                 "structure": abstracta.load("laser-chess").parse(LASER_AFTER_C1).structure(),
                 "last_effects": [{"kind": "beam", "from": "j1", "path": ["j2", "j3", "j4", "i4", "h4", "h5", "i5",
                                                                            "j5", "j6", "j7", "j8"], "stop": "edge"}]},  # fmt: skip
        "pieces": 26,
        "squares": 80,
        "moves": {"c1-b2": {"from": "c1", "to": "b2"}, "j1-": {"from": "j1", "to": "j1"}, "draw": None},
    },
    "reflec": {
        "view": {"position": "7C*/8/8/8/8/Ce2Mn4/8/S*6A* S3:6,M2:5x,C2:5,A2:6 S play 0 0 -/- - -", "history": ["*n"],
                 "structure": abstracta.load("reflec").parse("7C*/8/8/8/8/Ce2Mn4/8/S*6A* S3:6,M2:5x,C2:5,A2:6 S play 0 0 -/- - -").structure(),
                 "last_effects": [{"kind": "beam", "suit": "S", "from": "a1", "dir": "n",
                                   "path": ["a2", "a3", "b3", "c3", "d3", "d4", "d5", "d6", "d7"],
                                   "hits": ["a3", "d3"], "stop": "laser"},
                                  {"kind": "remove", "cell": "d7", "piece": {"kind": "laser", "owner": 1, "suit": "M"},
                                   "cause": "beam"}]},  # fmt: skip
        "pieces": 5,
        "squares": 64,
        "moves": {"S@c3n": {"from": None, "to": "c3"}, "c3-c4e": {"from": "c3", "to": "c4"},
                  "a1-a2": {"from": "a1", "to": "a2"}, "c3=w": {"from": "c3", "to": "c3"},
                  "c3xc4": {"from": "c3", "to": "c4", "reversible": True}, "*n": None, "end": None},  # fmt: skip
    },
    "desfases": {
        "view": {"position": DESFASES_W1_AFTER, "structure": DESFASES.parse(DESFASES_W1_AFTER).structure(),
                 "history": ["a1-a4"], "last_effects": DESFASES.parse(DESFASES_W1_BEFORE).play("a1-a4").last_effects()},
        "pieces": 24,
        "squares": 25,
        "moves": {"a1-a4": {"from": "a1", "to": "a4"}, "score b3": {"from": None, "to": "b3"}, "stay": None,
                  "hole": None, "feed 3": None},  # fmt: skip
    },
    "quin": {
        "view": {"position": QUIN_START_BY_NORTH, "history": [],
                 "structure": abstracta.load("quin").parse(QUIN_START_BY_NORTH).structure()},  # fmt: skip
        "pieces": 26,
        "squares": 61,
        "moves": {"a1-b2": {"from": "a1", "to": "b2"}, "e3-o over e2": {"from": "e3", "to": "o"},
                  "time f3 f1": {"from": "f3", "to": "f1"}, "raise S d5": {"from": None, "to": "d5"},
                  "gravity e3: d4-d3": None, "pass": None},  # fmt: skip
    },
}


@pytest.mark.parametrize("slug", sorted(SAMPLES))
def test_board_module_draws_a_rules_file_position(page, server_url, slug):
    sample = SAMPLES[slug]
    page.goto(server_url + "/healthz")  # a quiet page of the same origin: no lobby script running
    drawn = page.evaluate(
        """async ({slug, view, moves}) => {
            const css = document.createElement("link");
            css.rel = "stylesheet";
            css.href = "/static/style.css";
            const loaded = new Promise((resolve) => css.addEventListener("load", resolve));
            document.head.append(css);
            await loaded;
            const board = await import(`/static/boards/${slug}.js`);
            const svg = board.draw({options: {}, num_players: 2, ...view},
                                   {flipped: false, animate: false, marks: {targets: new Set(), selected: null}});
            const holder = document.createElement("div");
            holder.id = "preview";
            holder.style.cssText = "width: 760px; background: #fffdf8; padding: 8px";
            holder.append(svg);
            document.body.replaceChildren(holder);
            const parsed = {};
            for (const move of moves) parsed[move] = board.parseMove(move, view);
            return {pieces: svg.querySelectorAll("[data-piece]").length,
                    squares: svg.querySelectorAll("[data-sq]").length, parsed,
                    names: board.seatNames({}, 2)};
        }""",
        {"slug": slug, "view": sample["view"], "moves": list(sample["moves"])},
    )
    assert drawn["pieces"] == sample["pieces"]
    assert drawn["squares"] == sample["squares"]
    assert drawn["parsed"] == sample["moves"]
    assert len(drawn["names"]) == 2
    SCREENSHOTS.mkdir(exist_ok=True)
    page.locator("#preview").screenshot(path=str(SCREENSHOTS / f"board-{slug}.png"))
