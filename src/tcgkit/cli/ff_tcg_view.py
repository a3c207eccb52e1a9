"""Final Fantasy TCG drawn from a player's view: both sides' characters with their items and
wounds, cities with the monsters on them, the World, skull counts, deck sizes, your hand and
face-down cards (only a count for the rival's), the combat, and one sentence per event.

Everything shown comes from ``state.view(player)`` and the public card table. Card labels are
``Name#id``: the id tells copies apart (type ``play Fighter#3``); the Portuguese terms of the
rulebook stand beside the English ones.
"""

from __future__ import annotations

import json
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..games.ff_tcg import FFTcg
from ..games.ff_tcg.cards import Card
from ..kernel.card_files import label as card_label
from ..kernel.errors import NotationError, TcgkitError
from ..kernel.game import Game
from .ff_tcg_english import ability_text, card_text
from .seats import Seats, agree

TYPE_STYLES = {"monster": "red", "villain": "bold magenta", "character": "bold cyan",
               "action": "yellow", "item": "green", "city": "blue"}
DOING = {
    "play": "play a card, turn a hidden one, use an ability or 'end'",
    "reconcile": "discard down to 5 cards",
    "discard": "discard a card",
    "attack": "add attackers ('attack CARD'), 'clear CITY' or 'done'",
    "assign": "assign each attacking monster to a character",
    "fight": "choose the next fight",
    "window": "use effects before the luck reveal, or 'done'",
    "post_reveal": "use effects after the luck reveal, or 'done'",
    "skull": "choose the monster that goes to the skull pile",
    "wound": "choose the character the villain wounds, or 'done' to wound none",
    "sacrifice": "choose a card to sacrifice",
    "search": "choose a card from the deck",
    "target": "choose a target",
}


def who(seats: Seats, player: int) -> str:
    name = seats.names[player]
    if name == "You" or "You" not in seats.names:
        return name
    return f"Rival ({name})"


def _game(game: Game) -> FFTcg:
    assert isinstance(game, FFTcg)
    return game


def _card(game: Game, label: str) -> Card | None:
    return _game(game).db.find(label.rsplit("#", 1)[0])


def _id(label: str) -> int:
    return int(label.rsplit("#", 1)[1])


def _luck(game: Game, label: str) -> str:
    card = _card(game, label)
    return str(card.luck) if card else "?"


def _styled(game: Game, label: str, wounded: set[str] | None = None) -> Text:
    card = _card(game, label)
    text = Text(label, style=TYPE_STYLES.get(card.type, "") if card else "")
    if card is not None and card.type in ("monster", "villain", "character"):
        text.append(f" P{card.power}", style="dim")
    if wounded and label in wounded:
        text.append(" (ferido/wounded)", style="bold red")
    return text


# -- the rules and the cards -----------------------------------------------------------------
def rules_line(game: Game) -> str:
    o = _game(game).options
    parts = [f"Decks of {o.deck_size}", f"{o.skulls_to_lose} skulls lose",
             f"villains to defeat: {o.villains_to_defeat}", f"turn limit {o.turn_limit}"]
    if o.private_decklists:
        parts.append("private deck lists")
    if o.card_files:
        parts.append(f"cards from {', '.join(map(card_label, o.card_files))}")
    return "; ".join(parts)


LANGUAGE = {"text": "pt"}  # the card text shown: "pt" as printed, "en" (``--lang en``)


def text_of(card: Any) -> str:
    return card_text(card) if LANGUAGE["text"] == "en" else card.text


def card_rows(game: Game) -> list[dict[str, Any]]:
    return [
        {"id": c.id, "name": c.name, "type": c.type, "power": c.power if c.type in (
            "monster", "character", "villain") else None, "luck": c.luck, "job": c.job,
         "subtype": c.subtype, "world": c.world, "text": text_of(c)}
        for c in _game(game).db.cards
    ]


def card_table(game: Game) -> Table:
    db = _game(game).db
    table = Table(title=f"{game.title} cards ({len(db)})", title_justify="left", box=box.SIMPLE)
    for column in ("card", "type", "power", "Sorte", "class / kind", "text"):
        table.add_column(column, justify="right" if column in ("power", "Sorte") else "left")
    for c in db.cards:
        power = str(c.power) if c.type in ("monster", "character", "villain") else ""
        kind = c.job or c.subtype or ("Mundo" if c.world else "")
        table.add_row(Text(c.name, style=TYPE_STYLES[c.type]), c.type, power, str(c.luck), kind,
                      text_of(c))
    return table


