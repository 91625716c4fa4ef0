// Desfases (docs/games/desfases.md): 5x5 piecepack tiles around the hole c3; suits S M C A.
// Drawn from view.structure (tiles with their facing, scoring coins and pawns; the hole's coins on c3;
// timers, reservoirs, dice) and last_effects (rotate, move, score), never from the notation.
import { el, svgRoot, drawMarks } from "/static/js/svg.js";

const FILES = "abcde";
const CELL = 84;
const MARGIN = 30;
const BOARD = CELL * 5;
const PANEL_X = MARGIN * 2 + BOARD + 6;
export const boardWidth = MARGIN * 2 + BOARD; // the board without its side panel (js/phone.js)
const COLORS = { S: "#e08a00", M: "#3f6fd1", C: "#2f9e44", A: "#c23b3b" };
const NAMES = { S: "Suns", M: "Moons", C: "Crowns", A: "Arms" };
const SYMBOLS = { S: "\u2600", M: "\u263e", C: "\u265b", A: "\u2694" };
const VALUE_TEXT = { n: "\u2013", a: "A", 2: "2", 3: "3", 4: "4", 5: "5" };
const VALUE_NUMBER = { n: 0, a: 1, 2: 2, 3: 3, 4: 4, 5: 5 };
// The bottom of the printed number points to the facing: text upright means facing south.
const TEXT_TURN = { s: 0, w: 90, n: 180, e: 270 };
const FACING_STEP = { n: [0, -1], e: [1, 0], s: [0, 1], w: [-1, 0] };

export const seatColors = [COLORS.S, COLORS.M, COLORS.C, COLORS.A];

export const scoreLabel = "points";

export function seatNames(options, n) {
  return n === 2 ? ["Suns & Moons", "Arms & Crowns"] : ["Suns", "Moons", "Crowns", "Arms"];
}

export function parseMove(move) {
  let m = /^([a-e][1-5])-([a-e][1-5])$/.exec(move);
  if (m) return { from: m[1], to: m[2] };
  m = /^score ([a-e][1-5])$/.exec(move);
  if (m) return { from: null, to: m[1] };
  return null; // stay, hole and feed are buttons
}

export function moveLabel(move) {
  let m = /^feed ([na2-5])$/.exec(move);
  if (m) return `feed coin ${VALUE_TEXT[m[1]]} (die ${VALUE_NUMBER[m[1]]})`;
  m = /^score ([a-e][1-5])$/.exec(move);
  if (m) return `score the tile on ${m[1]}`;
  if (move === "hole") return "drop the coin into the hole (no tile faces the pawn)";
  if (move === "stay") return "stay (the pawn cannot move)";
  return move;
}

// What the drawing needs of view.structure (docs/games/desfases.md, "Structured position"):
// tiles by square ({suit, value, facing, coin, pawn}), the hole's coins, each suit's record, whose turn.
const VALUE_CHARS = "na2345";
function positionOf(structure) {
  const { cells: stacks, areas, dice, extra } = structure;
  const cells = {};
  let hole = [];
  for (const [sq, stack] of Object.entries(stacks)) {
    if (sq === extra.hole) {
      hole = stack.map((coin) => coin.label);
      continue;
    }
    const [tile, ...above] = stack;
    const coin = above.find((p) => p.kind === "coin");
    const pawn = above.find((p) => p.kind === "pawn");
    cells[sq] = { suit: tile.suit, value: VALUE_CHARS[tile.value], facing: tile.facing, coin: coin ? coin.label : null, pawn: pawn ? pawn.suit : null };
  }
  const area = Object.fromEntries(areas.map((a) => [a.name, a.pieces.map((coin) => VALUE_CHARS[coin.value])]));
  const records = dice.map((die) => ({
    suit: die.suit,
    die: VALUE_CHARS[die.value],
    timer: area[`${die.name} timer`][0] || "-",
    reservoir: area[`${die.name} reservoir`],
    points: extra.points[die.suit],
    status: extra.live[die.suit] ? "live" : "done",
  }));
  return { cells, hole, records, acting: extra.acting, feed: extra.feeding };
}

