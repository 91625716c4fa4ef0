// Laser Chess (docs/games/laser-chess.md): 10x8 board, Blue (player 0) at rank 1, Red (player 1) at rank 8.
// Drawn from view.structure (docs/api.md "The structured position"): each cell holds one piece
// {kind: "laser" | "king" | "switch" | "deflector" | "defender", owner: 0 | 1, facing}; extra.side is
// the side field of the position (0 Blue, 1 Red), which flips even on the ply that ends the game.
import { el, svgRoot, drawMarks } from "/static/js/svg.js";

const FILES = "abcdefghij";
const CELL = 56;
const MARGIN = 30;
const W = CELL * 10;
const H = CELL * 8;
const COLORS = { blue: "#2f6fd6", red: "#d9423b" };
const CLOSED = {
  blue: new Set(["a1", "a2", "a3", "a4", "a5", "a6", "a7", "i1", "i8"]),
  red: new Set(["j2", "j3", "j4", "j5", "j6", "j7", "j8", "b1", "b8"]),
};
const LETTERS = { laser: "L", king: "K", switch: "S", deflector: "D", defender: "B" };
const SIDES = ["blue", "red"];

export const seatColors = [COLORS.blue, COLORS.red];

export const scoreLabel = "pieces on the board";

export function seatNames() {
  return ["Blue", "Red"];
}

export function flipFor(you) {
  return you === 1;
}

export function parseMove(move) {
  let m = /^([a-j][1-8])-([a-j][1-8])$/.exec(move);
  if (m) return { from: m[1], to: m[2] };
  m = /^([a-j][1-8])[+-]$/.exec(move);
  if (m) return { from: m[1], to: m[1] };
  return null;
}

export function moveLabel(move) {
  if (/^[a-j][1-8]\+$/.test(move)) return `${move}  turn clockwise \u21bb`;
  if (/^[a-j][1-8]-$/.test(move)) return `${move}  turn counter-clockwise \u21ba`;
  if (move === "draw") return "claim a draw (threefold repetition)";
  return move;
}

// A structured piece as drawn here: its kind letter, side name, facing and notation token (data-piece).
function pieceOf(piece) {
  const kind = LETTERS[piece.kind];
  const facing = piece.facing || "";
  return { kind, owner: SIDES[piece.owner], facing, token: (piece.owner === 0 ? kind : kind.toLowerCase()) + facing };
}

function xy(sq, flipped) {
  const f = FILES.indexOf(sq[0]);
  const r = Number(sq.slice(1));
  return flipped ? [MARGIN + (9 - f) * CELL, MARGIN + (r - 1) * CELL] : [MARGIN + f * CELL, MARGIN + (8 - r) * CELL];
}

const ANGLE = { n: 0, e: 90, s: 180, w: 270, ne: 45, se: 135, sw: 225, nw: 315 };

// One piece drawn in a unit frame centred at 0,0 pointing north, then rotated to its facing.
function piece(p, x, y, flipped, extra = {}) {
  const c = COLORS[p.owner];
  const g = el("g", { class: `lc-piece lc-${p.kind}`, transform: `translate(${x + CELL / 2} ${y + CELL / 2})`, ...extra });
  const turn = (ANGLE[p.facing] || 0) + (flipped ? 180 : 0);
  const s = CELL * 0.4;
  const body = el("g", { transform: `rotate(${turn})` });
  if (p.kind === "K") {
    g.append(el("circle", { r: s * 0.95, fill: c, stroke: "#111", "stroke-width": 1.5 }));
    // The crown stands upright whatever the board's turn (data-upright: the phone's quarter turn turns it back).
    const crown = el("g", { class: "lc-crown", "data-upright": "" });
    g.append(crown);
    crown.append(el("path", { d: `M${-s * 0.55} ${s * 0.3} L${-s * 0.6} ${-s * 0.35} L${-s * 0.25} ${-s * 0.05} L0 ${-s * 0.5} L${s * 0.25} ${-s * 0.05} L${s * 0.6} ${-s * 0.35} L${s * 0.55} ${s * 0.3} Z`, fill: "#ffd54a", stroke: "#6b5200", "stroke-width": 1 }));
    return g;
  }
  if (p.kind === "L") {
    body.append(el("rect", { x: -s * 0.8, y: -s * 0.8, width: s * 1.6, height: s * 1.6, rx: 6, fill: c, stroke: "#111", "stroke-width": 1.5 }));
    body.append(el("rect", { x: -s * 0.18, y: -s * 1.15, width: s * 0.36, height: s * 0.9, fill: "#222" }));
    body.append(el("circle", { r: s * 0.35, fill: "#ff4040", stroke: "#fff", "stroke-width": 2 }));
  } else if (p.kind === "B") {
    body.append(el("rect", { x: -s * 0.85, y: -s * 0.85, width: s * 1.7, height: s * 1.7, rx: 5, fill: c, stroke: "#111", "stroke-width": 1.5 }));
    body.append(el("rect", { x: -s * 0.95, y: -s * 1.05, width: s * 1.9, height: s * 0.45, rx: 3, fill: "#e6e6e6", stroke: "#333", "stroke-width": 1.2 }));
  } else if (p.kind === "D") {
    // The mirror lies on the diagonal across the facing; the body is the half behind it.
    // Drawn for facing "ne" (rotated 45 from north): body = south-west triangle.
    const r = s * 0.95;
    const local = el("g", { transform: "rotate(-45)" });
    local.append(el("path", { d: `M${-r} ${-r} L${-r} ${r} L${r} ${r} Z`, fill: c, stroke: "#111", "stroke-width": 1.5 }));
    local.append(el("line", { x1: -r, y1: -r, x2: r, y2: r, stroke: "#dfe8f0", "stroke-width": 5, "stroke-linecap": "round" }));
    body.append(local);
  } else if (p.kind === "S") {
    // ne = "/" (south-west to north-east), nw = "\": a mirror line on a square body, both sides silver.
    const r = s * 0.9;
    const local = el("g", { transform: `rotate(${-turn})` });
    local.append(el("rect", { x: -r, y: -r, width: 2 * r, height: 2 * r, rx: 8, fill: c, stroke: "#111", "stroke-width": 1.5 }));
    const slash = (p.facing === "ne") !== flipped ? `M${-r} ${r} L${r} ${-r}` : `M${-r} ${-r} L${r} ${r}`;
    local.append(el("path", { d: slash, stroke: "#dfe8f0", "stroke-width": 6, "stroke-linecap": "round" }));
    body.append(local);
  }
  g.append(body);
  return g;
}

