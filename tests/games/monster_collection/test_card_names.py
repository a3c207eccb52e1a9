"""Card names in the languages the card data holds (issue 25): a face names its card in the
rulebook's Chinese too, which the terminal's ``--lang zh`` and the browser show; the notation
(what one types) and the English name stay."""

from __future__ import annotations

import io

from rich.console import Console

from tcgkit.games.monster_collection.scene import card_of
from tcgkit.terminal.render import Renderer
from tcgkit.terminal.seats import Seats

from .helpers import start


def drawn(renderable: object, width: int = 200) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def test_a_face_names_its_card_in_chinese_and_keeps_the_notations_name() -> None:
    state = start()
    scene = state.scene(0)
    hand = [f for f in scene.area("hand0").items if f is not None]
    assert hand
    for face in hand:
        assert face.name is not None
        card = card_of(state.game, face.name)
        number = face.name.rpartition("#")[2]
        assert face.names == {"zh": f"{card.zh}#{number}"} and face.names["zh"] != face.name
    down = [f for f in scene.area("board").items if f is not None and not f.up]
    assert down and all(f.name is None and f.names == {} for f in down)
    notations = " ".join(m.notation for m in scene.moves)
    assert not any(face.names["zh"] in notations for face in hand)  # one types the English name


def test_the_terminal_shows_the_chinese_name_with_lang_zh_and_the_english_without() -> None:
    state = start()
    scene = state.scene(0)
    hand = [f for f in scene.area("hand0").items if f is not None]
    chinese = drawn(Renderer(state.game, Seats.numbered(2), "zh").area(scene.area("hand0")), 80)
    english = drawn(Renderer(state.game, Seats.numbered(2)).area(scene.area("hand0")))
    for face in hand:
        assert face.names["zh"] in chinese and face.name not in chinese
        assert face.name in english and face.names["zh"] not in english
    board = drawn(Renderer(state.game, Seats.numbered(2), "zh").table(scene), 80)
    assert "#" in board  # the table draws (a board cell's names are abbreviated to fit)


def test_a_sentence_names_a_card_as_its_face_does() -> None:
    state = start()
    events = state.scene(0, 0).log
    chinese = Renderer(state.game, Seats.numbered(2), "zh")
    english = Renderer(state.game, Seats.numbered(2))
    hand = [f for f in state.scene(0).area("hand0").items if f is not None]
    told = " ".join(chinese.say(s) for s in events)
    assert any(face.names["zh"] in told for face in hand), told
    assert not any(face.name in told for face in hand if face.name), told
    assert any(face.name in " ".join(english.say(s) for s in events) for face in hand if face.name)
    assert chinese.card_name("Nobody#3") is None and chinese.card_name("Ember Imp") is None
    assert english.card_name(hand[0].name or "") is None  # English has no other name