function xy(sq, flipped) {
  const f = FILES.indexOf(sq[0]);
  const r = Number(sq[1]);
  return flipped ? [MARGIN + (4 - f) * CELL, MARGIN + (r - 1) * CELL] : [MARGIN + f * CELL, MARGIN + (5 - r) * CELL];
}

function tile(t, x, y, flipped, turned) {
  const half = CELL / 2;
  const g = el("g", { transform: `translate(${x + half} ${y + half})`, "pointer-events": "none", "data-piece": `${t.suit}${t.value}${t.facing}` });
  const spin = el("g", { class: turned ? "df-tile df-turning" : "df-tile" });
  spin.append(el("rect", { x: -half + 4, y: -half + 4, width: CELL - 8, height: CELL - 8, rx: 8, fill: "#fbf7ee", stroke: COLORS[t.suit], "stroke-width": 3 }));
  const facing = TEXT_TURN[t.facing] + (flipped ? 180 : 0);
  const face = el("g", { transform: `rotate(${facing})` });
  face.append(el("text", { x: -14, y: 10, class: "df-value", fill: COLORS[t.suit] }, VALUE_TEXT[t.value]));
  face.append(el("text", { x: 14, y: 9, class: "df-symbol", fill: COLORS[t.suit] }, SYMBOLS[t.suit]));
  // A notch on the edge the tile faces, so the facing reads at a glance.
  face.append(el("path", { d: `M-9 ${half - 15} L9 ${half - 15} L0 ${half - 5} Z`, fill: COLORS[t.suit] }));
  spin.append(face);
  g.append(spin);
  if (t.coin) {
    g.append(el("circle", { cx: -22, cy: -22, r: 13, fill: "#d8d2c4", stroke: COLORS[t.coin[0]], "stroke-width": 3 }));
    g.append(el("text", { x: -22, y: -17.5, class: "df-coin", fill: COLORS[t.coin[0]] }, VALUE_TEXT[t.coin[1]]));
  }
  if (t.pawn) {
    g.append(el("circle", { cx: 0, cy: 0, r: 21, fill: COLORS[t.pawn], stroke: "#222", "stroke-width": 2, class: "df-pawn" }));
    g.append(el("text", { x: 0, y: 7, class: "df-pawn-symbol" }, SYMBOLS[t.pawn]));
  }
  return g;
}

export function describeTurn(view) {
  const pos = positionOf(view.structure);
  if (!pos.acting) return null;
  const rec = pos.records.find((r) => r.suit === pos.acting);
  if (pos.feed) return `${NAMES[pos.acting]}: feed a new coin`;
  return rec && rec.die === "n" ? `${NAMES[pos.acting]}: timer at null, score a tile` : `${NAMES[pos.acting]}: move the pawn (die ${VALUE_NUMBER[rec.die]})`;
}

