"""Final Fantasy TCG as a seat sees it: each side's characters with their wounds and the items
on them, cities with the monsters on them, the World, the skull pile, the discard pile and the
deck; the skulls won and the limit; the combat (the attackers and whom each fights, the fight
and its power, the luck revealed); each player's hand and face-down cards, with their text
(only a count for the rival's); whose turn it is and what is asked; a sentence per event.

Built from a view (never the state) and the public card table. Cards are written ``Name#id``:
the id tells copies apart (``play Fighter#3``). Every face up card is drawn by its type's
template (``TEMPLATES``): power in the corner, luck as a badge, the type line (a character's
class, an item's kind), its text in English, written from the card data (``english.py``), with
the printed Portuguese as its ``pt`` translation. A ``use`` or ``turn`` move carries its ability's
text the same way. The rulebook's Portuguese terms are in RULES.md's glossary, not in the
sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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
    Seat,
    Sentence,
    Shown,
    Template,
    Value,
    messages,
    pending_of,
    say,
)
from ...kernel.words import terms
from .actions import Done, End, Hide, Play, Turn, Use
from .cards import CARD_TYPES, Card
from .english import ability_text, card_text
from .glossary import GLOSSARY as GLOSSARY  # for the Game (``Game.glossary``)
from .glossary import HOW_TO_PLAY as HOW_TO_PLAY
from .glossary import WORDS as GLOSSARY_WORDS
from .options import FFTcgOptions

if TYPE_CHECKING:
    from .game import FFTcg

FIGHTERS = ("monster", "character", "villain")
COMBAT = "Combat"  # the combat area's group: its title
WOUNDED = "wounded"
STYLES = {"type:monster": "red", "type:villain": "bold magenta", "type:character": "bold cyan",
          "type:action": "yellow", "type:item": "green", "type:city": "blue", f"mark:{WOUNDED}": "bold red"}
SIDE: tuple[tuple[str, str, AreaLayout, Role], ...] = (
    ("characters", "Characters", "row", "play"),
    ("items", "Items", "row", "play"),
    ("cities", "Cities", "row", "play"),
    ("world", "World", "row", "play"),
    ("city_monsters", "Monsters on the cities", "row", "play"),  # the rival's, on this side's cities
    ("resolving", "Turned face up", "row", "play"),  # shown only while an action turned face up resolves
    ("skulls", "Skull pile", "row", "pile"),
    ("discard", "Discard pile", "pile", "pile"),
    ("deck", "Deck", "pile", "pile"),
)
PRINTED: dict[str, Place] = {"type": "type", "text": "text", "luck": "badge"}
TEMPLATES = [Template(kind=kind, places={**PRINTED, "power": "corner"} if kind in FIGHTERS else PRINTED,
                      art="type") for kind in CARD_TYPES]
"""How each type of card is drawn: a fighter's power in the corner, the luck (Sorte) revealed in a
fight as a badge, the type line, the printed text; the art drawn from its ``type:`` token."""
DOING = {
    "play": "play a card, hide one, turn a hidden one, use an ability or 'end'",
    "reconcile": "discard down to {size} cards",
    "discard": "discard {count} card(s)",
    "declare": "add attackers ('attack CARD'), 'clear CITY' or 'done'",
    "assign": "assign each attacking monster to a character",
    "fight": "choose the next fight",
    "window": "use effects before the luck reveal, or 'done'",
    "post_reveal": "use effects after the luck reveal, or 'done'",
    "skull": "choose the monster that goes to the skull pile",
    "wound": "choose the character the villain wounds, or 'done' to wound none",
    "sacrifice": "choose {count} card(s) to sacrifice",
    "search": "choose a card from the deck",
    "target": "choose a target",
}
"""What each decision asks, in the status line ("You to ...") and as the prompt."""
HELD: tuple[tuple[str, str, Role], ...] = (("hand", "hand", "hand"), ("hidden", "face-down cards", "play"))
"""The cards a player holds, each zone drawn as a table of its cards with their text."""
SINGLE = {"skull": "{card} goes to the skull pile.", "wound": "{card} is wounded.",
          "heal": "{card} is healed.", "die": "{card} dies.", "destroy": "{card} is destroyed.",
          "sacrifice": "{card} is sacrificed.", "unskull": "{card} leaves the skull pile.",
          "attack": "{card} attacks.", "trigger": "{card} takes effect."}
MOVED = {"hand": "to the hand", "discard": "to the discard pile", "deck_top": "on top of the deck",
         "deck_bottom": "to the bottom of the deck"}
PLAYED = {"": "", "attack": " to attack", "world": " into the World", "city": " onto the city {on}",
          "on": " on {on}"}
RULES_SHOWN = ("deck_size", "skulls_to_lose", "villains_to_defeat", "turn_limit", "private_decklists",
               "card_files")


MESSAGES: Catalogue = messages({
    # -- the table ------------------------------------------------------------------------
    "fft.turn": ("Turn {turn}: {player}'s turn", "Turn {turn}: your turn"),
    "fft.over": "Over after turn {turn}",
    "fft.over_limit": "Over: {turns} {turns:turn|turns} played, the turn limit",
    **{f"fft.doing.{kind}": Message(f"{{player}} to {what}", joins=" | ") for kind, what in DOING.items()},
    **{f"fft.prompt.{kind}": what for kind, what in DOING.items()},
    "fft.fight_now": "Fight: {characters} ({defender}) against {monsters} ({attacker}); power {power} vs "
                     "{against} before the luck reveal",
    "fft.extra_luck": Message("{player} reveals {count} more luck card(s)", "{player} reveal {count} more "
                              "luck card(s)", joins="; "),
    # -- what happened --------------------------------------------------------------------
    "fft.cut": "The cut: bottom cards {cards} (higher Sorte starts).",
    "fft.first": ("{player} starts.", "{player} start."),
    "fft.turn_starts": "Turn {turn}: {player}.",
    "fft.draw": ("{player} draws {card}.", "{player} draw {card}."),
    "fft.draw.hidden": ("{player} draws a card.", "{player} draw a card."),
    "fft.hide": ("{player} hides {card} face down.", "{player} hide {card} face down."),
    "fft.hide.hidden": ("{player} hides a card face down.", "{player} hide a card face down."),
    "fft.search": ("{player} searches the deck for {card}.", "{player} search the deck for {card}."),
    "fft.search.hidden": ("{player} searches the deck.", "{player} search the deck."),
    "fft.reshuffle": "{player}: the discard pile is shuffled into a new deck ({cards} cards).",
    "fft.mill": ("{player} mills {card}.", "{player} mill {card}."),
    "fft.discard": ("{player} discards {card}.", "{player} discard {card}."),
    **{f"fft.play.{mode}" if mode else "fft.play": (f"{{player}} plays {{card}}{where}.",
                                                    f"{{player}} play {{card}}{where}.")
       for mode, where in PLAYED.items()},
    "fft.turn_up": ("{player} turns {card} face up.", "{player} turn {card} face up."),
    "fft.turn_up.target": ("{player} turns {card} face up on {target}.",
                           "{player} turn {card} face up on {target}."),
    "fft.use": ("{player} uses {card}.", "{player} use {card}."),
    "fft.use.target": ("{player} uses {card} on {target}.", "{player} use {card} on {target}."),
    "fft.target": ("{player} chooses {target} for {card}.", "{player} choose {target} for {card}."),
    "fft.combat": ("Combat: {player} declares attackers.", "Combat: {player} declare attackers."),
    "fft.clear": ("{player} fights the monsters on {city}.", "{player} fight the monsters on {city}."),
    "fft.unopposed": "{cards} wins unopposed.",
    "fft.unopposed.many": "{cards} win unopposed.",
    "fft.assign": "{monster} will fight {character}.",
    "fft.fight": "Fight: {monsters} against {character}.",
    "fft.fight.all": "Fight: {monsters} against all the characters.",
    "fft.luck": ("{player} reveals {card} for luck.", "{player} reveal {card} for luck."),
    "fft.fight_result": "Characters {characters} vs monsters {monsters}: the {winner} win.",
    "fft.fight_result.undefended": "No character defends: the monsters win.",
    **{f"fft.{kind}": text for kind, text in SINGLE.items()},
    **{f"fft.move.{zone}": f"{{card}} goes {where}." for zone, where in MOVED.items()},
    "fft.villain_defeated": ("{player}'s villain {card} is defeated.", "Your villain {card} is defeated."),
    "fft.cancelled": "The fight is cancelled.",
    "fft.note.world": "{card} goes into your World: from there it may join an attack that a monster "
                      "played to attack starts",
    "fft.note.attack": "{card} attacks now: it starts this turn's combat, and monsters in your World or on "
                       "the rival's cities may join it",
    "fft.note.city": "{card} goes onto the rival's city {on}: while a monster is on it, its ability "
                     "cannot be used",
    "fft.note.on": "{card} is equipped to your character {on}",
    "fft.note.play": "{card} goes into play",
    "fft.note.hide": "{card} goes face down among your hidden cards, to turn face up later",
    "fft.note.use": "{card}: its ability {number}",
    "fft.note.end": "End the play phase and go to combat",
    "fft.note.done": "Done: go on",
    "fft.end": ("The game ends: {player} wins ({reason}).", "The game ends: {player} win ({reason})."),
    "fft.end.draw": "The game ends in a draw ({reason}).",
    "fft.skulls_of": "{count} of {limit} to win",  # a seat's skulls counter
    "fft.villains_of": "{count} of {limit}",  # the villains a seat lost
    "fft.rules": "Decks of {deck}; {skulls} skulls lose; villains to defeat: {villains}; turn limit "
                 "{turns}{extra}",
})
MESSAGES.update(terms(
    "fft", "skulls", *(label for _, label, _, _ in SIDE), *(label for _, label, _ in HELD), "Attacking",
    "Luck, defending", "Luck, attacking", "text", "type", "luck", *CARD_TYPES, "World monster", COMBAT,
    "fights", "on", "monsters on it:", WOUNDED, "characters", "monsters", "no character", "no monster",
    "all", "villain defeated", "7 skulls", "turn limit", "both players lost at once"))


def card_id(key: str) -> int:
    return int(key.rpartition("#")[2])


@dataclass
class Table:
    """What the view shows of the cards: each seen card's key by id, the cards lying on
    each card (items on a character, monsters on a city) and what each lies on, the wounded
    characters."""

    game: FFTcg
    keys: dict[int, str]
    on: dict[int, list[int]]
    under: dict[int, int]
    wounded: set[int]

    @staticmethod
    def of(game: FFTcg, view: dict[str, Any]) -> Table:
        keys = {card_id(key): key for zone in view["zones"].values() for key in zone.get("cards") or ()
                if isinstance(key, str)}
        on: dict[int, list[int]] = {}
        for pair in view["on"]:
            on.setdefault(pair["under"], []).append(pair["card"])
        under = {pair["card"]: pair["under"] for pair in view["on"]}
        return Table(game, keys, on, under, set(view["wounded"]))

    def card(self, key: str) -> Card:
        found = self.game.db.find(key.rpartition("#")[0])
        assert found is not None  # a view names cards of the game's table
        return found

    def short(self, key: str) -> str:
        """A card's key with its power, as a list of cards on another shows it."""
        card = self.card(key)
        return f"{key} P{card.power}" if card.type in FIGHTERS else key

    def face(self, key: str, *extra: Shown) -> Face:
        """A card face up: its power, what it lies on and what lies on it, its wound, its type
        line, luck and printed text (the English as its translation)."""
        card, number = self.card(key), card_id(key)
        fields = [Shown(key="power", label="P", value=card.power)] if card.type in FIGHTERS else []
        bearer = self.under.get(number)
        if card.type == "item" and bearer is not None:  # on its character
            fields.append(Shown(key="on", label="on", value=self.keys.get(bearer)))
        lying = [self.short(self.keys[c]) for c in self.on.get(number, []) if c in self.keys]
        if lying and card.type == "city":
            fields.append(Shown(key="monsters", label="monsters on it:", value=", ".join(lying),
                                style=["type:monster"]))
        fields.append(Shown(key="type", label="type", value=type_line(card)))
        english = card_text(card)
        if card.text or english:
            fields.append(text_field(" ".join(card.text.split()), english))
        fields.append(Shown(key="luck", label="luck", value=card.luck))
        owner = number // self.game.options.deck_size
        return Face(ref=refs.card(number), name=key, kind=card.type, owner=owner,
                    fields=[*fields, *extra], style=[f"type:{card.type}"],
                    marks=[WOUNDED] if number in self.wounded else [])

    def faces(self, cards: Sequence[Any]) -> list[Face | None]:
        return [self.face(key) if isinstance(key, str) else Face(up=False) for key in cards]


