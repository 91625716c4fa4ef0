// The game page: board, moves by clicking or typing, move list, live updates by WebSocket,
// result banner and replay slider. Everything it knows comes from the API's views.
import { api, heldTokens, holdToken, invites, inviteLink, saveInvites } from "./api.js";
import { boardFor } from "../boards/index.js";
import { legendList, rulesFor } from "./rules.js";
import { AnalysisPanel } from "./analysis.js";
import { fitNarrow, inWindow, NARROW, spaceCentre, svgPoint, zoomTo, zoomWindow } from "./phone.js";

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
  cursor: null, // the square the keyboard is on
  boardFocused: false,
  errorPly: null, // the ply an error message was given at: cleared when the turn changes
  wasMyTurn: null, // for the "your turn" chime: null until the first render
  analysis: null, // the post-game analysis panel (js/analysis.js)
  zoom: null, // phones: the centre ([x, y] in SVG units) of the zoomed-in window, null for the whole board
  zoomSize: null, // phones: the zoom window's [width, height] when the board needs zooming, else null
  pickerFromBoard: false, // the picker was opened from the focused board: closing it gives the focus back
  screenSeat: null, // hotseat with hidden information: the seat whose secrets the screen may show now
  handingOver: false, // the hand-over screen is up: nothing of any seat's view is on the page
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
  return views.find((v) => v.moves.length) || views.sort((a, b) => (older(a, b) ? 1 : older(b, a) ? -1 : 0))[0];
}

function tokenFor(view) {
  for (const [token, v] of page.views) if (v === view) return token;
  return "";
}

// The board turns for the seat this browser plays; a hotseat (several seats held) keeps one side
// down, or the board would turn round after every move.
function heldSeats() {
  return [...page.views.values()].map((v) => v.you).filter((p) => p !== null);
}

function flipped() {
  const held = heldSeats();
  const auto = held.length === 1 && Boolean(page.plugin.flipFor(held[0]));
  return auto !== page.userFlip;
}

