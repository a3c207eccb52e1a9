"""The browser table's files and the words it needs: ``mount_client(app)`` serves the client
(``static/``: plain ES modules, no build step) at ``/``, and ``router`` each game's message
catalogue and style colours at ``/api/games/{name}/words`` and the pages' own strings at
``/api/words``.

The client draws every game from its scenes alone; what it cannot know from a scene is the
words of the scene's message ids and the colour of its style tokens, both declared by the
game (``Game.messages()`` and its catalogues, ``Game.styles()``) and sent here as JSON, in the
language asked (``?lang=``, else the browser's ``Accept-Language``, else English).
"""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Header, Query
from fastapi.staticfiles import StaticFiles
from rich.errors import StyleSyntaxError
from rich.style import Style

from ..kernel.errors import TcgkitError
from ..kernel.registry import find_game
from ..kernel.words import LANGUAGES, LOCALES, NAMES, Words, folder_of
from .client_words import CLIENT, FOLDER, INTERFACE
from .languages import chosen_language
from .refusal import Refusal

STATIC = Path(__file__).parent / "static"
PLURAL_TAGS = ("zero", "one", "two", "few", "many", "other")  # the order of gettext's forms (CLDR)
router = APIRouter(prefix="/api")


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


def plural_forms(lang: str) -> list[str]:
    """The CLDR category of each of a language's plural forms, in the catalogues' order
    (``{n:carta|de cartas|cartas}``: one, many, other): the browser picks the form with
    ``Intl.PluralRules``."""
    from babel import Locale

    tags = Locale.parse(LOCALES.get(lang, "en")).plural_form.tags | {"other"}
    return [tag for tag in PLURAL_TAGS if tag in tags]


@router.get("/words")
def interface_words(lang: str | None = Query(None, max_length=16),
                    accept_language: str | None = Header(None, max_length=1000)) -> dict[str, Any]:
    """The pages' strings (``ui.js``'s ``t()``) in the language asked: ``strings`` holds only
    those translated (the page keeps its English for the rest), ``plural`` the CLDR category
    of each plural form."""
    chosen = chosen_language(lang, accept_language)
    catalogue = Words(INTERFACE, chosen, (FOLDER,))
    return {"lang": chosen, "plural": plural_forms(chosen),
            "languages": [{"code": code, "name": NAMES[code]} for code in LANGUAGES],
            "strings": {key: catalogue[key].text for key in sorted(catalogue.translated)}}


@router.get("/games/{name}/words")
def words(name: str, lang: str | None = Query(None, max_length=16),
          accept_language: str | None = Header(None, max_length=1000)) -> dict[str, Any]:
    """The game's ``title``; ``lang``: the language (``?lang=``, else the first of
    ``Accept-Language`` we have, else English); ``messages``: each message id's text in it (its
    "you" form, what it joins; English where it is not translated), and the table's own words;
    ``plural``: the CLDR category of each plural form; ``languages``: the choice;
    ``styles``: each style token as a colour and weight; ``names``: each card's name in the
    language, where the card data holds one (a sentence names a card as its face does)."""
    chosen = chosen_language(lang, accept_language)
    try:
        game = find_game(name).cls()
    except TcgkitError as exc:
        raise Refusal(404, "not_found", str(exc)) from None
    catalogue = Words({**CLIENT, **game.messages()}, chosen, (folder_of(game), FOLDER))
    return {"game": name, "title": game.title, "lang": chosen, "plural": plural_forms(chosen),
            "languages": [{"code": code, "name": NAMES[code]} for code in LANGUAGES],
            "messages": {key: {**asdict(message), "english": catalogue.english[key].text}
                         for key, message in catalogue.catalogue.items()},
            "styles": {token: css_style(style) for token, style in game.styles().items()},
            "names": game.translated_names(chosen)}


def mount_client(app: FastAPI) -> None:
    """The client's files at ``/`` (after every API route, so ``/api/...`` is never shadowed)."""
    app.mount("/", StaticFiles(directory=STATIC, html=True), name="client")
