"""Conflictus Aeternus as a seat sees it: each player's mons, hand, Mortis and Exterminatus
counts and whether they are out; their side (the sources, free or used; each set with its
active warrior's attack, defence and tombo, the warriors below it, how many sources it binds and
its equipment; relics; amulets; their hand when the viewer may see it; the Mortis with its last
cards); the rodada, the phase and who holds priority; attacks and blocks; the stack; and a
sentence per event.

Built from a view (never the state) and the public card table. A card is shown as its label
``Name#id`` (what the notation types), in its faction's colour, drawn by its class's template
(``TEMPLATES``: cost, attack/defence/tombo, class, printed text, faction). The rulebook's words
(rodada, mons, Mortis, tombo) stand as words of the game, never glossed in brackets: RULES.md's
glossary gives the Portuguese of the rest.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...kernel import refs
from ...kernel.actions import Action
from ...kernel.card_files import label as card_label
from ...kernel.scene import (
    Area,
    AreaLayout,
    CardTable,
    Catalogue,
    Change,
    ChangeKind,
    Column,
    Events,
    Face,
    Message,
    Move,
    Place,
    Role,
    Scene,
    SceneCounter,
    SceneWindow,
    Seat,
    Sentence,
    Shown,
    StackItem,
    Template,
    messages,
    pending_of,
    say,
)
from ...kernel.words import terms
from .actions import Attack, Block, Cast, Discard, Done, Keep, Mulligan, Offer, Pass, Play, Sacrifice, Search
from .cards import Card
from .glossary import GLOSSARY as GLOSSARY  # for the Game (``Game.glossary``)
from .glossary import HOW_TO_PLAY as HOW_TO_PLAY
from .glossary import WORDS as GLOSSARY_WORDS
from .legal import PROMPTS, WINDOWS

if TYPE_CHECKING:
    from .game import Conflictus

STYLES = {"faction:luz": "bold yellow", "faction:sombra": "bold magenta", "faction:neutra": "white",
          "mark:free": "dim", "mark:used": "dim", "mark:on the stack": "dim", "stats": "bold"}
PHASES = {"mulligan": "mulligans", "draw": "Draw", "main": "Main", "attack": "Attack", "block": "Block",
          "damage": "Damage", "sacrifice": "Sacrifice"}
DOING = {
    "mulligan": "'keep' or 'mulligan'",
    "main": "put down a source, a warrior, relic, equipment, an amulet, use an ability, or 'pass'",
    "attack": "play an amulet, use an ability, or 'pass'",
    "block": "play an amulet, use an ability, or 'pass'",
    "sacrifice": "sacrifice cards, play an amulet, use an ability, or 'pass'",
    "declare": "declare attackers ('attack set#ID P<player>') then 'done'",
    "blockers": "block ('block set#ATTACKER with set#YOURS') then 'done'",
    "discard": "discard a card of your hand",
    "search": "take a card of your mons ('search NAME')",
    "pay": "pay a cost with a card in play ('offer CARD')",
}
COUNTED = (("mons", "mons"), ("hand", "hand"), ("mortis", "Mortis"), ("exterminatus", "Exterminatus"))
PLAYER_IN_MOVE = re.compile(r" P\d\b")  # a move naming a player as the notation does (P0, P1...)
STATS = {"attack": "atk", "defense": "def", "tombo": "tombo"}  # an active warrior's, as the face shows them
STAT_WORDS = {"attack": "attack", "defense": "defence", "tombo": "tombo", "cannot_block": "cannot block",
              "unblockable": "cannot be blocked"}  # what a modifier changes, in words (never its id)
KEYWORDS = ("cannot_block", "unblockable")
KINDS = {"fonte": "source", "guerreiro": "warrior", "amuleto": "amulet", "reliquia": "relic",
         "equipamento": "equipment"}
"""Each class's template (and the word its type line says)."""
FACTIONS = {"luz": "Light", "sombra": "Shadow", "neutra": "Neutral"}
PRINTED: dict[str, Place] = {"cost": "cost", "type": "type", "text": "text", "faction": "badge"}
TEMPLATES = [
    Template(kind=KINDS["fonte"], places={"type": "type", "faction": "badge"}, art="faction"),
    Template(kind=KINDS["guerreiro"], places={**PRINTED, **{stat: "stats" for stat in STATS}}, art="faction"),
    *(Template(kind=KINDS[klass], places=PRINTED, art="faction")
      for klass in ("amuleto", "reliquia", "equipamento")),
]
"""How each class of card is drawn: the cost top left, a warrior's attack, defence and tombo in a
row at the foot, the class under the art, the text (English where the card data holds it, the
printed Portuguese for ``pt``), the faction as a badge and the art's colour."""

