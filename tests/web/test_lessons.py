"""A lesson in the browser: Strategic Reserve's, from the lobby's link, completed by clicking through every step
(placements on the board, the dice chosen from the roll list); a wrong placement shows the hint and Retry
puts the step back. Progress stays in the browser for an anonymous learner and survives a reload."""

from __future__ import annotations

import json

import abstracta
from abstracta.core.lessons import lessons_of

GAME = "strategic-reserve"


def wait_idle(page):
    page.wait_for_function("() => document.body.dataset.ready === '1' && !document.body.dataset.busy")


def play(page, move):
    """One move as a player makes it: a roll from the roll list, a placement by clicking its square."""
    if "," in move:
        page.select_option("[data-testid=extra-select]", move)
        page.click("[data-testid=extra-moves] button")
    else:
        page.click(f"#board [data-sq='{move}'].target >> nth=0")
    wait_idle(page)


def test_complete_a_lesson_by_clicking_and_a_wrong_move_shows_the_hint(page, server_url):
    lesson = lessons_of(abstracta.load(GAME))[0]
    page.goto(server_url)
    page.click(f"[data-testid=catalog] [data-game='{GAME}'] >> nth=0")
    page.click("[data-testid=new-learn]")
    page.wait_for_url(f"**/learn/{GAME}")
    wait_idle(page)
    first = lesson.steps[0]
    assert page.text_content("[data-testid=step-task]") == first.task
    play(page, first.wrong[0][0])
    assert page.get_attribute("body", "data-status") == "failed"
    assert first.hint in page.text_content("[data-testid=feedback]")
    page.click("[data-testid=retry]")
    assert page.get_attribute("body", "data-status") == "" and page.text_content("[data-testid=feedback]") == ""
    for number, step in enumerate(lesson.steps):
        assert page.get_attribute("body", "data-step") == str(number)
        for move in step.intended:
            play(page, move)
        assert page.get_attribute("body", "data-status") == "passed", step.title
        if number + 1 < len(lesson.steps):
            page.click("[data-testid=next]")
    kept = json.loads(page.evaluate(f"localStorage.getItem('abstracta:lessons:{GAME}')"))
    assert kept == {lesson.id: list(range(len(lesson.steps)))}
    page.reload()
    wait_idle(page)
    assert page.locator("[data-testid=step-link][data-done='1']").count() == len(lesson.steps)
