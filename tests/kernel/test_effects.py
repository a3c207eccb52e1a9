"""The effect runtime on its own: a tiny registry made here (no game), compiled from TOML in tmp_path."""

from __future__ import annotations

import re
from typing import Annotated, Any

import pytest
from pydantic import BaseModel, ConfigDict

from tcgkit.kernel import CardDataError
from tcgkit.kernel.effects import (
    CONDITION,
    PAUSE,
    SHARED,
    Activation,
    CardName,
    Modifiers,
    NoParams,
    Params,
    check_card_names,
    load_card_tables,
    resolve,
)

REG = SHARED.extend(
    timings=("now", "later"), durations=("end_of_turn",), default_duration="end_of_turn",
    refs=("self", "target"), stats=("power",), zones=("hand", "discard"),
)


class Flag(Params):
    value: bool


class Named(Params):
    name: CardName | None = None


class Names(Params):
    names: list[CardName] = []


@REG.condition("flag", Flag)
def _flag(host: Any, act: Activation, p: Flag, step: Any) -> bool:
    return p.value


@REG.condition("named", Named)
def _named(host: Any, act: Activation, p: Named, step: Any) -> bool:
    return True


@REG.condition("named_all", Names)
def _named_all(host: Any, act: Activation, p: Names, step: Any) -> bool:
    return True


@REG.target("anything", NoParams)
def _anything(host: Any, act: Activation, p: NoParams, step: Any) -> list[int]:
    return [1, 2]


@REG.effect("log", Flag)
def _log(host: Any, act: Activation, p: Flag, step: Any) -> None:
    host.log.append(("log", p.value))


@REG.hook("boom")
def _boom(host: Any, act: Activation) -> None:
    host.log.append(("boom", act.source))


