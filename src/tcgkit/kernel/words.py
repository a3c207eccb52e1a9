"""A message catalogue in a language: the English of a game's message ids (its ``Message``s)
and their translations, gettext catalogues read with Babel.

Each catalogue folder (a game's package: ``games/triple_triad/locale``; the terminal's own
words: ``terminal/locale``) holds ``messages.pot``, the template written from the English, and
``<lang>/LC_MESSAGES/messages.po`` for each other language. An entry's **context** is the
message id (``tt.place``; its "you" form ``tt.place#you``), its **msgid** the English text and
its **msgstr** the translation. An entry whose English changed since it was translated is
fuzzy after ``python scripts/words.py update`` and shows in English until it is translated
again, so a stale translation never says what the game no longer means.

Plural forms: ``{n:card|cards}`` in English; in a translation as many forms as the
language's ``Plural-Forms`` header says (CLDR's, from Babel: Portuguese and Spanish have
three, one/many/other, Chinese one), chosen by that header's formula.
"""

from __future__ import annotations

import gettext
import re
import string
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from .scene import Catalogue, Message

LANGUAGES = ("en", "pt", "es", "zh")
"""The languages the players of these games read: English and the rulebooks' languages."""
NAMES = {"en": "English", "pt": "Português", "es": "Español", "zh": "中文"}
LOCALES = {"pt": "pt_BR", "es": "es", "zh": "zh_Hant_TW"}
"""Each language's catalogue locale: Brazilian Portuguese (Conflictus's and the Final Fantasy
TCG's rulebooks), and traditional Chinese, as Monster Collection's rulebook writes it."""
YOU = "#you"  # the context suffix of a message's "you" form
PLACE = re.compile(r"\{(\w+)(?::([^{}]*))?\}")


def language(tag: str | None) -> str | None:
    """One of ``LANGUAGES`` for a language tag (``pt-BR``, ``zh_TW``, ``es``), or ``None``."""
    if not tag:
        return None
    base = re.split(r"[-_]", tag.strip().lower(), maxsplit=1)[0]
    return base if base in LANGUAGES else None


