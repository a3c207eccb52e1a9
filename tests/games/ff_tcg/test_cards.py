"""Final Fantasy TCG card data: the shipped set and decks, and broken card files refused clearly."""

from __future__ import annotations

import re
import typing
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

import tcgkit
from tcgkit.games.ff_tcg.cards import CARD_TYPES, Card, default_card_paths, default_cards, load_cards
from tcgkit.games.ff_tcg.effects import REGISTRY, Place
from tcgkit.kernel import CardDataError
from tcgkit.kernel.decks import read_deck
from tcgkit.kernel.effects import Condition, EffectStep

DECKS = default_card_paths()[0].parent / "decks"
DECK_NAMES = ("warriors", "black_magic")


# -- what the set uses ------------------------------------------------------------------------
def conditions_of(card: Card) -> Iterator[Condition]:
    for cond in (card.play, card.world_requirement, card.attack, *(a.condition for a in card.abilities)):
        if cond is not None:
            yield cond


def walk(cond: Condition) -> Iterator[Condition]:
    yield cond
    for part in cond.parts:
        yield from walk(part)


def steps_of(card: Card) -> Iterator[EffectStep]:
    for cond in conditions_of(card):
        yield from (c.check for c in walk(cond) if c.check is not None)
    for ab in card.abilities:
        yield from ab.costs + ab.effects
        if ab.target is not None:
            yield ab.target


def usage() -> dict[str, set[str]]:
    used: dict[str, set[str]] = {k: set() for k in ("effect", "condition", "target", "op", "timing",
                                                     "duration", "ref", "stat", "zone", "place")}
    for card in default_cards().cards:
        for cond in conditions_of(card):
            used["op"] |= {c.op for c in walk(cond)}
        for ab in card.abilities:
            used["timing"].add(ab.timing)
            if any(s.primitive.name == "modify_stat" for s in ab.effects):  # where a duration matters
                used["duration"].add(ab.duration)
        for step in steps_of(card):
            used[step.primitive.kind].add(step.primitive.name)
            for key, kind in (("to", "ref"), ("stat", "stat"), ("zone", "zone"), ("place", "place")):
                if hasattr(step.params, key):
                    used[kind].add(getattr(step.params, key))
    return used


def expected() -> dict[str, set[str]]:
    return {
        "effect": set(REGISTRY.names("effect")),
        "condition": set(REGISTRY.names("condition")),
        "target": set(REGISTRY.names("target")),
        "op": {"check", "all", "any", "not"},
        "timing": set(REGISTRY.timings),
        "duration": set(REGISTRY.durations),
        "ref": set(REGISTRY.refs),
        "stat": set(REGISTRY.stats),
        "zone": set(REGISTRY.zones),
        "place": set(typing.get_args(Place)),
    }


@pytest.mark.parametrize("kind", sorted(expected()))
def test_every_part_of_the_vocabulary_is_on_some_card(kind):
    missing = expected()[kind] - usage()[kind]
    assert not missing, f"no card of the sample set uses the {kind}(s) {sorted(missing)}: add one"


def test_the_set_loads():
    db = default_cards()
    cards = db.cards
    assert len({c.name for c in cards}) == len(cards) >= 64
    assert len({c.id for c in cards}) == len(cards)
    types = Counter(c.type for c in cards)
    assert set(types) == set(CARD_TYPES)
    assert types["villain"] >= 3 and types["character"] >= 12
    assert db.find("hydra") is db.find(" Hydra ") is not None
    assert len(db.hash) == 16


def test_every_card_has_luck_and_text():
    cards = default_cards().cards
    for card in cards:
        assert 0 <= card.luck <= 3, card.name
        assert card.text.strip(), card.name
    assert 1.3 <= sum(c.luck for c in cards) / len(cards) <= 1.7


def test_numbers_are_in_the_designed_ranges():
    for card in default_cards().cards:
        low, high = {"monster": (1, 5), "character": (2, 4), "villain": (8, 12)}.get(card.type, (0, 0))
        assert low <= card.power <= high, card.name


def test_jobs_and_known_cards():
    db = default_cards()
    jobs = {c.job for c in db.cards if c.type == "character"}
    assert {"Fighter", "Red Mage", "Black Mage", "White Mage", "Thief", "Monk", "Knight"} <= jobs
    keys = [(c.name, c.job) for c in db.cards if c.type == "character"]
    assert len(set(keys)) == len(keys)
    hydra, asp, wolf = db.find("Hydra"), db.find("Asp"), db.find("Wolf")
    assert hydra.power == 5 and asp.attack is None and wolf.world
    for name in ("Wolf", "Spider", "Madpony"):
        check = db.find(name).attack.check
        assert (check.primitive.name, check.params.name) == ("attacking_with", "Asp")
    armor = db.find("Leather Armor").abilities[0]
    bonus = armor.effects[0].params
    assert (armor.timing, armor.costs[0].params.zone) == ("combat", "discard")
    assert (bonus.stat, bonus.amount) == ("defense", 3)
    hammer = db.find("Hammer")
    assert [a.timing for a in hammer.abilities] == ["static", "combat"]
    assert db.find("Temper").abilities[0].effects[0].params.to == "attackers"
    for villain in (c for c in db.cards if c.type == "villain"):
        assert villain.attack is not None, villain.name
        assert {a.timing for a in villain.abilities} >= {"on_attack", "on_win"}, villain.name
        on_attack = [s.primitive.name for a in villain.abilities_at("on_attack") for s in a.effects]
        assert "sacrifice" in on_attack, villain.name
    for city in (c for c in db.cards if c.type == "city"):
        assert all(a.condition is not None for a in city.abilities), city.name  # the city's requirement


