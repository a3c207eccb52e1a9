"""Final Fantasy TCG's scene: what a seat sees, built from its view, and the terminal drawing it.

The areas (each side's zones, a count only for what the seat cannot see, the combat), the
seats' skulls, the status (whose turn, what is asked, the fight and its power), a sentence for
every kind of event the log declares, the moves with the text of what they use, the card
table and the rules line; a re-deal of what the seat cannot see changes nothing of it.
"""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Console

from tcgkit.games.ff_tcg import FFTcg
from tcgkit.games.ff_tcg.english import ability_text, card_text
from tcgkit.games.ff_tcg.rules import FFTcgState
from tcgkit.games.ff_tcg.scene import MESSAGES, Table, log, status
from tcgkit.kernel import refs
from tcgkit.kernel.rng import Rng
from tcgkit.kernel.scene import Scene
from tcgkit.terminal.render import Renderer
from tcgkit.terminal.seats import Seats

from .rules_helpers import ident, label, make_game, play, position

ZERO = ["Broadsword", "Shrine", "Fire", "Summon"]  # luck 0 on top of a deck


@pytest.fixture(scope="module")
def game() -> FFTcg:
    return make_game(auto_forced=False)


def fight(game: FFTcg) -> FFTcgState:
    """Player 0's Bull fights player 1's Fighter (carrying a Hammer); Asp waits for the wounded
    Cecil; player 0's Goblin sits on player 1's Midgar; the luck is revealed."""
    state = position(game, {"hand": ["Bull"], "world": ["Asp"], "chars": ["Cecil Paladin"],
                            "hidden": ["Fire", "Thunder"], "top": ZERO},
                     {"chars": ["Fighter", "Cecil", "Red Mage"], "wounded": ["Cecil"], "hand": ["Asp"],
                      "items": [("Hammer", "Fighter")], "cities": ["Midgar"], "top": ZERO})
    play(state, f"play {label(state, 'Bull', 'hand', 0)} attack", "end")
    play(state, f"attack {label(state, 'Asp', 'world', 0)}", "done")
    fighter, cecil = label(state, "Fighter", "chars", 1), label(state, "Cecil", "chars", 1)
    play(state, f"assign {label(state, 'Bull', 'attackers')} -> {fighter}",
         f"assign {label(state, 'Asp', 'attackers')} -> {cecil}", f"fight {fighter}")
    return state


def drawn(game: FFTcg, scene: Scene, seats: Seats, lang: str | None = None) -> list[str]:
    console = Console(width=110, record=True, color_system=None)
    console.print(Renderer(game, seats, lang).table(scene))
    return [line.rstrip() for line in console.export_text().splitlines()]


def row(lines: list[str], label_: str, after: str = "") -> str:
    """The text of the first row called ``label_`` (after the line ``after``: a side's title)."""
    start = lines.index(after) if after else 0
    line = next(line for line in lines[start:] if line.strip().startswith(label_))
    return line.strip().removeprefix(label_).strip()


# -- areas -----------------------------------------------------------------------------------
def test_each_side_shows_its_zones_and_only_counts_what_the_seat_cannot_see(game):
    state = fight(game)
    scene = state.scene(0)
    rival, mine = (f"side{p}" for p in (1, 0))
    assert [a.group for a in scene.areas][:14] == [rival] * 7 + [mine] * 7  # the rival's side first
    assert "resolving0" not in {a.key for a in scene.areas}  # shown only while a turned action resolves
    held = [a.key for a in scene.areas if not a.group]
    assert held == ["hand1", "hidden1", "hand0", "hidden0"]  # drawn on their own, after the table
    hand = scene.area("hand1")
    assert (hand.hidden, hand.count, hand.items) == (True, 1, [])
    hidden = scene.area("hidden0")
    assert not hidden.hidden and [f.name for f in hidden.items if f] == [label(state, n, "hidden", 0)
                                                                        for n in ("Fire", "Thunder")]
    fire = hidden.items[0]
    english = card_text(game.db.find("Fire"))
    assert fire is not None and fire.kind == "action"
    text, printed = {f.key: f for f in fire.fields}["text"], " ".join(game.db.find("Fire").text.split())
    assert text.value == english  # English by default; the printed Portuguese for pt, where printed
    assert text.translations == ({"pt": printed} if printed else {})
    assert scene.area("deck0").hidden and scene.area("deck0").count == len(state.deck[0])
    spectator = state.scene(None)
    assert spectator.area("hidden0").hidden and spectator.area("hidden0").count == 2
    characters = {f.name: f for f in scene.area("characters1").items if f}
    cecil = characters[label(state, "Cecil", "chars", 1)]
    assert cecil.marks == ["wounded"] and cecil.style == ["type:character"]
    assert [(s.key, s.value) for s in cecil.fields if s.key in ("power", "luck")] == [
        ("power", 3), ("luck", game.db.find("Cecil Paladin").luck)]
    hammer = scene.area("items1").items[0]
    fighter = label(state, "Fighter", "chars", 1)
    assert hammer is not None and {f.key: f.value for f in hammer.fields}["on"] == fighter
    assert hammer.ref == refs.card(ident(hammer.name or ""))


