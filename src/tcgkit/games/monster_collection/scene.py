"""Monster Collection as a seat sees it, built from a view (never the state).

The board is a grid area turned for the seat (seat 1 sees it half round), each cell marked with
the viewer's number for it (1-6 theirs, E1-E6 the enemy's), HQ or proxy, and its limit (``≤8``),
or ``empty`` for empty ground (空地); a terrain shows its name (or face down),
its placer and who controls it. Each party is an area of its own, front first, with each
creature's level, attack / defence, march type, acted state, equipment and free slots, and its
level total against the limit. Hands (a count for the rival's), decks and discard piles are
counted per seat, with the hand limit and the summoner.
The spells waiting on the stack and who holds the counter window are the scene's stack and
window. The status gives the turn, the phase, this turn's flags and the deck-out judgement; the
log tells each battle step by step: timings, summons, formation, every die, each spell and
damage step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...kernel import refs
from ...kernel.actions import Action
from ...kernel.rules_text import non_default
from ...kernel.scene import (
    Area,
    CardTable,
    Catalogue,
    Column,
    Counter,
    Events,
    Face,
    Message,
    Scene,
    Seat,
    Sentence,
    Shown,
    StackItem,
    Value,
    Window,
    messages,
    moves_of,
    pending_of,
    say,
)
from ...kernel.words import terms
from .board import CELLS, HQ, TURNS, label
from .cards import ELEMENTS, ELEMENTS_ZH, KINDS, MARCHES_ZH, Card
from .rules import PROMPTS

if TYPE_CHECKING:
    from .game import MonsterCollection

MARCH_SHORT = {"walk": "walk", "fly": "fly", "long_fly": "long fly"}
PHASE_NAMES = {
    "setup": "set-up",
    "adjust1": "first hand adjustment (第1次手牌整理)",
    "main": "main phase (主回合)",
    "summon": "normal summon (通常召喚)",
    "adjust2": "second hand adjustment (第2次手牌整理)",
    "battle": "battle (戰鬥)",
    "over": "game over",
}

MESSAGES: Catalogue = messages(
    {
        "mc.hq": (
            "{player} puts the deck's top card face down at {cell} as the HQ (本陣)",
            "{player} put the deck's top card face down at {cell} as the HQ (本陣)",
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
            "{player} places a proxy terrain (代理地形) face down at {cell}",
            "{player} place a proxy terrain (代理地形) face down at {cell}",
        ),
        "mc.replaced": Message("{card} (of {player}) goes to the discard pile", joins="; "),
        "mc.march": ("{player} marches {cards} to {cell}", "{player} march {cards} to {cell}"),
        "mc.controls": Message("{player} controls {cell}", joins="; "),
        "mc.summon": ("{player} summons {card} to the HQ", "{player} summon {card} to the HQ"),
        "mc.instant": (
            "{player} instant-summons {card} into the battle at {cell}",
            "{player} instant-summon {card} into the battle at {cell}",
        ),
        "mc.hero_cost": (
            "{player} discards {cards} from the deck for the hero points (英雄點)",
            "{player} discard {cards} from the deck for the hero points (英雄點)",
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
        "mc.simultaneous": "equal initiative: the simultaneous attack (同時攻撃), no Charge or Defender",
        "mc.goes_first": ("{player} strikes first", "{player} strike first"),
        "mc.strike": "{player}'s {order} attack: {attack} + bonus {bonus} = {total}",
        "mc.dies": Message("{card} (defence {defence}) dies, {left} left", joins="; ", first=": "),
        "mc.holds": Message("{card} (defence {defence}) holds against {damage}", joins="; ", first=": "),
        "mc.takes": ("{player} takes {cell}", "{player} take {cell}"),
        "mc.march_fails": ("{player}'s march into {cell} fails", "your march into {cell} fails"),
        "mc.returns": Message("{card} goes back to {cell}", joins="; "),
        "mc.wiped_out": "both parties are wiped out (雙方全滅): {cell} has no creature",
        "mc.lost": (
            "{player} discards {card} from the battlefield",
            "{player} discard {card} from the battlefield",
        ),
        "mc.cast": ("{player} casts {card} at {target}", "{player} cast {card} at {target}"),
        "mc.use": ("{player} uses {card} at {target}", "{player} use {card} at {target}"),
        "mc.use.alone": ("{player} uses {card}", "{player} use {card}"),
        "mc.perform": (
            "{player} performs the ritual (儀式) {card} at {target}",
            "{player} perform the ritual (儀式) {card} at {target}",
        ),
        "mc.perform.alone": (
            "{player} performs the ritual (儀式) {card}",
            "{player} perform the ritual (儀式) {card}",
        ),
        "mc.declares": (
            "{player} declares the hand-type ability (手牌型特殊能力) of {card}",
            "{player} declare the hand-type ability (手牌型特殊能力) of {card}",
        ),
        "mc.attacks": ("{player} declares the attack", "{player} declare the attack"),
        "mc.summoner": ("{player}'s summoner (召喚術師) acts", "your summoner (召喚術師) acts"),
        "mc.unacted": "{card} is unacted again",
        "mc.destroyed": "{card} goes to the discard pile",
        "mc.passes": Message("{player} passes", joins=" | ", you="{player} pass"),
        "mc.fizzles": Message("{card} does nothing (its {why} is gone)", joins="; "),
        "mc.countered": Message("{card} is countered (対抗)", joins="; "),
        "mc.roll": Message("a die: {value}", joins=", ", first=": "),
        "mc.spell_hit": "{card} (defence {defence}) takes {damage}",
        "mc.spell_hit.dies": "{card} (defence {defence}) takes {damage} and dies",
        "mc.boost": "{card} gets {stat} {amount} until the battle ends",
        "mc.window": "counter (対抗) window",
        "mc.untap": "end of turn (回合結束宣言): every creature and both summoners are unacted",
        "mc.judgement_set": "both decks are empty: the judgement (牌庫用完判定) comes after turn {turn}",
        "mc.judgement_cancelled": "a deck holds cards again: the judgement is off",
        "mc.judgement": "deck-out judgement: creatures in the enemy territory {first} to {second}",
        "mc.game_over": "Game over: {winner} wins ({reason})",
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
        "mc.party": "party at {cell} (levels {levels}/{limit})",
        "mc.placed_by": "placed by {player}",
        "mc.held_by": "{player}",
        "mc.status.hq_closed": Message("HQ {cell} closed", joins=" | "),
    }
)
MESSAGES.update(terms(
    "mc", *PHASE_NAMES.values(), *PROMPTS.values(), "battlefield (戰場)", "hand", "hand limit", "deck",
    "discard", "summoner", "levels", "control", "placer", "kind", "lv", "atk", "def", "march", "abilities",
    "acted", "equipment", "free slots", "limit", "instant", "formation", "first", "second", "simultaneous",
    "normal", "proxy placed", "hand terrain placed", "battle-march made", "HQ fall", "deck-out judgement",
    "deck-out judgement: equal", "turn limit", "unacted", "none", "battle", *KINDS, *MARCH_SHORT.values(),
    *ELEMENTS))

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


def creature_face(game: MonsterCollection, key: str, owner: int, view: dict[str, Any]) -> Face:
    """A creature on the battlefield, with its equipment's numbers added."""
    c = card_of(game, key)
    gear = [k for k in view["_gear"].get(key, [])]
    extra = [card_of(game, k) for k in gear]
    attack = c.attack + sum(e.attack for e in extra)
    defence = c.defence + sum(e.defence for e in extra)
    free = c.item_slots - sum(e.slots for e in extra)
    acted = key in view["_acted"]
    fields = [
        Shown(key="level", label="lv", value=c.level),
        Shown(key="attack", label="atk", value=attack),
        Shown(key="defence", label="def", value=defence),
        Shown(key="march", label="march", value=MARCH_SHORT[c.march]),
        Shown(key="acted", label="acted", value="acted" if acted else "-"),
        Shown(key="equipment", label="equipment", value=", ".join(gear) or "-"),
        Shown(key="slots", label="free slots", value=free),
    ]
    return Face(
        ref=refs.card(_id(key)),
        name=key,
        names=names_of(c, key),
        owner=owner,
        fields=fields,
        style=[f"element:{c.element}"],
        marks=["acted"] if acted else [],
    )


