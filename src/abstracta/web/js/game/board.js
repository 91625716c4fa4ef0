// Board input: the board drawn with the legal squares marked, clicks and the keyboard cursor,
// and on phones the zoom into a region of a board too small for a finger.
import { boardMarks, movesOnBoard } from "../boards.js";
import { fitNarrow, inWindow, NARROW, spaceCentre, svgPoint, zoomTo, zoomWindow } from "../phone.js";
import { $, heldSeats, page } from "./page.js";
import { closePicker, offer } from "./moves.js";
import { replayView, stepHistory } from "./history.js";

// The board turns for the seat this browser plays; a hotseat (several seats held) keeps one side
// down, or the board would turn round after every move.
function flipped() {
  const held = heldSeats();
  const auto = held.length === 1 && Boolean(page.plugin.flipFor(held[0]));
  return auto !== page.userFlip;
}

// Every legal move with its squares; a move whose two squares play alike (a swap) is listed
// from both ends, so it can be started from either square.
export function parsed() {
  return movesOnBoard(page.plugin, page.shown.moves, page.shown);
}

function marks() {
  return boardMarks(parsed(), page.selected);
}

export function drawBoard(animate) {
  if (page.handingOver) return;
  const view = page.replayIndex === null ? page.shown : replayView(page.replayIndex);
  const ui = { flipped: flipped(), marks: page.replayIndex === null ? marks() : {}, animate, mini: false };
  const svg = page.plugin.draw(view, ui);
  if (ui.marks.selectable) {
    for (const sq of ui.marks.selectable) svg.querySelectorAll(`[data-sq="${CSS.escape(sq)}"]`).forEach((n) => n.classList.add("selectable"));
  }
  for (const sq of ui.marks.targets || []) svg.querySelectorAll(`[data-sq="${CSS.escape(sq)}"]`).forEach((n) => n.classList.add("target"));
  for (const sq of lastMoveSquares(view)) svg.querySelectorAll(`[data-sq="${CSS.escape(sq)}"]`).forEach((n) => n.classList.add("last-move"));
  if (page.cursor) svg.querySelectorAll(`[data-sq="${CSS.escape(page.cursor)}"]`).forEach((n) => n.classList.add("kbd-cursor"));
  const shown = fitNarrow(svg, page.plugin, $("board-panel"));
  $("board").replaceChildren(shown);
  applyZoom(shown, ui.marks);
  $("board").dataset.cursor = page.cursor || "";
  $("position").textContent = view.position;
}

// Phones: a board whose spaces are too small for a finger (Quin) shows whole until a tap zooms
// into the region round the tap (js/phone.js); the zoom bar pans or goes back to the whole board.
// The selection survives every change of view, so a piece picked in one region can go to another.
function applyZoom(svg, marks) {
  page.zoomSize = zoomWindow(svg, page.plugin);
  const bar = $("zoom-bar");
  bar.hidden = !page.zoomSize;
  if (!page.zoomSize) {
    delete $("board").dataset.zoom;
    return;
  }
  $("board").dataset.zoom = page.zoom ? "in" : "out";
  $("zoom-pan").hidden = !page.zoom;
  $("zoom-out").hidden = !page.zoom;
  if (!page.zoom) {
    $("zoom-hint").textContent = "Tap the board where you want to play: it zooms in.";
    return;
  }
  page.zoom = zoomTo(svg, page.zoomSize, page.zoom);
  const centreOf = (sq) => {
    const node = svg.querySelector(`[data-sq="${CSS.escape(sq)}"]`);
    return node ? spaceCentre(node) : null;
  };
  // The keyboard cursor never leaves the window: the window follows it.
  const cursor = page.cursor && page.boardFocused ? centreOf(page.cursor) : null;
  if (cursor && !inWindow(svg, cursor)) page.zoom = zoomTo(svg, page.zoomSize, cursor);
  const away = [...((marks && marks.targets) || [])].map(centreOf).filter((c) => c && !inWindow(svg, c)).length;
  $("zoom-hint").textContent = away ? `${away} target${away > 1 ? "s" : ""} outside this view` : "";
}

function panZoom(dx, dy) {
  if (!page.zoom || !page.zoomSize) return;
  page.zoom = [page.zoom[0] + (dx * page.zoomSize[0]) / 2, page.zoom[1] + (dy * page.zoomSize[1]) / 2];
  drawBoard(false);
}

