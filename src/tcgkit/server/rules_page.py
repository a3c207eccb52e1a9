"""A game's rules for a player (``GET /api/games/NAME/rules?lang=``), the lobby's "Rules" page:
how the game is played in a few sections, written for a newcomer from the game's RULES.md (which
is written for the engine's developers), then the game's summary and its options (each title
and description), all in the page's language.

The sections are ``rules/GAME.LANG.md`` beside this module (``## heading`` and paragraphs); a
language without its file gets the English one, and ``lang`` says which it is, so the page can
say the rules are not translated yet. A game without any (a plugin's) has its summary alone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Header, Query

from ..kernel.errors import TcgkitError
from ..kernel.registry import find_game
from ..kernel.words import Words
from .client_words import LOBBY, LOBBY_FOLDERS
from .languages import chosen_language
from .refusal import Refusal
from .service import game_listing

RULES = Path(__file__).parent / "rules"
router = APIRouter(prefix="/api")


def sections(text: str) -> list[dict[str, Any]]:
    """``## heading`` lines and the paragraphs under each (blank lines between them)."""
    out: list[dict[str, Any]] = []
    for block in text.strip().split("\n\n"):
        lines = block.strip().splitlines()
        if lines and lines[0].startswith("## "):
            out.append({"heading": lines[0][3:].strip(), "paragraphs": []})
            lines = lines[1:]
        if not out:
            out.append({"heading": "", "paragraphs": []})
        if lines:
            out[-1]["paragraphs"].append(" ".join(line.strip() for line in lines))
    return out


def rules_text(game: str, lang: str) -> tuple[str, list[dict[str, Any]]]:
    """The language the rules are written in (``lang`` where translated, else English) and
    their sections; no sections for a game without rules here."""
    for written in (lang, "en"):
        path = RULES / f"{game}.{written}.md"
        if path.is_file():
            return written, sections(path.read_text(encoding="utf-8"))
    return lang, []


@router.get("/games/{name}/rules")
def rules(name: str, lang: str | None = Query(None, max_length=16),
          accept_language: str | None = Header(None, max_length=1000)) -> dict[str, Any]:
    """``lang``: the page's language; ``written``: the sections' (English when not translated)."""
    try:
        find_game(name)
    except TcgkitError as exc:
        raise Refusal(404, "not_found", f"no game {name[:64]!r}: {exc}") from None
    chosen = chosen_language(lang, accept_language)
    listed = next(g for g in game_listing(Words(LOBBY, chosen, LOBBY_FOLDERS)) if g["name"] == name)
    written, found = rules_text(name, chosen)
    options = [{"name": field, "title": prop.get("title", field), "about": prop.get("description", "")}
               for field, prop in listed["options"].get("properties", {}).items()]
    return {"game": name, "title": listed["title"], "lang": chosen, "written": written,
            "summary": listed["summary"], "sections": found, "options": options}
