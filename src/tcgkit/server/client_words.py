"""The browser table's own words (``static/words.js``): the seat names and the little a scene
leaves to the front end, in English; their translations are the catalogues in
``server/locale`` (``kernel/words.py``). The page's other words are its modules' own."""

from __future__ import annotations

from pathlib import Path

from ..kernel.scene import Catalogue, messages

FOLDER = Path(__file__).parent / "locale"
CLIENT: Catalogue = messages({
    "client.you": "You",
    "client.player": "Player {number}",
    "client.face_down": "face down",
    "client.language": "Language",
})
