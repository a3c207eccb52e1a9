"""Forge & Fury drawn from a player's view: the hand with its colour values, the named
colour, both players' piles and counts, the mini-game, and one sentence per event.

Everything shown comes from ``state.view(player)``, the events that player may see and the
public card table (a card's values and rarity). A hidden hand or a sealed pick shows only
that it is there. Players are named, not coloured: the game's colours are green, red and
blue, and a player called "Red" would read like one of them.
"""

from __future__ import annotations

import json
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..games.forge_fury import Card, ForgeFury
from ..games.forge_fury.cards import COLOURS
from ..games.forge_fury.options import BRASA_SOURCE, DECK_SIZES
from ..kernel.card_files import label as card_label
from ..kernel.errors import NotationError, TcgkitError
from ..kernel.game import Game
from .seats import Seats, agree

COLOUR_STYLES = {"green": "bold green", "red": "bold red", "blue": "bold blue"}
RARITY_NAMES = ("normal", "rare", "super rare")
RARITY_STYLES = ("", "cyan", "bold magenta")
DOING = {
    "colour": "name the colour",
    "pick": "pick a card in secret",
    "rps": "throw rock, paper or scissors in secret",
    "call": "call odd or even",
    "show": "show 0..5 fingers in secret",
}
MINIGAMES = {"rps": "Rock-paper-scissors", "odd_even": "Odd-or-even"}


# -- names ----------------------------------------------------------------------------------
def who(seats: Seats, player: int) -> str:
    """``You``, ``Rival (mixed)`` against an AI; the seat's name otherwise (``Player 1``)."""
    name = seats.names[player]
    if name == "You" or "You" not in seats.names:
        return name
    return f"Rival ({name})"


def _verb(subject: str, you_form: str, other_form: str) -> str:
    return f"{subject} {you_form if subject == 'You' else other_form}"


def _game(game: Game) -> ForgeFury:
    assert isinstance(game, ForgeFury)
    return game


def _card(game: ForgeFury, label: str) -> Card | None:
    try:
        return game.cards[game.card_id(label)]
    except LookupError:
        return None


# -- the rules and the cards -----------------------------------------------------------------
def rules_line(game: Game) -> str:
    options = _game(game).options
    if options.mode == "brasa":
        deck = f"one {BRASA_SOURCE}-card deck split, {DECK_SIZES['brasa']} each"
    else:
        deck = f"{DECK_SIZES[options.mode]} cards each"
    parts = [f"Mode: {options.mode} ({deck})", f"mini-game: {MINIGAMES[options.minigame].lower()}"]
    if options.tie_by_number:
        parts.append("round ties by the higher card number")
    if options.minigame_ties != type(options).model_fields["minigame_ties"].default:
        parts.append(f"the seed decides after {options.minigame_ties} mini-game ties")
    if options.private_decklists:
        parts.append("private deck lists")
    if options.card_file:
        parts.append(f"cards from {card_label(options.card_file)}")
    if options.card_files:
        parts.append(f"cards from {', '.join(map(card_label, options.card_files))}")
    return "; ".join(parts)


def card_rows(game: Game) -> list[dict[str, Any]]:
    return [
        {
            "number": c.number, "name": c.name, "label": c.label, "green": c.values[0],
            "red": c.values[1], "blue": c.values[2], "rarity": c.rarity_name,
        }
        for c in _game(game).cards.cards
    ]


def _values(card: Card, named: str | None = None) -> list[Text]:
    out = []
    for colour, value in zip(COLOURS, card.values, strict=True):
        style = COLOUR_STYLES[colour] + (" reverse" if colour == named else "")
        out.append(Text(str(value), style=style, justify="right"))
    return out


def _rarity(card: Card) -> Text:
    return Text(RARITY_NAMES[card.rarity], style=RARITY_STYLES[card.rarity])


def _headers(table: Table, named: str | None = None) -> None:
    for colour in COLOURS:
        mark = "*" if colour == named else ""
        table.add_column(f"{colour}{mark}", justify="right", header_style=COLOUR_STYLES[colour])


def card_table(game: Game) -> Table:
    cards = _game(game).cards
    table = Table(title=f"{game.title} cards ({len(cards)})", title_justify="left",
                  box=box.SIMPLE)
    table.add_column("card")
    _headers(table)
    table.add_column("rarity")
    for card in cards.cards:
        table.add_row(card.label, *_values(card), _rarity(card))
    return table


