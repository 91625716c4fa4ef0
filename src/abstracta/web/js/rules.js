// The rules pages (/rules/<slug>): each game's rules in our own words (the rules module its package
// ships: the catalog's `rules`), with small diagrams drawn by the game's own board module, and its legend.
import { api, gameCatalog } from "./api.js";
import { boardFor } from "./boards.js";
import { h } from "./dom.js";

const $ = (id) => document.getElementById(id);

export async function rulesFor(slug) {
  try {
    const address = (await gameCatalog()).find((entry) => entry.game === slug)?.rules;
    return address ? await import(address) : null;
  } catch {
    return null;
  }
}

export function legendList(rules) {
  const list = h("dl", { class: "legend-list" });
  for (const [symbol, text] of rules.legend || []) list.append(h("dt", {}, symbol), h("dd", {}, text));
  return list;
}

// A diagram written in the game's notation is read by the server (notation is parsed only by the game).
async function structureOf(slug, view) {
  const answer = await api("POST", `/api/catalog/${encodeURIComponent(slug)}/position`, { body: { position: view.position, options: view.options || {} } });
  return answer.structure;
}

async function main() {
  const slug = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
  const catalog = await gameCatalog();
  $("rules-nav").replaceChildren(...catalog.map((entry) => h("a", { href: `/rules/${entry.game}`, class: entry.game === slug ? "current" : "" }, entry.title)));
  const entry = catalog.find((e) => e.game === slug);
  const box = $("rules");
  if (!entry) {
    box.replaceChildren(h("h2", {}, "Rules"), h("p", {}, "Pick a game above."));
    box.dataset.ready = "1";
    return;
  }
  document.title = `${entry.title} rules · abstracta`;
  const [rules, board] = await Promise.all([rulesFor(slug), boardFor(slug)]);
  const parts = [h("h2", {}, `${entry.title}: the rules`)];
  if (!rules) parts.push(h("p", {}, entry.description || "No rules page yet."));
  else {
    parts.push(h("p", { class: "rules-summary" }, rules.summary));
    for (const section of rules.sections) {
      const block = h("section", { class: "rules-section" }, h("h3", {}, section.title));
      for (const text of section.text) block.append(h("p", {}, text));
      if (section.diagram) {
        const figure = h("figure", { class: "rules-diagram" });
        const view = { options: {}, num_players: 2, history: [], last_effects: [], ...section.diagram.view };
        if (view.position !== undefined && view.structure === undefined) view.structure = await structureOf(slug, view);
        figure.append(board.draw(view, { flipped: false, marks: {}, animate: false, mini: false }), h("figcaption", {}, section.diagram.caption));
        block.append(figure);
      }
      parts.push(block);
    }
    if (rules.legend) parts.push(h("section", { class: "rules-section" }, h("h3", {}, "Legend"), legendList(rules)));
  }
  parts.push(h("p", {}, h("a", { href: "/" }, "Back to the lobby to play")));
  box.replaceChildren(...parts);
  box.dataset.ready = "1";
}

if (document.body.classList.contains("rules")) main();
