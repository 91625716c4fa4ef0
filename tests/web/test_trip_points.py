"""What a new player tripped on (issue 15, points 1-7), each reproduced in the browser and pinned.

Games are made through the API (fast, seeds where the rules allow) and opened with a seat's
token in the address, as a player moving a game to another device would.
"""

from __future__ import annotations

import random

import abstracta
from tests.web.conftest import SCREENSHOTS


def create(page, server_url, game, seats, options=None, seed=None):
    body = {"game": game, "options": options or {}, "seats": seats}
    if seed is not None:
        body["seed"] = seed
    answer = page.request.post(server_url + "/api/games", data=body)
    assert answer.ok, answer.text()
    created = answer.json()
    return created["id"], created["tokens"]


def view(page, server_url, game_id, token=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return page.request.get(f"{server_url}/api/games/{game_id}", headers=headers).json()


def play(page, server_url, game_id, token, move):
    answer = page.request.post(f"{server_url}/api/games/{game_id}/moves", data={"move": move},
                               headers={"Authorization": f"Bearer {token}"})  # fmt: skip
    assert answer.ok, answer.text()
    return answer.json()


def open_game(page, server_url, game_id, token=None):
    page.goto(f"{server_url}/g/{game_id}" + (f"#token={token}" if token else ""))
    page.wait_for_selector("#board svg")


def ply(page):
    return int(page.evaluate("document.body.dataset.ply"))


def test_1_quin_spectators_and_the_lobby_see_face_down_pieces(page, server_url):
    game_id, _ = create(page, server_url, "quin", ["me", "me"], {"setup": "standard"})
    open_game(page, server_url, game_id)  # no token: a spectator, whose view writes "a3?N"
    assert view(page, server_url, game_id)["position"].startswith("a2?N,")
    assert page.locator("#board [data-piece='?']").count() == 26
    # the lobby's picture is the default (random) setup's start, every piece face down: 24 pieces once
    # both Lights start in reserve (rules §4, D17b), so the count comes from the catalog
    catalog = page.request.get(server_url + "/api/catalog").json()
    start = next(entry["position"] for entry in catalog if entry["game"] == "quin")
    on_board = len(start.split(" ")[0].split(","))
    page.goto(server_url + "/")
    page.wait_for_selector("#catalog[data-ready='1']")
    assert page.locator("[data-testid=game-quin] [data-piece]").count() == on_board
    assert page.locator("[data-testid=game-quin] [data-piece='?']").count() == on_board


def test_2_the_first_click_on_start_after_typing_an_option_starts_the_game(page, server_url):
    page.goto(server_url + "/")
    page.wait_for_selector("#catalog[data-ready='1']")
    page.click("[data-testid=game-strategic-reserve]")
    page.fill("#opt-reserve", "5")  # no Tab: the click itself leaves the box
    page.click("[data-testid=create-game]")
    page.wait_for_url("**/g/**", timeout=5000)
    page.wait_for_selector("#board svg")
    assert page.evaluate("document.body.dataset.ply") == "1"  # Red's first roll is in


def test_2b_a_bad_option_still_stops_the_start(page, server_url):
    page.goto(server_url + "/")
    page.wait_for_selector("#catalog[data-ready='1']")
    page.click("[data-testid=game-strategic-reserve]")
    page.fill("#opt-reserve", "99")
    page.click("[data-testid=create-game]")
    page.wait_for_function("() => document.querySelector('#setup-error').textContent.includes('reserve')")
    assert "/g/" not in page.url


def test_3_one_click_on_your_own_laser_does_not_fire(page, server_url):
    game_id, tokens = create(page, server_url, "laser-chess", ["me", "bot:random"])
    page.set_viewport_size({"width": 1280, "height": 720})
    open_game(page, server_url, game_id, tokens["0"])
    laser = "j1"
    assert "Ln" in view(page, server_url, game_id)["position"].split(" ")[0].split("/")[-1]
    page.click(f"#board [data-sq='{laser}']")
    page.wait_for_timeout(400)
    assert ply(page) == 0, "a single click played a move"
    picker = page.locator("[data-testid=picker]")
    assert picker.is_visible()
    # The picker is in view at 1280x720 (point 7), and Escape closes it (point 7).
    box = picker.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 720
    page.keyboard.press("Escape")
    assert not picker.is_visible()
    assert ply(page) == 0
    # The explicit choice turns it.
    page.click(f"#board [data-sq='{laser}']")
    page.locator("#picker button.pick").first.click()
    page.wait_for_function("() => Number(document.body.dataset.ply) >= 1")


def test_4_typed_move_errors_are_short_and_leave_with_the_turn(page, server_url):
    game_id, tokens = create(page, server_url, "strategic-reserve", ["me", "me"], seed=3)
    open_game(page, server_url, game_id, tokens["0"])
    junk = "c4 " + "6/2R1R1/1R2B1/1B2R1/1RBRB1/6 r 6 8 3,5 0 " * 6
    page.fill("[data-testid=move-input]", junk)
    page.press("[data-testid=move-input]", "Enter")
    error = page.locator("[data-testid=error]")
    page.wait_for_function("() => document.querySelector('[data-testid=error]').textContent.includes('illegal')")
    text = error.inner_text()
    assert len(text) <= 140 and "1RBRB1" not in text, text
    # A legal move: the turn changes and the old error goes.
    target = page.locator("#board [data-sq].target").first.get_attribute("data-sq")
    page.fill("[data-testid=move-input]", target)
    page.press("[data-testid=move-input]", "Enter")
    page.wait_for_function("() => Number(document.body.dataset.ply) >= 3")
    assert error.inner_text() == ""


def test_4b_an_error_from_the_server_is_cut_and_cleared_when_the_turn_changes(page, server_url):
    game_id, tokens = create(page, server_url, "strategic-reserve", ["me", "friend"], seed=3)
    open_game(page, server_url, game_id, tokens["0"])
    first = view(page, server_url, game_id, tokens["0"])["moves"][0]
    play(page, server_url, game_id, tokens["0"], first)  # behind the page's back: its click is now stale
    page.wait_for_function("() => document.body.dataset.myTurn === '0'")
    page.fill("[data-testid=move-input]", first)
    page.press("[data-testid=move-input]", "Enter")
    page.wait_for_function("() => document.querySelector('[data-testid=error]').textContent.length > 0")
    assert len(page.inner_text("[data-testid=error]")) <= 140


def test_5_a_reflec_swap_starts_from_either_square(page, server_url):
    game_id, tokens = create(page, server_url, "reflec", ["me", "me"], seed=1)
    rng = random.Random(5)
    for _ in range(200):
        seen = [view(page, server_url, game_id, tokens[str(p)]) for p in (0, 1)]
        mover = next(v for v in seen if v["moves"])
        swaps = [m for m in mover["moves"] if "x" in m]
        if swaps:
            break
        quiet = [m for m in mover["moves"] if not m.startswith("*")] or mover["moves"]
        play(page, server_url, game_id, tokens[str(mover["you"])], rng.choice(quiet))
    else:
        raise AssertionError("no swap came up")
    swap = swaps[0]
    first, second = swap.split("x")
    open_game(page, server_url, game_id, tokens[str(mover["you"])])
    before = ply(page)
    page.click(f"#board [data-sq='{second}']")  # the later square: once it could not start a swap
    page.click(f"#board [data-sq='{first}']")
    page.wait_for_function(f"() => Number(document.body.dataset.ply) > {before}")
    assert view(page, server_url, game_id)["history"][before] == swap


# Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB.
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))


