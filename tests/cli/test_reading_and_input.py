"""Moves typed the way players think, refusals that say why, ``help`` grouped, ``card NAME`` and
``rules``: through ``tcgkit play``'s own input and output (``kernel/loose.py``,
``terminal/moves_help.py``, ``terminal/reading.py``)."""

from __future__ import annotations

import re

import pytest

from tcgkit.kernel import loose
from tcgkit.kernel.registry import load_game

MC = load_game("monster-collection")


def mc_with_a_march(seed: int = 3):
    """A Monster Collection game played (summons and terrains first) to a main phase where its
    player may march two creatures or more at once."""
    state = MC.new_state(seed)
    while True:
        legal = state.legal_actions()
        marches = [a for a in legal if str(a).startswith("march") and len(a.cards) >= 2]
        if marches:
            return state, marches
        first = next((a for verb in ("summon", "place", "refill", "end") for a in legal
                      if str(a).startswith(verb)), legal[0])
        state.apply(first, state.to_move)


def play_position(run, state, *lines: str, lang: str | None = None):
    extra = ("--lang", lang) if lang else ()
    result = run("play", "monster-collection", "--position", state.to_notation(), "--as", str(state.to_move),
                 "--vs", "random", "--no-color", *extra, input="\n".join([*lines, "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    return result.stdout


def names(march) -> list[str]:
    return [label.rpartition("#")[0] for label in march.names]


# -- typing --------------------------------------------------------------------------------------
def test_a_march_typed_in_another_order_with_prefixes_is_played():
    state, marches = mc_with_a_march()
    march = max(marches, key=lambda a: len(a.cards))
    typed = f"march {march.where.lower()} " + ", ".join(n[:4].lower() for n in reversed(names(march)))
    assert state.parse_action(typed, state.to_move) == march
    no_commas = f"march to {march.where}: " + " ".join(reversed(names(march)))
    assert state.parse_action(no_commas, state.to_move) == march


def test_a_march_typed_loosely_is_played_at_the_table(run):
    state, marches = mc_with_a_march()
    march = max(marches, key=lambda a: len(a.cards))
    typed = f"march {march.where} " + ", ".join(reversed(names(march)))
    out = play_position(run, state, typed)
    assert "Not a move" not in out
    assert all(label in out.split(f"> {typed}")[1] for label in march.names)  # the march is told


def test_names_in_chinese_and_begun_are_accepted_under_lang_zh(run):
    state = MC.new_state(3)
    while not any(str(a).startswith("place") for a in state.legal_actions()):
        state.apply(state.legal_actions()[-1], state.to_move)  # end summon, refill: to a main phase
    hand = [state.card(c) for c in state.hand[state.to_move]]
    terrain = next(c for c in hand if c.kind == "terrain")
    chinese = MC.translated_names("zh")[terrain.name]
    place = next(a for a in state.legal_actions() if str(a).startswith(f"place {terrain.name}#"))
    assert state.parse_action(f"place {chinese} {place.where}", state.to_move) == place
    assert state.parse_action(f"pla {terrain.name[:3]} {place.where}", state.to_move) == place
    out = play_position(run, state, f"place {chinese} {place.where}", lang="zh")
    assert "不是合法的行動" not in out and f"{chinese}#{place.card}" in out.split(f"place {chinese}")[1]


def test_two_copies_in_hand_are_the_same_choice_but_two_cards_on_the_table_are_asked_about():
    state = MC.new_state(3)
    for _ in range(2):
        state.apply(state.legal_actions()[-1], state.to_move)
    hand, deck = state.hand[state.to_move], state.deck[state.to_move]
    name = {c: state.name(c).split("#")[0] for c in hand + deck}
    copy = next(c for c in deck if name[c] in {name[h] for h in hand})  # a second copy, whatever the deal
    other = next(i for i, h in enumerate(hand) if name[h] != name[copy])
    hand[other], deck[deck.index(copy)] = copy, hand[other]
    state.legal = None
    twice = state.name(copy)
    reading, _ = loose.read(state, f"discard {twice.split('#')[0]}", state.to_move)
    assert len(reading.fits) == 1  # either copy: the same discard
    state, marches = mc_with_a_march()
    reading, labels = loose.read(state, f"march {marches[0].where}", state.to_move)
    assert len(reading.fits) > 1 and reading.whole is False
    said = reading.ambiguity(f"march {marches[0].where}", labels)
    assert f"fits {len(reading.fits)} moves" in said and "which card:" in said


# -- refusals ------------------------------------------------------------------------------------
def refusal(state, text: str) -> str:
    with pytest.raises(Exception) as error:  # noqa: PT011 - NotationError, said in the message
        state.parse_action(text, state.to_move)
    return str(error.value)


def test_each_kind_of_refusal_names_its_reason():
    state, marches = mc_with_a_march()
    creature = names(marches[0])[0]
    cells = "your cells are 1-6, the enemy's E1-E6"
    assert f"there is no cell E9: {cells}" in refusal(state, f"march E9 {creature}")
    assert "there is no cell 7" in refusal(state, f"march to 7: {creature}")
    assert "you have no card named 'kraken zz'" in refusal(state, "march 2 kraken zz")
    assert "summon is for the normal summon; now it is the main phase (moves now: " in \
        refusal(state, f"summon {creature}")
    assert "discard is for the hand adjustment" in refusal(state, f"disc {creature}")
    assert "'end summon' ends the normal summon; now it is the main phase ('end main')" in \
        refusal(state, "end summon")
    elsewhere = next(cell for cell in ("E1", "E2", "E3", "E4", "E6")
                     if not any(a.where == cell for a in marches))
    said = refusal(state, f"march {elsewhere} {creature}")
    assert said.endswith(f"to {marches[0].where}") and "march now: " in said  # where it may go
    assert "fits" in refusal(state, f"march {marches[0].where}")  # which creatures?


def test_a_refusal_never_names_a_hidden_card(run):
    state, _ = mc_with_a_march()
    enemy = 1 - state.to_move
    hidden = [state.name(c) for c in state.hand[enemy]]
    name = hidden[0].split("#")[0]
    seen = {card.label.split("#")[0] for card in loose.seen_cards(state, state.to_move).values()}
    unseen = next(label.split("#")[0] for label in hidden if label.split("#")[0] not in seen)
    said = refusal(state, f"march 2 {unseen}")
    assert f"you have no card named '{unseen.lower()}' that you can see" in said
    out = play_position(run, state, f"summon {name}", f"march 2 {unseen}", f"card {unseen}", "help")
    assert not any(re.search(re.escape(label) + r"(?!\d)", out) for label in hidden)  # no rival's card


# -- help ----------------------------------------------------------------------------------------
def test_help_groups_a_march_as_a_set_and_wraps_between_words(run):
    state, marches = mc_with_a_march()
    most = max(len(a.cards) for a in marches)
    out = play_position(run, state, "help")
    listed = out.split("Legal moves:")[1].split("Commands:")[0]
    assert f"march to {marches[0].where}: choose up to {most} of " in " ".join(listed.split())
    assert not any(str(a) in listed.splitlines() for a in marches)  # no subset on a line of its own
    assert "place " in listed and " / " in listed  # places share a line
    assert all(len(line) <= 80 for line in listed.splitlines())


def test_help_says_what_a_move_on_its_own_line_does_there_and_once(run):
    state = load_game("monster-collection").new_state(11)
    while "refill" not in [str(a) for a in state.legal_actions()]:
        state.apply(state.legal_actions()[0], state.to_move)
    out = play_position(run, state, "help")
    listed = out.split("Legal moves:")[1].split("Commands:")[0].splitlines()
    assert [line for line in listed if "refill" in line] == ["  refill: refill your hand"], listed


# -- card and rules ------------------------------------------------------------------------------
GAMES = {  # a game, what a card of it shows in English and in another language, and its arguments
    "triple-triad": ("pt", ("--hand", "auto", "--trade", "none")),
    "forge-fury": ("es", ()),
    "ff-tcg": ("pt", ()),
    "conflictus": ("pt", ()),
    "monster-collection": ("zh", ()),
}
TITLES = {"en": "the rules in brief", "pt": "as regras em resumo", "es": "las reglas en resumen",
          "zh": "規則摘要"}
WORDS = {"en": "Words of the game:", "pt": "Palavras do jogo:", "es": "Palabras del juego:",
         "zh": "遊戲用語："}


def hand_card(game_name: str) -> str:
    """A card in seat 0's hand at the start of seed 5 (its name, without the id)."""
    game = load_game(game_name)
    state = game.new_state(5)
    scene = state.scene(0)
    hand = next(a for a in scene.areas if a.role == "hand" and a.owner == 0)
    face = next(f for f in hand.items if f is not None and f.name)
    return str(face.name).split("#")[0].strip()


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("english", [True, False])
def test_rules_and_card_in_every_game(run, game, english):
    lang, extra = GAMES[game]
    lang = "en" if english else lang
    args = ("play", game, "--seed", "5", "--no-color", "--lang", lang, *extra)
    if game == "triple-triad":  # the hand is dealt from the collection: read it from the screen
        first = run("play", game, "--seed", "5", "--no-color", *extra, input="quit\n").stdout
        first = first.split("Your hand")[1]  # the hand's table: a card a line, its name first
        name = next(m[1] for line in first.splitlines()[1:] if (m := re.match(r"(\S.*?)\s{2,}\d", line)))
    else:
        name = hand_card(game)
    result = run(*args, input=f"rules\ncard {name.lower()}\ncard zzzzqq\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert TITLES[lang] in out and WORDS[lang] in out
    said = out.split(f"> card {name.lower()}")[1].split("> card zzzzqq")[0]
    assert name in said or (lang == "zh" and game == "monster-collection")
    assert len(said.strip().splitlines()) >= 3  # the card whole: its fields, a line each
    assert "zzzzqq" in out.split("> card zzzzqq")[1]  # no such card: said so


def test_card_text_in_the_chosen_language_and_a_glossary_of_its_words(run):
    state = load_game("conflictus").new_state(5)
    game = state.game
    with_text = next(c for c in game.db.cards if c.text_en and c.text_en != c.text)
    english = run("play", "conflictus", "--seed", "5", "--no-color",
                  input=f"card {with_text.name}\nquit\n").stdout
    printed = run("play", "conflictus", "--seed", "5", "--no-color", "--lang", "pt",
                  input=f"card {with_text.name}\nquit\n").stdout
    assert with_text.text_en in " ".join(english.split()) and with_text.text not in english
    assert with_text.text in " ".join(printed.split())
    kraken = run("play", "mc", "--seed", "3", "--no-color", input="card kraken\nquit\n").stdout
    assert "from the game's card list" in kraken and "Defender: added to its side's attack" in kraken


def test_other_games_say_which_card_you_do_not_have_and_take_names_without_ids(run):
    state = load_game("conflictus").new_state(3)
    state.apply(state.parse_action("keep", 0), 0)
    state.apply(state.parse_action("keep", 1), 1)
    hand, mons = state.hand[0], state.mons[0]
    for i, source in enumerate([c for c in mons if state.card(c).name == "Fonte de Sombra"][:2]):
        hand[i], mons[mons.index(source)] = source, hand[i]  # two copies in hand, whatever the deal
    state.legal = None
    out = run("play", "conflictus", "--position", state.to_notation(), "--as", "0", "--vs", "random",
              "--no-color", input="play zzz\nsource fonte de sombra\nquit\n").stdout
    assert "no card you can see is named 'zzz'" in out
    assert "You (Blue) put down Fonte de Sombra#" in out  # one of two copies in hand: either
    out = run("play", "ff-tcg", "--seed", "2", "--no-color", input="play zork\nquit\n").stdout
    assert "no card you can see is named 'zork'" in out
