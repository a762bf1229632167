"""The kingdom raid dice game from Python: `load_game("raid")`, `RaidGame` and `RaidState`:
the raid game's own rules and extras (the API every game shares is in test_api.py). Sections `RG-x.y` and
rulings refer to the raid game's specification and its default rulings."""

import json
import pickle
import random
import xml.etree.ElementTree as ElementTree

import pytest

import darbar

ENDINGS = {"death", "rebellion", "empire_arrives"}
PHASES = {"Scout", "Raid", "Plunder", "Talent", "Settlement"}


def new_state(seed=0, **options):
    return darbar.load_game("raid", **options).new_initial_state(seed=seed)


def play_randomly(state, seed, max_steps=None):
    """Every legal action equally likely, except that all recruitments together weigh as much
    as one action (as the engine's own random play does)."""
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal() and (max_steps is None or steps < max_steps):
        typed = state.legal_actions_typed()
        recruits = [a for a in typed if str(a).startswith("recruit ")]
        others = [a for a in typed if not str(a).startswith("recruit ")]
        choice = rng.randrange(len(others) + bool(recruits))
        action = others[choice] if choice < len(others) else rng.choice(recruits)
        state.apply_action(action.id)
        steps += 1
    return steps


def true_state(state):
    """The engine's full state, true site values included, from the snapshot."""
    return json.loads(state.to_json())["state"]


def finished_game(seed):
    state = new_state(seed)
    play_randomly(state, seed)
    return state


# ----- the game -----------------------------------------------------------------------------


def test_load_game_raid_gives_a_solo_game_with_its_options():
    game = darbar.load_game("raid")
    assert isinstance(game, darbar.RaidGame)
    assert game.name == "raid" and game.num_players() == 1
    assert game.num_distinct_actions() == 1046
    assert game.max_recruit_funds == 999
    # Ruling 14: the starting camp.
    assert game.options == {
        "start": {"soldiers": 6, "funds": 4, "food": 10, "weapons": 6, "slaves": 2},
        "sack_on_any_raid": False,
        "captured_units_carry_over": False,
        "castles_in_play": False,
        "crisis_halves_fort": False,
    }
    assert repr(game) == "darbar.load_game('raid')"
    assert darbar.load_game(" Raid ") == game
    # Vijayanagara is unchanged.
    assert isinstance(darbar.load_game("vijayanagara"), darbar.Game)
    assert {"RaidGame", "RaidState"} <= set(darbar.__all__)


def test_raid_options_are_keyword_arguments():
    game = darbar.load_game("raid", castles_in_play=True, start={"soldiers": 8})
    assert game.options["castles_in_play"] is True
    assert game.options["start"] == {
        "soldiers": 8,
        "funds": 4,
        "food": 10,
        "weapons": 6,
        "slaves": 2,
    }
    assert "castles_in_play=True" in repr(game) and "start=" in repr(game)
    state = game.new_initial_state(seed=1)
    assert state.options() == game.options
    assert state.view()["player"]["soldiers"] == 8
    # Ruling 13's variant: the castles can be scouted.
    assert "scout castle-1" in state.legal_actions_typed()
    assert "scout castle-1" not in new_state(1).legal_actions_typed()
    again = pickle.loads(pickle.dumps(game))
    assert again == game and repr(again) == repr(game)
    assert again.new_initial_state(seed=3) == game.new_initial_state(seed=3)


def test_unknown_or_ill_typed_options_are_refused():
    with pytest.raises(ValueError) as caught:
        darbar.load_game("raid", natural_six_always_misses=True)
    message = str(caught.value)
    for known in ["start", "sack_on_any_raid", "castles_in_play", "crisis_halves_fort"]:
        assert known in message
    with pytest.raises(ValueError, match="gold"):
        darbar.load_game("raid", start={"gold": 3})
    with pytest.raises(TypeError):
        darbar.load_game("raid", castles_in_play=1)
    with pytest.raises(ValueError):
        darbar.load_game("raid", start={"soldiers": -1})
    with pytest.raises(TypeError):
        darbar.load_game("raid", start=6)
    with pytest.raises(ValueError, match="events"):
        darbar.load_game("raid", events=False)
    with pytest.raises(ValueError, match="deck"):
        darbar.load_game("raid", deck="cards")
    with pytest.raises(ValueError, match="known games: vijayanagara, raid"):
        darbar.load_game("chess")