def game_for_position(text: str) -> Game:
    """The game a pasted state JSON was played under (its ``options`` field)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"position: not JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(data, dict) or not isinstance(data.get("options"), dict):
        raise NotationError("position: a Forge & Fury state JSON with its 'options'")
    try:
        return ForgeFury(data["options"])
    except TcgkitError as exc:
        raise NotationError(f"position: {exc}") from None


# -- the view -------------------------------------------------------------------------------
def _rounds_total(view: dict[str, Any]) -> int:
    zones = view["zones"]
    left = max(
        zones[f"deck{p}"]["count"] + zones[f"hand{p}"]["count"] + zones[f"pick{p}"]["count"]
        for p in (0, 1)
    )
    return view["rounds"] + left


def status_lines(view: dict[str, Any], seats: Seats) -> list[str]:
    scores = view["scores"]
    if view["sudden_death"]:
        stage = "Sudden-death round"
    elif view["outcome"] is not None:
        stage = f"Over after {view['rounds']} rounds"
    else:
        stage = f"Round {min(view['rounds'] + 1, _rounds_total(view))} of {_rounds_total(view)}"
    lines = [f"{stage} | Score: {who(seats, 0)} {scores[0]} - {scores[1]} {who(seats, 1)}"]
    chooser = who(seats, view["chooser"])
    if view["colour"] is not None:
        lines.append(f"Colour: {view['colour']}, named by {chooser}")
    elif view["decision"] == "colour":
        lines.append(f"Colour: not named yet; {chooser} names it")
    mover = view["to_move"]
    if mover is not None:
        lines.append(f"{who(seats, mover)} to {DOING.get(view['decision'], view['decision'])}")
    return lines


def minigame_line(view: dict[str, Any], seats: Seats) -> str | None:
    game = view["minigame"]
    if game is None:
        return None
    purpose = "who names the first colour" if game["purpose"] == "start" else "the tied round"
    line = f"Mini-game: {MINIGAMES[game['kind']].lower()} for {purpose}"
    if game["ties"]:
        line += f" ({game['ties']} tie{'s' * (game['ties'] != 1)} so far)"
    if game["kind"] == "odd_even":
        caller = who(seats, game["caller"])
        call = game["call"]
        line += f"; {caller} calls " + ("first" if call is None else ("odd" if call else "even"))
    shown = []
    viewer = view["viewer"]
    for p in (0, 1):
        if not game["committed"][p]:
            shown.append(f"{who(seats, p)}: not yet")
        elif p == viewer and game["own_sign"] is not None:
            sign = game["own_sign"]
            word = ("rock", "paper", "scissors")[sign] if game["kind"] == "rps" else str(sign)
            shown.append(f"{who(seats, p)}: {word} (sealed)")
        else:
            shown.append(f"{who(seats, p)}: sealed")
    return line + ". " + ", ".join(shown)


def _pick_text(game: ForgeFury, zone: dict[str, Any], named: str | None) -> str:
    if not zone["count"]:
        return "-"
    if "cards" not in zone:
        return "picked (sealed)"
    label = zone["cards"][0]
    card = _card(game, label)
    if card is None or named is None:
        return label
    return f"{label} ({named} {card.values[COLOURS.index(named)]})"


def players_table(game: ForgeFury, view: dict[str, Any], seats: Seats) -> Table:
    zones = view["zones"]
    table = Table(box=box.SIMPLE, padding=(0, 1))
    for heading in ("player", "deck", "hand", "pick", "recovery", "conquest", "score"):
        table.add_column(heading, justify="left" if heading in ("player", "pick") else "right")
    for p in (0, 1):
        table.add_row(
            who(seats, p), str(zones[f"deck{p}"]["count"]), str(zones[f"hand{p}"]["count"]),
            _pick_text(game, zones[f"pick{p}"], view["colour"]),
            str(zones[f"recovery{p}"]["count"]), str(zones[f"conquest{p}"]["count"]),
            str(view["scores"][p]),
        )
    return table


def last_won_lines(view: dict[str, Any], seats: Seats) -> list[str]:
    zones = view["zones"]
    lines = []
    for p in (0, 1):
        recovery = zones[f"recovery{p}"].get("cards") or []
        conquest = zones[f"conquest{p}"].get("cards") or []
        if recovery and conquest:
            lines.append(
                f"Last won by {who(seats, p)}: {recovery[-1]} (recovered) and "
                f"{conquest[-1]} (conquered)"
            )
    return lines


def render_hand(
    game: ForgeFury, view: dict[str, Any], player: int, seats: Seats
) -> RenderableType:
    zone = view["zones"][f"hand{player}"]
    owner = who(seats, player)
    title = "Your hand" if owner == "You" else f"{owner}'s hand"
    if "cards" not in zone:
        count = zone["count"]
        return Text(f"{title}: {count} card{'s' * (count != 1)} (hidden)")
    named = view["colour"]
    table = Table(title=title, title_justify="left", box=box.SIMPLE)
    table.add_column("card")
    _headers(table, named)
    table.add_column("rarity")
    for label in zone["cards"]:
        card = _card(game, label)
        if card is None:
            table.add_row(label, "", "", "", "")
        else:
            table.add_row(label, *_values(card, named), _rarity(card))
    if not zone["cards"]:
        table.add_row("(empty)", "", "", "", "")
    return table


def render_view(game: Game, view: dict[str, Any], seats: Seats) -> RenderableType:
    ff = _game(game)
    viewer = view["viewer"]
    parts: list[RenderableType] = [players_table(ff, view, seats)]
    parts += [Text(line) for line in last_won_lines(view, seats)]
    parts += [Text(line) for line in status_lines(view, seats)]
    mini = minigame_line(view, seats)
    if mini:
        parts.append(Text(mini))
    order = [p for p in (0, 1) if p != viewer] + ([viewer] if viewer is not None else [])
    parts += [render_hand(ff, view, p, seats) for p in order]
    return Group(*parts)


# -- events ---------------------------------------------------------------------------------
def _describe_card(game: ForgeFury, label: str, colour: str, step: str) -> str:
    card = _card(game, label)
    if card is None:
        return label
    c = COLOURS.index(colour)
    details = [f"{colour} {card.values[c]}"]
    if step in ("other colours", "rarity", "number", "tie"):
        others = [i for i in range(3) if i != c]
        best = max(others, key=lambda i: card.values[i])
        details.append(f"best other {COLOURS[best]} {card.values[best]}")
    if step in ("rarity", "number", "tie"):
        details.append(RARITY_NAMES[card.rarity])
    return f"{label} ({', '.join(details)})"


STEP_WORDS = {
    "colour": "on the colour",
    "other colours": "on the highest other colour",
    "rarity": "on rarity",
    "number": "on the higher card number",
}


def _reveal(game: ForgeFury, event: dict[str, Any], seats: Seats) -> str:
    colour, step, winner = event["colour"], event["step"], event["winner"]
    cards = [_describe_card(game, label, colour, "tie" if winner is None else step)
             for label in event["cards"]]
    if winner is None:
        return f"Reveal: {cards[0]} ties {cards[1]}: the mini-game decides"
    return f"Reveal: {cards[winner]} beats {cards[1 - winner]} {STEP_WORDS.get(step, step)}"


def _minigame(game: ForgeFury, event: dict[str, Any], seats: Seats) -> str:
    signs, winner = event["signs"], event["winner"]
    kind = game.options.minigame
    if kind == "rps":
        head = f"Rock-paper-scissors: {who(seats, 0)} {signs[0]}, {who(seats, 1)} {signs[1]}"
    else:
        total = int(signs[0]) + int(signs[1])
        head = (f"Odd-or-even: {who(seats, 0)} {signs[0]}, {who(seats, 1)} {signs[1]}: "
                f"{total} is {'odd' if total % 2 else 'even'}")
    if winner is None:
        return f"{head}: a tie, throw again"
    if kind == "rps" and signs[0] == signs[1]:
        head += f": a tie again; after {game.options.minigame_ties} ties in a row the seed decides"
    name = who(seats, winner)
    if event["purpose"] == "start":
        names = "name" if name == "You" else "names"
        return f"{head}: {_verb(name, 'win', 'wins')} and {names} the first colour"
    return f"{head}: {_verb(name, 'win', 'wins')} the mini-game"


def describe_events(game: Game, events: list[dict[str, Any]], seats: Seats) -> list[str]:
    """One sentence per event; the draws in a row make one sentence."""
    ff = _game(game)
    rps = ff.options.minigame == "rps"
    lines: list[str] = []
    draws: dict[int, list[str | None]] = {}

    def close_draws() -> None:
        parts = []
        for player, cards in draws.items():
            drew = _verb(who(seats, player), "draw", "draws")
            if all(cards):
                parts.append(f"{drew} " + ", ".join(map(str, cards)))
            else:
                parts.append(f"{drew} {len(cards)} card{'s' * (len(cards) != 1)}")
        if parts:
            lines.append("; ".join(parts))
        draws.clear()

    for event in events:
        kind = event["kind"]
        if kind == "draw":
            draws.setdefault(event["player"], []).append(event.get("card"))
            continue
        close_draws()
        player = event.get("player")
        subject = who(seats, player) if isinstance(player, int) else ""
        if kind == "pick":
            card = event.get("value")
            what = f" {card}" if card else ""
            lines.append(_verb(subject, "picked", "picked") + f"{what} in secret")
        elif kind == "sign":
            sign = event.get("value")
            if rps:
                what = f" {sign}" if sign is not None else ""
                lines.append(_verb(subject, "threw", "threw") + f"{what} in secret")
            else:
                what = f" {sign} finger{'s' * (sign != '1')}" if sign is not None else ""
                lines.append(_verb(subject, "showed", "showed") + f"{what} in secret")
        elif kind == "call":
            lines.append(_verb(subject, "call", "calls") + (" odd" if event["odd"] else " even"))
        elif kind == "colour":
            lines.append(_verb(subject, "name", "names") + f" {event['colour']}")
        elif kind == "minigame":
            lines.append(_minigame(ff, event, seats))
        elif kind == "reveal":
            lines.append(_reveal(ff, event, seats))
        elif kind == "round":
            lines.append(_verb(who(seats, event["winner"]), "win", "wins") + " the round")
        elif kind == "sudden_death":
            lines.append(
                "Still level after every tie-break: one sudden-death round, each player draws "
                f"from their own recovery pile; {agree(who(seats, event['chooser']), 'names')} the colour"
            )
        elif kind == "end":
            winner = event["winner"]
            if winner is None:
                lines.append(f"The end: a draw ({event['reason']})")
            else:
                lines.append(
                    "The end: " + _verb(who(seats, winner), "win", "wins")
                    + f" ({event['reason']})"
                )
        else:
            lines.append(f"{kind}: {event}")
    close_draws()
    return lines
