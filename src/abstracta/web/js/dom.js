// Building HTML elements from values: attributes are set as attributes and children appended as text nodes,
// so a username or a game title is always shown as text, never read as markup.
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

// A rating pool's name as players read it: "<title>", or "<title>, <n> players" for a multiplayer pool.
export function poolName(pool, titles) {
  const [slug, players] = pool.split("/");
  const title = titles.get(slug) || slug;
  return players ? `${title}, ${players} players` : title;
}
