// The game page: board, moves by clicking or typing, move list, live updates by WebSocket,
// result banner and replay slider. Everything it knows comes from the API's views.
import { api, heldTokens, holdToken, invites, inviteLink, saveInvites } from "./api.js";
import { boardFor } from "../boards/index.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);

const page = {
  plugin: null,
  views: new Map(), // token ("" for a spectator) -> latest view
  shown: null, // the view on screen
  selected: null,
  userFlip: false,
  rendered: -1, // ply on screen
  queue: [],
  pumping: false,
  replay: null, // {positions, effects, history} once the game is over
  replayIndex: null,
  sending: false,
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function names() {
  const view = page.shown;
  return page.plugin.seatNames(view.options, view.num_players);
}

function seatName(p) {
  return names()[p] || `Player ${p + 1}`;
}

// The view to show: the one whose seat must move now (hotseat holds several), else the first held.
function pickView() {
  const views = [...page.views.values()];
  return views.find((v) => v.moves.length) || views.sort((a, b) => b.ply - a.ply)[0];
}

function tokenFor(view) {
  for (const [token, v] of page.views) if (v === view) return token;
  return "";
}

function flipped() {
  const you = page.shown.you;
  return Boolean(page.plugin.flipFor(you)) !== page.userFlip;
}

function parsed() {
  return page.shown.moves.map((move) => ({ move, at: page.plugin.parseMove(move, page.shown) }));
}

function marks() {
  const targets = new Set();
  const selectable = new Set();
  for (const { at } of parsed()) {
    if (!at) continue;
    if (at.from) selectable.add(at.from);
    if (page.selected ? at.from === page.selected : !at.from) if (at.to) targets.add(at.to);
  }
  return { selected: page.selected, targets, selectable };
}

function drawBoard(animate) {
  const view = page.replayIndex === null ? page.shown : replayView(page.replayIndex);
  const ui = { flipped: flipped(), marks: page.replayIndex === null ? marks() : {}, animate, mini: false };
  const svg = page.plugin.draw(view, ui);
  if (ui.marks.selectable) {
    for (const sq of ui.marks.selectable) svg.querySelectorAll(`[data-sq="${CSS.escape(sq)}"]`).forEach((n) => n.classList.add("selectable"));
  }
  for (const sq of ui.marks.targets || []) svg.querySelectorAll(`[data-sq="${CSS.escape(sq)}"]`).forEach((n) => n.classList.add("target"));
  $("board").replaceChildren(svg);
  $("position").textContent = view.position;
}

function replayView(i) {
  const r = page.replay;
  return {
    ...page.shown,
    position: r.positions[i],
    last_effects: r.effects[i],
    history: r.history.slice(0, i),
    history_players: page.shown.history_players.slice(0, i),
    moves: [],
    ply: i,
  };
}

function resultText(view) {
  const best = Math.max(...view.returns);
  const winners = view.returns.map((r, p) => (r === best && best > 0 ? p : null)).filter((p) => p !== null);
  if (!winners.length) return "Draw";
  // Seat names may hold "&" themselves (two-player Reflec: "Suns & Crowns"), so several winners take "and".
  const who = winners.map(seatName).join(" and ");
  const you = [...page.views.values()].map((v) => v.you).filter((p) => p !== null);
  if (winners.length > 1) {
    const mine = you.length === 1 && winners.includes(you[0]);
    return mine ? `You share first place (${who})` : `${who} share first place`;
  }
  if (you.length === 1) return winners.includes(you[0]) ? `You win! (${who})` : `${who} wins - you lose`;
  return `${who} wins`;
}

function renderStatus() {
  const view = page.shown;
  const banner = $("banner");
  if (view.over) {
    $("status").classList.remove("your-turn");
    banner.hidden = false;
    banner.textContent = resultText(view);
    $("status").textContent = `Game over after ${view.ply} plies. Scores: ${view.scores.map((s, p) => `${seatName(p)} ${s}`).join(", ")}`;
    return;
  }
  banner.hidden = true;
  const mover = view.player;
  const extra = page.plugin.describeTurn ? page.plugin.describeTurn(view) : null;
  let text;
  if (mover === null || mover < 0) text = "waiting for a chance event...";
  else if (view.moves.length) text = `Your move, ${seatName(mover)}`;
  else if ((view.seats[mover] || "").startsWith("bot:")) text = `${seatName(mover)} (${view.seats[mover].slice(4)} bot) is thinking...`;
  else text = `Waiting for ${seatName(mover)}`;
  $("status").textContent = `${text}${extra ? ` · ${extra}` : ""} · scores ${view.scores.map((s, p) => `${seatName(p)} ${s}`).join(", ")}`;
  $("status").classList.toggle("your-turn", view.moves.length > 0);
}

function renderExtraMoves() {
  const box = $("extra-moves");
  box.replaceChildren();
  if (page.replayIndex !== null) return;
  const loose = parsed().filter((x) => !x.at);
  for (const { move } of loose) box.append(moveButton(move, "move-button", () => send(move)));
}

// A button that plays one move, labelled by the board module.
function moveButton(move, className, onClick) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = className;
  button.dataset.move = move;
  button.textContent = page.plugin.moveLabel(move, page.shown);
  button.addEventListener("click", onClick);
  return button;
}

