// The REST API as the browser uses it, the logged-in account (if any) and the seat tokens this browser holds.
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export async function api(method, path, { body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== "GET" && method !== "HEAD") {
    // The session cookie goes with every request; a state-changing one must prove it comes from our page.
    const me = await currentAccount();
    if (me && me.csrf) headers["X-CSRF-Token"] = me.csrf;
  }
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    connectionChanged(false); // the server is away (the browser's own words would be "Failed to fetch")
    throw new ApiError(0, CONNECTION_LOST);
  }
  connectionChanged(true);
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, (data && data.error) || `${response.status} ${response.statusText}`);
  return data;
}

// The connection to the server: a request that gets no answer at all says so in plain words, and the
// page asks again every few seconds until the server answers; then every listener hears that it is back
// (the game page clears the message). Listeners get `true` (back) or `false` (lost).
export const CONNECTION_LOST = "Connection lost, retrying\u2026";
const RETRY_MS = 2000;
const connectionListeners = [];
let connectionLost = false;

export function onConnection(listener) {
  connectionListeners.push(listener);
}

function connectionChanged(ok) {
  if (connectionLost !== ok) return; // no change
  connectionLost = !ok;
  document.body.dataset.connection = ok ? "" : "lost";
  for (const listener of connectionListeners) listener(ok);
  if (!ok) setTimeout(retryConnection, RETRY_MS);
}

function retryConnection() {
  if (!connectionLost) return;
  fetch("/api/account", { cache: "no-store" }) // any answer at all means the server is back
    .then(() => connectionChanged(true))
    .catch(() => setTimeout(retryConnection, RETRY_MS));
}

// The catalog (GET /api/catalog: one entry per game, with where its board module and rules page are, its legend),
// fetched once per page: the lobby, the boards and the rules all read the same answer.
let catalogAnswer = null;

export function gameCatalog() {
  if (!catalogAnswer) {
    catalogAnswer = api("GET", "/api/catalog");
    catalogAnswer.catch(() => (catalogAnswer = null)); // a failed fetch is tried again next time
  }
  return catalogAnswer;
}

// The logged-in account ({username, csrf, ratings}) or null, asked once per page (GET /api/account).
let accountAnswer = null;

export function currentAccount() {
  if (!accountAnswer) {
    accountAnswer = fetch("/api/account")
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => {
        accountAnswer = null; // the server was away: ask again next time
        return null;
      });
  }
  return accountAnswer;
}

export function setAccount(account) {
  accountAnswer = Promise.resolve(account);
}

// Every seat this browser holds a token for, as POST /api/account/claim takes them.
export function heldSeats() {
  const seats = [];
  for (let i = 0; i < localStorage.length; i++) {
    const name = localStorage.key(i);
    if (!name || !name.startsWith("abstracta:tokens:")) continue;
    const game = name.slice("abstracta:tokens:".length);
    for (const token of Object.values(heldTokens(game))) if (typeof token === "string") seats.push({ game, token });
  }
  return seats;
}

// Tokens of the seats this browser plays ("me"), by game id: {"0": token, ...}.
const key = (kind, id) => `abstracta:${kind}:${id}`;

export function heldTokens(id) {
  try {
    return JSON.parse(localStorage.getItem(key("tokens", id)) || "{}");
  } catch {
    return {};
  }
}

export function holdToken(id, player, token) {
  const tokens = heldTokens(id);
  tokens[String(player)] = token;
  localStorage.setItem(key("tokens", id), JSON.stringify(tokens));
}

// One-time invite codes made for friends' seats, kept so the creator can copy the link again
// until the friend has joined (the game page then forgets them). Never a friend's token.
export function invites(id) {
  try {
    return JSON.parse(localStorage.getItem(key("invites", id)) || "{}");
  } catch {
    return {};
  }
}

export function saveInvites(id, map) {
  localStorage.setItem(key("invites", id), JSON.stringify(map));
}

export function inviteLink(id, code) {
  return `${location.origin}/g/${encodeURIComponent(id)}#invite=${encodeURIComponent(code)}`;
}