# -- decks --------------------------------------------------------------------------------------
def deck(name: str) -> list[str]:
    return read_deck(DECKS / f"{name}.txt").cards


@pytest.mark.parametrize("name", DECK_NAMES)
def test_the_preconstructed_decks_are_legal(name):
    db = default_cards()
    cards = deck(name)
    assert len(cards) == 60
    for line in cards:
        assert db.find(line) is not None and db.find(line).name == line, f"{name}: unknown card {line!r}"
    counts = Counter(cards)
    assert max(counts.values()) <= 4
    villains = [n for n in counts if db.find(n).type == "villain"]
    assert villains and all(counts[v] == 1 for v in villains)
    characters = sum(n for c, n in counts.items() if db.find(c).type == "character")
    assert 10 <= characters <= 14


def test_the_decks_follow_different_plans():
    db = default_cards()
    warriors, black = Counter(deck("warriors")), Counter(deck("black_magic"))

    def of(counts: Counter[str], kind: str) -> set[str]:
        return {c for c in counts if db.find(c).type == kind}

    assert not of(warriors, "villain") & of(black, "villain")
    assert sum((warriors & black).values()) <= 10  # little overlap
    jobs = {db.find(c).job for c in of(warriors, "character")}
    assert jobs == {"Fighter", "Red Mage"}
    assert {"Asp", "Wolf", "Spider", "Madpony", "Bull", "Hydra"} <= set(warriors)
    assert sum(n for c, n in black.items() if db.find(c).subtype == "black_magic") >= 15
    assert of(black, "city") and all(db.find(m).world for m in of(black, "monster"))


# -- broken files -----------------------------------------------------------------------------
GOOD = '[[card]]\nid = "imp2"\nname = "Imp Two"\ntype = "monster"\npower = 1\nluck = 1\nworld = true\n' \
       'text = "x"\n'


