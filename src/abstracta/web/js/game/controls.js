// Game controls beside the moves: resign (clicked twice), draw offers, takebacks, rematch.
import { api, heldTokens, holdToken, saveInvites } from "../api.js";
import { $, gameId, heldSeats, page, playerWords, seatName, showError, tokenFor } from "./page.js";
import { accept } from "./live.js";

function controlsToken() {
  return tokenFor(page.shown) || Object.values(heldTokens(gameId))[0] || "";
}

async function control(path, body) {
  const token = controlsToken();
  try {
    const next = await api("POST", `/api/games/${encodeURIComponent(gameId)}/${path}`, { token, body });
    accept(token, next);
  } catch (e) {
    showError(playerWords(e.message));
  }
}

export function renderControls() {
  const view = page.shown;
  const c = view.controls || {};
  const mine = view.you !== null && view.you !== undefined;
  const over = view.over;
  $("resign").hidden = !(mine && c.can_resign);
  if ($("resign").hidden) delete $("resign").dataset.armed;
  $("resign").textContent = $("resign").dataset.armed ? "Really resign? Click again" : "Resign";
  const rivalOffer = c.draw_offer !== null && c.draw_offer !== undefined && c.draw_offer !== view.you;
  const held = heldSeats();
  const offerFromOtherHolder = rivalOffer && held.includes(c.draw_offer) && held.length > 1;
  $("draw-offer").hidden = !(mine && c.can_offer_draw && (c.draw_offer === null || c.draw_offer === undefined));
  $("draw-accept").hidden = !(mine && !over && rivalOffer);
  $("draw-decline").hidden = $("draw-accept").hidden;
  $("draw-pending").hidden = !(mine && !over && c.draw_offer !== null && c.draw_offer !== undefined && (!rivalOffer || offerFromOtherHolder));
  $("draw-pending").textContent = rivalOffer ? `${seatName(c.draw_offer)} offers a draw` : "Draw offered: waiting for the answer";
  if (!$("draw-accept").hidden) $("draw-pending").hidden = false;
  // The rival (a bot at once) declined this seat's offer: said until this seat moves on.
  const declinedBy = c.draw_declined;
  const noOffer = c.draw_offer === null || c.draw_offer === undefined;
  if (mine && !over && noOffer && declinedBy !== null && declinedBy !== undefined && declinedBy !== view.you) {
    const kind = view.seats[declinedBy] || "";
    $("draw-pending").hidden = false;
    $("draw-pending").textContent = kind.startsWith("bot:")
      ? `${seatName(declinedBy)} (${kind.slice(4)} bot) declines the draw and plays on`
      : `${seatName(declinedBy)} declines the draw`;
  }
  const request = c.takeback_request;
  const rivalRequest = request !== null && request !== undefined && request !== view.you;
  const botThinking = !over && view.player !== null && view.player >= 0 && (view.seats[view.player] || "").startsWith("bot:");
  $("takeback").hidden = !(mine && c.can_take_back && !botThinking && (request === null || request === undefined));
  $("takeback-accept").hidden = !(mine && !over && rivalRequest);
  $("takeback-decline").hidden = $("takeback-accept").hidden;
  $("takeback-pending").hidden = !(mine && !over && request !== null && request !== undefined);
  $("takeback-pending").textContent = rivalRequest ? `${seatName(request)} asks to take back a move` : "Takeback asked: waiting for the answer";
  $("rematch").hidden = !(mine && over);
  $("rematch").textContent = c.rematch ? "Join the rematch" : "Rematch (seats swapped)";
}

async function rematch() {
  const c = page.shown.controls || {};
  const oldTokens = heldTokens(gameId);
  try {
    let newId = c.rematch;
    if (!newId) {
      const made = await api("POST", `/api/games/${encodeURIComponent(gameId)}/rematch`, { token: controlsToken() });
      newId = made.id;
      for (const [p, token] of Object.entries(made.tokens)) holdToken(newId, p, token);
      saveInvites(newId, made.invites); // links for friends whose browsers no longer hold this game; forgotten once used
    }
    // Every other seat this browser held (a hotseat) is claimed with its old token.
    const have = heldTokens(newId);
    for (const token of Object.values(oldTokens)) {
      const seat = (page.views.get(token) || {}).controls?.rematch_seat;
      if (seat !== undefined && seat !== null && have[String(seat)]) continue;
      try {
        const got = await api("POST", `/api/games/${encodeURIComponent(newId)}/claim`, { token, body: { previous: gameId } });
        holdToken(newId, got.seat, got.token);
      } catch (e) {
        if (e.status !== 410) throw e;
      }
    }
    location.href = `/g/${encodeURIComponent(newId)}`;
  } catch (e) {
    showError(playerWords(e.message));
  }
}

export function wireControls() {
  $("resign").addEventListener("click", () => {
    if (!$("resign").dataset.armed) {
      $("resign").dataset.armed = "1"; // a second click confirms: resigning cannot be undone
      renderControls();
      return;
    }
    delete $("resign").dataset.armed;
    control("resign");
  });
  $("draw-offer").addEventListener("click", () => control("draw", { action: "offer" }));
  $("draw-accept").addEventListener("click", () => control("draw", { action: "accept" }));
  $("draw-decline").addEventListener("click", () => control("draw", { action: "decline" }));
  $("takeback").addEventListener("click", () => control("takeback", { action: "request" }));
  $("takeback-accept").addEventListener("click", () => control("takeback", { action: "accept" }));
  $("takeback-decline").addEventListener("click", () => control("takeback", { action: "decline" }));
  $("rematch").addEventListener("click", rematch);
}