// The squares of the last move a player made (chance outcomes have none), as the board module reads it.
function lastMoveSquares(view) {
  const history = view.history || [];
  const players = view.history_players || [];
  for (let i = history.length - 1; i >= 0; i -= 1) {
    if (players[i] < 0) continue;
    const at = page.plugin.parseMove(history[i], view);
    return at ? [at.from, at.to].filter(Boolean) : [];
  }
  return [];
}

function clickSquare(sq) {
  if (page.replayIndex !== null || !page.shown.moves.length) return;
  closePicker();
  const moves = parsed();
  if (page.selected) {
    const here = moves.filter((x) => x.at && x.at.from === page.selected && x.at.to === sq);
    if (here.length) return offer(here);
  }
  if (moves.some((x) => x.at && x.at.from === sq)) {
    page.selected = page.selected === sq ? null : sq;
    // A piece whose only choices stay on its square (turns) gets the picker at once.
    const own = moves.filter((x) => x.at && x.at.from === sq);
    if (page.selected && own.every((x) => x.at.to === sq || !x.at.to)) {
      drawBoard(false);
      return offer(own);
    }
    return drawBoard(false);
  }
  const drops = moves.filter((x) => x.at && !x.at.from && x.at.to === sq);
  if (drops.length) return offer(drops);
  page.selected = null;
  drawBoard(false);
  return undefined;
}

// Keyboard play: the board takes focus; arrow keys move a cursor to the nearest square in that
// direction (any board shape), Enter or Space clicks it.
const DIRECTIONS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

function squareCentres() {
  const centres = new Map();
  for (const node of $("board").querySelectorAll("[data-sq]")) {
    if (centres.has(node.dataset.sq)) continue;
    const box = node.getBoundingClientRect();
    centres.set(node.dataset.sq, [box.left + box.width / 2, box.top + box.height / 2]);
  }
  return centres;
}

function boardKey(event) {
  // Looking back, the arrows step through the moves (nothing can be picked); End and Home always do.
  if (page.replayIndex !== null || event.key === "End" || event.key === "Home") {
    stepHistory(event);
    return;
  }
  if (event.key === "Enter" || event.key === " ") {
    if (!page.cursor) return;
    event.preventDefault();
    clickSquare(page.cursor);
    return;
  }
  const dir = DIRECTIONS[event.key];
  if (!dir) return;
  event.preventDefault();
  const centres = squareCentres();
  if (!centres.size) return;
  const start = page.cursor && centres.get(page.cursor);
  if (!start) {
    const first = marks().selectable.values().next().value || [...centres.keys()][0];
    page.cursor = first;
    drawBoard(false);
    return;
  }
  let best = null;
  let bestCost = Infinity;
  for (const [sq, [x, y]] of centres) {
    const dx = x - start[0];
    const dy = y - start[1];
    const along = dx * dir[0] + dy * dir[1];
    if (along <= 4) continue;
    const across = Math.abs(dx * dir[1] - dy * dir[0]);
    const cost = along + 2.5 * across;
    if (cost < bestCost) {
      bestCost = cost;
      best = sq;
    }
  }
  if (best) {
    page.cursor = best;
    drawBoard(false);
  }
}

// The board's own listeners: clicks (a first tap zooms on phones), keys, zoom bar, flip, layout.
export function wireBoard() {
  window.matchMedia(NARROW).addEventListener("change", () => {
    page.zoom = null;
    drawBoard(false); // phone layout on or off
  });
  $("board").addEventListener("click", (event) => {
    const svg = $("board").querySelector("svg");
    if (page.zoomSize && !page.zoom && svg) {
      // Too small to hit on this screen: the first tap only zooms in round itself.
      page.zoom = svgPoint(svg, event.clientX, event.clientY);
      drawBoard(false);
      return;
    }
    const target = event.target.closest("[data-sq]");
    if (target) clickSquare(target.dataset.sq);
  });
  $("board").addEventListener("keydown", boardKey);
  $("zoom-out").addEventListener("click", () => {
    page.zoom = null;
    drawBoard(false);
  });
  for (const button of $("zoom-pan").querySelectorAll("button[data-pan]")) {
    const [dx, dy] = button.dataset.pan.split(",").map(Number);
    button.addEventListener("click", () => panZoom(dx, dy));
  }
  $("board").addEventListener("focus", () => {
    page.boardFocused = true;
  });
  $("board").addEventListener("blur", () => {
    page.boardFocused = false;
  });
  $("flip").addEventListener("click", () => {
    page.userFlip = !page.userFlip;
    drawBoard(false);
  });
}
