"""The effect runtime on its own: a tiny registry made here (no game), compiled from TOML in tmp_path."""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict

from tcgkit.kernel import CardDataError, NotationError, refs, values
from tcgkit.kernel.effects import (
    CONDITION,
    PAUSE,
    SHARED,
    STOP,
    Activation,
    CardName,
    ModifierList,
    Modifiers,
    NoParams,
    Params,
    check_card_names,
    load_card_tables,
    who_players,
)
from tcgkit.kernel.replacements import Happening, Replacements, Shield
from tcgkit.kernel.state import InstanceCodec
from tcgkit.kernel.vocabulary import COMMON


def resolve(host, act, effects, start=0):
    """Run ``effects`` from ``start`` as a game's resolution does; the index to resume at when
    one paused, else None."""
    for i in range(start, len(effects)):
        if effects[i](host, act) == PAUSE:
            return i + 1
    return None


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
    declared = ModifierList(("power", "defense"), ("end_of_combat", "end_of_turn", "permanent"))
    ctx = values.Ctx(None, InstanceCodec(["Goblin"], [0] * 4, 4), 2)  # cards 0..3
    written = declared.dump(mods, ctx)
    assert written == [{"card": 1, "stat": "power", "amount": -1, "until": "end_of_turn"},
                       {"card": 1, "stat": "defense", "amount": 3, "until": "permanent"}]
    back = declared.load(json.loads(json.dumps(written)), ctx, "mods")
    assert back == mods and back != clone and mods != mods.entries
    with pytest.raises(NotationError, match=r"mods\[0\].stat: should be one of power, defense, not 'speed'"):
        declared.load([{**written[0], "stat": "speed"}], ctx, "mods")
    with pytest.raises(NotationError, match=r"mods\[1\]: missing field 'until'"):
        declared.load([written[0], {"card": 1, "stat": "power", "amount": 1}], ctx, "mods")
    mods.expire("end_of_turn")
    assert mods.entries == [(1, "defense", 3, "permanent")]


# -- N players and richer cards: COMMON ---------------------------------------------------------
class Speed(BaseModel):
    model_config = ConfigDict(extra="forbid")

    speed: Literal["slow", "fast"] = "slow"
    windows: list[Literal["main", "combat"]] = []


RICH = COMMON.extend(
    timings=("now", "on_hit"), durations=("end_of_turn",), default_duration="end_of_turn",
    refs=("self", "target", "mine"), stats=("power",), zones=("hand", "discard"),
    events=("damage", "destroy"), ability_fields=Speed, max_targets=2,
)


class Rich:
    """A four-player position for the COMMON primitives: cards 0-9 owned by card // 3 ... in play."""

    def __init__(self, players: int = 4, out: tuple[int, ...] = ()) -> None:
        self.players, self.out = players, out
        self.log: list[tuple[Any, ...]] = []
        self.mods = Modifiers()
        self.shields = Replacements()
        self.hands = [[1, 2], [], [3], [4, 5, 6]]
        self.power = {10: 3, 11: 5, 12: 1}
        self.rolls = [6, 2, 4]

    def player_ref(self, act: Activation, who: str) -> list[int]:
        return who_players(who, act, self.players, self.out)

    def card_refs(self, act: Activation, ref: str) -> list[int]:
        if ref == "mine":
            return [c for c in self.power if c % 2 == act.player % 2]
        return [act.source] if ref == "self" else list(act.chosen)

    def stat_of(self, card: int, stat: str) -> int:
        return self.power[card]

    def roll(self, sides: int) -> int:
        value = self.rolls.pop(0)
        assert 1 <= value <= sides
        return value

    def hand_size(self, player: int) -> int:
        return len(self.hands[player])

    def move_card(self, card: int, zone: str) -> None:
        self.log.append(("move", card, zone))

    def ask_pay(self, player: int, cards: list[int], count: int, zone: str) -> Any:
        self.log.append(("ask_pay", player, tuple(cards), count, zone))
        return PAUSE

    def add_modifier(self, card: int, stat: str, amount: int, until: str) -> None:
        self.mods.add(card, stat, amount, until)

    def add_shield(self, shield: Shield) -> None:
        self.shields.add(shield)

    def ask_discard(self, player: int, count: int) -> Any:
        self.log.append(("ask_discard", player, count))
        return PAUSE