# ----- whole games (RG-3, RG-10) ------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_a_random_game_reaches_an_ending_rg_10(seed):
    state = new_state(seed)
    assert state.current_player() == 0 and not state.is_terminal()
    assert state.returns() == [0.0] and state.ending() is None
    phases = set()
    rng = random.Random(seed)
    while not state.is_terminal():
        phases.add(state.phase())
        assert state.current_player() == 0
        state.apply_action(rng.choice(state.legal_actions()))
    state.check_invariants()
    assert phases <= PHASES and {"Scout", "Raid", "Settlement"} <= phases
    assert state.phase() == "GameOver"
    assert state.current_player() is None and state.legal_actions() == []
    assert state.ending() in ENDINGS
    assert state.view()["ending"] == state.ending()
    # Ruling 26: only the Empire's arrival has a score; returns() is that score, unnormalised.
    if state.ending() == "empire_arrives":
        assert state.returns() == [float(state.score())]
        assert state.rank() is not None
        assert f"score {state.score()}" in repr(state)
    else:
        assert state.returns() == [0.0] and state.rank() is None
    with pytest.raises(darbar.IllegalActionError) as caught:
        state.apply_action("skip-scout")
    assert caught.value.rule == "RG-10"


def test_the_text_picture_and_the_one_line_repr():
    state = new_state(7)
    assert state.seed == 7 and state.turn() == 1
    text = str(state)
    assert text.startswith("Day 1, scout phase")
    assert "village-1  unknown" in text and "castle-1   reserved" in text
    line = repr(state)
    assert "\n" not in line
    assert line.startswith("<darbar.RaidState seed=7 day 1")
    assert "to decide: a site to scout, or none" in line


def test_the_svg_picture_parses_as_xml():
    state = new_state(9)
    play_randomly(state, 9, max_steps=25)
    svg = state._repr_svg_()
    assert svg == state.to_svg()
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg") and root.get("viewBox")


# ----- actions and their numbers ------------------------------------------------------------


def test_the_action_numbering_rg_and_its_engine_limit():
    game = darbar.load_game("raid")
    state = game.new_initial_state(seed=4)
    assert repr(darbar.Action("raid", "end-raids")) == "darbar.Action('raid', 'end-raids')"
    assert darbar.Action.from_id("raid", 14) == "skip-scout"
    assert darbar.Action.from_id("raid", game.num_distinct_actions() - 1) == "end-settlement"
    assert darbar.Action("raid", "recruit 999").id == game.num_distinct_actions() - 10
    # A recruitment beyond the engine limit of 999 funds (beside ruling 22) has no number.
    with pytest.raises(ValueError, match="engine limit"):
        darbar.Action("raid", "recruit 1000")
    with pytest.raises(darbar.IllegalActionError) as caught:
        state.string_to_action("recruit 1000")
    assert caught.value.rule is None
    assert darbar.Action("raid", "end-raids") != darbar.Action("vijayanagara", "yes")


def test_settlement_offers_trades_recruitments_and_its_end_rg_7():
    state = new_state(3)
    state.apply_action("skip-scout")
    state.apply_action("end-raids")
    assert state.phase() == "Settlement"
    typed = [str(a) for a in state.legal_actions_typed()]
    # RG-7.2, ruling 22: recruit with 1 to all 4 funds, once per turn.
    assert [a for a in typed if a.startswith("recruit ")] == [f"recruit {n}" for n in range(1, 5)]
    assert "trade buy-food" in typed and typed[-1] == "end-settlement"
    state.apply_action("recruit 2")
    assert not any(str(a).startswith("recruit ") for a in state.legal_actions_typed())
    with pytest.raises(darbar.IllegalActionError) as caught:
        state.apply_action("recruit 1")
    assert caught.value.rule == "RG-7.2"


# ----- illegal actions ----------------------------------------------------------------------


def assert_refused(state, action, rule):
    before = state.clone()
    snapshot = state.to_json()
    history = state.history()
    with pytest.raises(darbar.IllegalActionError) as caught:
        state.apply_action(action)
    assert caught.value.rule == rule, caught.value
    assert caught.value.action == action
    assert isinstance(caught.value, ValueError)
    assert state == before and state.to_json() == snapshot and state.history() == history
    return caught.value


