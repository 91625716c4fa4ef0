// The account box in the lobby's header: log in, sign up, log out. The session is an HttpOnly cookie;
// api.js sends the CSRF token with every state-changing request. At log-in the seats this browser
// took anonymously are claimed into the account. Usernames are shown as text, never as markup.
// While logged in, the account's games are asked for every TURNS_EVERY ms: the header and the page's
// title count the games where it is your turn, and an "account-games" event hands the rows to the page.
// Pages set their title through setPageTitle, so the count stays in front of it. The game page shows
// only the count (showTurns): its header has no room for the log-in form.
import { api, currentAccount, heldSeats, setAccount } from "./api.js";
import { h as el } from "./dom.js";

const MAX_CLAIM = 200; // the server's limit per claim
const TURNS_EVERY = 15000;
let pageTitle = document.title;
let turnsCount = 0;
let turnsTimer = null;

// The page's own title, with the "your turn" count in front while there is one.
export function setPageTitle(text) {
  pageTitle = text;
  document.title = turnsCount ? `(${turnsCount}) ${text}` : text;
}

async function claimHeldSeats() {
  const seats = heldSeats();
  for (let start = 0; start < seats.length; start += MAX_CLAIM) {
    await api("POST", "/api/account/claim", { body: { seats: seats.slice(start, start + MAX_CLAIM) } });
  }
}

function loggedOut(box) {
  const name = el("input", { name: "username", autocomplete: "username", placeholder: "username", "aria-label": "username",
                             maxlength: "20", required: "", "data-testid": "account-username" });
  const password = el("input", { name: "password", type: "password", autocomplete: "current-password", placeholder: "password",
                                 "aria-label": "password", maxlength: "256", required: "", "data-testid": "account-password" });
  const login = el("button", { type: "submit", value: "login", "data-testid": "account-login" }, "Log in");
  const signup = el("button", { type: "submit", value: "signup", "data-testid": "account-signup" }, "Sign up");
  const error = el("span", { class: "error", role: "alert", "data-testid": "account-error" });
  const form = el("form", { class: "account-form" }, name, password, login, signup, error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const action = event.submitter && event.submitter.value === "signup" ? "signup" : "login";
    error.textContent = "";
    try {
      const answer = await api("POST", `/api/account/${action}`, { body: { username: name.value, password: password.value } });
      setAccount(answer);
      await claimHeldSeats().catch(() => {}); // the account works without them; the tokens stay here
      show(box);
      document.dispatchEvent(new CustomEvent("account-changed"));
    } catch (e) {
      error.textContent = e.message;
    }
  });
  box.replaceChildren(form);
}

function loggedIn(box, account) {
  const out = el("button", { type: "button", "data-testid": "account-logout" }, "Log out");
  out.addEventListener("click", async () => {
    await api("POST", "/api/account/logout").catch(() => {});
    setAccount(null);
    show(box);
    document.dispatchEvent(new CustomEvent("account-changed"));
  });
  const who = el("a", { class: "account-name", href: `/@/${encodeURIComponent(account.username)}`, "data-testid": "account-name" });
  who.textContent = account.username;
  const turns = el("a", { class: "turn-count", href: "/#my-games", "data-testid": "your-turn-count", hidden: "" });
  box.replaceChildren(el("span", {}, "Logged in as "), who, turns, out);
}

// The account's games (GET /api/account/games): the "your turn" count in the header and the title.
async function refreshTurns(box) {
  const account = await currentAccount();
  if (!account) return;
  const rows = await api("GET", "/api/account/games");
  const count = rows.filter((row) => row.your_turn).length;
  const turns = box.querySelector("[data-testid=your-turn-count]");
  if (turns) {
    turns.hidden = count === 0;
    turns.textContent = `${count} your turn`;
  }
  turnsCount = count;
  setPageTitle(pageTitle);
  document.dispatchEvent(new CustomEvent("account-games", { detail: rows }));
}

export async function show(box, { turnsOnly = false } = {}) {
  const account = await currentAccount();
  if (turnsOnly) box.replaceChildren(...(account ? [el("a", { class: "turn-count", href: "/#my-games", "data-testid": "your-turn-count", hidden: "" })] : []));
  else if (account) loggedIn(box, account);
  else loggedOut(box);
  box.dataset.ready = "1";
  clearInterval(turnsTimer);
  turnsCount = 0;
  setPageTitle(pageTitle);
  document.dispatchEvent(new CustomEvent("account-games", { detail: null })); // nobody's games until asked
  if (account) {
    await refreshTurns(box).catch(() => {});
    turnsTimer = setInterval(() => refreshTurns(box).catch(() => {}), TURNS_EVERY);
  }
}
