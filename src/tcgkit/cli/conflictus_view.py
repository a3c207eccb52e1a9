"""Conflictus Aeternus drawn from a player's view: every player's sets (bound sources, warriors
with their stats, equipment), free and used sources, relics, amulets in play and on the stack,
hand (a count for the others'), mons, Mortis and Exterminatus counts, whose rodada and phase it
is and who holds priority, and one sentence per event.

Everything shown comes from ``state.view(player)`` and the public card table. Card labels are
``Name#id`` (type ``play Fhaonna#12 pay L2``); sets are ``set#id``.
"""

from __future__ import annotations

import json
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..games.conflictus import Conflictus
from ..games.conflictus.cards import Card
from ..games.conflictus.notation import PREFIX
from ..kernel.card_files import label as card_label
from ..kernel.errors import NotationError, TcgkitError
from ..kernel.game import Game
from .seats import Seats, agree

FACTION_STYLES = {"luz": "bold yellow", "sombra": "bold magenta", "neutra": "white"}
PHASES = {"mulligan": "mulligans", "draw": "Draw (Compra)", "main": "Main (Principal)",
          "attack": "Attack (Ataque)", "block": "Block (Impedimento)", "damage": "Damage (Análise de dano)",
          "sacrifice": "Sacrifice (Sacrifício)"}
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
    "order_triggers": "choose which ability starts first",
}


WINDOWS = ("main", "attack", "block", "sacrifice")


def _game(game: Game) -> Conflictus:
    assert isinstance(game, Conflictus)
    return game


def who(seats: Seats, player: int) -> str:
    return seats.label(player) if player < len(seats.names) else f"P{player}"


def _card(game: Game, label: str) -> Card | None:
    return _game(game).db.find(label.rsplit("#", 1)[0])


def _styled(game: Game, label: str) -> Text:
    card = _card(game, label)
    return Text(label, style=FACTION_STYLES.get(card.faction, "") if card else "")


def _labels(labels: list[str], game: Game) -> Text:
    return Text(", ").join(_styled(game, label) for label in labels) if labels else Text("-", style="dim")


# -- the rules and the cards -----------------------------------------------------------------
def rules_line(game: Game) -> str:
    o = _game(game).options
    parts = [f"{game.num_players} players", f"mons of {o.deck_size}", f"at most {o.max_copies} copies",
             "Light and Shadow may mix" if o.allow_dual_faction else "one faction and Neutral",
             f"{o.mulligan.replace('_', ' ')} mulligans", f"attack {o.attack.replace('_', ' ')}"]
    if o.card_files:
        parts.append(f"cards from {', '.join(map(card_label, o.card_files))}")
    return "; ".join(parts)


def card_rows(game: Game) -> list[dict[str, Any]]:
    return [{"id": c.id, "name": c.name, "faction": c.faction, "class": c.klass, "cost": c.cost,
             "attack": c.attack if c.klass == "guerreiro" else None,
             "defense": c.defense if c.klass == "guerreiro" else None,
             "tombo": c.tombo if c.klass == "guerreiro" else None, "acumular": c.acumular, "text": c.text}
            for c in _game(game).db.cards]


def card_table(game: Game) -> Table:
    cards = _game(game).db.cards
    table = Table(title=f"{game.title} cards ({len(cards)})", title_justify="left", box=box.SIMPLE)
    for column in ("card", "faction", "class", "cost", "atk/def/tombo", "text"):
        table.add_column(column, justify="right" if column == "cost" else "left")
    for c in cards:
        stats = f"{c.attack}/{c.defense}/{c.tombo}" if c.klass == "guerreiro" else ""
        table.add_row(Text(c.name, style=FACTION_STYLES[c.faction]), c.faction, c.klass, str(c.cost), stats,
                      c.text)
    return table


