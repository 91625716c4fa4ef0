// The game page: board, moves by clicking or typing, move list, live updates by WebSocket,
// result banner and replay slider. Everything it knows comes from the API's views.
// This entry joins the game (invite or token link), loads the views and wires the parts in game/:
// page.js (shared state), board.js, moves.js, history.js, seats.js, controls.js, handover.js, live.js, chat.js.
// The parts import each other's functions (ES modules allow the cycles: nothing runs at import).
import { api, CONNECTION_LOST, heldTokens, holdToken, onConnection } from "./api.js";
import { boardFor } from "./boards.js";
import { legendFor, legendList } from "./legend.js";
import { AnalysisPanel } from "./analysis.js";
import { $, gameId, page, pickView, playerWords, seatName, showError, tokenFor } from "./game/page.js";
import { wireBoard } from "./game/board.js";
import { wireMoves } from "./game/moves.js";
import { moveNumber, viewPly, wireHistory } from "./game/history.js";
import { wireSeats } from "./game/seats.js";
import { wireControls } from "./game/controls.js";
import { wireHandOver } from "./game/handover.js";
import { connect, render } from "./game/live.js";
import { wireChat } from "./game/chat.js";
import { show as showAccount } from "./account.js";

async function main() {
  showAccount($("account"), { turnsOnly: true }).catch(() => {}); // the count of games waiting for this account
  // An invite link carries a one-time code after '#invite=': trade it for the seat's token, which stays
  // in this browser only, and tidy the address so the used code is not bookmarked.
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("invite")) {
    try {
      const joined = await api("POST", `/api/invites/${encodeURIComponent(hash.get("invite"))}`);
      holdToken(joined.game, joined.seat, joined.token);
    } catch (e) {
      showError(e.status === 410 ? "This invite link has been used already: it works once." : `This invite link does not work: ${e.message}`);
    }
    history.replaceState(null, "", location.pathname);
  } else if (hash.get("token")) {
    // A seat's own token (e.g. to move a game of yours to another device): kept, then tidied away.
    try {
      const view = await api("GET", `/api/games/${encodeURIComponent(gameId)}`, { token: hash.get("token") });
      if (view.you !== null) holdToken(gameId, view.you, hash.get("token"));
    } catch (e) {
      showError(`This link does not work: ${e.message}`);
    }
    history.replaceState(null, "", location.pathname);
  }
  const tokens = Object.values(heldTokens(gameId));
  if (!tokens.length) tokens.push("");
  try {
    for (const token of tokens) page.views.set(token, await api("GET", `/api/games/${encodeURIComponent(gameId)}`, { token }));
  } catch (e) {
    $("status").textContent = e.message;
    if (e.status === 0) onConnection((back) => back && location.reload()); // loaded once the server is back
    return;
  }
  // A request that got no answer said "connection lost, retrying": the message goes when the server is back.
  onConnection((back) => {
    if (back && $("error").textContent === CONNECTION_LOST) showError("");
  });
  page.plugin = await boardFor(pickView().game);
  $("rules-link").href = `/rules/${encodeURIComponent(pickView().game)}`;
  $("learn-link").href = `/learn/${encodeURIComponent(pickView().game)}`;
  legendFor(pickView().game).then((legend) => {
    if (legend) $("legend-body").replaceChildren(legendList(legend));
    else $("legend").hidden = true;
  });
  page.analysis = new AnalysisPanel({
    gameId,
    view: () => page.shown,
    token: () => tokenFor(page.shown),
    seatName,
    moveNumber: (ply) => moveNumber(page.shown, ply),
    seatColor: (p) => page.plugin.seatColors[p] || "#555",
    viewPly: (i) => viewPly(i).catch((e) => showError(playerWords(e.message))),
    viewing: () => page.replayIndex,
    handingOver: () => page.handingOver,
  });
  render(false);
  tokens.forEach((token, i) => connect(token, i === 0));
  wireBoard();
  wireMoves();
  wireHistory();
  wireSeats();
  wireControls();
  wireHandOver();
  wireChat();
}

main();