export function draw(view, ui = {}) {
  const pos = positionOf(view.structure);
  const flipped = Boolean(ui.flipped);
  const svg = svgRoot(ui.mini ? MARGIN * 2 + BOARD : PANEL_X + 220, MARGIN * 2 + BOARD, `Desfases: ${view.position}`);
  svg.append(el("rect", { x: MARGIN - 8, y: MARGIN - 8, width: BOARD + 16, height: BOARD + 16, rx: 12, fill: "#5c4a36" }));
  const turned = new Set(ui.animate ? (view.last_effects || []).filter((e) => e.kind === "rotate").map((e) => e.cell) : []);
  const marks = el("g", { "pointer-events": "none" });
  for (let f = 0; f < 5; f += 1) {
    for (let r = 1; r <= 5; r += 1) {
      const sq = `${FILES[f]}${r}`;
      const [x, y] = xy(sq, flipped);
      svg.append(el("rect", { x, y, width: CELL, height: CELL, class: "sq", "data-sq": sq, fill: "#7a634a" }));
      if (sq === "c3") {
        svg.append(el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.36, fill: "#1d1813", stroke: "#3a3026", "stroke-width": 4, "pointer-events": "none" }));
        if (pos.hole.length) svg.append(el("text", { x: x + CELL / 2, y: y + CELL / 2 + 5, class: "df-hole", "pointer-events": "none" }, `${pos.hole.length} coin${pos.hole.length > 1 ? "s" : ""}`));
      } else if (pos.cells[sq]) {
        svg.append(tile(pos.cells[sq], x, y, flipped, turned.has(sq)));
      }
      drawMarks(marks, ui, sq, x, y, CELL, COLORS[pos.acting] || "#1b7f3b");
    }
  }
  // The last pawn move, as a faint trail.
  const pawnMove = (view.last_effects || []).find((e) => e.kind === "move" && e.from !== e.to);
  if (pawnMove && !ui.mini) {
    const [ax, ay] = xy(pawnMove.from, flipped);
    const [bx, by] = xy(pawnMove.to, flipped);
    marks.append(el("line", { x1: ax + CELL / 2, y1: ay + CELL / 2, x2: bx + CELL / 2, y2: by + CELL / 2, class: "df-trail", stroke: COLORS[pawnMove.suit] }));
  }
  const scored = (view.last_effects || []).find((e) => e.kind === "score");
  if (scored && !ui.mini) {
    const [x, y] = xy(scored.cell, flipped);
    marks.append(el("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 9, class: "hit-square" }));
  }
  svg.append(marks);
  if (ui.mini) return svg;
  for (let i = 0; i < 5; i += 1) {
    svg.append(el("text", { x: MARGIN + i * CELL + CELL / 2, y: MARGIN + BOARD + 22, class: "coord" }, flipped ? FILES[4 - i] : FILES[i]));
    svg.append(el("text", { x: MARGIN - 17, y: MARGIN + i * CELL + CELL / 2 + 5, class: "coord" }, String(flipped ? i + 1 : 5 - i)));
  }
  // Suits: die (timer), timer coin, reservoir, points.
  pos.records.forEach((rec, i) => {
    const top = MARGIN + i * 104;
    const acting = rec.suit === pos.acting;
    svg.append(el("rect", { x: PANEL_X - 6, y: top - 2, width: 216, height: 96, rx: 10, fill: acting ? "#fff1c2" : "#f4efe4", stroke: COLORS[rec.suit], "stroke-width": acting ? 2.5 : 1 }));
    svg.append(el("text", { x: PANEL_X + 6, y: top + 22, class: "panel-label active" }, `${SYMBOLS[rec.suit]} ${NAMES[rec.suit]}`));
    svg.append(el("text", { x: PANEL_X + 200, y: top + 22, class: "df-points" }, `${rec.points} pts`));
    const dieX = PANEL_X + 8;
    svg.append(el("rect", { x: dieX, y: top + 34, width: 40, height: 40, rx: 7, fill: COLORS[rec.suit], class: acting && ui.animate ? "df-die df-die-new" : "df-die" }));
    svg.append(el("text", { x: dieX + 20, y: top + 61, class: "df-die-value" }, VALUE_TEXT[rec.die]));
    svg.append(el("text", { x: dieX + 52, y: top + 50, class: "df-info" }, `timer coin ${rec.timer === "-" ? "none" : VALUE_TEXT[rec.timer]}`));
    const reservoir = rec.reservoir.map((v) => VALUE_TEXT[v]).join(" ") || "empty";
    svg.append(el("text", { x: dieX + 52, y: top + 70, class: "df-info" }, rec.status === "done" ? "finished: all coins used" : `reservoir ${reservoir}`));
  });
  return svg;
}