def rich(tmp_path, body: str):
    (card,) = load_card_tables(write(tmp_path, ability(body)), Row, RICH)
    return card.abilities[0]


def rich_refused(tmp_path, body: str) -> str:
    with pytest.raises(CardDataError) as info:
        rich(tmp_path, body)
    return str(info.value)


@pytest.mark.parametrize(("who", "player", "out", "expected"), [
    ("you", 1, (), [1]),
    ("each", 2, (), [2, 3, 0, 1]),
    ("each_player", 2, (3,), [2, 0, 1]),
    ("each_opponent", 3, (1,), [0, 2]),
    ("next_player", 3, (0,), [1]),
    ("opponent", 1, (2,), [3]),
])
def test_who_names_players_in_turn_order_skipping_those_out(who, player, out, expected):
    assert who_players(who, Activation(player, 0), 4, out) == expected


def test_a_chosen_opponent_is_the_abilitys_player_target():
    assert who_players("chosen_opponent", Activation(0, 9, 0, refs.player(2)), 4) == [2]
    assert who_players("chosen_opponent", Activation(0, 9, 0, refs.player(0)), 4) == []  # not an opponent
    assert who_players("chosen_opponent", Activation(0, 9, 0, refs.player(3)), 4, out=(3,)) == []
    assert who_players("chosen_opponent", Activation(0, 9, 0, refs.card(2)), 4) == []  # card 2 is no player
    with pytest.raises(ValueError, match="unknown who 'all'"):
        who_players("all", Activation(0, 9), 4)


def test_whos_are_the_registrys_and_two_player_games_keep_three(tmp_path):
    body = 'timing = "now"\neffects = [{ do = "draw", who = "each_opponent" }]\n'
    message = refused(tmp_path, ability(body))
    assert "abilities[0].effects[0].who: unknown who 'each_opponent'; known: each, opponent, you" in message
    ab = rich(tmp_path, 'timing = "now"\neffects = [{ do = "draw", who = "each_opponent" }]\n')
    assert ab.effects[0].params.who == "each_opponent"
    with pytest.raises(TypeError, match="unknown whos: everybody"):
        SHARED.extend(whos=("everybody",))


def test_target_kinds_and_several_targets(tmp_path):
    ab = rich(tmp_path, 'timing = "now"\ntarget = { choose = "player", who = "each_opponent", count = 2 }\n'
              'effects = [{ do = "draw", who = "chosen_opponent" }]\n')
    assert ab.target_kind == "player" and ab.target_count == 2
    host = Rich(out=(2,))
    assert ab.target(host, Activation(1, 4, 0)) == [3, 0]
    act = Activation(1, 4, 0, refs.player(3), (refs.player(3), refs.player(0)))
    assert act.chosen == (refs.player(3), refs.player(0)) and act.players() == [3, 0] and act.cards() == []
    assert Activation(1, 4, 0).chosen == ()
    assert "target.count: should be a whole number from 1 to 2, not 3" in rich_refused(
        tmp_path, 'timing = "now"\ntarget = { choose = "player", count = 3 }\neffects = [{ do = "draw" }]\n')
    assert "target.count: should be a whole number from 1 to 1" in refused(tmp_path, ability(
        'timing = "now"\ntarget = { choose = "anything", count = 2 }\neffects = [{ do = "draw" }]\n'))
    plain = 'timing = "now"\ntarget = { choose = "anything" }\neffects = [{ do = "draw" }]\n'
    assert compiled(tmp_path, plain).target_kind == "card"