def refused(tmp_path, text: str, *fragments: str, name: str = "bad.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        load_cards([path])
    message = str(info.value)
    for fragment in (name, *fragments):
        assert fragment in message, message
    return message


def test_a_good_file_loads(tmp_path):
    path = tmp_path / "mine.toml"
    pup = '[[card]]\nid = "w"\nname = "Pup"\ntype = "monster"\npower = 2\nluck = 0\nworld = true\n' \
          'attack = { check = "attacking_with", name = "Imp Two" }\n'
    path.write_text(GOOD + pup, encoding="utf-8")
    db = load_cards([path])
    assert [c.name for c in db.cards] == ["Imp Two", "Pup"] and db.find("pup").attack is not None


def test_a_rewritten_card_file_gives_its_new_cards_and_hash(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(GOOD, encoding="utf-8")
    before = tcgkit.load_game("ff-tcg", card_files=(path,))
    path.write_text(GOOD.replace("Imp Two", "Imp Three"), encoding="utf-8")
    after = tcgkit.load_game("ff-tcg", card_files=(path,))
    assert before.db.find("Imp Two") and after.db.find("Imp Two") is None and after.db.find("Imp Three")
    assert after.card_data_hash() != before.card_data_hash()
    assert after.options.card_files != before.options.card_files
    assert all(ref.startswith("sha256:") for ref in after.options_json()["card_files"])


@pytest.mark.parametrize("change, fragments", [
    ('colour = "red"\n', ("card 'Imp Two' (imp2)", "field colour")),
    ('job = "Fighter"\n', ("card 'Imp Two'", "only characters have one")),
    ('attack = { check = "attacking_with", name = "Ghost" }\n', ("field attack", "names 'Ghost'")),
    ('attack = { check = "count", place = "graveyard" }\n', ("card 'Imp Two'", "field attack.place",
                                                            "'in_play'")),
    ('play = { any = { check = "sees" } }\n', ("card 'Imp Two'", "field play.any", "a list of conditions")),
])
def test_broken_cards_name_the_card_and_field(tmp_path, change, fragments):
    refused(tmp_path, GOOD + change, *fragments)


def test_a_toml_error_names_the_line(tmp_path):
    refused(tmp_path, GOOD + "luck = 1\n", "not valid TOML", "line 9")  # a key given twice


@pytest.mark.parametrize("ability, fragments", [
    ('timing = "whenever"\neffects = [{ do = "draw" }]', ("abilities[0].timing", "unknown timing")),
    ('timing = "combat"\neffects = [{ do = "heal", to = "everyone" }]', ("abilities[0].effects[0].to",
                                                                       "unknown ref 'everyone'")),
    ('timing = "combat"\neffects = [{ do = "extra_luck", count = 9 }]', ("abilities[0].effects[0].count",
                                                                       "less than or equal to 3")),
    ('timing = "turn"\neffects = [{ do = "search_deck", name = "Excalibur" }]', ("field abilities[0]",
                                                                               "'Excalibur'")),
    ('timing = "turn"\nduration = "forever"\neffects = [{ do = "draw" }]', ("abilities[0].duration",)),
    ('timing = "turn"\neffects = [{ do = "hook", name = "meteor" }]', ("no Python hook named 'meteor'",)),
])
def test_broken_abilities_name_the_card_and_field(tmp_path, ability, fragments):
    refused(tmp_path, GOOD + f"  [[card.abilities]]\n  {ability}\n", "card 'Imp Two' (imp2)", *fragments)


def test_type_rules(tmp_path):
    base = '[[card]]\nid = "z"\nname = "Zed"\nluck = 1\n'
    refused(tmp_path, base + 'type = "monster"\n', "card 'Zed' (z): a monster needs a power")
    refused(tmp_path, base + 'type = "item"\n', "an item needs a subtype")
    refused(tmp_path, base + 'type = "character"\npower = 2\n', "a character needs a job")
    refused(tmp_path, base + 'type = "villain"\npower = 9\nworld = true\n', "only monsters carry 'world'")
    refused(tmp_path, base + 'type = "monster"\npower = 2\nworld_requirement = { check = "sees" }\n',
            "world_requirement needs world = true")
    no_luck = base.replace("luck = 1\n", "")
    refused(tmp_path, no_luck + 'type = "monster"\npower = 2\n', "field luck", "required")


def test_names_must_be_unique_across_files(tmp_path):
    first = tmp_path / "first.toml"
    first.write_text(GOOD, encoding="utf-8")
    second = tmp_path / "second.toml"
    second.write_text(GOOD.replace('"imp2"', '"other"'), encoding="utf-8")
    taken = r"second\.toml, card 'Imp Two' \(other\): the name 'Imp Two' is taken"
    with pytest.raises(CardDataError, match=taken):
        load_cards([first, second])
    with pytest.raises(CardDataError, match="already|taken"):
        load_cards([*default_card_paths(), Path(str(default_card_paths()[0]))])


def test_duplicate_ids_and_top_level_keys(tmp_path):
    refused(tmp_path, GOOD + GOOD.replace("Imp Two", "Imp Three"), "card 'Imp Three' (imp2)", "duplicate id")
    refused(tmp_path, '[deck]\nname = "x"\n' + GOOD, "unknown top-level key(s) deck")


# -- docs/cards.md ------------------------------------------------------------------------------
DOC = Path(__file__).resolve().parents[3] / "docs" / "cards.md"


def doc_blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_documented_examples_load(tmp_path):
    (worked,) = [b for b in doc_blocks("toml") if 'id = "garland"' in b]
    path = tmp_path / "examples.toml"
    path.write_text(worked, encoding="utf-8")
    db = load_cards([path])
    assert [c.name for c in db.cards] == ["Hammer", "Fire", "Asp", "Wolf", "Pravoka", "Garland"]
    shipped = default_cards()
    for card in db.cards:  # the examples are the shipped cards
        same = shipped.find(card.name)
        assert (card.abilities, card.text, card.luck) == (same.abilities, same.text, same.luck), card.name


def test_the_documented_errors_are_real(tmp_path):
    (errors,) = [b for b in doc_blocks("text") if "no card of the set" in b]
    bad = {
        "ether": '[[card]]\nid = "ether"\nname = "Ether"\ntype = "action"\nluck = 1\n'
                 '[[card.abilities]]\ntiming = "turn"\neffects = [{ do = "heal", to = "everybody" }]\n',
        "ghost": '[[card]]\nid = "ghost"\nname = "Ghost"\ntype = "monster"\npower = 2\nluck = 1\n'
                 'world = true\nattack = { check = "attacking_with", name = "Wraith" }\n',
    }
    for key, line in zip(("ether", "ghost"), errors.strip().splitlines(), strict=True):
        path = tmp_path / "my_set.toml"
        path.write_text(bad[key], encoding="utf-8")
        with pytest.raises(CardDataError) as info:
            load_cards([path])
        assert str(info.value) == str(tmp_path / line)


def test_the_doc_names_the_whole_vocabulary():
    text = DOC.read_text(encoding="utf-8")
    words = {f"`{w}`" for kind, w in REGISTRY.primitives} | {f"`{w}`" for w in REGISTRY.timings}
    words |= {f"`{w}`" for w in REGISTRY.durations | REGISTRY.refs | REGISTRY.stats | REGISTRY.zones}
    words |= {f"`{w}`" for w in typing.get_args(Place)}
    assert not {w for w in words if w not in text}
    assert "Registered hooks: **none**" in text and not REGISTRY.hooks
