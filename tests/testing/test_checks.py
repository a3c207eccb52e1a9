"""The shipped suite catches what it is for: each hidden-information mistake a game author can
make is planted in Brawl (the kernel's test game, tests/plugins) and the check written for it
fails, naming it; the real Brawl passes the same check. Also the suite's own parts (the report,
the refusal comparison, ``check_game`` on a class nobody registered)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tcgkit_brawl import Brawl
from tcgkit_brawl.rules import BrawlState, Discard

from nplayer.highcard import HighCard, HighCardState, Play
from tcgkit.kernel import NotationError
from tcgkit.kernel.state import derived
from tcgkit.testing import ConformanceError, check_game
from tcgkit.testing.contract import refuse_each
from tcgkit.testing.play import Failure
from tcgkit.testing.secrets import leaks, typed_inputs


def failure(check: str, cls=Brawl) -> str:
    """The detail of ``check`` failing on ``cls``'s first option set (it must fail)."""
    result = check_game(cls, options=[{}], checks=[check], raise_on_failure=False).results[0]
    assert result.status == "failed", f"{check} did not catch the planted mistake"
    return result.detail


def passes(check: str, cls=Brawl) -> None:
    result = check_game(cls, options=[{}], checks=[check], raise_on_failure=False).results[0]
    assert result.status == "passed", result.detail


EVENTS = "events_and_public_fields_after_a_redealt_step"


def test_a_log_entry_without_its_secret_is_caught(monkeypatch):
    """Brawl's draw names the card to the drawer only (``secret=("card",)``): without it every
    player reads the card drawn. The old re-deal test copied the log, so it could not differ."""
    passes(EVENTS)
    entries = derived(BrawlState).entries
    monkeypatch.setitem(entries, "draw", replace(entries["draw"], secret=()))
    detail = failure(EVENTS)
    assert "the events seen by" in detail and ".card:" in detail
    views = check_game(Brawl, options=[{}], checks=["views_and_events_hide_what_a_viewer_cannot_see"],
                       raise_on_failure=False)
    assert views.ok  # the copied log hides the mistake from the old check


def test_an_event_naming_a_rivals_card_is_caught(monkeypatch):
    """Like a "miss" that names the target's card: each pass logs the first card of the next
    player's hand, in an entry everyone reads."""
    real = BrawlState.apply_unchecked

    def telling(self, action):
        real(self, action)
        rival = (self.active + 1) % self.game.num_players
        if self.hands[rival]:
            self.log.append(("trigger", self.active, self.hands[rival][0]))

    monkeypatch.setattr(BrawlState, "apply_unchecked", telling)
    assert "depend on cards they cannot see" in failure(EVENTS)


def test_a_public_field_computed_from_a_hidden_card_is_caught(monkeypatch):
    """A public field (Brawl's ``drawn``) set from the top of a deck nobody sees."""
    real = BrawlState.apply_unchecked

    def computing(self, action):
        real(self, action)
        if not self.finished:
            self.drawn = self.cards[self.decks[0][-1]] if self.decks[0] else None

    monkeypatch.setattr(BrawlState, "apply_unchecked", computing)
    detail = failure(EVENTS)
    assert "the view of" in detail and ".drawn:" in detail


def test_a_refusal_naming_a_hidden_card_for_a_word_of_the_game_is_caught(monkeypatch):
    """A grammar added to the kernel's notation that refuses a form no legal action has
    (``discard N at T``: ``discard`` in the slot of ``cast N at T``) listing the hand of player
    T. The old inputs (legal notations and near misses of each) never type it; the game's words
    in every slot do."""
    vocabulary = "refusals_name_no_hidden_card_for_the_games_own_words"
    passes(vocabulary)
    real = Brawl.parse_action

    def wordy(game, state, text, player):
        words = text.split()
        if len(words) == 4 and words[0] == "discard" and words[3] in ("0", "1", "2"):
            seat = int(words[3])
            raise NotationError(f"a discard takes no target (player {seat} holds {state.hands[seat]})")
        return real(game, state, text, player)

    monkeypatch.setattr(Brawl, "parse_action", wordy)
    assert "get answers that show hidden cards" in failure(vocabulary)
    game = Brawl()
    assert not leaks(game, 1, 3, typed_inputs(game, 1))  # the old inputs never type it


