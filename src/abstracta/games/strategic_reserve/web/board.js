// Strategic Reserve: 6x6 board, Red (player 0) near rank 1, Blue (player 1) opposite.
// Drawn from view.structure (docs/games/strategic-reserve.md, "Structured position"): checkers on cells,
// a reserve per player, the purple and green dice, and extra.side / extra.target; the last roll and the
// checkers it sent back come from last_effects (a roll entry per die, a remove entry per checker).
import { el, svgRoot, drawMarks } from "/static/js/svg.js";

const FILES = "abcdef";
const CELL = 64;
const MARGIN = 34;
const BOARD = CELL * 6;
const PANEL_X = MARGIN * 2 + BOARD + 8;
export const boardWidth = MARGIN * 2 + BOARD; // the board without its side panel (js/phone.js)
const WIDTH = PANEL_X + 190;
const HEIGHT = BOARD + MARGIN * 2;
const COLORS = { R: "#d9423b", B: "#2f6fd6" };
const NAMES = { R: "Red", B: "Blue" };

export const seatColors = [COLORS.R, COLORS.B];

export const scoreLabel = "checkers in reserve (fewer is better)";

export function seatNames() {
  return ["Red", "Blue"];
}

export function flipFor(you) {
  return you === 1;
}

// Rolls ("3,5") have no square to click: the server draws them. Placements are drops on a square.
export function parseMove(move) {
  return /^[a-f][1-6]$/.test(move) ? { from: null, to: move } : null;
}

export function moveLabel(move) {
  return /^[1-6],[1-6]$/.test(move) ? `roll ${move}` : `place ${move}`;
}

const COLOUR_OF = ["R", "B"]; // by player

// What the drawing needs of the structured position.
export function readStructure(structure) {
  const cells = {};
  for (const [sq, pieces] of Object.entries(structure.cells)) cells[sq] = COLOUR_OF[pieces[0].owner];
  const reserves = { R: 0, B: 0 };
  for (const area of structure.areas) {
    for (const piece of area.pieces) reserves[COLOUR_OF[area.owner]] += piece.count ?? 1;
  }
  const [purple, green] = structure.dice.map((die) => die.value);
  const pending = purple === null ? null : `${purple},${green}`;
  return { cells, side: COLOUR_OF[structure.extra.side], reserves, pending, target: structure.extra.target };
}

// The last roll among the effects: its roller, dice ("p,g") and the squares it emptied.
function rollOf(effects) {
  const dice = effects.filter((e) => e.kind === "roll");
  if (dice.length < 2) return null;
  const [purple, green] = dice.slice(-2);
  const removed = effects.filter((e) => e.kind === "remove").map((e) => e.cell);
  return { owner: purple.owner, roll: `${purple.value},${green.value}`, removed };
}

function squareXY(sq, flipped) {
  const f = FILES.indexOf(sq[0]);
  const r = Number(sq[1]);
  const col = flipped ? 5 - f : f;
  const row = flipped ? r - 1 : 6 - r;
  return [MARGIN + col * CELL, MARGIN + row * CELL];
}

function checker(x, y, colour, size, extra = {}) {
  const r = size * 0.38;
  const g = el("g", { class: `checker checker-${colour}`, ...extra });
  g.append(el("circle", { cx: x, cy: y + 2.5, r, fill: "rgba(0,0,0,0.25)" }));
  g.append(el("circle", { cx: x, cy: y, r, fill: COLORS[colour], stroke: "rgba(0,0,0,0.35)", "stroke-width": 1.5 }));
  g.append(el("circle", { cx: x, cy: y, r: r * 0.68, fill: "none", stroke: "rgba(255,255,255,0.35)", "stroke-width": 2 }));
  return g;
}

const PIPS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

function die(x, y, value, colour, label) {
  const size = 54;
  const g = el("g", { class: "die", "data-die": label, transform: `translate(${x} ${y})` });
  const body = el("g", { class: "die-body" });
  body.append(el("rect", { x: -size / 2, y: -size / 2, width: size, height: size, rx: 10, fill: colour, stroke: "rgba(0,0,0,0.35)", "stroke-width": 1.5 }));
  const pips = el("g", { class: "pips" });
  fillPips(pips, value);
  body.append(pips);
  g.append(body);
  g.append(el("text", { x: 0, y: size / 2 + 16, class: "die-label" }, label));
  return g;
}

function fillPips(group, value) {
  group.replaceChildren(...PIPS[value].map(([dx, dy]) => el("circle", { cx: dx * 14, cy: dy * 14, r: 5.2, fill: "#fff" })));
}

export function describeTurn(view) {
  const pos = readStructure(view.structure);
  if (view.over) return null;
  return pos.pending ? `${NAMES[pos.side]} rolled ${pos.pending}: place a checker` : "rolling...";
}

