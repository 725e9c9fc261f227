"""End-to-end: Debian's Chromium drives the chat page and the widget on a club's page."""

from __future__ import annotations

import os
import shutil
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from refbot.bot import Refbot
from refbot.config import Settings
from refbot.web import create_app
from refbot.web.demo import serve_demo_site
from tests.helpers import SQUIG_RULE, squig_docx

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
ADMIN_TOKEN = "browser-test-admin-token"
SQUIG_QUESTION = "How far does a Squig Hopper bounce?"
SCREENSHOTS = os.environ.get("REFBOT_SCREENSHOTS")  # a folder, e.g. docs/, to save pictures in

pytestmark = pytest.mark.browser
if not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)):
    if os.environ.get("REFBOT_REQUIRE_BROWSER"):
        raise RuntimeError("REFBOT_REQUIRE_BROWSER is set but chromium/chromedriver are missing")
    pytest.skip("Debian's chromium and chromium-driver are not installed", allow_module_level=True)


def free_ports(count: int) -> list[int]:
    """Return distinct free ports: each socket stays bound until all are chosen."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [int(s.getsockname()[1]) for s in sockets]
    finally:
        for s in sockets:
            s.close()


@pytest.fixture
def servers(settings: Settings, bot: Refbot) -> Iterator[tuple[str, str]]:
    refbot_port, club_port = free_ports(2)
    refbot_url, club_url = f"http://127.0.0.1:{refbot_port}", f"http://127.0.0.1:{club_port}"
    configured = settings.with_overrides(allowed_origins=club_url, admin_token=ADMIN_TOKEN)
    bot.settings = configured
    bot.build()
    server = make_server("127.0.0.1", refbot_port, create_app(configured, bot), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    club = serve_demo_site("127.0.0.1", club_port, refbot_url)
    yield refbot_url, club_url
    server.shutdown()
    club.shutdown()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[object]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=420,900",
        f"--user-data-dir={tmp_path / 'profile'}",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.implicitly_wait(10)
    yield driver
    driver.quit()


def shot(driver: object, name: str) -> None:
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(SCREENSHOTS) / name))  # type: ignore[attr-defined]


def test_russian_question_on_the_chat_page(servers: tuple[str, str], browser: object) -> None:
    from selenium.webdriver.common.by import By

    refbot_url, _ = servers
    driver = browser
    driver.get(refbot_url + "/?lang=ru")  # type: ignore[attr-defined]
    box = driver.find_element(By.ID, "q")  # type: ignore[attr-defined]
    box.send_keys("Мои гоблины бежали на 4, преследователи выбросили 3. Их поймали?")
    driver.find_element(By.CSS_SELECTOR, "form.ask button").click()  # type: ignore[attr-defined]
    answer = driver.find_element(By.CSS_SELECTOR, ".answer .text")  # type: ignore[attr-defined]
    assert answer.text.startswith("Ушёл: бросок бегства 4")
    assert driver.find_elements(By.CSS_SELECTOR, ".citations blockquote")  # type: ignore[attr-defined]
    assert "Источники" in driver.page_source  # type: ignore[attr-defined]
    shot(driver, "chat-ru.png")


def test_widget_on_a_club_page(servers: tuple[str, str], browser: object) -> None:
    from selenium.webdriver.common.by import By

    _, club_url = servers
    driver = browser
    driver.get(club_url + "/")  # type: ignore[attr-defined]
    host = driver.find_element(By.CSS_SELECTOR, "[data-refbot-widget]")  # type: ignore[attr-defined]
    root = host.shadow_root
    button = root.find_element(By.CSS_SELECTOR, "button.btn")
    assert button.text == "¿Reglas?"
    # The club's loud button style must not reach the widget's button.
    assert button.value_of_css_property("background-color") != "rgba(0, 255, 0, 1)"
    button.click()
    frame = root.find_element(By.CSS_SELECTOR, "iframe")
    driver.switch_to.frame(frame)  # type: ignore[attr-defined]
    driver.find_element(By.ID, "q").send_keys(
        "Huimos con un 5 y el perseguidor sacó un 8, ¿qué pasa?"
    )  # type: ignore[attr-defined]
    driver.find_element(By.CSS_SELECTOR, "form.ask button").click()  # type: ignore[attr-defined]
    answer = driver.find_element(By.CSS_SELECTOR, ".answer .text")  # type: ignore[attr-defined]
    assert answer.text.startswith("Alcanzada")
    driver.switch_to.default_content()  # type: ignore[attr-defined]
    shot(driver, "widget-es.png")


def submit_and_read(driver: object, button_css: str) -> str:
    """Submit a form and return the new answer's text, once the old page is gone."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    old = driver.find_elements(By.CSS_SELECTOR, ".answer .text")  # type: ignore[attr-defined]
    driver.find_element(By.CSS_SELECTOR, button_css).click()  # type: ignore[attr-defined]

    def gone(_: object) -> bool:
        # Chromium reports a node of the unloaded page either as stale or, mid-navigation, as
        # "Node with given id does not belong to the document": both mean the page was replaced.
        try:
            old[0].is_enabled()
        except WebDriverException:
            return True
        return False

    if old:
        WebDriverWait(driver, 10).until(gone)
    return str(driver.find_element(By.CSS_SELECTOR, ".answer .text").text)  # type: ignore[attr-defined]


