"""The check of a game's message catalogue: every language it ships translates every entry."""

from __future__ import annotations

from ..kernel.about import catalogue
from ..kernel.game import Game
from ..kernel.words import LANGUAGES, folder_of, po_path, problems
from .play import Skipped, expect


def messages_are_translated(game: Game) -> None:
    """Each language whose catalogue the game ships (``locale/<lang>/LC_MESSAGES/messages.po``
    beside its class) translates every message of its English catalogue (its scenes' and its
    lobby words: ``kernel/about.py``), with the same places
    (``python scripts/words.py update --game NAME`` in a tcgkit checkout writes them)."""
    english = catalogue(game)
    folder = folder_of(game)
    shipped = [lang for lang in LANGUAGES[1:] if po_path(folder, lang).is_file()]
    if not english or not shipped:
        raise Skipped(f"no translated catalogue in {folder}: the game speaks English only")
    found = [p for lang in shipped for p in problems(english, folder, lang)]
    expect(not found, lambda: f"{len(found)} catalogue problems, e.g. {found[:3]}")