def accepted(header: str | None) -> str | None:
    """The first of ``LANGUAGES`` an ``Accept-Language`` header asks for, by its weights."""
    wanted: list[tuple[float, int, str]] = []
    for position, part in enumerate((header or "").split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        found = language(tag)
        if found is not None and weight > 0:
            wanted.append((-weight, position, found))
    return min(wanted)[2] if wanted else None


def terms(prefix: str, *english: str) -> Catalogue:
    """A game's words that a scene gives as text (an area's or a field's label, a phase, a
    reason) as messages ``<prefix>.word.<slug>``, so they are translated with the rest: a
    front end shows any label or text argument that is the English of a message without places
    in the reader's language (``Words.word``)."""
    return {f"{prefix}.word.{re.sub(r'[^a-z0-9]+', '_', text.lower()).strip('_')}": Message(text)
            for text in english}


def english_plural(n: int) -> int:
    return int(n != 1)


def folder_of(owner: object) -> Path:
    """The catalogue folder of a game (its class or an instance): ``locale`` in the package
    of the module that defines the class."""
    cls = owner if isinstance(owner, type) else type(owner)
    module = sys.modules[cls.__module__]
    return Path(module.__file__ or ".").parent / "locale"


def po_path(folder: Path, lang: str) -> Path:
    return folder / lang / "LC_MESSAGES" / "messages.po"


@dataclass(frozen=True)
class Translated:
    """One folder's catalogue in one language: ``{context: translation}`` (fuzzy and empty
    entries left out) keyed also by the English it translates, and the plural formula."""

    texts: dict[tuple[str, str], str]
    plural: Callable[[int], int]
    num_plurals: int


@lru_cache(maxsize=64)
def read_catalogue(path: Path) -> Translated:
    """The translations of one ``.po`` file (read once per process)."""
    from babel.messages.pofile import read_po  # Babel loads its locale data: only when asked

    with path.open("rb") as handle:
        catalog = read_po(handle)
    texts = {(str(m.context), str(m.id)): str(m.string) for m in catalog
             if m.id and m.context and m.string and not m.fuzzy}
    return Translated(texts, gettext.c2py(catalog.plural_expr), catalog.num_plurals)


class Words:
    """A catalogue in one language: each id's template (English where none is translated)."""

    def __init__(self, english: Catalogue, lang: str = "en", folders: tuple[Path, ...] = ()) -> None:
        self.lang = lang
        self.english = english
        self.plural: Callable[[int], int] = english_plural
        self.catalogue: Catalogue = dict(english)
        self.translated: set[str] = set()  # the ids shown in ``lang``, not in English
        self._words: dict[str, str] | None = None  # English -> this language, for ``word``
        if lang == "en":
            return
        for folder in folders:
            path = po_path(folder, lang)
            if not path.is_file():
                continue
            found = read_catalogue(path)
            self.plural = found.plural
            for key, message in english.items():
                text = found.texts.get((key, message.text))
                you = found.texts.get((key + YOU, message.you)) if message.you else None
                if text is not None and (you is not None or not message.you):
                    self.catalogue[key] = replace(message, text=text, you=you or "")
                    self.translated.add(key)

    def word(self, text: str) -> str:
        """A label or a text argument in this language: the translation of the message without
        places whose English it is (``hand`` -> ``mão``), else itself; a chosen colour's ``*``
        stays (``green*``)."""
        if self.lang == "en":
            return text
        if self._words is None:
            self._words = {self.english[k].text: m.text for k, m in self.catalogue.items()
                           if k in self.translated and "{" not in self.english[k].text}
        found = self._words.get(text)
        if found is None and text.endswith("*"):
            base = self._words.get(text[:-1])
            found = None if base is None else base + "*"
        return text if found is None else found

    def __getitem__(self, key: str) -> Message:
        return self.catalogue[key]

    def get(self, key: str) -> Message | None:
        return self.catalogue.get(key)

    def update(self, more: Catalogue) -> None:
        """Messages added in English (a test's, a front end's own)."""
        self.catalogue.update(more)
        self.english = {**self.english, **more}
        self._words = None

    def format(self, template: str, args: dict[str, Any]) -> str:
        """``template`` with its places filled; ``{n:a|b|c}`` the form the plural rule picks."""
        return Forms(self.plural).format(template, **args)


class Forms(string.Formatter):
    """``{count:card|cards}``: the form a language's plural formula picks for the count (a
    place's spec is always its forms: no message uses Python's format specs)."""

    def __init__(self, plural: Callable[[int], int]) -> None:
        self.plural = plural

    def format_field(self, value: Any, format_spec: str) -> str:
        if not format_spec:
            return str(value)
        forms = format_spec.split("|")  # a place's spec is always its plural forms
        try:
            index = self.plural(int(str(value)))
        except ValueError:
            index = len(forms) - 1
        return forms[min(index, len(forms) - 1)]


def places(template: str) -> dict[str, list[int]]:
    """Each ``{arg}`` of a template, with the number of forms of each plural place (0 for a
    plain place): ``{"count": [0, 2]}`` for ``{count} {count:card|cards}``."""
    out: dict[str, list[int]] = {}
    for name, spec in PLACE.findall(template.replace("{{", "").replace("}}", "")):
        out.setdefault(name, []).append(len(spec.split("|")) if spec else 0)
    return out


def problems(english: Catalogue, folder: Path, lang: str) -> Iterator[str]:
    """What is wrong with one language's catalogue against the English: an id untranslated
    (or fuzzy: its English changed), a translation whose places differ from the English, a
    plural place with the wrong number of forms, an entry for no id."""
    path = po_path(folder, lang)
    if not path.is_file():
        yield f"{path}: missing"
        return
    found = read_catalogue(path)
    wanted = set()
    for key, message in english.items():
        wanted.add((key, message.text))
        if message.you:
            wanted.add((key + YOU, message.you))
    for context, source in sorted(wanted):
        text = found.texts.get((context, source))
        if text is None:
            yield f"{path.name} ({lang}): {context} is not translated: {source!r}"
            continue
        theirs, ours = places(source), places(text)
        if set(theirs) != set(ours):
            yield f"{lang} {context}: places {sorted(ours)}, the English has {sorted(theirs)}"
        for name, forms in ours.items():
            if any(n not in (0, found.num_plurals) for n in forms):
                yield f"{lang} {context}: {{{name}:...}} needs {found.num_plurals} plural forms"
        try:
            Forms(found.plural).format(text, **{name: 1 for name in ours})
        except (ValueError, IndexError, KeyError) as exc:
            yield f"{lang} {context}: the template does not format ({exc})"
    for context, source in found.texts:
        if (context, source) not in wanted:
            yield f"{lang} {context}: no such message (or its English changed): {source!r}"
