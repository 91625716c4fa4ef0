// Live sync: views arrive (answers to this page's requests and WebSocket pushes), are queued,
// and shown one after another; render() puts the view to show on the page.
import { $, gameId, older, page, pickView, showError } from "./page.js";
import { drawBoard, parsed } from "./board.js";
import { renderExtraMoves } from "./moves.js";
import { renderHistory, renderReplay, renderViewing } from "./history.js";
import { renderSeats, renderStatus, signalTurn, tickClocks } from "./seats.js";
import { renderControls } from "./controls.js";
import { handOverNeeded, renderHandOver } from "./handover.js";
import { onExtra, renderPresence } from "./chat.js";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function accept(token, view) {
  const old = page.views.get(token);
  if (old && older(view, old)) return;
  page.queue.push({ token, view });
  pump();
}

// Show arriving views one after another, pausing a little between moves so each can be seen.
async function pump() {
  if (page.pumping) return;
  page.pumping = true;
  try {
    while (page.queue.length) {
      const { token, view } = page.queue.shift();
      const old = page.views.get(token);
      if (old && older(view, old)) continue;
      page.views.set(token, view);
      const next = pickView();
      const moved = next.ply > page.rendered;
      if (next.ply < page.rendered) page.replay = null; // taken back: the replay is out of date
      if (moved || next !== page.shown) render(moved && page.rendered >= 0);
      if (moved && page.queue.length) await sleep(450);
    }
  } finally {
    page.pumping = false;
  }
}

// extras: this socket also brings the chat and who is connected (one socket of the page asks for them).
export function connect(token, extras = false) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const params = new URLSearchParams();
  if (token) params.set("token", token);
  if (extras) params.set("extras", "1");
  const query = params.toString() ? `?${params}` : "";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/games/${encodeURIComponent(gameId)}${query}`);
  socket.addEventListener("open", () => {
    $("connection").textContent = "live";
    $("connection").className = "connection live";
  });
  socket.addEventListener("message", (event) => {
    const data = JSON.parse(event.data);
    if (data.error) showError(data.error);
    else if (!onExtra(data)) accept(token, data);
  });
  socket.addEventListener("close", (event) => {
    $("connection").textContent = "reconnecting...";
    $("connection").className = "connection";
    if (event.code >= 4400 && event.code < 4500) return; // refused: wrong token or no such game
    setTimeout(() => connect(token, extras), 1500);
  });
}

export function render(animate) {
  page.shown = pickView();
  if (handOverNeeded(page.shown)) {
    renderHandOver();
    return;
  }
  $("game-title").textContent = `${page.shown.title} · game ${gameId}`;
  if (page.selected && !parsed().some((x) => x.at && x.at.from === page.selected)) page.selected = null;
  // Phones: a game that has just ended shows the whole board (the last move may lie outside the zoom).
  if (page.shown.over && !page.endShown) page.zoom = null;
  page.endShown = page.shown.over;
  drawBoard(animate);
  renderStatus();
  renderExtraMoves();
  renderHistory();
  renderSeats();
  renderPresence();
  page.clockAt = performance.now();
  tickClocks();
  renderControls();
  signalTurn();
  renderReplay().catch((e) => showError(e.message));
  if (page.analysis) page.analysis.update();
  renderViewing();
  if (page.errorPly !== null && page.errorPly !== page.shown.ply) showError(""); // an error belongs to its turn
  page.rendered = page.shown.ply;
  document.body.dataset.ply = String(page.shown.ply);
  document.body.dataset.over = page.shown.over ? "1" : "0";
  document.body.dataset.myTurn = page.shown.moves.length ? "1" : "0";
}
