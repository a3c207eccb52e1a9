"""Final Fantasy TCG card text in English, written from the compiled card data.

The printed ``text`` of the sample sets is Portuguese; the scenes show this by default, and the
printed text for ``--lang pt``: each requirement and ability said from its primitives and
parameters, so it is always what the engine does. A primitive without a phrase here is said
by its registry summary.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...kernel.effects import Ability, Condition, EffectStep
from .cards import Card

TIMINGS = {
    "activated": "Effect", "combat": "Fight", "on_win": "Reward", "on_attack": "On attack",
    "on_play": "On play", "turn": "Turn face up", "static": "Always",
    "end_of_turn": "End of turn",
}
DURATIONS = {"end_of_combat": " this fight"}
PLACES = {"world": "the World", "skulls": "the skull pile", "characters": "play",
          "hand": "hand", "discard": "the discard pile", "deck_top": "the top of its deck",
          "deck_bottom": "the bottom of its deck"}
NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def _n(count: int, thing: str) -> str:
    word = NUMBERS.get(count, str(count))
    return f"{word} {thing}{'s' * (count != 1)}"


def _whose(who: str) -> str:
    return "the opponent" if who == "opponent" else "you"


def _matching(p: dict[str, Any]) -> str:
    kind = p.get("name") or p.get("job") or p.get("type") or "card"
    return str(kind)


RECEIVERS = {
    "self": "this card", "bearer": "this card", "target": "the target",
    "my_monsters": "your monsters", "rival_monsters": "the opponent's monsters",
    "my_fighters": "your cards in this fight", "rival_fighters": "the opponent's cards in this fight",
}


def _to(p: dict[str, Any]) -> str:
    return RECEIVERS.get(str(p.get("to")), str(p.get("to")).replace("_", " "))


def _a(word: str) -> str:
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def step_text(step: EffectStep, duration: str = "") -> str:
    """One effect or cost in English."""
    name, p = step.primitive.name, step.params.model_dump()
    amount = p.get("amount")
    phrases: dict[str, Callable[[], str]] = {
        "draw": lambda: f"{_whose(p['who'])} draw{'s' * (p['who'] == 'opponent')} "
                        f"{_n(p['count'], 'card')}",
        "discard": lambda: f"{_whose(p['who'])} discard{'s' * (p['who'] == 'opponent')} "
                           f"{_n(p['count'], 'card')}",
        "mill": lambda: f"{_whose(p['who'])} discard{'s' * (p['who'] == 'opponent')} the top "
                        f"{_n(p['count'], 'card')} of the deck",
        "modify_stat": lambda: f"{p['stat'].capitalize()} {amount:+d} to {_to(p)}"
                               + ("" if duration == "static" else
                                  DURATIONS.get(duration, " until the end of the turn")),
        "destroy": lambda: f"destroy {_to(p)}",
        "kill": lambda: f"kill {_to(p)}",
        "wound": lambda: f"wound {_to(p)}",
        "heal": lambda: f"heal {_to(p)}",
        "move": lambda: f"put {_to(p)} {'on' if 'deck' in p['zone'] else 'into'} "
                        f"{PLACES.get(p['zone'], p['zone'].replace('_', ' '))}",
        "search_deck": lambda: f"search your deck for {_a(_matching(p))}",
        "extra_luck": lambda: f"reveal {_n(p['count'], 'more luck card')}",
        "cancel_fight": lambda: "the fight ends with no winner",
        "remove_skulls": lambda: f"remove {_n(p['count'], 'skull')} from "
                                 f"{'the opponent' if p['who'] == 'opponent' else 'your'}"
                                 f"{chr(39) + 's' if p['who'] == 'opponent' else ''} skull pile",
        "sacrifice": lambda: f"sacrifice {_n(p['count'], _matching(p))}",
    }
    try:
        return phrases[name]() if name in phrases else step.primitive.summary
    except (KeyError, TypeError):
        return step.primitive.summary


def target_text(step: EffectStep) -> str:
    p = step.params.model_dump()
    side = {"opponent": "an opponent's", "you": "your"}.get(str(p.get("side")), "a")
    what = p.get("type") or p.get("choose") or "card"
    extra = " in the fight" if p.get("in_fight") else ""
    wounded = " wounded" if p.get("wounded") else ""
    return f"choose {side}{wounded} {what}{extra}"


def condition_text(condition: Condition) -> str:
    if condition.op == "check":
        assert condition.check is not None
        step = condition.check
        p = step.params.model_dump()
        if step.primitive.name == "count":
            least = p.get("at_least") or 1
            return (f"{'you have' if p.get('side') == 'you' else 'the opponent has'} "
                    f"{'at least ' if least > 1 else ''}{_n(least, _matching(p))} in "
                    f"{PLACES.get(str(p.get('place')), p.get('place'))}")
        if step.primitive.name in ("attacking_with", "sees"):
            seen = "attacking" if "attacking" in step.primitive.name else "in sight"
            return f"{_a(_matching(p))} is {seen}"
        return step.primitive.summary
    joiner = " and " if condition.op == "all" else " or "
    parts = [condition_text(part) for part in condition.parts]
    return f"it is not so that {parts[0]}" if condition.op == "not" else joiner.join(parts)


def ability_text(ability: Ability) -> str:
    head = TIMINGS.get(ability.timing, ability.timing.replace("_", " ").capitalize())
    parts = []
    if ability.condition is not None:
        parts.append(f"if {condition_text(ability.condition)},")
    if ability.costs:
        parts.append(", ".join(step_text(c) for c in ability.costs) + " to")
    if ability.target is not None:
        parts.append(target_text(ability.target) + ";")
    duration = "static" if ability.timing == "static" else ability.duration
    parts.append(", ".join(step_text(e, duration) for e in ability.effects))
    tail = "" if ability.once_per_turn or ability.timing != "activated" else " (any number of times)"
    return f"{head}: {' '.join(parts)}{tail}."


def card_text(card: Card) -> str:
    """The card's text in English."""
    out = []
    if card.play is not None:
        out.append(f"Play: {condition_text(card.play)}.")
    if card.world:
        requirement = card.world_requirement
        out.append(f"World: {condition_text(requirement)}." if requirement else "World.")
    if card.attack is not None:
        out.append(f"Attack: {condition_text(card.attack)}.")
    out.extend(ability_text(a) for a in card.abilities)
    if out:
        return " ".join(out)
    plain = {"Personagem.": "Character.", "Monstro.": "Monster."}
    return plain.get(card.text, card.text)  # a rule the data does not spell out: as printed
