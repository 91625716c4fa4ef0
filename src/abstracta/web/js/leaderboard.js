// A game's leaderboard (/leaderboard/<game>): the top settled ratings of each of its pools
// (two players, then by player count). Names are links to the profiles, shown as text.
import { api } from "./api.js";
import { setPageTitle, show as showAccount } from "./account.js";
import { h } from "./dom.js";

async function showBoards() {
  const slug = decodeURIComponent(location.pathname.slice("/leaderboard/".length));
  const boards = document.getElementById("boards");
  let answer;
  try {
    answer = await api("GET", `/api/leaderboard/${encodeURIComponent(slug)}`);
  } catch (e) {
    boards.textContent = e.status === 404 ? "No such game." : e.message;
    return;
  }
  setPageTitle(`${answer.title} leaderboard · abstracta`);
  document.getElementById("board-title").textContent = `${answer.title}: leaderboard`;
  boards.replaceChildren();
  for (const [pool, entries] of Object.entries(answer.pools)) {
    const players = pool.split("/")[1];
    const table = h("table", { class: "leaderboard-table", "data-testid": `board-${pool}` },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "player"), h("th", {}, "rating"), h("th", {}, "games"))));
    const body = h("tbody");
    for (const entry of entries) {
      body.append(h("tr", {},
        h("td", {}, String(entry.rank)),
        h("td", {}, h("a", { href: `/@/${encodeURIComponent(entry.username)}` }, entry.username)),
        h("td", {}, entry.shown), h("td", {}, String(entry.games))));
    }
    if (!entries.length) body.append(h("tr", {}, h("td", { colspan: "4", class: "empty" }, "No settled rating yet.")));
    table.append(body);
    boards.append(h("section", {}, h("h3", {}, players ? `${players} players` : "two players"), table));
  }
  document.body.dataset.ready = "1";
}

showAccount(document.getElementById("account")).catch(() => {});
showBoards();
