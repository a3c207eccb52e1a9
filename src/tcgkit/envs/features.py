"""Action features: a fixed vector per token of the action index, what a policy can share
across actions (``pick`` of a card strong in green scores like any card strong in green)
instead of learning each token's worth apart.

``action_features(game)`` is an ``(n, d)`` ``float32`` matrix, derived from the index
(``index.py``) alone, so every game has one. A token's row holds, in blocks:

- which class it opens, or which argument block it belongs to (one-hot);
- the values of the fields it carries, by domain (a flat token carries all its class's
  fields, decoded from its mixed radix; a step token its one field): a card's features from
  the card table (``observe.card_features``: numbers scaled, few-valued words one-hot; none
  in games whose cards are instances, their kinds being dealt), then each number column of
  at most ``LEVELS`` values one-hot by its value (so a score can rise in steps with a
  card's value: "a 9 or better in the named colour" is one weight per level), a cell, a seat, a word or a
  reference's kind one-hot, a boolean as 0 or 1, a number one-hot up to ``SMALL`` (a
  colour's or a sign's index; larger ones share the last slot) and scaled; two fields of one domain
  add up; ``-1`` (none) leaves its block empty.

A policy scores token ``t`` as ``h(obs) . A . features[t] + bias[t]`` (a low-rank output
layer, ``examples/train_selfplay.py``): exported, it is the ordinary linear layer
``A . features^T``, so a policy file does not change.
"""

from __future__ import annotations

import numpy as np

from ..kernel.game import Game
from .core import layouts
from .index import ActionField, Domain
from .observe import card_features

ONE_HOT = ("cell", "player", "word", "ref")
SMALL = 64
LEVELS = 16


def action_features(game: Game) -> np.ndarray:
    index, observation = layouts(game)
    cards = np.zeros((index.domains["card"].size - 1, 0), np.float32)
    if not observation.instances:
        keys = {game.card_key(i): i for i in range(game.card_count())}
        cards = with_levels(card_features(game, keys, game.card_count()))
    groups = [*index.classes.values()]
    blocks = [g.cls.__name__ for g in groups] + [f"argument: {name}" for name in index.arg_offsets]
    if index.end >= 0:
        blocks.append("end")
    width: dict[str, int] = {}
    for name, domain in index.domains.items():
        width[name] = cards.shape[1] if name == "card" else domain.size if name in ONE_HOT else \
            SMALL + 2 if name == "number" else 1
    starts: dict[str, int] = {}
    at = len(blocks)
    for name in index.domains:
        starts[name] = at
        at += width[name]
    out = np.zeros((index.n, at), np.float32)

    def write(row: int, domain: Domain, place: int) -> None:
        """One field's value (its place in ``domain``) into ``row``."""
        start, name = starts[domain.name], domain.name
        if name == "card":
            if place > 0:  # place 0 is -1: no card
                out[row, start:start + width[name]] += cards[place - 1]
        elif name in ONE_HOT:
            out[row, start + place] += 1.0
        elif name == "bool":
            out[row, start] += float(place)
        else:  # a number -1 .. U-1: its place one-hot (the last slot past SMALL), then scaled
            out[row, start + min(place, SMALL)] += 1.0
            out[row, start + SMALL + 1] += (place - 1) / max(domain.size - 2, 1)

    for b, group in enumerate(groups):
        for t in range(group.head_size):
            row = group.offset + t
            out[row, b] = 1.0
            if group.flat:
                for f, place in zip(group.fields, mixed_radix(t, group.fields), strict=True):
                    write(row, f.domain, place)
            elif group.fields and not group.fields[0].many:
                write(row, group.fields[0].domain, t)
    for a, (name, first) in enumerate(index.arg_offsets.items()):
        domain = index.domains[name]
        for place in range(domain.size):
            out[first + place, len(groups) + a] = 1.0
            write(first + place, domain, place)
    if index.end >= 0:
        out[index.end, len(blocks) - 1] = 1.0
    return out


def with_levels(cards: np.ndarray) -> np.ndarray:
    """The card features, then each column of 3 to ``LEVELS`` distinct values one-hot by
    value (a colour value 1..10; a one-hot word, two values, is already one)."""
    blocks = [cards]
    for column in cards.T:
        levels = np.unique(column)
        if 2 < len(levels) <= LEVELS:
            blocks.append((column[:, None] == levels[None, :]).astype(np.float32))
    return np.concatenate(blocks, axis=1)


def mixed_radix(value: int, fields: tuple[ActionField, ...]) -> list[int]:
    """The places of a flat token's fields, first field most significant."""
    places = []
    for f in reversed(fields):
        value, place = divmod(value, f.domain.size)
        places.append(place)
    return places[::-1]