def test_an_encodable_action_accepted_though_not_legal_is_caught(monkeypatch):
    """``illegal_reason`` that lets a player discard a card that is not in their hand."""
    index = "encodable_actions_are_refused_exactly_when_not_legal"
    passes(index)
    real = BrawlState.illegal_reason

    def lax(self, action, player):
        if isinstance(action, Discard) and self.refusal(player) is None:
            return None
        return real(self, action, player)

    monkeypatch.setattr(BrawlState, "illegal_reason", lax)
    assert "is not legal, yet not refused" in failure(index)


def test_an_encodable_action_that_crashes_the_refusal_is_caught(monkeypatch):
    index = "encodable_actions_are_refused_exactly_when_not_legal"
    real = BrawlState.illegal_reason

    def fragile(self, action, player):
        if isinstance(action, Discard) and action.card not in self.hands[player]:
            return f"{self.cards[action.card + 100]} is not in your hand"
        return real(self, action, player)

    monkeypatch.setattr(BrawlState, "illegal_reason", fragile)
    assert "crashed: IndexError" in failure(index)


def test_check_game_reports_and_raises():
    report = check_game(HighCard, options=[{"players": 3}], checks=["games_terminate_with_an_outcome"])
    assert report.ok and "1 passed" in str(report) and report.game == "highcard"
    with pytest.raises(ValueError, match="no check named nothing"):
        check_game(HighCard, checks=["nothing"])


def test_check_game_raises_naming_the_failed_check(monkeypatch):
    monkeypatch.setattr(HighCardState, "legal_actions", lambda self: [])
    with pytest.raises(ConformanceError) as error:
        check_game(HighCard, options=[{}], checks=["games_terminate_with_an_outcome"])
    assert "FAILED games_terminate_with_an_outcome" in str(error.value)
    assert "no legal action in a state that is not terminal" in str(error.value)
    assert not error.value.report.ok


def test_the_refusal_check_names_a_refusal_that_changes_the_state(monkeypatch):
    """``refuse_each`` compares once for many refusals: it must still catch, and name, one
    refusal that leaves a trace."""
    state = HighCard({"players": 3}).new_state(0)  # the leader calls first: no card may be played
    plays = [Play(card) for card in state.hands[1][:3]]
    refuse_each(state, plays)
    real = HighCardState.illegal_reason

    def careless(self, action, player):
        if action == plays[1]:
            self.points[0] += 1
        return real(self, action, player)

    monkeypatch.setattr(HighCardState, "illegal_reason", careless)
    with pytest.raises(Failure, match=f"refusing {plays[1]} changed the state"):
        refuse_each(state, plays)


def test_the_typed_input_check_catches_a_parser_that_checks_names_for_the_wrong_player(monkeypatch):
    """The Final Fantasy TCG leak this check was written for: a card's name was checked
    against its id as the player to move sees it, whoever typed it (``play Nothing#6`` told
    the other player "card #6 is Bull#6"). Put it back and the check must fail."""
    import re

    import tcgkit
    from tcgkit.games.ff_tcg import notation

    game = tcgkit.load_game("ff-tcg")
    inputs = typed_inputs(game, 0)
    assert not leaks(game, 0, 9, inputs)
    real = notation.visible
    monkeypatch.setattr(notation, "visible", lambda state, card, viewer: real(state, card, state.to_move))
    found = leaks(game, 0, 9, inputs)
    assert any(re.search(r"card #\d+ is .*, not Nothing", leak) for leak in found), found[:3]


def test_an_unknown_game_is_a_clear_error():
    import tcgkit
    from tcgkit.kernel.errors import TcgkitError

    with pytest.raises(TcgkitError, match="no game named 'chess'"):
        tcgkit.load_game("chess")
