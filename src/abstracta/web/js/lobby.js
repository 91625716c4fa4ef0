// The lobby: every registered game with a small board and two lines, the new-game form
// (options from the game's option specs, one seat chooser per player), and the game lists.
import { api, gameCatalog, holdToken, saveInvites } from "./api.js";
import { boardFor } from "./boards.js";
import { show as showAccount } from "./account.js";
import { refreshSeekForm, startSeeks } from "./seeks.js";
import { h } from "./dom.js";

const SEAT_CHOICES = [
  ["me", "me"],
  ["friend", "a friend (invite link)"],
  ["bot:random", "bot: random"],
  ["bot:easy", "bot: easy"],
  ["bot:medium", "bot: medium"],
  ["bot:hard", "bot: hard"],
];

let catalog = [];
let chosen = null; // {entry, plugin, numPlayers}

async function showCatalog() {
  catalog = await gameCatalog();
  const box = document.getElementById("catalog");
  const plugins = await Promise.all(catalog.map((entry) => boardFor(entry.game)));
  box.replaceChildren();
  catalog.forEach((entry, i) => {
    const plugin = plugins[i];
    const card = h("button", { type: "button", class: "game-card", "data-game": entry.game, "data-testid": `game-${entry.game}` });
    const picture = h("div", { class: "card-board" });
    if (entry.error) picture.append(h("p", { class: "error" }, `cannot load: ${entry.error}`));
    else {
      try {
        picture.append(plugin.draw({ position: entry.position, structure: entry.structure, last_effects: [], history: [], options: entry.options }, { mini: true, marks: {} }));
      } catch (error) {
        console.warn(error);
      }
    }
    const [line1, line2] = (entry.description || "").split("\n");
    card.append(picture, h("h3", {}, entry.title), h("p", { class: "desc" }, line1 || "", h("br"), line2 || ""));
    if (!entry.error) card.addEventListener("click", () => choose(entry, plugin));
    box.append(card);
  });
  box.dataset.ready = "1";
}

function optionField(spec) {
  const id = `opt-${spec.name}`;
  const label = h("label", { for: id, title: spec.help || "" }, spec.name.replaceAll("_", " "));
  let input;
  if (spec.kind === "choice") {
    input = h("select", { id, name: spec.name });
    // A game may accept one value in two spellings (Desfases: 4 and "4"): offer each once.
    const seen = new Set();
    const choices = spec.choices.filter((value) => !seen.has(String(value)) && seen.add(String(value)));
    for (const value of choices) {
      const option = h("option", { value: JSON.stringify(value) }, String(value));
      if (JSON.stringify(value) === JSON.stringify(spec.default)) option.selected = true;
      input.append(option);
    }
  } else if (spec.kind === "bool") {
    input = h("input", { id, name: spec.name, type: "checkbox" });
    input.checked = Boolean(spec.default);
  } else if (spec.kind === "int") {
    input = h("input", { id, name: spec.name, type: "number", step: 1, value: spec.default ?? "", placeholder: spec.nullable ? "none" : "" });
  } else {
    input = h("input", { id, name: spec.name, value: spec.default ?? "", placeholder: spec.nullable ? "none" : "" });
  }
  input.dataset.kind = spec.kind;
  input.dataset.nullable = spec.nullable ? "1" : "";
  input.addEventListener("change", refreshSetup);
  return h("div", { class: "field" }, label, input, h("small", {}, spec.help ? `${spec.help} (${spec.allowed})` : spec.allowed));
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("#option-fields [name]")) {
    const kind = input.dataset.kind;
    if (kind === "choice") options[input.name] = JSON.parse(input.value);
    else if (kind === "bool") options[input.name] = input.checked;
    else if (input.value.trim() === "" && input.dataset.nullable) options[input.name] = null;
    else if (kind === "int") options[input.name] = Number.isInteger(Number(input.value)) && input.value.trim() !== "" ? Number(input.value) : input.value;
    else options[input.name] = input.value;
  }
  return options;
}

function seatFields(n) {
  document.getElementById("clock-fields").hidden = n !== 2; // clocks are for two-player games
  const box = document.getElementById("seat-fields");
  const previous = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  const names = chosen.plugin.seatNames(chosen.options || {}, n);
  for (let p = 0; p < n; p += 1) {
    const select = h("select", { id: `seat-${p}`, name: `seat-${p}`, "data-testid": `seat-${p}` });
    for (const [value, text] of SEAT_CHOICES) select.append(h("option", { value }, text));
    select.value = previous[p] || (p === 0 ? "me" : "bot:easy");
    box.append(h("div", { class: "field" }, h("label", { for: `seat-${p}` }, `${names[p] || `Player ${p + 1}`}`), select));
  }
}

// The server checks the options whenever a box changes. The Start button stays enabled meanwhile:
// leaving a box by clicking Start fires 'change' just before the click, and a button disabled in
// between would swallow that click. Start waits for the check instead (see create).
let checking = Promise.resolve(true);

function refreshSetup() {
  checking = checkOptions();
  return checking;
}

async function checkOptions() {
  const error = document.getElementById("setup-error");
  error.textContent = "";
  try {
    const info = await api("POST", `/api/catalog/${encodeURIComponent(chosen.entry.game)}`, { body: { options: readOptions() } });
    chosen.options = info.options;
    if (info.num_players !== chosen.numPlayers || !document.querySelector("#seat-fields select")) seatFields(info.num_players);
    chosen.numPlayers = info.num_players;
    document.getElementById("create").disabled = false;
    refreshSeekForm();
    return true;
  } catch (e) {
    error.textContent = e.message;
    document.getElementById("create").disabled = true;
    return false;
  }
}