// One line per turn: a chance outcome is shown with the move that follows it ("Blue  5,2  a5").
function renderHistory() {
  const view = page.shown;
  const list = $("history");
  list.replaceChildren();
  let chance = [];
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
    if (p >= 0) li.append(` ${move}`);
    li.dataset.ply = String(i + 1);
    list.append(li);
    chance = [];
  });
  list.scrollTop = list.scrollHeight;
}

function renderSeats() {
  const view = page.shown;
  const box = $("seats");
  box.replaceChildren();
  const held = new Set([...page.views.values()].map((v) => v.you).filter((p) => p !== null));
  view.seats.forEach((kind, p) => {
    const row = document.createElement("div");
    row.className = `seat-row${view.player === p && !view.over ? " to-move" : ""}`;
    const dot = document.createElement("span");
    dot.className = "dot";
    dot.style.background = page.plugin.seatColors[p] || "#888";
    const label = document.createElement("span");
    label.textContent = `${seatName(p)}: ${held.has(p) ? "you" : kind === "human" ? "human" : `${kind.slice(4)} bot`}`;
    const score = document.createElement("span");
    score.className = "score";
    score.textContent = String(view.scores[p] ?? "");
    row.append(dot, label, score);
    box.append(row);
  });
  // The creator's invite links, shown only while the server says the friend has not joined; then forgotten.
  const links = invites(gameId);
  const waiting = new Set((view.waiting_for || []).map(String));
  const open = Object.fromEntries(Object.entries(links).filter(([p]) => waiting.has(p)));
  if (Object.keys(open).length !== Object.keys(links).length) saveInvites(gameId, open);
  const inviteBox = $("invites");
  inviteBox.replaceChildren();
  for (const [p, code] of Object.entries(open)) {
    const line = document.createElement("div");
    line.className = "invite";
    line.dataset.testid = `invite-${p}`;
    const input = document.createElement("input");
    input.readOnly = true;
    input.value = inviteLink(gameId, code);
    input.addEventListener("focus", () => input.select());
    line.append(`Invite for ${seatName(Number(p))} (works once): `, input);
    inviteBox.append(line);
  }
}

async function renderReplay() {
  const view = page.shown;
  const box = $("replay");
  if (!view.over) {
    box.hidden = true;
    return;
  }
  if (!page.replay || page.replay.positions.length !== view.ply + 1) {
    page.replay = await api("GET", `/api/games/${encodeURIComponent(gameId)}/replay`, { token: tokenFor(view) });
  }
  const slider = $("replay-slider");
  slider.max = String(page.replay.positions.length - 1);
  if (page.replayIndex === null) slider.value = slider.max;
  $("replay-label").textContent = `position ${slider.value} / ${slider.max}`;
  box.hidden = false;
}

function render(animate) {
  page.shown = pickView();
  document.title = `${page.shown.title} · abstracta`;
  $("game-title").textContent = `${page.shown.title} · game ${gameId}`;
  if (page.selected && !parsed().some((x) => x.at && x.at.from === page.selected)) page.selected = null;
  drawBoard(animate);
  renderStatus();
  renderExtraMoves();
  renderHistory();
  renderSeats();
  renderReplay().catch((e) => showError(e.message));
  page.rendered = page.shown.ply;
  document.body.dataset.ply = String(page.shown.ply);
  document.body.dataset.over = page.shown.over ? "1" : "0";
  document.body.dataset.myTurn = page.shown.moves.length ? "1" : "0";
}

function showError(message) {
  $("error").textContent = message || "";
}