def shadow_focus(driver: object) -> str:
    """Return the class of the focused element inside the widget, or "" when focus is outside."""
    return str(
        driver.execute_script(  # type: ignore[attr-defined]
            "var r = document.querySelector('[data-refbot-widget]').shadowRoot;"
            "return r.activeElement ? r.activeElement.className : '';"
        )
    )


def test_widget_from_the_head_opens_and_closes_by_keyboard(
    servers: tuple[str, str], browser: object
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    _, club_url = servers
    driver = browser
    driver.get(club_url + "/head.html")  # type: ignore[attr-defined]
    host = driver.find_element(By.CSS_SELECTOR, "[data-refbot-widget]")  # type: ignore[attr-defined]
    root = host.shadow_root
    button = root.find_element(By.CSS_SELECTOR, "button.btn")
    assert button.get_attribute("aria-expanded") == "false"
    button.send_keys(Keys.ENTER)
    assert button.get_attribute("aria-expanded") == "true"
    assert "open" in root.find_element(By.CSS_SELECTOR, ".panel").get_attribute("class")
    assert shadow_focus(driver) == "close"  # focus moved into the panel
    root.find_element(By.CSS_SELECTOR, "button.close").send_keys(Keys.ESCAPE)
    assert button.get_attribute("aria-expanded") == "false"
    assert shadow_focus(driver) == "btn"  # and back to the button
    button.send_keys(Keys.ENTER)
    root.find_element(By.CSS_SELECTOR, "button.close").click()
    assert "open" not in root.find_element(By.CSS_SELECTOR, ".panel").get_attribute("class")


def test_widget_on_a_site_the_server_does_not_allow_says_so(
    settings: Settings, bot: Refbot, browser: object
) -> None:
    from selenium.webdriver.common.by import By

    refbot_port, club_port = free_ports(2)
    refbot_url, club_url = f"http://127.0.0.1:{refbot_port}", f"http://127.0.0.1:{club_port}"
    configured = settings.with_overrides(allowed_origins="https://another-club.example")
    bot.settings = configured
    bot.build()
    server = make_server("127.0.0.1", refbot_port, create_app(configured, bot), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    club = serve_demo_site("127.0.0.1", club_port, refbot_url)
    try:
        driver = browser
        driver.get(club_url + "/")  # type: ignore[attr-defined]
        host = driver.find_element(By.CSS_SELECTOR, "[data-refbot-widget]")  # type: ignore[attr-defined]
        root = host.shadow_root
        root.find_element(By.CSS_SELECTOR, "button.btn").click()
        note = root.find_element(By.CSS_SELECTOR, ".refused")
        assert club_url in note.text and "REFBOT_ALLOWED_ORIGINS" in note.text
        assert not root.find_elements(By.CSS_SELECTOR, "iframe")
    finally:
        server.shutdown()
        club.shutdown()


def test_correcting_what_was_read_changes_the_outcome(
    servers: tuple[str, str], browser: object
) -> None:
    from selenium.webdriver.common.by import By

    refbot_url, _ = servers
    driver = browser
    driver.get(refbot_url + "/?lang=en")  # type: ignore[attr-defined]
    driver.find_element(By.ID, "q").send_keys("my goblins fled 7, the pursuers rolled 7")  # type: ignore[attr-defined]
    assert submit_and_read(driver, "form.ask button").startswith("Caught")
    field = driver.find_element(By.ID, "in-pursuit")  # type: ignore[attr-defined]
    assert field.get_attribute("value") == "7"
    field.clear()
    field.send_keys("5")
    assert submit_and_read(driver, "form.understood button").startswith("Escaped")
    shot(driver, "understood-en.png")


@pytest.mark.parametrize(
    ("lang", "turns"),
    [
        (
            "en",
            [
                ("my goblins fled 7, the pursuers rolled 7", "Caught"),
                ("and if they had rolled 6?", "Escaped"),
                ("what if the pursuers rolled 11?", "Caught"),
            ],
        ),
        (
            "ru",
            [
                ("Мои гоблины бежали на 4, преследователи выбросили 3", "Ушёл"),
                ("а если выпало 6 и 6?", "Настигнут"),
                ("а если бы выпало 2?", "Ушёл"),
            ],
        ),
    ],
)
def test_a_three_turn_follow_up_conversation(
    servers: tuple[str, str], browser: object, lang: str, turns: list[tuple[str, str]]
) -> None:
    from selenium.webdriver.common.by import By

    refbot_url, _ = servers
    driver = browser
    driver.get(refbot_url + f"/?lang={lang}")  # type: ignore[attr-defined]
    answers = []
    for number, (question, starts) in enumerate(turns):
        box = driver.find_element(By.ID, "q")  # type: ignore[attr-defined]
        box.clear()
        box.send_keys(question)
        answer = submit_and_read(driver, "form.ask button")
        assert answer.startswith(starts), (question, answer)
        # The conversation so far is shown above the latest answer, oldest first.
        asked = driver.find_elements(By.CSS_SELECTOR, ".history .asked")  # type: ignore[attr-defined]
        said = driver.find_elements(By.CSS_SELECTOR, ".history .said")  # type: ignore[attr-defined]
        assert [e.text.lstrip("› ") for e in asked] == [q for q, _ in turns[:number]]
        assert [e.text for e in said] == answers
        answers.append(answer)
    history = driver.find_element(By.CSS_SELECTOR, ".history")  # type: ignore[attr-defined]
    latest = driver.find_element(By.CSS_SELECTOR, ".answer")  # type: ignore[attr-defined]
    assert history.location["y"] < latest.location["y"]
    driver.execute_script("arguments[0].scrollIntoView()", history)  # type: ignore[attr-defined]
    shot(driver, f"follow-up-{lang}.png")


def test_enter_asks_when_the_page_script_runs(servers: tuple[str, str], browser: object) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    refbot_url, _ = servers
    driver = browser
    driver.get(refbot_url + "/?lang=en")  # type: ignore[attr-defined]
    driver.find_element(By.ID, "q").send_keys(
        "my goblins fled 7, the pursuers rolled 7", Keys.ENTER
    )  # type: ignore[attr-defined]
    answer = driver.find_element(By.CSS_SELECTOR, ".answer .text")  # type: ignore[attr-defined]
    assert answer.text.startswith("Caught")


def test_an_over_long_question_is_kept_whole_and_refused_with_the_limit(
    servers: tuple[str, str], browser: object
) -> None:
    from selenium.webdriver.common.by import By

    refbot_url, _ = servers
    driver = browser
    driver.get(refbot_url + "/?lang=en")  # type: ignore[attr-defined]
    box = driver.find_element(By.ID, "q")  # type: ignore[attr-defined]
    limit = int(box.get_attribute("data-limit"))
    post = "My goblins fled 7 and the pursuers rolled 7. " * (limit // 40)
    # Typed as a paste arrives: set at once, then the input event.
    driver.execute_script(  # type: ignore[attr-defined]
        "arguments[0].value = arguments[1];arguments[0].dispatchEvent(new Event('input'));",
        box,
        post,
    )
    assert len(box.get_attribute("value")) == len(post) > limit  # not cut to fit
    message = driver.execute_script("return arguments[0].validationMessage;", box)  # type: ignore[attr-defined]
    assert f"{limit:,}" in message
    driver.find_element(By.CSS_SELECTOR, "form.ask button").click()  # type: ignore[attr-defined]
    assert not driver.find_elements(By.CSS_SELECTOR, ".answer")  # type: ignore[attr-defined]


def test_the_api_docs_render_every_schema(servers: tuple[str, str], browser: object) -> None:
    import json
    import urllib.request

    from selenium.webdriver.common.by import By

    refbot_url, _ = servers
    with urllib.request.urlopen(refbot_url + "/api/openapi.json") as response:
        spec = json.load(response)
    driver = browser
    driver.get(refbot_url + "/api/docs")  # type: ignore[attr-defined]
    text = driver.find_element(By.TAG_NAME, "body").text  # type: ignore[attr-defined]
    assert "error:" not in text.lower() and "$ref" not in text and "undefined" not in text.lower()
    for name in spec["components"]["schemas"]:
        section = driver.find_element(By.ID, name)  # type: ignore[attr-defined]
        assert section.text == name
    operations = driver.find_elements(By.CSS_SELECTOR, "section.op")  # type: ignore[attr-defined]
    documented = [m for item in spec["paths"].values() for m in item if m in ("get", "post")]
    assert len(operations) == len(documented)
    for link in driver.find_elements(By.CSS_SELECTOR, "a[href^='#']"):  # type: ignore[attr-defined]
        assert driver.find_elements(By.ID, link.get_attribute("href").split("#")[1])  # type: ignore[attr-defined]


def give_feedback(driver: object, correction: str) -> None:
    """Type a correction under the answer, press "Not helpful" and wait for the thanks."""
    from selenium.webdriver.common.by import By

    form = driver.find_element(By.CSS_SELECTOR, "form.feedback")  # type: ignore[attr-defined]
    form.find_element(By.ID, "correction").send_keys(correction)
    form.find_element(By.CSS_SELECTOR, "button[value=no]").click()
    # The script sends it to the API and thanks in place: the answer stays on screen.
    notice = driver.find_element(By.CSS_SELECTOR, ".answer .notice")  # type: ignore[attr-defined]
    assert notice.text and not driver.find_elements(By.CSS_SELECTOR, "form.feedback")  # type: ignore[attr-defined]


def test_feedback_from_the_page_and_the_widget_shows_on_the_admin_page(
    servers: tuple[str, str], browser: object
) -> None:
    from selenium.webdriver.common.by import By

    refbot_url, club_url = servers
    driver = browser
    driver.get(refbot_url + "/?lang=en")  # type: ignore[attr-defined]
    driver.find_element(By.ID, "q").send_keys("my goblins fled 7, the pursuers rolled 7")  # type: ignore[attr-defined]
    assert submit_and_read(driver, "form.ask button").startswith("Caught")
    give_feedback(driver, "The right rule was Restrain Pursuit")
    assert driver.find_element(By.CSS_SELECTOR, ".answer .notice").text == (  # type: ignore[attr-defined]
        "Thank you for your feedback."
    )

    driver.get(club_url + "/")  # type: ignore[attr-defined]
    root = driver.find_element(By.CSS_SELECTOR, "[data-refbot-widget]").shadow_root  # type: ignore[attr-defined]
    root.find_element(By.CSS_SELECTOR, "button.btn").click()
    driver.switch_to.frame(root.find_element(By.CSS_SELECTOR, "iframe"))  # type: ignore[attr-defined]
    driver.find_element(By.ID, "q").send_keys("¿Cuántos puntos cuesta un mago?")  # type: ignore[attr-defined]
    driver.find_element(By.CSS_SELECTOR, "form.ask button").click()  # type: ignore[attr-defined]
    give_feedback(driver, "Falta la lista de ejército")
    assert driver.find_element(By.CSS_SELECTOR, ".answer .notice").text == "Gracias por tu opinión."  # type: ignore[attr-defined]
    driver.switch_to.default_content()  # type: ignore[attr-defined]

    driver.get(refbot_url + "/admin?lang=en")  # type: ignore[attr-defined]
    driver.find_element(By.ID, "token").send_keys(ADMIN_TOKEN)  # type: ignore[attr-defined]
    driver.find_element(By.CSS_SELECTOR, "form.login button").click()  # type: ignore[attr-defined]
    table = driver.find_element(By.CSS_SELECTOR, "table.entries")  # type: ignore[attr-defined]
    rows = {
        r.get_attribute("data-answer-id"): r.text
        for r in table.find_elements(By.CSS_SELECTOR, "tbody tr")
    }
    page_row = next(t for t in rows.values() if "Restrain Pursuit" in t)
    widget_row = next(t for t in rows.values() if "Falta la lista" in t)
    assert "page" in page_row and "my goblins fled 7" in page_row and "not helpful" in page_row
    assert "widget" in widget_row and "¿Cuántos puntos cuesta un mago?" in widget_row
    groups = driver.find_elements(By.CSS_SELECTOR, "table.groups tbody tr")  # type: ignore[attr-defined]
    assert {(g.get_attribute("data-concept"), g.get_attribute("data-lang")) for g in groups} >= {
        ("pursuit", "en")
    }
    assert driver.find_elements(By.LINK_TEXT, "faq-en.md")  # type: ignore[attr-defined]
    shot(driver, "admin-en.png")


def test_a_document_uploaded_on_the_admin_page_is_published_and_cited(
    servers: tuple[str, str], browser: object, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import Select, WebDriverWait

    refbot_url, _ = servers
    driver = browser
    rulebook = tmp_path / "Squig Hoppers.docx"
    rulebook.write_bytes(squig_docx())
    driver.get(refbot_url + "/?lang=en")  # type: ignore[attr-defined]
    driver.find_element(By.ID, "q").send_keys(SQUIG_QUESTION)  # type: ignore[attr-defined]
    submit_and_read(driver, "form.ask button")
    assert SQUIG_RULE not in driver.page_source  # type: ignore[attr-defined]

    driver.get(refbot_url + "/admin?lang=en")  # type: ignore[attr-defined]
    driver.find_element(By.ID, "token").send_keys(ADMIN_TOKEN)  # type: ignore[attr-defined]
    driver.find_element(By.CSS_SELECTOR, "form.login button").click()  # type: ignore[attr-defined]
    form = driver.find_element(By.CSS_SELECTOR, "form.upload")  # type: ignore[attr-defined]
    form.find_element(By.ID, "document").send_keys(str(rulebook))
    form.find_element(By.ID, "game").send_keys("warhammer-fantasy")
    form.find_element(By.ID, "edition").send_keys("squig-rules")
    form.find_element(By.ID, "doc-lang").send_keys("en")
    Select(form.find_element(By.ID, "units")).select_by_value("in")
    Select(form.find_element(By.ID, "kind")).select_by_value("rules")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()

    row = driver.find_element(By.CSS_SELECTOR, "table.sections tbody tr")  # type: ignore[attr-defined]
    assert row.get_attribute("data-status") == "new"
    assert "squig-hoppers.md" in row.text and "1 heading, 2 rule" in row.text
    assert "Not published yet" in driver.find_element(By.CSS_SELECTOR, "p.state").text  # type: ignore[attr-defined]
    shot(driver, "admin-upload-preview.png")
    driver.find_element(By.CSS_SELECTOR, "form.publish button").click()  # type: ignore[attr-defined]
    # The page refreshes itself while the index is rebuilt, then says the build is live.
    WebDriverWait(driver, 60).until(
        expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "p.state.live"))
    )
    live = driver.find_element(By.CSS_SELECTOR, "p.state.live").text  # type: ignore[attr-defined]
    assert "is live" in live
    shot(driver, "admin-upload-live.png")

    driver.find_element(By.LINK_TEXT, "Ask a question").click()  # type: ignore[attr-defined]
    driver.find_element(By.ID, "q").send_keys(SQUIG_QUESTION)  # type: ignore[attr-defined]
    answer = submit_and_read(driver, "form.ask button")
    assert SQUIG_RULE in answer
    first = driver.find_element(By.CSS_SELECTOR, ".citations li")  # type: ignore[attr-defined]
    assert SQUIG_RULE in first.find_element(By.CSS_SELECTOR, "blockquote").text
    assert "Squig Hoppers" in first.find_element(By.CSS_SELECTOR, ".meta").text
