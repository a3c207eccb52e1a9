"""tcgkit replay of a four-player game (the High Card fixture): every place and who went out."""

from __future__ import annotations

import json

from nplayer import HighCard, registered
from tcgkit.kernel.replay import MatchRecord
from tcgkit.kernel.rng import Rng


def test_a_four_player_record_replays_with_places_and_the_elimination_order(run, tmp_path):
    game = HighCard(players=4)
    state, record, rng = game.new_state(4), MatchRecord.start(game, 4, None), Rng(8)
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        record.actions.append(str(action))
        state.apply(action, state.to_move)
    record.finish(state)
    path = tmp_path / "game.json"
    record.save(path)
    outcome = state.outcome
    with registered():
        result = run("replay", str(path), "--step")
        as_json = run("replay", str(path), "--json")
    assert result.exit_code == 0, result.output
    assert "Rules: players=4" in result.stdout
    places = sorted(range(4), key=lambda p: (outcome.ranks[p], p))
    colours = ("Blue", "Red", "Green", "Yellow")
    assert "Places: " + ", ".join(
        f"{outcome.ranks[p] + 1}. Player {p} ({colours[p]})" for p in places) in result.stdout
    assert outcome.eliminated
    assert "Out, first out first: Player " + str(outcome.eliminated[0]) in result.stdout
    data = json.loads(as_json.stdout)
    assert data["outcome"]["ranks"] == list(outcome.ranks)
    assert data["outcome"]["eliminated"] == list(outcome.eliminated)
    assert data["view"]["options"] == {"players": 4}