MESSAGES: Catalogue = messages({
    # the status: the rodada, who holds priority or must answer, attacks and blocks
    "ca.status": "Rodada {round}: {player}, {phase}",
    "ca.priority": Message("{player} has priority: {doing}", "{player} have priority: {doing}", joins=" | "),
    "ca.to_do": Message("{player} to {doing}", joins=" | "),
    "ca.over": "Over after rodada {round}",
    "ca.notation_first": "In moves, P{number} is {player}",
    "ca.notation": Message("P{number} is {player}", joins=", "),
    "ca.attacking": "set#{set} ({card}) attacks {target}",
    "ca.attacking_blocked": "set#{set} ({card}) attacks {target}, blocked by set#{blocker} ({blocking})",
    "ca.set_equipment": "set#{set}: equipment",
    "ca.set_sources": "set#{set}: sources",
    # what a move does
    "ca.note.card": "{card}: {klass}, cost {cost} {faction}",
    "ca.note.warrior": "{card}: warrior, cost {cost} {faction}, attack {attack}, defence {defense}, "
                       "tombo {tombo}",
    "ca.note.warrior_text": "{card}: warrior, cost {cost} {faction}, attack {attack}, defence {defense}, "
                            "tombo {tombo}: {text}",
    "ca.note.attack": "{card} (attack {attack}, tombo {tombo}) attacks {target}",
    "ca.note.block": "{card} (attack {attack}, defence {defense}) blocks {attacker}",
    "ca.note.paid": "{card}, paid with {light} Light and {shadow} Shadow {shadow:source|sources}",
    "ca.note.search": "Take {card} from your mons",
    "ca.note.pass": "Pass: do nothing more now",
    "ca.note.done": "Done: end the declaration",
    "ca.note.keep": "Keep this hand",
    "ca.note.mulligan": "Take a mulligan: a new hand",
    # the log: a sentence per event
    "ca.first": ("{player} starts.", "{player} start."),
    "ca.keep": ("{player} keeps their hand.", "{player} keep your hand."),
    "ca.mulligan": ("{player} takes a mulligan.", "{player} take a mulligan."),
    "ca.mulligan_discard": ("{player} discards at random: {cards}.", "{player} discard at random: {cards}."),
    "ca.rodada": "Rodada {round}: {player}.",
    "ca.draw": ("{player} draws {card}.", "{player} draw {card}."),
    "ca.draw_hidden": ("{player} draws a card.", "{player} draw a card."),
    "ca.draws": ("{player} draws {count} cards: {cards}.", "{player} draw {count} cards: {cards}."),
    "ca.draws_hidden": ("{player} draws {count} cards.", "{player} draw {count} cards."),
    "ca.source": ("{player} puts down {card}.", "{player} put down {card}."),
    "ca.warrior": ("{player} puts {card} into set#{set}.", "{player} put {card} into set#{set}."),
    "ca.equipment": ("{player} equips set#{set} with {card}.", "{player} equip set#{set} with {card}."),
    "ca.relic": ("{player} puts down the relic {card}.", "{player} put down the relic {card}."),
    "ca.amulet": ("{player} plays the amulet {card}.", "{player} play the amulet {card}."),
    "ca.amulet_at": ("{player} plays the amulet {card} at {target}.",
                     "{player} play the amulet {card} at {target}."),
    "ca.activates": ("{player} uses {card}.", "{player} use {card}."),
    "ca.activates_at": ("{player} uses {card} at {target}.", "{player} use {card} at {target}."),
    "ca.trigger": "{card} takes effect.",
    "ca.no_effect": "{card} does nothing: its condition no longer holds.",
    "ca.attacks": "{card} attacks {target}.",
    "ca.blocks": "{card} blocks {attacker}.",
    "ca.combat_damage": "Damage",
    "ca.hit": Message("{card} takes {amount}", joins=", ", first=": "),
    "ca.died": "{card} dies and goes to the Mortis.",
    "ca.destroyed": "{card} is destroyed.",
    "ca.sacrificed": "{card} is sacrificed.",
    "ca.exterminated": "{card} goes to the Exterminatus, out of the game.",
    "ca.countered": "{card} is countered.",
    "ca.returned": "{card} goes back to {zone}.",
    "ca.discard": ("{player} discards {card}.", "{player} discard {card}."),
    "ca.search": ("{player} searches the mons and takes {card}.",
                  "{player} search the mons and take {card}."),
    "ca.search_hidden": ("{player} searches the mons.", "{player} search the mons."),
    "ca.shuffled": ("{player}'s mons is shuffled (cut by an opponent).",
                    "Your mons is shuffled (cut by an opponent)."),
    "ca.mill": "{player} tomba {count}: {cards}.",
    "ca.mill_nothing": "{player} tomba 0: nothing.",
    "ca.loses": "{player} cannot go on: {reason}.",
    "ca.out": ("{player} is out of the game.", "{player} are out of the game."),
    "ca.modified": "{card}: {amount} {stat}.",
    "ca.modified_up": "{card}: +{amount} {stat}.",
    "ca.keyword": "{card}: {keyword}.",
    "ca.keyword_ends": "{card}: the \"{keyword}\" effect ends.",
    "ca.roll": "A {sides}-sided die rolls {value}.",
    "ca.shield": "{card} shields {subject} from {event} ({mode}).",
    "ca.prevented": "{subject}: {event} prevented.",
    "ca.prevented_some": "{subject}: {event} prevented ({amount} of it).",
    "ca.sources_used": ("{count} of {player}'s sources {count:becomes|become} used.",
                        "{count} of your sources {count:becomes|become} used."),
    "ca.sources_freed": ("{count} of {player}'s sources {count:becomes|become} free.",
                         "{count} of your sources {count:becomes|become} free."),
    "ca.unbound": ("{count} {count:source|sources} that paid for {card} {count:goes|go} back to "
                   "{player}'s field, used until the next rodada: {sources}.",
                   "{count} {count:source|sources} that paid for {card} {count:goes|go} back to your field, "
                   "used until the next rodada: {sources}."),
    "ca.amulets_to_mortis": ("{player}'s amulets go to the Mortis: {cards}.",
                             "Your amulets go to the Mortis: {cards}."),
    "ca.game_over": "The game is over: {reason}.",
    # the rules line
    "ca.rules": "{players} players; mons of {deck}; at most {copies} copies; {factions}; "
                "{mulligan} mulligans; attack {attack}{extra}",
    **{f"ca.prompt.{kind}": text for kind, text in PROMPTS.items()},
})
MESSAGES.update(terms(
    "ca", *PHASES.values(), *DOING.values(), "Sources", "Relics", "Hand", "Amulets", "hand",
    "sources", "atk", "def", "free", "used", "on the stack", "attack", "defense", "cost", "type", "text",
    "faction", *KINDS.values(), *FACTIONS.values(),
    "last player standing", "the last players went out together", "drew from an empty mons",
    *STAT_WORDS.values()))