function choose(entry, plugin) {
  chosen = { entry, plugin, numPlayers: entry.num_players, options: entry.options };
  document.querySelectorAll(".game-card").forEach((card) => card.classList.toggle("chosen", card.dataset.game === entry.game));
  document.getElementById("new-title").textContent = entry.title;
  document.getElementById("new-rules").href = `/rules/${encodeURIComponent(entry.game)}`;
  document.getElementById("new-learn").href = `/learn/${encodeURIComponent(entry.game)}`;
  document.getElementById("new-leaderboard").href = `/leaderboard/${encodeURIComponent(entry.game)}`;
  document.getElementById("option-fields").replaceChildren(...entry.options_spec.map(optionField));
  seatFields(entry.num_players);
  checking = Promise.resolve(true);
  document.getElementById("setup-error").textContent = "";
  document.getElementById("create").disabled = false;
  const section = document.getElementById("new-game");
  section.hidden = false;
  refreshSeekForm();
  section.scrollIntoView({ behavior: "smooth", block: "nearest" });
}

function readClock(numPlayers) {
  const minutes = document.getElementById("clock-minutes").value.trim();
  if (minutes === "" || !(Number(minutes) > 0) || numPlayers !== 2) return null;
  return { minutes: Number(minutes), increment: Number(document.getElementById("clock-increment").value || 0) };
}

// What a seek is made of (js/seeks.js): the chosen game, its options and clock; checked first when asked.
async function seekForm(check = false) {
  if (!chosen) return null;
  if (check && !(await refreshSetup())) return null;
  return { game: chosen.entry.game, options: readOptions(), numPlayers: chosen.numPlayers, clock: readClock(chosen.numPlayers) };
}

async function create(event) {
  event.preventDefault();
  const error = document.getElementById("setup-error");
  if (!(await refreshSetup())) return; // the options as they read now, checked by the server
  const choices = [...document.querySelectorAll("#seat-fields select")].map((s) => s.value);
  try {
    const body = { game: chosen.entry.game, options: readOptions(), seats: choices };
    if (document.getElementById("rated").checked) body.rated = true;
    const clock = readClock(choices.length);
    if (clock) body.clock = clock;
    const created = await api("POST", "/api/games", { body });
    for (const [p, token] of Object.entries(created.tokens)) holdToken(created.id, p, token);
    saveInvites(created.id, created.invites);
    location.href = `/g/${encodeURIComponent(created.id)}`;
  } catch (e) {
    error.textContent = e.message;
  }
}

function seatText(kind) {
  return kind === "human" ? "human" : kind.replace("bot:", "bot ");
}

async function showGames() {
  const [live, over] = await Promise.all([api("GET", "/api/games?over=false&limit=30"), api("GET", "/api/games?over=true&limit=30")]);
  const fill = async (id, rows, empty) => {
    const list = document.getElementById(id);
    list.replaceChildren();
    if (!rows.length) list.append(h("li", { class: "empty" }, empty));
    for (const row of rows) {
      const plugin = await boardFor(row.game);
      const names = plugin.seatNames({}, row.players.length);
      let state;
      if (row.over) {
        const best = Math.max(...(row.returns || [0]));
        const winners = (row.returns || []).map((r, p) => (r === best && best > 0 ? names[p] : null)).filter(Boolean);
        state = winners.length ? `${winners.join(" & ")} won` : "draw";
      } else state = row.turn === null || row.turn < 0 ? "" : `${names[row.turn] || `player ${row.turn + 1}`} to move`;
      const mine = Object.keys(JSON.parse(localStorage.getItem(`abstracta:tokens:${row.id}`) || "{}")).length > 0;
      list.append(
        h("li", {},
          h("a", { href: `/g/${encodeURIComponent(row.id)}` }, row.title),
          h("span", { class: "players" }, row.players.map((k, p) => `${names[p]}: ${seatText(k)}`).join(", ")),
          h("span", { class: "state" }, `${state} · ${row.plies} plies${mine ? " · yours" : ""}`)),
      );
    }
  };
  await fill("games-live", live, "No game in progress.");
  await fill("games-over", over, "No finished game yet.");
}

// "My games" while logged in (account.js asks the server and hands the rows over): in progress with
// "your turn" first, then finished; the server sorts them. Logged out: hidden, and no rated games.
function showMyGames(rows) {
  const section = document.getElementById("my-games");
  section.hidden = rows === null;
  document.getElementById("rated-field").hidden = rows === null;
  if (rows === null) {
    document.getElementById("rated").checked = false;
    return;
  }
  const list = document.getElementById("my-games-list");
  list.replaceChildren();
  if (!rows.length) list.append(h("li", { class: "empty" }, "No game of yours yet."));
  for (const row of rows) {
    const state = row.over ? "finished" : row.your_turn ? "your turn" : "waiting";
    list.append(h("li", { class: row.your_turn ? "your-turn" : "", "data-testid": "my-game", "data-game": row.id },
      h("a", { href: `/g/${encodeURIComponent(row.id)}` }, row.title),
      h("span", { class: "state" }, `${state} · ${row.plies} plies`)));
  }
}

document.addEventListener("account-games", (event) => showMyGames(event.detail));
document.getElementById("new-form").addEventListener("submit", create);
startSeeks(seekForm);
showAccount(document.getElementById("account")).catch(() => {});
showCatalog().catch((e) => {
  document.getElementById("catalog").textContent = `cannot load the games: ${e.message}`;
});
showGames().catch(() => {});
setInterval(() => showGames().catch(() => {}), 8000);
