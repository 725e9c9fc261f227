"""Publishing a document from the admin page: staging, preview, CSRF, limits, publish, rebuild."""

from __future__ import annotations

import io
import os
import re
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from refbot.bot import Refbot
from refbot.config import Settings
from refbot.errors import DocumentError, IndexUnwritable
from refbot.publish import Staging, State, Status, Upload, safe_filename
from refbot.web import create_app
from tests.helpers import SQUIG_RULE, squig_docx

TOKEN = "officer-token-0123456789"
BEARER = {"Authorization": f"Bearer {TOKEN}"}
SECTION = Path("warhammer-fantasy/squig-rules/en/squig-hoppers.md")
QUESTION = "How far does a Squig Hopper bounce?"
FORM = {"game": "warhammer-fantasy", "edition": "squig-rules", "lang": "en", "kind": "rules"}


@pytest.fixture
def configured(settings: Settings, bot: Refbot) -> Settings:
    configured = settings.with_overrides(
        admin_token=TOKEN, rate_limit="1000 per minute", rate_limit_pages="1000 per minute"
    )
    bot.settings = configured
    bot.build()
    return configured


@pytest.fixture
def client(configured: Settings, bot: Refbot) -> FlaskClient:
    return create_app(configured, bot).test_client()


def sign_in(client: FlaskClient) -> str:
    """Sign in with the form and return the CSRF token the admin page's forms carry."""
    assert client.post("/admin/login", data={"token": TOKEN}).status_code == 303
    page = client.get("/admin?lang=en").get_data(as_text=True)
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found, "the admin page has no upload form"
    return found.group(1)


def upload(
    client: FlaskClient,
    csrf: str | None,
    data: bytes,
    name: str = "Squig Hoppers!.docx",
    **form: str,
) -> TestResponse:
    sent: dict[str, object] = {**FORM, **form, "document": (io.BytesIO(data), name)}
    if csrf is not None:
        sent["csrf_token"] = csrf
    return client.post("/admin/upload?lang=en", data=sent, content_type="multipart/form-data")


