"""The puzzle page: from the lobby's link, solve a Laser Chess puzzle on the board; the server says right and
the streak (kept in this browser) goes up; a wrong first try ends it."""

from __future__ import annotations

import abstracta
from abstracta.bots.puzzles import shipped_puzzles


def test_solve_a_puzzle_and_the_streak_goes_up(page, server_url):
    puzzles = shipped_puzzles(abstracta.load("laser-chess"))
    number, puzzle = next((n, p) for n, p in enumerate(puzzles, 1) if "-" in p.solution[1:])  # a step: two clicks
    page.goto(server_url + "/")
    page.click("[data-testid=puzzles-index]")
    page.click("[data-testid=puzzle-game] >> text=Laser Chess")
    page.wait_for_url("**/puzzles/laser-chess")
    page.goto(f"{server_url}/puzzles/laser-chess?n={number}")
    page.wait_for_function(f"() => document.body.dataset.puzzle === '{number}'")
    assert page.text_content("[data-testid=sentence]") == puzzle.sentence
    assert page.text_content("[data-testid=streak]") == "0"
    source, target = puzzle.solution.split("-")
    page.click(f"#board [data-sq='{source}'] >> nth=0")
    page.click(f"#board [data-sq='{target}'].target >> nth=0")
    page.wait_for_selector("[data-testid=verdict][data-result=right]")
    assert page.text_content("[data-testid=streak]") == "1" and page.text_content("[data-testid=best]") == "1"
    # the next puzzle, a wrong first try: the streak ends, the best stays (both kept across a reload)
    page.click("[data-testid=next]")
    following = puzzles[number]  # puzzle number + 1
    wrong = next(m for m in following.state(abstracta.load("laser-chess")).moves() if m != following.solution)
    page.fill("[data-testid=move-input]", wrong)
    page.press("[data-testid=move-input]", "Enter")
    page.wait_for_selector("[data-testid=verdict][data-result=wrong]")
    page.reload()
    page.wait_for_function("() => document.body.dataset.ready === '1'")
    assert page.text_content("[data-testid=streak]") == "0" and page.text_content("[data-testid=best]") == "1"


def test_a_quin_puzzle_draws_the_solvers_view_with_the_hidden_pieces_face_down(page, server_url):
    game = abstracta.load("quin")
    puzzle = shipped_puzzles(game)[0]
    view = puzzle.state(game.with_options({**game.options, **puzzle.options}))
    page.goto(f"{server_url}/puzzles/quin?n=1")
    page.wait_for_function("() => document.body.dataset.puzzle === '1'")
    assert page.text_content("[data-testid=sentence]") == puzzle.sentence
    hidden = sum(1 for piece in view.board if piece < 0)
    assert page.locator("#board [data-piece='?'][data-at]").count() == hidden > 0
