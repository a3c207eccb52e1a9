"""The browser table's files and the words it needs: ``mount_client(app)`` serves the client
(``static/``: plain ES modules, no build step) at ``/`` and each game's message catalogue and
style colours at ``/api/games/{name}/words``.

The client draws every game from its scenes alone; what it cannot know from a scene is the
English of the scene's message ids and the colour of its style tokens, both declared by the
game (``Game.messages()``, ``Game.styles()``) and sent here as JSON.
"""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from rich.errors import StyleSyntaxError
from rich.style import Style

from ..kernel.errors import TcgkitError
from ..kernel.registry import find_game
from .pages import mount_pages
from .service import Problem

STATIC = Path(__file__).parent / "static"


def css_style(rich: str) -> dict[str, Any]:
    """A terminal style (``bold yellow``) as what the browser draws: a colour, bold, dim."""
    try:
        style = Style.parse(rich)
    except StyleSyntaxError:
        return {}
    out: dict[str, Any] = {}
    if style.color is not None and not style.color.is_default:
        out["color"] = style.color.get_truecolor().hex
    if style.bold:
        out["bold"] = True
    if style.dim:
        out["dim"] = True
    if style.reverse:
        out["reverse"] = True
    return out


def words(name: str) -> dict[str, Any]:
    """The game's ``title``; ``messages``: each message id's English (its text, its "you"
    form, what it joins); ``styles``: each style token as a colour and weight."""
    try:
        game = find_game(name).cls()
    except TcgkitError as exc:
        raise Problem(404, str(exc)) from None
    return {"game": name, "title": game.title, "lang": "en",
            "messages": {key: asdict(message) for key, message in game.messages().items()},
            "styles": {token: css_style(style) for token, style in game.styles().items()}}


def mount_client(app: FastAPI) -> None:
    """The words route and the pages' (``pages.py``), then the client's files at ``/``
    (after every API route, so ``/api/...`` is never shadowed)."""
    app.get("/api/games/{name}/words")(words)
    mount_pages(app)
    app.mount("/", StaticFiles(directory=STATIC, html=True), name="client")
