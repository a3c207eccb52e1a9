"""The terminal renderer's sentences: the you form, plurals, sentences that join a line,
and what it prints for a message it does not know."""

from tcgkit.games.triple_triad import TripleTriad
from tcgkit.kernel import refs
from tcgkit.kernel.scene import CardTable, Column, Message, say
from tcgkit.terminal.render import Renderer
from tcgkit.terminal.seats import Seats

YOU, RIVAL = refs.player(0), refs.player(1)


def renderer(lang: str | None = None) -> Renderer:
    out = Renderer(TripleTriad(), Seats.versus(0, "greedy"), lang=lang)
    out.catalogue.update({
        "t.draws": Message("{player} draws {count} {count:card|cards}",
                           "{player} draw {count} {count:card|cards}"),
        "t.also": Message("{player} draws {count} {count:card|cards}", joins="; "),
        "t.flip": Message("flips {cell}", first=": ", joins=", "),
        "t.broken": Message("{missing} happens"),
    })
    return out


def test_the_you_form_and_the_word_for_one_or_more():
    r = renderer()
    assert r.say(say("t.draws", player=YOU, count=1)) == "You (Blue) draw 1 card"
    assert r.say(say("t.draws", player=RIVAL, count=3)) == "greedy (Red) draws 3 cards"
    r.named = True  # a scene that names the seats, never by a colour
    assert r.say(say("t.draws", player=RIVAL, count=1)) == "Rival (greedy) draws 1 card"


def test_a_joining_sentence_goes_on_the_line_before_after_its_first_separator_then_its_own():
    r = renderer()
    r.named = True
    lines = r.lines([say("t.draws", player=YOU, count=2), say("t.also", player=RIVAL, count=1),
                     say("t.draws", player=RIVAL, count=2), say("t.flip", cell=3), say("t.flip", cell=5)])
    assert lines == ["You draw 2 cards; Rival (greedy) draws 1 card",
                     "Rival (greedy) draws 2 cards: flips 3, flips 5"]


def test_a_message_it_cannot_fill_or_does_not_know_is_shown_by_its_id_and_arguments():
    r = renderer()
    assert r.say(say("t.broken", cell=2)) == "t.broken: cell 2"
    unknown = say("nowhere.said", card="Geezard", cells=[1, 2])
    assert r.say(unknown) == "nowhere.said: card Geezard, cells 1, 2"


def test_a_card_table_shows_a_translated_column_in_the_renderer_language():
    column = Column(key="text", label="text", translations={"en": "text_en"})
    row = {"text": "Compre 1 carta", "text_en": "Draw 1 card"}
    table = CardTable(title="cards", columns=[column], rows=[row])
    assert renderer("en").row_values(table, table.rows[0]) == ["Draw 1 card"]
    assert renderer().row_values(table, table.rows[0]) == ["Compre 1 carta"]
    assert renderer("en").card_rows(table) == [{"text": "Draw 1 card", "text_en": "Draw 1 card"}]