def test_illegal_actions_name_the_rule_and_change_nothing():
    state = new_state(5)
    # RG-3: raids come after scouting.
    error = assert_refused(state, "raid village-1", "RG-3")
    assert "RG-3" in str(error) and error.reason
    assert_refused(state, darbar.Action("raid", "end-settlement"), "RG-3")
    # Ruling 13: castles are reserved.
    assert_refused(state, "scout castle-2", "ruling 13")
    # Arguments that name no action consult no rule.
    assert_refused(state, "raid castle-9", None)
    assert_refused(state, "dance", None)
    assert_refused(state, 5000, None)
    assert_refused(state, -1, None)
    assert_refused(state, 2**80, None)
    state.apply_action("scout village-1")
    assert_refused(state, "raid castle-1", "ruling 13")
    state.apply_action("raid village-1")
    if state.phase() == "Plunder":
        assert_refused(state, "end-raids", "RG-3")
        state.apply_action("stop-plunder")
    if not state.is_terminal():
        # A site taken cannot be raided again (RG-5.4); one raided this turn cannot be raided
        # again in a consecutive raid (RG-5.6).
        sacked = state.view()["sites"][6]["sacked"]
        assert_refused(state, "raid village-1", "RG-5.4" if sacked else "RG-5.6")


def test_a_site_raided_this_turn_cannot_be_raided_again_rg_5_6():
    state = new_state(0)
    state.apply_action("scout fort-1")
    state.apply_action("raid fort-1")  # the warband is beaten back from the fort
    assert not state.view()["sites"][0]["sacked"] and state.phase() == "Raid"
    assert state.view()["raided"] == ["fort-1"]
    assert_refused(state, "raid fort-1", "RG-5.6")


def test_a_refused_recruitment_beyond_the_funds_names_rg_7_1():
    state = new_state(3)
    state.apply_action("skip-scout")
    state.apply_action("end-raids")
    assert_refused(state, "recruit 5", "RG-7.1")
    assert_refused(state, "recruit 0", "RG-7.2")


# ----- copies, pickles and snapshots --------------------------------------------------------


