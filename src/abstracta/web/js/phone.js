// Boards on narrow screens (phones): the board alone takes the full width of the page, so that its
// squares stay at least 36 px on a 390 px screen. A board module's side panel (reserves, dice, tiles:
// everything right of its `boardWidth`) moves below the board as a second picture at the same scale;
// a board wider than tall (Laser Chess: 10 files by 8 ranks) is turned a quarter turn so that its
// 8 ranks span the width, with every text turned back upright. Clicks and the keyboard cursor work
// on the turned board as on the flat one (they read `data-sq` and screen positions).
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
