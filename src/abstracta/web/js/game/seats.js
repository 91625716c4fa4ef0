// Seats and clocks: who sits where and their scores, the invite links, the clocks counting down,
// the status line and result banner, and the "your turn" signal (title and chime).
import { inviteLink, invites, saveInvites } from "../api.js";
import { setPageTitle } from "../account.js";
import { $, gameId, page, seatName } from "./page.js";

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

// A rated game's changes, as the server computed them: "Blue alice 1662? (+162)"; "?" marks a provisional rating.
function ratingsLine(ratings) {
  const line = document.createElement("div");
  line.className = "banner-ratings";
  line.dataset.testid = "banner-ratings";
  line.textContent = Object.entries(ratings)
    .map(([p, change]) => `${seatName(Number(p))} ${change.username} ${change.shown_after} (${change.change})`)
    .join(" · ");
  return line;
}

// Scores are the game's own count (pieces, points, lasers...): the board module names it.
function scoreLabel() {
  return page.plugin.scoreLabel || "score";
}

function scoreText(view) {
  return `${scoreLabel()}: ${view.scores.map((s, p) => `${seatName(p)} ${s}`).join(", ")}`;
}

export function renderStatus() {
  const view = page.shown;
  const banner = $("banner");
  if (view.over) {
    $("status").classList.remove("your-turn");
    banner.hidden = false;
    const ended = view.controls && view.controls.ended;
    const how = !ended ? "" : ended.termination === "resigned" ? `${seatName(ended.by)} resigned` : ended.termination === "time" ? `${seatName(ended.by)} ran out of time` : ended.termination;
    banner.textContent = ended ? `${resultText(view)} (${how})` : resultText(view);
    if (view.ratings) banner.append(ratingsLine(view.ratings));
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

export function renderSeats() {
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
    const presence = document.createElement("span");
    presence.className = "presence";
    presence.dataset.seat = String(p);
    presence.dataset.testid = `presence-${p}`;
    presence.setAttribute("aria-label", "connected?");
    row.append(presence, dot, label, score);
    if (view.controls && view.controls.clock) {
      const clock = document.createElement("span");
      clock.className = "clock";
      clock.dataset.seat = String(p);
      clock.dataset.testid = `clock-${p}`;
      const limit = document.createElement("span"); // the first move's own limit (see tickClocks)
      limit.className = "first-move";
      limit.dataset.testid = `first-move-${p}`;
      limit.title = "the first move is not charged to the clock, but it must come in time or the game is lost";
      limit.hidden = true;
      row.append(clock, limit);
    }
    box.append(row);
  });
  // The creator's invite links, shown only while the server says the friend has not joined; then forgotten.
  const links = invites(gameId);
  const waiting = new Set((view.waiting_for || []).map(String));
  const open = Object.fromEntries(Object.entries(links).filter(([p]) => waiting.has(p)));
  if (Object.keys(open).length !== Object.keys(links).length) saveInvites(gameId, open);
  // Above the board, where the player looks while waiting for the opponent, with a Copy button.
  const inviteBox = $("invites");
  const shown = [...inviteBox.querySelectorAll("input")].map((input) => input.value);
  const wanted = Object.entries(open).map(([, code]) => inviteLink(gameId, code));
  inviteBox.hidden = !wanted.length;
  if (shown.join(" ") === wanted.join(" ")) return; // unchanged: keep the panel (and its "Copied")
  inviteBox.replaceChildren();
  if (!wanted.length) return;
  const heading = document.createElement("h3");
  heading.textContent = "Invite your opponent";
  const hint = document.createElement("p");
  hint.className = "hint";
  hint.textContent = "Send this link to a friend: it works once, and the game starts when they open it.";
  inviteBox.append(heading, hint);
  for (const [p, code] of Object.entries(open)) {
    const line = document.createElement("div");
    line.className = "invite";
    line.dataset.testid = `invite-${p}`;
    const label = document.createElement("label");
    label.textContent = `${seatName(Number(p))}: `;
    const input = document.createElement("input");
    input.readOnly = true;
    input.value = inviteLink(gameId, code);
    input.setAttribute("aria-label", `invite link for ${seatName(Number(p))}`);
    input.addEventListener("focus", () => input.select());
    const copy = document.createElement("button");
    copy.type = "button";
    copy.textContent = "Copy";
    copy.dataset.testid = `invite-copy-${p}`;
    copy.addEventListener("click", () => copyLink(input, copy));
    line.append(label, input, copy);
    inviteBox.append(line);
  }
}

// The clipboard API where the page may use it (a secure context); else the old selection copy; else
// the link stays selected for the player's own Ctrl+C.
async function copyLink(input, button) {
  let copied = false;
  try {
    await navigator.clipboard.writeText(input.value);
    copied = true;
  } catch {
    input.focus();
    input.select();
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
  }
  button.textContent = copied ? "Copied" : "Press Ctrl+C";
}

// Clocks: the server's seconds left, counted down here for the seat whose clock runs.
function clockText(seconds) {
  const tenthsLeft = Math.floor(Math.max(0, seconds) * 10 + 1e-6); // 2.8 stays 2.8 despite binary fractions
  const whole = Math.floor(tenthsLeft / 10);
  const tenths = whole < 10 ? `.${tenthsLeft % 10}` : "";
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}${tenths}`;
}

// A correspondence clock (days a move): days and hours, then hours and minutes, then as the others.
function dayClockText(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  const days = Math.floor(whole / 86400);
  const hours = Math.floor((whole % 86400) / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  if (days) return `${days}d ${hours}h`;
  if (hours) return `${hours}h ${String(minutes).padStart(2, "0")}m`;
  return clockText(seconds);
}

export function tickClocks() {
  const clock = page.shown && page.shown.controls && page.shown.controls.clock;
  if (!clock) return;
  const elapsed = (performance.now() - page.clockAt) / 1000;
  for (const node of document.querySelectorAll("#seats .clock")) {
    const p = Number(node.dataset.seat);
    const running = clock.running === p && !page.shown.over;
    const left = clock.left[p] - (running ? elapsed : 0);
    node.textContent = clock.days ? dayClockText(left) : clockText(left);
    node.title = clock.days ? `time left to move (${clock.days} day${clock.days === 1 ? "" : "s"} a move)` : "";
    // Before anyone has moved the clocks stand still, but the first move has its own limit.
    const first = clock.first_move;
    const limit = node.nextElementSibling;
    const shown = Boolean(first && first.seat === p && !page.shown.over);
    limit.hidden = !shown;
    limit.textContent = shown ? `first move within ${clockText(first.left - elapsed)}` : "";
    node.classList.toggle("running", running);
    node.classList.toggle("low", left < (clock.days ? 3600 : 10));
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
    page.chimes += 1;
    document.body.dataset.chimes = String(page.chimes);
  } catch {
    // no audio device: the title still says it
  }
}

export function signalTurn() {
  const mine = page.shown.moves.length > 0 && !page.shown.over;
  setPageTitle(`${mine ? "\u25cf Your turn \u00b7 " : ""}${page.shown.title} \u00b7 abstracta`);
  if (mine && page.wasMyTurn === false) chime();
  page.wasMyTurn = mine;
}

// The clocks tick between views; the mute switch is kept in this browser.
export function wireSeats() {
  setInterval(tickClocks, 200);
  $("mute").checked = localStorage.getItem(MUTE_KEY) === "1";
  $("mute").addEventListener("change", () => localStorage.setItem(MUTE_KEY, $("mute").checked ? "1" : "0"));
}