def card_of(game: Conflictus, key: str) -> Card:
    """The card a label ``Name#id`` names (a view only holds labels of the game's cards)."""
    found = game.db.find(key.rpartition("#")[0])
    assert found is not None
    return found


def card_id(key: str) -> int:
    return int(key.rpartition("#")[2])


def face(game: Conflictus, key: str, owner: int | None = None, marks: Sequence[str] = (),
         stats: dict[str, int] | None = None) -> Face:
    """A card by its label, in its faction's colour, with what its class prints: cost, a
    warrior's attack, defence and tombo (an active warrior's as they are now: ``stats``), its
    class, its text and its faction."""
    card = card_of(game, key)
    shown = [] if card.klass == "fonte" else [Shown(key="cost", label="cost", value=card.cost)]
    if card.klass == "guerreiro":
        now = stats or {"attack": card.attack, "defense": card.defense, "tombo": card.tombo}
        shown += [Shown(key=s, label=label, value=now[s], style=["stats"] if stats else [])
                  for s, label in STATS.items()]
    shown.append(Shown(key="type", label="type", value=KINDS[card.klass]))
    if card.text:
        shown.append(text_field(card))
    shown.append(Shown(key="faction", label="faction", value=FACTIONS[card.faction]))
    return Face(ref=refs.card(card_id(key)), name=key, kind=KINDS[card.klass], owner=owner, fields=shown,
                style=[f"faction:{card.faction}"], marks=list(marks))


