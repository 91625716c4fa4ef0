// The analysis board (/analysis): from a position of a game (?game=<id>&ply=<n>, as this browser's seat or a
// spectator may see it) or a pasted one (?slug=<game>&position=<notation>&options=<json>), the user plays moves
// freely on the game's own board module and explores variations: a tree of lines (the first line from a
// position is its main line, later ones side lines), each position valued on the server
// (POST /api/analysis/position: the engine checks every move, the bot workers give the win chances and the
// hard search's best line). Answers are kept per node, so going back through the tree asks nothing again.
import { api, gameCatalog, heldTokens } from "./api.js";
import { boardFor, boardMarks, clickToMove, movesOnBoard } from "./boards.js";
import { h } from "./dom.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

class Node {
  constructor(parent, move) {
    this.parent = parent;
    this.move = move;
    this.children = [];
    this.answer = null;
  }

  path() {
    const moves = [];
    for (let node = this; node.parent; node = node.parent) moves.unshift(node.move);
    return moves;
  }
}

const state = {
  start: null, // the request's start: {game_id, ply} or {game, options, position}
  token: "",
  plugin: null,
  root: null,
  current: null,
  selected: null,
  busy: false,
  gameView: null, // the game's view, for its move list (a game on the server only)
};

function seatName(p) {
  const answer = state.current && state.current.answer;
  const names = answer ? state.plugin.seatNames(answer.options, answer.num_players) : [];
  return names[p] || `Player ${p + 1}`;
}

function showError(message) {
  $("error").textContent = message || "";
}

async function valued(node) {
  if (!node.answer) node.answer = await api("POST", "/api/analysis/position", { token: state.token, body: { ...state.start, moves: node.path() } });
  return node.answer;
}

// Go to a node of the tree (asking the server for its position when not known yet).
async function goTo(node) {
  if (state.busy) return false;
  state.busy = true;
  document.body.dataset.busy = "1";
  showError("");
  try {
    await valued(node);
    state.current = node;
    state.selected = null;
    return true;
  } catch (e) {
    showError(e.message);
    return false;
  } finally {
    state.busy = false;
    delete document.body.dataset.busy;
    render();
  }
}

// Play a move from the current node: the child with that move if the tree has it, else a new line.
async function play(move) {
  const here = state.current;
  let child = here.children.find((c) => c.move === move);
  const fresh = !child;
  if (fresh) {
    child = new Node(here, move);
    here.children.push(child);
  }
  if (!(await goTo(child)) && fresh) {
    here.children.splice(here.children.indexOf(child), 1); // refused by the engine: no such line
    render();
  }
}

function parsedMoves() {
  return movesOnBoard(state.plugin, state.current.answer.moves, state.current.answer);
}

function marks() {
  return boardMarks(parsedMoves(), state.selected);
}

const clicks = clickToMove({
  picker: $("picker"),
  state,
  moves: () => parsedMoves(),
  label: (move) => state.plugin.moveLabel(move, state.current.answer),
  play: (move) => play(move),
  render: () => render(),
});

function closePicker() {
  clicks.closePicker();
}

function clickSquare(sq) {
  if (state.busy || !state.current.answer.moves.length) return undefined;
  return clicks.click(sq);
}

function drawBoard(answer) {
  const ui = { flipped: false, marks: marks(), animate: false, mini: false };
  const svg = state.plugin.draw(answer, ui);
  for (const sq of ui.marks.selectable) svg.querySelectorAll(`[data-sq="${CSS.escape(sq)}"]`).forEach((n) => n.classList.add("selectable"));
  for (const sq of ui.marks.targets) svg.querySelectorAll(`[data-sq="${CSS.escape(sq)}"]`).forEach((n) => n.classList.add("target"));
  $("board").replaceChildren(svg);
}

