"""Each game's words in a language (issue 25): ``?lang=``, else the browser's
``Accept-Language``, else English; the plural categories in the catalogues' order."""

from __future__ import annotations

import gettext
from typing import Any

from babel.messages.pofile import read_po

from own_games import built_in_games
from tcgkit.kernel.registry import find_game
from tcgkit.kernel.words import LANGUAGES, folder_of, po_path
from tcgkit.server.web import plural_forms


def test_the_words_in_portuguese_and_chinese(client: Any) -> None:
    pt = client.get("/api/games/conflictus/words?lang=pt").json()
    assert pt["lang"] == "pt" and pt["plural"] == ["one", "many", "other"]
    assert pt["messages"]["ca.draw_hidden"]["text"] == "{player} compra uma carta."
    assert pt["messages"]["ca.draw_hidden"]["english"] == "{player} draws a card."
    assert pt["messages"]["ca.rodada"]["text"] == "Rodada {round}: {player}."  # the rulebook's word
    assert pt["messages"]["client.you"]["text"] == "Você"
    assert pt["styles"]["faction:luz"] == {"color": "#808000", "bold": True}
    zh = client.get("/api/games/monster-collection/words",
                    headers={"Accept-Language": "zh-TW,zh;q=0.9"}).json()
    assert zh["lang"] == "zh" and zh["plural"] == ["other"]
    assert "本陣" in zh["messages"]["mc.hq"]["text"] and "HQ" not in zh["messages"]["mc.hq"]["text"]
    assert {entry["code"] for entry in zh["languages"]} == set(LANGUAGES)
    chosen = client.get("/api/games/triple-triad/words?lang=es", headers={"Accept-Language": "zh"}).json()
    assert chosen["lang"] == "es"
    assert chosen["messages"]["tt.word.combo"]["text"] == "Cadena"
    neither = client.get("/api/games/triple-triad/words", headers={"Accept-Language": "de-DE"}).json()
    assert neither["lang"] == "en"
    assert neither["messages"]["tt.place"]["text"] == "{player} plays {card} at {cell}"


def test_a_language_we_do_not_have_is_refused(client: Any) -> None:
    refused = client.get("/api/games/triple-triad/words?lang=fr")
    assert refused.status_code == 400 and "fr" in refused.json()["error"] and "zh" in refused.json()["error"]


def test_the_plural_categories_match_each_catalogues_formula() -> None:
    """The browser picks a form by its CLDR category; the terminal by the .po's formula:
    both give the same form for every count."""
    from babel import Locale

    folder = folder_of(find_game("conflictus").cls)
    for lang in LANGUAGES[1:]:
        with po_path(folder, lang).open("rb") as handle:
            catalog = read_po(handle)
        formula = gettext.c2py(catalog.plural_expr)
        rule = Locale.parse(str(catalog.locale)).plural_form
        tags = plural_forms(lang)
        assert len(tags) == catalog.num_plurals
        for n in (*range(0, 30), 100, 101, 1000, 1000000, 2000000, 1000001):
            assert tags.index(rule(n)) == formula(n), (lang, n)


def test_the_lobby_lists_the_games_and_the_ai_levels_in_the_language_asked(client: Any) -> None:
    english = {g["name"]: g for g in client.get("/api/games").json()}
    assert english["monster-collection"]["summary"].endswith("take the enemy HQ")
    assert english["triple-triad"]["level_names"]["greedy"] == "Casual"
    zh = {g["name"]: g for g in client.get("/api/games", headers={"Accept-Language": "zh-TW"}).json()}
    assert "本陣" in zh["monster-collection"]["summary"] and "HQ" not in zh["monster-collection"]["summary"]
    assert zh["triple-triad"]["level_names"]["greedy"] == "休閒"
    assert zh["triple-triad"]["ai_levels"]["random"] == "在合法行動中均勻隨機"
    pt = {g["name"]: g for g in client.get("/api/games?lang=pt", headers={"Accept-Language": "zh"}).json()}
    assert "mons" in pt["conflictus"]["summary"] and pt["conflictus"]["summary"].startswith("TCG de 2 a 4")
    assert pt["ff-tcg"]["level_names"] == {**pt["ff-tcg"]["level_names"], "easy": "Fácil", "hard": "Difícil"}
    assert set(pt["ff-tcg"]["level_names"]) == set(english["ff-tcg"]["ai_levels"])  # the values stay
    assert client.get("/api/games?lang=fr").status_code == 400


