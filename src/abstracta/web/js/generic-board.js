// The fallback board for a game without its own module: the position's notation, and every
// legal move offered as a button (parseMove returns null for all of them).
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

export function draw(view, ui = {}) {
  const lines = wrap(view.position || "", ui.mini ? 28 : 44);
  const height = 60 + lines.length * 26;
  const svg = svgRoot(560, height, `position: ${view.position}`);
  svg.append(el("rect", { x: 4, y: 4, width: 552, height: height - 8, rx: 14, class: "generic-bg" }));
  svg.append(el("text", { x: 24, y: 34, class: "generic-caption" }, "position"));
  lines.forEach((line, i) => svg.append(el("text", { x: 24, y: 64 + i * 26, class: "generic-notation" }, line)));
  return svg;
}