def hand_face(game: MonsterCollection, key: str, owner: int) -> Face:
    """A card in hand; what it does in the languages the card data holds (English, and the
    rulebook's Chinese)."""
    c = card_of(game, key)
    zh = extra_zh(c)
    said = {"zh": zh} if zh else {}
    fields = [Shown(key="kind", label="kind", value=c.kind)]
    if c.creature:
        fields += [
            Shown(key="level", label="lv", value=c.level),
            Shown(key="attack", label="atk", value=c.attack),
            Shown(key="defence", label="def", value=c.defence),
            Shown(key="march", label="march", value=MARCH_SHORT[c.march]),
            Shown(key="extra", label="abilities", value=abilities_said(c) or "-", translations=said),
        ]
    elif c.kind == "terrain":
        fields.append(Shown(key="limit", label="limit", value=c.limit))
        if c.text:
            fields.append(Shown(key="extra", label="abilities", value=c.text, translations=said))
    else:
        fields.append(Shown(key="extra", label="abilities", value=extra_said(c), translations=said))
    return Face(
        ref=refs.card(_id(key)),
        name=key,
        names=names_of(c, key),
        owner=owner,
        fields=fields,
        style=[f"element:{c.element}"] if c.element else [],
    )


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
        parts.append(c.text)
    return parts