def scene(game: Conflictus, view: dict[str, Any], actions: Sequence[Action], events: Events,
          default: Action | None) -> Scene:
    viewer, n = view["viewer"], game.num_players
    order = [(viewer + i) % n for i in range(1, n)] + [viewer] if viewer is not None else list(range(n))
    names = labels(view)
    areas = [area for p in order for area in side(game, view, p)]
    zones, out = view["zones"], set(view["out"])
    seats = [Seat(player=p, out=p in out, to_move=view["to_move"] == p,
                  counters=[SceneCounter(key=zone, label=shown, value=zones[f"{zone}{p}"]["count"])
                            for zone, shown in COUNTED]) for p in range(n)]
    res = view["res"]
    stack = [StackItem(face=face(game, names[f["source"]]) if f["source"] in names
                       else Face(name=f"#{f['source']}"), player=f["player"]) for f in res["stack"]]
    windows = res["windows"]
    window = None if not windows else SceneWindow(kind=windows[-1]["kind"], holder=windows[-1]["holder"])
    kind = view["decision"]
    prompt = say(f"ca.prompt.{kind}") if kind is not None else say("ca.over", round=view["round"])
    said = status(view, names)
    if any(PLAYER_IN_MOVE.search(str(a)) for a in actions):  # "attack set#45 P1": say who P1 is
        said += [say("ca.notation" if p else "ca.notation_first", number=p, player=refs.player(p))
                 for p in range(n)]
    return Scene(game=game.name, viewer=viewer, seats=seats, areas=areas, status=said,
                 log=log(events), pending=pending_of(view, prompt, default), moves=moves(game, view, actions),
                 stack=stack, window=window, outcome=view["outcome"], templates=TEMPLATES,
                 changes=changes(game, events))


def labels(view: dict[str, Any]) -> dict[int, str]:
    """Card id -> label, for every card the view names."""
    out: dict[int, str] = {}
    for zone in view["zones"].values():
        for key in zone.get("cards", ()):
            out[card_id(key)] = key
    for entry in view["sets"]:
        cards = entry["cards"]
        for key in (*cards["sources"], *cards["warriors"], *cards["equipment"]):
            out[card_id(key)] = key
    return out


