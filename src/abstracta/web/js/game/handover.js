// The hand-over screen of a hotseat game with hidden information.
import { setPageTitle } from "../account.js";
import { $, heldSeats, page, seatName } from "./page.js";
import { closePicker } from "./moves.js";
import { render } from "./live.js";

// Hotseat with hidden information (Quin with both seats in this browser): a seat's view shows its
// hidden kinds, so before another seat's view is shown the screen asks to be passed on, and shows
// nothing of any view until the next player clicks. A browser holding one seat never needs it.
export function handOverNeeded(view) {
  const seat = view.you;
  return !view.perfect_information && heldSeats().length > 1 && seat !== null && seat !== undefined && seat !== page.screenSeat;
}

export function renderHandOver() {
  const view = page.shown;
  page.handingOver = true;
  page.selected = null;
  page.cursor = null;
  page.replayIndex = null;
  closePicker();
  // Emptied, not just hidden: what another seat may not see must not be in the page at all.
  for (const id of ["board", "board-panel", "extra-moves", "history", "analysis-marks", "analysis-graph"]) $(id).replaceChildren();
  $("position").textContent = "";
  document.querySelector("main.game-main").hidden = true;
  const name = seatName(view.you);
  $("handover-text").textContent = `Pass to ${name}, then click`;
  $("handover-show").textContent = `I am ${name}: show my pieces`;
  $("handover").hidden = false;
  $("handover-show").focus({ preventScroll: true }); // Enter or Space hands over from the keyboard too
  setPageTitle(`${name}'s turn \u00b7 ${view.title} \u00b7 abstracta`);
  page.rendered = view.ply;
  document.body.dataset.ply = String(view.ply);
  document.body.dataset.handover = String(view.you);
}

function endHandOver() {
  if (!page.handingOver) return;
  page.screenSeat = page.shown.you;
  page.handingOver = false;
  $("handover").hidden = true;
  document.querySelector("main.game-main").hidden = false;
  delete document.body.dataset.handover;
  render(false);
}

export function wireHandOver() {
  $("handover-show").addEventListener("click", endHandOver);
}
