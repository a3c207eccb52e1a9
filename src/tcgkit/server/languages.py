"""The language a page is written in: the one asked for, else the reader's browser's."""

from __future__ import annotations

from ..kernel.words import LANGUAGES, accepted
from .refusal import Refusal


def chosen_language(lang: str | None, accept_language: str | None) -> str:
    """``lang`` when given (one of ``LANGUAGES``), else the first of ``Accept-Language`` we
    have, else English."""
    if lang is not None and lang not in LANGUAGES:
        raise Refusal(400, "bad_request", f"lang {lang[:16]!r}: choose one of {', '.join(LANGUAGES)}")
    return lang or accepted(accept_language) or "en"
