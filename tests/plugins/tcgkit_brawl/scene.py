"""Brawl as a seat sees it, declared (``SceneSpec``): each player's hand, board, deck and
discard, life, the spells on the stack and who holds priority, and a sentence per event.
Which card an instance is, is public (``cards`` in the view): a face names it ``Spark#3``.
"""

from __future__ import annotations

from typing import Any

from tcgkit.kernel import SceneSpec, Sentence, messages, refs, say, text_fields

MESSAGES = messages({
    "brawl.turn": "Turn: {player}",
    "brawl.draw": ("{player} draws {card}", "{player} draw {card}"),
    "brawl.draw.hidden": ("{player} draws a card", "{player} draw a card"),
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


def label(game: Any, view: dict[str, Any], card: int) -> str:
    return f"{game.by_id[view['cards'][card]].name}#{card}"


def cast_sentence(game: Any, view: dict[str, Any], event: dict[str, Any]) -> Sentence | None:
    """A cast at a target names it as the card's text does: a player, or a spell on the stack."""
    if event["kind"] != "cast" or event["target"] < 0:
        return None
    player, card, target = refs.player(event["player"]), event["card"], event["target"]
    aimed = game.by_id[view["cards"][card]].ability.target_kind == "player"
    at = refs.player(target) if aimed else label(game, view, target)
    return say("brawl.cast_at", player=player, card=label(game, view, card), target=at)


SCENE = SceneSpec({"hand": "row", "board": "row", "deck": "pile", "discard": "pile"}, counters=("life",),
                  out="out", resolution="res", label=label, sentence=cast_sentence, fields=text_fields)
