"""Every worked example of rules §12 (W1-W12), literally: position before, moves(), the move,
position after, last_effects() and the state after.

W2-W4 form one sequence (each starts from the previous result); W1 and W12 start from the
seed-42 layout and from start(seed=2), which ``test_examples_start_where_the_rules_say`` checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

import abstracta


@dataclass(frozen=True)
class Example:
    name: str
    options: dict[str, Any]
    before: str
    acting: tuple[str, int]  # (seat, player) before the move
    moves: list[str]
    move: str
    after: str
    effects: list[dict[str, Any]]
    over: bool
    player: int | None
    seat: str | None
    scores: list[int]
    returns: list[float]


EXAMPLES = [
    Example(
        name='W1 Opening move of the recorded game (seed-42 layout)',
        options={'players': 4},
        before='Mae,A3w*A,A2w,C2s,S3n/S5n,Mne,C4s,Cns,M5e/A4w,S2n,#,C5s,M3e*M/M4e,A5w,C3s,Aaw,Cas*C/S4n*S,San,Snn,M2e,Anw S:4:4:na235:0:live;M:3:3:na245:0:live;C:a:a:n2345:0:live;A:3:3:na245:0:live S',
        acting=('S', 0),
        moves=['a1-a2', 'a1-a3', 'a1-a4', 'a1-a5', 'a1-b1', 'a1-b2', 'a1-c1', 'a1-d1', 'a1-e1'],
        move='a1-a4',
        after='Mae,A3w*A,A2w,C2s,S3e/S5e*S,Mne,C4s,Cns,M5e/A4w,S2e,#,C5s,M3e*M/M4e,A5w,C3s,Aaw,Cas*C/S4n,Sae,Sne,M2e,Anw S:3:4:na235:0:live;M:3:3:na245:0:live;C:a:a:n2345:0:live;A:3:3:na245:0:live M',
        effects=[
            {'kind': 'rotate', 'cell': 'b1', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 1, 'facing': 'e', 'label': 'Sa'}},
            {'kind': 'rotate', 'cell': 'c1', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 0, 'facing': 'e', 'label': 'Sn'}},
            {'kind': 'rotate', 'cell': 'b3', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 2, 'facing': 'e', 'label': 'S2'}},
            {'kind': 'rotate', 'cell': 'a4', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 5, 'facing': 'e', 'label': 'S5'}},
            {'kind': 'rotate', 'cell': 'e5', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 3, 'facing': 'e', 'label': 'S3'}},
            {'kind': 'move', 'from': 'a1', 'to': 'a4', 'piece': {'kind': 'pawn', 'owner': 0, 'suit': 'S'}, 'suit': 'S'},
            {'kind': 'roll', 'die': 'Suns', 'value': 3, 'owner': 0, 'suit': 'S', 'cause': 'countdown'},
        ],
        over=False,
        player=1,
        seat='M',
        scores=[0, 0, 0, 0],
        returns=[0.0, 0.0, 0.0, 0.0],
    ),
    Example(
        name='W2 Turning skips pinned tiles; passing over a scored tile',
        options={'players': 4},
        before='Maw,A3n,A2e,C2n,S3s+Cn/S5n*C,Mnw,C4n,Cnw,M5n/A4s*M,S2w+M3,#Ca,C5s+A3,M3s+Aa/M4e+S4,A5e*S,C3w+Sn,Aaw,Cas*A/S4n,Sas,Sne,M2w,Ann S:2:2:a35:11:live;M:n:2:na45:5:live;C:a:4:235:3:live;A:2:2:n45:12:live S',
        acting=('S', 0),
        moves=['b2-a1', 'b2-a2', 'b2-b1', 'b2-b3', 'b2-b4', 'b2-b5', 'b2-c1', 'b2-c2', 'b2-d2'],
        move='b2-b1',
        after='Maw,A3n,A2e,C2n,S3s+Cn/S5n*C,Mnw,C4n,Cnw,M5n/A4s*M,S2w+M3,#Ca,C5s+A3,M3s+Aa/M4e+S4,A5e,C3w+Sn,Aaw,Cas*A/S4e,Saw*S,Sns,M2w,Ann S:a:2:a35:11:live;M:n:2:na45:5:live;C:a:4:235:3:live;A:2:2:n45:12:live M',
        effects=[
            {'kind': 'rotate', 'cell': 'a1', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 4, 'facing': 'e', 'label': 'S4'}},
            {'kind': 'rotate', 'cell': 'b1', 'facing': 'w', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 1, 'facing': 'w', 'label': 'Sa'}},
            {'kind': 'rotate', 'cell': 'c1', 'facing': 's', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 0, 'facing': 's', 'label': 'Sn'}},
            {'kind': 'move', 'from': 'b2', 'to': 'b1', 'piece': {'kind': 'pawn', 'owner': 0, 'suit': 'S'}, 'suit': 'S'},
            {'kind': 'roll', 'die': 'Suns', 'value': 1, 'owner': 0, 'suit': 'S', 'cause': 'countdown'},
        ],
        over=False,
        player=1,
        seat='M',
        scores=[11, 5, 3, 12],
        returns=[0.0, 0.0, 0.0, 0.0],
    ),
    Example(
        name='W3 No tile qualifies: the timer coin goes into the hole',
        options={'players': 4},
        before='Maw,A3n,A2e,C2n,S3s+Cn/S5n*C,Mnw,C4n,Cnw,M5n/A4s*M,S2w+M3,#Ca,C5s+A3,M3s+Aa/M4e+S4,A5e,C3w+Sn,Aaw,Cas*A/S4e,Saw*S,Sns,M2w,Ann S:a:2:a35:11:live;M:n:2:na45:5:live;C:a:4:235:3:live;A:2:2:n45:12:live M',
        acting=('M', 1),
        moves=['hole'],
        move='hole',
        after='Man,A3n,A2e,C2n,S3s+Cn/S5n*C,Mnn,C4n,Cnw,M5e/A4s*M,S2w+M3,#M2Ca,C5s+A3,M3s+Aa/M4e+S4,A5e,C3w+Sn,Aaw,Cas*A/S4e,Saw*S,Sns,M2n,Ann S:a:2:a35:11:live;M:n:-:na45:5:live;C:a:4:235:3:live;A:2:2:n45:12:live M:feed',
        effects=[
            {'kind': 'rotate', 'cell': 'd1', 'facing': 'n', 'piece': {'kind': 'tile', 'owner': 1, 'suit': 'M', 'value': 2, 'facing': 'n', 'label': 'M2'}},
            {'kind': 'rotate', 'cell': 'b4', 'facing': 'n', 'piece': {'kind': 'tile', 'owner': 1, 'suit': 'M', 'value': 0, 'facing': 'n', 'label': 'Mn'}},
            {'kind': 'rotate', 'cell': 'e4', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 1, 'suit': 'M', 'value': 5, 'facing': 'e', 'label': 'M5'}},
            {'kind': 'rotate', 'cell': 'a5', 'facing': 'n', 'piece': {'kind': 'tile', 'owner': 1, 'suit': 'M', 'value': 1, 'facing': 'n', 'label': 'Ma'}},
            {'kind': 'place', 'cell': 'c3', 'piece': {'kind': 'coin', 'owner': 1, 'suit': 'M', 'value': 2, 'label': 'M2'}, 'from_area': 'Moons timer', 'suit': 'M', 'cause': 'hole'},
        ],
        over=False,
        player=1,
        seat='M',
        scores=[11, 5, 3, 12],
        returns=[0.0, 0.0, 0.0, 0.0],
    ),
    Example(
        name='W4 Feeding the null coin',
        options={'players': 4},
        before='Man,A3n,A2e,C2n,S3s+Cn/S5n*C,Mnn,C4n,Cnw,M5e/A4s*M,S2w+M3,#M2Ca,C5s+A3,M3s+Aa/M4e+S4,A5e,C3w+Sn,Aaw,Cas*A/S4e,Saw*S,Sns,M2n,Ann S:a:2:a35:11:live;M:n:-:na45:5:live;C:a:4:235:3:live;A:2:2:n45:12:live M:feed',
        acting=('M', 1),
        moves=['feed 4', 'feed 5', 'feed a', 'feed n'],
        move='feed n',
        after='Man,A3n,A2e,C2n,S3s+Cn/S5n*C,Mnn,C4n,Cnw,M5e/A4s*M,S2w+M3,#M2Ca,C5s+A3,M3s+Aa/M4e+S4,A5e,C3w+Sn,Aaw,Cas*A/S4e,Saw*S,Sns,M2n,Ann S:a:2:a35:11:live;M:n:n:a45:5:live;C:a:4:235:3:live;A:2:2:n45:12:live C',
        effects=[
            {'kind': 'roll', 'die': 'Moons', 'value': 0, 'owner': 1, 'suit': 'M', 'cause': 'feed', 'coin': {'kind': 'coin', 'owner': 1, 'suit': 'M', 'value': 0, 'label': 'Mn'}},
        ],
        over=False,
        player=2,
        seat='C',
        scores=[11, 5, 3, 12],
        returns=[0.0, 0.0, 0.0, 0.0],
    ),
    Example(
        name='W5 A tile that faces the pawn now may turn away first',
        options={'players': 4},
        before='C4s,M2s,Sae,Cas,Cne/S5e,Anw,M3n,A5w,C3n+C5/S2n*A,A2s*S,#SaMnA5,S3e,Aas/M5s*C,A4s,A3s+S5,M4e+M2,S4s*M/C2s,Sne,C5e+Sn,Maw+A2,Mnn S:a:2:34:13:live;M:n:5:a34:6:live;C:a:4:na23:8:live;A:a:a:n34:3:live M',
        acting=('M', 1),
        moves=['score e3'],
        move='score e3',
        after='C4s,M2w,Sae,Cas,Cne/S5e,Anw,M3e,A5w,C3n+C5/S2n*A,A2s*S,#SaMnA5,S3e,Aas+M5/M5s*C,A4s,A3s+S5,M4e+M2,S4s*M/C2s,Sne,C5e+Sn,Maw+A2,Mne S:a:2:34:13:live;M:n:-:a34:12:live;C:a:4:na23:8:live;A:a:a:n34:3:live M:feed',
        effects=[
            {'kind': 'rotate', 'cell': 'e1', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 1, 'suit': 'M', 'value': 0, 'facing': 'e', 'label': 'Mn'}},
            {'kind': 'rotate', 'cell': 'c4', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 1, 'suit': 'M', 'value': 3, 'facing': 'e', 'label': 'M3'}},
            {'kind': 'rotate', 'cell': 'b5', 'facing': 'w', 'piece': {'kind': 'tile', 'owner': 1, 'suit': 'M', 'value': 2, 'facing': 'w', 'label': 'M2'}},
            {'kind': 'place', 'cell': 'e3', 'piece': {'kind': 'coin', 'owner': 1, 'suit': 'M', 'value': 5, 'label': 'M5'}, 'from_area': 'Moons timer', 'suit': 'M', 'cause': 'score'},
            {'kind': 'score', 'suit': 'M', 'player': 1, 'points': 6, 'cell': 'e3', 'tile': {'kind': 'tile', 'owner': 3, 'suit': 'A', 'value': 1, 'facing': 's', 'label': 'Aa'}},
        ],
        over=False,
        player=1,
        seat='M',
        scores=[13, 12, 8, 3],
        returns=[0.0, 0.0, 0.0, 0.0],
    ),
    Example(
        name='W6 An own tile turns into facing the pawn',
        options={'players': 4},
        before='C4w,M2s,Sae,Cas,Cnw*C/S5n,Ann,M3e,A5w,C3w/S2e,A2s,#Mn,S3n,Aaw/M5s,A4s*M,A3s,M4e+M2,S4w/C2w*A,Snn,C5w*S,Maw+A2,Mnn S:n:5:na234:0:live;M:4:5:a34:6:live;C:n:5:na234:0:live;A:3:5:na34:3:live S',
        acting=('S', 0),
        moves=['score b1', 'score c2'],
        move='score c2',
        after='C4w,M2s,Sas,Cas,Cnw*C/S5e,Ann,M3e,A5w,C3w/S2s,A2s,#Mn,S3e,Aaw/M5s,A4s*M,A3s+S5,M4e+M2,S4n/C2w*A,Sne,C5w*S,Maw+A2,Mnn S:n:-:na234:8:live;M:4:5:a34:6:live;C:n:5:na234:0:live;A:3:5:na34:3:live S:feed',
        effects=[
            {'kind': 'rotate', 'cell': 'b1', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 0, 'facing': 'e', 'label': 'Sn'}},
            {'kind': 'rotate', 'cell': 'e2', 'facing': 'n', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 4, 'facing': 'n', 'label': 'S4'}},
            {'kind': 'rotate', 'cell': 'a3', 'facing': 's', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 2, 'facing': 's', 'label': 'S2'}},
            {'kind': 'rotate', 'cell': 'd3', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 3, 'facing': 'e', 'label': 'S3'}},
            {'kind': 'rotate', 'cell': 'a4', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 5, 'facing': 'e', 'label': 'S5'}},
            {'kind': 'rotate', 'cell': 'c5', 'facing': 's', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 1, 'facing': 's', 'label': 'Sa'}},
            {'kind': 'place', 'cell': 'c2', 'piece': {'kind': 'coin', 'owner': 0, 'suit': 'S', 'value': 5, 'label': 'S5'}, 'from_area': 'Suns timer', 'suit': 'S', 'cause': 'score'},
            {'kind': 'score', 'suit': 'S', 'player': 0, 'points': 8, 'cell': 'c2', 'tile': {'kind': 'tile', 'owner': 3, 'suit': 'A', 'value': 3, 'facing': 's', 'label': 'A3'}},
        ],
        over=False,
        player=0,
        seat='S',
        scores=[8, 6, 0, 3],
        returns=[0.0, 0.0, 0.0, 0.0],
    ),
    Example(
        name='W7 Scoring a tile that holds another pawn',
        options={'players': 4},
        before='S5w,M5s,A4w+Mn*S,S2n,Sae/Ane+Sa,A5e,Mns*C,M2e,M3s+C5/Can+S2,C4n+S5,#SnM3M5CaA2A3,A3n*A,M4w*M/S3n,S4e,Aan,C5s,A2s+Cn/C3w,Mae,Sne,Cne+C2,C2w S:2:3:4:13:live;M:n:2:a4:4:live;C:3:4:3:12:live;A:n:5:na4:0:live A',
        acting=('A', 3),
        moves=['score e3'],
        move='score e3',
        after='S5w,M5s,A4w+Mn*S,S2n,Sae/Ane+Sa,A5s,Mns*C,M2e,M3s+C5/Can+S2,C4n+S5,#SnM3M5CaA2A3,A3n*A,M4w+A5*M/S3n,S4e,Aae,C5s,A2s+Cn/C3w,Mae,Sne,Cne+C2,C2w S:2:3:4:13:live;M:n:2:a4:4:live;C:3:4:3:12:live;A:n:-:na4:9:live A:feed',
        effects=[
            {'kind': 'rotate', 'cell': 'c2', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 3, 'suit': 'A', 'value': 1, 'facing': 'e', 'label': 'Aa'}},
            {'kind': 'rotate', 'cell': 'b4', 'facing': 's', 'piece': {'kind': 'tile', 'owner': 3, 'suit': 'A', 'value': 5, 'facing': 's', 'label': 'A5'}},
            {'kind': 'place', 'cell': 'e3', 'piece': {'kind': 'coin', 'owner': 3, 'suit': 'A', 'value': 5, 'label': 'A5'}, 'from_area': 'Arms timer', 'suit': 'A', 'cause': 'score'},
            {'kind': 'score', 'suit': 'A', 'player': 3, 'points': 9, 'cell': 'e3', 'tile': {'kind': 'tile', 'owner': 1, 'suit': 'M', 'value': 4, 'facing': 'w', 'label': 'M4'}},
        ],
        over=False,
        player=3,
        seat='A',
        scores=[13, 4, 12, 9],
        returns=[0.0, 0.0, 0.0, 0.0],
    ),
    Example(
        name='W8 A boxed-in pawn must stay',
        options={'players': 4},
        before='Mae,A3w,A2w,C2s,S3n/S5n,Mne,C4s,Cns,M5e/A4w,S2n,#,C5s,M3e/M4e*M,A5w*A,C3s,Aaw,Cas/S4n*S,San*C,Snn,M2e,Anw S:4:4:na235:0:live;M:3:3:na245:0:live;C:a:a:n2345:0:live;A:3:3:na245:0:live S',
        acting=('S', 0),
        moves=['stay'],
        move='stay',
        after='Mae,A3w,A2w,C2s,S3e/S5e,Mne,C4s,Cns,M5e/A4w,S2e,#,C5s,M3e/M4e*M,A5w*A,C3s,Aaw,Cas/S4n*S,San*C,Sne,M2e,Anw S:3:4:na235:0:live;M:3:3:na245:0:live;C:a:a:n2345:0:live;A:3:3:na245:0:live M',
        effects=[
            {'kind': 'rotate', 'cell': 'c1', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 0, 'facing': 'e', 'label': 'Sn'}},
            {'kind': 'rotate', 'cell': 'b3', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 2, 'facing': 'e', 'label': 'S2'}},
            {'kind': 'rotate', 'cell': 'a4', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 5, 'facing': 'e', 'label': 'S5'}},
            {'kind': 'rotate', 'cell': 'e5', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 3, 'facing': 'e', 'label': 'S3'}},
            {'kind': 'move', 'from': 'a1', 'to': 'a1', 'piece': {'kind': 'pawn', 'owner': 0, 'suit': 'S'}, 'suit': 'S', 'cause': 'stay'},
            {'kind': 'roll', 'die': 'Suns', 'value': 3, 'owner': 0, 'suit': 'S', 'cause': 'countdown'},
        ],
        over=False,
        player=1,
        seat='M',
        scores=[0, 0, 0, 0],
        returns=[0.0, 0.0, 0.0, 0.0],
    ),
    Example(
        name='W9 Last coin used: the suit is finished',
        options={'players': 4},
        before='C4e,M2s,Saw+Ca,Caw,Cnw+S2/S5e+S4,Ann,M3e,A5n*A,C3n+C5*C/S2w,A2n,#SaS3MnMaM3C2C3C4AaA3A5,S3s+An,Aas+M5/M5n,A4n,A3s+S5,M4e+M2*S,S4e/C2w,Sne,C5e+Sn,Maw+A2*M,Mnw S:n:-:-:24:done;M:n:4:-:12:live;C:n:n:-:10:live;A:n:4:-:6:live M',
        acting=('M', 1),
        moves=['hole'],
        move='hole',
        after='C4e,M2w,Saw+Ca,Caw,Cnw+S2/S5e+S4,Ann,M3s,A5n*A,C3n+C5*C/S2w,A2n,#SaS3MnMaM3M4C2C3C4AaA3A5,S3s+An,Aas+M5/M5e,A4n,A3s+S5,M4e+M2*S,S4e/C2w,Sne,C5e+Sn,Maw+A2*M,Mnn S:n:-:-:24:done;M:n:-:-:12:done;C:n:n:-:10:live;A:n:4:-:6:live C',
        effects=[
            {'kind': 'rotate', 'cell': 'e1', 'facing': 'n', 'piece': {'kind': 'tile', 'owner': 1, 'suit': 'M', 'value': 0, 'facing': 'n', 'label': 'Mn'}},
            {'kind': 'rotate', 'cell': 'a2', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 1, 'suit': 'M', 'value': 5, 'facing': 'e', 'label': 'M5'}},
            {'kind': 'rotate', 'cell': 'c4', 'facing': 's', 'piece': {'kind': 'tile', 'owner': 1, 'suit': 'M', 'value': 3, 'facing': 's', 'label': 'M3'}},
            {'kind': 'rotate', 'cell': 'b5', 'facing': 'w', 'piece': {'kind': 'tile', 'owner': 1, 'suit': 'M', 'value': 2, 'facing': 'w', 'label': 'M2'}},
            {'kind': 'place', 'cell': 'c3', 'piece': {'kind': 'coin', 'owner': 1, 'suit': 'M', 'value': 4, 'label': 'M4'}, 'from_area': 'Moons timer', 'suit': 'M', 'cause': 'hole'},
            {'kind': 'eliminate', 'player': 1, 'suit': 'M', 'cause': 'no coins left'},
        ],
        over=False,
        player=2,
        seat='C',
        scores=[24, 12, 10, 6],
        returns=[0.0, 0.0, 0.0, 0.0],
    ),
    Example(
        name='W10 Final turn of a four-player game: shared first place',
        options={'players': 4},
        before='S5w,Sae,C4e,Sns+A4,Mnn*S/Can+S5,S4w,A2n*A,A4s,Maw+A3/A3s,S3w,#SaS3S4M2M3M4CnCaC2C3C5AaA2A5,Aaw,M5n+Sn/C2s+C4,S2s+S2,M3n,Anw+Mn,Cnn/M4e+Ma,M2s,C5n+M5*C,C3e,A5n*M S:n:-:-:15:done;M:n:-:-:15:done;C:n:-:-:6:done;A:n:n:-:8:live A',
        acting=('A', 3),
        moves=['score d4'],
        move='score d4',
        after='S5w,Sae,C4e,Sns+A4,Mnn*S/Can+S5,S4w,A2n*A,A4w+An,Maw+A3/A3w,S3w,#SaS3S4M2M3M4CnCaC2C3C5AaA2A5,Aan,M5n+Sn/C2s+C4,S2s+S2,M3n,Anw+Mn,Cnn/M4e+Ma,M2s,C5n+M5*C,C3e,A5n*M S:n:-:-:15:done;M:n:-:-:15:done;C:n:-:-:6:done;A:n:-:-:12:done -',
        effects=[
            {'kind': 'rotate', 'cell': 'a3', 'facing': 'w', 'piece': {'kind': 'tile', 'owner': 3, 'suit': 'A', 'value': 3, 'facing': 'w', 'label': 'A3'}},
            {'kind': 'rotate', 'cell': 'd3', 'facing': 'n', 'piece': {'kind': 'tile', 'owner': 3, 'suit': 'A', 'value': 1, 'facing': 'n', 'label': 'Aa'}},
            {'kind': 'rotate', 'cell': 'd4', 'facing': 'w', 'piece': {'kind': 'tile', 'owner': 3, 'suit': 'A', 'value': 4, 'facing': 'w', 'label': 'A4'}},
            {'kind': 'place', 'cell': 'd4', 'piece': {'kind': 'coin', 'owner': 3, 'suit': 'A', 'value': 0, 'label': 'An'}, 'from_area': 'Arms timer', 'suit': 'A', 'cause': 'score'},
            {'kind': 'score', 'suit': 'A', 'player': 3, 'points': 4, 'cell': 'd4', 'tile': {'kind': 'tile', 'owner': 3, 'suit': 'A', 'value': 4, 'facing': 'w', 'label': 'A4'}},
            {'kind': 'eliminate', 'player': 3, 'suit': 'A', 'cause': 'no coins left'},
        ],
        over=True,
        player=None,
        seat=None,
        scores=[15, 15, 6, 12],
        returns=[0.5, 0.5, -1.0, -1.0],
    ),
    Example(
        name='W11 Final turn of a two-player game: a draw',
        options={'players': 2},
        before='S3s+S2,M2e+C3,S4w+A3*C,A3e+A4,A5e/Mnw*S,Cas+C4,Sne,S5s+Aa,M4s/C5n+S3,S2w,#SnS5MnMaM3M4CnCaC2AnA2A5,C3s,Saw/A2w,Cnw+Sa,C2e*A,M3e,Mae/C4e+M2,Aae+M5,Ann+S4*M,A4e,M5e S:n:-:-:18:done;M:n:-:-:12:done;C:n:5:-:10:live;A:n:-:-:20:done C',
        acting=('C', 1),
        moves=['hole'],
        move='hole',
        after='S3s+S2,M2e+C3,S4w+A3*C,A3e+A4,A5e/Mnw*S,Cas+C4,Sne,S5s+Aa,M4s/C5n+S3,S2w,#SnS5MnMaM3M4CnCaC2C5AnA2A5,C3w,Saw/A2w,Cnw+Sa,C2e*A,M3e,Mae/C4e+M2,Aae+M5,Ann+S4*M,A4e,M5e S:n:-:-:18:done;M:n:-:-:12:done;C:n:-:-:10:done;A:n:-:-:20:done -',
        effects=[
            {'kind': 'rotate', 'cell': 'd3', 'facing': 'w', 'piece': {'kind': 'tile', 'owner': 1, 'suit': 'C', 'value': 3, 'facing': 'w', 'label': 'C3'}},
            {'kind': 'place', 'cell': 'c3', 'piece': {'kind': 'coin', 'owner': 1, 'suit': 'C', 'value': 5, 'label': 'C5'}, 'from_area': 'Crowns timer', 'suit': 'C', 'cause': 'hole'},
            {'kind': 'eliminate', 'player': 1, 'suit': 'C', 'cause': 'no coins left'},
        ],
        over=True,
        player=None,
        seat=None,
        scores=[30, 30],
        returns=[0.0, 0.0],
    ),
    Example(
        name='W12 Two-player turn order',
        options={'players': 2},
        before='S5n,M5e,A4w,S2n*S,San/Anw,A5w,Mne,M2e,M3e*M/Cas,C4s,#,A3w*A,M4e/S3n,S4n,Aaw,C5s,A2w/C3s,Mae,Snn,Cns,C2s*C S:2:2:na345:0:live;M:3:3:na245:0:live;C:2:2:na345:0:live;A:3:3:na245:0:live S',
        acting=('S', 0),
        moves=['d5-a2', 'd5-a5', 'd5-b3', 'd5-b5', 'd5-c4', 'd5-c5', 'd5-d4', 'd5-e5'],
        move='d5-a2',
        after='S5e,M5e,A4w,S2n,Sae/Anw,A5w,Mne,M2e,M3e*M/Cas,C4s,#,A3w*A,M4e/S3e*S,S4e,Aaw,C5s,A2w/C3s,Mae,Sne,Cns,C2s*C S:a:2:na345:0:live;M:3:3:na245:0:live;C:2:2:na345:0:live;A:3:3:na245:0:live A',
        effects=[
            {'kind': 'rotate', 'cell': 'c1', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 0, 'facing': 'e', 'label': 'Sn'}},
            {'kind': 'rotate', 'cell': 'a2', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 3, 'facing': 'e', 'label': 'S3'}},
            {'kind': 'rotate', 'cell': 'b2', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 4, 'facing': 'e', 'label': 'S4'}},
            {'kind': 'rotate', 'cell': 'a5', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 5, 'facing': 'e', 'label': 'S5'}},
            {'kind': 'rotate', 'cell': 'e5', 'facing': 'e', 'piece': {'kind': 'tile', 'owner': 0, 'suit': 'S', 'value': 1, 'facing': 'e', 'label': 'Sa'}},
            {'kind': 'move', 'from': 'd5', 'to': 'a2', 'piece': {'kind': 'pawn', 'owner': 0, 'suit': 'S'}, 'suit': 'S'},
            {'kind': 'roll', 'die': 'Suns', 'value': 1, 'owner': 0, 'suit': 'S', 'cause': 'countdown'},
        ],
        over=False,
        player=1,
        seat='A',
        scores=[0, 0],
        returns=[0.0, 0.0],
    ),
]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name.split()[0])
def test_worked_example(example):
    game = abstracta.load("desfases", **example.options)
    before = game.parse(example.before)
    assert before.notation() == example.before
    assert (before.seat, before.player) == example.acting
    assert before.moves() == example.moves
    after = before.play(example.move)
    assert after.notation() == example.after
    assert after.last_effects() == example.effects
    assert (after.over, after.player, after.seat) == (example.over, example.player, example.seat)
    assert after.scores() == example.scores
    assert after.returns() == example.returns
    assert before.notation() == example.before  # the receiver is unchanged


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name.split()[0])
def test_worked_example_after_round_trips_with_its_effects(example):
    game = abstracta.load("desfases", **example.options)
    after = game.parse(example.before).play(example.move)
    restored = game.from_json(after.to_json())
    assert restored.notation() == example.after
    assert restored.last_effects() == example.effects


def test_w2_to_w4_form_one_sequence():
    w2, w3, w4 = EXAMPLES[1:4]
    assert w2.after == w3.before and w3.after == w4.before


def test_examples_start_where_the_rules_say():
    w1, w12 = EXAMPLES[0], EXAMPLES[11]
    seed_42 = abstracta.load("desfases", layout=w1.before)
    assert seed_42.start(seed=5).notation() == w1.before  # the layout fixes the setup; the seed is ignored
    assert abstracta.load("desfases", players=2).start(seed=2).notation() == w12.before


START_POSITIONS = {  # §4, given literally
    1: "S3n,M2e,S2n*S,Anw*A,S4n/C4s,Cns*C,A4w,C2s,C3s/Snn,Mae,#,San,Aaw/Cas,S5n,M4e,M3e,Mne*M/A2w,M5e,A5w,C5s,A3w "
    "S:2:2:na345:0:live;M:n:n:a2345:0:live;C:n:n:a2345:0:live;A:n:n:a2345:0:live S",
    2: "S5n,M5e,A4w,S2n*S,San/Anw,A5w,Mne,M2e,M3e*M/Cas,C4s,#,A3w*A,M4e/S3n,S4n,Aaw,C5s,A2w/C3s,Mae,Snn,Cns,C2s*C "
    "S:2:2:na345:0:live;M:3:3:na245:0:live;C:2:2:na345:0:live;A:3:3:na245:0:live S",
    13: "Mae,S5n,A3w,M3e,M2e*M/San,Anw,A2w,Aaw,S4n/C3s*C,M5e,#,S3n,A5w*A/C4s,Cas,S2n,Mne,Snn*S/C5s,Cns,C2s,A4w,M4e "
    "S:n:n:a2345:0:live;M:2:2:na345:0:live;C:3:3:na245:0:live;A:5:5:na234:0:live S",
}


@pytest.mark.parametrize("seed", sorted(START_POSITIONS))
@pytest.mark.parametrize("players", [4, 2])
def test_start_positions_of_section_4(seed, players):
    state = abstracta.load("desfases", players=players).start(seed=seed)
    assert state.notation() == START_POSITIONS[seed]
    assert (state.seat, state.player, state.over) == ("S", 0, False)
    assert state.last_effects() == []


def test_seed_13_opens_with_a_scoring_turn():
    # "the very first turn is a scoring turn": the Suns pawn on e2, die n; after the turning only
    # Mn on d2 (facing e) faces it. Perft depth 1 is 1.
    state = abstracta.load("desfases").start(seed=13)
    assert state.moves() == ["score d2"]
    after = state.play("score d2")
    assert after.notation().endswith(" S:feed") and after.scores() == [0, 0, 0, 0]  # Mn + Sn = 0 + 0
    assert [e for e in after.last_effects() if e["kind"] == "score"] == [
        {"kind": "score", "suit": "S", "player": 0, "points": 0, "cell": "d2",
         "tile": {"kind": "tile", "owner": 1, "suit": "M", "value": 0, "facing": "e", "label": "Mn"}}
    ]


def test_what_the_examples_say_of_the_feed_step():
    game = abstracta.load("desfases")
    w3, w5 = EXAMPLES[2], EXAMPLES[4]
    # W3: Moons still has coins after `hole`, so the same player (1) feeds next.
    fed = game.parse(w3.before).play("hole")
    assert (fed.seat, fed.player) == ("M", 1) and all(m.startswith("feed ") for m in fed.moves())
    # W5: "the feed step then lists feed 3, feed 4, feed a" - sorted as Python sorts strings.
    assert game.parse(w5.before).play("score e3").moves() == ["feed 3", "feed 4", "feed a"]


def test_the_notation_examples_of_section_9():
    # The seed-42 layout, changed so that it holds the three examples §9 explains: the cell
    # M4e+S2*C (a2), the hole #SnM2Ca and the Crowns record C:3:4:235:3:live (its null coin
    # scored C3 on c2 for 3 points; its ace coin is in the hole).
    text = (
        "Mae,A3w*A,A2w,C2s,S3n/S5n,Mne,C4s,Cns,M5e/A4w,S2n,#SnM2Ca,C5s,M3e*M/M4e+S2*C,A5w,C3s+Cn,Aaw,Cas/"
        "S4n*S,San,Snn,M2e,Anw S:4:4:a35:6:live;M:3:3:na45:0:live;C:3:4:235:3:live;A:3:3:na245:0:live S"
    )
    state = abstracta.load("desfases").parse(text)
    assert state.notation() == text
    assert state.scores() == [6, 0, 3, 0]  # Suns: M4 + S2 = 4 + 2; Crowns: C3 + Cn = 3 + 0
    assert "a1-a2" not in state.moves()  # the Crowns pawn on a2 blocks the Suns pawn on a1
    # a2 carries a coin and a pawn, so Moons' turning leaves it (and its e facing) alone.
    moons = state.play("a1-b1")
    after = moons.play(moons.moves()[0])
    assert "a2" not in {e["cell"] for e in after.last_effects() if e["kind"] == "rotate"}
    assert "/M4e+S2*C," in after.notation()