def test_the_options_form_is_described_in_the_language_asked(client: Any) -> None:
    english = {g["name"]: g["options"]["properties"] for g in client.get("/api/games").json()}
    assert english["conflictus"]["deck_size"]["description"] == "cards in a mons (rulebook: exactly 50)"
    assert english["conflictus"]["players"]["title"] == "Players"
    pt = {g["name"]: g["options"]["properties"] for g in client.get("/api/games?lang=pt").json()}
    assert pt["conflictus"]["deck_size"] == {
        **english["conflictus"]["deck_size"], "title": "Tamanho do mons",
        "description": "cartas num mons (livro de regras: exatamente 50)"}
    assert "rodadas" in pt["conflictus"]["round_limit"]["description"]  # the rulebook's word
    assert pt["conflictus"]["players"]["title"] == "Jogadores"
    zh = {g["name"]: g["options"]["properties"] for g in
          client.get("/api/games", headers={"Accept-Language": "zh-TW"}).json()}
    assert zh["monster-collection"]["hq_limit"]["title"] == "本陣上限"
    assert "本陣" in zh["monster-collection"]["hq_visible_to_owner"]["description"]
    for lang, found in (("pt", pt), ("zh", zh)):  # every title and description, in every game
        for game, props in found.items():
            for field, prop in props.items():
                same = prop.get("title") == english[game][field].get("title")
                assert not same or field in SAME_WORD, (lang, game, field)
                if "description" in prop:
                    assert prop["description"] != english[game][field]["description"], (lang, game, field)


SAME_WORD = {"mulligan", "elemental", "combo"}  # a title the language writes as the English does


def test_a_new_option_without_a_translation_fails_the_check() -> None:
    from pydantic import Field

    from tcgkit.games.triple_triad.game import TripleTriad
    from tcgkit.games.triple_triad.options import TripleTriadOptions
    from tcgkit.kernel.about import catalogue, options_words
    from tcgkit.kernel.words import folder_of, problems
    from tcgkit.server.client_words import LOBBY

    class More(TripleTriadOptions):
        reverse: bool = Field(False, description="Reverse: the lower number wins")

    words = options_words("triple-triad", More, TripleTriad.choice_words)
    assert {k: m.text for k, m in words.items() if k.startswith("options.triple-triad.same")} == \
        {k: LOBBY[k].text for k in LOBBY if k.startswith("options.triple-triad.same")}
    english = {**catalogue(TripleTriad()), **words}  # what scripts/words.py check reads
    found = list(problems(english, folder_of(TripleTriad), "pt"))
    assert len(found) == 2 and all("options.triple-triad.reverse" in p for p in found), found


def test_the_words_name_the_cards_in_the_language_the_card_data_holds(client: Any) -> None:
    zh = client.get("/api/games/monster-collection/words?lang=zh").json()
    assert zh["names"]["Ember Imp"] == "餘燼小鬼"
    assert client.get("/api/games/monster-collection/words?lang=pt").json()["names"] == {}
    assert client.get("/api/games/triple-triad/words?lang=zh").json()["names"] == {}


def test_each_games_lobby_words_are_in_its_own_catalogue() -> None:
    """The server's catalogue holds no game's words: a game's summary and options are
    translated by the game's ``locale`` folder, which the lobby reads through the registry."""
    from tcgkit.kernel.about import lobby_words, summary_key
    from tcgkit.kernel.words import Words
    from tcgkit.server.client_words import BROWSER, LOBBY, LOBBY_FOLDERS

    games = built_in_games()
    theirs = ("lobby.summary.", *(f"options.{game}." for game in games))
    assert not [key for key in BROWSER if key.startswith(theirs)]
    for name in games:
        cls = find_game(name).cls
        assert folder_of(cls) in LOBBY_FOLDERS
        words = lobby_words(cls)
        assert summary_key(name) in words and words.items() <= LOBBY.items()
        assert f"msgctxt \"{summary_key(name)}\"" in po_path(folder_of(cls), "pt").read_text(encoding="utf-8")
    pt = Words(LOBBY, "pt", LOBBY_FOLDERS)
    assert pt.catalogue[summary_key("triple-triad")].text.startswith("o duelo 3x3 de FFVIII")
    assert pt.catalogue["options.triple-triad.trade.choice.none"].text == "nenhuma"