def type_line(card: Card) -> list[Value | Sentence]:
    """The line under a card's art: its type, and a character's class, an item's or action's
    kind, or that a monster may go into the World."""
    kind = card.job or (card.subtype or "").replace("_", " ") or ("World monster" if card.world else "")
    line: list[Value | Sentence] = [card.type, kind] if kind else [card.type]
    return line


def scene(game: FFTcg, view: dict[str, Any], actions: Sequence[Action], events: Events,
          default: Action | None) -> Scene:
    zones, viewer = view["zones"], view["viewer"]
    table = Table.of(game, view)
    order = [p for p in (0, 1) if p != viewer] + ([viewer] if viewer is not None else [])
    areas = [area for p in order for area in side(table, zones, p)] + combat(table, view)
    areas += [area for p in order for area in held(table, zones, p)]
    return Scene(game=game.name, viewer=viewer, seats=seats(game, view), areas=areas,
                 status=status(game, view, table), log=log(events),
                 pending=pending_of(view, asked(game, view, "prompt"), default), moves=moves(table, actions),
                 outcome=view["outcome"], named_seats=True, templates=TEMPLATES,
                 changes=changes(table, view, events))


def seats(game: FFTcg, view: dict[str, Any]) -> list[Seat]:
    """Each player's skulls won (their skull pile) of the number that wins, and the villains
    they lost when that can matter."""
    limit, villains = game.options.skulls_to_lose, game.options.villains_to_defeat
    out = []
    for p in (0, 1):
        skulls = say("fft.skulls_of", count=view["zones"][f"skulls{p}"]["count"], limit=limit)
        counters = [SceneCounter(key="skulls", label="skulls", value=skulls)]
        if villains > 1 or view["defeated"][p]:
            lost = say("fft.villains_of", count=view["defeated"][p], limit=villains)
            counters.append(SceneCounter(key="villains", label="villains lost", value=lost))
        out.append(Seat(player=p, to_move=view["to_move"] == p, counters=counters))
    return out


