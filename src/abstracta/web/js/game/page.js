// The game page's shared state and the small helpers every part uses: which view is shown,
// which seats this browser holds, seat names, the error line. It imports nothing of the page's.

export const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

export const $ = (id) => document.getElementById(id);

export const page = {
  plugin: null,
  views: new Map(), // token ("" for a spectator) -> latest view
  shown: null, // the view on screen
  selected: null,
  userFlip: false,
  rendered: -1, // ply on screen
  queue: [],
  pumping: false,
  replay: null, // {positions, effects, history} once the game is over
  replayIndex: null,
  sending: false,
  cursor: null, // the square the keyboard is on
  boardFocused: false,
  errorPly: null, // the ply an error message was given at: cleared when the turn changes
  wasMyTurn: null, // for the "your turn" chime: null until the first render
  analysis: null, // the post-game analysis panel (js/analysis.js)
  zoom: null, // phones: the centre ([x, y] in SVG units) of the zoomed-in window, null for the whole board
  endShown: false, // the game's end has been drawn once (phones: with the zoom taken back to the whole board)
  zoomSize: null, // phones: the zoom window's [width, height] when the board needs zooming, else null
  pickerFromBoard: false, // the picker was opened from the focused board: closing it gives the focus back
  screenSeat: null, // hotseat with hidden information: the seat whose secrets the screen may show now
  handingOver: false, // the hand-over screen is up: nothing of any seat's view is on the page
  clockAt: 0, // performance.now() when the clocks' seconds left arrived (with the view on screen)
  chimes: 0, // "your turn" chimes played (read by the browser tests as data-chimes)
  presence: null, // whether each seat has the game open (the WebSocket's {"presence": [...]})
};

function names() {
  const view = page.shown;
  return page.plugin.seatNames(view.options, view.num_players);
}

export function seatName(p) {
  return names()[p] || `Player ${p + 1}`;
}

// The view to show: the one whose seat must move now (hotseat holds several), else the first held.
export function pickView() {
  const views = [...page.views.values()];
  return views.find((v) => v.moves.length) || views.sort((a, b) => (older(a, b) ? 1 : older(b, a) ? -1 : 0))[0];
}

export function tokenFor(view) {
  for (const [token, v] of page.views) if (v === view) return token;
  return "";
}

// The seats this browser holds: one for a player, several for a hotseat, none for a spectator.
export function heldSeats() {
  return [...page.views.values()].map((v) => v.you).filter((p) => p !== null);
}

// Is view a older than view b? Plies grow, except that a takeback goes back: its count comes first.
export function older(a, b) {
  const ta = (a.controls && a.controls.takebacks) || 0;
  const tb = (b.controls && b.controls.takebacks) || 0;
  return ta !== tb ? ta < tb : a.ply < b.ply;
}

export function showError(message) {
  $("error").textContent = message || "";
  page.errorPly = message && page.shown ? page.shown.ply : null;
}

export const shorten = (text, n) => (text.length > n ? `${text.slice(0, n - 1)}\u2026` : text);

// An engine's refusal may repeat the move and quote the whole position: keep the reason, short.
export function playerWords(message) {
  const text = String(message || "").replace(/'[^']{24,}'/g, "the position").replace(/"[^"]{24,}"/g, "the position");
  return shorten(text, 140);
}
