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
import { h } from "./dom.js";
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

// Click-to-move for the pages that show a board outside a live game (the analysis board, lessons,
// puzzles): a click on a piece selects it (`state.selected`), a click on one of its targets or on a
// drop square plays; several moves on the same squares, or a piece turned in place, open `picker`
// (a "Choose:" row of buttons) instead. `moves()` gives movesOnBoard's list, `label(move)` a
// button's words, `play(move)` sends a move, `render()` redraws. Returns {click(square), closePicker()}.
export function clickToMove({ picker, state, moves, label, play, render }) {
  function closePicker() {
    picker.hidden = true;
    picker.replaceChildren();
  }
  function offer(candidates) {
    const inPlace = candidates.length === 1 && candidates[0].at && candidates[0].at.from === candidates[0].at.to;
    if (candidates.length === 1 && !inPlace) return play(candidates[0].move);
    picker.replaceChildren(h("span", { class: "picker-title" }, "Choose:"));
    for (const { move } of candidates) {
      const button = h("button", { type: "button", class: "pick", "data-move": move }, label(move));
      button.addEventListener("click", () => {
        closePicker();
        play(move);
      });
      picker.append(button);
    }
    const cancel = h("button", { type: "button", class: "cancel" }, "cancel");
    cancel.addEventListener("click", closePicker);
    picker.append(cancel);
    picker.hidden = false;
    return undefined;
  }
  function click(sq) {
    closePicker();
    const onBoard = moves();
    if (state.selected) {
      const here = onBoard.filter((x) => x.at && x.at.from === state.selected && x.at.to === sq);
      if (here.length) return offer(here);
    }
    const own = onBoard.filter((x) => x.at && x.at.from === sq);
    if (own.length) {
      state.selected = state.selected === sq ? null : sq;
      if (state.selected && own.every((x) => x.at.to === sq || !x.at.to)) {
        render();
        return offer(own);
      }
      return render();
    }
    const drops = onBoard.filter((x) => x.at && !x.at.from && x.at.to === sq);
    if (drops.length) return offer(drops);
    state.selected = null;
    return render();
  }
  return { click, closePicker };
}
