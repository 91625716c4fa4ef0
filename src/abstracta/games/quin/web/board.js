// Quin (docs/games/quin.md): a polar board of 12 Sight Lines (a..l = clock hours 1..12) and 5 rings,
// plus the centre "o". South (player 0) sits at 6 o'clock (line f), North at 12 (line l).
// Drawn from the view's structure (docs/api.md, "The structured position"): a rival's face-down piece
// has kind "hidden", and a reserve whose kinds the viewer may not know is one "hidden" entry with a
// count (drawn as one face-down "?" piece and that number: a Light held in reserve never shows to the rival).
import { el, svgRoot } from "/static/js/svg.js";

const LINES = "abcdefghijkl";
const SIZE = 600;
const CX = SIZE / 2;
const CY = SIZE / 2;
const RING = [0, 72, 118, 164, 210, 256]; // radius of each ring: the Iris wide enough for 12 pieces
const PANEL_X = SIZE + 10;
export const boardWidth = SIZE; // the board without its side panel (js/phone.js)
export const spaceSize = 34; // a space's diameter: on a phone the board zooms in until a finger can hit it (js/phone.js)
const COLORS = { S: "#f1e3bf", N: "#3b3346" };
const INK = { S: "#3b2f1c", N: "#f3ecff" };
const KIND_NAMES = { L: "Light", S: "Shadow", A: "Artificial Light", R: "Reflector", M: "Memory", T: "Time", P: "Peripheral", V: "Void" };
// The structure's kind words, by letter (the letters are what the board prints).
const LETTER_OF = { light: "L", shadow: "S", "artificial light": "A", reflector: "R", memory: "M", time: "T", peripheral: "P", void: "V" };
const SEATS = ["S", "N"];
const FREE_LETTERS = { time: "T", memory: "M", resurrection: "R" };

export const seatColors = ["#c9a24a", "#4b3f5e"];

export function seatNames() {
  return ["South", "North"];
}

export const scoreLabel = "rival pieces taken";

// Gravity and Reinforcement come in dozens of variants: one button each, opening a picker.
export function moveGroup(move) {
  if (move.startsWith("gravity ")) return "Gravity";
  if (move.startsWith("reinforce ")) return "Reinforce";
  return null;
}

const STANDARD_SOUTH = [["L", "f5"], ["S", "e3"], ["S", "g3"], ["R", "e4"], ["R", "g4"], ["M", "f4"], ["T", "f3"],
  ["P", "d5"], ["P", "h5"], ["V", "d4"], ["V", "h4"], ["V", "e2"], ["V", "g2"]];

// North's standard setup is South's turned half a turn: line x to the opposite line, same ring.
function turnedHalf(sq) {
  return `${LINES[(LINES.indexOf(sq[0]) + 6) % 12]}${sq[1]}`;
}

// Manual setup in one click: the standard placement, played move by move from the legal moves, or
// a random one, which the server places itself (POST .../random-setup): the rival sees the placements
// in order, so the order must say nothing about kinds, and the server does not rely on this page for it.
export function quickActions(view) {
  const places = view.moves.filter((m) => m.startsWith("place "));
  if (!places.length) return [];
  const standard = (v) => {
    const side = SEATS[v.structure.extra.side];
    for (const [kind, sq] of STANDARD_SOUTH) {
      const move = `place ${kind} ${side === "N" ? turnedHalf(sq) : sq}`;
      if (v.moves.includes(move)) return move;
    }
    return null;
  };
  return [
    { id: "standard-setup", label: "Standard setup", next: standard },
    { id: "random-setup", label: "Random setup", request: "random-setup" },
  ];
}

// "ready" while pieces can still be placed ends the setup early (the rest stays in reserve, §4):
// the page asks first, and puts the button after the setup buttons.
export function confirmMove(move, view) {
  if (move !== "ready" || !view.moves.some((m) => m.startsWith("place "))) return null;
  return "End your setup now? The pieces you have not placed stay in your reserve.";
}

export function flipFor(you) {
  return you === 1;
}