def game_for_position(text: str) -> Game:
    """The game a pasted state JSON was played under (its ``options`` field)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"position: not JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(data, dict) or not isinstance(data.get("options"), dict):
        raise NotationError("position: a Final Fantasy TCG state JSON with its 'options'")
    try:
        return FFTcg(data["options"])
    except TcgkitError as exc:
        raise NotationError(f"position: {exc}") from None


# -- the view -------------------------------------------------------------------------------
def _cards_or_count(game: Game, zone: dict[str, Any], hidden_word: str) -> Text:
    if "cards" not in zone:
        return Text(f"{zone['count']} {hidden_word}" if zone["count"] else "-", style="dim")
    if not zone["cards"]:
        return Text("-", style="dim")
    return Text(", ").join(_styled(game, label) for label in zone["cards"])


def _attached(view: dict[str, Any]) -> dict[int, list[int]]:
    """Card id -> ids of the cards on it (items on a character, monsters on a city)."""
    out: dict[int, list[int]] = {}
    for card, host in view["public"]["on"]:
        out.setdefault(host, []).append(card)
    return out


def _side(game: Game, view: dict[str, Any], p: int, seats: Seats) -> Table:
    zones, on = view["zones"], _attached(view)
    labels = {_id(label): label for zone in zones.values() for label in zone.get("cards", [])}
    wounded = set(view["wounded"])
    skulls = view["skulls"][p]
    opponent = 1 - p
    limit = _game(game).options.skulls_to_lose
    title = (f"{who(seats, p)}: deck (baralho) {zones[f'deck{p}']['count']}, "
             f"skulls (caveiras) {skulls} of {limit}: at {limit} "
             f"{'you lose' if who(seats, opponent) == 'You' else who(seats, opponent) + ' loses'}")
    table = Table(title=title, title_justify="left", box=box.SIMPLE, show_header=False, padding=(0, 1))
    table.add_column(style="bold")
    table.add_column()
    chars = []
    for label in zones[f"characters{p}"].get("cards", []):
        line = _styled(game, label, wounded)
        items = [labels[i] for i in on.get(_id(label), []) if i in labels]
        if items:
            line.append("  with ")
            line.append(Text(", ").join(_styled(game, i) for i in items))
        chars.append(line)
    table.add_row("Characters (personagens)", Text("\n").join(chars) if chars else Text("-", style="dim"))
    cities = []
    for label in zones[f"cities{p}"].get("cards", []):
        line = _styled(game, label)
        monsters = [labels[m] for m in on.get(_id(label), []) if m in labels]
        if monsters:
            line.append("  monsters on it: ", style="red")
            line.append(Text(", ").join(_styled(game, m) for m in monsters))
        cities.append(line)
    table.add_row("Cities (cidades)", Text("\n").join(cities) if cities else Text("-", style="dim"))
    table.add_row("World (Mundo)", _cards_or_count(game, zones[f"world{p}"], ""))
    table.add_row("Hand (mão)", _cards_or_count(game, zones[f"hand{p}"], "cards"))
    table.add_row("Hidden (escondidas)", _cards_or_count(game, zones[f"hidden{p}"], "face down"))
    table.add_row("Skull pile", _cards_or_count(game, zones[f"skulls{p}"], ""))
    discard = zones[f"discard{p}"]
    recent = discard.get("cards", [])[-3:]
    text = Text(f"{discard['count']}", style="dim")
    if recent:
        text.append("  last: ")
        text.append(Text(", ").join(_styled(game, c) for c in recent))
    table.add_row("Discard (descarte)", text)
    return table


def _combat(game: Game, view: dict[str, Any], seats: Seats) -> list[RenderableType]:
    lines: list[RenderableType] = []
    attackers = view["zones"]["combat"].get("cards", [])
    if attackers:
        lines.append(Text("Attacking: ").append(Text(", ").join(_styled(game, a) for a in attackers)))
    fight = view.get("fight")
    if fight:
        chars = ", ".join(fight["characters"]) or "no character"
        lines.append(Text(
            f"Fight: {chars} ({who(seats, fight['character_side'])}) against "
            f"{', '.join(fight['monsters'])} ({who(seats, fight['monster_side'])}); "
            f"power {fight['power'][0]} vs {fight['power'][1]} before the luck reveal (Sorte)"))
    luck = view["zones"]["luck"].get("cards", [])
    if luck:
        lines.append(Text("Luck revealed: " + ", ".join(f"{label} (Sorte {_luck(game, label)})"
                                                        for label in luck)))
    return lines


def status_line(view: dict[str, Any], seats: Seats) -> str:
    if view["outcome"] is not None:
        return f"Over after turn {view['turn']}"
    active = who(seats, view["active"])
    line = f"Turn {view['turn']}: " + ("your turn" if active == "You" else f"{active}'s turn")
    mover = view["to_move"]
    if mover is not None:
        line += f" | {who(seats, mover)} to {DOING.get(view['decision'], view['decision'])}"
    return line


def render_view(game: Game, view: dict[str, Any], seats: Seats) -> RenderableType:
    viewer = view["viewer"]
    order = (1 - viewer, viewer) if viewer in (0, 1) else (0, 1)
    parts: list[RenderableType] = [Text(status_line(view, seats), style="bold")]
    parts += [_side(game, view, p, seats) for p in order]
    parts += _combat(game, view, seats)
    return Group(*parts)


# -- events ---------------------------------------------------------------------------------
ZONE_WORDS = {"hand": "to the hand", "discard": "to the discard pile", "deck_top": "on top of the deck",
              "deck_bottom": "to the bottom of the deck"}
PLAY_WORDS = {"attack": "to attack", "world": "into the World (Mundo)", "city": "onto the city",
              "on": "on"}


def _sentence(e: dict[str, Any], seats: Seats) -> str | None:
    kind = e["kind"]
    if kind == "cut":
        return "The cut: bottom cards " + ", ".join(e["shown"]) + " (higher Sorte starts)."
    if kind == "first":
        return f"{agree(who(seats, e['player']), 'starts')}."
    if kind == "turn":
        return f"Turn {e['turn']}: {who(seats, e['player'])}."
    if kind == "combat":
        return f"Combat: {agree(who(seats, e['attacker']), 'declares')} attackers."
    if kind == "fight_result":
        if e["characters_total"] is None:
            return "No character defends: the monsters win."
        return (f"Characters {e['characters_total']} vs monsters {e['monsters_total']}: "
                f"the {e['winner']} win.")
    if kind == "assign":
        return f"{e['monster']} will fight {e['character']}."
    if kind == "fight":
        against = "all the characters" if e["character"] == "all" else e["character"]
        return f"Fight: {', '.join(e['monsters'])} against {against}."
    if kind == "cancelled":
        return "The fight is cancelled."
    if kind == "end":
        return None  # the outcome line says it
    single = {"skull": "goes to the skull pile (caveiras)", "wound": "is wounded (ferido)",
              "heal": "is healed", "die": "dies (morto)", "destroy": "is destroyed",
              "sacrifice": "is sacrificed", "unskull": "leaves the skull pile"}
    if kind in single:
        return f"{e['card']} {single[kind]}."
    if kind == "move":
        return f"{e['card']} goes {ZONE_WORDS.get(e['zone'], e['zone'])}."
    if e.get("player") is None:
        return json.dumps(e)
    subject = who(seats, e["player"])
    card = e.get("card")
    if kind == "draw":
        return f"{subject} draw{'s' * (subject != 'You')} {card or 'a card'}."
    if kind == "hide":
        return f"{subject} hide{'s' * (subject != 'You')} {card or 'a card'} face down (escondida)."
    if kind == "search":
        return f"{subject} search{'es' * (subject != 'You')} the deck{' for ' + card if card else ''}."
    if kind == "reshuffle":
        return f"{subject}: the discard pile is shuffled into a new deck ({e['cards']} cards)."
    if kind == "play":
        where = PLAY_WORDS.get(e["mode"], e["mode"] or "")
        on = f" {e['on']}" if e.get("on") else ""
        return f"{subject} play{'s' * (subject != 'You')} {card} {where}{on}.".replace(" .", ".")
    if kind == "turn_up":
        target = f" on {e['target']}" if e.get("target") else ""
        return f"{subject} turn{'s' * (subject != 'You')} {card} face up (virar){target}."
    if kind == "use":
        target = f" on {e['target']}" if e.get("target") else ""
        return f"{subject} use{'s' * (subject != 'You')} {card}{target}."
    if kind == "trigger":
        return f"{card} takes effect."
    if kind == "target":
        return f"{subject} choose{'s' * (subject != 'You')} {e['target']} for {card}."
    if kind == "attack":
        return f"{card} attacks."
    if kind == "clear":
        return f"{subject} fight{'s' * (subject != 'You')} the monsters on {e['city']}."
    if kind == "unopposed":
        return f"{', '.join(e['winners'])} win{'s' * (len(e['winners']) == 1)} unopposed."
    if kind == "luck":
        return f"{subject} reveal{'s' * (subject != 'You')} {card} for luck (Sorte)."
    if kind in ("discard", "mill"):
        verb = "discard" if kind == "discard" else "mill"
        return f"{subject} {verb}{'s' * (subject != 'You')} {card}."
    if kind == "villain_defeated":
        return f"{subject}'s villain {card} is defeated."
    return json.dumps(e)


def explain_action(state: Any, action: Any) -> str:
    """What a ``use`` does: the ability's text, else its card's printed text."""
    if type(action).__name__ != "Use":
        return ""
    card = state.card(action.card)
    ability = next((a for a in card.abilities if a.index == action.ability), None)
    if LANGUAGE["text"] == "en" and ability is not None:
        return ability_text(ability)
    abilities = [a for a in card.abilities if a.timing == "activated"]
    text = ability.text if ability is not None else ""
    if not text and len(abilities) <= 1:
        text = card.text
    return " ".join(text.split())


def describe_events(game: Game, events: list[dict[str, Any]], seats: Seats) -> list[str]:
    """One sentence per event, a fight's result first: "Asp#27 wins unopposed" before it
    goes to the skull pile (the rules record the skull first)."""
    ordered: list[dict[str, Any]] = []
    for event in events:
        if event["kind"] == "unopposed":
            at = len(ordered)
            while at and ordered[at - 1]["kind"] == "skull":
                at -= 1
            ordered.insert(at, event)
        else:
            ordered.append(event)
    return [s for s in (_sentence(e, seats) for e in ordered) if s]
