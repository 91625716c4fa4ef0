// The players' chat and who is connected: both come over the game's WebSocket (asked for with
// ?extras=1) as {"chat": message} and {"presence": [bool per seat]}. Messages are put on the page
// with textContent only, so a message holding HTML or a script stays text. Spectators read, players
// write; the mute box (per game, kept in this browser) hides the chat and its new messages.
import { api } from "../api.js";
import { $, gameId, heldSeats, page, seatName, tokenFor } from "./page.js";

const muteKey = `abstracta:chat-mute:${gameId}`;
const shown = new Set(); // message ids on the page

function muted() {
  return localStorage.getItem(muteKey) === "1";
}

function addMessage(message) {
  if (shown.has(message.id)) return;
  shown.add(message.id);
  const line = document.createElement("li");
  line.dataset.testid = "chat-message";
  const who = document.createElement("b");
  who.textContent = `${seatName(message.seat)}: `;
  const text = document.createElement("span");
  text.className = "chat-text";
  text.textContent = message.text;
  line.append(who, text);
  $("chat-messages").append(line);
  $("chat-messages").scrollTop = $("chat-messages").scrollHeight;
}

function renderMute() {
  $("chat-mute").checked = muted();
  $("chat-messages").hidden = muted();
  $("chat-muted").hidden = !muted();
}

// Called with every WebSocket message that is not a view; true when it was ours.
export function onExtra(data) {
  if (data.presence) {
    page.presence = data.presence;
    renderPresence();
    return true;
  }
  if (data.chat) {
    if (!muted()) addMessage(data.chat);
    return true;
  }
  return false;
}

export function renderPresence() {
  for (const node of document.querySelectorAll("#seats .presence")) {
    const online = Boolean(page.presence && page.presence[Number(node.dataset.seat)]);
    node.classList.toggle("online", online);
    node.title = online ? "connected" : "not connected";
    node.dataset.online = online ? "1" : "0";
  }
}

async function loadMessages() {
  const answer = await api("GET", `/api/games/${encodeURIComponent(gameId)}/chat`);
  for (const message of answer.messages) addMessage(message);
}

export function wireChat() {
  const humans = page.shown.seats.filter((kind) => !kind.startsWith("bot:")).length;
  if (humans < 2) return; // nobody to talk to
  $("chat").hidden = false;
  $("chat-form").hidden = heldSeats().length === 0; // spectators read only
  renderMute();
  $("chat-mute").addEventListener("change", () => {
    localStorage.setItem(muteKey, $("chat-mute").checked ? "1" : "0");
    renderMute();
    if (!muted()) loadMessages().catch(() => {});
  });
  $("chat-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("chat-input").value;
    if (!text.trim()) return;
    $("chat-error").textContent = "";
    try {
      const message = await api("POST", `/api/games/${encodeURIComponent(gameId)}/chat`, { body: { text }, token: tokenFor(page.shown) || undefined });
      $("chat-input").value = "";
      if (!muted()) addMessage(message);
    } catch (e) {
      $("chat-error").textContent = e.message;
    }
  });
  if (!muted()) loadMessages().catch(() => {});
}