const SQ = "(?:[a-l][1-5]|o)";

export function parseMove(move) {
  let m = new RegExp(`^(${SQ})-(${SQ})(?: over ${SQ})?$`).exec(move);
  if (m) return { from: m[1], to: m[2] };
  m = new RegExp(`^(?:time|swap) (${SQ}) (${SQ})$`).exec(move);
  if (m) return { from: m[1], to: m[2] };
  m = new RegExp(`^reflect (${SQ}) (${SQ}) via ${SQ}$`).exec(move);
  if (m) return { from: m[1], to: m[2] };
  m = new RegExp(`^(?:raise|place) [LSARMTPV?] (${SQ})$`).exec(move); // "?": the rival's placement
  if (m) return { from: null, to: m[1] };
  return null; // gravity, reinforce, pass, ready: buttons
}

export function moveLabel(move) {
  let m = /^(\S+)-(\S+) over (\S+)$/.exec(move);
  if (m) return `${m[1]}-${m[2]}, slingshot over ${m[3]}`;
  m = /^time (\S+) (\S+)$/.exec(move);
  if (m) return `Time: push ${m[1]} to ${m[2]} (free action)`;
  m = /^swap (\S+) (\S+)$/.exec(move);
  if (m) return `Memory: swap ${m[1]} and ${m[2]} (free action)`;
  m = /^raise ([A-Z]) (\S+)$/.exec(move);
  if (m) return `Resurrection: bring back ${KIND_NAMES[m[1]]} on ${m[2]} (free action)`;
  m = /^place ([A-Z?]) (\S+)$/.exec(move);
  if (m) return m[1] === "?" ? `place a hidden piece on ${m[2]}` : `place ${KIND_NAMES[m[1]]} on ${m[2]}`;
  m = /^reflect (\S+) (\S+) via (\S+)$/.exec(move);
  if (m) return `Reflection: ${m[1]} to ${m[2]} via ${m[3]}`;
  if (move === "pass") return "pass (no turn-ending action)";
  if (move === "ready") return "ready: end my setup";
  return move;
}

// A piece of the structure as the board draws it: letter kind, seat letter owner.
function drawn(piece) {
  if (piece.kind === "hidden") return { hidden: true, owner: SEATS[piece.owner] };
  return { kind: LETTER_OF[piece.kind], owner: SEATS[piece.owner], revealed: Boolean(piece.revealed) };
}

// What the board and its panel show, from the view's structure.
function positionOf(structure) {
  const pieces = {};
  for (const [sq, [p]] of Object.entries(structure.cells)) pieces[sq] = drawn(p);
  const area = (name, owner) => structure.areas.find((a) => a.name === name && a.owner === owner).pieces;
  const extra = structure.extra;
  const pair = (values) => `${values[0]}/${values[1]}`;
  return {
    pieces,
    side: SEATS[extra.side],
    phase: extra.phase,
    reserve: { S: area("reserve", 0), N: area("reserve", 1) },
    // Zero G of a side holds the rival's pieces: South's lost pieces lie in North's.
    removed: { S: area("zero g", 1), N: area("zero g", 0) },
    memory: pair(extra.memory_swaps),
    raised: pair(extra.resurrections),
    free: extra.free_used.map((word) => FREE_LETTERS[word]).join(""),
    turns: extra.turns,
    quiet: extra.quiet,
  };
}

function point(sq, flipped) {
  if (sq === "o") return [CX, CY];
  const hour = LINES.indexOf(sq[0]) + 1;
  const ring = Number(sq[1]);
  const angle = ((hour * 30 + (flipped ? 180 : 0)) * Math.PI) / 180;
  return [CX + RING[ring] * Math.sin(angle), CY - RING[ring] * Math.cos(angle)];
}

