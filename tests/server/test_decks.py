"""Saved decks: each account's own, for any game, checked by the game's deck rules when
saved and again in the match that uses one."""

from __future__ import annotations

from fastapi.testclient import TestClient

import tcgkit
from tcgkit.kernel.rng import Rng

from .conftest import guest, signed_up


def a_legal_deck(game: str, options: dict[str, object] | None = None) -> list[str]:
    deck: list[str] = tcgkit.load_game(game, options or {}).sample_decks(Rng(3))[0]
    return deck


def test_decks_are_checked_by_the_games_rules_and_kept_per_account(client: TestClient) -> None:
    ana, rui = signed_up(client, "ana"), guest(client)
    deck = a_legal_deck("forge-fury")
    saved = ana.post("/api/decks", {"game": "forge-fury", "name": "mine", "cards": deck})
    assert saved.status_code == 200 and saved.json()["cards"] == deck
    bad = ana.post("/api/decks", {"game": "forge-fury", "name": "bad", "cards": ["Nobody", *deck[1:]]})
    assert bad.status_code == 422 and "card 1" in bad.json()["error"] and "Nobody" in bad.json()["error"]
    unknown = ana.post("/api/decks", {"game": "chess", "name": "x", "cards": []})
    assert unknown.status_code == 404
    for game in ("ff-tcg", "conflictus"):  # every game's own rules, no code of the server's
        other = a_legal_deck(game)
        assert ana.post("/api/decks", {"game": game, "name": "mine", "cards": other}).status_code == 200
        short = ana.post("/api/decks", {"game": game, "name": "short", "cards": other[:3]})
        assert short.status_code == 422, short.text
    assert {(d["game"], d["name"]) for d in ana.get("/api/decks").json()} == {
        ("forge-fury", "mine"), ("ff-tcg", "mine"), ("conflictus", "mine")}
    assert rui.get("/api/decks").json() == []  # a guest sees only its own
    assert rui.post("/api/decks/delete", {"game": "forge-fury", "name": "mine"}).status_code == 404
    assert ana.post("/api/decks/delete", {"game": "forge-fury", "name": "mine"}).status_code == 200
    assert len(ana.get("/api/decks").json()) == 2


def test_a_saved_deck_is_played_in_a_match(client: TestClient) -> None:
    ana, rui = signed_up(client, "ana"), guest(client)
    mine, theirs = a_legal_deck("ff-tcg"), tcgkit.load_game("ff-tcg").sample_decks(Rng(9))[1]
    ana.post("/api/decks", {"game": "ff-tcg", "name": "mine", "cards": mine})
    rui.post("/api/decks", {"game": "ff-tcg", "name": "theirs", "cards": theirs})
    made = ana.create("ff-tcg", seats=[{"kind": "me", "deck": "mine"}, {"kind": "open"}])
    assert rui.post(f"/api/matches/{made['id']}/join", {"deck": "nope"}).status_code == 404
    assert rui.post(f"/api/matches/{made['id']}/join", {"deck": "theirs"}).status_code == 200
    room = client.app.state.server.rooms[made["id"]]  # type: ignore[attr-defined]
    assert room.decks == [mine, theirs]
    assert ana.post("/api/decks", {"game": "triple-triad", "name": "hand",
                                   "cards": a_legal_deck("triple-triad")}).status_code == 200
    refused = ana.post("/api/matches", {"game": "triple-triad", "seats": [{"kind": "me", "deck": "hand"},
                                                                          {"kind": "ai", "level": "random"}]})
    assert refused.status_code == 422 and "collection" in refused.json()["error"]