// Every legal move with its squares; a move whose two squares play alike (a swap) is listed
// from both ends, so it can be started from either square.
function parsed() {
  const out = [];
  for (const move of page.shown.moves) {
    const at = page.plugin.parseMove(move, page.shown);
    out.push({ move, at });
    if (at && at.reversible && at.from && at.to && at.from !== at.to) out.push({ move, at: { from: at.to, to: at.from } });
  }
  return out;
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

// Hotseat with hidden information (Quin with both seats in this browser): a seat's view shows its
// hidden kinds, so before another seat's view is shown the screen asks to be passed on, and shows
// nothing of any view until the next player clicks. A browser holding one seat never needs it.
function handOverNeeded(view) {
  const seat = view.you;
  return !view.perfect_information && heldSeats().length > 1 && seat !== null && seat !== undefined && seat !== page.screenSeat;
}

function renderHandOver() {
  const view = page.shown;
  page.handingOver = true;
  page.selected = null;
  page.cursor = null;
  page.replayIndex = null;
  closePicker();
  // Emptied, not just hidden: what another seat may not see must not be in the page at all.
  for (const id of ["board", "board-panel", "extra-moves", "history", "analysis-marks", "analysis-graph"]) $(id).replaceChildren();
  $("position").textContent = "";
  document.querySelector("main.game-main").hidden = true;
  const name = seatName(view.you);
  $("handover-text").textContent = `Pass to ${name}, then click`;
  $("handover-show").textContent = `I am ${name}: show my pieces`;
  $("handover").hidden = false;
  $("handover-show").focus({ preventScroll: true }); // Enter or Space hands over from the keyboard too
  document.title = `${name}'s turn \u00b7 ${view.title} \u00b7 abstracta`;
  page.rendered = view.ply;
  document.body.dataset.ply = String(view.ply);
  document.body.dataset.handover = String(view.you);
}

function endHandOver() {
  if (!page.handingOver) return;
  page.screenSeat = page.shown.you;
  page.handingOver = false;
  $("handover").hidden = true;
  document.querySelector("main.game-main").hidden = false;
  delete document.body.dataset.handover;
  render(false);
}

function drawBoard(animate) {
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

// Scores are the game's own count (pieces, points, lasers...): the board module names it.
function scoreLabel() {
  return page.plugin.scoreLabel || "score";
}

function scoreText(view) {
  return `${scoreLabel()}: ${view.scores.map((s, p) => `${seatName(p)} ${s}`).join(", ")}`;
}

function renderStatus() {
  const view = page.shown;
  const banner = $("banner");
  if (view.over) {
    $("status").classList.remove("your-turn");
    banner.hidden = false;
    const ended = view.controls && view.controls.ended;
    const how = !ended ? "" : ended.termination === "resigned" ? `${seatName(ended.by)} resigned` : ended.termination === "time" ? `${seatName(ended.by)} ran out of time` : ended.termination;
    banner.textContent = ended ? `${resultText(view)} (${how})` : resultText(view);
    $("status").textContent = `Game over after ${view.ply} plies. ${scoreText(view)}`;
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
  $("status").textContent = `${text}${extra ? ` · ${extra}` : ""} · ${scoreText(view)}`;
  $("status").classList.toggle("your-turn", view.moves.length > 0);
}

// Moves with no square are buttons; a family of them (Quin's Gravity, with dozens of variants)
// is one button that opens a picker, so the page stays short.
function renderExtraMoves() {
  if (page.handingOver) return;
  const box = $("extra-moves");
  box.replaceChildren();
  if (page.replayIndex !== null) return;
  const loose = parsed().filter((x) => !x.at);
  const groups = new Map();
  for (const item of loose) {
    const group = page.plugin.moveGroup ? page.plugin.moveGroup(item.move) : null;
    if (!group) box.append(moveButton(item.move, "move-button", () => send(item.move)));
    else {
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group).push(item);
    }
  }
  for (const [group, items] of groups) {
    if (items.length === 1) {
      box.append(moveButton(items[0].move, "move-button", () => send(items[0].move)));
      continue;
    }
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move-button group-button";
    button.dataset.group = group;
    button.textContent = `${group}... (${items.length} choices)`;
    button.addEventListener("click", () => offer(items, { title: `${group}:`, confirm: true }));
    box.append(button);
  }
  if (page.shown.moves.length && page.plugin.quickActions) {
    for (const action of page.plugin.quickActions(page.shown)) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "quick-action";
      button.dataset.action = action.id;
      button.textContent = action.label;
      button.addEventListener("click", () => runQuickAction(action));
      box.append(button);
    }
  }
}

// A quick action plays moves one by one, each chosen from the latest view (Quin's "standard setup"),
// or asks the server to act for the seat (`request`: Quin's random setup, whose randomness is the server's).
async function runQuickAction(action) {
  const token = tokenFor(page.shown);
  if (action.request) {
    await serverAction(action.request, token, page.shown);
    return;
  }
  for (let i = 0; i < 64; i += 1) {
    const view = page.views.get(token);
    if (!view || !view.moves.length) return;
    const move = action.next(view);
    if (!move) return;
    if (!(await send(move))) return;
  }
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
  if (page.handingOver) return;
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
    if (p >= 0) {
      const text = document.createElement("span");
      text.className = "mv";
      text.textContent = ` ${move}`;
      text.style.color = page.plugin.seatColors[p] || "";
      li.append(text);
    }
    li.dataset.ply = String(i + 1);
    li.tabIndex = 0;
    li.title = "show the position after this move (End: back to the game)";
    if (page.replayIndex === i + 1) li.classList.add("viewing");
    list.append(li);
    chance = [];
  });
  if (page.analysis) page.analysis.decorateHistory();
  if (page.replayIndex === null) list.scrollTop = list.scrollHeight;
}

