// Choosing and sending a move: the picker when several moves share the clicked squares, buttons
// for moves with no square, quick actions, typed moves, and the POST that plays them.
import { api } from "../api.js";
import { $, gameId, page, playerWords, shorten, showError, tokenFor } from "./page.js";
import { parsed } from "./board.js";
import { accept } from "./live.js";

// Moves with no square are buttons; a family of them (Quin's Gravity, with dozens of variants)
// is one button that opens a picker, so the page stays short.
export function renderExtraMoves() {
  if (page.handingOver) return;
  const box = $("extra-moves");
  box.replaceChildren();
  if (page.replayIndex !== null) return;
  const loose = parsed().filter((x) => !x.at);
  const groups = new Map();
  const asking = []; // moves the board module wants confirmed: their buttons come last
  for (const item of loose) {
    const group = page.plugin.moveGroup ? page.plugin.moveGroup(item.move) : null;
    const question = page.plugin.confirmMove ? page.plugin.confirmMove(item.move, page.shown) : null;
    if (question) asking.push(moveButton(item.move, "move-button", () => offer([item], { title: question, confirm: true })));
    else if (!group) box.append(moveButton(item.move, "move-button", () => send(item.move)));
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
  box.append(...asking);
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

export function closePicker() {
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
export function offer(candidates, { title = "Choose:", confirm = false } = {}) {
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

// A view with a seat but no token is an account's seat: its requests go with the session cookie.
const seated = (view) => view.you !== null && view.you !== undefined;

async function send(move) {
  if (page.sending) return false;
  const view = [...page.views.values()].find((v) => v.moves.includes(move)) || page.shown;
  const token = tokenFor(view);
  if (!token && !seated(view)) {
    showError("You are watching this game: only its players can move.");
    return false;
  }
  return serverAction("moves", token, view, { move });
}

// A seat's request to the server (POST /api/games/{id}/<path> with the view's ply): a move, or
// an action the server carries out (a random setup).
async function serverAction(path, token, view, body = {}) {
  if (page.sending || (!token && !seated(view))) return false;
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

// The picker's keys (Escape closes it from anywhere) and the typed-move form.
export function wireMoves() {
  $("picker").addEventListener("keydown", pickerKey);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !$("picker").hidden) {
      event.preventDefault();
      closePicker();
    }
  });
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("move-input").value.trim();
    if (!move) return;
    $("move-input").value = "";
    typedMove(move);
  });
}
