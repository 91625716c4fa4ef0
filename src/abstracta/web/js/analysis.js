// Post-game analysis under the board: a button starts it on the server (POST /api/games/{id}/analysis),
// a progress bar follows it (GET polls), then a win-probability graph per player is drawn here as SVG
// and every inaccuracy / mistake / blunder is marked in the move list and listed; a click on the graph,
// a dot or a listed mark shows that position. Games with hidden information: only a seat may ask, and
// the server answers from that seat's views. The panel also keeps the link to the analysis board
// (analysis-board.js) pointing at the position shown.
import { api } from "./api.js";
import { el, svgRoot } from "./svg.js";

const SYMBOLS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const WIDTH = 600;
const HEIGHT = 150;
const PAD = 24;
const POLL_MS = 400;

export class AnalysisPanel {
  // host: {gameId, view(), token(), seatName(p), moveNumber(ply) (the move list's number of the move
  // reaching that ply), seatColor(p), viewPly(i), viewing(), handingOver()}
  constructor(host) {
    this.host = host;
    this.answer = null;
    this.polling = false;
    this.checked = false;
    this.box = document.getElementById("analysis");
    this.button = document.getElementById("analyse");
    this.progress = document.getElementById("analysis-progress");
    this.status = document.getElementById("analysis-status");
    this.graph = document.getElementById("analysis-graph");
    this.list = document.getElementById("analysis-marks");
    this.boardLink = document.getElementById("analysis-board-link");
    // The analysis board opens at the position shown (the live one, or the one looked back at), as this seat.
    this.boardLink.addEventListener("click", () => {
      const view = this.host.view();
      const ply = this.host.viewing() ?? view.ply;
      const seat = view.you !== null && view.you !== undefined ? `&seat=${view.you}` : "";
      this.boardLink.href = `/analysis?game=${encodeURIComponent(this.host.gameId)}&ply=${ply}${seat}`;
    });
    this.button.addEventListener("click", () => this.start());
    this.graph.addEventListener("click", (event) => this.graphClick(event));
    this.list.addEventListener("click", (event) => {
      const item = event.target.closest("li[data-ply]");
      if (item) this.host.viewPly(Number(item.dataset.ply));
    });
  }

  path(suffix = "") {
    return `/api/games/${encodeURIComponent(this.host.gameId)}/analysis${suffix}`;
  }

  // Called on every render: shows the panel for finished games, asks once whether an analysis exists.
  update() {
    const view = this.host.view();
    const allowed = view.perfect_information || view.you !== null;
    // Spectators of hidden positions get no analysis board, nor does anyone during a rated game.
    this.boardLink.hidden = !allowed || Boolean(view.rated && !view.over);
    this.box.hidden = !view.over;
    if (!view.over) return;
    if (!allowed) {
      this.button.hidden = true;
      this.status.textContent = "Analysis is for the players of this game: it hides information, and each player's analysis uses only what their seat saw.";
      return;
    }
    if (!this.checked) {
      this.checked = true;
      this.fetch().catch((e) => (this.status.textContent = e.message));
    }
    this.draw();
  }

  async start() {
    this.button.disabled = true;
    try {
      this.answer = await api("POST", this.path(), { token: this.host.token() });
      this.draw();
      this.poll();
    } catch (e) {
      this.status.textContent = e.message;
      this.button.disabled = false;
    }
  }

  async fetch() {
    this.answer = await api("GET", this.path(), { token: this.host.token() });
    this.draw();
    if (this.answer.status === "running") this.poll();
  }

  async poll() {
    if (this.polling) return;
    this.polling = true;
    try {
      while (this.answer && this.answer.status === "running") {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        this.answer = await api("GET", this.path(), { token: this.host.token() });
        this.draw();
      }
    } catch (e) {
      this.status.textContent = e.message;
    } finally {
      this.polling = false;
    }
  }

  draw() {
    if (this.host.handingOver && this.host.handingOver()) return; // a hotseat's hand-over screen: nothing of a seat shows
    const a = this.answer;
    const running = a && a.status === "running";
    const done = a && a.status === "done";
    this.button.hidden = Boolean(running || done);
    this.button.disabled = false;
    this.progress.hidden = !running;
    this.box.dataset.status = a ? a.status : "none";
    if (running) {
      this.progress.max = a.total;
      this.progress.value = a.done;
      this.status.textContent = `Analysing: ${a.done} of ${a.total} positions valued by the ${a.level} bot`;
    } else if (a && a.status === "failed") {
      this.status.textContent = a.error || "The analysis failed; try again.";
    } else if (done) {
      const accuracy = (a.players || []).map((p) => `${this.host.seatName(p.player)} ${Math.round(p.accuracy)}%`).join(", ");
      this.status.textContent = `Win probability of each player after every move (${a.method}). ` +
        (accuracy ? `Accuracy: ${accuracy}. ` : "") +
        "Marked: ?! inaccuracy (10+ points lost), ? mistake (20+), ?? blunder (30+, or a win at once missed or allowed); " +
        "never a forced move or one no alternative beats.";
    } else {
      this.status.textContent = "";
    }
    this.drawGraph();
    this.drawMarks();
    this.decorateHistory();
  }