// Moves with no square (a pass, a roll's outcome, a card) are buttons; a long list is one choice box.
function drawExtraMoves(answer) {
  const loose = parsedMoves().filter((x) => !x.at).map((x) => x.move);
  const box = $("extra-moves");
  box.replaceChildren();
  if (loose.length > 12) {
    const select = h("select", { "aria-label": "other moves", "data-testid": "extra-select" },
      ...loose.map((move) => h("option", { value: move }, state.plugin.moveLabel(move, answer))));
    const go = h("button", { type: "button", class: "move-button" }, "play");
    go.addEventListener("click", () => play(select.value));
    box.append(select, go);
    return;
  }
  for (const move of loose) {
    const button = h("button", { type: "button", class: "move-button", "data-move": move }, state.plugin.moveLabel(move, answer));
    button.addEventListener("click", () => play(move));
    box.append(button);
  }
}

function drawEvaluation(answer) {
  const colors = state.plugin.seatColors || [];
  const rows = answer.chances.map((p, player) => {
    // one decimal: exploring a quiet variation moves the chances by less than a point
    const percent = (p * 100).toFixed(1);
    return h("div", { class: "chance", "data-player": String(player) },
      h("span", { class: "chance-name", style: `color: ${colors[player] || "#555"}` }, seatName(player)),
      h("span", { class: "chance-bar" }, h("span", { style: `width: ${percent}%; background: ${colors[player] || "#555"}` })),
      h("span", { class: "chance-value", "data-testid": "chance-value" }, `${percent}%`));
  });
  $("chances").replaceChildren(...rows);
  $("line-level").textContent = answer.level;
  $("best-line").textContent = answer.best_line.length ? answer.best_line.join("  ") : answer.over ? "(the game is over)" : "(a chance event comes next: nobody chooses it)";
  $("sampled").hidden = answer.perfect_information;
}

function moveSpan(node) {
  const span = h("span", { class: `tree-move${node === state.current ? " current" : ""}`, tabindex: "0", "data-testid": "tree-move",
    "data-path": node.path().join(" ") }, node.move);
  const go = () => goTo(node);
  span.addEventListener("click", go);
  span.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      go();
    }
  });
  return span;
}

// A node's continuations: its main child, each side line in brackets right after it, then the main line on.
function continuation(parent, out) {
  const [main, ...sides] = parent.children;
  if (!main) return;
  out.append(moveSpan(main));
  for (const side of sides) {
    const block = h("span", { class: "tree-side", "data-testid": "tree-side" });
    block.append(moveSpan(side));
    continuation(side, block);
    out.append(block);
  }
  continuation(main, out);
}

function drawTree() {
  const line = h("div", { class: "tree-line" });
  continuation(state.root, line);
  if (!state.root.children.length) line.append(h("span", { class: "hint" }, "Play a move on the board to start a line."));
  $("tree").replaceChildren(line);
  $("back-to-start").disabled = state.current === state.root;
}

function drawGameMoves() {
  const view = state.gameView;
  $("game-moves-title").hidden = !view;
  if (!view) return;
  const at = state.start.ply;
  const items = [h("li", { "data-ply": "0", value: "0", class: at === 0 ? "viewing" : "" }, "start")];
  view.history.forEach((move, i) => items.push(h("li", { "data-ply": String(i + 1), class: at === i + 1 ? "viewing" : "" }, h("span", { class: "mv" }, move))));
  for (const item of items) item.addEventListener("click", () => restart({ ...state.start, ply: Number(item.dataset.ply) }));
  $("game-moves").replaceChildren(...items);
}

function render() {
  const node = state.current;
  const answer = node && node.answer;
  if (!answer) return;
  drawBoard(answer);
  drawExtraMoves(answer);
  drawEvaluation(answer);
  drawTree();
  drawGameMoves();
  const turn = answer.over ? "Game over" : answer.player === -1 ? "A chance event is next: pick its outcome" : `${seatName(answer.player)} to move`;
  const where = node === state.root ? "the game position" : `after ${node.path().length} move${node.path().length > 1 ? "s" : ""} of a variation`;
  $("status").textContent = `${turn} (${where})`;
  $("position").textContent = answer.position;
  document.body.dataset.path = node.path().join(" ");
  document.body.dataset.ready = "1";
}

