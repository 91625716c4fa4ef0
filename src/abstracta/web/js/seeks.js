// Open seeks in the lobby: the list, live over the lobby's WebSocket (/ws/lobby), with Accept and
// Cancel buttons, and the "Create seek" button of the new-game form. An anonymous creator's seek
// tokens stay in this browser (they prove the seek is ours and keep it open while this page is);
// when someone accepts, the server tells this page and it opens the game with our seat.
// Every text from the server (usernames, titles) is put on the page as text, never as markup.
import { api, currentAccount, holdToken } from "./api.js";
import { h as el } from "./dom.js";

const SEEKS_KEY = "abstracta:seeks"; // {seek id: seek token} of this browser's seeks

let socket = null;
let formState = () => null; // the new-game form's {game, options, numPlayers, clock} (lobby.js gives it)
const seeks = new Map();

function mySeeks() {
  try {
    return JSON.parse(localStorage.getItem(SEEKS_KEY) || "{}");
  } catch {
    return {};
  }
}

function keepSeek(id, token) {
  const mine = mySeeks();
  if (token) mine[id] = token;
  else delete mine[id];
  localStorage.setItem(SEEKS_KEY, JSON.stringify(mine));
}

function clockWords(clock) {
  if (!clock) return "no clock";
  if (clock.days) return `${clock.days} day${clock.days === 1 ? "" : "s"} a move`;
  return `${clock.minutes} min + ${clock.increment} s`;
}

function optionWords(options) {
  const parts = Object.entries(options || {}).filter(([, v]) => v !== null).map(([k, v]) => `${k.replaceAll("_", " ")} ${v}`);
  return parts.length ? parts.join(", ") : "";
}

async function render() {
  const list = document.getElementById("seek-list");
  const account = await currentAccount();
  const mine = mySeeks();
  list.replaceChildren();
  if (!seeks.size) list.append(el("li", { class: "empty" }, "No open seek: create one below a game's options."));
  for (const seek of seeks.values()) {
    const own = seek.id in mine || (account && seek.creator === account.username);
    const who = el("span", { class: "creator", "data-testid": "seek-creator" });
    who.textContent = seek.creator;
    const what = el("span", { class: "title" });
    what.textContent = seek.title;
    const details = el("span", { class: "state" });
    details.textContent = [seek.rated ? "rated" : "casual", clockWords(seek.clock), optionWords(seek.options),
      seek.range ? `ratings ${seek.range[0]}-${seek.range[1]}` : ""].filter(Boolean).join(" · ");
    const button = el("button", { type: "button", "data-testid": own ? "seek-cancel" : "seek-accept" }, own ? "Cancel" : "Accept");
    button.addEventListener("click", () => (own ? cancel(seek.id) : accept(seek.id)).catch((e) => showSeekError(e.message)));
    list.append(el("li", { "data-seek": seek.id, "data-testid": "seek" }, what, " by ", who, details, button));
  }
  list.dataset.ready = "1";
}

function showSeekError(message) {
  document.getElementById("seek-error").textContent = message || "";
}

async function accept(id) {
  showSeekError("");
  const game = await api("POST", `/api/seeks/${encodeURIComponent(id)}/accept`);
  const account = await currentAccount();
  if (!account) holdToken(game.game, game.seat, game.token); // an account's seat opens with its cookie
  location.href = `/g/${encodeURIComponent(game.game)}`;
}

async function cancel(id) {
  showSeekError("");
  await api("DELETE", `/api/seeks/${encodeURIComponent(id)}`, { token: mySeeks()[id] });
  keepSeek(id, null);
}

function started(start) {
  if (start.token) holdToken(start.game, start.seat, start.token);
  keepSeek(start.seek, null);
  location.href = `/g/${encodeURIComponent(start.game)}`;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const opened = new WebSocket(`${scheme}://${location.host}/ws/lobby`);
  socket = opened;
  opened.addEventListener("open", () => opened.send(JSON.stringify({ own: Object.values(mySeeks()) })));
  opened.addEventListener("message", (event) => {
    const data = JSON.parse(event.data);
    if (data.seeks) {
      seeks.clear();
      for (const seek of data.seeks) seeks.set(seek.id, seek);
      // Seeks of this browser that are gone for good (accepted while away are told to us as "started").
      const open = new Set(data.seeks.map((seek) => seek.id));
      for (const id of Object.keys(mySeeks())) if (!open.has(id)) setTimeout(() => open.has(id) || keepSeek(id, null), 5000);
    } else if (data.seek) seeks.set(data.seek.id, data.seek);
    else if (data.gone) {
      seeks.delete(data.gone);
      if (data.why !== "accepted") keepSeek(data.gone, null);
    } else if (data.started) {
      started(data.started);
      return;
    }
    render();
  });
  opened.addEventListener("close", () => {
    if (socket === opened) setTimeout(connect, 1500);
  });
}

// The form's days field: correspondence clocks are for two-player games. (The "Rated" box is the form's
// own, shown while logged in; a rated seek of a bigger game is refused by the server, which says why.)
export async function refreshSeekForm() {
  const state = await formState();
  document.getElementById("seek-days-field").hidden = !state || state.numPlayers !== 2;
}

async function createSeek() {
  const error = document.getElementById("setup-error");
  error.textContent = "";
  const state = await formState(true);
  if (!state) return;
  const body = { game: state.game, options: state.options, clock: state.clock || null, rated: document.getElementById("rated").checked };
  const days = document.getElementById("seek-days").value.trim();
  if (days !== "" && state.numPlayers === 2) body.clock = { days: Number(days) };
  try {
    const made = await api("POST", "/api/seeks", { body });
    keepSeek(made.id, made.token);
    render(); // the lobby's push may have come first, before we knew the seek is ours
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ own: [made.token] }));
    document.getElementById("seeks").scrollIntoView({ behavior: "smooth", block: "nearest" });
  } catch (e) {
    error.textContent = e.message;
  }
}

export function startSeeks(readForm) {
  formState = readForm;
  document.getElementById("create-seek").addEventListener("click", () => createSeek());
  document.addEventListener("account-changed", () => {
    refreshSeekForm();
    const old = socket;
    socket = null;
    if (old) old.close(); // the new socket carries the new session's cookie (its seeks stay open)
    connect();
  });
  connect();
}