  x(i) {
    const n = Math.max(1, this.answer.positions.length - 1);
    return PAD + (i / n) * (WIDTH - 2 * PAD);
  }

  y(p) {
    return PAD / 2 + (1 - p) * (HEIGHT - PAD);
  }

  drawGraph() {
    const a = this.answer;
    if (!a || a.status !== "done" || !a.positions.length) {
      this.graph.replaceChildren();
      return;
    }
    const svg = svgRoot(WIDTH, HEIGHT, "win probability of each player after every move");
    svg.classList.add("analysis-svg");
    svg.append(el("rect", { x: PAD, y: PAD / 2, width: WIDTH - 2 * PAD, height: HEIGHT - PAD, class: "analysis-frame" }));
    for (const p of [0, 0.5, 1]) {
      svg.append(el("line", { x1: PAD, x2: WIDTH - PAD, y1: this.y(p), y2: this.y(p), class: p === 0.5 ? "analysis-even" : "analysis-grid" }));
      svg.append(el("text", { x: PAD - 4, y: this.y(p) + 4, "text-anchor": "end", class: "analysis-axis" }, `${p * 100}`));
    }
    const players = a.positions[0].length;
    for (let player = 0; player < players; player += 1) {
      const points = a.positions.map((row, i) => `${this.x(i).toFixed(1)},${this.y(row[player]).toFixed(1)}`).join(" ");
      svg.append(el("polyline", { points, fill: "none", stroke: this.host.seatColor(player), "stroke-width": 2.5,
        class: "analysis-line", "data-player": String(player) },
        el("title", {}, `${this.host.seatName(player)}: win probability`)));
    }
    for (const ply of a.plies) {
      if (!ply.mark) continue;
      svg.append(el("circle", { cx: this.x(ply.ply), cy: this.y(ply.after), r: ply.mark === "blunder" ? 6 : ply.mark === "mistake" ? 5 : 4,
        fill: this.host.seatColor(ply.player), class: `analysis-dot mark-${ply.mark}`, "data-ply": String(ply.ply), tabindex: "0" },
        el("title", {}, `${this.host.moveNumber(ply.ply)}. ${this.host.seatName(ply.player)} ${ply.move}: ${ply.mark} (${Math.round(ply.loss * 100)} points)`)));
    }
    const at = this.host.viewing();
    if (at !== null) svg.append(el("line", { x1: this.x(at), x2: this.x(at), y1: PAD / 2, y2: HEIGHT - PAD / 2, class: "analysis-now" }));
    const legend = document.createElement("div");
    legend.className = "analysis-legend";
    for (let player = 0; player < players; player += 1) {
      const item = document.createElement("span");
      item.style.color = this.host.seatColor(player);
      item.textContent = `\u2014 ${this.host.seatName(player)}`;
      legend.append(item);
    }
    this.graph.replaceChildren(svg, legend);
  }

  graphClick(event) {
    const a = this.answer;
    if (!a || a.status !== "done") return;
    const dot = event.target.closest(".analysis-dot[data-ply]");
    if (dot) {
      this.host.viewPly(Number(dot.dataset.ply));
      return;
    }
    const svg = this.graph.querySelector("svg");
    const box = svg.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * WIDTH;
    const n = a.positions.length - 1;
    const i = Math.round(((x - PAD) / (WIDTH - 2 * PAD)) * n);
    this.host.viewPly(Math.max(0, Math.min(n, i)));
  }

  drawMarks() {
    const a = this.answer;
    this.list.replaceChildren();
    if (!a || a.status !== "done") return;
    const marked = a.plies.filter((ply) => ply.mark);
    if (!marked.length) {
      const li = document.createElement("li");
      li.textContent = "No inaccuracies, mistakes or blunders.";
      this.list.append(li);
      return;
    }
    for (const ply of marked) {
      const li = document.createElement("li");
      li.dataset.ply = String(ply.ply);
      li.tabIndex = 0;
      li.className = `mark-${ply.mark}`;
      li.style.color = this.host.seatColor(ply.player);
      li.textContent = `${this.host.moveNumber(ply.ply)}. ${this.host.seatName(ply.player)} ${ply.move}${SYMBOLS[ply.mark]} ${ply.mark}: ` +
        `${Math.round(ply.before * 100)}% \u2192 ${Math.round(ply.after * 100)}%`;
      li.title = "show the position after this move";
      li.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          this.host.viewPly(ply.ply);
        }
      });
      this.list.append(li);
    }
  }

  // The move list is drawn again on every render: the marks are added after it.
  decorateHistory() {
    const a = this.answer;
    if (!a || a.status !== "done") return;
    const byPly = new Map(a.plies.filter((ply) => ply.mark).map((ply) => [ply.ply, ply]));
    for (const li of document.querySelectorAll("#history li[data-ply]")) {
      const ply = byPly.get(Number(li.dataset.ply));
      if (!ply || li.querySelector(".move-mark")) continue;
      const mark = document.createElement("span");
      mark.className = `move-mark mark-${ply.mark}`;
      mark.dataset.testid = "move-mark";
      mark.textContent = ` ${SYMBOLS[ply.mark]}`;
      mark.title = `${ply.mark}: ${Math.round(ply.loss * 100)} points of win probability lost`;
      li.append(mark);
    }
  }
}