// A new tree from another start (a move of the game's list, a pasted position); a refused start
// (a position the game cannot read, say) leaves the page as it was.
async function restart(start, plugin = state.plugin) {
  if (state.busy) return false;
  const before = { start: state.start, root: state.root, current: state.current, plugin: state.plugin };
  Object.assign(state, { start, plugin, root: new Node(null, null) });
  if (!(await goTo(state.root))) {
    Object.assign(state, before);
    render();
    return false;
  }
  if (start.game_id !== undefined) {
    const seat = params.get("seat") !== null ? `&seat=${encodeURIComponent(params.get("seat"))}` : "";
    history.replaceState(null, "", `/analysis?game=${encodeURIComponent(start.game_id)}&ply=${state.root.answer.start.ply}${seat}`);
  }
  return true;
}

async function fillPasteForm(answer) {
  const games = await gameCatalog().catch(() => []);
  $("paste-game").replaceChildren(...games.map((entry) => h("option", { value: entry.game }, entry.title || entry.game)));
  if (answer) {
    $("paste-game").value = answer.game;
    $("paste-options").value = JSON.stringify(answer.options);
    $("paste-position").value = answer.position;
  }
}

function pastedStart() {
  let options = {};
  try {
    options = JSON.parse($("paste-options").value || "{}");
  } catch {
    throw new Error("the options must be a JSON object, e.g. {} for the defaults");
  }
  return { game: $("paste-game").value, options, position: $("paste-position").value.trim() };
}

async function main() {
  const gameId = params.get("game");
  let start;
  if (gameId) {
    const tokens = heldTokens(gameId);
    state.token = tokens[params.get("seat")] || Object.values(tokens)[0] || "";
    start = { game_id: gameId };
    if (params.get("ply") !== null) start.ply = Number(params.get("ply"));
    $("game-link").href = `/g/${encodeURIComponent(gameId)}`;
    $("game-link").hidden = false;
  } else if (params.get("slug") && params.get("position")) {
    let options = {};
    try {
      options = JSON.parse(params.get("options") || "{}");
    } catch {
      showError("The address's options are not JSON: the game's defaults are used.");
    }
    start = { game: params.get("slug"), options, position: params.get("position") };
  }
  $("back-to-start").addEventListener("click", () => goTo(state.root));
  $("board").addEventListener("click", (event) => {
    const target = event.target.closest("[data-sq]");
    if (target && state.current) clickSquare(target.dataset.sq);
  });
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("move-input").value.trim();
    if (!move || !state.current) return;
    $("move-input").value = "";
    play(move); // the server's engine decides: an illegal move is refused with its reason
  });
  $("paste-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const pasted = pastedStart();
      if (await restart(pasted, await boardFor(pasted.game))) {
        state.gameView = null;
        $("game-link").hidden = true;
        render();
        history.replaceState(null, "", `/analysis?slug=${encodeURIComponent(pasted.game)}&position=${encodeURIComponent(pasted.position)}&options=${encodeURIComponent(JSON.stringify(pasted.options))}`);
      }
    } catch (e) {
      showError(e.message);
    }
  });
  if (!start) {
    $("paste").open = true;
    $("status").textContent = "Paste a position to analyse it, or open the analysis board from a game's page.";
    await fillPasteForm(null);
    return;
  }
  try {
    if (gameId) state.gameView = await api("GET", `/api/games/${encodeURIComponent(gameId)}`, { token: state.token });
    const slug = gameId ? state.gameView.game : start.game;
    state.plugin = await boardFor(slug);
    $("board-title").textContent = `analysis board · ${state.gameView ? state.gameView.title : slug}`;
  } catch (e) {
    $("status").textContent = e.message;
    return;
  }
  if (await restart(start)) fillPasteForm(state.root.answer.perfect_information ? state.root.answer : null);
}

main();