def test_a_damaged_snapshot_is_a_snapshot_error():
    state = new_state(8)
    play_randomly(state, 8, max_steps=10)
    text = state.to_json()
    with pytest.raises(darbar.SnapshotError) as caught:
        darbar.RaidState.from_json(text[: len(text) // 2])
    assert caught.value.kind == "truncated"
    with pytest.raises(darbar.SnapshotError) as caught:
        darbar.RaidState.from_json(text.replace('"game": "raid"', '"game": "chess"'))
    assert caught.value.kind == "wrong_game"
    with pytest.raises(darbar.SnapshotError) as caught:
        darbar.RaidState.from_json(darbar.load_game("vijayanagara").new_initial_state().to_json())
    assert caught.value.kind == "wrong_game"
    envelope = json.loads(text)
    envelope["state"]["turn"] = 0
    with pytest.raises(darbar.SnapshotError) as caught:
        darbar.RaidState.from_json(json.dumps(envelope))
    assert caught.value.kind == "impossible" and caught.value.rule == "RG-0.3"
    envelope = json.loads(text)
    envelope["state"]["player"]["soldiers"] = "six"
    with pytest.raises(darbar.SnapshotError) as caught:
        darbar.RaidState.from_json(json.dumps(envelope))
    assert caught.value.kind == "bad_state"
    with pytest.raises(darbar.SnapshotError):
        pickle.loads(pickle.dumps(state).replace(b'"turn"', b'"tern"'))


# ----- what the player sees (RG-9) ----------------------------------------------------------


def test_the_view_hides_the_true_values_of_unseen_sites_rg_9():
    state = new_state(2)
    view = state.view()
    assert view["turn"] == 1 and view["phase"] == "scout"
    assert view["deciding"] == "a site to scout, or none"
    assert view["legal_actions"] == state.legal_actions_typed()
    assert [s["site"] for s in view["sites"]][:3] == ["fort-1", "fort-2", "fort-3"]
    assert all(s["last_seen"] is None for s in view["sites"])
    state.apply_action("scout village-2")
    truth = true_state(state)["sites"]
    for i, site in enumerate(state.view()["sites"]):
        if site["site"] == "village-2":
            assert site["revealed"]
            assert site["last_seen"]["resources"] == truth[i]["resources"]
            assert site["last_seen"]["turn"] == 1
        else:
            # Nothing of a site never seen is shown (RG-9).
            assert site["last_seen"] is None


def test_the_view_shows_last_seen_values_after_drift_rg_9_rg_7_6():
    for seed in range(20):
        state = new_state(seed)
        state.apply_action("scout town-1")
        seen = state.view()["sites"][3]["last_seen"]
        drifted = False
        while not state.is_terminal() and state.turn() < 4:
            for action in ["skip-scout", "end-raids", "end-settlement"]:
                if state.is_terminal():
                    break
                if action in state.legal_actions_typed():
                    state.apply_action(action)
                else:
                    state.apply_action(state.legal_actions()[-1])
            truth = true_state(state)["sites"][3]["resources"]
            view = state.view()["sites"][3]
            # The view keeps the day-1 observation, never the drifted truth.
            assert view["last_seen"] == seen
            if truth != seen["resources"]:
                drifted = True
                break
        if drifted:
            return
    pytest.fail("no site drifted in 20 games")


# ----- log, history and replay --------------------------------------------------------------


def test_the_log_has_every_gm_roll_ruling_27():
    state = new_state(12)
    steps = play_randomly(state, 12)
    log = state.log()
    assert sum(line.startswith("GM rolls ") for line in log) > 0
    assert sum(line.startswith("day ") and ": " in line for line in log) >= steps
    assert log[0] == f"day 1: {state.history_typed()[0]}"
    assert any(line.startswith("the game ends: ") for line in log)


def test_a_replay_with_an_illegal_action_names_it():
    record = json.loads(new_state(2).replay_record())
    record["actions"] = ["end_raids"]
    with pytest.raises(darbar.IllegalActionError) as caught:
        darbar.replay(record)
    assert caught.value.rule == "RG-3" and caught.value.action == "end-raids"


# ----- the campaign (RG-11) -----------------------------------------------------------------


def test_a_campaign_carries_into_the_next_game_rg_11():
    game = darbar.load_game("raid")
    first = finished_game(31)
    text = first.campaign_after()
    campaign = json.loads(text)
    assert campaign["games"] == 1
    assert json.loads(first.campaign())["games"] == 0
    if first.ending() == "empire_arrives":
        assert campaign["best_score"] == first.score()
    second = game.new_campaign_state(text, seed=32)
    assert json.loads(second.campaign()) == campaign
    assert game.new_campaign_state(campaign, seed=32) == second
    # Talents and the recruits total persist (RG-7.2, RG-11).
    assert second.view()["talents"] == campaign["talents"]
    assert true_state(second)["recruited"] == campaign["recruited"]
    # A unit placed in the first game stays at its site in the next (RG-2.3).
    placed = campaign["placements"]
    assert placed
    unit, site = next(iter(placed.items()))
    second.apply_action(f"scout {site}")
    seen = next(s for s in second.view()["sites"] if s["site"] == site)
    if unit not in second.view()["army"]:
        assert unit in seen["last_seen"]["units"]
    # The campaign game replays from its record and its campaign.
    play_randomly(second, 32)
    replayed = darbar.replay(second.replay_record(), campaign=second.campaign())
    assert replayed == second
    third = game.new_campaign_state(second.campaign_after(), seed=33)
    assert json.loads(third.campaign())["games"] == 2


def test_a_damaged_or_impossible_campaign_is_refused():
    game = darbar.load_game("raid")
    with pytest.raises(darbar.SnapshotError) as caught:
        game.new_campaign_state("{not json")
    assert caught.value.kind == "malformed"
    with pytest.raises(darbar.SnapshotError) as caught:
        game.new_campaign_state({"games": 1, "gold": 3})
    assert caught.value.kind == "malformed"
    # Three talents need at least 15 recruits (RG-7.2, RG-11).
    impossible = {"games": 2, "talents": ["logistics", "merchant", "rally"], "recruited": 4}
    with pytest.raises(darbar.SnapshotError) as caught:
        game.new_campaign_state(impossible)
    assert caught.value.kind == "impossible" and caught.value.rule == "RG-11"
    assert "RG-11" in str(caught.value)
    # Only a raid record takes a campaign.
    record = darbar.load_game("vijayanagara").new_initial_state().replay_record()
    with pytest.raises(ValueError):
        darbar.replay(record, campaign="{}")
    raid = new_state(2).replay_record()
    with pytest.raises(ValueError):
        darbar.replay(raid, deck="cards")