export function draw(view, ui = {}) {
  const pos = readStructure(view.structure);
  const flipped = Boolean(ui.flipped);
  const svg = svgRoot(ui.mini ? MARGIN * 2 + BOARD : WIDTH, HEIGHT, `Strategic Reserve: ${view.position}`);
  const effects = view.last_effects || [];
  const roll = rollOf(effects);
  const hit = pos.target;
  const history = view.history || [];
  const lastPlace = [...history].reverse().find((m) => /^[a-f][1-6]$/.test(m));

  svg.append(el("rect", { x: MARGIN - 10, y: MARGIN - 10, width: BOARD + 20, height: BOARD + 20, rx: 12, class: "sr-frame" }));
  const squares = el("g", { class: "squares" });
  const pieces = el("g", { class: "pieces" });
  const marks = el("g", { class: "marks" });
  for (let f = 0; f < 6; f += 1) {
    for (let r = 1; r <= 6; r += 1) {
      const sq = `${FILES[f]}${r}`;
      const [x, y] = squareXY(sq, flipped);
      const classes = ["sq", (f + r) % 2 ? "sq-light" : "sq-dark"];
      if (ui.marks && ui.marks.targets && ui.marks.targets.has(sq)) classes.push("target");
      squares.append(el("rect", { x, y, width: CELL, height: CELL, class: classes.join(" "), "data-sq": sq }));
      const piece = pos.cells[sq];
      if (piece === "R" || piece === "B") {
        pieces.append(checker(x + CELL / 2, y + CELL / 2, piece, CELL, { "data-piece": piece, "pointer-events": "none" }));
      }
      drawMarks(marks, ui, sq, x, y, CELL, COLORS[pos.side]);
    }
  }
  svg.append(squares, pieces);
  if (!ui.mini) {
    // Checkers the last roll sent back: they fade out where they stood.
    if (roll && roll.removed && roll.removed.length) {
      const lost = COLOUR_OF[1 - roll.owner];
      for (const sq of roll.removed) {
        const [x, y] = squareXY(sq, flipped);
        const ghost = checker(x + CELL / 2, y + CELL / 2, lost, CELL, { class: `checker removed ${ui.animate ? "fading" : "faded"}`, "pointer-events": "none", "data-removed": sq });
        pieces.append(ghost);
        pieces.append(el("path", { d: `M${x + 22} ${y + 22} L${x + CELL - 22} ${y + CELL - 22} M${x + CELL - 22} ${y + 22} L${x + 22} ${y + CELL - 22}`, class: "removed-cross", "pointer-events": "none" }));
      }
    }
    if (lastPlace && !(hit && roll && roll.removed.includes(lastPlace))) {
      const [x, y] = squareXY(lastPlace, flipped);
      if (pos.cells[lastPlace]) marks.append(el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.12, class: "last-place" }));
    }
    if (hit) {
      const [x, y] = squareXY(hit, flipped);
      marks.append(el("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 8, class: `hit-square${ui.animate ? " hit-new" : ""}`, "data-hit": hit }));
    }
  }
  marks.setAttribute("pointer-events", "none");
  svg.append(marks);

  if (ui.mini) return svg;
  // Coordinates.
  for (let i = 0; i < 6; i += 1) {
    const file = flipped ? FILES[5 - i] : FILES[i];
    const rank = flipped ? i + 1 : 6 - i;
    svg.append(el("text", { x: MARGIN + i * CELL + CELL / 2, y: MARGIN + BOARD + 24, class: "coord" }, file));
    svg.append(el("text", { x: MARGIN - 20, y: MARGIN + i * CELL + CELL / 2 + 5, class: "coord" }, String(rank)));
  }

  // Reserves, nearest player at the bottom.
  const order = flipped ? ["R", "B"] : ["B", "R"];
  order.forEach((colour, i) => {
    const top = i === 0 ? MARGIN : MARGIN + BOARD - 96;
    const active = !view.over && pos.side === colour;
    svg.append(el("text", { x: PANEL_X, y: top + 10, class: `panel-label${active ? " active" : ""}` }, `${NAMES[colour]} reserve: ${pos.reserves[colour]}`));
    for (let k = 0; k < pos.reserves[colour]; k += 1) {
      const cx = PANEL_X + 14 + (k % 6) * 27;
      const cy = top + 34 + Math.floor(k / 6) * 27;
      svg.append(checker(cx, cy, colour, 34));
    }
  });

  // The dice of the current (or last) roll.
  const lastRoll = pos.pending || (roll && roll.roll) || [...history].reverse().find((m) => /^[1-6],[1-6]$/.test(m));
  if (lastRoll) {
    const [p, g] = lastRoll.split(",").map(Number);
    const cy = MARGIN + BOARD / 2;
    const dice = el("g", { class: `dice${ui.animate && roll ? " rolling" : ""}${pos.pending ? "" : " stale"}` });
    dice.append(die(PANEL_X + 40, cy - 8, p, "#7b3fb8", "file"), die(PANEL_X + 118, cy - 8, g, "#2f9e44", "rank"));
    svg.append(dice);
    if (hit) svg.append(el("text", { x: PANEL_X + 79, y: cy + 52, class: "hit-label" }, `hits ${hit}${roll && roll.removed.length ? ` - ${roll.removed.length} removed` : ""}`));
    if (ui.animate && roll) spin(dice, [p, g]);
  }
  return svg;
}

// Tumble the dice faces for a moment before they settle on the rolled values.
function spin(dice, finals) {
  const pipGroups = dice.querySelectorAll(".pips");
  let ticks = 0;
  const timer = setInterval(() => {
    ticks += 1;
    pipGroups.forEach((group, i) => fillPips(group, ticks >= 8 ? finals[i] : 1 + Math.floor(Math.random() * 6)));
    if (ticks >= 8) clearInterval(timer);
  }, 70);
}
