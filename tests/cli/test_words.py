"""The languages (issue 25): every message of every game and of the terminal in Portuguese,
Spanish and Chinese, with its places and plural forms; whole games drawn in Portuguese and
Chinese with no message left in English; ``--lang`` on play and replay."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from rich.console import Console

from tcgkit.kernel.about import catalogue
from tcgkit.kernel.registry import list_games, load_game
from tcgkit.kernel.scene import messages
from tcgkit.kernel.words import LANGUAGES, LOCALES, Words, accepted, folder_of, po_path, problems
from tcgkit.server.client_words import BROWSER
from tcgkit.server.client_words import FOLDER as CLIENT_FOLDER
from tcgkit.terminal.render import Renderer
from tcgkit.terminal.seats import Seats
from tcgkit.terminal.words import FOLDER, TERMINAL

from .helpers import plan_vs_ai

ROOT = Path(__file__).parents[2]
GAMES = [e for e in list_games() if e.cls.__module__.startswith("tcgkit.games.")]
CATALOGUES = [("terminal", TERMINAL, FOLDER), ("browser", BROWSER, CLIENT_FOLDER),
              *((e.name, catalogue(e.cls()), folder_of(e.cls)) for e in GAMES)]


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize(("name", "english", "folder"), CATALOGUES, ids=[c[0] for c in CATALOGUES])
def test_every_message_is_translated_with_its_places_and_plural_forms(name, english, folder, lang):
    assert english, name
    assert list(problems(english, folder, lang)) == []


def test_each_game_of_tcgkit_has_a_catalogue_in_every_language():
    assert len(GAMES) >= 5, [e.name for e in GAMES]  # read from tcgkit's entry points
    for entry in GAMES:
        assert all(po_path(folder_of(entry.cls), lang).is_file() for lang in LANGUAGES[1:]), entry.name


def test_the_templates_are_in_step_with_the_english(tmp_path):
    """``scripts/words.py update`` writes nothing new: the .pot files are the English."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import words as script
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    for name, english, folder in script.catalogues():
        made = [(m.context, m.id) for m in script.template(name, english) if m.id]
        with (folder / "messages.pot").open("rb") as handle:
            kept = [(m.context, m.id) for m in read_po(handle) if m.id]
        assert made == kept, f"{folder}: run python scripts/words.py update"


def write(tmp_path: Path, lang: str, entries: dict[str, str]) -> Path:
    catalog = Catalog(locale=LOCALES[lang])
    for context, text in entries.items():
        english, translation = text.split(" => ")
        catalog.add(english, translation, context=context)
    path = po_path(tmp_path, lang)
    path.parent.mkdir(parents=True)
    with path.open("wb") as handle:
        write_po(handle, catalog)
    return tmp_path


def test_the_check_finds_what_is_missing_misplaced_or_has_the_wrong_plural_forms(tmp_path):
    english = messages({
        "x.draws": ("{player} draws {count} {count:card|cards}", "{player} draw {count} {count:card|cards}"),
        "x.flip": "flips {cell}",
        "x.end": "the end",
        "x.gone": "changed since",
    })
    folder = write(tmp_path, "pt", {
        "x.draws": "{player} draws {count} {count:card|cards} => "
                   "{player} compra {count} {count:carta|cartas}",
        "x.flip": "flips {cell} => vira {cells}",
        "x.gone": "as it was => como era",
    })
    found = "\n".join(problems(english, folder, "pt"))
    assert "x.draws#you is not translated" in found  # the "you" form
    assert "x.end is not translated" in found
    assert "{count:...} needs 3 plural forms" in found  # CLDR's one/many/other
    assert "x.flip: places ['cells'], the English has ['cell']" in found
    assert "x.gone is not translated" in found and "x.gone: no such message" in found  # stale


def test_a_language_picks_its_plural_form_and_a_stale_translation_shows_in_english(tmp_path):
    english = messages({"x.n": "{n} {n:card|cards}", "x.old": "new English"})
    folder = write(tmp_path, "pt", {"x.n": "{n} {n:card|cards} => {n} {n:carta|de cartas|cartas}",
                                    "x.old": "old English => inglês antigo"})
    words = Words(english, "pt", (folder,))
    assert [words.format(words["x.n"].text, {"n": n}) for n in (0, 1, 2, 1000000)] == [
        "0 carta", "1 carta", "2 cartas", "1000000 de cartas"]
    assert words["x.old"].text == "new English" and words.translated == {"x.n"}
    chinese = Words(messages({"x.n": "{n} {n:card|cards}"}), "zh",
                    (write(tmp_path / "zh", "zh", {"x.n": "{n} {n:card|cards} => {n} {n:張}"}),))
    assert chinese.format(chinese["x.n"].text, {"n": 3}) == "3 張"


def test_accept_language_picks_the_first_language_we_have():
    assert accepted("fr-FR,pt-BR;q=0.8,en;q=0.5") == "pt"
    assert accepted("zh-TW,zh;q=0.9") == "zh"
    assert accepted("es-419, en;q=0.1") == "es"
    assert accepted("de, fr;q=0.5") is None and accepted(None) is None
    assert accepted("en;q=0.2, zh;q=0.9") == "zh"