def simulate(hex_colour, matrix):
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    rgb = [linear(int(hex_colour[i:i + 2], 16)) for i in (1, 3, 5)]
    out = [max(0.0, min(1.0, sum(m * c for m, c in zip(row, rgb)))) for row in matrix]
    return [255 * (1.055 * c ** (1 / 2.4) - 0.055 if c > 0.0031308 else 12.92 * c) for c in out]


def test_6_reflec_coins_stay_apart_under_colour_blindness(page, server_url):
    page.goto(server_url + "/healthz")
    position = "8/8/8/2SnMeCsAw2/8/8/8/S*M*C*A*4 S1:5,M1:5,C1:5,A1:5 S play 0 0 -/- - -"
    structure = abstracta.load("reflec").parse(position).structure()
    coins = page.evaluate(
        """async ([position, structure]) => {
            const board = await import("/static/boards/reflec.js");
            const svg = board.draw({position, structure, options: {}, num_players: 2, last_effects: [], history: []},
                                   {flipped: false, marks: {}});
            document.body.append(svg);
            return [...svg.querySelectorAll(".rf-coin")].map((node) => ({
                suit: node.dataset.suit, shape: node.tagName + (node.getAttribute("points") || ""),
                fill: node.getAttribute("fill"), letter: node.parentNode.querySelector("text").textContent}));
        }""",
        [position, structure],
    )
    assert sorted(c["suit"] for c in coins) == ["A", "C", "M", "S"]
    assert len({c["shape"] for c in coins}) == 4  # four outlines, not only four hues
    assert sorted(c["letter"] for c in coins) == ["A", "C", "M", "S"]
    fill = {c["suit"]: c["fill"] for c in coins}
    owner = {"S": 0, "C": 0, "M": 1, "A": 1}  # two players: Suns & Crowns against Moons & Arms
    for matrix in (DEUTERANOPIA, PROTANOPIA):
        seen = {suit: simulate(colour, matrix) for suit, colour in fill.items()}
        for a in seen:
            for b in seen:
                if owner[a] != owner[b]:
                    distance = sum((x - y) ** 2 for x, y in zip(seen[a], seen[b])) ** 0.5
                    assert distance > 90, f"{a} and {b} look alike: {seen[a]} {seen[b]}"
    seat_colours = page.evaluate("async () => (await import('/static/boards/reflec.js')).seatColors")
    assert seat_colours[0] == fill["S"] and seat_colours[1] == fill["M"]


