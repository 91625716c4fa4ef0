// The fallback board for a game without its own module: a grid board where the structured
// position has one, the position's notation, and every legal move offered as a button
// (parseMove returns null for all of them).
import { el, svgRoot } from "./svg.js";

export const seatColors = ["#c0392b", "#2e6fd8", "#2f9e44", "#b7791f"];

export function seatNames(options, n) {
  return Array.from({ length: n }, (_, i) => `Player ${i + 1}`);
}

export function parseMove() {
  return null;
}

export function moveLabel(move) {
  return move;
}

export function flipFor() {
  return false;
}

function wrap(text, width) {
  const lines = [];
  let line = "";
  for (const word of text.split(/(?<=[ /])/)) {
    if ((line + word).length > width && line) {
      lines.push(line);
      line = "";
    }
    line += word;
  }
  if (line) lines.push(line);
  return lines;
}

// A grid from the view's structured position (the shared vocabulary, docs/api.md), where it has
// one: each square carries data-sq, each piece data-piece (its label, else its kind) in its
// owner's colour. Any other surface: the notation alone. Moves stay buttons either way.
export function draw(view, ui = {}) {
  const board = view.structure && view.structure.board;
  const grid = board && board.shape === "grid" ? board : null;
  const width = 560;
  const size = grid ? Math.min(64, Math.floor((width - 80) / grid.files), Math.floor((ui.mini ? 300 : 480) / grid.ranks)) : 0;
  const top = grid ? 24 + size * grid.ranks + 24 : 0;
  const lines = wrap(view.position || "", ui.mini ? 28 : 44);
  const height = top + 60 + lines.length * 26;
  const svg = svgRoot(width, height, `position: ${view.position}`);
  svg.append(el("rect", { x: 4, y: 4, width: width - 8, height: height - 8, rx: 14, class: "generic-bg" }));
  if (grid) drawGrid(svg, grid, view.structure.cells || {}, size, (width - size * grid.files) / 2, ui);
  svg.append(el("text", { x: 24, y: top + 34, class: "generic-caption" }, "position"));
  lines.forEach((line, i) => svg.append(el("text", { x: 24, y: top + 64 + i * 26, class: "generic-notation" }, line)));
  return svg;
}

function drawGrid(svg, grid, cells, size, left, ui) {
  for (let file = 0; file < grid.files; file += 1) {
    for (let rank = 0; rank < grid.ranks; rank += 1) {
      const sq = `${String.fromCharCode(97 + file)}${rank + 1}`;
      const column = ui.flipped ? grid.files - 1 - file : file;
      const row = ui.flipped ? rank : grid.ranks - 1 - rank;
      const x = left + column * size;
      const y = 24 + row * size;
      svg.append(el("rect", { x, y, width: size, height: size, class: "generic-square", "data-sq": sq }));
      const pieces = cells[sq] || [];
      const piece = pieces[pieces.length - 1];
      if (!piece) continue;
      const name = piece.label || piece.kind;
      const color = piece.owner === null || piece.owner === undefined ? "#777" : seatColors[piece.owner % seatColors.length];
      svg.append(el("circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.36, fill: color, "data-piece": name, "data-at": sq }));
      svg.append(el("text", { x: x + size / 2, y: y + size / 2 + size * 0.12, "text-anchor": "middle", class: "generic-piece", "font-size": size * 0.34 },
        (piece.label || piece.kind.slice(0, 1)) + (pieces.length > 1 ? `+${pieces.length - 1}` : "")));
    }
  }
}
