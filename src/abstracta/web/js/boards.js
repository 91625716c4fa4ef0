// The board of a game: the module its package ships (the catalog's `board`, served by the server
// from the game's own package), merged over the generic board. A module exports:
//   draw(view, ui) -> SVGElement     the board of a view JSON (its structure: view.structure, see docs/api.md; last_effects,
//                                    history...); ui = {flipped, marks: {selected, targets}, animate, mini}.
//                                    Clickable places carry data-sq="<square>".
//   parseMove(move, view) -> {from, to} | null
//                                    the squares a move string starts from and goes to (from: null
//                                    for a drop/placement); null: a move with no square, offered as a button.
// and optionally seatNames(options, n), seatColors, moveLabel(move), flipFor(you), describeTurn(view).
// A game without its own module, or whose module fails to load, gets the generic board: its
// notation plus one button per move.
import { gameCatalog } from "./api.js";
import * as generic from "./generic-board.js";

export async function boardFor(slug) {
  let address = null;
  try {
    address = (await gameCatalog()).find((entry) => entry.game === slug)?.board || null;
  } catch (error) {
    console.warn("the catalog did not load; using the generic board", error);
  }
  if (address) {
    try {
      const module = await import(address);
      return { ...generic, ...module, slug };
    } catch (error) {
      console.warn(`board for ${slug} failed to load; using the generic board`, error);
    }
  }
  return { ...generic, slug };
}

// The moves of a view that the board can show: each with the squares it starts from and goes to
// (`at`, null for a move offered as a button); a reversible move (a swap) can be started from either end.
export function movesOnBoard(plugin, moves, view) {
  const out = [];
  for (const move of moves) {
    const at = plugin.parseMove(move, view);
    out.push({ move, at });
    if (at && at.reversible && at.from && at.to && at.from !== at.to) out.push({ move, at: { from: at.to, to: at.from } });
  }
  return out;
}

// What the board marks for those moves: the squares a move starts from, and the targets of the
// selected square (or of the drops when none is selected).
export function boardMarks(onBoard, selected) {
  const targets = new Set();
  const selectable = new Set();
  for (const { at } of onBoard) {
    if (!at) continue;
    if (at.from) selectable.add(at.from);
    if (selected ? at.from === selected : !at.from) if (at.to) targets.add(at.to);
  }
  return { selected, targets, selectable };
}