function closePicker() {
  $("picker").hidden = true;
  $("picker").replaceChildren();
}

function offer(candidates) {
  if (candidates.length === 1) return send(candidates[0].move);
  const picker = $("picker");
  picker.replaceChildren();
  const title = document.createElement("span");
  title.textContent = "Choose:";
  picker.append(title);
  for (const { move } of candidates) {
    picker.append(
      moveButton(move, "pick", () => {
        closePicker();
        send(move);
      }),
    );
  }
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.className = "cancel";
  cancel.textContent = "cancel";
  cancel.addEventListener("click", closePicker);
  picker.append(cancel);
  picker.hidden = false;
  return undefined;
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

async function send(move) {
  if (page.sending) return;
  const view = [...page.views.values()].find((v) => v.moves.includes(move)) || page.shown;
  const token = tokenFor(view);
  if (!token) {
    showError("You are watching this game: only its players can move.");
    return;
  }
  page.sending = true;
  showError("");
  try {
    const next = await api("POST", `/api/games/${encodeURIComponent(gameId)}/moves`, { token, body: { move, ply: view.ply } });
    page.selected = null;
    accept(token, next);
  } catch (e) {
    showError(e.message);
  } finally {
    page.sending = false;
  }
}

function accept(token, view) {
  const old = page.views.get(token);
  if (old && old.ply > view.ply) return;
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
      if (old && old.ply > view.ply) continue;
      page.views.set(token, view);
      const next = pickView();
      const moved = next.ply > page.rendered;
      if (moved || next !== page.shown) render(moved && page.rendered >= 0);
      if (moved && page.queue.length) await sleep(450);
    }
  } finally {
    page.pumping = false;
  }
}

function connect(token) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/games/${encodeURIComponent(gameId)}${query}`);
  socket.addEventListener("open", () => {
    $("connection").textContent = "live";
    $("connection").className = "connection live";
  });
  socket.addEventListener("message", (event) => {
    const data = JSON.parse(event.data);
    if (data.error) showError(data.error);
    else accept(token, data);
  });
  socket.addEventListener("close", (event) => {
    $("connection").textContent = "reconnecting...";
    $("connection").className = "connection";
    if (event.code >= 4400 && event.code < 4500) return; // refused: wrong token or no such game
    setTimeout(() => connect(token), 1500);
  });
}

async function main() {
  // An invite link carries a one-time code after '#invite=': trade it for the seat's token, which stays
  // in this browser only, and tidy the address so the used code is not bookmarked.
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("invite")) {
    try {
      const joined = await api("POST", `/api/invites/${encodeURIComponent(hash.get("invite"))}`);
      holdToken(joined.game, joined.seat, joined.token);
    } catch (e) {
      showError(e.status === 410 ? "This invite link has been used already: it works once." : `This invite link does not work: ${e.message}`);
    }
    history.replaceState(null, "", location.pathname);
  } else if (hash.get("token")) {
    // A seat's own token (e.g. to move a game of yours to another device): kept, then tidied away.
    try {
      const view = await api("GET", `/api/games/${encodeURIComponent(gameId)}`, { token: hash.get("token") });
      if (view.you !== null) holdToken(gameId, view.you, hash.get("token"));
    } catch (e) {
      showError(`This link does not work: ${e.message}`);
    }
    history.replaceState(null, "", location.pathname);
  }
  const tokens = Object.values(heldTokens(gameId));
  if (!tokens.length) tokens.push("");
  try {
    for (const token of tokens) page.views.set(token, await api("GET", `/api/games/${encodeURIComponent(gameId)}`, { token }));
  } catch (e) {
    $("status").textContent = e.message;
    return;
  }
  page.plugin = await boardFor(pickView().game);
  render(false);
  for (const token of tokens) connect(token);

  $("board").addEventListener("click", (event) => {
    const target = event.target.closest("[data-sq]");
    if (target) clickSquare(target.dataset.sq);
  });
  $("flip").addEventListener("click", () => {
    page.userFlip = !page.userFlip;
    drawBoard(false);
  });
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("move-input").value.trim();
    if (!move) return;
    $("move-input").value = "";
    send(move);
  });
  $("replay-slider").addEventListener("input", (event) => {
    const i = Number(event.target.value);
    page.replayIndex = i === Number(event.target.max) ? null : i;
    $("replay-label").textContent = `position ${i} / ${event.target.max}`;
    drawBoard(false);
    renderExtraMoves();
  });
}

main();