function piece(p, x, y, extra = {}) {
  const g = el("g", { transform: `translate(${x} ${y})`, class: "qn-piece", "pointer-events": "none", ...extra });
  g.append(el("circle", { r: 17, fill: COLORS[p.owner], stroke: p.owner === "S" ? "#8a6d2b" : "#15101c", "stroke-width": 2 }));
  if (p.hidden) {
    g.append(el("circle", { r: 11, fill: "none", stroke: p.owner === "S" ? "#c7ae73" : "#6e6082", "stroke-width": 2, "stroke-dasharray": "3 3" }));
    g.append(el("text", { y: 5, class: "qn-letter", fill: INK[p.owner] }, "?"));
    return g;
  }
  g.append(el("text", { y: 6, class: "qn-letter", fill: INK[p.owner] }, p.kind));
  if (p.revealed) g.append(el("circle", { cx: 13, cy: -13, r: 5, fill: "#e0483e", stroke: "#fff", "stroke-width": 1.5, class: "qn-revealed" }));
  return g;
}

function trayText(pieces) {
  const letters = pieces.flatMap((p) => Array(p.count).fill(LETTER_OF[p.kind]));
  return letters.length ? letters.join(" ") : "none";
}

// A reserve as small pieces: its kinds when the view names them (the owner's own reserve, a Light
// held back included: a random setup starts it there), else one face-down "?" and the count (the
// rival's, and both for a spectator: rules 9.3 write it as a number, so no kind can show).
function reserveTokens(pieces, owner, x, y) {
  const g = el("g", { class: "qn-reserve", "data-reserve": owner });
  if (!pieces.length) {
    g.append(el("text", { x, y: y + 5, class: "qn-value" }, "none"));
    return g;
  }
  const token = (cx, letter, hidden, count, title) => {
    const t = piece(hidden ? { hidden: true, owner } : { kind: letter, owner }, cx, y, { "data-reserve-piece": letter, "data-count": count, transform: `translate(${cx} ${y}) scale(0.7)` });
    t.append(el("title", {}, title));
    return t;
  };
  if (pieces[0].kind === "hidden") {
    const count = pieces[0].count;
    g.append(token(x + 11, "?", true, count, `${count} face-down piece${count === 1 ? "" : "s"}: kinds unknown`));
    g.append(el("text", { x: x + 28, y: y + 5, class: "qn-value" }, `\u00d7${count} face down`));
    return g;
  }
  const counts = {};
  for (const p of pieces) counts[LETTER_OF[p.kind]] = p.count;
  let cx = x + 11;
  for (const kind of Object.keys(KIND_NAMES)) {
    const count = counts[kind];
    if (!count) continue;
    g.append(token(cx, kind, false, count, `${KIND_NAMES[kind]}${count > 1 ? ` \u00d7${count}` : ""}`));
    if (count > 1) { // a badge with the number, as on a stack of identical pieces
      g.append(el("circle", { cx: cx + 10, cy: y - 10, r: 7, fill: "#fffdf8", stroke: "#6f675c", "stroke-width": 1 }));
      g.append(el("text", { x: cx + 10, y: y - 6.5, class: "qn-count" }, String(count)));
    }
    cx += 27;
  }
  return g;
}

export function describeTurn(view) {
  if (view.over) return null;
  const pos = positionOf(view.structure);
  if (pos.phase === "setup") return "setup: place pieces, then ready";
  return pos.free ? `free actions used: ${pos.free}` : "free actions first, then one move";
}

