// The move list and looking back: any earlier position, read-only, from the move list, the arrow
// keys or (once the game is over) the replay slider; and the game record download.
import { api } from "../api.js";
import { $, gameId, page, playerWords, seatName, showError, tokenFor } from "./page.js";
import { drawBoard } from "./board.js";
import { closePicker, renderExtraMoves } from "./moves.js";

export function replayView(i) {
  const r = page.replay;
  return {
    ...page.shown,
    position: r.positions[i],
    structure: r.structures[i],
    last_effects: r.effects[i],
    history: r.history.slice(0, i),
    history_players: page.shown.history_players.slice(0, i),
    moves: [],
    ply: i,
  };
}

// The number the move list gives the move that reaches ply `ply` (1 = after the first entry of the
// history): one line per seat's move, a chance outcome counted with the move that follows it (a last
// one alone). Other lists (the analysis marks) number moves with it, so both read alike.
export function moveNumber(view, ply) {
  const players = view.history_players.slice(0, ply);
  const moves = players.filter((p) => p >= 0).length;
  return players.length && players[players.length - 1] < 0 ? moves + 1 : moves;
}

// One line per turn: a chance outcome is shown with the move that follows it ("Blue  5,2  a5").
// The list is an <ol>: its numbers are moveNumber's.
export function renderHistory() {
  if (page.handingOver) return;
  const view = page.shown;
  const list = $("history");
  list.replaceChildren();
  let chance = [];
  const words = view.history_words || [];
  const inWords = $("history-words").checked;
  view.history.forEach((move, i) => {
    const p = view.history_players[i];
    if (p < 0) {
      chance.push(move);
      if (i < view.history.length - 1) return;
    }
    const li = document.createElement("li");
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = p < 0 ? "chance" : seatName(p);
    if (p >= 0) who.style.color = page.plugin.seatColors[p] || "";
    li.append(who);
    if (chance.length) {
      const rolled = document.createElement("span");
      rolled.className = "chance-outcome";
      rolled.textContent = ` ${chance.join(" ")}`;
      li.append(rolled);
    }
    if (p >= 0) {
      const text = document.createElement("span");
      text.className = "mv";
      text.textContent = ` ${move}`;
      text.style.color = page.plugin.seatColors[p] || "";
      li.append(text);
    }
    // The plies of this line in plain words (the server phrases them for this seat's view).
    const said = words.slice(p >= 0 ? i - chance.length : i + 1 - chance.length, i + 1);
    if (inWords && said.length) {
      const phrase = document.createElement("div");
      phrase.className = "words";
      phrase.textContent = said.join("; ");
      li.append(phrase);
    }
    li.dataset.ply = String(i + 1);
    li.tabIndex = 0;
    li.title = [...said, "click: show the position after this move (End: back to the game)"].join("\n");
    if (page.replayIndex === i + 1) li.classList.add("viewing");
    list.append(li);
    chance = [];
  });
  if (page.analysis) page.analysis.decorateHistory();
  if (page.replayIndex === null) list.scrollTop = list.scrollHeight;
}

// The positions, effects and moves up to the view on screen, fetched again only when it has moved on
// (or, after a takeback, back: live.js then drops the old one).
async function loadReplay() {
  const view = page.shown;
  if (!page.replay || page.replay.positions.length !== view.ply + 1) {
    page.replay = await api("GET", `/api/games/${encodeURIComponent(gameId)}/replay`, { token: tokenFor(view) });
  }
}

// -- looking back: any earlier position, read-only, from the move list or the arrow keys ----------
export async function viewPly(target) {
  if (page.handingOver) return;
  const live = page.shown.ply;
  const i = target === null ? null : Math.max(0, Math.min(target, live));
  if (i === null || i === live) page.replayIndex = null;
  else {
    await loadReplay();
    page.replayIndex = Math.min(i, page.replay.positions.length - 1);
  }
  page.selected = null;
  closePicker();
  drawBoard(false);
  renderExtraMoves();
  renderHistory();
  renderViewing();
}

