// Small helpers every board module shares: SVG elements and target marks.
export const SVG_NS = "http://www.w3.org/2000/svg";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

export function svgRoot(width, height, label) {
  return el("svg", { viewBox: `0 0 ${width} ${height}`, class: "board-svg", role: "img", "aria-label": label });
}

// The marks the controller asks for: a square one can pick (selectable), the picked one
// (selected), and squares a move goes to (targets). Drawn over any square shape.
export function drawMarks(layer, ui, sq, x, y, size, color = "#1b7f3b") {
  const marks = ui.marks || {};
  if (marks.selected === sq) {
    layer.append(el("rect", { x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 6, class: "mark-selected" }));
  }
  if (marks.targets && marks.targets.has(sq)) {
    layer.append(el("circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.17, class: "mark-target", fill: color }));
  }
}

// Parse a run-length row like "1BRBR1" into an array of single-character cells.
export function expandRow(row, emptyChar = ".") {
  const cells = [];
  for (const ch of row) {
    if (/[1-9]/.test(ch)) for (let i = 0; i < Number(ch); i += 1) cells.push(emptyChar);
    else cells.push(ch);
  }
  return cells;
}