function centre(sq, flipped) {
  const [x, y] = xy(sq, flipped);
  return [x + CELL / 2, y + CELL / 2];
}

export function draw(view, ui = {}) {
  const structure = view.structure;
  const side = SIDES[structure.extra.side];
  const flipped = Boolean(ui.flipped);
  const svg = svgRoot(W + MARGIN * 2, H + MARGIN * 2, `Laser Chess: ${view.position}`);
  svg.append(el("rect", { x: MARGIN - 8, y: MARGIN - 8, width: W + 16, height: H + 16, rx: 10, fill: "#2b2d33" }));
  const squares = el("g");
  const marks = el("g", { "pointer-events": "none" });
  for (let f = 0; f < 10; f += 1) {
    for (let r = 1; r <= 8; r += 1) {
      const sq = `${FILES[f]}${r}`;
      const [x, y] = xy(sq, flipped);
      let fill = (f + r) % 2 ? "#c9ccd3" : "#b7bbc4";
      if (CLOSED.blue.has(sq)) fill = "#e6b7b4"; // Red's helix: closed to Blue
      if (CLOSED.red.has(sq)) fill = "#b3c7ea"; // Blue's helix: closed to Red
      squares.append(el("rect", { x, y, width: CELL, height: CELL, fill, class: "sq", "data-sq": sq, stroke: "#9a9ea8", "stroke-width": 0.5 }));
      drawMarks(marks, ui, sq, x, y, CELL, COLORS[side]);
    }
  }
  svg.append(squares);
  const pieces = el("g", { "pointer-events": "none" });
  for (const [sq, [standing]] of Object.entries(structure.cells)) {
    const [x, y] = xy(sq, flipped);
    const p = pieceOf(standing);
    pieces.append(piece(p, x, y, flipped, { "data-piece": p.token, "data-at": sq }));
  }
  svg.append(pieces);
  // The last shot: the beam from the Laser along its path, and the piece it removed fading out.
  const effects = view.last_effects || [];
  const beam = effects.find((e) => e.kind === "beam");
  if (beam && !ui.mini) {
    const points = [beam.from, ...beam.path].map((sq) => centre(sq, flipped));
    if (beam.stop === "edge" && points.length >= 2) {
      const [ax, ay] = points[points.length - 2];
      const [bx, by] = points[points.length - 1];
      points.push([bx + (bx - ax) * 0.6, by + (by - ay) * 0.6]);
    }
    const d = points.map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(1)} ${y.toFixed(1)}`).join(" ");
    // The beam in the colour of the side that fired: the Laser's owner (it has just moved, so the
    // side to move now is the other one if the Laser itself is gone).
    const laser = structure.cells[beam.from];
    const firer = laser ? SIDES[laser[0].owner] : side === "blue" ? "red" : "blue";
    svg.append(el("path", { d, class: "beam-glow", style: `stroke: ${COLORS[firer]}`, "data-firer": firer }));
    svg.append(el("path", { d, class: `beam${ui.animate ? " beam-new" : ""}`, pathLength: 100, style: `stroke: ${COLORS[firer]}`, "data-firer": firer }));
    const removed = effects.find((e) => e.kind === "remove");
    if (removed) {
      const p = pieceOf(removed.piece);
      const [x, y] = xy(removed.cell, flipped);
      svg.append(piece(p, x, y, flipped, { class: `lc-piece removed ${ui.animate ? "fading" : "faded"}`, "pointer-events": "none" }));
    }
  }
  svg.append(marks);
  if (!ui.mini) {
    for (let i = 0; i < 10; i += 1) {
      svg.append(el("text", { x: MARGIN + i * CELL + CELL / 2, y: MARGIN + H + 22, class: "coord" }, flipped ? FILES[9 - i] : FILES[i]));
    }
    for (let i = 0; i < 8; i += 1) {
      svg.append(el("text", { x: MARGIN - 17, y: MARGIN + i * CELL + CELL / 2 + 5, class: "coord" }, String(flipped ? i + 1 : 8 - i)));
    }
  }
  return svg;
}
