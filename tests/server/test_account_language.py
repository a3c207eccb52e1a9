"""A language per account (issue 25: "chosen per account or by the browser's language"): a
registered account keeps one, and any session it logs in from reads it in ``/api/me``; a guest
keeps its browser's choice; a bad choice changes nothing."""

from __future__ import annotations

from typing import Any

from sqlalchemy import create_engine, inspect, text

from tcgkit.server.store import make_engine, migrate

from .conftest import Player, guest, session_of, signed_up


def test_the_accounts_language_is_read_by_every_session_it_logs_in_from(client: Any) -> None:
    ana = signed_up(client, "ana")
    assert ana.get("/api/me").json()["language"] is None  # the browser's own, until chosen
    answer = ana.post("/api/me/language", {"language": "pt"})
    assert answer.status_code == 200 and answer.json() == {"language": "pt"}
    again = client.post("/api/login", json={"name": "ana", "password": "correct horse"})
    elsewhere = session_of(client, again)
    assert elsewhere.get("/api/me").json()["language"] == "pt"
    refused = elsewhere.post("/api/me/language", {"language": "fr"})
    error = refused.json()["error"]
    assert refused.status_code == 422 and "'fr'" in error and "zh" in error
    assert ana.get("/api/me").json()["language"] == "pt"  # unchanged
    assert elsewhere.post("/api/me/language", {"language": None}).json() == {"language": None}
    assert ana.get("/api/me").json()["language"] is None


def test_a_guest_keeps_its_browsers_choice_and_a_choice_needs_the_csrf_token(client: Any) -> None:
    visitor = guest(client)
    refused = visitor.post("/api/me/language", {"language": "zh"})
    assert refused.status_code == 403 and "guest" in refused.json()["error"]
    assert visitor.get("/api/me").json()["language"] is None
    rui = signed_up(client, "rui")
    forged = Player(client, rui.token, "not the token", rui.account)
    assert forged.post("/api/me/language", {"language": "es"}).status_code == 403
    assert rui.get("/api/me").json()["language"] is None


def test_a_database_before_the_language_gets_the_column_and_keeps_its_accounts(db: str) -> None:
    engine = make_engine(db)
    migrate(engine, "0004")
    with engine.begin() as sql:
        sql.execute(text("INSERT INTO accounts (id, name, guest, created) VALUES (7, 'old', 0, 0)"))
    migrate(engine)
    engine.dispose()
    found = create_engine(db)
    assert "language" in {c["name"] for c in inspect(found).get_columns("accounts")}
    with found.connect() as sql:
        assert sql.execute(text("SELECT name, language FROM accounts WHERE id = 7")).one() == ("old", None)
