// Reflec (docs/games/reflec.md): 8x8 board; suits S M C A, each a laser ("S*") and coins ("Sn": suit + facing).
// Drawn from view.structure (the structured position), never from the notation.
import { el, svgRoot, drawMarks } from "/static/js/svg.js";

const FILES = "abcdefgh";
const CELL = 58;
const MARGIN = 30;
const BOARD = CELL * 8;
const PANEL_X = MARGIN * 2 + BOARD + 6;
export const boardWidth = MARGIN * 2 + BOARD; // the board without its side panel (js/phone.js)
// Colour-blind safe (Okabe-Ito): with two players Suns & Crowns are warm, Moons & Arms blue, so a
// player's two suits read alike under any filter; each suit also has its own coin shape and letter.
const SUIT_COLORS = { S: "#e69f00", M: "#0072b2", C: "#b5470b", A: "#56b4e9" };
const SUIT_INK = { S: "#1f1400", M: "#ffffff", C: "#ffffff", A: "#06263a" };
const SUIT_NAMES = { S: "Suns", M: "Moons", C: "Crowns", A: "Arms" };
const DIRS = { n: "north", e: "east", s: "south", w: "west" };
const ANGLE = { n: 0, e: 90, s: 180, w: 270 };

export const seatColors = [SUIT_COLORS.S, SUIT_COLORS.M, SUIT_COLORS.C, SUIT_COLORS.A];

export const scoreLabel = "lasers left";

export function seatNames(options, n) {
  if (n === 2) return ["Suns & Crowns", "Moons & Arms"];
  return ["Suns", "Moons", "Crowns", "Arms"].slice(0, n);
}

export function parseMove(move) {
  let m = /^[SMCA]@([a-h][1-8])[nesw]$/.exec(move);
  if (m) return { from: null, to: m[1] };
  m = /^([a-h][1-8])-([a-h][1-8])[nesw]?$/.exec(move);
  if (m) return { from: m[1], to: m[2] };
  m = /^([a-h][1-8])=[nesw]$/.exec(move);
  if (m) return { from: m[1], to: m[1] };
  m = /^([a-h][1-8])x([a-h][1-8])$/.exec(move);
  if (m) return { from: m[1], to: m[2], reversible: true }; // a swap starts from either coin
  return null; // fire (*d) and end are buttons
}

export function moveLabel(move) {
  let m = /^([SMCA])@([a-h][1-8])([nesw])$/.exec(move);
  if (m) return `drop ${SUIT_NAMES[m[1]]} coin on ${m[2]}, facing ${DIRS[m[3]]}`;
  m = /^([a-h][1-8])-([a-h][1-8])([nesw])$/.exec(move);
  if (m) return `${m[1]}-${m[2]}, facing ${DIRS[m[3]]}`;
  m = /^([a-h][1-8])=([nesw])$/.exec(move);
  if (m) return `turn ${m[1]} to face ${DIRS[m[2]]}`;
  m = /^\*([nesw])$/.exec(move);
  if (m) return `fire ${DIRS[m[1]]} (3)`;
  if (move === "end") return "end turn";
  return move;
}

// The position as the board draws it, from the view's structured position (docs/games/reflec.md,
// "Structured position"): pieces by square, and per suit its die, coins in hand and whether its
// laser is lost (flag "x") or the suit turned neutral (flag "n", its pieces owned by no one).
export function readStructure(structure) {
  const cells = {};
  for (const [sq, pieces] of Object.entries(structure.cells)) {
    const piece = pieces[pieces.length - 1];
    const laser = piece.kind === "laser";
    cells[sq] = { suit: piece.suit, facing: laser ? null : piece.facing, laser, token: piece.suit + (laser ? "*" : piece.facing) };
  }
  const extra = structure.extra;
  const supplies = Object.fromEntries(structure.areas.map((area) => [area.name.slice(-1), area]));
  const suits = structure.dice.map((die) => {
    const supply = supplies[die.name];
    const off = supply.pieces.reduce((sum, piece) => sum + (piece.count ?? 1), 0);
    const flag = !extra.destroyed.includes(die.name) ? "" : supply.owner === null ? "n" : "x";
    return { suit: die.name, die: die.value, off, flag };
  });
  return { cells, suits, acting: extra.acting, phase: extra.phase, tiles: extra.tiles, turns: extra.turns, locked: extra.locked || [] };
}

function pieceOf(piece) {
  return { suit: piece.suit, facing: piece.kind === "laser" ? null : piece.facing, laser: piece.kind === "laser" };
}

