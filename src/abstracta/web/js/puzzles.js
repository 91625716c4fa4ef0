// The puzzle page (/puzzles/<game>): the game's shipped puzzles (GET /api/puzzles/<game>, each the solver's view
// and its sentence, never its solution), drawn by the game's own board module (boards.js). The first move the
// user picks on the board (or types) is checked on the server (POST /api/puzzles/<game>/<n>): right or wrong.
// The streak (puzzles solved at the first try in a row), the best streak and the puzzle reached are kept in
// this browser's localStorage, per game. /puzzles alone lists the games that have puzzles.
import { api } from "./api.js";
import { boardFor, boardMarks, movesOnBoard } from "./boards.js";
import { h } from "./dom.js";

const $ = (id) => document.getElementById(id);
const slug = decodeURIComponent(location.pathname.split("/")[2] || "");
const store = {
  key: (name) => `abstracta.puzzles.${slug}.${name}`,
  get(name) {
    try {
      return Number(localStorage.getItem(this.key(name)) || 0);
    } catch {
      return 0; // storage refused (private mode): the page still works, nothing is kept
    }
  },
  set(name, value) {
    try {
      localStorage.setItem(this.key(name), String(value));
    } catch {
      /* nothing kept */
    }
  },
};

const state = { plugin: null, puzzles: [], index: 0, selected: null, tried: false, solved: false, busy: false };

function current() {
  return state.puzzles[state.index];
}

function showStreak() {
  $("streak").textContent = String(store.get("streak"));
  $("best").textContent = String(store.get("best"));
}

function parsedMoves() {
  return state.solved ? [] : movesOnBoard(state.plugin, current().moves, current());
}

function closePicker() {
  $("picker").hidden = true;
  $("picker").replaceChildren();
}

// Several moves share the clicked squares (or a move turns a piece in place): the user picks one.
function offer(candidates) {
  const inPlace = candidates.length === 1 && candidates[0].at && candidates[0].at.from === candidates[0].at.to;
  if (candidates.length === 1 && !inPlace) return attempt(candidates[0].move);
  const picker = $("picker");
  picker.replaceChildren(h("span", { class: "picker-title" }, "Choose:"));
  for (const { move } of candidates) {
    const button = h("button", { type: "button", class: "pick", "data-move": move }, state.plugin.moveLabel(move, current()));
    button.addEventListener("click", () => {
      closePicker();
      attempt(move);
    });
    picker.append(button);
  }
  const cancel = h("button", { type: "button", class: "cancel" }, "cancel");
  cancel.addEventListener("click", closePicker);
  picker.append(cancel);
  picker.hidden = false;
  return undefined;
}

function clickSquare(sq) {
  if (state.busy || state.solved) return undefined;
  closePicker();
  const moves = parsedMoves();
  if (state.selected) {
    const here = moves.filter((x) => x.at && x.at.from === state.selected && x.at.to === sq);
    if (here.length) return offer(here);
  }
  const own = moves.filter((x) => x.at && x.at.from === sq);
  if (own.length) {
    state.selected = state.selected === sq ? null : sq;
    if (state.selected && own.every((x) => x.at.to === sq || !x.at.to)) {
      render();
      return offer(own);
    }
    return render();
  }
  const drops = moves.filter((x) => x.at && !x.at.from && x.at.to === sq);
  if (drops.length) return offer(drops);
  state.selected = null;
  return render();
}

function verdict(text, right) {
  $("verdict").textContent = text;
  $("verdict").className = `status${right ? " your-turn" : ""}`;
  $("verdict").dataset.result = right ? "right" : "wrong";
  $("verdict").hidden = false;
}

// Check a first move on the server; only the first try of a puzzle counts for the streak.
async function attempt(move) {
  if (state.busy || state.solved) return;
  state.busy = true;
  $("error").textContent = "";
  try {
    const answer = await api("POST", `/api/puzzles/${encodeURIComponent(slug)}/${current().number}`, { body: { move } });
    const first = !state.tried;
    state.tried = true;
    if (answer.correct) {
      state.solved = true;
      if (first) {
        const streak = store.get("streak") + 1;
        store.set("streak", streak);
        store.set("best", Math.max(streak, store.get("best")));
      }
      verdict(`Right: ${move} forces it, whatever the rival does.${first ? "" : " (not at the first try: the streak starts again)"}`, true);
    } else {
      if (first) store.set("streak", 0);
      verdict(`Wrong: after ${move} the rival holds out. Try another move.`, false);
    }
  } catch (e) {
    $("error").textContent = e.message; // an illegal move: the engine's reason; nothing counted
  } finally {
    state.busy = false;
    state.selected = null;
    showStreak();
    render();
  }
}