def side(game: Conflictus, view: dict[str, Any], p: int) -> list[Area]:
    """Player ``p``'s side of the table, one area a row."""
    zones, group = view["zones"], f"side{p}"
    used = set(view["used"])

    def cards_of(zone: str, marks: Sequence[str] = ()) -> list[Face | None]:
        return [face(game, key, p, marks) for key in zones[f"{zone}{p}"].get("cards", ())]

    def area(key: str, label: str | Sentence, items: list[Face | None], layout: AreaLayout = "row",
             role: Role = "play", **more: Any) -> Area:
        return Area(key=key, label=label, owner=p, layout=layout, items=items, count=len(items), group=group,
                    role=role, **more)

    sources: list[Face | None] = [face(game, key, p, ["used" if card_id(key) in used else "free"])
                                  for key in zones[f"field{p}"]["cards"]]
    areas = [area(f"field{p}", "Sources", sources)]
    for entry in view["sets"]:
        sid, cards = entry["set"], entry["cards"]
        if cards["owner"] != p:
            continue
        warriors = cards["warriors"]
        faces: list[Face | None] = [face(game, key, p) for key in warriors[:-1]]
        faces += [face(game, key, p, stats=view["stats"].get(key)) for key in warriors[-1:]]
        bound = SceneCounter(key="sources", label="sources", value=len(cards["sources"]))
        areas.append(area(f"set{sid}", f"set#{sid}", faces, "stack", counters=[bound],
                          refs=[refs.card(card_id(k)) for k in warriors]))
        for part in ("equipment", "sources"):  # the set's other cards, each a card to click
            if cards[part]:
                areas.append(area(f"set{sid}.{part}", say(f"ca.set_{part}", set=sid),
                                  [face(game, key, p) for key in cards[part]]))
    areas.append(area(f"relics{p}", "Relics", cards_of("relics")))
    amulets = cards_of("amulets") + cards_of("stack", ["on the stack"])
    if amulets:
        areas.append(area(f"amulets{p}", "Amulets", amulets))
    if "cards" in zones[f"hand{p}"]:
        areas.append(area(f"hand{p}", "Hand", cards_of("hand"), role="hand"))
    for zone, label in (("mortis", "Mortis"), ("exterminatus", "Exterminatus")):
        pile = cards_of(zone)
        if pile:
            areas.append(area(f"{zone}{p}", label, pile, "pile", role="pile"))
    return areas


def status(view: dict[str, Any], names: dict[int, str]) -> list[Sentence]:
    if view["outcome"] is not None:
        return [say("ca.over", round=view["round"])]
    out = [say("ca.status", round=view["round"], player=refs.player(view["active"]),
               phase=PHASES.get(view["phase"], view["phase"]))]
    mover, kind = view["to_move"], view["decision"]
    if mover is not None:
        doing = DOING.get(kind, kind)
        message = "ca.priority" if kind in WINDOWS else "ca.to_do"
        out.append(say(message, player=refs.player(mover), doing=doing))
    blocks = {entry["attacker"]: entry["block"] for entry in view["blocks"]}
    for entry in view["attackers"]:
        sid, attack = entry["set"], entry["attack"]
        card = names.get(attack["warrior"], f"#{attack['warrior']}")
        target = refs.player(attack["target"])
        block = blocks.get(sid)
        if block is None:
            out.append(say("ca.attacking", set=sid, card=card, target=target))
        else:
            blocking = names.get(block["warrior"], f"#{block['warrior']}")
            out.append(say("ca.attacking_blocked", set=sid, card=card, target=target, blocker=block["set"],
                           blocking=blocking))
    return out


# -- moves ------------------------------------------------------------------------------------
WORDLESS = {Pass: "ca.note.pass", Done: "ca.note.done", Keep: "ca.note.keep", Mulligan: "ca.note.mulligan"}
"""What a move that names no card does, for the menu a front end offers it in."""


def moves(game: Conflictus, view: dict[str, Any], actions: Sequence[Action]) -> list[Move]:
    """The legal moves, each with the text of the card it uses, or what it does. A move's refs
    are what a player clicks: the card, then the set's warrior it joins or its target; an attack
    the attacking set's warrior, then the player; a block the blocking warrior, then the attacker.
    Moves that differ only in how they pay say so in their note."""
    tops = {entry["set"]: entry["cards"]["warriors"][-1]
            for entry in view["sets"] if entry["cards"]["warriors"]}

    def top(sid: int) -> list[refs.Ref]:
        return [refs.card(card_id(tops[sid]))] if sid in tops else []

    out = []
    for action in actions:
        text, note, clicks = None, None, list(action.refs())
        if isinstance(action, Play | Cast | Sacrifice | Discard | Offer):
            card = card_of(game, action.label)
            if card.text and card.klass != "guerreiro":  # a warrior's note tells its stats and text
                text = text_field(card)
            else:
                note = card_note(card, action.label)
            if isinstance(action, Play) and action.on >= 0:
                clicks += top(action.on)
        elif isinstance(action, Attack) and action.on in tops:
            key = tops[action.on]
            stats = view["stats"].get(key, {})
            note = say("ca.note.attack", card=key, attack=stats.get("attack"), tombo=stats.get("tombo"),
                       target=refs.player(action.player))
            clicks = top(action.on) + clicks
        elif isinstance(action, Block) and action.on in tops and action.attacker in tops:
            key = tops[action.on]
            stats = view["stats"].get(key, {})
            note = say("ca.note.block", card=key, attack=stats.get("attack"), defense=stats.get("defense"),
                       attacker=tops[action.attacker])
            clicks = top(action.on) + top(action.attacker)
        elif isinstance(action, Search):
            note = say("ca.note.search", card=action.name)
        elif type(action) in WORDLESS:
            note = say(WORDLESS[type(action)])
        out.append(Move(notation=str(action), refs=clicks, note=note, text=text))
    return paid(out, actions)