export function renderViewing() {
  const viewing = page.replayIndex !== null;
  $("viewing").hidden = !viewing;
  document.body.dataset.viewing = viewing ? String(page.replayIndex) : "";
  if (viewing) $("viewing-text").textContent = `Looking back: the position after ply ${page.replayIndex} of ${page.shown.ply}.`;
  const slider = $("replay-slider");
  if (!$("replay").hidden) {
    slider.value = String(viewing ? page.replayIndex : slider.max);
    $("replay-label").textContent = `position ${slider.value} / ${slider.max}`;
  }
  if (page.analysis) page.analysis.drawGraph();
  const current = $("history").querySelector("li.viewing");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function historyKey(event) {
  const where = event.target;
  if (where.closest && (where.closest("input, select, textarea, #board, #picker") || where.isContentEditable)) return;
  stepHistory(event);
}

export function stepHistory(event) {
  const at = page.replayIndex === null ? page.shown.ply : page.replayIndex;
  const steps = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: null };
  if (!(event.key in steps)) return;
  if (event.key === "ArrowLeft" && at <= 0) return;
  event.preventDefault();
  viewPly(steps[event.key]).catch((e) => showError(playerWords(e.message)));
}

export async function renderReplay() {
  const view = page.shown;
  const box = $("replay");
  if (!view.over) {
    box.hidden = true;
    return;
  }
  await loadReplay();
  const slider = $("replay-slider");
  slider.max = String(page.replay.positions.length - 1);
  if (page.replayIndex === null) slider.value = slider.max;
  $("replay-label").textContent = `position ${slider.value} / ${slider.max}`;
  box.hidden = false;
}

// The game record (GET /api/games/{id}/record) as this browser's seat may read it. Fetched with the
// seat's token in the header (a token never goes into an address), then saved from a blob.
async function downloadRecord(form) {
  const token = tokenFor(page.shown);
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  const path = `/api/games/${encodeURIComponent(gameId)}/record${form === "json" ? "?format=json" : ""}`;
  try {
    const response = await fetch(path, { headers });
    if (!response.ok) throw new Error((await response.json()).error || response.statusText);
    const disposition = response.headers.get("Content-Disposition") || "";
    const name = (/filename="([^"]+)"/.exec(disposition) || [])[1] || `abstracta-${gameId}.${form === "json" ? "json" : "txt"}`;
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 5000);
  } catch (e) {
    showError(`The record could not be downloaded: ${playerWords(e.message)}`);
  }
}

// The move list's clicks and keys, the arrow keys anywhere else, the replay slider, the record links.
const WORDS_KEY = "abstracta.history-words";

export function wireHistory() {
  $("history-words").checked = localStorage.getItem(WORDS_KEY) === "1";
  $("history-words").addEventListener("change", () => {
    localStorage.setItem(WORDS_KEY, $("history-words").checked ? "1" : "0");
    renderHistory();
  });
  $("history").addEventListener("click", (event) => {
    const li = event.target.closest("li[data-ply]");
    if (li) viewPly(Number(li.dataset.ply)).catch((e) => showError(playerWords(e.message)));
  });
  $("history").addEventListener("keydown", (event) => {
    const li = event.target.closest("li[data-ply]");
    if (li && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      viewPly(Number(li.dataset.ply));
    }
  });
  $("back-to-live").addEventListener("click", () => viewPly(null));
  document.addEventListener("keydown", historyKey);
  $("replay-slider").addEventListener("input", (event) => {
    const i = Number(event.target.value);
    viewPly(i === Number(event.target.max) ? null : i).catch((e) => showError(playerWords(e.message)));
  });
  for (const link of [$("record-text"), $("record-json")]) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      downloadRecord(link.dataset.form);
    });
  }
}
