"""Laser Chess with the keyboard only: focus the board, arrows to a piece, Enter, arrows to a target, Enter;
turns through the picker (Enter twice on a piece, arrows, Enter). Three moves against a bot, and a whole
hotseat game from the lobby to the result banner."""

from __future__ import annotations

from tests.web.test_trip_points import create, open_game

FILES = "abcdefghij"


def cursor(page):
    return page.evaluate("document.querySelector('#board').dataset.cursor")


def walk(page, to):
    """Arrow keys from the cursor to square ``to`` (Blue's side down: files rightwards, ranks upwards)."""
    here = cursor(page)
    for _ in range(30):
        if here == to:
            return
        dx = FILES.index(to[0]) - FILES.index(here[0])
        dy = int(to[1:]) - int(here[1:])
        page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft" if dx < 0 else "ArrowUp" if dy > 0 else "ArrowDown")
        here = cursor(page)
    raise AssertionError(f"the cursor did not reach {to}")


def test_three_moves_by_keyboard_alone(page, server_url):
    game_id, tokens = create(page, server_url, "laser-chess", ["me", "bot:random"], seed=1)
    open_game(page, server_url, game_id, tokens["0"])
    page.focus("#board")
    page.keyboard.press("ArrowUp")  # the cursor appears on a piece that can move
    for turn in range(3):
        # The server seeds its bots afresh, and a random Laser Chess move can shoot its own King:
        # a game the bot's reply ended has had every keyboard move it allowed.
        page.wait_for_function(f"() => (document.body.dataset.myTurn === '1' && document.body.dataset.ply === '{2 * turn}')"
                               " || (document.body.dataset.over === '1' && Number(document.body.dataset.ply) >= 1)")
        if page.evaluate("document.body.dataset.over") == "1":
            assert turn >= 1  # our first move was made by keyboard before the game could end
            return
        page.focus("#board")
        piece = page.locator("#board .sq.selectable").nth(turn).get_attribute("data-sq")
        walk(page, piece)
        page.keyboard.press("Enter")
        targets = [t for t in page.locator("#board .sq.target").evaluate_all("ns => ns.map(n => n.dataset.sq)") if t != piece]
        if targets:
            walk(page, targets[0])
            page.keyboard.press("Enter")
        if page.locator("#picker:not([hidden])").count():
            page.keyboard.press("Enter")  # the picker's first choice has the focus
        page.wait_for_function(f"() => Number(document.body.dataset.ply) > {2 * turn}")
    page.wait_for_function("() => Number(document.body.dataset.ply) >= 6")


# A whole game, cooperative and short: Blue steps its Switch f4-e3, Red turns its Deflector a4
# counter-clockwise (the second of two turns in the picker), Blue turns its Laser (j1-, the only
# choice, still asked), and Red steps a4-a3: Red's beam turns east at a3 into Blue's King. Found
# with the engine: the shortest line from the ACE start that holds a step, a turn and a Laser turn
# and ends with the mover's shot removing the rival King is 4 plies (a search over every line);
# the test checks it is legal and ends the game there.
LINE = ("f4-e3", "a4-", "j1-", "a4-a3")


def pinned_line():
    import abstracta

    state = abstracta.load("laser-chess").start()
    for i, move in enumerate(LINE):
        assert not state.over and move in state.moves(), (i, move)
        state = state.play(move)
    assert state.over and state.returns() == [-1.0, 1.0]  # Blue's King is gone: Red wins
    assert any(e["kind"] == "remove" and e["piece"] == {"kind": "king", "owner": 0} for e in state.last_effects())
    return LINE


def focused(page):
    return page.evaluate("""() => {
      const node = document.activeElement;
      return {id: node.id, game: node.dataset.game || null, move: node.dataset.move || null};
    }""")


def tab_to(page, want, limit=40):
    """Tab forwards until the focused element matches ``want`` (a dict of focused()'s keys)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = focused(page)
        if all(now[k] == v for k, v in want.items()):
            return
    raise AssertionError(f"Tab never reached {want}")


def test_a_whole_laser_chess_game_from_the_lobby_by_keyboard_alone(page, server_url):
    line = pinned_line()
    page.goto(server_url + "/")
    page.wait_for_selector("#catalog[data-ready='1']")
    tab_to(page, {"game": "laser-chess"})
    page.keyboard.press("Enter")
    page.wait_for_selector("#seat-1")
    tab_to(page, {"id": "seat-1"})
    page.keyboard.press("Home")  # the first choice, "me": both seats at this keyboard
    assert page.eval_on_selector("#seat-0", "s => s.value") == page.eval_on_selector("#seat-1", "s => s.value") == "me"
    tab_to(page, {"id": "create"})
    page.keyboard.press("Enter")
    page.wait_for_url("**/g/**")
    page.wait_for_selector("#board svg")
    tab_to(page, {"id": "board"})
    page.keyboard.press("ArrowUp")  # the cursor appears on a piece that can move
    for ply, move in enumerate(line):
        page.wait_for_function(f"() => document.body.dataset.myTurn === '1' && document.body.dataset.ply === '{ply}'")
        assert focused(page)["id"] == "board"  # every move, the picker's too, gives the focus back
        source, target = move[:2], move[3:] or None
        walk(page, source)
        page.keyboard.press("Enter")
        if target:  # a step: Enter on the piece, arrows to the target, Enter
            walk(page, target)
            page.keyboard.press("Enter")
        else:  # a turn: a second Enter on the piece asks (a Laser asks at once); arrows pick, Enter plays
            if page.locator("#picker").is_hidden():
                page.keyboard.press("Enter")
            page.wait_for_selector("#picker:not([hidden])")
            for _ in range(4):
                if focused(page)["move"] == move:
                    break
                page.keyboard.press("ArrowRight")
            assert focused(page)["move"] == move
            page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.body.dataset.ply === '{ply + 1}'")
    page.wait_for_function("() => document.body.dataset.over === '1'")
    assert page.locator("[data-testid=banner]").inner_text().strip() == "Red wins"
    assert "Game over after 4 plies" in page.locator("[data-testid=status]").inner_text()
    assert [t.strip() for t in page.locator("#history li .mv").all_inner_texts()] == list(line)
    assert page.locator("#history li .who").all_inner_texts() == ["Blue", "Red", "Blue", "Red"]
    assert page.locator("#board [data-piece='K']").count() == 0  # Blue's King is gone,
    assert page.locator("#board [data-piece='k']").count() == 1  # Red's stands