def paid(moves: list[Move], actions: Sequence[Action]) -> list[Move]:
    """Moves that name the same things and differ in how they pay (a Neutral card, Light or
    Shadow sources) each say their payment: a front end offers them as a menu."""
    alike: dict[tuple[refs.Ref, ...], int] = {}
    for move in moves:
        alike[tuple(move.refs)] = alike.get(tuple(move.refs), 0) + 1
    out = []
    for move, action in zip(moves, actions, strict=True):
        if alike[tuple(move.refs)] > 1 and isinstance(action, Play | Cast) and (action.luz or action.sombra):
            move = move.model_copy(update={"note": say("ca.note.paid", card=action.label, light=action.luz,
                                                       shadow=action.sombra)})
        out.append(move)
    return out


def card_note(card: Card, key: str) -> Sentence:
    """What a card is: its class and cost; a warrior's stats and text."""
    if card.klass == "guerreiro":
        return say("ca.note.warrior_text" if card.text else "ca.note.warrior", card=key, cost=card.cost,
                   faction=FACTIONS[card.faction], attack=card.attack, defense=card.defense, tombo=card.tombo,
                   text=card.english)
    return say("ca.note.card", card=key, klass=KINDS[card.klass], cost=card.cost,
               faction=FACTIONS[card.faction])


# -- the log ------------------------------------------------------------------------------------
PLAIN = {"first", "keep", "mulligan", "rodada", "source", "warrior", "equipment", "relic", "trigger",
         "no_effect", "blocks", "died", "destroyed", "sacrificed", "exterminated", "countered", "returned",
         "discard", "shuffled", "loses", "out", "roll", "sources_used", "sources_freed"}
"""Events told with their own fields as the sentence's arguments (a player as a reference)."""


def log(events: Events) -> list[Sentence]:
    """A sentence per event (combat damage: one per warrior hit, on one line); a player's
    draws in a row make one (the opening hands: one line a player, not six)."""
    out: list[Sentence] = []
    run: list[dict[str, Any]] = []

    def close_run() -> None:
        if len(run) == 1:
            out.extend(sentences(run[0]))
        elif run:
            player = refs.player(run[0]["player"])
            cards = [e["card"] for e in run if "card" in e]
            out.append(say("ca.draws", player=player, count=len(run), cards=cards) if len(cards) == len(run)
                       else say("ca.draws_hidden", player=player, count=len(run)))
        run.clear()

    for event in events:
        if event["kind"] == "draw" and (not run or (run[0]["player"] == event["player"]
                                                   and ("card" in run[0]) == ("card" in event))):
            run.append(event)
            continue
        close_run()
        if event["kind"] == "draw":
            run.append(event)
            continue
        out += sentences(event)
    close_run()
    return out