def test_7_quin_gravity_is_one_picker_and_the_page_stays_short(page, server_url):
    game_id, tokens = create(page, server_url, "quin", ["me", "me"], {"setup": "standard"})
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, server_url, game_id, tokens["0"])
    gravity = [m for m in view(page, server_url, game_id, tokens["0"])["moves"] if m.startswith("gravity ")]
    assert len(gravity) > 8
    assert page.locator(".move-button[data-move^='gravity']").count() == 0
    group = page.locator(".group-button[data-group='Gravity']")
    assert group.count() == 1
    assert page.evaluate("document.documentElement.scrollHeight") < 2600
    group.click()
    select = page.locator("#picker select")
    assert select.locator("option").count() == len(gravity)
    select.select_option(gravity[-1])
    page.click("#picker .pick-play")
    page.wait_for_function("() => Number(document.body.dataset.ply) === 1")
    assert view(page, server_url, game_id)["history"] == [gravity[-1]]


def test_7_own_quin_placements_show_the_kind_and_setup_buttons_place_everything(page, server_url):
    game_id, tokens = create(page, server_url, "quin", ["me", "me"], {"setup": "manual"})
    open_game(page, server_url, game_id, tokens["0"])
    page.click(".quick-action[data-action='standard-setup']")
    page.wait_for_function("() => Number(document.body.dataset.ply) === 13", timeout=15000)
    south = view(page, server_url, game_id, tokens["0"])
    assert not [m for m in south["moves"] if m.startswith("place ")] and south["moves"] == ["ready"]
    assert "place T f3" in south["history"]  # your own placements read in full...
    north = view(page, server_url, game_id, tokens["1"])
    assert "place ? f3" in north["history"] and "place T f3" not in north["history"]  # ...the rival's do not
    assert page.locator("#history li", has_text="place T f3").count() == 1
    play(page, server_url, game_id, tokens["0"], "ready")
    page.goto(server_url + "/healthz")  # a fresh load (a changed '#' alone does not reload the page)
    page.goto(f"{server_url}/g/{game_id}#token={tokens['1']}")  # this browser now holds both seats (hotseat)
    page.click("[data-testid=handover-show]")  # hidden kinds: the screen is handed over to North first
    page.wait_for_function("() => Number(document.body.dataset.ply) === 14")
    page.click(".quick-action[data-action='random-setup']")
    page.wait_for_function("() => Number(document.body.dataset.ply) === 27", timeout=15000)
    north = view(page, server_url, game_id, tokens["1"])
    assert north["moves"] == ["ready"]
    assert sum(1 for entry in north["position"].split(" ")[0].split(",") if entry[2:3].islower()) == 13