def test_the_cities_show_the_monsters_on_them(game):
    state = position(game, {"hand": ["Asp"], "city_mons": [("Goblin", "Midgar")]},
                     {"cities": ["Midgar"], "chars": ["Fighter"]})
    city = state.scene(1).area("cities1").items[0]
    assert city is not None and {f.key: f.value for f in city.fields}["monsters"] == \
        f"{label(state, 'Goblin', 'city_mons', 1)} P1"


def test_the_combat_shows_whom_each_attacker_fights_and_the_luck_of_each_side(game):
    state = fight(game)
    scene = state.scene(1)
    attacking = scene.area("combat")
    fights = {f.name: f.fields[-1].value for f in attacking.items if f}
    assert fights == {label(state, "Bull", "attackers"): label(state, "Fighter", "chars", 1),
                      label(state, "Asp", "attackers"): label(state, "Cecil", "chars", 1)}
    assert attacking.group == "Combat" and not any(a.key.startswith("luck") for a in scene.areas)
    late = fight(make_game(auto_forced=False, post_reveal_window=True))
    play(late, "done", "done")  # both windows pass: the luck is revealed, the late windows open
    assert late.pending.kind == "post_reveal"
    luck = {a.label: [(f.name, f.fields[-1].value) for f in a.items if f] for a in late.scene(0).areas
            if a.key.startswith("luck")}
    cards, size = late.game.cards, late.t.size
    assert luck == {side: [(late.t.label[c], cards[late.t.kind[c]].luck) for c in late.luck if c // size == p]
                    for side, p in (("Luck, defending", 1), ("Luck, attacking", 0))}


def test_the_status_says_whose_turn_what_is_asked_and_the_fight_with_its_power(game):
    state = fight(game)
    scene = state.scene(0)
    assert [s.id for s in scene.status] == ["fft.turn", "fft.doing.window", "fft.fight_now"]
    now = scene.status[2].args
    assert (now["characters"], now["monsters"]) == ([label(state, "Fighter", "chars", 1)],
                                                   [label(state, "Bull", "attackers")])
    assert (now["power"], now["against"]) == (4, 4)  # Fighter 3 and the Hammer's 1; Bull 4
    assert now["defender"] == refs.player(1) and now["attacker"] == refs.player(0)
    assert scene.pending is not None and scene.pending.prompt.id == "fft.prompt.window"
    english, portuguese = (Renderer(make_game(), Seats.numbered(), lang) for lang in ("en", "pt"))
    counters = [(c.label, english.text(c.value)) for c in scene.seats[1].counters]
    assert counters == [("skulls", "0 of 7 to win")]
    assert portuguese.counter(scene.seats[1].counters[0]) == "caveiras 0 de 7 para vencer"


def test_a_fight_side_left_empty_is_said_in_the_readers_language(game):
    """A fight whose monsters are gone (an effect may remove them before it resolves) names
    "no monster" as a word of the game's, so every language says it in its own."""
    state = fight(game)
    view = state.view(0)
    view["fight_mons"] = []
    now = status(game, view, Table.of(game, view))[-1]
    assert now.id == "fft.fight_now" and now.args["monsters"] == "no monster"
    said = {lang: Renderer(game, Seats.numbered(), lang).say(now) for lang in ("en", "pt", "es", "zh")}
    assert "against no monster (Player 0" in said["en"]
    assert ("nenhum monstro" in said["pt"] and "ningún monstruo" in said["es"]
            and "沒有怪物" in said["zh"]), said



def test_a_game_ended_by_the_turn_limit_says_how_many_turns_were_played():
    game = FFTcg({"turn_limit": 3})
    state, rng = game.new_state(1), Rng(2)
    while state.outcome is None:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))], state.to_move)
    assert state.outcome.reason == "turn limit"
    status = state.scene(0).status[0]
    # the game ends as turn 4 starts; turn 4 is counted in the state but never played
    assert (status.id, status.args["turns"]) == ("fft.over_limit", 3)
    lines = drawn(game, state.scene(0, state.event_count()), Seats.versus(0, "greedy"))
    assert lines[1] == "Over: 3 turns played, the turn limit"