def side(table: Table, zones: dict[str, Any], p: int) -> list[Area]:
    """Player ``p``'s side of the table, a row per zone: their cards in play, their piles."""
    out = []
    for zone, label, layout, role in SIDE:
        shown = zones[f"{zone}{p}"]
        keys = shown.get("cards")
        if zone in ("resolving", "city_monsters") and not shown["count"]:  # shown only when they hold cards
            continue
        # A deck its owner does not search shows every card face down (``false``): counted only.
        seen = keys is not None and (not keys or any(isinstance(key, str) for key in keys))
        items = table.faces(keys) if seen else []
        out.append(Area(key=f"{zone}{p}", label=label, owner=p, layout=layout, count=shown["count"],
                        role=role, hidden=not seen, items=items, group=f"side{p}"))
    return out


def held(table: Table, zones: dict[str, Any], p: int) -> list[Area]:
    """Player ``p``'s hand and face-down cards, with each card's text (a count for a seat that
    may not see them)."""
    out = []
    for zone, label, role in HELD:
        shown = zones[f"{zone}{p}"]
        keys = shown.get("cards")
        out.append(Area(key=f"{zone}{p}", label=label, owner=p, layout="row", count=shown["count"],
                        role=role, hidden=keys is None, items=[] if keys is None else table.faces(keys)))
    return out