def game_for_position(text: str) -> Game:
    """The game a pasted position was played under (its ``options``)."""
    body = text[len(PREFIX):] if text.startswith(PREFIX) else text
    try:
        data = json.loads(body)
    except json.JSONDecodeError as exc:
        raise NotationError(f"position: not JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(data, dict) or not isinstance(data.get("options"), dict):
        raise NotationError("position: a Conflictus Aeternus state with its 'options'")
    try:
        return Conflictus(data["options"])
    except TcgkitError as exc:
        raise NotationError(f"position: {exc}") from None


# -- the view -------------------------------------------------------------------------------
def _names(view: dict[str, Any]) -> dict[int, str]:
    """Card id -> label, for every card this viewer can name."""
    out: dict[int, str] = {}
    for zone in view["zones"].values():
        for label in zone.get("cards", []):
            out[int(label.rsplit("#", 1)[1])] = label
    return out


def _stats(view: dict[str, Any], label: str) -> str:
    stats = view.get("stats", {}).get(label)
    return f" {stats[0]}/{stats[1]}/{stats[2]}" if stats else ""


def _side(game: Game, view: dict[str, Any], p: int, seats: Seats) -> Table:
    zones, public = view["zones"], view["public"]
    names = _names(view)
    names.update({c: f"{_game(game).cards[k].name}#{c}" for c, k in view["known"]})
    free = set(view["free_sources"][p])
    out = p in public["out"]
    title = f"{who(seats, p)}: mons {zones[f'mons{p}']['count']}, hand {zones[f'hand{p}']['count']}, " \
            f"Mortis {zones[f'mortis{p}']['count']}, Exterminatus {zones[f'exterminatus{p}']['count']}"
    if out:
        title += "  (out of the game)"
    table = Table(title=title, title_justify="left", box=box.SIMPLE, show_header=False, padding=(0, 1))
    table.add_column(style="bold")
    table.add_column()
    sources = [Text(names[c], style=FACTION_STYLES["luz" if "Luz" in names[c] else "sombra"]) +
               Text(" (free)" if c in free else " (used)", style="dim") for c in
               (int(label.rsplit("#", 1)[1]) for label in zones[f"field{p}"].get("cards", []))]
    table.add_row("Sources (fontes)", Text(", ").join(sources) if sources else Text("-", style="dim"))
    for sid, owner, bound, warriors, equipment in public["sets"]:
        if owner != p:
            continue
        line = Text()
        if warriors:
            top = names[warriors[-1]]
            line.append(_styled(game, top))
            line.append(_stats(view, top), style="bold")
            if len(warriors) > 1:
                line.append("  below: ")
                line.append(_labels([names[w] for w in reversed(warriors[:-1])], game))
        else:
            line.append("no warrior", style="dim")
        if equipment:
            line.append("  equipment: ")
            line.append(_labels([names[e] for e in equipment], game))
        line.append(f"  sources: {len(bound)}", style="dim")
        table.add_row(f"set#{sid}", line)
    table.add_row("Relics (relíquias)", _labels(zones[f"relics{p}"].get("cards", []), game))
    amulets = zones[f"amulets{p}"].get("cards", []) + zones[f"stack{p}"].get("cards", [])
    if amulets:
        table.add_row("Amulets (amuletos)", _labels(amulets, game))
    hand = zones[f"hand{p}"]
    if "cards" in hand:
        table.add_row("Hand (mão)", _labels(hand["cards"], game))
    recent = zones[f"mortis{p}"].get("cards", [])[-3:]
    if recent:
        table.add_row("Mortis, last", _labels(recent, game))
    return table


def status_line(view: dict[str, Any], seats: Seats) -> str:
    if view["outcome"] is not None:
        return f"Over after rodada {view['round']}"
    line = f"Rodada {view['round']}: {who(seats, view['active'])}, {PHASES.get(view['phase'], view['phase'])}"
    mover, decision = view["to_move"], view["decision"]
    if mover is not None:
        doing = DOING.get(decision, decision)
        if decision in WINDOWS:  # a priority window: the one who may act now holds priority
            line += f" | {agree(who(seats, mover), 'has')} priority: {doing}"
        else:
            line += f" | {who(seats, mover)} to {doing}"
    return line


def _combat(view: dict[str, Any], seats: Seats) -> list[RenderableType]:
    public = view["public"]
    lines: list[RenderableType] = []
    names = {c: f"#{c}" for c in range(0)}
    names.update({c: label for c, label in _names(view).items()})
    blocks = {s: (b, w) for s, b, w in public["blocks"]}
    for sid, warrior, target in public["attackers"]:
        text = f"set#{sid} ({names.get(warrior, warrior)}) attacks {who(seats, target)}"
        if sid in blocks:
            text += f", blocked by set#{blocks[sid][0]}"
        lines.append(Text(text, style="red"))
    if public["res"]["stack"]:
        lines.append(Text("On the stack (top last): " + ", ".join(
            names.get(f["source"], str(f["source"])) for f in public["res"]["stack"])))
    return lines


def render_view(game: Game, view: dict[str, Any], seats: Seats) -> RenderableType:
    viewer = view["viewer"]
    n = view["players"]
    order = [(viewer + i) % n for i in range(1, n)] + [viewer] if viewer is not None else list(range(n))
    parts: list[RenderableType] = [Text(status_line(view, seats), style="bold")]
    parts += [_side(game, view, p, seats) for p in order]
    parts += _combat(view, seats)
    return Group(*parts)


# -- events ---------------------------------------------------------------------------------
def _sentence(e: dict[str, Any], seats: Seats) -> str | None:
    kind = e["kind"]
    p = e.get("player")
    subject = who(seats, p) if isinstance(p, int) else ""
    you = subject.startswith("You")  # the verbs agree with it: "You (Blue) draw", "greedy (Red) draws"
    card = e.get("card")
    at = f" at {e['target']}" if e.get("target") else ""
    simple = {
        "first": lambda: f"{agree(subject, 'starts')}.",
        "keep": lambda: f"{agree(subject, 'keeps')} {'your' if you else 'their'} hand.",
        "mulligan": lambda: f"{agree(subject, 'takes')} a mulligan.",
        "rodada": lambda: f"Rodada {e.get('round')}: {subject}.",
        "draw": lambda: f"{agree(subject, 'draws')} {card or 'a card'}.",
        "source": lambda: f"{agree(subject, 'puts')} down {card}.",
        "warrior": lambda: f"{agree(subject, 'puts')} {card} into set#{e.get('set')}.",
        "equipment": lambda: f"{agree(subject, 'equips')} set#{e.get('set')} with {card}.",
        "relic": lambda: f"{agree(subject, 'puts')} down the relic {card}.",
        "amulet": lambda: f"{agree(subject, 'plays')} the amulet {card}{at}.",
        "activates": lambda: f"{agree(subject, 'uses')} {card}{at}.",
        "trigger": lambda: f"{card} takes effect.",
        "attacks": lambda: f"{card} attacks {who(seats, e['target'])}.",
        "blocks": lambda: f"{card} blocks {e.get('attacker')}.",
        "died": lambda: f"{card} dies (to the Mortis).",
        "destroyed": lambda: f"{card} is destroyed.",
        "sacrificed": lambda: f"{card} is sacrificed.",
        "exterminated": lambda: f"{card} is removed from the game (Exterminatus).",
        "countered": lambda: f"{card} is countered.",
        "returned": lambda: f"{card} goes back to {e.get('zone')}.",
        "discard": lambda: f"{agree(subject, 'discards')} {card}.",
        "search": lambda: f"{agree(subject, 'searches')} the mons"
                          + (f" and {'take' if you else 'takes'} {card}" if card else "") + ".",
        "shuffled": lambda: f"{subject}'s mons is shuffled (cut by an opponent).",
        "out": lambda: f"{agree(subject, 'is')} out of the game.",
        "loses": lambda: f"{agree(subject, 'cannot')} go on: {e.get('reason')}.",
        "sources_used": lambda: f"{e.get('count')} of {subject}'s sources become used.",
        "sources_freed": lambda: f"{e.get('count')} of {subject}'s sources become free.",
        "roll": lambda: f"A {e.get('sides')}-sided die rolls {e.get('value')}.",
        "shield": lambda: f"{card} shields {e.get('subject')} from {e.get('event')} ({e.get('mode')}).",
        "prevented": lambda: f"{card or subject}: {e.get('event')} prevented"
                             + (f" ({e['amount']} of it)." if e.get("amount") else "."),
        "no_effect": lambda: f"{card} does nothing: its condition no longer holds.",
    }
    if kind in simple:  # each sentence made only for its own kind of event
        return simple[kind]()
    if kind == "mill":
        return f"{agree(subject, 'tomba')} {len(e['cards'])}: {', '.join(e['cards']) or 'nothing'}."
    if kind == "mulligan_discard":
        return f"{agree(subject, 'discards')} at random: {', '.join(e['cards'])}."
    if kind == "amulets_to_mortis":
        return f"{subject}'s amulets go to the Mortis: {', '.join(e['cards'])}."
    if kind == "modified":
        sign = "+" if e["amount"] >= 0 else ""
        return f"{card}: {sign}{e['amount']} {e['stat']}."
    if kind == "combat_damage":
        return "Damage: " + ", ".join(f"{c} takes {a}" for c, a in e["hits"]) + "."
    if kind == "game_over":
        return None  # the outcome line says it
    return json.dumps(e)


def describe_events(game: Game, events: list[dict[str, Any]], seats: Seats) -> list[str]:
    return [s for s in (_sentence(e, seats) for e in events) if s]
