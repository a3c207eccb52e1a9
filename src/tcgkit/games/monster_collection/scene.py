"""Monster Collection as a seat sees it, built from a view (never the state).

The board is a grid area turned for the seat (seat 1 sees it half round), each cell marked with
the viewer's name for it (1-6 theirs, E1-E6 the enemy's, as the log names cells), HQ or proxy,
and its limit (``≤8``), or ``empty`` for empty ground; a terrain is a face of kind ``terrain``
(a face-down HQ or proxy a back), with its placer as its owner, and on it ``standing`` the
parties, front first (player 0's, then player 1's), each creature a face with its owner, level,
attack / defence with its equipment, march, acted mark and equipment. Each player's equipment
in play, discard pile and deck are areas of their side; hands a count for the rival's. Every
card kind has a ``Template`` (``TEMPLATES``). The spells waiting on the stack and who holds the
counter window are the scene's stack and window. The status gives the turn, the phase, this
turn's flags and the deck-out judgement; the log tells each battle step by step, and
``changes`` turns the same events into highlights (a march, a summon, the dice, damage, deaths).
A move whose refs leave others standing beside it (marches with more or fewer creatures, a
terrain placed with or without its ability) or that has none has a note for a menu.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...kernel import refs
from ...kernel.actions import Action
from ...kernel.rules_text import non_default
from ...kernel.scene import (
    Area,
    CardTable,
    Catalogue,
    Change,
    Column,
    Events,
    Face,
    Message,
    Place,
    Scene,
    SceneCounter,
    SceneWindow,
    Seat,
    Sentence,
    Shown,
    StackItem,
    Template,
    Value,
    messages,
    moves_of,
    pending_of,
    say,
)
from ...kernel.words import terms
from .actions import End, Exchange, March, Proxy, Refill, Strike
from .actions import Pass as PassAction
from .actions import Place as PlaceTerrain
from .board import CELLS, HQ, TURNS, label
from .cards import ELEMENTS, ELEMENTS_ZH, KINDS, MARCHES_ZH, Card
from .glossary import GLOSSARY as GLOSSARY  # for the Game (``Game.glossary``)
from .glossary import HOW_TO_PLAY as HOW_TO_PLAY
from .glossary import WORDS as GLOSSARY_WORDS
from .rules import PROMPTS

if TYPE_CHECKING:
    from .game import MonsterCollection

def _plain(text: str) -> str:
    """``text`` without a rulebook gloss in parentheses (``counter (対抗): ...``): the
    glossary in RULES.md gives the originals."""
    return re.sub(r" ?\([^)]*[\u3000-\u9fff][^)]*\)", "", text)


MARCH_SHORT = {"walk": "walk", "fly": "fly", "long_fly": "long fly"}
PHASE_NAMES = {
    "setup": "set-up",
    "adjust1": "first hand adjustment",
    "main": "main phase",
    "summon": "normal summon",
    "adjust2": "second hand adjustment",
    "battle": "battle",
    "over": "game over",
}

MESSAGES: Catalogue = messages(
    {
        "mc.hq": (
            "{player} puts the deck's top card face down at {cell} as the HQ",
            "{player} put the deck's top card face down at {cell} as the HQ",
        ),
        "mc.draw": ("{player} draws {card}", "{player} draw {card}"),
        "mc.draw.hidden": ("{player} draws a card", "{player} draw a card"),
        "mc.mulligan": (
            "{player} shows a hand with no creature ({cards}), shuffles it back and draws 6",
            "{player} show a hand with no creature ({cards}), shuffle it back and draw 6",
        ),
        "mc.first_roll": "first-player dice: {first} against {second}",
        "mc.first": ("{player} goes first", "{player} go first"),
        "mc.turn": ("Turn {turn}: {player}'s turn", "Turn {turn}: your turn"),
        "mc.phase": Message("{phase}", joins=" | "),
        "mc.discard": ("{player} discards {card}", "{player} discard {card}"),
        "mc.place": ("{player} places {card} at {cell}", "{player} place {card} at {cell}"),
        "mc.proxy": (
            "{player} places a proxy terrain face down at {cell}",
            "{player} place a proxy terrain face down at {cell}",
        ),
        "mc.replaced": Message("{card} (of {player}) goes to the discard pile", joins="; "),
        "mc.proxy_replaced": Message(
            "the proxy terrain of {player} at {cell} goes to the discard pile face down, unseen",
            joins="; ",
        ),
        "mc.march": ("{player} marches {cards} to {cell}", "{player} march {cards} to {cell}"),
        "mc.controls": Message("{player} controls {cell}", joins="; "),
        "mc.summon": ("{player} summons {card} to the HQ", "{player} summon {card} to the HQ"),
        "mc.instant": (
            "{player} instant-summons {card} into the battle at {cell}",
            "{player} instant-summon {card} into the battle at {cell}",
        ),
        "mc.hero_cost": (
            "{player} discards {cards} from the deck for the hero points",
            "{player} discard {cards} from the deck for the hero points",
        ),
        "mc.equip": ("{player} equips {card} to {creature}", "{player} equip {card} to {creature}"),
        "mc.unequip": ("{player} discards the equipment {card}", "{player} discard the equipment {card}"),
        "mc.exchange": (
            "{player} hands {card} from {source} to {target}",
            "{player} hand {card} from {source} to {target}",
        ),
        "mc.battle": "Battle at {cell}: {player} attacks {defender}",
        "mc.timing": Message("{step} timing: {player}", joins=" | "),
        "mc.formation": (
            "{player}'s formation, front to back: {cards}",
            "your formation, front to back: {cards}",
        ),
        "mc.initiative": "initiative {player}: die {die} + {bonus} = {total}",
        "mc.simultaneous": "equal initiative: the simultaneous attack, no Charge or Defender",
        "mc.goes_first": ("{player} strikes first", "{player} strike first"),
        "mc.strike": (
            "{player}'s {order} attack: {attack} + bonus {bonus} = {total}",
            "your {order} attack: {attack} + bonus {bonus} = {total}",
        ),
        "mc.dies": Message("{card} (defence {defence}) dies, {left} left", joins="; ", first=": "),
        "mc.holds": Message("{card} (defence {defence}) holds against {damage}", joins="; ", first=": "),
        "mc.takes": ("{player} takes {cell}", "{player} take {cell}"),
        "mc.march_fails": ("{player}'s march into {cell} fails", "your march into {cell} fails"),
        "mc.returns": Message("{card} goes back to {cell}", joins="; "),
        "mc.wiped_out": "both parties are wiped out: {cell} has no creature",
        "mc.lost": (
            "{player} discards {card} from the battlefield",
            "{player} discard {card} from the battlefield",
        ),
        "mc.cast": ("{player} casts {card} at {target}", "{player} cast {card} at {target}"),
        "mc.use": ("{player} uses {card} at {target}", "{player} use {card} at {target}"),
        "mc.use.alone": ("{player} uses {card}", "{player} use {card}"),
        "mc.perform": (
            "{player} performs the ritual {card} at {target}",
            "{player} perform the ritual {card} at {target}",
        ),
        "mc.perform.alone": (
            "{player} performs the ritual {card}",
            "{player} perform the ritual {card}",
        ),
        "mc.declares": (
            "{player} declares the hand-type ability of {card}",
            "{player} declare the hand-type ability of {card}",
        ),
        "mc.attacks": ("{player} declares the attack", "{player} declare the attack"),
        "mc.summoner": ("{player}'s summoner acts", "your summoner acts"),
        "mc.unacted": "{card} is unacted again",
        "mc.destroyed": "{card} goes to the discard pile",
        "mc.passes": Message("{player} passes", joins=" | ", you="{player} pass"),
        "mc.fizzles": Message("{card} does nothing (its {why} is gone)", joins="; "),
        "mc.countered": Message("{card} is countered", joins="; "),
        "mc.roll": Message("a die: {value}", joins=", ", first=": "),
        "mc.spell_hit": "{card} (defence {defence}) takes {damage}",
        "mc.spell_hit.dies": "{card} (defence {defence}) takes {damage} and dies",
        "mc.boost": "{card} gets {stat} {amount} until the battle ends",
        "mc.window": "counter window",
        "mc.untap": "end of turn: every creature and both summoners are unacted",
        "mc.judgement_set": "both decks are empty: the deck-out judgement comes after turn {turn}",
        "mc.judgement_cancelled": "a deck holds cards again: the judgement is off",
        "mc.judgement": "deck-out judgement: creatures in the enemy territory {first} to {second}",
        "mc.game_over": Message("Game over: {winner} wins ({reason})", "Game over: {winner} win ({reason})",
                                subject="winner"),
        "mc.game_over.draw": "Game over: a draw ({reason})",
        "mc.status.turn": "turn {turn}, {player} to act: {phase}",
        "mc.status.flags": Message("{flags}", joins=" | "),
        "mc.status.judgement": "deck-out judgement at the end of turn {turn}",
        "mc.status.battle": "battle at {cell}: {player} attacks, {step} timing",
        "mc.rules": "Rules: {rules}",
        "mc.prompt": "{text}",
        "mc.over": "the game is over",
        # a card's abilities in the hand (``abilities_said``, ``extra_said``)
        "mc.ability.instant": "instant",
        "mc.ability.initiative": "initiative {amount}",
        "mc.ability.charge": "Charge {amount}",
        "mc.ability.defender": "Defender {amount}",
        "mc.ability.items": "items {amount}",
        "mc.ability.hero": "hero {amount}",
        "mc.ability.spell_slots": "spell slots {amount}",
        "mc.extra.battle_spell": "battle spell, {count} {element} {count:slot|slots}: {text}",
        "mc.extra.counter_spell": "counter spell, {count} {element} {count:slot|slots}: {text}",
        "mc.extra.item": "consumable, {count} item {count:slot|slots}: {text}",
        "mc.extra.equipment": "slots {slots}, atk {attack}, def {defence}, init {initiative}",
        # the board's cells, a party's title and a terrain's placer and holder (scene parts
        # built from a cell's name and numbers, so each is a sentence to translate)
        "mc.cell.empty": "{cell} empty",
        "mc.cell.hq": "{cell} HQ ≤{limit}",
        "mc.cell.proxy": "{cell} proxy ≤{limit}",
        "mc.cell": "{cell} ≤{limit}",
        "mc.placed_by": "placed by {player}",
        "mc.held_by": "{player}",
        "mc.status.hq_closed": Message("HQ {cell} closed", joins=" | "),
        # a face's type line
        "mc.type.creature": "creature, {march}",
        # what a move does, where its refs leave others beside it or it has none (a menu's line)
        "mc.note.march": "march {cards} to {cell}",
        "mc.note.place": "place {card} at {cell}",
        "mc.note.declare": "place {card} at {cell} and declare its hand-type ability",
        "mc.note.proxy": "a proxy terrain at {cell}",
        "mc.note.exchange": "hand {card} from {source} to {target}",
        "mc.note.swap": "swap {card} of {source} for {back} of {target}",
        "mc.note.refill": "refill your hand",
        "mc.note.end_main": "end the main phase",
        "mc.note.end_summon": "end the normal summon phase",
        "mc.note.pass": "pass, doing nothing",
        "mc.note.attack": "attack with your party",
    }
)
MESSAGES.update(terms(
    "mc", *PHASE_NAMES.values(), *(_plain(p) for p in PROMPTS.values()), "battlefield", "hand",
    "hand limit", "deck", "discard", "summoner", "levels", "control", "placer", "lv", "atk", "def",
    "march", "abilities", "acted", "equipment", "equipped to", "free slots", "limit", "slots", "element",
    "type", "instant", "formation", "first", "second", "simultaneous", "normal", "proxy placed",
    "hand terrain placed", "battle-march made", "HQ fall", "deck-out judgement", "deck-out judgement: equal",
    "turn limit", "unacted", "none", "battle", "battle spell", "counter spell", "consumable item", *KINDS,
    *MARCH_SHORT.values(), *ELEMENTS))

STYLES = {
    f"element:{e}": style
    for e, style in (
        ("fire", "red"),
        ("water", "blue"),
        ("earth", "yellow"),
        ("wind", "green"),
        ("holy", "bright_white"),
        ("dark", "magenta"),
    )
}

_ART: dict[str, Place] = {"element": "badge", "type": "type", "text": "text"}
TEMPLATES = [
    Template(kind="creature", art="element",
             places={"level": "corner", "attack": "stats", "defence": "stats", **_ART}),
    Template(kind="terrain", art="element", places={"limit": "corner", **_ART}),
    Template(kind="equipment",
             places={"slots": "cost", "attack": "stats", "defence": "stats", "type": "type", "text": "text"}),
    Template(kind="item", places={"slots": "cost", "type": "type", "text": "text"}),
    Template(kind="spell", art="element", places={"slots": "cost", **_ART}),
    Template(kind="ritual", places={"type": "type", "text": "text"}),
]
"""Every card kind's face: a creature's level in the corner, its attack and defence in the row at
the foot; a terrain's limit in the corner; an equipment card's, an item's or a spell's slot cost
in the cost circle; the kind (and a creature's march) on the type line; the element a badge and
the art's source; abilities and card text in the text box. A terrain on the board adds its
controller and placer for the zoom only: its owner (the colour) is its placer."""
assert {t.kind for t in TEMPLATES} == set(KINDS)



def card_text(text: str) -> str:
    """A card's English text without the rulebook's terms in it (``Counter (対抗): ...``,
    ``Counter (対抗: attacks only)``): the glossary in RULES.md gives them."""
    return re.sub(r"\(([\u3000-\u9fff]+[:：]\s*)", "(", re.sub(r" ?\([\u3000-\u9fff]+\)", "", text))


def card_fields(c: Card) -> list[Shown]:
    """What a card says wherever it lies (the fields its template places): level, attack and
    defence, slot cost, limit, the type line, the element and the text, the text also in the
    rulebook's Chinese."""
    zh = extra_zh(c)
    said = {"zh": zh} if zh else {}
    fields: list[Shown] = []
    if c.creature:
        fields += [Shown(key="level", label="lv", value=c.level),
                   Shown(key="attack", label="atk", value=c.attack),
                   Shown(key="defence", label="def", value=c.defence)]
        kind: Value | Sentence = say("mc.type.creature", march=MARCH_SHORT[c.march])
        text: Value | Sentence | list[Value | Sentence] = abilities_said(c) or "-"
    elif c.kind == "terrain":
        fields.append(Shown(key="limit", label="limit", value=c.limit, at="corner"))
        kind, text = "terrain", card_text(c.text) or "-"
    else:
        if c.kind != "ritual":
            fields.append(Shown(key="slots", label="slots", value=c.slots))
        if c.kind == "equipment":
            fields += [Shown(key="attack", label="atk", value=f"{c.attack:+d}"),
                       Shown(key="defence", label="def", value=f"{c.defence:+d}")]
        kind = ("counter spell" if c.timing == "counter" else "battle spell") if c.spell else \
            "consumable item" if c.kind == "item" else c.kind
        text = extra_said(c)
    fields.append(Shown(key="type", label="type", value=kind))
    if c.element:
        fields.append(Shown(key="element", label="element", value=c.element, style=[f"element:{c.element}"]))
    fields.append(Shown(key="text", label="abilities", value=text, translations=said))
    return fields


def face_of(game: MonsterCollection, key: str, owner: int, extra: Sequence[Shown] = (),
            marks: Sequence[str] = ()) -> Face:
    c = card_of(game, key)
    return Face(ref=refs.card(_id(key)), name=key, names=names_of(c, key), kind=c.kind, owner=owner,
                fields=[*card_fields(c), *extra], style=[f"element:{c.element}"] if c.element else [],
                marks=list(marks))


def creature_face(game: MonsterCollection, key: str, owner: int, view: dict[str, Any]) -> Face:
    """A creature on the battlefield: its attack and defence with its equipment's added, and
    its acted state, equipment and free slots for the zoom."""
    c = card_of(game, key)
    gear = view["_gear"].get(key, [])
    extra = [card_of(game, k) for k in gear]
    acted = key in view["_acted"]
    face = face_of(game, key, owner, (
        Shown(key="acted", label="acted", value="acted" if acted else "unacted"),
        Shown(key="equipment", label="equipment", value=list(gear) or "-"),
        Shown(key="free", label="free slots", value=c.item_slots - sum(e.slots for e in extra)),
    ), ["acted"] if acted else [])
    boosted = {"attack": c.attack + sum(e.attack for e in extra),
               "defence": c.defence + sum(e.defence for e in extra)}
    fields = [f.model_copy(update={"value": boosted[f.key]}) if f.key in boosted else f for f in face.fields]
    return face.model_copy(update={"fields": fields})


def hand_face(game: MonsterCollection, key: str, owner: int) -> Face:
    """A card in hand, a discard pile or on the stack, as its template draws it."""
    return face_of(game, key, owner)


def pile_face(game: MonsterCollection, key: str | bool, owner: int) -> Face:
    """A card of a discard pile: face up, or the back of a replaced proxy, unknown to both (R56)."""
    return hand_face(game, key, owner) if isinstance(key, str) else Face(up=False, owner=owner)


def terrain_face(game: MonsterCollection, view: dict[str, Any], cell: int) -> Face | None:
    """The terrain on ``cell`` (``None``: empty ground): its placer is its owner; who controls it
    and who placed it are words for the zoom. A face-down HQ or proxy is a back of its placer's."""
    key = view["zones"]["terrain"]["cards"][cell]
    if key is None:
        return None
    held = [p for p in (0, 1) if view["parties"][cell][p]]
    control: Value | Sentence = say("mc.held_by", player=refs.player(held[0])) if len(held) == 1 else \
        "none" if not held else "battle"
    placer = view["placer"][cell]
    zoom = [Shown(key="control", label="control", value=control),
            Shown(key="placer", label="placer", value=say("mc.placed_by", player=refs.player(placer)))]
    if key is False:
        limit = Shown(key="limit", label="limit", value=limit_of(game, view, cell), at="corner")
        return Face(up=False, kind="terrain", owner=placer, fields=[limit, *zoom])
    return face_of(game, key, placer, zoom)


def abilities_said(c: Card) -> list[Value | Sentence]:
    """``abilities`` as words and sentences of the catalogue, so each language reads its own
    (the card's text last, in English: the card data holds it in English and Chinese only)."""
    parts: list[Value | Sentence] = [say("mc.ability.instant")] if c.instant else []
    for key, value, signed in (("initiative", c.initiative, True), ("charge", c.charge, True),
                               ("defender", c.defender, True), ("items", c.item_slots, False),
                               ("hero", c.hero_points, False), ("spell_slots", c.spell_slots, False)):
        if value:
            parts.append(say(f"mc.ability.{key}", amount=f"{value:+d}" if signed else value))
    if c.text:
        parts.append(card_text(c.text))
    return parts


def extra_said(c: Card) -> Sentence | str:
    """``extra_of`` as a sentence of the catalogue (a ritual's text as it is)."""
    if c.spell:
        return say(f"mc.extra.{'counter' if c.timing == 'counter' else 'battle'}_spell",
                   count=c.slots, element=c.element, text=card_text(c.text))
    if c.kind == "item":
        return say("mc.extra.item", count=c.slots, text=card_text(c.text))
    if c.kind in ("ritual", "terrain"):
        return card_text(c.text)
    return say("mc.extra.equipment", slots=c.slots, attack=f"{c.attack:+d}", defence=f"{c.defence:+d}",
               initiative=f"{c.initiative:+d}")


def extra_of(c: Card) -> str:
    """What an equipment card, an item, a spell, a ritual or a terrain does, in a few words."""
    if c.spell:
        timing = "counter" if c.timing == "counter" else "battle"
        return f"{timing} spell, {c.slots} {c.element} slot{'s' * (c.slots != 1)}: {card_text(c.text)}"
    if c.kind == "item":
        return f"consumable, {c.slots} item slot{'s' * (c.slots != 1)}: {card_text(c.text)}"
    if c.kind in ("ritual", "terrain"):
        return card_text(c.text)
    return f"slots {c.slots}, atk {c.attack:+d}, def {c.defence:+d}, init {c.initiative:+d}"


def abilities(c: Card) -> str:
    parts = []
    if c.instant:
        parts.append("instant")
    if c.initiative:
        parts.append(f"initiative {c.initiative:+d}")
    if c.charge:
        parts.append(f"Charge +{c.charge}")
    if c.defender:
        parts.append(f"Defender +{c.defender}")
    if c.item_slots:
        parts.append(f"items {c.item_slots}")
    if c.hero_points:
        parts.append(f"hero {c.hero_points}")
    if c.spell_slots:
        parts.append(f"spell slots {c.spell_slots}")
    if c.text:
        parts.append(card_text(c.text))
    return ", ".join(parts)


def extra_zh(c: Card) -> str:
    """``abilities`` or ``extra_of`` in the rulebook's traditional Chinese terms (即時召喚, 英雄點;
    先制, 衝鋒, 守護 as the battle's sentences say them; 道具欄 and 咒文欄 for the Japanese item
    and spell slots, 對抗 for the counter: RULES.md's glossary), then the card's Chinese text
    (its English where it has none)."""
    text = c.text_zh or card_text(c.text)
    if c.creature:
        parts = ["即時召喚"] if c.instant else []
        for word, value in (("先制", c.initiative), ("衝鋒", c.charge), ("守護", c.defender)):
            if value:
                parts.append(f"{word} {value:+d}")
        slots = (("道具欄 ", c.item_slots), ("英雄點 ", c.hero_points), ("咒文欄 ", c.spell_slots))
        for word, value in slots:
            if value:
                parts.append(f"{word}{value}")
        return "，".join([*parts, text] if text else parts)
    if c.spell:
        element = ELEMENTS_ZH.get(c.element or "", "")
        return f"{'對抗' if c.timing == 'counter' else '戰鬥'}咒文，{element}咒文欄 {c.slots}：{text}"
    if c.kind == "item":
        return f"消耗品，道具欄 {c.slots}：{text}"
    if c.kind in ("ritual", "terrain"):
        return text
    return f"道具欄 {c.slots}，攻擊 {c.attack:+d}，防禦 {c.defence:+d}，先制 {c.initiative:+d}"


def card_of(game: MonsterCollection, key: str) -> Card:
    found = game.db.find(key.rpartition("#")[0])
    assert found is not None  # a view names the game's cards
    return found


def names_of(c: Card, key: str) -> dict[str, str]:
    """A face's name in the rulebook's Chinese, its ``#id`` kept (``餘燼小鬼#12``)."""
    return {"zh": f"{c.zh}#{_id(key)}"} if c.zh else {}


def _id(key: str) -> int:
    return int(key.rpartition("#")[2])


def limit_of(game: MonsterCollection, view: dict[str, Any], cell: int) -> int | None:
    key = view["zones"]["terrain"]["cards"][cell]
    opts = game.options
    if cell in HQ:
        return opts.hq_limit
    if view["down"][cell]:
        return opts.proxy_limit
    return None if key is None else card_of(game, key).limit


def scene(
    game: MonsterCollection,
    view: dict[str, Any],
    actions: Sequence[Action],
    events: Events,
    default: Action | None,
) -> Scene:
    zones, viewer = view["zones"], view["viewer"]
    me = 0 if viewer is None else viewer
    view = {
        **view,
        "_gear": {g["creature"]: g["equipment"] for g in _gear_by_key(view)},
        "_acted": _acted_keys(view),
    }
    board = zones["terrain"]["cards"]
    parties = view["parties"]
    marks: list[str | Sentence | None] = []
    for cell in range(CELLS):
        name = label(me, cell)
        kind = "hq" if cell in HQ else "proxy" if view["down"][cell] else ""
        limit = limit_of(game, view, cell)
        marks.append(say("mc.cell.empty", cell=name) if board[cell] is None else
                     say(f"mc.cell.{kind}" if kind else "mc.cell", cell=name, limit=limit))
    items = [terrain_face(game, view, cell) for cell in range(CELLS)]
    areas = [
        Area(
            key="board",
            label="battlefield",
            layout="grid",
            rows=4,
            cols=3,
            items=items,
            count=sum(i is not None for i in items),
            turns=dict(TURNS),
            cell_marks=marks,
            refs=[refs.cell(c) for c in range(CELLS)],
            role="board",
            standing=[[creature_face(game, k, p, view) for p in (0, 1) for k in parties[cell][p]]
                      for cell in range(CELLS)],
        )
    ]
    order = [q for q in (0, 1) if q != viewer] + ([viewer] if viewer is not None else [])
    for p in order:
        areas += side_areas(game, view, p)
    seats = []
    for p in (0, 1):
        counters = [
            SceneCounter(key="hand", label="hand", value=zones[f"hand{p}"]["count"]),
            SceneCounter(key="limit", label="hand limit", value=game.options.hand_limit),
            SceneCounter(key="deck", label="deck", value=zones[f"deck{p}"]["count"]),
            SceneCounter(key="discard", label="discard", value=zones[f"discard{p}"]["count"]),
            SceneCounter(key="summoner", label="summoner",
                         value="acted" if view["summoner"][p] else "unacted"),
        ]
        seats.append(Seat(player=p, to_move=view["to_move"] == p, counters=counters))
    top = view["decisions"][-1] if view["decisions"] else None
    prompt = say("mc.prompt", text=_prompt(top["kind"])) if top else say("mc.over")
    stack = [StackItem(face=hand_face(game, key, p), player=p) for key, p in view["stack"]]
    windows = view["res"]["windows"]
    window = (
        None
        if not windows
        else SceneWindow(kind=windows[-1]["kind"], holder=windows[-1]["holder"], label=say("mc.window"))
    )
    return Scene(
        stack=stack,
        window=window,
        game=game.name,
        viewer=viewer,
        seats=seats,
        areas=areas,
        status=status(view, me),
        log=log(events, me),
        pending=pending_of(view, prompt, default),
        moves=moves_of(actions, lambda action: note(action, me)),
        outcome=view["outcome"],
        templates=TEMPLATES,
        changes=changes(events, view),
    )


def side_areas(game: MonsterCollection, view: dict[str, Any], p: int) -> list[Area]:
    """``p``'s hand (docked at the foot for its owner), then the side of the table by their
    seat: the equipment on their creatures, the discard pile (public, a replaced proxy face down),
    the deck (a count)."""
    zones = view["zones"]
    hand, keys = zones[f"hand{p}"], zones[f"hand{p}"].get("cards")
    gear = [face_of(game, e, p, (Shown(key="on", label="equipped to", value=holder),))
            for holder, equipment in view["_gear"].items() if _owner(game, holder) == p for e in equipment]
    discard = zones[f"discard{p}"]
    out = [Area(key=f"hand{p}", label="hand", owner=p, role="hand", count=hand["count"], hidden=keys is None,
                items=[] if keys is None else [hand_face(game, k, p) for k in keys])]
    if gear:
        out.append(Area(key=f"equipment{p}", label="equipment", owner=p, role="play", items=list(gear),
                        count=len(gear), group=f"side{p}"))
    out += [Area(key=f"discard{p}", label="discard", owner=p, role="pile", layout="pile",
                 items=[pile_face(game, k, p) for k in discard["cards"]], count=discard["count"],
                 group=f"side{p}"),
            Area(key=f"deck{p}", label="deck", owner=p, role="pile", layout="pile", hidden=True,
                 count=zones[f"deck{p}"]["count"], group=f"side{p}")]
    return out


def _owner(game: MonsterCollection, key: str) -> int:
    return _id(key) // game.options.deck_size


def status(view: dict[str, Any], me: int) -> list[Sentence]:
    """The turn, the phase, this turn's flags, closed HQs, the battle under way, the judgement."""
    out = []
    if view["outcome"] is None:
        # who decides now: in the AI's battle, the answer at instant timing is the other player's
        decider = view["active"] if view["to_move"] is None else view["to_move"]
        out.append(say("mc.status.turn", turn=view["turn"], player=refs.player(decider),
                       phase=PHASE_NAMES[view["phase"]]))
        flags = [f for f, on in (("proxy placed", view["proxy_used"]),
                                 ("hand terrain placed", view["hand_terrain"]),
                                 ("battle-march made", view["battle_marched"])) if on]
        if flags:
            out.append(say("mc.status.flags", flags=flags))
        out += [say("mc.status.hq_closed", cell=label(me, c)) for c in view["hq_closed"]]
        fight = view["battle"]
        if fight is not None:
            out.append(say("mc.status.battle", cell=label(me, fight["cell"]),
                           player=refs.player(fight["attacker"]), step=fight["step"]))
    if view["judgement"] is not None:
        out.append(say("mc.status.judgement", turn=view["judgement"]))
    return out


def note(action: Action, me: int) -> Sentence | None:
    """What a move does, for a menu: the marches (the creatures and the cell are its refs, and
    a march of fewer or more creatures to the same cell shares them), a terrain's placing (with
    or without its ability), an exchange, and the moves nothing on the table stands for."""
    if isinstance(action, March):
        return say("mc.note.march", cards=list(action.names), cell=action.where)
    if isinstance(action, PlaceTerrain):
        said = "mc.note.declare" if action.declare else "mc.note.place"
        return say(said, card=action.name, cell=action.where)
    if isinstance(action, Proxy):
        return say("mc.note.proxy", cell=action.where)
    if isinstance(action, Exchange):
        card, source, target = action.names[:3]
        if action.back >= 0:  # a swap: the fourth name is what comes back
            return say("mc.note.swap", card=card, source=source, target=target, back=action.names[3])
        return say("mc.note.exchange", card=card, source=source, target=target)
    if isinstance(action, End):
        return say(f"mc.note.end_{action.phase}")
    for kind, word in ((Refill, "refill"), (PassAction, "pass"), (Strike, "attack")):
        if isinstance(action, kind):
            return say(f"mc.note.{word}")
    return None


def changes(events: Events, view: dict[str, Any]) -> list[Change]:
    """The events as highlights, in order: terrains and creatures placed, marches (from the
    cell a creature stood on, when these events or the battle under way tell it), cards drawn
    (a rival's unnamed), played, discarded, damaged and dead, every die with its face, a
    spell's stat change, an attack, a pass."""
    where: dict[int, int] = {}  # where the creatures these events placed or moved stand
    fight = view["battle"]
    if fight is not None:
        where.update({o["card"]: o["cell"] for o in fight["origins"]})
    battle: int | None = None if fight is None else fight["cell"]
    out: list[Change] = []
    for e in events:
        kind, who = e["kind"], e.get("player")
        card = refs.card(_id(e["card"])) if isinstance(e.get("card"), str) else None
        cell = refs.cell(e["cell"]) if "cell" in e else None
        if kind in ("hq", "proxy"):
            out.append(Change(kind="placed", player=who, target=cell))
        elif kind in ("place", "summon", "instant"):
            out.append(Change(kind="placed", card=card, player=who, source=f"hand{who}", target=cell))
            if kind != "place":
                where[_id(e["card"])] = e["cell"]
        elif kind == "draw":
            out.append(Change(kind="drawn", card=card, player=who, source=f"deck{who}", target=f"hand{who}"))
        elif kind in ("discard", "unequip", "lost", "replaced"):
            out.append(Change(kind="discarded", card=card, player=who, source=cell or f"hand{who}",
                              target=f"discard{who}"))
        elif kind == "hero_cost":
            out += [Change(kind="discarded", card=refs.card(_id(k)), player=who, source=f"deck{who}",
                           target=f"discard{who}") for k in e["cards"]]
        elif kind == "march":
            for k in e["cards"]:
                origin = where.get(_id(k))
                out.append(Change(kind="moved", card=refs.card(_id(k)), player=who,
                                  source=None if origin is None else refs.cell(origin), target=cell))
                where.setdefault(_id(k), e["cell"])
        elif kind == "returns":
            out.append(Change(kind="moved", card=card, player=who,
                              source=None if battle is None else refs.cell(battle), target=cell))
        elif kind in ("march_fails", "takes"):
            battle = e["cell"]  # the battle's end: a return comes from there
        elif kind == "battle":
            battle = e["cell"]
            out.append(Change(kind="attacked", player=who, target=cell))
        elif kind == "initiative":
            out.append(Change(kind="dice", player=who, values=[e["die"]], amount=e["total"],
                              key="initiative"))
        elif kind == "first_roll":
            out += [Change(kind="dice", player=p, values=[r], key="first") for p, r in enumerate(e["rolls"])]
        elif kind == "roll":
            out.append(Change(kind="dice", values=[e["value"]], key="roll"))
        elif kind == "strike":
            out.append(Change(kind="attacked", player=who, amount=e["total"], key=e["order"],
                              target=None if battle is None else refs.cell(battle)))
        elif kind in ("dies", "holds", "spell_hit"):
            out.append(Change(kind="damaged", card=card, amount=e["damage"], values=[e["defence"]]))
            if kind == "dies" or (kind == "spell_hit" and e["dies"]):
                out.append(Change(kind="died", card=card))
        elif kind == "destroyed":
            out.append(Change(kind="died", card=card))
        elif kind in ("equip", "exchange", "cast", "use", "perform"):
            target = e.get("creature") or e.get("target")
            out.append(Change(kind="played" if kind != "exchange" else "moved", card=card, player=who,
                              source=refs.card(_id(e["source"])) if kind == "exchange" else f"hand{who}",
                              target=refs.card(_id(target)) if isinstance(target, str) else None))
        elif kind in ("fizzles", "countered"):
            out.append(Change(kind="discarded", card=card))
        elif kind == "boost":
            out.append(Change(kind="counter", card=card, key=e["stat"], amount=e["amount"]))
        elif kind in ("passes", "attacks"):
            out.append(Change(kind="passed" if kind == "passes" else "attacked", player=who,
                              target=None if kind == "passes" or battle is None else refs.cell(battle)))
    return out


def _prompt(kind: str) -> str:
    return _plain(PROMPTS.get(kind, kind))


def _gear_by_key(view: dict[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    ids: dict[int, str] = {}
    for cell in view["parties"]:
        for party in cell:
            for key in party:
                ids[_id(key)] = key
    for entry in view["gear"]:
        holder = ids.get(entry["creature"])
        if holder is not None:
            out.append({"creature": holder, "equipment": entry["equipment"]})
    return out


def _acted_keys(view: dict[str, Any]) -> set[str]:
    acted = set(view["acted"])
    return {key for cell in view["parties"] for party in cell for key in party if _id(key) in acted}


def log(events: Events, me: int) -> list[Sentence]:
    out: list[Sentence] = []
    for e in events:
        kind = e["kind"]
        args = {k: v for k, v in e.items() if k != "kind"}
        if "player" in args:
            args["player"] = refs.player(args["player"])
        if "cell" in args:
            args["cell"] = label(me, args["cell"])
        if kind == "draw":
            out.append(say("mc.draw", **args) if "card" in args else say("mc.draw.hidden", **args))
        elif kind in ("use", "perform"):
            key = f"mc.{kind}" if e["target"] is not None else f"mc.{kind}.alone"
            out.append(say(key, **args))
        elif kind == "spell_hit":
            key = "mc.spell_hit.dies" if e["dies"] else "mc.spell_hit"
            out.append(say(key, card=e["card"], defence=e["defence"], damage=e["damage"]))
        elif kind == "boost":
            out.append(say("mc.boost", card=e["card"], stat=e["stat"], amount=f"{e['amount']:+d}"))
        elif kind == "first_roll":
            out.append(say("mc.first_roll", first=e["rolls"][0], second=e["rolls"][1]))
        elif kind == "phase":
            out.append(say("mc.phase", phase=PHASE_NAMES[e["phase"]]))
        elif kind == "battle":
            out.append(
                say(
                    "mc.battle", cell=args["cell"], player=args["player"], defender=refs.player(e["defender"])
                )
            )
        elif kind == "judgement":
            out.append(say("mc.judgement", first=e["counts"][0], second=e["counts"][1]))
        elif kind == "game_over":
            if e["winner"] is None:
                out.append(say("mc.game_over.draw", reason=e["reason"]))
            else:
                out.append(say("mc.game_over", winner=refs.player(e["winner"]), reason=e["reason"]))
        else:
            out.append(say(f"mc.{kind}", **args))
    return out


def rules_summary(game: MonsterCollection) -> list[Sentence]:
    rules = non_default(game.options, game.players, game.min_players)
    return [say("mc.rules", rules=rules)]


ZH_COLUMNS = {"name": {"zh": "zh"}, "march": {"zh": "march_zh"}, "extra": {"zh": "extra_zh"}}  # --lang zh


def card_table(game: MonsterCollection) -> CardTable:
    columns = [
        Column(
            key=key,
            label=label_,
            justify="right" if key in ("level", "attack", "defence", "limit") else "left",
            translations=ZH_COLUMNS.get(key, {}),
        )
        for key, label_ in (
            ("name", "card"),
            ("kind", "kind"),
            ("element", "element"),
            ("level", "lv"),
            ("attack", "atk"),
            ("defence", "def"),
            ("march", "march"),
            ("limit", "limit"),
            ("extra", "abilities"),
        )
    ]
    rows: list[dict[str, Any]] = []
    for c in game.cards:
        extra = abilities(c) if c.creature else extra_of(c)
        rows.append(
            {
                "name": c.name,
                "zh": c.zh,
                "kind": c.kind,
                "element": None if c.element is None else f"{c.element} {ELEMENTS_ZH[c.element]}",
                "level": c.level or None,
                "attack": c.attack if c.creature else None,
                "defence": c.defence if c.creature else None,
                "march": MARCH_SHORT[c.march] if c.creature else None,
                "march_zh": MARCHES_ZH[c.march] if c.creature else None,
                "limit": c.limit or None,
                "extra": extra or None,
                "extra_zh": extra_zh(c) or None,
            }
        )
    return CardTable(
        title=f"{game.title} cards ({len(game.cards)})",
        columns=columns,
        rows=rows,
        styles=[[f"element:{c.element}"] if c.element else [] for c in game.cards],
    )


MESSAGES.update(GLOSSARY_WORDS)  # the rules in brief and the words of the cards (``glossary.py``)