# -- the terminal ------------------------------------------------------------------------------
def test_the_terminal_draws_both_sides_the_combat_and_the_status(game):
    state = fight(game)
    lines = drawn(game, state.scene(0, state.event_count()), Seats.versus(0, "greedy"))
    assert lines[0] == ("You: skulls 0 of 7 to win | "
                        "Rival (greedy): skulls 0 of 7 to win")
    assert lines[1] == "Turn 3: your turn | Rival (greedy) to use effects before the luck reveal, or 'done'"
    assert lines[2].startswith(f"Fight: {label(state, 'Fighter', 'chars', 1)} (Rival (greedy)) against "
                               f"{label(state, 'Bull', 'attackers')} (You); power 4 vs 4 before the luck")
    fighter, cecil = label(state, "Fighter", "chars", 1), label(state, "Cecil", "chars", 1)
    assert row(lines, "Characters", "Rival (greedy)").startswith(
        f"{fighter} P3, {cecil} P3 (wounded), ")
    hammer = label(state, "Hammer", "items", 1)
    assert row(lines, "Items", "Rival (greedy)") == f"{hammer} on {fighter}"
    assert "Rival (greedy)'s hand: 1 card (hidden)" in lines  # a count: the rival's hand is hidden
    assert "Rival (greedy)'s face-down cards: 0 cards (hidden)" in lines
    assert row(lines, "Deck", "You") == f"{len(state.deck[0])} cards"
    at = lines.index("Your face-down cards")  # a table of the cards, with their text
    assert lines[at + 2].split() == ["card", "type", "text", "luck"]
    named = [line.split()[0] for line in lines[at + 4:] if line.split() and "#" in line.split()[0]]
    assert named[:2] == [label(state, n, "hidden", 0) for n in ("Fire", "Thunder")]  # a text may wrap
    bull, asp = label(state, "Bull", "attackers"), label(state, "Asp", "attackers")
    attacking = row(lines, "Attacking", "Combat")
    assert attacking == f"{bull} P4 fights {fighter}, {asp} P2 fights {cecil}"
    play(state, "done", "done")
    revealed = [e for e in state.events_since(0, None) if e["kind"] == "luck"]
    news = Renderer(game, Seats.versus(0, "greedy")).news(state.scene(0, 0))
    assert f"Rival (greedy) reveals {revealed[0]['card']} for luck." in news
    assert any(line.startswith("Characters 4 vs monsters 4: the monsters win.") for line in news)


def test_the_hand_shows_each_cards_english_text_or_with_lang_pt_the_printed_one():
    game = FFTcg()
    state = game.new_state(3)
    viewer = state.to_move
    key = state.scene(viewer).area(f"hand{viewer}").items[0]
    assert key is not None and key.name is not None
    card = game.db.find(key.name.rpartition("#")[0])
    assert card is not None and card.text and card_text(card) != card.text
    for lang, text in (("pt", " ".join(card.text.split())), ("en", card_text(card)), (None, card_text(card))):
        lines = drawn(game, state.scene(viewer), Seats.versus(viewer, "greedy"), lang)
        at = next(i for i, line in enumerate(lines) if line in ("Your hand", "Você: mão"))
        first = next(line for line in lines[at:] if line.strip().startswith(key.name))
        assert text.split()[0] in first.split(), (lang, first)


