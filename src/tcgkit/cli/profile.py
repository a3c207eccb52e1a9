"""The local player profile: card collections, one per game, in a JSON file.

The file is ``profile.json`` in the platform's user data folder (``TCGKIT_HOME``
overrides the folder). It is written atomically; a corrupt file is reported with its
name and left untouched (``tcgkit collection --reset`` moves it aside to ``.bak``).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from ..games.triple_triad import TripleTriad
from ..games.triple_triad.collection import Collection, CollectionError
from .errors import CliError
from .files import write_json_atomic

FORMAT = 1
FILE_NAME = "profile.json"


def profile_dir() -> Path:
    home = os.environ.get("TCGKIT_HOME")
    return Path(home) if home else platformdirs.user_data_path("tcgkit")


def profile_path() -> Path:
    return profile_dir() / FILE_NAME


@dataclass
class Profile:
    path: Path
    collections: dict[str, dict[str, int]] = field(default_factory=dict)

    def collection(self, game: TripleTriad) -> Collection:
        """The player's collection for ``game``; a new player gets the starter collection."""
        raw = self.collections.get(game.name)
        if raw is None:
            return Collection.starter(game.cards)
        try:
            return Collection.of(game.cards, raw)
        except CollectionError as exc:
            raise corrupt(self.path, f"{game.name}: {exc}") from None

    def set_collection(self, game: TripleTriad, collection: Collection) -> None:
        self.collections[game.name] = collection.to_json()

    def save(self) -> None:
        try:
            write_json_atomic(self.path, {"format": FORMAT, "collections": self.collections})
        except OSError as exc:
            raise CliError(f"cannot write the profile {self.path}: {exc.strerror or exc}") from None


def corrupt(path: Path, why: str) -> CliError:
    return CliError(
        f"profile {path} is corrupt ({why}); fix it, or run 'tcgkit collection --reset' "
        "to start again (the old file is kept as .bak)"
    )


def _parse(path: Path, text: str) -> dict[str, dict[str, int]]:

    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise corrupt(path, f"not JSON: line {exc.lineno}: {exc.msg}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise corrupt(path, f"expected a JSON object with \"format\": {FORMAT}")
    collections = data.get("collections")
    if not isinstance(collections, dict) or not all(
        isinstance(c, dict) for c in collections.values()
    ):
        raise corrupt(path, "'collections' should map game names to {card: count}")
    return collections


def load_profile(path: Path | None = None) -> Profile:
    """The profile at ``path`` (default: the user's), or a new one if there is no file yet."""
    path = path or profile_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Profile(path)
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"cannot read the profile {path}: {getattr(exc, 'strerror', exc)}") from None
    return Profile(path, _parse(path, text))


def reset_profile(game: TripleTriad) -> tuple[Profile, Path | None]:
    """A fresh starter collection for ``game``; a corrupt file is moved aside first."""
    path = profile_path()
    moved = None
    try:
        profile = load_profile(path)
        profile.collection(game)
    except CliError:
        moved = path.with_name(path.name + ".bak")
        os.replace(path, moved)
        profile = Profile(path)
    profile.set_collection(game, Collection.starter(game.cards))
    profile.save()
    return profile, moved
