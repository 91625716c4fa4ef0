// A player's profile (/@/<username>): ratings per game with a rating-history graph, wins, draws and
// losses, and recent games with links to the game page (replay) and the record download.
// Everything the server sends is shown as text (dom.js); the graph is SVG built here.
import { api, gameCatalog } from "./api.js";
import { setPageTitle, show as showAccount } from "./account.js";
import { h, poolName } from "./dom.js";
import { SVG_NS } from "./svg.js";

const GRAPH = { width: 360, height: 120, pad: 8 };

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

// The rating after each rated game of one pool, oldest first (the first point: before the first game).
export function ratingGraph(points, label) {
  const { width, height, pad } = GRAPH;
  const ratings = points.map((point) => point.rating);
  const low = Math.min(...ratings) - 10;
  const high = Math.max(...ratings) + 10;
  const x = (i) => pad + (points.length > 1 ? (i * (width - 2 * pad)) / (points.length - 1) : (width - 2 * pad) / 2);
  const y = (rating) => height - pad - ((rating - low) * (height - 2 * pad)) / (high - low);
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "rating-graph", role: "img", "aria-label": label, "data-testid": "rating-graph" });
  root.append(svg("rect", { x: 0, y: 0, width, height, class: "graph-frame" }));
  for (const rating of [Math.max(...ratings), Math.min(...ratings)]) {
    const scale = svg("text", { x: width - pad, y: (y(rating) + (rating === Math.max(...ratings) ? 12 : -4)).toFixed(1), class: "graph-scale", "text-anchor": "end" });
    scale.textContent = String(Math.round(rating));
    root.append(scale);
  }
  root.append(svg("polyline", { points: points.map((point, i) => `${x(i).toFixed(1)},${y(point.rating).toFixed(1)}`).join(" "), class: "graph-line" }));
  points.forEach((point, i) => {
    const dot = svg("circle", { cx: x(i).toFixed(1), cy: y(point.rating).toFixed(1), r: 3, class: "graph-dot" });
    const title = svg("title");
    title.textContent = `${Math.round(point.rating)}${point.date ? ` · ${point.date.slice(0, 10)}` : " · start"}`;
    dot.append(title);
    root.append(dot);
  });
  return root;
}

function ratingsSection(profile, titles) {
  const box = document.getElementById("ratings");
  box.replaceChildren();
  const pools = Object.entries(profile.ratings);
  if (!pools.length) box.append(h("p", { class: "empty" }, "No rated game yet."));
  for (const [pool, rating] of pools) {
    const slug = pool.split("/")[0];
    const card = h("div", { class: "rating-card", "data-pool": pool, "data-testid": `rating-${pool}` },
      h("h3", {}, h("a", { href: `/leaderboard/${encodeURIComponent(slug)}` }, poolName(pool, titles))),
      h("p", { class: "rating-line" },
        h("strong", { "data-testid": "rating-shown" }, rating.shown),
        ` · ${rating.games} game${rating.games === 1 ? "" : "s"} · ${rating.wins} won, ${rating.draws} drawn, ${rating.losses} lost`,
        rating.provisional ? h("small", {}, " (provisional)") : null));
    const points = profile.history[pool] || [];
    if (points.length) card.append(ratingGraph(points, `rating history: ${poolName(pool, titles)}`));
    box.append(card);
  }
}

const RESULTS = { win: "won", draw: "drawn", loss: "lost" };

function gamesSection(profile) {
  const list = document.getElementById("profile-games");
  list.replaceChildren();
  if (!profile.games.length) list.append(h("li", { class: "empty" }, "No game yet."));
  for (const row of profile.games) {
    const state = row.over ? RESULTS[row.result] || "over" : "in progress";
    const change = row.rating_change ? ` · rating ${row.rating_change}` : "";
    list.append(h("li", { "data-testid": "profile-game", "data-game": row.id },
      h("a", { href: row.links.page }, row.title),
      h("span", { class: "state" }, `${row.rated ? "rated · " : ""}${state}${change} · ${row.plies} plies · ${row.updated.slice(0, 10)}`),
      h("span", { class: "players" },
        h("a", { href: row.links.page }, row.over ? "replay" : "open"), " · ",
        h("a", { href: row.links.record, download: "" }, "record"))));
  }
}

async function showProfile() {
  const name = decodeURIComponent(location.pathname.slice("/@/".length));
  setPageTitle(`${name} · abstracta`);
  document.getElementById("profile-name").textContent = name;
  let profile;
  try {
    profile = await api("GET", `/api/users/${encodeURIComponent(name)}`);
  } catch (e) {
    document.getElementById("profile-note").textContent = e.status === 404 ? "No such player." : e.message;
    return;
  }
  document.getElementById("profile-name").textContent = profile.username;
  if (profile.disabled) document.getElementById("profile-note").textContent = "This account has been disabled; its games stay.";
  const titles = new Map((await gameCatalog().catch(() => [])).map((entry) => [entry.game, entry.title]));
  ratingsSection(profile, titles);
  gamesSection(profile);
  document.body.dataset.ready = "1";
}

showAccount(document.getElementById("account")).catch(() => {});
showProfile();