def test_a_spectator_sees_both_sides_in_seat_order_and_no_hidden_card(game):
    state = fight(game)
    lines = drawn(game, state.scene(None, state.event_count()), Seats.numbered())
    assert lines.index("Player 0") < lines.index("Player 1")
    assert "Player 0's face-down cards: 2 cards (hidden)" in lines
    for name in ("Fire", "Thunder"):
        assert label(state, name, "hidden", 0) not in "\n".join(lines)


def test_a_player_searching_their_deck_sees_it_and_nobody_else_does(game):
    state = position(game, {"hidden": ["Summon"], "top": ["Fighter"]})
    play(state, f"turn {label(state, 'Summon', 'hidden', 0)}")
    assert state.pending.kind == "search"
    deck = state.scene(0).area("deck0")
    assert not deck.hidden and [f.name for f in deck.items if f] == [state.t.label[c] for c in state.deck[0]]
    assert state.scene(1).area("deck0").hidden and state.scene(1).area("deck1").hidden
    assert state.scene(None).area("deck0").hidden
    for viewer in (0, 1, None):
        other = game.redeal_hidden(state, viewer, Rng(7))
        assert other.scene(viewer).to_json() == state.scene(viewer).to_json()


# -- sentences -----------------------------------------------------------------------------------
SAMPLES: dict[str, dict[str, Any]] = {
    "cut": {"shown": ["Asp#1", "Bull#70"]}, "first": {"player": 0}, "turn": {"turn": 4, "player": 1},
    "draw": {"player": 0, "card": "Asp#1"}, "hide": {"player": 1, "card": "Fire#61"},
    "search": {"player": 0, "card": "Fighter#3"}, "reshuffle": {"player": 1, "cards": 30},
    "mill": {"player": 1, "card": "Imp#64"}, "discard": {"player": 0, "card": "Fire#2"},
    "play": {"player": 0, "card": "Goblin#4", "mode": "city", "on": "Midgar#66"},
    "turn_up": {"player": 0, "card": "Fire#2", "target": "Asp#65"},
    "use": {"player": 1, "card": "Hammer#62", "ability": 1, "target": None},
    "trigger": {"player": 0, "card": "Twin#5", "ability": 1},
    "target": {"player": 0, "card": "Twin#5", "target": "Fighter#63"}, "combat": {"attacker": 0},
    "attack": {"player": 0, "card": "Asp#1"}, "clear": {"player": 1, "city": "Midgar#66"},
    "unopposed": {"player": 0, "winners": ["Asp#1", "Bull#6"]},
    "assign": {"monster": "Asp#1", "character": "Fighter#63"},
    "fight": {"character_side": 1, "character": "all", "monsters": ["Garland#7"]},
    "luck": {"player": 1, "card": "Imp#64"},
    "fight_result": {"characters_total": 5, "monsters_total": 6, "winner": "monsters"},
    "skull": {"card": "Asp#1"}, "wound": {"card": "Fighter#63"}, "heal": {"card": "Fighter#63"},
    "die": {"card": "Fighter#63"}, "destroy": {"card": "Midgar#66"}, "sacrifice": {"card": "Imp#64"},
    "unskull": {"card": "Asp#1"}, "move": {"card": "Asp#1", "zone": "deck_bottom"},
    "villain_defeated": {"player": 0, "card": "Garland#7"}, "cancelled": {},
    "end": {"winner": 1, "reason": "7 skulls"},
}