def test_7_desfases_players_are_offered_once_each(page, server_url):
    page.goto(server_url + "/")
    page.wait_for_selector("#catalog[data-ready='1']")
    page.click("[data-testid=game-desfases]")
    labels = page.locator("#opt-players option").all_inner_texts()
    assert labels == ["4", "2"]


def test_7_marks_beam_colour_labels_keyboard_and_hotseat(page, server_url):
    game_id, tokens = create(page, server_url, "laser-chess", ["me", "me"])
    open_game(page, server_url, game_id, tokens["0"])
    # Selectable pieces are marked, visibly.
    selectable = page.locator("#board .sq.selectable")
    assert selectable.count() > 0
    stroke = selectable.first.evaluate("n => getComputedStyle(n).strokeWidth")
    plain = page.locator("#board .sq:not(.selectable)").first.evaluate("n => getComputedStyle(n).strokeWidth")
    assert stroke != plain
    # Scores say what they count.
    assert "pieces on the board" in page.inner_text("[data-testid=status]")
    assert page.locator("#seats .score-label").first.inner_text().strip() == "pieces on the board"
    # Keyboard: the board takes focus, arrows move a cursor, Enter picks the square.
    page.focus("#board")
    page.keyboard.press("ArrowUp")
    cursor = page.evaluate("document.querySelector('#board').dataset.cursor")
    assert cursor and page.locator(f"#board [data-sq='{cursor}'].kbd-cursor").count() == 1
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#board .mark-selected') || !document.querySelector('#picker').hidden")
    page.keyboard.press("Escape")
    # Hotseat: this browser plays both sides, and the board does not turn round after each move.
    coords = page.locator("#board text.coord").all_inner_texts()
    move = next(m for m in view(page, server_url, game_id, tokens["0"])["moves"] if "-" in m[2:] and m[-1].isdigit())
    play(page, server_url, game_id, tokens["0"], move)
    page.wait_for_function("() => document.body.dataset.ply === '1'")
    assert page.locator("#board text.coord").all_inner_texts() == coords
    # The last move is marked, and the beam has the colour of the side that fired it (Blue).
    src, dst = move.split("-")
    assert page.locator(f"#board [data-sq='{src}'].last-move").count() == 1
    assert page.locator(f"#board [data-sq='{dst}'].last-move").count() == 1
    beam = page.locator("#board path.beam")
    assert beam.get_attribute("data-firer") == "blue"
    assert beam.evaluate("n => getComputedStyle(n).stroke") == "rgb(47, 111, 214)"
    red = next(m for m in view(page, server_url, game_id, tokens["1"])["moves"] if "-" in m[2:] and m[-1].isdigit())
    play(page, server_url, game_id, tokens["1"], red)
    page.wait_for_function("() => document.body.dataset.ply === '2'")
    assert page.locator("#board path.beam").get_attribute("data-firer") == "red"
    assert page.locator("#board text.coord").all_inner_texts() == coords
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "laser-chess-marks.png"))