def test_computed_amounts(tmp_path):
    ab = rich(tmp_path, 'timing = "now"\neffects = ['
              '{ do = "modify_stat", stat = "power", to = "self", amount = 2 },'
              '{ do = "modify_stat", stat = "power", to = "self",'
              ' amount = { compute = "count", of = "mine" } },'
              '{ do = "modify_stat", stat = "power", to = "self",'
              ' amount = { compute = "stat", stat = "power", of = "mine", times = -1 } },'
              '{ do = "modify_stat", stat = "power", to = "self",'
              ' amount = { compute = "roll", dice = 2, sides = 6, plus = 1 } }]\n')
    host = Rich()
    assert resolve(host, Activation(0, 11), ab.effects) is None
    assert [amount for _, _, amount, _ in host.mods.entries] == [2, 2, -4, 9]  # 6 + 2 + 1
    assert host.rolls == [4]


@pytest.mark.parametrize(("amount", "message"), [
    ('{ compute = "guess" }', "effects[0].amount: compute: unknown amount 'guess'; known: count, roll, stat"),
    ('{ compute = "roll", sides = 1 }',
     "effects[0].amount: sides: Input should be greater than or equal to 2"),
    ('{ compute = "count", of = "theirs" }', "effects[0].amount: of: unknown ref 'theirs'"),
    ('"two"', "effects[0].amount: should be a whole number or a table { compute = ... }, not 'two'"),
    ("100", "effects[0].amount: should be from -99 to 99, not 100"),
])
def test_computed_amount_errors_name_the_field(tmp_path, amount, message):
    text = rich_refused(tmp_path, f'timing = "now"\neffects = [{{ do = "modify_stat", stat = "power", '
                                  f'to = "self", amount = {amount} }}]\n')
    assert "card 'Alpha' (a): field abilities[0]." + message in text


def test_the_cost_protocol_says_what_can_be_paid_and_pays(tmp_path):
    ab = rich(tmp_path, 'timing = "now"\ncost = [{ do = "discard", who = "each_opponent" }, '
              '{ do = "pay_cards", of = "mine", count = 1, zone = "discard" }]\n'
              'effects = [{ do = "draw" }]\n')
    host = Rich()
    payable = ab.payable()
    assert payable is not None
    assert not ab.can_pay(host, Activation(0, 10))  # player 1 has no card to discard
    assert not payable(host, Activation(0, 10))
    host.hands[1] = [7]
    assert ab.can_pay(host, Activation(0, 10)) and payable(host, Activation(0, 10))
    assert ab.cost_check()(host, Activation(0, 10)) is None
    host.hands[2] = []
    assert ab.cost_check()(host, Activation(0, 10)) == STOP
    assert resolve(host, Activation(1, 11), ab.costs, 1) is None  # one card to pay with: no choice
    assert host.log == [("move", 11, "discard")]
    assert resolve(host, Activation(0, 10), ab.costs, 1) == 2  # two: the player picks
    assert host.log[-1] == ("ask_pay", 0, (10, 12), 1, "discard")
    free = rich(tmp_path, 'timing = "now"\ncost = [{ do = "move", to = "self", zone = "discard" }]\n'
                'effects = [{ do = "draw" }]\n')
    assert free.payable() is None and free.can_pay(host, Activation(0, 10))
    assert free.cost_check()(host, Activation(0, 10)) is None


def test_per_game_ability_fields(tmp_path):
    ab = rich(tmp_path, 'timing = "now"\nspeed = "fast"\nwindows = ["combat"]\neffects = [{ do = "draw" }]\n')
    assert ab.fields == Speed(speed="fast", windows=["combat"])
    assert rich(tmp_path, 'timing = "now"\neffects = [{ do = "draw" }]\n').fields == Speed()
    assert "field abilities[0].speed: Input should be 'slow' or 'fast'" in rich_refused(
        tmp_path, 'timing = "now"\nspeed = "instant"\neffects = [{ do = "draw" }]\n')
    assert "field abilities[0].colour: Extra inputs are not permitted" in rich_refused(
        tmp_path, 'timing = "now"\ncolour = "red"\neffects = [{ do = "draw" }]\n')
    assert "field abilities[0].speed: Extra inputs are not permitted" in refused(
        tmp_path, ability('timing = "now"\nspeed = "fast"\neffects = [{ do = "draw" }]\n'))


