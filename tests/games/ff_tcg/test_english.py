"""Final Fantasy TCG card text in English (--lang en), written from the card data
(issue 11 point 14): every card has it, in English, and it says what the engine does."""

from __future__ import annotations

from tcgkit.games.ff_tcg.english import ability_text, card_text
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
    assert ability_text(red_mage.abilities[0]) == card_text(red_mage)


def test_a_card_with_no_text_in_its_data_reads_as_printed_or_its_type():
    cards = {c.name: c for c in load_game("ff-tcg").db.cards}
    bare = [c for c in cards.values() if not (c.abilities or c.play or c.attack or c.world)]
    assert bare
    for card in bare:
        plain = {"Personagem.": "Character.", "Monstro.": "Monster."}
        assert card_text(card) == plain.get(card.text, card.text)