def test_every_event_of_the_log_has_an_english_sentence():
    kinds = {entry.event or entry.kind for entry in FFTcgState.SPEC.log}
    assert kinds == set(SAMPLES)
    renderer = Renderer(make_game(), Seats.versus(0, "greedy"))
    renderer.named = True  # as a scene of this game asks (``named_seats``)
    secret = {"draw", "hide", "search"}
    events = [{"kind": kind, **data} for kind, data in SAMPLES.items()]
    events += [{"kind": kind, "player": 1} for kind in secret]  # as the other player sees them
    events += [{"kind": "search", "player": 0, "card": None}, {"kind": "end", "winner": None, "reason": "x"},
               {"kind": "fight_result", "characters_total": None, "monsters_total": None,
                "winner": "monsters"}]
    sentences = log(events)
    assert len(sentences) == len(events) and all(s.id in MESSAGES for s in sentences)
    lines = [renderer.say(s) for s in sentences]
    assert not [line for line in lines if line.startswith("fft.")]
    assert "You play Goblin#4 onto the city Midgar#66." in lines
    assert "You turn Fire#2 face up on Asp#65." in lines
    assert "Rival (greedy) uses Hammer#62." in lines
    assert "Fight: Garland#7 against all the characters." in lines
    assert "Asp#1 goes to the bottom of the deck." in lines
    assert "Your villain Garland#7 is defeated." in lines
    assert "Rival (greedy) draws a card." in lines and "You search the deck." in lines
    assert "No character defends: the monsters win." in lines
    assert "The game ends: Rival (greedy) wins (7 skulls)." in lines


def test_a_fight_won_unopposed_is_told_before_its_skulls():
    events = [{"kind": "skull", "card": "Asp#1"}, {"kind": "skull", "card": "Bull#6"},
              {"kind": "unopposed", "player": 0, "winners": ["Asp#1", "Bull#6"]}]
    assert [s.id for s in log(events)] == ["fft.unopposed.many", "fft.skull", "fft.skull"]


# -- moves, the card table, the rules -----------------------------------------------------------
def test_using_an_ability_carries_its_text_in_english(game):
    state = fight(game)
    hammer = label(state, "Hammer", "items", 1)
    move = next(m for m in state.scene(1).moves if m.notation == f"use {hammer} 1")
    assert move.refs == [refs.card(ident(hammer))] and move.text is not None
    card = game.db.find("Hammer")
    assert card is not None
    english = ability_text(card.abilities[1])
    assert move.text.value == english
    assert move.text.translations == {}  # no printed text in the test cards: nothing else to show
    assert state.scene(0).moves == []  # the seat not asked has no moves


def test_the_card_table_has_its_text_in_english_beside_the_printed_one(game):
    table = game.card_table()
    assert [c.key for c in table.columns] == ["name", "type", "power", "luck", "kind", "text"]
    assert table.columns[-1].translations == {"pt": "text_pt"}
    fighter = next(r for r in table.rows if r["name"] == "Fighter")
    assert (fighter["power"], fighter["kind"]) == (3, "Fighter") and "text_pt" in fighter
    assert table.styles[table.rows.index(fighter)] == ["type:character"]
    assert fighter["text"] == card_text(game.db.find("Fighter"))  # English by default
    rows = Renderer(game, Seats.numbered(), "pt").card_rows(table)
    assert rows[table.rows.index(fighter)]["text"] == fighter["text_pt"]


def test_the_rules_line_says_the_numbers_then_the_other_options():
    line = Renderer(make_game(), Seats.numbered()).lines(make_game().rules_summary())
    assert line[0].startswith("Decks of 60; 7 skulls lose; villains to defeat: 1; turn limit 200; "
                              "cards from ")
    other = make_game(private_decklists=True, deckout_policy="lose", post_reveal_window=True)
    text = Renderer(other, Seats.numbered()).lines(other.rules_summary())[0]
    assert "; private deck lists; " in text and text.endswith("; deckout_policy=lose; post_reveal_window")


def test_a_fight_that_ended_the_game_is_not_told_as_going_on(game):
    """A villain defeated in a fight ends the game with the fight still recorded; the status
    then says the game is over and no more (it said "Fight: ... against  (Rival)", the villain
    gone, its power from before the luck)."""
    for seed in range(40):
        state = game.new_state(seed)
        rng = Rng(seed)
        while state.decisions:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))], state.to_move)
        if state.view(0)["fight_char"] is not None:
            break
    else:
        pytest.fail("no random game of 40 ended in a fight")
    assert state.outcome is not None
    assert [s.id for s in state.scene(0).status] == ["fft.over"]