function drawExtraMoves() {
  const loose = parsedMoves().filter((x) => !x.at).map((x) => x.move);
  const buttons = loose.map((move) => {
    const button = h("button", { type: "button", class: "move-button", "data-move": move }, state.plugin.moveLabel(move, current()));
    button.addEventListener("click", () => attempt(move));
    return button;
  });
  $("extra-moves").replaceChildren(...buttons);
}

function render() {
  const puzzle = current();
  const marks = boardMarks(parsedMoves(), state.selected);
  const svg = state.plugin.draw(puzzle, { flipped: Boolean(state.plugin.flipFor(puzzle.you)), marks, animate: false, mini: false });
  for (const sq of marks.selectable) svg.querySelectorAll(`[data-sq="${CSS.escape(sq)}"]`).forEach((n) => n.classList.add("selectable"));
  for (const sq of marks.targets) svg.querySelectorAll(`[data-sq="${CSS.escape(sq)}"]`).forEach((n) => n.classList.add("target"));
  $("board").replaceChildren(svg);
  drawExtraMoves();
  $("sentence").textContent = puzzle.sentence;
  $("counter").textContent = `Puzzle ${puzzle.number} of ${state.puzzles.length} · difficulty ${Math.round(puzzle.difficulty * 100)}% of bot answers miss it`;
  $("previous").disabled = state.index === 0;
  $("next").disabled = state.index === state.puzzles.length - 1;
  document.body.dataset.puzzle = String(puzzle.number);
  document.body.dataset.ready = "1";
}

function go(index) {
  Object.assign(state, { index, selected: null, tried: false, solved: false });
  store.set("at", index);
  $("verdict").hidden = true;
  $("error").textContent = "";
  closePicker();
  render();
}

async function listGames() {
  const games = await api("GET", "/api/puzzles");
  $("sentence").textContent = games.length ? "Choose a game's puzzles." : "No game ships puzzles yet.";
  $("games").replaceChildren(...games.map((entry) =>
    h("li", {}, h("a", { href: `/puzzles/${encodeURIComponent(entry.game)}`, "data-testid": "puzzle-game" }, `${entry.title}: ${entry.task}`), ` (${entry.count})`)));
  $("games").hidden = false;
  for (const id of ["move-form", "next", "previous", "counter"]) $(id).hidden = true;
}

async function main() {
  try {
    if (!slug) return await listGames();
    const answer = await api("GET", `/api/puzzles/${encodeURIComponent(slug)}`);
    state.puzzles = answer.puzzles;
    $("puzzle-title").textContent = `puzzles · ${answer.title}: ${answer.task}`;
    document.title = `${answer.title} puzzles · abstracta`;
    if (!state.puzzles.length) {
      $("sentence").textContent = `${answer.title} ships no puzzles yet.`;
      return undefined;
    }
    state.plugin = await boardFor(answer.game);
  } catch (e) {
    $("sentence").textContent = e.message;
    return undefined;
  }
  showStreak();
  $("board").addEventListener("click", (event) => {
    const target = event.target.closest("[data-sq]");
    if (target) clickSquare(target.dataset.sq);
  });
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("move-input").value.trim();
    $("move-input").value = "";
    if (move) attempt(move);
  });
  $("next").addEventListener("click", () => go(Math.min(state.index + 1, state.puzzles.length - 1)));
  $("previous").addEventListener("click", () => go(Math.max(state.index - 1, 0)));
  const asked = Number(new URLSearchParams(location.search).get("n"));
  const start = asked >= 1 ? asked - 1 : store.get("at");
  go(Math.min(Math.max(start, 0), state.puzzles.length - 1));
  return undefined;
}

main();
