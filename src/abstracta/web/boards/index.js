// Board plugins by game slug. A plugin is a module web/boards/<slug>.js exporting:
//   draw(view, ui) -> SVGElement     the board of a view JSON (position notation, last_effects,
//                                    history...); ui = {flipped, marks: {selected, targets}, animate, mini}.
//                                    Clickable places carry data-sq="<square>".
//   parseMove(move, view) -> {from, to} | null
//                                    the squares a move string starts from and goes to (from: null
//                                    for a drop/placement); null: a move with no square, offered as a button.
// and optionally seatNames(options, n), seatColors, moveLabel(move), flipFor(you), describeTurn(view).
// A game without its own module gets the generic board: its notation plus one button per move.
import * as generic from "./generic.js";

const BOARDS = new Set(["strategic-reserve", "laser-chess", "reflec", "desfases", "quin"]);

export async function boardFor(slug) {
  if (BOARDS.has(slug)) {
    try {
      const module = await import(`./${slug}.js`);
      return { ...generic, ...module, slug };
    } catch (error) {
      console.warn(`board for ${slug} failed to load; using the generic board`, error);
    }
  }
  return { ...generic, slug };
}