def sentences(event: dict[str, Any]) -> list[Sentence]:
    kind = event["kind"]
    args: dict[str, Any] = {k: refs.player(v) if k == "player" else v
                            for k, v in event.items() if k != "kind"}
    if kind in PLAIN:
        return [say(f"ca.{kind}", **args)]
    if kind in ("draw", "search"):
        return [say(f"ca.{kind}" if "card" in args else f"ca.{kind}_hidden", **args)]
    if kind in ("amulet", "activates"):
        target = target_of(args.pop("target"))
        return [say(f"ca.{kind}_at", target=target, **args) if target else say(f"ca.{kind}", **args)]
    if kind == "attacks":
        return [say("ca.attacks", card=args["card"], target=refs.player(args["target"]))]
    if kind == "unbound":
        return [say("ca.unbound", count=len(args["sources"]), **args)]
    if kind in ("mill", "mulligan_discard", "amulets_to_mortis"):
        if kind == "mill" and not args["cards"]:
            return [say("ca.mill_nothing", player=args["player"])]
        return [say(f"ca.{kind}", count=len(args["cards"]), **args)]
    if kind == "modified":
        stat, amount = args["stat"], args["amount"]
        if stat in KEYWORDS:
            return [say("ca.keyword" if amount > 0 else "ca.keyword_ends", card=args["card"],
                        keyword=STAT_WORDS[stat])]
        return [say("ca.modified_up" if amount >= 0 else "ca.modified", card=args["card"], amount=amount,
                    stat=STAT_WORDS.get(stat, stat))]
    if kind == "combat_damage":
        return [say("ca.combat_damage"), *(say("ca.hit", card=c, amount=a) for c, a in args["hits"])]
    if kind == "shield":
        return [say("ca.shield", card=args["card"], event=args["event"], mode=args["mode"],
                    subject=target_of(args["subject"]) or args["subject"])]
    if kind == "prevented":
        subject = args.get("card") or args["player"]
        if "amount" in args:
            return [say("ca.prevented_some", subject=subject, event=args["event"], amount=args["amount"])]
        return [say("ca.prevented", subject=subject, event=args["event"])]
    if kind == "game_over":
        return [say("ca.game_over", reason=args["reason"])]
    raise ValueError(f"no sentence for a {kind!r} event")


# -- what the events changed ---------------------------------------------------------------------
PUT = {"source": "field{player}", "relic": "relics{player}", "amulet": "amulets{player}",
       "warrior": "set{set}", "equipment": "set{set}.equipment"}
"""Where a card put down goes (an area's key)."""
GONE: dict[str, ChangeKind] = {"died": "died", "destroyed": "died", "sacrificed": "discarded",
                               "countered": "discarded", "discard": "discarded", "exterminated": "discarded"}
"""A card leaving play or the hand: a warrior dead or destroyed (or sacrificed), the rest discarded."""


def changes(game: Conflictus, events: Events) -> list[Change]:
    """What the events did, as highlights: cards put down, drawn, attacking, hit, dying,
    discarded or milled, a mons shrinking (a ``counter``), a die rolled."""
    out: list[Change] = []
    for event in events:
        kind = event["kind"]
        player = event.get("player")
        card = refs.card(card_id(event["card"])) if isinstance(event.get("card"), str) else None
        if kind in PUT:
            out.append(Change(kind="played", card=card, player=player, source=f"hand{player}",
                              target=PUT[kind].format(**event)))
        elif kind in ("draw", "search"):
            out.append(Change(kind="drawn", card=card, player=player, source=f"mons{player}",
                              target=f"hand{player}"))
            out.append(Change(kind="counter", player=player, key="mons", amount=-1))
        elif kind in GONE:
            warrior = kind == "sacrificed" and card_of(game, event["card"]).klass == "guerreiro"
            zone = "exterminatus" if kind == "exterminated" else "mortis"
            out.append(Change(kind="died" if warrior else GONE[kind], card=card, player=player,
                              target=None if player is None else f"{zone}{player}"))
        elif kind in ("mill", "mulligan_discard", "amulets_to_mortis"):
            source = f"mons{player}" if kind == "mill" else None
            out += [Change(kind="discarded", card=refs.card(card_id(c)), player=player, source=source,
                           target=f"mortis{player}") for c in event["cards"]]
            if kind == "mill" and event["cards"]:
                out.append(Change(kind="counter", player=player, key="mons", amount=-len(event["cards"])))
        elif kind == "attacks":
            out.append(Change(kind="attacked", card=card, player=player, target=refs.player(event["target"])))
        elif kind == "combat_damage":
            out += [Change(kind="damaged", card=refs.card(card_id(c)), amount=a) for c, a in event["hits"]]
        elif kind == "modified" and event["stat"] in STATS:
            out.append(Change(kind="counter", card=card, key=event["stat"], amount=event["amount"]))
        elif kind == "returned":
            target = f"hand{player}" if event["zone"] == "hand" else f"mons{player}"
            out.append(Change(kind="moved", card=card, player=player, target=target))
        elif kind == "roll":
            out.append(Change(kind="dice", values=[event["value"]]))
    return merged(out)