function xy(sq, flipped) {
  const f = FILES.indexOf(sq[0]);
  const r = Number(sq[1]);
  return flipped ? [MARGIN + (7 - f) * CELL, MARGIN + (r - 1) * CELL] : [MARGIN + f * CELL, MARGIN + (8 - r) * CELL];
}

// Each suit's coin has its own outline: Suns round, Moons square, Crowns hexagonal, Arms diamond.
const hexagon = [0, 60, 120, 180, 240, 300].map((a) => `${(21 * Math.sin((a * Math.PI) / 180)).toFixed(1)},${(-21 * Math.cos((a * Math.PI) / 180)).toFixed(1)}`).join(" ");
const COIN_SHAPES = {
  S: ["circle", { r: 20 }],
  M: ["rect", { x: -18, y: -18, width: 36, height: 36, rx: 5 }],
  C: ["polygon", { points: hexagon }],
  A: ["polygon", { points: "0,-23 23,0 0,23 -23,0" }],
};

function drawPiece(p, x, y, flipped, extra = {}) {
  const g = el("g", { class: "rf-piece", transform: `translate(${x + CELL / 2} ${y + CELL / 2})`, ...extra });
  const colour = SUIT_COLORS[p.suit];
  if (p.laser) {
    g.append(el("rect", { x: -20, y: -20, width: 40, height: 40, rx: 9, fill: "#222", stroke: colour, "stroke-width": 4 }));
    g.append(el("circle", { r: 11, fill: colour, stroke: "#fff", "stroke-width": 2 }));
    g.append(el("text", { y: 4, class: "rf-laser-letter", fill: SUIT_INK[p.suit] }, p.suit));
    return g;
  }
  const turn = ANGLE[p.facing] + (flipped ? 180 : 0);
  const [shape, geometry] = COIN_SHAPES[p.suit];
  g.append(el(shape, { ...geometry, fill: colour, stroke: "#1b1b1b", "stroke-width": 1.5, class: "rf-coin", "data-suit": p.suit }));
  const arrow = el("g", { transform: `rotate(${turn})` });
  arrow.append(el("path", { d: "M0 -21 L8 -11 L-8 -11 Z", fill: SUIT_INK[p.suit], stroke: colour, "stroke-width": 1 }));
  g.append(arrow);
  g.append(el("text", { y: 6, class: "rf-letter", fill: SUIT_INK[p.suit] }, p.suit));
  return g;
}

function centre(sq, flipped) {
  const [x, y] = xy(sq, flipped);
  return [x + CELL / 2, y + CELL / 2];
}

const STEP = { n: [0, -1], s: [0, 1], e: [1, 0], w: [-1, 0] };

export function describeTurn(view) {
  const pos = readStructure(view.structure);
  if (view.over) return null;
  if (pos.phase === "drop") return `drop round: ${SUIT_NAMES[pos.acting]} drop a coin`;
  const suit = pos.suits.find((s) => s.suit === pos.acting);
  return `${SUIT_NAMES[pos.acting]}: ${pos.tiles} points to spend, ${suit ? suit.die : 0} on the die`;
}

