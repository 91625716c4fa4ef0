// A game's lessons (/learn/<game>): each step shows a position on the game's own board module, a sentence
// and a task; every move the learner makes is checked on the server (POST /api/lessons/<game>/<lesson>/<step>/check,
// with all the step's moves so far), which answers passed, continue or failed (with the hint). Retry puts the
// step back at its start. Progress: the account's when logged in (the server keeps it), else this browser's
// (localStorage). A game that hides information shows only what the learner's seat may see: the server sends
// nothing else.
import { api, currentAccount } from "./api.js";
import { boardFor, boardMarks, clickToMove, movesOnBoard } from "./boards.js";
import { h } from "./dom.js";

const $ = (id) => document.getElementById(id);
const slug = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const storeKey = `abstracta:lessons:${slug}`;

const state = {
  data: null, // GET /api/lessons/<game>
  plugin: null,
  lesson: 0,
  step: 0,
  moves: [], // the learner's moves in this step so far
  view: null, // the position shown: the step's start or the last check's answer
  status: "", // "", "continue", "passed", "failed"
  selected: null,
  busy: false,
  progress: {}, // lesson id -> passed step indices
  account: null,
};

function localProgress() {
  try {
    const kept = JSON.parse(localStorage.getItem(storeKey) || "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch {
    return {};
  }
}

function keepLocally(lessonId, index) {
  const kept = localProgress();
  kept[lessonId] = [...new Set([...(kept[lessonId] || []), index])].sort((a, b) => a - b);
  localStorage.setItem(storeKey, JSON.stringify(kept));
  state.progress = kept;
}

const lesson = () => state.data.lessons[state.lesson];
const step = () => lesson().steps[state.step];
const passed = (lessonId, index) => (state.progress[lessonId] || []).includes(index);

function seatName(p) {
  const names = state.plugin.seatNames ? state.plugin.seatNames(state.view.options, state.view.num_players) : [];
  return names[p] || `Player ${p + 1}`;
}

function parsedMoves() {
  return movesOnBoard(state.plugin, state.view.moves, state.view);
}

async function play(move) {
  if (state.busy) return;
  state.busy = true;
  document.body.dataset.busy = "1";
  $("error").textContent = "";
  const tried = [...state.moves, move];
  try {
    const answer = await api("POST", `/api/lessons/${encodeURIComponent(slug)}/${encodeURIComponent(lesson().id)}/${state.step}/check`, { body: { moves: tried } });
    state.moves = tried;
    // a passed or failed step takes no more moves until Retry (or Next)
    state.view = answer.status === "continue" ? answer.view : { ...answer.view, moves: [] };
    state.status = answer.status;
    state.selected = null;
    if (answer.status === "passed") {
      if (answer.progress) state.progress[lesson().id] = answer.progress;
      else keepLocally(lesson().id, state.step);
      $("feedback").textContent = answer.message;
    } else if (answer.status === "failed") {
      $("feedback").textContent = `Not quite. Hint: ${answer.hint}`;
    } else {
      $("feedback").textContent = "Go on: your turn is not over yet.";
    }
  } catch (e) {
    $("error").textContent = e.message;
  } finally {
    state.busy = false;
    delete document.body.dataset.busy;
    render();
  }
}

const clicks = clickToMove({
  picker: $("picker"),
  state,
  moves: () => parsedMoves(),
  label: (move) => state.plugin.moveLabel(move, state.view),
  play: (move) => play(move),
  render: () => render(),
});

function closePicker() {
  clicks.closePicker();
}

function clickSquare(sq) {
  if (state.busy || !state.view.moves.length) return undefined;
  return clicks.click(sq);
}

function drawBoard() {
  const flipped = state.plugin.flipFor ? Boolean(state.plugin.flipFor(state.view.you)) : false;
  const ui = { flipped, marks: boardMarks(parsedMoves(), state.selected), animate: state.moves.length > 0, mini: false };
  const svg = state.plugin.draw(state.view, ui);
  for (const sq of ui.marks.selectable) svg.querySelectorAll(`[data-sq="${CSS.escape(sq)}"]`).forEach((n) => n.classList.add("selectable"));
  for (const sq of ui.marks.targets) svg.querySelectorAll(`[data-sq="${CSS.escape(sq)}"]`).forEach((n) => n.classList.add("target"));
  $("board").replaceChildren(svg);
}

// Moves with no square (a pass, a roll, a fire) are buttons; a long list is one choice box.
function drawExtraMoves() {
  const loose = parsedMoves().filter((x) => !x.at).map((x) => x.move);
  const box = $("extra-moves");
  box.replaceChildren();
  if (loose.length > 12) {
    const select = h("select", { "aria-label": "other moves", "data-testid": "extra-select" },
      ...loose.map((move) => h("option", { value: move }, state.plugin.moveLabel(move, state.view))));
    const go = h("button", { type: "button", class: "move-button" }, "play");
    go.addEventListener("click", () => play(select.value));
    box.append(select, go);
    return;
  }
  for (const move of loose) {
    const button = h("button", { type: "button", class: "move-button", "data-move": move }, state.plugin.moveLabel(move, state.view));
    button.addEventListener("click", () => play(move));
    box.append(button);
  }
}

function drawLessonList() {
  const blocks = state.data.lessons.map((entry, li) => {
    const items = entry.steps.map((s, si) => {
      const done = passed(entry.id, si);
      const link = h("a", { href: `#${entry.id}/${si + 1}`, "data-testid": "step-link", "data-done": done ? "1" : "0",
        class: li === state.lesson && si === state.step ? "current" : "" }, `${done ? "✓ " : ""}${s.title}`);
      link.addEventListener("click", (event) => {
        event.preventDefault();
        goTo(li, si);
      });
      return h("li", {}, link);
    });
    return h("div", { class: "lesson-block" }, h("h3", {}, entry.title), h("ol", { class: "lesson-steps" }, ...items));
  });
  $("lessons").replaceChildren(...blocks);
}

// The step's moves so far: its prelude (played before the learner takes over, with its words), then the learner's.
function drawStepMoves() {
  const before = step().prelude || [];
  const items = [
    ...before.map((entry) => h("li", { class: "prelude", title: entry.move }, `${entry.words} (${entry.move})`)),
    ...state.moves.map((move) => h("li", {}, move)),
  ];
  $("step-moves").replaceChildren(...items);
  $("step-moves").hidden = items.length === 0;
}

function render() {
  const current = step();
  $("step-title").textContent = `${lesson().title}: step ${state.step + 1} of ${lesson().steps.length} · ${current.title}`;
  $("step-text").textContent = current.text;
  $("step-task").textContent = current.task;
  $("lesson-summary").textContent = lesson().summary;
  const view = state.view;
  const won = view.over && view.returns.every((value, p) => p === view.you || value < view.returns[view.you]);
  const turn = view.over ? (won ? "You won the game" : "The game is over") : view.moves.length ? (view.player === -1 ? "Choose the dice" : `You play ${seatName(view.you)}: your move`) : `${seatName(view.player)} would move next`;
  $("status").textContent = turn;
  $("status").classList.toggle("your-turn", view.moves.length > 0);
  document.body.dataset.status = state.status;
  document.body.dataset.step = String(state.step);
  $("next").hidden = state.status !== "passed" || (state.step + 1 >= lesson().steps.length && state.lesson + 1 >= state.data.lessons.length);
  $("retry").classList.toggle("primary", state.status === "failed");
  drawBoard();
  drawExtraMoves();
  drawStepMoves();
  drawLessonList();
}

function goTo(lessonIndex, stepIndex) {
  state.lesson = lessonIndex;
  state.step = stepIndex;
  retry();
  history.replaceState(null, "", `#${lesson().id}/${stepIndex + 1}`);
}

function retry() {
  state.moves = [];
  state.view = step().view;
  state.status = "";
  state.selected = null;
  closePicker();
  $("feedback").textContent = "";
  $("error").textContent = "";
  render();
}

function next() {
  if (state.step + 1 < lesson().steps.length) goTo(state.lesson, state.step + 1);
  else if (state.lesson + 1 < state.data.lessons.length) goTo(state.lesson + 1, 0);
}

// Where to start: the address's #<lesson>/<step>, else the first step not passed yet.
function startingPoint() {
  const [lessonId, number] = location.hash.slice(1).split("/");
  const found = state.data.lessons.findIndex((entry) => entry.id === lessonId);
  if (found >= 0) return [found, Math.min(Math.max(Number(number) - 1 || 0, 0), state.data.lessons[found].steps.length - 1)];
  for (const [li, entry] of state.data.lessons.entries()) {
    const open = entry.steps.findIndex((_, si) => !passed(entry.id, si));
    if (open >= 0) return [li, open];
  }
  return [0, 0];
}

// Logged in with steps passed in this browser before: they become the account's, once.
async function mergeLocalProgress() {
  const kept = localProgress();
  for (const [lessonId, steps] of Object.entries(kept)) {
    if (!Array.isArray(steps) || !steps.length) continue;
    const answer = await api("POST", `/api/lessons/${encodeURIComponent(slug)}/progress`, { body: { lesson: lessonId, steps } });
    state.data.progress = answer.progress;
  }
  localStorage.removeItem(storeKey);
}

async function main() {
  $("rules-link").href = `/rules/${encodeURIComponent(slug)}`;
  try {
    state.data = await api("GET", `/api/lessons/${encodeURIComponent(slug)}`);
    state.plugin = await boardFor(slug);
  } catch (e) {
    $("step-title").textContent = e.status === 404 ? "No lessons here" : "The lessons did not load";
    $("error").textContent = e.message;
    $("retry").hidden = true;
    return;
  }
  state.account = await currentAccount();
  if (state.data.progress !== null) {
    try {
      await mergeLocalProgress();
    } catch (e) {
      $("error").textContent = e.message;
    }
    state.progress = state.data.progress;
    $("progress-where").textContent = `Progress kept for ${state.account ? state.account.username : "your account"}.`;
  } else {
    state.progress = localProgress();
    $("progress-where").textContent = "Progress kept in this browser; log in from the lobby to keep it with your account.";
  }
  $("lesson-title").textContent = `lessons · ${state.data.title}`;
  document.title = `${state.data.title} lessons · abstracta`;
  $("retry").addEventListener("click", retry);
  $("next").addEventListener("click", next);
  $("board").addEventListener("click", (event) => {
    const target = event.target.closest("[data-sq]");
    if (target && state.view) clickSquare(target.dataset.sq);
  });
  window.addEventListener("hashchange", () => goTo(...startingPoint()));
  const [li, si] = startingPoint();
  state.lesson = li;
  state.step = si;
  retry();
  document.body.dataset.ready = "1";
}

main();
