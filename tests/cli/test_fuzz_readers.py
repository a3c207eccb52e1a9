"""Issue 11 point 10: the readers of files from outside (records, saves, the profile, deck
and card files) answer any input with a one-line error of their own, never a traceback.
Fuzzed with hypothesis so a new crash does not slip in."""

from __future__ import annotations

import json
import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcgkit.kernel.decks import read_deck
from tcgkit.kernel.effects import read_toml_cards
from tcgkit.kernel.errors import TcgkitError
from tcgkit.kernel.replay import MatchRecord, replay
from tcgkit.terminal.errors import CliError
from tcgkit.terminal.profile import load_profile
from tcgkit.terminal.saves import read_save

FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
RECORD_KEYS = ["game", "options", "seed", "decks", "actions", "engine", "cards", "outcome",
               "format", "position", "tcgkit", "match", "sealed", "record", "mac", "finished"]
records = st.dictionaries(st.sampled_from(RECORD_KEYS), json_values, max_size=10)
raw_bytes = st.binary(max_size=200) | st.text(string.printable, max_size=200).map(str.encode)


def only_our_errors(call, *errors):
    try:
        call()
    except (TcgkitError, CliError, *errors) as exc:
        assert "\n" not in str(exc).strip()


@FUZZ
@given(data=records)
def test_records_of_any_shape(tmp_path, data):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    only_our_errors(lambda: replay(MatchRecord.load(path)))
    only_our_errors(lambda: read_save(path, b"k" * 32))


@FUZZ
@given(data=raw_bytes)
def test_records_of_any_bytes(tmp_path, data):
    path = tmp_path / "record.json"
    path.write_bytes(data)
    only_our_errors(lambda: MatchRecord.load(path))
    only_our_errors(lambda: read_save(path, None))


@FUZZ
@given(data=st.dictionaries(
    st.sampled_from(["format", "collections", "secret", "pending", "settled", "x"]),
    json_values, max_size=6))
def test_profiles_of_any_shape(tmp_path, data):
    path = tmp_path / "profile.json"
    path.write_text(json.dumps({"format": 1, **data}))
    from tcgkit.games.triple_triad import TripleTriad

    only_our_errors(lambda: load_profile(path).collection(TripleTriad()))


@FUZZ
@given(data=raw_bytes)
def test_deck_and_card_files_of_any_bytes(tmp_path, data):
    path = tmp_path / "file.toml"
    path.write_bytes(data)
    only_our_errors(lambda: read_deck(path))
    only_our_errors(lambda: read_toml_cards(path))