def wait_until_done(client: FlaskClient, location: str) -> str:
    """Return the upload's page once its publication is no longer in progress."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        page = client.get(location).get_data(as_text=True)
        if 'class="state publishing"' not in page:
            return page
        time.sleep(0.2)
    raise AssertionError("the publication did not finish in 60 s")


def cited(client: FlaskClient, question: str) -> list[str]:
    answer = client.post("/api/ask", json={"q": question}).get_json()
    return [c["id"] for c in answer["citations"]]


def corpus_files(corpus: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted(corpus.rglob("*")) if p.is_file()}


def test_without_a_token_there_is_no_upload(settings: Settings, bot: Refbot) -> None:
    client = create_app(settings, bot).test_client()
    assert upload(client, "x", squig_docx()).status_code == 404
    assert client.get("/admin/uploads/0123456789abcdef").status_code == 404
    assert client.post("/admin/uploads/0123456789abcdef/publish").status_code == 404


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer wrong-token-0123456789"}])
def test_without_the_token_an_upload_is_refused(
    client: FlaskClient, configured: Settings, headers: dict[str, str]
) -> None:
    sent = {**FORM, "document": (io.BytesIO(squig_docx()), "squig.docx")}
    response = client.post("/admin/upload", data=sent, headers=headers)
    assert response.status_code == 401
    assert not Staging.beside(configured.index_dir).recent()


def test_a_form_without_its_csrf_token_is_refused(
    client: FlaskClient, configured: Settings
) -> None:
    sign_in(client)
    refused = upload(client, None, squig_docx())
    assert refused.status_code == 403 and "reload the page" in refused.get_data(as_text=True)
    assert upload(client, "forged.token", squig_docx()).status_code == 403
    assert not Staging.beside(configured.index_dir).recent()


def test_the_csrf_token_of_another_secret_is_refused(
    client: FlaskClient, configured: Settings, bot: Refbot
) -> None:
    other = create_app(configured.with_overrides(secret_key="another-secret"), bot).test_client()
    foreign = sign_in(other)
    sign_in(client)
    assert upload(client, foreign, squig_docx()).status_code == 403


def test_the_admin_cookie_is_same_site_strict(client: FlaskClient) -> None:
    cookie = client.post("/admin/login", data={"token": TOKEN}).headers["Set-Cookie"]
    assert "SameSite=Strict" in cookie and "HttpOnly" in cookie


def test_the_preview_shows_the_summary_and_writes_nothing(
    client: FlaskClient, configured: Settings
) -> None:
    csrf = sign_in(client)
    before = corpus_files(configured.corpus_dir)
    response = upload(client, csrf, squig_docx())
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert f'data-path="{SECTION.as_posix()}" data-status="new"' in page
    assert "1 heading, 2 rule" in page and "Squig Hoppers" in page
    assert "Not published yet" in page and ">Publish</button>" in page
    assert corpus_files(configured.corpus_dir) == before
    # Staged beside the index, under a safe name, never in the corpus.
    (staged, status), *_ = Staging.beside(configured.index_dir).recent()
    assert staged.filename == "Squig_Hoppers.docx" and status.state is State.STAGED
    assert (configured.index_dir.parent / "uploads" / staged.id / staged.filename).exists()


@pytest.mark.parametrize(
    ("name", "data", "problem"),
    [
        (
            "rules.docx",
            b"PK\x03\x04 not a zip",
            "not a readable Word document (corrupt or not DOCX)",
        ),
        ("run.sh", b"#!/bin/sh\nrm -rf /\n", "unsupported format .sh"),
        ("empty.txt", b"", "the file is empty"),
    ],
)
def test_a_bad_file_gives_one_line_and_writes_nothing(
    client: FlaskClient, configured: Settings, name: str, data: bytes, problem: str
) -> None:
    csrf = sign_in(client)
    before = corpus_files(configured.corpus_dir)
    response = upload(client, csrf, data, name=name)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    shown = re.search(r'<span class="problem">([^<]*)</span>', page)
    assert shown and problem in shown.group(1) and "\n" not in shown.group(1)
    assert "Traceback" not in page
    assert corpus_files(configured.corpus_dir) == before
    assert not Staging.beside(configured.index_dir).recent()


def test_a_bad_game_slug_is_refused(client: FlaskClient, configured: Settings) -> None:
    csrf = sign_in(client)
    response = upload(client, csrf, squig_docx(), game="../../etc")
    assert response.status_code == 400 and "must be lowercase letters" in response.get_data(
        as_text=True
    )
    assert not (configured.corpus_dir.parent / "etc").exists()


def test_an_oversize_upload_is_a_413(settings: Settings, bot: Refbot) -> None:
    configured = settings.with_overrides(admin_token=TOKEN, max_import_bytes=50_000)
    bot.settings = configured
    client = create_app(configured, bot).test_client()
    body = {**FORM, "document": (io.BytesIO(b"x" * 200_000), "big.txt")}
    as_json = client.post(
        "/admin/upload", data=body, headers={**BEARER, "Accept": "application/json"}
    )
    assert as_json.status_code == 413
    assert as_json.get_json()["error"]["code"] == "payload_too_large"
    body = {**FORM, "document": (io.BytesIO(b"x" * 200_000), "big.txt")}
    as_page = client.post("/admin/upload", data=body, headers={**BEARER, "Accept": "text/html"})
    assert as_page.status_code == 413 and "<html" in as_page.get_data(as_text=True)
    # Below the request limit but above the import limit: refused while staging, nothing kept.
    body = {**FORM, "document": (io.BytesIO(b"word " * 11_000), "big.txt")}
    staged = client.post("/admin/upload", data=body, headers=BEARER)
    assert staged.status_code == 400 and "max_import_bytes" in staged.get_data(as_text=True)
    assert not Staging.beside(configured.index_dir).recent()


def test_other_admin_routes_keep_the_small_body_limit(client: FlaskClient) -> None:
    response = client.post("/admin/login", data={"token": "x" * 40_000})
    assert response.status_code == 413


def test_publishing_writes_the_section_and_the_next_answer_cites_it(
    client: FlaskClient, configured: Settings, bot: Refbot
) -> None:
    csrf = sign_in(client)
    assert not any(c.startswith("warhammer-fantasy/squig-rules/") for c in cited(client, QUESTION))
    served = bot.loaded.index.manifest.build_id
    location = upload(client, csrf, squig_docx()).headers["Location"]
    response = client.post(location.split("?")[0] + "/publish", data={"csrf_token": csrf})
    assert response.status_code == 303
    page = wait_until_done(client, location)
    assert 'class="state live"' in page, page
    written = (configured.corpus_dir / SECTION).read_text(encoding="utf-8")
    assert SQUIG_RULE in written and "source: Squig_Hoppers.docx" in written
    assert bot.loaded.index.manifest.build_id != served
    assert f"build {bot.loaded.index.manifest.build_id} is live" in page
    assert "Nothing to publish" in page and ">Publish</button>" not in page
    answer = client.post("/api/ask", json={"q": QUESTION}).get_json()
    assert answer["citations"][0]["id"].startswith(f"{SECTION.with_suffix('').as_posix()}#")
    assert SQUIG_RULE in answer["answer"]


def test_publish_without_csrf_is_refused(client: FlaskClient, configured: Settings) -> None:
    csrf = sign_in(client)
    location = upload(client, csrf, squig_docx()).headers["Location"]
    assert client.post(location.split("?")[0] + "/publish").status_code == 403
    assert not (configured.corpus_dir / SECTION).exists()


def test_over_a_hand_edited_section_publishing_asks_first(
    client: FlaskClient, configured: Settings
) -> None:
    csrf = sign_in(client)
    target = configured.corpus_dir / SECTION
    first = upload(client, csrf, squig_docx()).headers["Location"]
    client.post(first.split("?")[0] + "/publish", data={"csrf_token": csrf})
    assert 'class="state live"' in wait_until_done(client, first)
    edited = target.read_text(encoding="utf-8") + "\nA line the officer added by hand.\n"
    target.write_text(edited, encoding="utf-8")

    again = upload(client, csrf, squig_docx()).headers["Location"]
    page = client.get(again).get_data(as_text=True)
    assert 'data-status="overwritten"' in page and 'name="overwrite"' in page
    refused = client.post(again.split("?")[0] + "/publish", data={"csrf_token": csrf})
    assert refused.status_code == 409 and "edited by hand" in refused.get_data(as_text=True)
    assert target.read_text(encoding="utf-8") == edited
    confirmed = {"csrf_token": csrf, "overwrite": "yes"}
    assert client.post(again.split("?")[0] + "/publish", data=confirmed).status_code == 303
    assert 'class="state live"' in wait_until_done(client, again)
    assert "by hand" not in target.read_text(encoding="utf-8")


def test_a_failed_build_puts_the_corpus_back_and_the_last_index_serves(
    client: FlaskClient, configured: Settings, bot: Refbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    csrf = sign_in(client)
    served = bot.loaded.index.manifest.build_id
    before = corpus_files(configured.corpus_dir)

    def full_disk(*args: object) -> None:
        raise IndexUnwritable(f"cannot write the index to {configured.index_dir}: No space left")

    monkeypatch.setattr(bot, "_build", full_disk)
    location = upload(client, csrf, squig_docx()).headers["Location"]
    client.post(location.split("?")[0] + "/publish", data={"csrf_token": csrf})
    page = wait_until_done(client, location)
    assert 'class="state failed"' in page and "No space left" in page
    assert corpus_files(configured.corpus_dir) == before
    assert bot.loaded.index.manifest.build_id == served
    assert client.post("/api/ask", json={"q": QUESTION}).status_code == 200


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("../../corpus/evil.docx", "evil.docx"),
        ("Règles de base.PDF", "Regles_de_base.pdf"),
        ("..docx", "document.docx"),
        ("/etc/passwd.html", "passwd.html"),
    ],
)
def test_filenames_are_made_safe(given: str, kept: str) -> None:
    assert safe_filename(given) == kept


@pytest.mark.parametrize("given", ["rules.exe", "rules", "rules.docx.sh", ""])
def test_only_known_formats_are_staged(given: str) -> None:
    with pytest.raises(DocumentError, match="unsupported format"):
        safe_filename(given)


def test_an_unknown_upload_id_is_a_404(client: FlaskClient) -> None:
    sign_in(client)
    for upload_id in ("0123456789abcdef", "..%2F..%2Fetc", "ZZZ"):
        assert client.get(f"/admin/uploads/{upload_id}").status_code == 404


def test_the_upload_form_speaks_the_officers_language(client: FlaskClient) -> None:
    page = client.get("/admin?lang=es", headers=BEARER).get_data(as_text=True)
    assert "Publicar un documento" in page


def test_a_publication_whose_process_stopped_shows_as_failed(
    client: FlaskClient, configured: Settings
) -> None:
    csrf = sign_in(client)
    location = upload(client, csrf, squig_docx()).headers["Location"]
    staging = Staging.beside(configured.index_dir)
    (staged, _), *_ = staging.recent()
    # Above the kernel's largest pid (2**22): a process that cannot exist.
    staging.set_status(staged, Status(State.PUBLISHING, pid=2**22 + 1))
    page = client.get(location).get_data(as_text=True)
    assert 'class="state failed"' in page and "stopped; publish again" in page
    assert ">Publish</button>" in page


def test_a_build_in_progress_is_shown_and_not_started_twice(
    client: FlaskClient, configured: Settings
) -> None:
    csrf = sign_in(client)
    location = upload(client, csrf, squig_docx()).headers["Location"]
    staging = Staging.beside(configured.index_dir)
    (staged, _), *_ = staging.recent()
    staging.set_status(staged, Status(State.PUBLISHING, pid=os.getpid()))
    page = client.get(location).get_data(as_text=True)
    assert 'class="state publishing"' in page and 'http-equiv="refresh"' in page
    assert ">Publish</button>" not in page
    assert "publishing" in client.get("/admin?lang=en").get_data(as_text=True)
    again = client.post(location.split("?")[0] + "/publish", data={"csrf_token": csrf})
    assert again.status_code == 303
    assert staging.status(staged).state is State.PUBLISHING
    assert not (configured.corpus_dir / SECTION).exists()


@pytest.mark.parametrize(
    ("days_ago", "state", "kept"),
    [
        (31, State.STAGED, False),
        (31, State.FAILED, False),
        (31, State.LIVE, False),
        (31, State.PUBLISHING, True),  # its process still runs: never pulled from under it
        (29, State.STAGED, True),
    ],
)
def test_old_uploads_are_removed_when_the_next_is_staged(
    tmp_path: Path, days_ago: int, state: State, kept: bool
) -> None:
    staging = Staging(tmp_path / "uploads")

    def stage(name: str) -> Upload:
        return staging.stage(
            name,
            io.BytesIO(b"# Title\n\nText."),
            game="g",
            edition="e",
            lang="en",
            units="in",
            kind="rules",
            max_bytes=10**6,
        )

    old = stage("old.txt")
    staging.set_status(old, Status(state, pid=os.getpid()))
    meta = tmp_path / "uploads" / old.id / "upload.json"
    then = (datetime.now(UTC) - timedelta(days=days_ago)).isoformat(timespec="seconds")
    meta.write_text(meta.read_text().replace(old.uploaded_at, then))
    new = stage("new.txt")
    ids = [u.id for u, _ in staging.recent()]
    assert new.id in ids and (old.id in ids) is kept
