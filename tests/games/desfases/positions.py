"""Positions of docs/rules/desfases.md that several test modules start from, given literally."""

from __future__ import annotations

SEED_42 = (  # §4: the recorded game's setup (piecepackr seed 42); W1's position
    "Mae,A3w*A,A2w,C2s,S3n/S5n,Mne,C4s,Cns,M5e/A4w,S2n,#,C5s,M3e*M/M4e,A5w,C3s,Aaw,Cas*C/S4n*S,San,Snn,M2e,Anw "
    "S:4:4:na235:0:live;M:3:3:na245:0:live;C:a:a:n2345:0:live;A:3:3:na245:0:live S"
)
W2_BEFORE = (  # after the recorded game's sixth round
    "Maw,A3n,A2e,C2n,S3s+Cn/S5n*C,Mnw,C4n,Cnw,M5n/A4s*M,S2w+M3,#Ca,C5s+A3,M3s+Aa/M4e+S4,A5e*S,C3w+Sn,Aaw,Cas*A/"
    "S4n,Sas,Sne,M2w,Ann S:2:2:a35:11:live;M:n:2:na45:5:live;C:a:4:235:3:live;A:2:2:n45:12:live S"
)
W5_BEFORE = (
    "C4s,M2s,Sae,Cas,Cne/S5e,Anw,M3n,A5w,C3n+C5/S2n*A,A2s*S,#SaMnA5,S3e,Aas/M5s*C,A4s,A3s+S5,M4e+M2,S4s*M/"
    "C2s,Sne,C5e+Sn,Maw+A2,Mnn S:a:2:34:13:live;M:n:5:a34:6:live;C:a:4:na23:8:live;A:a:a:n34:3:live M"
)
W6_BEFORE = (
    "C4w,M2s,Sae,Cas,Cnw*C/S5n,Ann,M3e,A5w,C3w/S2e,A2s,#Mn,S3n,Aaw/M5s,A4s*M,A3s,M4e+M2,S4w/C2w*A,Snn,C5w*S,"
    "Maw+A2,Mnn S:n:5:na234:0:live;M:4:5:a34:6:live;C:n:5:na234:0:live;A:3:5:na34:3:live S"
)
W9_BEFORE = (  # Suns done; Moons plays its last turn
    "C4e,M2s,Saw+Ca,Caw,Cnw+S2/S5e+S4,Ann,M3e,A5n*A,C3n+C5*C/S2w,A2n,#SaS3MnMaM3C2C3C4AaA3A5,S3s+An,Aas+M5/"
    "M5n,A4n,A3s+S5,M4e+M2*S,S4e/C2w,Sne,C5e+Sn,Maw+A2*M,Mnw S:n:-:-:24:done;M:n:4:-:12:live;C:n:n:-:10:live;"
    "A:n:4:-:6:live M"
)
W10_BEFORE = (  # Arms' last turn; everyone else is done
    "S5w,Sae,C4e,Sns+A4,Mnn*S/Can+S5,S4w,A2n*A,A4s,Maw+A3/A3s,S3w,#SaS3S4M2M3M4CnCaC2C3C5AaA2A5,Aaw,M5n+Sn/"
    "C2s+C4,S2s+S2,M3n,Anw+Mn,Cnn/M4e+Ma,M2s,C5n+M5*C,C3e,A5n*M S:n:-:-:15:done;M:n:-:-:15:done;C:n:-:-:6:done;"
    "A:n:n:-:8:live A"
)
W11_BEFORE = (  # Crowns' last turn; everyone else is done
    "S3s+S2,M2e+C3,S4w+A3*C,A3e+A4,A5e/Mnw*S,Cas+C4,Sne,S5s+Aa,M4s/C5n+S3,S2w,#SnS5MnMaM3M4CnCaC2AnA2A5,C3s,Saw/"
    "A2w,Cnw+Sa,C2e*A,M3e,Mae/C4e+M2,Aae+M5,Ann+S4*M,A4e,M5e S:n:-:-:18:done;M:n:-:-:12:done;C:n:5:-:10:live;"
    "A:n:-:-:20:done C"
)
SHARED_FIRST = (  # not from the rules: seed 15's random game, Arms to score d4; Suns and Moons end level on 15
    "S5w,Sae,C4e,Sns+A4,Mnn*S/Can+S5,S4w,A2n*A,A4s,Maw+A3/A3s,S3w,#SaS3S4M2M3M4CnCaC2C3C5AaA2A5,Aaw,M5n+Sn/"
    "C2s+C4,S2s+S2,M3n,Anw+Mn,Cnn/M4e+Ma,M2s,C5n+M5*C,C3e,A5n*M S:n:-:-:15:done;M:n:-:-:15:done;C:n:-:-:6:done;"
    "A:n:n:-:8:live A"
)
