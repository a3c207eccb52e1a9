"""A card's abilities in the hand as words and sentences of the catalogue (issue 25): each
language reads its own ("iniciativa +1"), the English reads as the card table prints it, the
Chinese is the rulebook's text, and the terminal's hand table stays whole at 80 columns."""

from __future__ import annotations

import io
import re

import pytest
from rich.cells import cell_len
from rich.console import Console

from tcgkit.games.monster_collection.scene import abilities, abilities_said, extra_of, extra_said, extra_zh
from tcgkit.terminal.render import Renderer
from tcgkit.terminal.seats import Seats

from .helpers import empty_hand, start, to_hand


def test_the_english_reads_as_the_card_table_prints_it_and_the_chinese_is_the_rulebooks() -> None:
    game = start().game
    english, chinese = Renderer(game, Seats.numbered(2)), Renderer(game, Seats.numbered(2), "zh")
    for card in game.db.cards:
        said = abilities_said(card) if card.creature else extra_said(card)
        assert english.text(said) == (abilities(card) if card.creature else extra_of(card)), card.name
    state = start()
    checked = 0
    for face in state.scene(0).area("hand0").items:
        assert face is not None
        card = next(c for c in game.db.cards if face.name and face.name.startswith(c.name + "#"))
        for extra in (f for f in face.fields if f.key == "text"):
            assert chinese.field_text(extra).plain == (extra_zh(card) or "-")  # a plain terrain: no text
            checked += 1
    assert checked >= 4


ENGLISH = ("instant", "initiative")
HAND = ("Rock Troll", "Treant Sapling", "Burning Plain", "Mole Digger", "Cinder Hound", "Dwarf Miner")
"""Player 0's hand: among them instant, initiative -1, Defender +1 and spell slots 1, and a terrain."""


@pytest.mark.parametrize(("lang", "words", "english"), [
    ("pt", ("instantânea", "iniciativa -1", "Defensor +1", "espaços de feitiço 1"), ENGLISH),
    ("es", ("instantánea", "iniciativa -1", "Defensor +1", "espacios de hechizo 1"), ENGLISH),
])
def test_the_hand_reads_its_abilities_in_portuguese_and_spanish_whole_at_80_columns(
        lang: str, words: tuple[str, ...], english: tuple[str, ...]) -> None:
    state = start()
    empty_hand(state, 0)
    for name in HAND:
        to_hand(state, 0, name)
    renderer = Renderer(state.game, Seats.numbered(2), lang)
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(renderer.area(state.scene(0).area("hand0")))
    text = out.getvalue()
    flat = " ".join(text.split())
    assert all(word.split()[0] in flat for word in words), text
    said = " ".join(renderer.field_text(f).plain for face in state.scene(0).area("hand0").items if face
                    for f in face.fields if f.key == "text")
    assert all(word in said for word in words), said
    assert not any(re.search(rf"\b{word}\b", said) for word in english), said
    lines = text.splitlines()
    assert max(cell_len(line) for line in lines) <= 80
    header = next(line for line in lines if renderer.word("type") in line)
    labels = ("type", "abilities", "limit")
    assert all(renderer.word(label) in header for label in labels), header  # no column cut