def test_triggers_filtered_by_their_event(tmp_path):
    ab = rich(tmp_path, 'timing = "on_hit"\ntrigger_if = { any = [{ check = "subject_is_self" }, '
              '{ check = "subject_player", who = "you" }] }\neffects = [{ do = "draw" }]\n')
    host = Rich()
    assert ab.triggers_on(host, Activation(1, 11, 0, subjects=(refs.card(11),)))
    assert ab.triggers_on(host, Activation(1, 11, 0, subjects=(refs.player(1),)))
    assert not ab.triggers_on(host, Activation(1, 11, 0, subjects=(refs.card(12), refs.player(2))))
    assert not ab.triggers_on(host, Activation(1, 11, 0, subjects=(refs.card(1),)))  # card 1 is not player 1
    mine = rich(tmp_path, 'timing = "on_hit"\ntrigger_if = { check = "subject_in", of = "mine" }\n'
                'effects = [{ do = "draw" }]\n')
    assert mine.triggers_on(host, Activation(0, 3, 0, subjects=(refs.card(12),)))
    assert not mine.triggers_on(host, Activation(1, 3, 0, subjects=(refs.card(12),)))
    assert rich(tmp_path, 'timing = "now"\neffects = [{ do = "draw" }]\n').triggers_on(host, Activation(0, 1))
    assert "field abilities[0].trigger_if: this game's abilities take no trigger_if" in refused(
        tmp_path, ability('timing = "now"\ntrigger_if = { check = "flag", value = true }\n'
                          'effects = [{ do = "draw" }]\n'))


def test_prevention_and_replacement(tmp_path):
    ab = rich(tmp_path, 'timing = "now"\neffects = ['
              '{ do = "prevent", event = "damage", who = "you" },'
              '{ do = "prevent", event = "damage", to = "self", amount = 2, uses = 0 },'
              '{ do = "redirect", event = "destroy", to = "self", zone = "hand" }]\n')
    host = Rich()
    resolve(host, Activation(1, 11), ab.effects)
    shields = host.shields
    you, this = refs.player(1), refs.card(11)
    assert shields.apply(Happening("damage", refs.card(1), 3)) == Happening("damage", refs.card(1), 3)
    assert shields.apply(Happening("damage", you, 3)) is None  # the player's next damage
    assert shields.apply(Happening("damage", you, 3)) == Happening("damage", you, 3)  # used up
    assert shields.apply(Happening("damage", this, 3)) == Happening("damage", this, 1)  # reduced, every time
    assert shields.apply(Happening("damage", this, 2)) is None
    redirected = shields.apply(Happening("destroy", this, zone="discard"))
    assert redirected == Happening("destroy", this, zone="hand")
    assert shields.apply(Happening("destroy", this, zone="discard")).zone == "discard"
    saved = Replacements.from_json(json.loads(json.dumps(shields.to_json())))
    assert saved == shields and len(saved.entries) == 1
    copy = shields.copy()
    copy.expire("end_of_turn")
    assert copy.entries == [] and len(shields.entries) == 1
    shields.forget(11)
    assert shields.entries == []
    assert "the cards (to) or the players (who)" in rich_refused(
        tmp_path, 'timing = "now"\neffects = [{ do = "prevent", event = "damage" }]\n')
    assert "unknown event 'burn'; known: damage, destroy" in rich_refused(
        tmp_path, 'timing = "now"\neffects = [{ do = "prevent", event = "burn", who = "you" }]\n')
    with pytest.raises(NotationError, match=r"replacements\[0\].mode"):
        shield = Replacements([Shield(1, "damage", refs.card(2), "prevent")]).to_json()[0]
        Replacements.from_json([{**shield, "mode": "explode"}])