MESSAGE_ID = re.compile(r"\b(tt|fnf|fft|ca|mc|term|kernel)\.[a-z_./]+")


def whole_game(name: str, lang: str, seed: int) -> tuple[str, set[str], Renderer]:
    """A game of random moves drawn for seat 0 in ``lang``: every line, every message id."""
    game = load_game(name)
    state = game.new_state(seed)
    renderer = Renderer(game, Seats.versus(0, "random"), lang)
    console = Console(width=120, record=True, color_system=None)
    rng, ids = random.Random(seed), set()
    for _ in range(3000):
        if state.is_terminal:
            break
        mover = state.to_move
        scene = state.scene(0, state.event_count())
        ids |= {s.id for s in [*scene.log, *scene.status, *([scene.pending.prompt] if scene.pending else [])]}
        ids |= {m.note.id for m in scene.moves if m.note is not None}
        console.print(renderer.table(scene))
        since = state.event_count()
        state.apply(rng.choice(state.legal_actions()), mover)
        news = state.scene(0, since)
        ids |= {s.id for s in news.log}
        for line in renderer.news(news):
            console.print(line, markup=False)
    console.print(renderer.table(state.scene(0, state.event_count())))
    if state.outcome is not None:
        for line in renderer.outcome(state.outcome.to_json()):
            console.print(line, markup=False)
    return console.export_text(), ids, renderer


@pytest.mark.parametrize("lang", ["pt", "zh"])
@pytest.mark.parametrize("name", [e.name for e in GAMES])
def test_a_whole_game_is_drawn_with_no_message_left_in_english(name, lang):
    text, ids, renderer = whole_game(name, lang, seed=7)
    assert ids, name
    assert ids <= renderer.catalogue.translated, sorted(ids - renderer.catalogue.translated)
    assert not MESSAGE_ID.search(text), MESSAGE_ID.search(text)  # no id shown for want of a message
    english = {m.text for k, m in renderer.catalogue.english.items() if k in ids and "{" not in m.text}
    assert not [e for e in english if e in text]
    you = {"pt": "Você", "zh": "你"}[lang]
    assert you in text


def test_the_terminal_words_are_translated_in_each_language():
    for lang in LANGUAGES[1:]:
        words = Words(TERMINAL, lang, (FOLDER,))
        assert words.translated == set(TERMINAL), lang


def test_play_in_portuguese_and_replay_in_chinese(run, home, tmp_path):
    plan = plan_vs_ai(5)
    record = tmp_path / "game.json"
    result = run("play", "triple-triad", "--no-color", "--seed", "5", "--hand", "auto", "--lang", "pt",
                 "--save", str(record), input=plan.lines())
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Digite uma jogada como" in out and "Você (Azul) joga" in out and "Resultado:" in out
    assert "Type a move" not in out and " plays " not in out
    replayed = run("replay", str(record), "--no-color", "--step", "--lang", "zh")
    assert replayed.exit_code == 0, replayed.output
    assert "玩家 0（藍） 把 " in replayed.stdout and "結果：" in replayed.stdout
    assert run("play", "triple-triad", "--lang", "fr").exit_code == 2
    assert run("replay", str(record), "--lang", "xx").exit_code == 2
    english = run("replay", str(record), "--no-color", "--step")
    assert "Player 0 (Blue) plays" in english.stdout


def test_walking_away_from_a_trading_match_asks_and_answers_in_the_language(run, home):
    """The walk-away question, its yes and no, and the trade it costs, in the language asked."""
    out = run("play", "triple-triad", "--no-color", "--seed", "3", "--hand", "auto", "--trade", "one",
              "--lang", "es", input="quit\nsí\n")
    assert out.exit_code == 0, out.output
    assert "¿Abandonar? (sí/no)" in out.stdout and "Walk away" not in out.stdout
    [lost] = [line for line in out.stdout.splitlines() if "al abandonarla" in line]
    assert lost.startswith("Pierdes la partida al abandonarla; gana greedy y se lleva ")
    assert "Tu colección: -" in out.stdout and "(ahora 21 cartas)" in out.stdout
    kept = run("play", "triple-triad", "--no-color", "--seed", "4", "--hand", "auto", "--trade", "one",
               "--lang", "pt", input="quit\nnão\n")
    # "não" goes on playing; then the input ends, and an unsaved trading match is lost
    text = kept.stdout
    assert text.index("Sair mesmo? (sim/não)") < text.index("A entrada acabou.") < text.index("ao sair;")


@pytest.mark.parametrize("game", ["ff-tcg", "conflictus"])
def test_card_text_keeps_its_own_languages(run, game):
    """Final Fantasy TCG's and Conflictus's cards hold Portuguese (printed) and English: the
    English by default and for every language but pt, which shows the text as printed."""
    english = json.loads(run("cards", game, "--json").stdout)
    for lang in ("en", "es", "zh"):
        assert json.loads(run("cards", game, "--json", "--lang", lang).stdout) == english
    printed = json.loads(run("cards", game, "--json", "--lang", "pt").stdout)
    assert printed != english
    assert all(p["text"] == e["text_pt"] for p, e in zip(printed, english, strict=True))