class Row(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    power: int = 0
    needs: Annotated[dict[str, Any] | None, CONDITION] = None
    abilities: list[dict[str, Any]] = []


class Host:
    """Records every call the shared primitives make."""

    def __init__(self) -> None:
        self.log: list[tuple[Any, ...]] = []
        self.mods = Modifiers()

    def player_ref(self, act: Activation, who: str) -> list[int]:
        return {"you": [act.player], "opponent": [1 - act.player], "each": [0, 1]}[who]

    def card_refs(self, act: Activation, ref: str) -> list[int]:
        return [act.source] if ref == "self" else [] if act.target is None else [act.target]

    def draw(self, player: int, count: int) -> None:
        self.log.append(("draw", player, count))

    def mill(self, player: int, count: int) -> None:
        self.log.append(("mill", player, count))

    def destroy(self, card: int) -> None:
        self.log.append(("destroy", card))

    def move_card(self, card: int, zone: str) -> None:
        self.log.append(("move", card, zone))

    def add_modifier(self, card: int, stat: str, amount: int, until: str) -> None:
        self.mods.add(card, stat, amount, until)

    def ask_discard(self, player: int, count: int) -> Any:
        self.log.append(("ask_discard", player, count))
        return PAUSE


CARD = '[[card]]\nid = "a"\nname = "Alpha"\n'


def write(tmp_path, text: str) -> str:
    path = tmp_path / "set.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def load(tmp_path, text: str):
    cards = load_card_tables(write(tmp_path, text), Row, REG)
    check_card_names(cards, {card.row.name for card in cards})
    return cards


def ability(body: str) -> str:
    return CARD + "  [[card.abilities]]\n" + body


def refused(tmp_path, text: str, *fragments: str) -> str:
    with pytest.raises(CardDataError) as info:
        load(tmp_path, text)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message
    return message


# -- compiling ------------------------------------------------------------------------------
def test_a_card_compiles(tmp_path):
    (card,) = load(tmp_path, ability(
        'timing = "now"\ncondition = { check = "flag", value = true }\n'
        'cost = [{ do = "move", to = "self", zone = "discard" }]\n'
        'target = { choose = "anything" }\n'
        'effects = [{ do = "modify_stat", stat = "power", amount = 2, to = "target" }, { do = "draw" }]\n'
        'text = "Now: +2."\n'
    ))
    (ab,) = card.abilities
    assert (ab.index, ab.timing, ab.duration, ab.once_per_turn) == (0, "now", "end_of_turn", True)
    assert ab.text == "Now: +2."
    assert [s.primitive.name for s in ab.costs + ab.effects] == ["move", "modify_stat", "draw"]
    assert ab.effects[0].duration == "end_of_turn"  # the ability's duration reaches its steps
    assert ab.target is not None and ab.target.primitive.kind == "target"
    assert card.conditions == {"needs": None}
    assert "card 'Alpha' (a)" in card.source


def test_unknown_top_level_key(tmp_path):
    refused(tmp_path, 'cards = 1\n' + CARD, "set.toml", "unknown top-level key(s) cards")


def test_no_cards(tmp_path):
    refused(tmp_path, '[set]\nid = "s"\n', "set.toml", "no [[card]] tables")


def test_unknown_card_key(tmp_path):
    refused(tmp_path, CARD + 'colour = "red"\n', "set.toml", "card 'Alpha' (a)", "field colour")


def test_unknown_primitive(tmp_path):
    refused(tmp_path, ability('timing = "now"\neffects = [{ do = "zap" }]\n'),
            "card 'Alpha'", "abilities[0].effects[0].do", "unknown effect 'zap'", "known: ")


def test_wrong_parameter_type(tmp_path):
    refused(tmp_path, ability('timing = "now"\neffects = [{ do = "draw", count = "two" }]\n'),
            "card 'Alpha'", "abilities[0].effects[0].count", "integer")


def test_unknown_parameter(tmp_path):
    refused(tmp_path, ability('timing = "now"\neffects = [{ do = "draw", cards = 2 }]\n'),
            "abilities[0].effects[0].cards")


@pytest.mark.parametrize("effect, field, message", [
    ('{ do = "destroy", to = "nobody" }', "effects[0].to", "unknown ref 'nobody'"),
    ('{ do = "modify_stat", stat = "speed", amount = 1, to = "self" }', "effects[0].stat",
     "unknown stat 'speed'"),
    ('{ do = "move", to = "self", zone = "moon" }', "effects[0].zone", "unknown zone 'moon'"),
])
def test_unknown_names(tmp_path, effect, field, message):
    refused(tmp_path, ability(f'timing = "now"\neffects = [{effect}]\n'), "card 'Alpha'", field, message)


def test_unknown_timing_and_duration(tmp_path):
    refused(tmp_path, ability('timing = "never"\neffects = [{ do = "draw" }]\n'),
            "abilities[0].timing", "unknown timing 'never'", "known: later, now")
    refused(tmp_path, ability('timing = "now"\nduration = "forever"\neffects = [{ do = "draw" }]\n'),
            "abilities[0].duration", "unknown duration 'forever'")


def test_ability_shape(tmp_path):
    refused(tmp_path, ability('timing = "now"\neffects = []\n'), "abilities[0].effects")
    refused(tmp_path, ability('timing = "now"\nwhen = 1\neffects = [{ do = "draw" }]\n'), "abilities[0].when")
    refused(tmp_path, ability('timing = "now"\neffects = ["draw"]\n'),
            "abilities[0].effects[0]", "a 'do' naming a primitive")


@pytest.mark.parametrize("needs, field, message", [
    ('{ all = { check = "flag", value = true } }', "field needs.all", "a list of conditions"),
    ('{ not = [{ check = "flag", value = true }] }', "field needs.not[0]", "a 'check' naming"),
    ('{ value = true }', "field needs", "a 'check' naming a primitive"),
    ('{ check = "maybe" }', "field needs.check", "unknown condition 'maybe'"),
    ('{ any = [{ check = "flag" }] }', "field needs.any[0].value", "required"),
])
def test_bad_condition_shape(tmp_path, needs, field, message):
    refused(tmp_path, CARD + f"needs = {needs}\n", "card 'Alpha'", field, message)


def test_unknown_hook(tmp_path):
    refused(tmp_path, ability('timing = "now"\neffects = [{ do = "hook", name = "bang" }]\n'),
            "abilities[0].effects[0].name", "no Python hook named 'bang'", "registered: boom")


@pytest.mark.parametrize("needs", [
    '{ check = "named", name = "Ghost" }',  # CardName | None
    '{ check = "named_all", names = ["Alpha", "Ghost"] }',  # list[CardName]
    '{ not = { check = "named", name = "Ghost" } }',
])
def test_dangling_card_name(tmp_path, needs):
    refused(tmp_path, CARD + f"needs = {needs}\n", "card 'Alpha' (a)", "field needs", "names 'Ghost'",
            "no card of the set")


def test_dangling_card_name_in_an_ability(tmp_path):
    refused(tmp_path, ability('timing = "now"\ncondition = { check = "named", name = "Ghost" }\n'
                              'effects = [{ do = "draw" }]\n'), "field abilities[0]", "names 'Ghost'")


def test_known_card_names_pass(tmp_path):
    cards = load(tmp_path, CARD + 'needs = { check = "named", name = "Alpha" }\n'
                 + '[[card]]\nid = "b"\nname = "Beta"\nneeds = { check = "named" }\n')
    assert [c.row.name for c in cards] == ["Alpha", "Beta"]


def test_duplicate_id(tmp_path):
    refused(tmp_path, CARD + '[[card]]\nid = "a"\nname = "Again"\n', "card 'Again' (a)",
            "duplicate id (first on card number 1)")


def test_toml_syntax_error_names_the_line(tmp_path):
    message = refused(tmp_path, CARD + 'power = \n', "set.toml", "not valid TOML")
    assert re.search(r"line 4\b", message), message


def test_unreadable_file(tmp_path):
    with pytest.raises(CardDataError, match="cannot read the card file"):
        load_card_tables(tmp_path / "missing.toml", Row, REG)
    (tmp_path / "set.toml").write_bytes(b"\xff\xfe")
    with pytest.raises(CardDataError, match="not UTF-8"):
        load_card_tables(tmp_path / "set.toml", Row, REG)


def test_extend_refuses_unknown_settings():
    with pytest.raises(TypeError, match="colours"):
        SHARED.extend(colours=("red",))
    assert REG.names("effect") == sorted(["destroy", "discard", "draw", "log", "mill", "modify_stat", "move"])
    assert ("effect", "log") not in SHARED.primitives  # a game's primitives stay in its copy


# -- running --------------------------------------------------------------------------------
def compiled(tmp_path, body: str):
    (card,) = load(tmp_path, ability(body))
    return card.abilities[0]


def test_resolve_runs_in_order_and_resumes_after_a_pause(tmp_path):
    ab = compiled(tmp_path, 'timing = "now"\neffects = [{ do = "log", value = true }, { do = "discard", '
                  'count = 2 }, { do = "log", value = false }, { do = "discard" }, { do = "draw" }]\n')
    host, act = Host(), Activation(0, 7)
    assert resolve(host, act, ab.effects) == 2
    assert host.log == [("log", True), ("ask_discard", 0, 2)]
    assert resolve(host, act, ab.effects, 2) == 4
    assert resolve(host, act, ab.effects, 4) is None
    assert host.log[2:] == [("log", False), ("ask_discard", 0, 1), ("draw", 0, 1)]


@pytest.mark.parametrize("needs, expected", [
    ('{ check = "flag", value = true }', True),
    ('{ all = [{ check = "flag", value = true }, { check = "flag", value = false }] }', False),
    ('{ all = [] }', True),
    ('{ any = [{ check = "flag", value = false }, { check = "flag", value = true }] }', True),
    ('{ any = [] }', False),
    ('{ not = { check = "flag", value = true } }', False),
    ('{ not = { any = [{ check = "flag", value = false }] } }', True),
    ('{ all = [{ check = "flag", value = true }, { check = "flag", value = true }, '
     '{ check = "flag", value = false }] }', False),
    ('{ any = [{ check = "flag", value = false }, { check = "flag", value = false }, '
     '{ check = "flag", value = true }] }', True),
])
def test_conditions(tmp_path, needs, expected):
    (card,) = load(tmp_path, CARD + f"needs = {needs}\n")
    condition = card.conditions["needs"]
    assert condition.holds(Host(), Activation(0, 1)) is expected
    assert condition.compile()(Host(), Activation(0, 1)) is expected  # the same, as one function


def test_compiled_steps_and_binders(tmp_path):
    reg = REG.extend()
    bound: list[bool] = []

    @reg.binder("condition", "flag")
    def _flag_bound(step: Any) -> Any:
        value = step.params.value  # read once, here
        bound.append(value)
        return lambda host, act: value

    cards = load_card_tables(write(tmp_path, ability(
        'timing = "now"\ncondition = { not = { check = "flag", value = false } }\n'
        'target = { choose = "anything" }\neffects = [{ do = "log", value = true }, { do = "draw" }]\n')),
        Row, reg)
    ab = cards[0].abilities[0]
    assert ab.condition is not None and ab.target is not None
    host, act = Host(), Activation(0, 3)
    assert ab.condition.compile()(host, act) is True and bound == [False]
    assert ab.target.compile()(host, act) == [1, 2]
    for step in ab.effects:
        step.compile()(host, act)
    assert host.log == [("log", True), ("draw", 0, 1)]
    assert REG.primitives["condition", "flag"].bind is None  # the registry it came from is untouched


def test_a_hook_runs(tmp_path):
    ab = compiled(tmp_path, 'timing = "later"\neffects = [{ do = "hook", name = "boom" }]\n')
    host = Host()
    assert resolve(host, Activation(1, 5), ab.effects) is None
    assert host.log == [("boom", 5)]


def test_shared_primitives_call_the_host(tmp_path):
    ab = compiled(tmp_path, 'timing = "now"\nduration = "permanent"\neffects = [\n'
                  '{ do = "draw", count = 2 }, { do = "draw", who = "opponent" },\n'
                  '{ do = "mill", who = "each" },\n'
                  '{ do = "modify_stat", stat = "power", amount = -3, to = "target" },\n'
                  '{ do = "destroy", to = "self" }, { do = "move", to = "target", zone = "hand" },\n'
                  '{ do = "discard", who = "each" }]\n')
    host = Host()
    act = Activation(0, 4, 0, 9)
    assert resolve(host, act, ab.effects) == 7  # the last effect paused: resuming runs nothing more
    assert resolve(host, act, ab.effects, 7) is None
    assert host.log == [("draw", 0, 2), ("draw", 1, 1), ("mill", 0, 1), ("mill", 1, 1), ("destroy", 4),
                        ("move", 9, "hand"), ("ask_discard", 0, 1), ("ask_discard", 1, 1)]
    assert host.mods.entries == [(9, "power", -3, "permanent")]


def test_targets_and_costs_are_steps(tmp_path):
    ab = compiled(tmp_path, 'timing = "now"\ncost = [{ do = "destroy", to = "self" }]\n'
                  'target = { choose = "anything" }\neffects = [{ do = "draw" }]\n')
    host = Host()
    assert ab.target(host, Activation(0, 3)) == [1, 2]
    assert resolve(host, Activation(0, 3), ab.costs) is None
    assert host.log == [("destroy", 3)]


def test_activation_json_round_trip():
    act = Activation(1, 12, 0, None)
    assert Activation.from_json(act.to_json()) == act
    assert Activation.from_json([0, 3, -1, 8]).target == 8


# -- durations ------------------------------------------------------------------------------
def test_modifiers():
    mods = Modifiers()
    mods.add(1, "power", 2, "end_of_combat")
    mods.add(1, "power", -1, "end_of_turn")
    mods.add(1, "defense", 3, "permanent")
    mods.add(2, "power", 5, "end_of_turn")
    totals = [mods.total(c, s) for c, s in [(1, "power"), (1, "defense"), (2, "power"), (3, "power")]]
    assert totals == [1, 3, 5, 0]
    clone = mods.copy()
    mods.expire("end_of_combat")
    assert mods.total(1, "power") == -1 and clone.total(1, "power") == 1  # the clone is independent
    mods.forget(2)
    assert mods.total(2, "power") == 0
    back = Modifiers.from_json(mods.to_json())
    assert back == mods and back != clone and mods != mods.entries
    assert mods.to_json() == [[1, "power", -1, "end_of_turn"], [1, "defense", 3, "permanent"]]
    mods.expire("end_of_turn")
    assert mods.entries == [(1, "defense", 3, "permanent")]