def merged(changes: list[Change]) -> list[Change]:
    """Counters of one player and key in a row as one (the opening hand: mons -6, not six -1s)."""
    out: list[Change] = []
    for change in changes:
        at = len(out) - 1
        while at >= 0 and out[at].kind == "drawn" and out[at].player == change.player:
            at -= 1  # a draw's counter joins the one of the draw before
        last = out[at] if at >= 0 else None
        if (change.kind == "counter" and change.card is None and last is not None and last.kind == "counter"
                and last.card is None and (last.player, last.key) == (change.player, change.key)):
            out[at] = last.model_copy(update={"amount": (last.amount or 0) + (change.amount or 0)})
        else:
            out.append(change)
    return out


def target_of(written: str) -> refs.Ref | str:
    """A target as an event writes it: a player ``P1`` as a reference (named by the front end),
    a card as its label; "" or "any" (none) as they are."""
    if len(written) == 2 and written[0] == "P" and written[1].isdigit():
        return refs.player(int(written[1]))
    return written if written not in ("", "any") else ""


# -- cards and rules --------------------------------------------------------------------------
def text_field(card: Card) -> Shown:
    """A card's text: in English where the card data holds it (``text_en``), the Portuguese the
    data prints (``text``) for ``pt``; else as printed."""
    translations = {"pt": card.text} if card.text_en else {}
    return Shown(key="text", label="text", value=card.english, translations=translations)


def card_table(game: Conflictus) -> CardTable:
    columns = [Column(key="name", label="card"), Column(key="faction", label="faction"),
               Column(key="class", label="class"), Column(key="cost", label="cost", justify="right"),
               Column(key="stats", label="atk/def/tombo"),
               Column(key="text", label="text", translations={"pt": "text_pt"})]
    rows: list[dict[str, Any]] = []
    for c in game.db.cards:
        warrior = c.klass == "guerreiro"
        rows.append({"id": c.id, "name": c.name, "faction": c.faction, "class": c.klass, "cost": c.cost,
                     "attack": c.attack if warrior else None, "defense": c.defense if warrior else None,
                     "tombo": c.tombo if warrior else None, "acumular": c.acumular, "text": c.english,
                     "text_pt": c.text, "stats": f"{c.attack}/{c.defense}/{c.tombo}" if warrior else ""})
    return CardTable(title=f"{game.title} cards ({len(game.db.cards)})", columns=columns, rows=rows,
                     styles=[[f"faction:{c.faction}"] for c in game.db.cards])


def rules_summary(game: Conflictus) -> list[Sentence]:
    o = game.options
    defaults = type(o).model_fields
    extra = []
    for name, words in (("opening_hand", "opening hand"), ("max_mulligans", "at most {} mulligans"),
                        ("first_player", "P{} starts"), ("round_limit", "a draw after {} rodadas")):
        value = getattr(o, name)
        if value != defaults[name].default:
            extra.append(words.format(value) if "{}" in words else f"{words} {value}")
    if o.card_files:
        extra.append(f"cards from {', '.join(map(card_label, o.card_files))}")
    return [say("ca.rules", players=game.num_players, deck=o.deck_size, copies=o.max_copies,
                factions="Light and Shadow may mix" if o.allow_dual_faction else "one faction and Neutral",
                mulligan=o.mulligan.replace("_", " "), attack=o.attack.replace("_", " "),
                extra="".join(f"; {e}" for e in extra))]


MESSAGES.update(GLOSSARY_WORDS)  # the rules in brief and the words of the cards (``glossary.py``)
