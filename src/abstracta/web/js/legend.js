// The legend beside the board: the table of the `## Legend` section of the game's rules text, which the
// catalog carries as {head, rows}. Its first column is what the board shows, its second what the terminal
// shows (left out here), the others say what the piece is and does (docs/web.md, "Rules pages").
import { gameCatalog } from "./api.js";
import { h } from "./dom.js";

export async function legendFor(slug) {
  try {
    return (await gameCatalog()).find((entry) => entry.game === slug)?.legend || null;
  } catch {
    return null;
  }
}

export function legendList(legend) {
  const list = h("dl", { class: "legend-list" });
  for (const [symbol, , ...words] of legend.rows) list.append(h("dt", {}, symbol), h("dd", {}, words.filter(Boolean).join(": ")));
  return list;
}