// -- looking back: any earlier position, read-only, from the move list or the arrow keys ----------
async function viewPly(target) {
  if (page.handingOver) return;
  const live = page.shown.ply;
  const i = target === null ? null : Math.max(0, Math.min(target, live));
  if (i === null || i === live) page.replayIndex = null;
  else {
    if (!page.replay || page.replay.positions.length !== live + 1) {
      page.replay = await api("GET", `/api/games/${encodeURIComponent(gameId)}/replay`, { token: tokenFor(page.shown) });
    }
    page.replayIndex = Math.min(i, page.replay.positions.length - 1);
  }
  page.selected = null;
  closePicker();
  drawBoard(false);
  renderExtraMoves();
  renderHistory();
  renderViewing();
}

function renderViewing() {
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

function stepHistory(event) {
  const at = page.replayIndex === null ? page.shown.ply : page.replayIndex;
  const steps = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: null };
  if (!(event.key in steps)) return;
  if (event.key === "ArrowLeft" && at <= 0) return;
  event.preventDefault();
  viewPly(steps[event.key]).catch((e) => showError(playerWords(e.message)));
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
    score.textContent = `${view.scores[p] ?? ""}`;
    score.title = scoreLabel();
    const unit = document.createElement("small");
    unit.className = "score-label";
    unit.textContent = ` ${scoreLabel()}`;
    score.append(unit);
    row.append(dot, label, score);
    if (view.controls && view.controls.clock) {
      const clock = document.createElement("span");
      clock.className = "clock";
      clock.dataset.seat = String(p);
      clock.dataset.testid = `clock-${p}`;
      row.append(clock);
    }
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

// -- game controls: resign, draw, rematch; the "your turn" signal ------------------------------
function controlsToken() {
  return tokenFor(page.shown) || Object.values(heldTokens(gameId))[0] || "";
}

async function control(path, body) {
  const token = controlsToken();
  try {
    const next = await api("POST", `/api/games/${encodeURIComponent(gameId)}/${path}`, { token, body });
    accept(token, next);
  } catch (e) {
    showError(playerWords(e.message));
  }
}

// Clocks: the server's seconds left, counted down here for the seat whose clock runs.
function clockText(seconds) {
  const tenthsLeft = Math.floor(Math.max(0, seconds) * 10 + 1e-6); // 2.8 stays 2.8 despite binary fractions
  const whole = Math.floor(tenthsLeft / 10);
  const tenths = whole < 10 ? `.${tenthsLeft % 10}` : "";
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}${tenths}`;
}

function tickClocks() {
  const clock = page.shown && page.shown.controls && page.shown.controls.clock;
  if (!clock) return;
  const elapsed = (performance.now() - page.clockAt) / 1000;
  for (const node of document.querySelectorAll("#seats .clock")) {
    const p = Number(node.dataset.seat);
    const running = clock.running === p && !page.shown.over;
    const left = clock.left[p] - (running ? elapsed : 0);
    node.textContent = clockText(left);
    node.classList.toggle("running", running);
    node.classList.toggle("low", left < 10);
  }
}

function renderControls() {
  const view = page.shown;
  const c = view.controls || {};
  const mine = view.you !== null && view.you !== undefined;
  const over = view.over;
  $("resign").hidden = !(mine && c.can_resign);
  if ($("resign").hidden) delete $("resign").dataset.armed;
  $("resign").textContent = $("resign").dataset.armed ? "Really resign? Click again" : "Resign";
  const rivalOffer = c.draw_offer !== null && c.draw_offer !== undefined && c.draw_offer !== view.you;
  const held = heldSeats();
  const offerFromOtherHolder = rivalOffer && held.includes(c.draw_offer) && held.length > 1;
  $("draw-offer").hidden = !(mine && c.can_offer_draw && (c.draw_offer === null || c.draw_offer === undefined));
  $("draw-accept").hidden = !(mine && !over && rivalOffer);
  $("draw-decline").hidden = $("draw-accept").hidden;
  $("draw-pending").hidden = !(mine && !over && c.draw_offer !== null && c.draw_offer !== undefined && (!rivalOffer || offerFromOtherHolder));
  $("draw-pending").textContent = rivalOffer ? `${seatName(c.draw_offer)} offers a draw` : "Draw offered: waiting for the answer";
  if (!$("draw-accept").hidden) $("draw-pending").hidden = false;
  const request = c.takeback_request;
  const rivalRequest = request !== null && request !== undefined && request !== view.you;
  const botThinking = !over && view.player !== null && view.player >= 0 && (view.seats[view.player] || "").startsWith("bot:");
  $("takeback").hidden = !(mine && c.can_take_back && !botThinking && (request === null || request === undefined));
  $("takeback-accept").hidden = !(mine && !over && rivalRequest);
  $("takeback-decline").hidden = $("takeback-accept").hidden;
  $("takeback-pending").hidden = !(mine && !over && request !== null && request !== undefined);
  $("takeback-pending").textContent = rivalRequest ? `${seatName(request)} asks to take back a move` : "Takeback asked: waiting for the answer";
  $("rematch").hidden = !(mine && over);
  $("rematch").textContent = c.rematch ? "Join the rematch" : "Rematch (seats swapped)";
}

async function rematch() {
  const c = page.shown.controls || {};
  const oldTokens = heldTokens(gameId);
  try {
    let newId = c.rematch;
    if (!newId) {
      const made = await api("POST", `/api/games/${encodeURIComponent(gameId)}/rematch`, { token: controlsToken() });
      newId = made.id;
      for (const [p, token] of Object.entries(made.tokens)) holdToken(newId, p, token);
      saveInvites(newId, made.invites); // links for friends whose browsers no longer hold this game; forgotten once used
    }
    // Every other seat this browser held (a hotseat) is claimed with its old token.
    const have = heldTokens(newId);
    for (const token of Object.values(oldTokens)) {
      const seat = (page.views.get(token) || {}).controls?.rematch_seat;
      if (seat !== undefined && seat !== null && have[String(seat)]) continue;
      try {
        const got = await api("POST", `/api/games/${encodeURIComponent(newId)}/claim`, { token, body: { previous: gameId } });
        holdToken(newId, got.seat, got.token);
      } catch (e) {
        if (e.status !== 410) throw e;
      }
    }
    location.href = `/g/${encodeURIComponent(newId)}`;
  } catch (e) {
    showError(playerWords(e.message));
  }
}

const MUTE_KEY = "abstracta:mute";

// A short two-note chime made on the spot (no sound file); the mute switch is kept in this browser.
function chime() {
  if (localStorage.getItem(MUTE_KEY) === "1") return;
  try {
    const audio = new AudioContext();
    [660, 880].forEach((freq, i) => {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = freq;
      gain.gain.setValueAtTime(0.08, audio.currentTime + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + i * 0.12 + 0.25);
      tone.connect(gain).connect(audio.destination);
      tone.start(audio.currentTime + i * 0.12);
      tone.stop(audio.currentTime + i * 0.12 + 0.3);
    });
    page.chimes = (page.chimes || 0) + 1;
    document.body.dataset.chimes = String(page.chimes);
  } catch {
    // no audio device: the title still says it
  }
}

function signalTurn() {
  const mine = page.shown.moves.length > 0 && !page.shown.over;
  document.title = `${mine ? "\u25cf Your turn \u00b7 " : ""}${page.shown.title} \u00b7 abstracta`;
  if (mine && page.wasMyTurn === false) chime();
  page.wasMyTurn = mine;
}

function render(animate) {
  page.shown = pickView();
  if (handOverNeeded(page.shown)) {
    renderHandOver();
    return;
  }
  $("game-title").textContent = `${page.shown.title} · game ${gameId}`;
  if (page.selected && !parsed().some((x) => x.at && x.at.from === page.selected)) page.selected = null;
  drawBoard(animate);
  renderStatus();
  renderExtraMoves();
  renderHistory();
  renderSeats();
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

function showError(message) {
  $("error").textContent = message || "";
  page.errorPly = message && page.shown ? page.shown.ply : null;
}

function closePicker() {
  const wasOpen = !$("picker").hidden;
  $("picker").hidden = true;
  $("picker").replaceChildren();
  if (wasOpen && page.pickerFromBoard) $("board").focus();
  page.pickerFromBoard = false;
}

// Arrow keys move between the picker's buttons (a list of choices has its own arrows).
function pickerKey(event) {
  const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  if (!(event.key in keys) || event.target.tagName === "SELECT") return;
  const buttons = [...$("picker").querySelectorAll("button")];
  const at = buttons.indexOf(document.activeElement);
  if (at < 0) return;
  event.preventDefault();
  event.stopPropagation();
  buttons[(at + keys[event.key] + buttons.length) % buttons.length].focus();
}

const PICKER_BUTTONS = 8;

// Several moves share the clicked squares: the player picks one. A single move is played at once,
// unless it leaves the piece where it is (a turn): that always needs an explicit choice, so a
// single click on a piece never turns it (and never fires a Laser Chess Laser).
function offer(candidates, { title = "Choose:", confirm = false } = {}) {
  const inPlace = candidates.length === 1 && candidates[0].at && candidates[0].at.from && candidates[0].at.from === candidates[0].at.to;
  if (candidates.length === 1 && !confirm && !inPlace) return send(candidates[0].move);
  const picker = $("picker");
  picker.replaceChildren();
  const heading = document.createElement("span");
  heading.className = "picker-title";
  heading.textContent = title;
  picker.append(heading);
  if (candidates.length > PICKER_BUTTONS) {
    const select = document.createElement("select");
    select.className = "pick-select";
    select.setAttribute("aria-label", title);
    for (const { move } of candidates) {
      const option = document.createElement("option");
      option.value = move;
      option.textContent = page.plugin.moveLabel(move, page.shown);
      select.append(option);
    }
    const play = document.createElement("button");
    play.type = "button";
    play.className = "pick pick-play";
    play.textContent = "play";
    play.addEventListener("click", () => {
      const move = select.value;
      closePicker();
      send(move);
    });
    picker.append(select, play);
  } else {
    for (const { move } of candidates) {
      picker.append(
        moveButton(move, "pick", () => {
          closePicker();
          send(move);
        }),
      );
    }
  }
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.className = "cancel";
  cancel.textContent = "cancel";
  cancel.addEventListener("click", closePicker);
  picker.append(cancel);
  picker.hidden = false;
  page.pickerFromBoard = page.pickerFromBoard || document.activeElement === $("board");
  picker.querySelector("select, button").focus({ preventScroll: true });
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
  if (page.sending) return false;
  const view = [...page.views.values()].find((v) => v.moves.includes(move)) || page.shown;
  const token = tokenFor(view);
  if (!token) {
    showError("You are watching this game: only its players can move.");
    return false;
  }
  return serverAction("moves", token, view, { move });
}

// A seat's request to the server (POST /api/games/{id}/<path> with the view's ply): a move, or
// an action the server carries out (a random setup).
async function serverAction(path, token, view, body = {}) {
  if (page.sending || !token) return false;
  page.sending = true;
  showError("");
  try {
    const next = await api("POST", `/api/games/${encodeURIComponent(gameId)}/${path}`, { token, body: { ...body, ply: view.ply } });
    page.selected = null;
    accept(token, next);
    return true;
  } catch (e) {
    showError(playerWords(e.message));
    return false;
  } finally {
    page.sending = false;
  }
}

const shorten = (text, n) => (text.length > n ? `${text.slice(0, n - 1)}\u2026` : text);

// An engine's refusal may repeat the move and quote the whole position: keep the reason, short.
function playerWords(message) {
  const text = String(message || "").replace(/'[^']{24,}'/g, "the position").replace(/"[^"]{24,}"/g, "the position");
  return shorten(text, 140);
}

// A typed move is checked against the legal moves first, so a typo is answered in plain words.
function typedMove(move) {
  const mine = [...page.views.values()].filter((v) => v.moves.length);
  if (!mine.length) {
    showError(page.shown.over ? "The game is over." : "It is not your turn.");
    return;
  }
  if (mine.some((v) => v.moves.includes(move))) {
    send(move);
    return;
  }
  const examples = mine[0].moves.slice(0, 3).join(", ");
  showError(`${shorten(move, 24)} is illegal here. Legal now, e.g.: ${shorten(examples, 60)}`);
}

// Is view a older than view b? Plies grow, except that a takeback goes back: its count comes first.
function older(a, b) {
  const ta = (a.controls && a.controls.takebacks) || 0;
  const tb = (b.controls && b.controls.takebacks) || 0;
  return ta !== tb ? ta < tb : a.ply < b.ply;
}

function accept(token, view) {
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
  $("rules-link").href = `/rules/${encodeURIComponent(pickView().game)}`;
  rulesFor(pickView().game).then((rules) => {
    if (rules && rules.legend) $("legend-body").replaceChildren(legendList(rules));
    else $("legend").hidden = true;
  });
  page.analysis = new AnalysisPanel({
    gameId,
    view: () => page.shown,
    token: () => tokenFor(page.shown),
    seatName,
    seatColor: (p) => page.plugin.seatColors[p] || "#555",
    viewPly: (i) => viewPly(i).catch((e) => showError(playerWords(e.message))),
    viewing: () => page.replayIndex,
    handingOver: () => page.handingOver,
  });
  render(false);
  window.matchMedia(NARROW).addEventListener("change", () => {
    page.zoom = null;
    drawBoard(false); // phone layout on or off
  });
  for (const token of tokens) connect(token);

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
  $("picker").addEventListener("keydown", pickerKey);
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
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !$("picker").hidden) {
      event.preventDefault();
      closePicker();
    }
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
  setInterval(tickClocks, 200);
  $("mute").checked = localStorage.getItem(MUTE_KEY) === "1";
  $("mute").addEventListener("change", () => localStorage.setItem(MUTE_KEY, $("mute").checked ? "1" : "0"));
  $("resign").addEventListener("click", () => {
    if (!$("resign").dataset.armed) {
      $("resign").dataset.armed = "1"; // a second click confirms: resigning cannot be undone
      renderControls();
      return;
    }
    delete $("resign").dataset.armed;
    control("resign");
  });
  $("draw-offer").addEventListener("click", () => control("draw", { action: "offer" }));
  $("draw-accept").addEventListener("click", () => control("draw", { action: "accept" }));
  $("draw-decline").addEventListener("click", () => control("draw", { action: "decline" }));
  $("takeback").addEventListener("click", () => control("takeback", { action: "request" }));
  $("takeback-accept").addEventListener("click", () => control("takeback", { action: "accept" }));
  $("takeback-decline").addEventListener("click", () => control("takeback", { action: "decline" }));
  $("rematch").addEventListener("click", rematch);
  $("handover-show").addEventListener("click", endHandOver);
  for (const link of [$("record-text"), $("record-json")]) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      downloadRecord(link.dataset.form);
    });
  }
  $("flip").addEventListener("click", () => {
    page.userFlip = !page.userFlip;
    drawBoard(false);
  });
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("move-input").value.trim();
    if (!move) return;
    $("move-input").value = "";
    typedMove(move);
  });
  $("replay-slider").addEventListener("input", (event) => {
    const i = Number(event.target.value);
    viewPly(i === Number(event.target.max) ? null : i).catch((e) => showError(playerWords(e.message)));
  });
}

main();