export function draw(view, ui = {}) {
  const pos = readStructure(view.structure);
  const flipped = Boolean(ui.flipped);
  const svg = svgRoot(ui.mini ? MARGIN * 2 + BOARD : PANEL_X + 200, MARGIN * 2 + BOARD, `Reflec: ${view.position}`);
  svg.append(el("rect", { x: MARGIN - 8, y: MARGIN - 8, width: BOARD + 16, height: BOARD + 16, rx: 10, fill: "#3b3a36" }));
  const marks = el("g", { "pointer-events": "none" });
  for (let f = 0; f < 8; f += 1) {
    for (let r = 1; r <= 8; r += 1) {
      const sq = `${FILES[f]}${r}`;
      const [x, y] = xy(sq, flipped);
      const tile = (Math.floor(f / 2) + Math.floor((r - 1) / 2)) % 2;
      svg.append(el("rect", { x, y, width: CELL, height: CELL, class: "sq", "data-sq": sq, fill: tile ? "#e9e2d0" : "#ddd3bc", stroke: "#c4b99f", "stroke-width": 0.6 }));
      drawMarks(marks, ui, sq, x, y, CELL, SUIT_COLORS[pos.acting] || "#1b7f3b");
    }
  }
  const pieces = el("g", { "pointer-events": "none" });
  for (const [sq, p] of Object.entries(pos.cells)) {
    const [x, y] = xy(sq, flipped);
    pieces.append(drawPiece(p, x, y, flipped, { "data-piece": p.token, "data-at": sq }));
  }
  // A locked neutral coin (3-4 players: touched last turn, nobody may handle it this turn): a dashed frame.
  for (const sq of pos.locked) {
    const [x, y] = xy(sq, flipped);
    pieces.append(el("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 6, class: "rf-locked", "data-locked": sq,
      fill: "none", stroke: "#3b3a36", "stroke-width": 2, "stroke-dasharray": "5 4" }));
  }
  svg.append(pieces);
  if (!ui.mini) {
    for (const effect of view.last_effects || []) {
      if (effect.kind === "beam") {
        const points = [effect.from, ...effect.path].map((sq) => centre(sq, flipped));
        if (effect.stop === "edge") {
          const [lx, ly] = points[points.length - 1];
          let [dx, dy] = STEP[effect.dir];
          if (points.length >= 2) {
            const [ax, ay] = points[points.length - 2];
            [dx, dy] = [Math.sign(lx - ax), Math.sign(ly - ay)];
          } else if (flipped) [dx, dy] = [-dx, -dy];
          points.push([lx + dx * CELL * 0.6, ly + dy * CELL * 0.6]);
        }
        const d = points.map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(1)} ${y.toFixed(1)}`).join(" ");
        const colour = SUIT_COLORS[effect.suit] || "#ff2d2d"; // the beam in the firing suit's colour
        svg.append(el("path", { d, class: "beam-glow", style: `stroke: ${colour}`, "data-firer": effect.suit }),
          el("path", { d, class: `beam${ui.animate ? " beam-new" : ""}`, pathLength: 100, style: `stroke: ${colour}`, "data-firer": effect.suit }));
      } else if (effect.kind === "remove") { // a coin of a loop, or the destroyed laser, fading out
        const [x, y] = xy(effect.cell, flipped);
        svg.append(drawPiece(pieceOf(effect.piece), x, y, flipped, { class: `rf-piece lc-piece removed ${ui.animate ? "fading" : "faded"}`, "pointer-events": "none" }));
      }
    }
  }
  svg.append(marks);
  if (ui.mini) return svg;
  for (let i = 0; i < 8; i += 1) {
    svg.append(el("text", { x: MARGIN + i * CELL + CELL / 2, y: MARGIN + BOARD + 22, class: "coord" }, flipped ? FILES[7 - i] : FILES[i]));
    svg.append(el("text", { x: MARGIN - 17, y: MARGIN + i * CELL + CELL / 2 + 5, class: "coord" }, String(flipped ? i + 1 : 8 - i)));
  }
  // Suits: die, coins off the board, destroyed or neutral.
  svg.append(el("text", { x: PANEL_X, y: MARGIN + 10, class: "panel-label active" }, pos.phase === "drop" ? "Drop round" : `Turn ${pos.turns + 1} · ${pos.tiles} to spend`));
  pos.suits.forEach((s, i) => {
    const top = MARGIN + 34 + i * 62;
    const acting = s.suit === pos.acting && !view.over;
    svg.append(el("rect", { x: PANEL_X - 6, y: top - 4, width: 190, height: 54, rx: 8, fill: acting ? "#fff1c2" : "none" }));
    svg.append(el("circle", { cx: PANEL_X + 12, cy: top + 14, r: 10, fill: SUIT_COLORS[s.suit], stroke: "#1b1b1b" }));
    svg.append(el("text", { x: PANEL_X + 12, y: top + 18.5, class: "rf-letter rf-panel-letter", fill: SUIT_INK[s.suit] }, s.suit));
    const state = s.flag === "x" ? " (laser lost)" : s.flag === "n" ? " (neutral)" : "";
    svg.append(el("text", { x: PANEL_X + 28, y: top + 19, class: "panel-label" }, `${SUIT_NAMES[s.suit]}${state}`));
    svg.append(el("text", { x: PANEL_X + 28, y: top + 40, class: "die-label rf-info" }, `die ${s.die} · ${s.off} coin${s.off === 1 ? "" : "s"} in hand`));
  });
  if (pos.locked.length) {
    svg.append(el("text", { x: PANEL_X, y: MARGIN + 44 + pos.suits.length * 62, class: "die-label rf-info", "data-testid": "locked" },
      `locked this turn: ${pos.locked.join(", ")}`));
  }
  return svg;
}