def combat(table: Table, view: dict[str, Any]) -> list[Area]:
    """The combat area: the attackers (each with the character it fights), then the luck each
    side revealed; nothing when no attack is under way."""
    out = []
    attackers = view["zones"]["combat"]["cards"]
    fights = {pair["monster"]: pair["character"] for pair in view["assigned"]}
    everyone = "all" if view["fight_char"] == "all" else None

    def against(key: str) -> Shown:
        character = fights.get(card_id(key))
        fought = everyone if character is None else table.keys.get(character)
        return Shown(key="fights", label="fights", value=fought)

    if attackers:
        out.append(Area(key="combat", label="Attacking", layout="row", count=len(attackers), group=COMBAT,
                        role="board", items=[table.face(key, against(key)) for key in attackers]))
    luck = view["zones"]["luck"]["cards"]
    size = table.game.options.deck_size
    for side, p in (("defending", view["cside"]), ("attacking", view["mside"])):
        mine = [key for key in luck if card_id(key) // size == p]
        if mine:
            items: list[Face | None] = [
                table.face(key, Shown(key="revealed", label="luck", value=table.card(key).luck))
                for key in mine]
            out.append(Area(key=f"luck{p}", label=f"Luck, {side}", layout="row", items=items, role="board",
                            count=len(mine), group=COMBAT))  # no owner: the combat's title is its own
    return out


def asked(game: FFTcg, view: dict[str, Any], what: str) -> Sentence:
    """The pending decision as ``fft.prompt.KIND`` (or the ``fft.doing`` status line), with
    the number of cards an effect asks for."""
    kind, asks = view["decision"], view["res"]["asks"]
    count = asks[-1]["count"] if asks else 1
    args: dict[str, Any] = {"count": count, "size": game.options.hand_size}
    if what == "doing":
        args["player"] = refs.player(view["to_move"])
    return say(f"fft.{what}.{kind}", **args)


def status(game: FFTcg, view: dict[str, Any], table: Table) -> list[Sentence]:
    """Whose turn and what is asked, then the fight under way."""
    if view["outcome"] is not None and view["outcome"]["reason"] == "turn limit":
        # the game ends as the turn after the limit starts: that turn is counted, not played
        out = [say("fft.over_limit", turns=view["turn"] - 1)]
    elif view["outcome"] is not None:
        out = [say("fft.over", turn=view["turn"])]
    else:
        out = [say("fft.turn", turn=view["turn"], player=refs.player(view["active"]))]
    if view["to_move"] is not None:
        out.append(asked(game, view, "doing"))
    fight = view["fight_char"]
    if fight is not None and view["outcome"] is None:  # a fight that ended the game is told in the log
        cside, mside = view["cside"], view["mside"]
        characters = view["zones"][f"characters{cside}"]["cards"]
        fighting = characters if fight == "all" else [key for key in characters if card_id(key) == fight]
        power = view["fight_power"]
        out.append(say("fft.fight_now", characters=fighting or "no character", defender=refs.player(cside),
                       monsters=[table.keys[m] for m in view["fight_mons"]] or "no monster",
                       attacker=refs.player(mside),
                       power=power[0], against=power[1]))
        for p in (cside, mside):
            if view["extra"][p]:
                out.append(say("fft.extra_luck", player=refs.player(p), count=view["extra"][p]))
    return out


def moves(table: Table, actions: Sequence[Action]) -> list[Move]:
    """The legal actions; using an ability or turning a hidden action carries its text, a
    monster or item played says where it goes and what that means (``help``). A move that
    names no card says what it does; moves that name the same cards (play a card, or hide it)
    each say which they are, for the menu a front end offers them in."""
    alike: dict[tuple[refs.Ref, ...], int] = {}
    for action in actions:
        alike[action.refs()] = alike.get(action.refs(), 0) + 1
    return [Move(notation=str(a), refs=list(a.refs()), text=ability_of(table, a),
                 note=play_note(a) or (plain_note(a) if alike[a.refs()] > 1 or not a.refs() else None))
            for a in actions]


def plain_note(action: Action) -> Sentence | None:
    """What a move says when nothing else tells it apart: ending the turn or a step, playing
    a card from hand as it is, hiding it, using one of a card's abilities."""
    if isinstance(action, End | Done):
        return say(f"fft.note.{action}")
    if isinstance(action, Play | Hide):
        return say(f"fft.note.{'hide' if isinstance(action, Hide) else 'play'}", card=action.label)
    if isinstance(action, Use):
        return say("fft.note.use", card=action.label, number=action.ability + 1)
    return None


def play_note(action: Action) -> Sentence | None:
    """What ``play CARD world|attack|city|on`` means: where the card goes and what follows."""
    if not isinstance(action, Play) or not action.mode:
        return None
    return say(f"fft.note.{action.mode}", card=action.label, on=action.where_label)


def ability_of(table: Table, action: Action) -> Shown | None:
    """What a ``use`` or ``turn`` does: its ability's printed text (else, for a card with one such
    ability, the card's), and in English as the card data says it."""
    if isinstance(action, Use):
        card = table.card(action.label)
        ability = card.abilities[action.ability] if action.ability < len(card.abilities) else None
        alike = [a for a in card.abilities if a.timing == "activated"]
    elif isinstance(action, Turn):
        card = table.card(action.label)
        ability = next((a for a in card.abilities if a.timing == "turn"), None)
        alike = [a for a in card.abilities if a.timing == "turn"]
    else:
        return None
    printed = ability.text if ability is not None else ""
    if not printed and len(alike) <= 1:
        printed = card.text
    english = ability_text(ability) if ability is not None else card_text(card)
    return text_field(" ".join(printed.split()), english)


def text_field(printed: str, english: str) -> Shown:
    """Card text in English (``english.py``, said from what the engine does) by default, and the
    printed Portuguese for ``pt``."""
    return Shown(key="text", label="text", value=english or printed,
                 translations={"pt": printed} if printed and english else {})


def log(events: Events) -> list[Sentence]:
    """A sentence per event; a fight won unopposed is told before its monsters go to the skull
    pile (the rules record the skulls first)."""
    ordered: list[dict[str, Any]] = []
    for event in events:
        if event["kind"] == "unopposed":
            at = len(ordered)
            while at and ordered[at - 1]["kind"] == "skull":
                at -= 1
            ordered.insert(at, event)
        else:
            ordered.append(event)
    return [sentence(event) for event in ordered]


def sentence(e: dict[str, Any]) -> Sentence:
    kind = e["kind"]
    player = refs.player(e["player"]) if isinstance(e.get("player"), int) else None
    if kind in SINGLE:
        return say(f"fft.{kind}", card=e["card"])
    if kind in ("draw", "hide", "search"):
        card = e.get("card")
        return say(f"fft.{kind}", player=player, card=card) if card else \
            say(f"fft.{kind}.hidden", player=player)
    if kind in ("mill", "discard", "luck", "villain_defeated"):
        return say(f"fft.{kind}", player=player, card=e["card"])
    if kind == "play":
        mode = e["mode"]
        return say(f"fft.play.{mode}" if mode else "fft.play", player=player, card=e["card"], on=e["on"])
    if kind in ("turn_up", "use"):
        target = e["target"]
        return say(f"fft.{kind}.target" if target else f"fft.{kind}", player=player, card=e["card"],
                   target=target)
    return other(e, player)


def other(e: dict[str, Any], player: refs.Ref | None) -> Sentence:
    kind = e["kind"]
    if kind == "cut":
        return say("fft.cut", cards=e["shown"])
    if kind == "first":
        return say("fft.first", player=player)
    if kind == "turn":
        return say("fft.turn_starts", turn=e["turn"], player=player)
    if kind == "reshuffle":
        return say("fft.reshuffle", player=player, cards=e["cards"])
    if kind == "target":
        return say("fft.target", player=player, card=e["card"], target=e["target"])
    if kind == "combat":
        return say("fft.combat", player=refs.player(e["attacker"]))
    if kind == "clear":
        return say("fft.clear", player=player, city=e["city"])
    if kind == "unopposed":
        winners = e["winners"]
        return say("fft.unopposed" if len(winners) == 1 else "fft.unopposed.many", cards=winners)
    if kind == "assign":
        return say("fft.assign", monster=e["monster"], character=e["character"])
    if kind == "fight":
        character = e["character"]
        return say("fft.fight.all" if character == "all" else "fft.fight", monsters=e["monsters"],
                   character=character)
    if kind == "fight_result":
        if e["characters_total"] is None:
            return say("fft.fight_result.undefended")
        return say("fft.fight_result", characters=e["characters_total"], monsters=e["monsters_total"],
                   winner=e["winner"])
    if kind == "move":
        return say(f"fft.move.{e['zone']}", card=e["card"])
    if kind == "cancelled":
        return say("fft.cancelled")
    winner = e["winner"]  # the end
    if winner is None:
        return say("fft.end.draw", reason=e["reason"])
    return say("fft.end", player=refs.player(winner), reason=e["reason"])


# -- what the events changed ---------------------------------------------------------------------
GONE: dict[str, ChangeKind] = {"wound": "damaged", "heal": "healed", "die": "died", "destroy": "died",
                               "sacrifice": "died", "villain_defeated": "died", "attack": "attacked",
                               "luck": "revealed", "turn_up": "revealed", "discard": "discarded",
                               "mill": "discarded"}
"""The events that do one thing to one card."""
WHERE = {"character": "characters", "item": "items", "city": "cities", "villain": "world", "monster": "world",
         "action": "resolving"}
"""Where a card played from hand without a mode goes, by its type."""
MOVED_TO = {"hand": "hand", "discard": "discard", "deck_top": "deck", "deck_bottom": "deck"}


def changes(table: Table, view: dict[str, Any], events: Events) -> list[Change]:
    """What the events did, as highlights: a card played (to where), drawn, hidden, turned
    face up or revealed for luck, attacking, wounded, healed or dead, moved to a skull pile (and
    that pile's count), discarded."""
    size = table.game.options.deck_size
    skulls = {card_id(key): p for p in (0, 1) for key in view["zones"][f"skulls{p}"].get("cards") or ()
              if isinstance(key, str)}
    out: list[Change] = []
    for e in events:
        kind, player = e["kind"], e.get("player")
        card = refs.card(card_id(e["card"])) if isinstance(e.get("card"), str) else None
        owner = None if card is None else card.id // size
        if kind in GONE:
            zone = {"discard": "discard", "mill": "discard", "luck": "luck"}.get(kind)
            out.append(Change(kind=GONE[kind], card=card, player=player if player is not None else owner,
                              target=None if zone is None or owner is None else f"{zone}{owner}",
                              source=f"hidden{player}" if kind == "turn_up" else None))
        elif kind == "play" and card is not None and player is not None:
            out.append(Change(kind="played", card=card, player=player, source=f"hand{player}",
                              target=played_to(table, e, player)))
        elif kind in ("draw", "search"):
            out.append(Change(kind="drawn", card=card, player=player, source=f"deck{player}",
                              target=f"hand{player}"))
        elif kind == "hide":
            out.append(Change(kind="moved", card=card, player=player, source=f"hand{player}",
                              target=f"hidden{player}"))
        elif kind in ("skull", "unskull") and card is not None:
            pile = skulls.get(card.id, owner) if kind == "skull" else owner
            where = f"skulls{pile}"
            out.append(Change(kind="moved", card=card, player=pile, target=where if kind == "skull" else None,
                              source=None if kind == "skull" else where))
            out.append(Change(kind="counter", player=pile, key="skulls", amount=1 if kind == "skull" else -1))
        elif kind == "move" and card is not None:
            out.append(Change(kind="moved", card=card, player=owner, target=f"{MOVED_TO[e['zone']]}{owner}"))
        elif kind == "assign":
            out.append(Change(kind="attacked", card=refs.card(card_id(e["monster"])),
                              target=refs.card(card_id(e["character"]))))
    return out


def played_to(table: Table, e: dict[str, Any], player: int) -> refs.Ref | str:
    """Where a card played goes: the combat, its owner's World, onto a card (an item on its
    character, a monster on the rival's city), else its type's zone."""
    mode, on = e["mode"], e.get("on")
    if mode in ("city", "on") and isinstance(on, str):
        return refs.card(card_id(on))
    if mode == "attack":
        return "combat"
    if mode == "world":
        return f"world{player}"
    return f"{WHERE.get(table.card(e['card']).type, 'characters')}{player}"


def card_table(game: FFTcg) -> CardTable:
    columns = [Column(key="name", label="card"), Column(key="type", label="type"),
               Column(key="power", label="power", justify="right"),
               Column(key="luck", label="Sorte", justify="right"), Column(key="kind", label="class / kind"),
               Column(key="text", label="text", translations={"pt": "text_pt"})]
    rows: list[dict[str, Any]] = [
        {"id": c.id, "name": c.name, "type": c.type, "power": c.power if c.type in FIGHTERS else None,
         "luck": c.luck, "job": c.job, "subtype": c.subtype, "world": c.world,
         "kind": c.job or c.subtype or ("Mundo" if c.world else None),
         "text": card_text(c) or c.text, "text_pt": c.text}
        for c in game.db.cards]
    return CardTable(title=f"{game.title} cards ({len(game.db)})", columns=columns, rows=rows,
                     styles=[[f"type:{c.type}"] for c in game.db.cards])


def rules_summary(game: FFTcg) -> list[Sentence]:
    """The rulebook's numbers, then every other option that differs from its default."""
    options = game.options
    extra = []
    if options.private_decklists:
        extra.append("private deck lists")
    if options.card_files:
        extra.append(f"cards from {', '.join(map(card_label, options.card_files))}")
    for name, spec in FFTcgOptions.model_fields.items():
        value = getattr(options, name)
        if name not in RULES_SHOWN and value != spec.default:
            extra.append(name if value is True else f"{name}={value}")
    return [say("fft.rules", deck=options.deck_size, skulls=options.skulls_to_lose,
                villains=options.villains_to_defeat, turns=options.turn_limit,
                extra="".join(f"; {e}" for e in extra))]


MESSAGES.update(GLOSSARY_WORDS)  # the rules in brief and the words of the cards (``glossary.py``)
