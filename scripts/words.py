"""Keep the message catalogues in step with the English (``kernel/words.py``): the terminal's,
the browser's (its table words and every ``t('key', 'English')`` of its page modules, read
from ``server/static/*.js``: ``server/client_words.py``) and each game's (its scenes' messages
and its lobby words: ``kernel/about.py``).

    python scripts/words.py update   # write each messages.pot from the English catalogues and
                                     # merge it into every language's messages.po (an entry whose
                                     # English changed turns fuzzy, a removed one goes)
    python scripts/words.py check    # list what is untranslated or malformed; exit 1 if any

Both take ``--game NAME`` (repeatable) to work on those games' catalogues only: any installed
game, a plugin's too (its ``locale`` folder beside its game class); without it, tcgkit's own.

Translate an entry by writing its ``msgstr`` (and removing ``#, fuzzy``); the places (``{arg}``)
are the English's, and a plural place ``{n:...}`` takes as many forms as the file's
``Plural-Forms`` header says.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from tcgkit.kernel.about import catalogue
from tcgkit.kernel.errors import UnknownGame
from tcgkit.kernel.registry import find_game, list_games
from tcgkit.kernel.scene import Catalogue
from tcgkit.kernel.words import LANGUAGES, LOCALES, YOU, folder_of, places, po_path, problems
from tcgkit.server.client_words import BROWSER
from tcgkit.server.client_words import FOLDER as CLIENT_FOLDER
from tcgkit.terminal.words import FOLDER, TERMINAL


def catalogues(games: list[str] | None = None) -> list[tuple[str, Catalogue, Path]]:
    """The named games' catalogues, or tcgkit's own (the terminal's, the browser's, its games')."""
    if games:
        entries = [find_game(name) for name in games]
        return [(e.name, catalogue(e.cls()), folder_of(e.cls)) for e in entries]
    out = [("terminal", TERMINAL, FOLDER), ("browser", BROWSER, CLIENT_FOLDER)]
    for entry in list_games():
        if entry.cls.__module__.startswith("tcgkit.games."):
            out.append((entry.name, catalogue(entry.cls()), folder_of(entry.cls)))
    return out


def template(name: str, english: Catalogue) -> Catalog:
    pot = Catalog(project=f"tcgkit ({name})", fuzzy=False)
    for key, message in english.items():
        for context, text in ((key, message.text), (key + YOU, message.you)):
            if not text:
                continue
            plural = [arg for arg, forms in places(text).items() if any(forms)]
            notes = [f"plural forms: {', '.join(plural)}"] if plural else []
            pot.add(text, context=context, auto_comments=notes)
    return pot


HEADER = """\
# The {what} of tcgkit ({name}): each entry's context is a message id, its msgid the English.
# Kept in step with the English by `python scripts/words.py update` (see kernel/words.py).
#"""


def write(catalog: Catalog, path: Path, name: str) -> None:
    what = f"{catalog.locale.english_name} messages" if catalog.locale else "message template"
    catalog.header_comment = HEADER.format(what=what, name=name)
    catalog.last_translator = catalog.language_team = "tcgkit"
    catalog.msgid_bugs_address = ""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, omit_header=False, sort_output=False)


def update(games: list[str] | None = None) -> None:
    for name, english, folder in catalogues(games):
        pot, old = template(name, english), folder / "messages.pot"
        if old.is_file():
            with old.open("rb") as handle:
                kept = read_po(handle)
            if [(m.context, m.id, m.auto_comments) for m in kept if m.id] == \
                    [(m.context, m.id, m.auto_comments) for m in pot if m.id]:
                pot = kept  # unchanged: its creation date stays, and so do the files
        write(pot, old, name)
        for lang in LANGUAGES[1:]:
            path = po_path(folder, lang)
            if path.is_file():
                with path.open("rb") as handle:
                    catalog = read_po(handle, locale=LOCALES[lang])
            else:
                catalog = Catalog(locale=LOCALES[lang], project=f"tcgkit ({name})", fuzzy=False)
            catalog.update(pot, no_fuzzy_matching=False)
            catalog.obsolete.clear()
            write(catalog, path, name)


def check(games: list[str] | None = None) -> int:
    found = [p for _, english, folder in catalogues(games) for lang in LANGUAGES[1:]
             for p in problems(english, folder, lang)]
    for problem in found:
        print(problem)
    return 1 if found else 0


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in ("update", "check"):
        sys.exit(__doc__)
    parser = argparse.ArgumentParser(description="Keep the message catalogues in step with the English.")
    parser.add_argument("command", choices=["update", "check"])
    parser.add_argument("--game", action="append", help="only this installed game's catalogue (repeatable)")
    args = parser.parse_args()
    try:
        if args.command == "update":
            update(args.game)
        else:
            sys.exit(check(args.game))
    except UnknownGame as error:
        sys.exit(str(error))
