"""Final Fantasy TCG card text in English (--lang en), written from the card data
(issue 11 point 14)."""

from __future__ import annotations

import json

from tcgkit.cli.ff_tcg_english import card_text
from tcgkit.kernel.registry import load_game

PORTUGUESE = ("Efeito", "Luta", "Recompensa", "Mundo", "Virar", "Jogar", "Avistar", "carta",
              "você", "oponente", "baralho")


def test_every_card_has_english_text_from_its_data():
    for card in load_game("ff-tcg").db.cards:
        text = card_text(card)
        assert text, card.name
        if card.abilities or card.play or card.attack or card.world:
            assert not any(word in text for word in PORTUGUESE), (card.name, text)
            assert "_" not in text, (card.name, text)


def test_red_mage_reads_in_english():
    red_mage = next(c for c in load_game("ff-tcg").db.cards if c.name == "Red Mage")
    assert card_text(red_mage) == "Effect: you draw one card, you discard one card."


def test_cards_lang_en(run):
    rows = json.loads(run("cards", "ff-tcg", "--json", "--lang", "en").stdout)
    texts = {row["name"]: row["text"] for row in rows}
    assert texts["Red Mage"].startswith("Effect: you draw one card")
    rows = json.loads(run("cards", "ff-tcg", "--json").stdout)
    assert {row["name"]: row["text"] for row in rows}["Red Mage"].startswith("Efeito")
    assert run("cards", "ff-tcg", "--lang", "fr").exit_code == 2
