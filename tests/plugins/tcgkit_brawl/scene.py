"""Brawl as a seat sees it: each player's life, hand (a count for the others'), deck, discard and
board, the spells on the stack and who holds priority, and a sentence per event.

A card is an instance id; which card it is, is public (``cards`` in the view), so a face names
it ``Spark#3`` wherever the view shows the id.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tcgkit.kernel import refs
from tcgkit.kernel.actions import Action
from tcgkit.kernel.scene import (
    Area,
    CardTable,
    Catalogue,
    Column,
    Counter,
    Events,
    Face,
    Layout,
    Scene,
    Seat,
    Sentence,
    StackItem,
    Window,
    messages,
    moves_of,
    pending_of,
    say,
)

if TYPE_CHECKING:
    from . import Brawl

MESSAGES: Catalogue = messages({
    "brawl.turn": "Turn: {player}",
    "brawl.draw": ("{player} draws {card}", "{player} draw {card}"),
    "brawl.draw_hidden": ("{player} draws a card", "{player} draw a card"),
    "brawl.cast": ("{player} casts {card}", "{player} cast {card}"),
    "brawl.cast_at": ("{player} casts {card} at {target}", "{player} cast {card} at {target}"),
    "brawl.pass": ("{player} passes", "{player} pass"),
    "brawl.end_turn": ("{player} ends the turn", "{player} end the turn"),
    "brawl.discard": ("{player} discards {card}", "{player} discard {card}"),
    "brawl.trigger": "{card} ({player}) takes effect",
    "brawl.damage": ("{player} loses {amount} life", "{player} lose {amount} life"),
    "brawl.heal": ("{player} gains {amount} life", "{player} gain {amount} life"),
    "brawl.prevented": "{amount} damage to {player} is prevented",
    "brawl.countered": "{card} is countered",
    "brawl.roll": "A die of {sides} rolls {value}",
    "brawl.out": ("{player} is out", "{player} are out"),
    "brawl.end": "The game is over",
    "brawl.doing.main": "{player} to cast a card or end the turn",
    "brawl.doing.respond": "{player} to respond with a fast card or pass (priority)",
    "brawl.doing.discard": "{player} to discard a card",
    "brawl.doing.order_triggers": "{player} to choose which trigger starts first",
    "brawl.prompt.main": "cast a card from your hand or end your turn",
    "brawl.prompt.respond": "respond with a fast card or pass",
    "brawl.prompt.discard": "discard a card from your hand",
    "brawl.prompt.order_triggers": "choose which of your triggered abilities starts first",
    "brawl.window": "priority",
})
SIDE: tuple[tuple[str, str, Layout], ...] = (("hand", "hand", "row"), ("board", "board", "row"),
                                             ("deck", "deck", "pile"), ("discard", "discard", "pile"))


def label(game: Brawl, view: dict[str, Any], card: int) -> str:
    return f"{game.by_id[view['cards'][card]].name}#{card}"


def face(game: Brawl, view: dict[str, Any], card: int) -> Face:
    return Face(ref=refs.card(card), name=label(game, view, card), owner=view["owners"][card])


def scene(game: Brawl, view: dict[str, Any], actions: Sequence[Action], events: Events,
          default: Action | None) -> Scene:
    zones, players = view["zones"], game.num_players
    areas = []
    for p in range(players):
        for zone, shown_as, layout in SIDE:
            seen = zones[f"{zone}{p}"]
            keys = seen.get("cards")
            areas.append(Area(key=f"{zone}{p}", label=shown_as, owner=p, layout=layout, count=seen["count"],
                              hidden=keys is None, group=f"side{p}",
                              items=[] if keys is None else [face(game, view, c) for c in keys]))
    res = view["res"]
    stack = [StackItem(face=face(game, view, frame["source"]), player=frame["player"])
             for frame in res["stack"]]
    window = None
    if res["windows"]:
        top = res["windows"][-1]
        window = Window(kind=top["kind"], holder=top["holder"], label=say("brawl.window"))
    seats = [Seat(player=p, to_move=view["to_move"] == p, out=p in view["out"],
                  counters=[Counter(key="life", label="life", value=view["life"][p])])
             for p in range(players)]
    status = []
    if view["to_move"] is not None:
        status.append(say(f"brawl.doing.{view['decision']}", player=refs.player(view["to_move"])))
    return Scene(game=game.name, viewer=view["viewer"], seats=seats, areas=areas, stack=stack, window=window,
                 status=status, log=log(game, view, events), outcome=view["outcome"], moves=moves_of(actions),
                 pending=pending_of(view, say(f"brawl.prompt.{view['decision']}"), default))


def log(game: Brawl, view: dict[str, Any], events: Events) -> list[Sentence]:
    out = []
    for event in events:
        kind, player = event["kind"], event.get("player")
        who = refs.player(player) if isinstance(player, int) else None
        card = label(game, view, event["card"]) if "card" in event else None
        if kind == "draw":
            out.append(say("brawl.draw", player=who, card=card) if card
                       else say("brawl.draw_hidden", player=who))
        elif kind == "cast":
            target = event["target"]
            out.append(say("brawl.cast", player=who, card=card) if target < 0 else
                       say("brawl.cast_at", player=who, card=card, target=cast_target(game, view, event)))
        elif kind in ("roll",):
            out.append(say("brawl.roll", sides=event["sides"], value=event["value"]))
        elif kind == "end":
            out.append(say("brawl.end"))
        else:
            args: dict[str, Any] = {"player": who} if who is not None else {}
            if card is not None:
                args["card"] = card
            if "amount" in event:
                args["amount"] = event["amount"]
            out.append(say(f"brawl.{kind}", **args))
    return out


def cast_target(game: Brawl, view: dict[str, Any], event: dict[str, Any]) -> str | refs.Ref:
    """A cast's target as its card's text names it: a player, or a spell on the stack."""
    card = game.by_id[view["cards"][event["card"]]]
    if card.ability.target_kind == "player":
        return refs.player(event["target"])
    return label(game, view, event["target"])


def card_table(game: Brawl) -> CardTable:
    rows: list[dict[str, Any]] = [
        {"id": c.id, "name": c.name, "fast": "fast" if c.fast else "",
         "permanent": "yes" if c.permanent else "", "text": " ".join(a.text for a in c.abilities if a.text)}
        for c in game.pool]
    columns = [Column(key=k, label=k) for k in ("name", "fast", "permanent", "text")]
    return CardTable(title=f"{game.title}: cards ({len(rows)})", columns=columns, rows=rows)