export function draw(view, ui = {}) {
  const pos = positionOf(view.structure);
  const flipped = Boolean(ui.flipped);
  const svg = svgRoot(ui.mini ? SIZE : SIZE + 230, SIZE, `Quin: ${view.position}`);
  svg.append(el("circle", { cx: CX, cy: CY, r: RING[5] + 26, fill: "#1f2a3a" }));
  // Sides: South's half warm, North's cool; the Horizon lines c and i in gold.
  for (let ring = 5; ring >= 1; ring -= 1) svg.append(el("circle", { cx: CX, cy: CY, r: RING[ring], fill: "none", stroke: ring === 1 ? "#f0c75e" : "#5d6f8a", "stroke-width": ring === 1 ? 2.5 : 1.5 }));
  for (let h = 0; h < 6; h += 1) {
    const [x1, y1] = point(`${LINES[h]}5`, flipped);
    const [x2, y2] = point(`${LINES[h + 6]}5`, flipped);
    const horizon = LINES[h] === "c";
    svg.append(el("line", { x1, y1, x2, y2, stroke: horizon ? "#f0c75e" : "#5d6f8a", "stroke-width": horizon ? 2.5 : 1.5 }));
  }
  const marks = ui.marks || {};
  const spaces = ["o", ...[...LINES].flatMap((x) => [1, 2, 3, 4, 5].map((r) => `${x}${r}`))];
  for (const sq of spaces) {
    const [x, y] = point(sq, flipped);
    const gateway = /^[defgh]5$/.test(sq) ? "S" : /^[abjkl]5$/.test(sq) ? "N" : null;
    const classes = ["sq", "qn-space"];
    if (marks.targets && marks.targets.has(sq)) classes.push("target");
    svg.append(el("circle", { cx: x, cy: y, r: sq === "o" ? 24 : 17, class: classes.join(" "), "data-sq": sq, fill: sq === "o" ? "#f0c75e" : gateway ? "#34465f" : "#2a3950", stroke: gateway ? seatColors[gateway === "S" ? 0 : 1] : "none", "stroke-width": 3 }));
  }
  for (const [sq, p] of Object.entries(pos.pieces)) {
    const [x, y] = point(sq, flipped);
    svg.append(piece(p, x, y, { "data-piece": p.hidden ? "?" : p.kind, "data-at": sq }));
  }
  const overlay = el("g", { "pointer-events": "none" });
  if (marks.selected) {
    const [x, y] = point(marks.selected, flipped);
    overlay.append(el("circle", { cx: x, cy: y, r: 24, fill: "none", stroke: "#f0b400", "stroke-width": 4 }));
  }
  for (const sq of marks.targets || []) {
    const [x, y] = point(sq, flipped);
    overlay.append(el("circle", { cx: x, cy: y, r: 8, fill: "#7bd88f", opacity: 0.85 }));
  }
  for (const effect of ui.mini ? [] : view.last_effects || []) {
    if (effect.kind === "contest") { // a flash
      const [x, y] = point(effect.cell, flipped);
      overlay.append(el("circle", { cx: x, cy: y, r: 27, class: `qn-flash${ui.animate ? " hit-new" : ""}` }));
    } else if (effect.kind === "remove") {
      const [x, y] = point(effect.cell, flipped);
      overlay.append(piece(drawn(effect.piece), x, y, { class: `qn-piece removed ${ui.animate ? "fading" : "faded"}` }));
    }
  }
  svg.append(overlay);
  // Line letters round the rim.
  for (const x of LINES) {
    const [lx, ly] = point(`${x}5`, flipped);
    const dx = lx - CX;
    const dy = ly - CY;
    svg.append(el("text", { x: CX + dx * 1.13, y: CY + dy * 1.13 + 5, class: "coord qn-coord" }, x));
  }
  if (ui.mini) return svg;
  // Reserves and Zero G trays beside the board.
  const lines = [
    ["South reserve", (x, y) => reserveTokens(pos.reserve.S, "S", x, y)],
    ["North reserve", (x, y) => reserveTokens(pos.reserve.N, "N", x, y)],
    ["Zero G (South pieces lost)", trayText(pos.removed.S)],
    ["Zero G (North pieces lost)", trayText(pos.removed.N)],
    ["Memory swaps used", pos.memory],
    ["Resurrection used", pos.raised],
    ["Free actions this turn", pos.free || "none"],
    ["Turns / quiet", `${pos.turns} / ${pos.quiet}`],
  ];
  lines.forEach(([label, value], i) => {
    svg.append(el("text", { x: PANEL_X, y: 40 + i * 52, class: "panel-label" }, label));
    if (typeof value === "function") svg.append(value(PANEL_X, 60 + i * 52));
    else svg.append(el("text", { x: PANEL_X, y: 62 + i * 52, class: "qn-value" }, value));
  });
  return svg;
}