def extra_said(c: Card) -> Sentence | str:
    """``extra_of`` as a sentence of the catalogue (a ritual's text as it is)."""
    if c.spell:
        return say(f"mc.extra.{'counter' if c.timing == 'counter' else 'battle'}_spell",
                   count=c.slots, element=c.element, text=c.text)
    if c.kind == "item":
        return say("mc.extra.item", count=c.slots, text=c.text)
    if c.kind in ("ritual", "terrain"):
        return c.text
    return say("mc.extra.equipment", slots=c.slots, attack=f"{c.attack:+d}", defence=f"{c.defence:+d}",
               initiative=f"{c.initiative:+d}")


def extra_of(c: Card) -> str:
    """What an equipment card, an item, a spell, a ritual or a terrain does, in a few words."""
    if c.spell:
        timing = "counter" if c.timing == "counter" else "battle"
        return f"{timing} spell, {c.slots} {c.element} slot{'s' * (c.slots != 1)}: {c.text}"
    if c.kind == "item":
        return f"consumable, {c.slots} item slot{'s' * (c.slots != 1)}: {c.text}"
    if c.kind in ("ritual", "terrain"):
        return c.text
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
        parts.append(c.text)
    return ", ".join(parts)


def extra_zh(c: Card) -> str:
    """``abilities`` or ``extra_of`` in the rulebook's terms (即時召喚, アイテム:x, 英雄點, スペル枠;
    先制, 衝鋒, 守護 as the battle's sentences say them), then the card's Chinese text (its
    English where it has none)."""
    text = c.text_zh or c.text
    if c.creature:
        parts = ["即時召喚"] if c.instant else []
        for word, value in (("先制", c.initiative), ("衝鋒", c.charge), ("守護", c.defender)):
            if value:
                parts.append(f"{word} {value:+d}")
        slots = (("アイテム:", c.item_slots), ("英雄點 ", c.hero_points), ("スペル枠 ", c.spell_slots))
        for word, value in slots:
            if value:
                parts.append(f"{word}{value}")
        return "，".join([*parts, text] if text else parts)
    if c.spell:
        element = ELEMENTS_ZH.get(c.element or "", "")
        return f"{'対抗' if c.timing == 'counter' else '戰鬥'}スペル，{element}枠 {c.slots}：{text}"
    if c.kind == "item":
        return f"消耗品，アイテム:{c.slots}：{text}"
    if c.kind in ("ritual", "terrain"):
        return text
    return f"アイテム:{c.slots}，攻擊 {c.attack:+d}，防禦 {c.defence:+d}，先制 {c.initiative:+d}"


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
    items: list[Face | None] = []
    marks: list[str | Sentence | None] = []
    parties = view["parties"]
    for cell in range(CELLS):
        key = board[cell]
        limit = limit_of(game, view, cell)
        kind = "hq" if cell in HQ else "proxy" if view["down"][cell] else ""
        name = label(me, cell)
        if key is None:
            items.append(None)
            marks.append(say("mc.cell.empty", cell=name))
            continue
        marks.append(say(f"mc.cell.{kind}" if kind else "mc.cell", cell=name, limit=limit))
        totals = [sum(card_of(game, k).level for k in parties[cell][p]) for p in (0, 1)]
        held = [p for p in (0, 1) if parties[cell][p]]
        control = say("mc.held_by", player=refs.player(held[0])) if len(held) == 1 else \
            "none" if not held else "battle"
        placer = say("mc.placed_by", player=refs.player(view["placer"][cell]))
        fields = [
            Shown(key="control", label="control", value=control, at="top"),
            Shown(key="levels", label="levels", value=f"{totals[0]}/{totals[1]}", at="bottom"),
            Shown(key="placer", label="placer", value=placer, at="corner"),
        ]
        if key is False:
            items.append(Face(up=False, owner=view["placer"][cell], fields=fields))
        else:
            c = card_of(game, key)
            items.append(
                Face(
                    ref=refs.card(_id(key)),
                    name=key,
                    names=names_of(c, key),
                    owner=view["placer"][cell],
                    fields=fields,
                    style=[f"element:{c.element}"] if c.element else [],
                )
            )
    areas = [
        Area(
            key="board",
            label="battlefield (戰場)",
            layout="grid",
            rows=4,
            cols=3,
            items=items,
            count=sum(i is not None for i in items),
            turns=dict(TURNS),
            cell_marks=marks,
            refs=[refs.cell(c) for c in range(CELLS)],
        )
    ]
    for cell in range(CELLS):
        for p in (0, 1):
            party = parties[cell][p]
            if not party:
                continue
            limit = limit_of(game, view, cell)
            total = sum(card_of(game, k).level for k in party)
            areas.append(
                Area(
                    key=f"party{cell}.{p}",
                    label=say("mc.party", cell=label(me, cell), levels=total, limit=limit),
                    owner=p,
                    items=[creature_face(game, k, p, view) for k in party],
                    count=len(party),
                    group=f"party{cell}",
                    counters=[Counter(key="levels", label="levels", value=total)],
                )
            )
    order = [q for q in (0, 1) if q != viewer] + ([viewer] if viewer is not None else [])
    for p in order:
        hand = zones[f"hand{p}"]
        keys = hand.get("cards")
        areas.append(
            Area(
                key=f"hand{p}",
                label="hand",
                owner=p,
                items=[] if keys is None else [hand_face(game, k, p) for k in keys],
                count=hand["count"],
                hidden=keys is None,
            )
        )
    seats = []
    for p in (0, 1):
        counters = [
            Counter(key="hand", label="hand", value=zones[f"hand{p}"]["count"]),
            Counter(key="limit", label="hand limit", value=game.options.hand_limit),
            Counter(key="deck", label="deck", value=zones[f"deck{p}"]["count"]),
            Counter(key="discard", label="discard", value=zones[f"discard{p}"]["count"]),
            Counter(key="summoner", label="summoner", value="acted" if view["summoner"][p] else "unacted"),
        ]
        seats.append(Seat(player=p, to_move=view["to_move"] == p, counters=counters))
    status = []
    if view["outcome"] is None:
        status.append(
            say(
                "mc.status.turn",
                turn=view["turn"],
                player=refs.player(view["active"]),
                phase=PHASE_NAMES[view["phase"]],
            )
        )
        flags = [
            f
            for f, on in (
                ("proxy placed", view["proxy_used"]),
                ("hand terrain placed", view["hand_terrain"]),
                ("battle-march made", view["battle_marched"]),
            )
            if on
        ]
        if flags:
            status.append(say("mc.status.flags", flags=flags))
        status += [say("mc.status.hq_closed", cell=label(me, c)) for c in view["hq_closed"]]
        fight = view["battle"]
        if fight is not None:
            status.append(
                say(
                    "mc.status.battle",
                    cell=label(me, fight["cell"]),
                    player=refs.player(fight["attacker"]),
                    step=fight["step"],
                )
            )
    if view["judgement"] is not None:
        status.append(say("mc.status.judgement", turn=view["judgement"]))
    top = view["decisions"][-1] if view["decisions"] else None
    prompt = say("mc.prompt", text=_prompt(top["kind"])) if top else say("mc.over")
    stack = [StackItem(face=_spell_face(game, key, p), player=p) for key, p in view["stack"]]
    windows = view["res"]["windows"]
    window = (
        None
        if not windows
        else Window(kind=windows[-1]["kind"], holder=windows[-1]["holder"], label=say("mc.window"))
    )
    return Scene(
        stack=stack,
        window=window,
        game=game.name,
        viewer=viewer,
        seats=seats,
        areas=areas,
        status=status,
        log=log(events, me),
        pending=pending_of(view, prompt, default),
        moves=moves_of(actions),
        outcome=view["outcome"],
    )


def _spell_face(game: MonsterCollection, key: str, owner: int) -> Face:
    c = card_of(game, key)
    return Face(
        ref=refs.card(_id(key)),
        name=key,
        names=names_of(c, key),
        owner=owner,
        style=[f"element:{c.element}"] if c.element else [],
        fields=[Shown(key="text", label="text", value=c.text)],
    )


def _prompt(kind: str) -> str:
    return PROMPTS.get(kind, kind)


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
