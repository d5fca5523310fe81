"""How a game ends and says so (BY-30, BY-31; issue 18 item 5), and rules version 1 kept loadable."""

from __future__ import annotations

import json

from service.rules import baba_yaga as by
from service.rules.baba_yaga import v1
from service.rules.baba_yaga.data import CLUE_OF, INGREDIENT_IDS
from service.rules.baba_yaga.messages import FinishReason, GameFinished
from service.rules.catalog import rules_for
from service.rules.core import Rng
from tests.rules.baba_yaga.by_arena import play_bots
from tests.support.playout import play, random_chooser

LIMITED = {"mode": "T", "max_turns": 3}


def test_BY_31_the_turn_limit_ends_the_game_with_no_winner_and_says_so() -> None:
    p = play(by, 3, b"limit", random_chooser(Rng(b"limit-bot", 1)), LIMITED)
    assert p.state.finish_reason is FinishReason.TURN_LIMIT
    assert by.winners(p.state) == ()
    assert isinstance(p.history[-1], GameFinished) and p.history[-1].winners == ()
    done = by.outcome(p.state)
    assert done is not None
    assert "turn limit reached after 3 turns" in done.reason and "nobody wins" in done.reason
    assert done.placements == (1, 1, 1)
    assert done.tie_rule == "turn limit: a draw"
    assert by.evaluate(p.state, 0) == by.evaluate(p.state, 1) == 1 / 3


def test_BY_31_rules_version_1_still_crowns_the_most_spells_at_the_turn_limit() -> None:
    """The same commands under version 1 end as they did when it was played: every seat at 0 spells wins."""
    new = play(by, 3, b"limit", random_chooser(Rng(b"limit-bot", 1)), LIMITED)
    old = play(v1, 3, b"limit", random_chooser(Rng(b"limit-bot", 1)), LIMITED)
    assert old.history[:-1] == new.history[:-1]
    casts = old.state.casts()
    assert old.history[-1] == GameFinished(
        winners=tuple(s for s in range(3) if casts[s] == max(casts)),
        casts=casts,
        reason=FinishReason.TURN_LIMIT,
        at_ms=new.history[-1].at_ms,
    )
    done = v1.outcome(old.state)
    assert done is not None and "rules version 1" in done.reason
    assert rules_for("baba-yaga", 1) is v1
    assert rules_for("baba-yaga", 2) is by and rules_for("baba-yaga") is by
    assert v1.version == 1 and by.version == 2


def test_BY_30_a_third_spell_ends_the_game_and_the_outcome_names_the_winner() -> None:
    result = play_bots(["greedy", "random", "random"], b"third", {"mode": "T"})
    assert result.reason is FinishReason.THIRD_SPELL
    (winner,) = result.winners
    done = by.outcome(result.playout.state)
    assert done is not None
    assert done.reason == f"seat {winner} cast a third spell and escaped Baba Yaga (BY-30)"
    assert done.placements[winner] == 1 and sorted(done.placements)[1] > 1
    assert by.outcome(by.initial_state(3, result.playout.options)) is None


def test_BY_12_catalog_names_every_id_and_never_ties_a_clue_to_its_ingredient() -> None:
    """§12: clients get the clue art keys, never the clue -> ingredient table."""
    catalog = by.catalog({})
    assert json.loads(json.dumps(catalog)) == catalog
    assert catalog["ingredients"]["I02"] == "Frog" and len(catalog["ingredients"]) == 16
    assert catalog["spells"]["S01"] == {"ingredients": ["I01", "I02", "I04", "I08"], "effect": "E-REDUCE"}
    assert catalog["effects"]["E-BLIND"]["name"] == "Blinding light!"
    assert list(catalog["clues"]) == sorted(catalog["clues"])  # alphabetical: not in ingredient order
    assert list(catalog["clues"]) != [CLUE_OF[i] for i in INGREDIENT_IDS]
    assert not any(isinstance(v, dict) and "ingredient" in v for v in catalog["clues"].values())
