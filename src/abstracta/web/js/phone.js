// Boards on narrow screens (phones): the board alone takes the full width of the page, so that its
// squares stay at least 36 px on a 390 px screen. A board module's side panel (reserves, dice, tiles:
// everything right of its `boardWidth`) moves below the board as a second picture at the same scale;
// a board wider than tall (Laser Chess: 10 files by 8 ranks) is turned a quarter turn so that its
// 8 ranks span the width, with every text (and every picture marked `data-upright`) turned back
// upright. Clicks and the keyboard cursor work on the turned board as on the flat one (they read
// `data-sq` and screen positions).
import { SVG_NS } from "./svg.js";

export const NARROW = "(max-width: 600px)";

export function isNarrow() {
  return window.matchMedia(NARROW).matches;
}

function viewBox(svg) {
  return svg.getAttribute("viewBox").split(/\s+/).map(Number);
}

// Turn the whole picture a quarter turn clockwise: what was x runs down the screen.
function quarterTurn(svg) {
  const [, , width, height] = viewBox(svg);
  const group = document.createElementNS(SVG_NS, "g");
  group.setAttribute("transform", `translate(${height} 0) rotate(90)`);
  group.append(...svg.childNodes);
  svg.append(group);
  svg.setAttribute("viewBox", `0 0 ${height} ${width}`);
  for (const text of group.querySelectorAll("text")) {
    const x = Number(text.getAttribute("x") || 0);
    const y = Number(text.getAttribute("y") || 0);
    const own = text.getAttribute("transform") || "";
    text.setAttribute("transform", `rotate(-90 ${x} ${y}) ${own}`.trim());
    text.setAttribute("dy", "0.35em");
    if (text.getAttribute("y")) text.setAttribute("y", String(y - 5)); // was set on the baseline
  }
  // Pictures that must stay upright (a crown), drawn round their own origin, are turned back too.
  for (const node of group.querySelectorAll("[data-upright]")) {
    node.setAttribute("transform", `rotate(-90) ${node.getAttribute("transform") || ""}`.trim());
  }
  svg.dataset.turned = "1";
}

// The board's svg as it should be shown; `panel` (a div below the board) gets the side panel, if any.
export function fitNarrow(svg, plugin, panel) {
  panel.replaceChildren();
  panel.hidden = true;
  if (!isNarrow()) return svg;
  const [x0, y0, width, height] = viewBox(svg);
  const boardWidth = Math.min(width, plugin.boardWidth || width);
  if (boardWidth < width) {
    const side = svg.cloneNode(true);
    side.removeAttribute("role");
    side.setAttribute("aria-hidden", "true"); // the same text is in the board's own picture
    for (const node of side.querySelectorAll("[data-sq]")) node.removeAttribute("data-sq");
    side.setAttribute("viewBox", `${x0 + boardWidth} ${y0} ${width - boardWidth} ${height}`);
    side.classList.add("board-panel-svg");
    side.style.width = `${((width - boardWidth) / boardWidth) * 100}%`;
    panel.append(side);
    panel.hidden = false;
    svg.setAttribute("viewBox", `${x0} ${y0} ${boardWidth} ${height}`);
  }
  if (boardWidth > height * 1.1) quarterTurn(svg);
  return svg;
}

// Zoom for a board whose spaces a finger cannot hit when it is shown whole (Quin's disc: 21 px
// spaces at 390 px). The module exports `spaceSize`, the diameter of its smallest space in SVG
// units; when the whole board would show it below FINGER pixels, a tap on the board shows the
// region round the tap instead (a window of the board's own proportions, so the picture keeps
// its size on the page), and the page's zoom bar pans or goes back to the whole board.
export const FINGER = 44; // px: the smallest target a finger hits reliably (Apple's 44 pt, Material's 48 dp)

// The window's width and height in SVG units, or null when the whole board is big enough.
export function zoomWindow(svg, plugin) {
  if (!isNarrow() || !plugin.spaceSize) return null;
  const [, , width, height] = viewBox(svg);
  const pixels = svg.getBoundingClientRect().width;
  if (!pixels || (plugin.spaceSize * pixels) / width >= FINGER) return null;
  const side = (pixels * plugin.spaceSize) / FINGER;
  return [side, (side * height) / width];
}

// Show the window centred on `centre` ([x, y] in SVG units), kept inside the board; returns the
// centre actually used (so a pan at the edge does not drift away).
export function zoomTo(svg, size, centre) {
  // The whole board's box, kept on the first zoom: a second one (the cursor following) starts from it.
  const [x0, y0, width, height] = svg.dataset.whole ? svg.dataset.whole.split(" ").map(Number) : viewBox(svg);
  const clamp = (value, low, high) => Math.min(Math.max(value, low), high);
  const left = clamp(centre[0] - size[0] / 2, x0, x0 + width - size[0]);
  const top = clamp(centre[1] - size[1] / 2, y0, y0 + height - size[1]);
  svg.dataset.whole = `${x0} ${y0} ${width} ${height}`;
  svg.setAttribute("viewBox", `${left} ${top} ${size[0]} ${size[1]}`);
  return [left + size[0] / 2, top + size[1] / 2];
}

// A point of the screen (a tap) in the svg's own units.
export function svgPoint(svg, clientX, clientY) {
  const point = new DOMPoint(clientX, clientY).matrixTransform(svg.getScreenCTM().inverse());
  return [point.x, point.y];
}

// The centre of a drawn space in the svg's own units (spaces carry no transform of their own).
export function spaceCentre(node) {
  const box = node.getBBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

// Is an svg point inside the svg's current window?
export function inWindow(svg, [x, y]) {
  const [left, top, width, height] = viewBox(svg);
  return x >= left && x <= left + width && y >= top && y <= top + height;
}
