"""Vijayanagara through the Python bindings, checked against the rules specification.

Section numbers refer to the rules specification, vijayanagara.md; R-3 is in vijayanagara_rulings.md.
"""

import copy
import json
import multiprocessing
import pickle
import shutil
from pathlib import Path

import pytest

import darbar

# §1.3 / R-1: the spaces in map order, as printed.
SPACES = [
    "Mountain Passes", "Punjab", "Delhi", "Sindh", "Rajput Kingdoms", "Gujarat", "Malwa",
    "Jaunpur", "Madhyadesh", "Gondwana", "Orissa", "Maharashtra", "Andhra", "Karnataka",
    "Tamilakam",
]  # fmt: skip
PROVINCES = SPACES[3:]


def new_state(seed=0, **options):
    return darbar.load_game("vijayanagara", **options).new_initial_state(seed=seed)


def edit_snapshot(state, edit):
    """The snapshot of `state` as a dict, changed by `edit`, back as text."""
    snapshot = json.loads(state.to_json())
    edit(snapshot["state"])
    return json.dumps(snapshot)


def bahmani_refill_pending():
    """BK's marker went up to 2 (releasing its level-2 slot, §1.9) and back down to 1: the
    level-2 slot is empty below the marker, so BK must refill it now, 2 Amirs taken from its
    holding box and/or from anywhere on the map."""

    def edit(state):
        state["influence"]["bahmani"] = {"level": 1, "slots": [0, 0, 0, 2]}
        state["available"]["amirs"] += 2  # the 2 released Amirs (piece conservation, R-3)

    return darbar.State.from_json(edit_snapshot(new_state(), edit))


# ----- §2.1 setup -----------------------------------------------------------------------------


def test_setup_resources_step_5():
    state = new_state()
    assert state.resources("DS") == 12
    assert state.resources("BK") == 6
    assert state.resources("VN") == 7


def test_setup_victory_points_step_5():
    state = new_state()
    assert state.victory_points("DS") == 18  # every Province Tributary (§5.1, check M2)
    assert state.victory_points("BK") == 0
    assert state.victory_points("VN") == 0


def test_setup_pieces_step_2():
    state = new_state()
    assert state.pieces("Delhi") == {
        "troops": 4,
        "governors": 0,
        "amirs_obedient": 0,
        "amirs_rebelling": 0,
        "rajas_obedient": 0,
        "rajas_rebelling": 0,
        "mongols": 0,
        "structure": None,
    }
    # OQ-20: every Amir and Raja starts Obedient.
    assert state.pieces("Maharashtra")["amirs_obedient"] == 4
    assert state.pieces("Maharashtra")["amirs_rebelling"] == 0
    andhra = state.pieces("Andhra")
    assert (andhra["troops"], andhra["structure"], andhra["rajas_obedient"]) == (1, "Qasbah", 2)
    assert state.pieces("Malwa")["governors"] == 1
    assert all(v in (0, None) for v in state.pieces("Orissa").values())


def test_setup_totals_on_map_step_2():
    state = new_state()
    pieces = [state.pieces(space) for space in state.spaces()]
    assert sum(p["troops"] for p in pieces) == 22
    assert sum(p["governors"] for p in pieces) == 1
    assert sum(p["amirs_obedient"] + p["amirs_rebelling"] for p in pieces) == 8
    assert sum(p["rajas_obedient"] + p["rajas_rebelling"] for p in pieces) == 6
    assert [p["structure"] for p in pieces].count("Qasbah") == 1


def test_setup_holding_boxes_step_4():
    assert new_state().available() == {
        "troops": 10,
        "governors": 4,
        "qasbahs": 4,
        "amirs": 6,
        "forts": 5,
        "rajas": 8,
        "temples": 5,
        "mongols": 12,
    }


def test_setup_cavalry_step_6():
    state = new_state()
    assert state.cavalry("DS") == 2
    assert state.cavalry("BK") == state.cavalry("VN") == 0
    assert state.cavalry_pool() == 8


def test_setup_tributary_and_control():
    state = new_state()
    assert state.spaces() == SPACES
    for space in PROVINCES:  # step 1: a Tributary marker on every Province
        assert state.is_tributary(space)
        assert state.control(space) is None  # §1.7: a Tributary Province is never controlled
    for space in ["Delhi", "Punjab", "Mountain Passes"]:
        assert not state.is_tributary(space)
        assert state.control(space) is None


def test_setup_influence_dynasty_and_deck():
    state = new_state()
    assert state.influence("BK") == 0 and state.influence("VN") == 0  # §1.9
    assert state.influence("DS") is None  # the Sultanate has no track
    assert state.dynasty() == "Khalji"  # step 7
    # §2.2: the top card is revealed at once; 4 stacks of 8 and 3 Succession cards in all.
    assert state.current_card() is not None
    assert state.cards_remaining() == 34
    assert state.seed == 0


def test_same_seed_same_game_other_seed_other_deck():
    assert new_state(7) == new_state(7)
    assert new_state(7).to_json() == new_state(7).to_json()
    assert new_state(7) != new_state(8)


def test_str_is_a_readable_board():
    text = str(new_state())
    assert "Maharashtra" in text
    assert "Rajput Kingdoms" in text
    assert "Khalji" in text
    assert repr(new_state(3)).startswith("<darbar.VijayanagaraState")


# ----- names --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["DS", "ds", "Delhi Sultanate", "Sultanate", " sultanate ", 0]
)
def test_faction_names_and_seats(name):
    assert new_state().resources(name) == 12


@pytest.mark.parametrize("name", ["MI", "Mongols", "XX", "", 3, -1])
def test_unknown_faction_raises_value_error(name):
    with pytest.raises(ValueError):
        new_state().resources(name)


def test_faction_of_wrong_type_raises_type_error():
    with pytest.raises(TypeError):
        new_state().resources(1.5)


def test_space_names():
    state = new_state()
    assert state.pieces("rajput kingdoms") == state.pieces("RajputKingdoms")
    with pytest.raises(ValueError, match="Bengal"):
        state.pieces("Bengal")
    with pytest.raises(TypeError):
        state.control(3)


# ----- snapshots (R-3) ------------------------------------------------------------------------


def test_snapshot_round_trip_is_equal():
    state = new_state(2024)
    restored = darbar.State.from_json(state.to_json())
    assert restored == state
    assert restored.to_json() == state.to_json()
    assert restored.seed == 2024


def test_snapshot_keeps_the_options():
    state = new_state(1, natural_six_always_misses=True)
    restored = darbar.State.from_json(state.to_json())
    assert restored.options()["natural_six_always_misses"] is True
    assert restored == state
    assert restored != new_state(1)


def test_snapshot_and_pickle_keep_a_game_without_event_cards():
    """§2.3.4: a game played without Event cards is restored without them, though Python's
    default plays them; rules with other options refuse it, naming the option."""
    game = darbar.load_game("vijayanagara", events=False)
    state = game.new_initial_state(5)
    state.apply_action(state.legal_actions()[0])
    text = state.to_json()
    restored = darbar.State.from_json(text)
    assert restored == state and restored.get_game() == game != darbar.load_game("vijayanagara")
    assert pickle.loads(pickle.dumps(state)) == state
    with_events = darbar.load_game("vijayanagara").new_initial_state(5)
    with pytest.raises(darbar.SnapshotError, match="events: false in the snapshot") as refused:
        with_events.__setstate__(text)
    assert refused.value.kind == "other_options"


def test_snapshot_breaking_piece_conservation_is_impossible():
    def edit(state):
        state["spaces"]["Delhi"]["troops"] = 5  # 33 Troops: the game has 32 (§1.2)

    with pytest.raises(darbar.SnapshotError) as info:
        darbar.State.from_json(edit_snapshot(new_state(), edit))
    assert info.value.rule == "R-3"
    assert info.value.kind == "impossible"
    assert isinstance(info.value, darbar.DarbarError)


def test_snapshot_breaking_resources_range_is_impossible():
    def edit(state):
        state["resources"]["sultanate"] = 25  # §1.8: 0 to 24

    with pytest.raises(darbar.SnapshotError) as info:
        darbar.State.from_json(edit_snapshot(new_state(), edit))
    assert info.value.rule == "1.8"


def test_truncated_snapshot():
    text = new_state().to_json()
    with pytest.raises(darbar.SnapshotError) as info:
        darbar.State.from_json(text[: len(text) // 2])
    assert info.value.kind == "truncated"
    assert info.value.rule is None


@pytest.mark.parametrize(
    "text, kind",
    [
        ("{]", "malformed"),
        ("[1, 2]", "not_a_snapshot"),
        ('{"format": "darbar-snapshot", "version": 99, "game": "vijayanagara", "state": {}}',
         "unsupported_version"),
        ('{"format": "darbar-snapshot", "version": 1, "game": "chess", "state": {}}',
         "wrong_game"),
        ('{"format": "darbar-snapshot", "version": 1, "game": "vijayanagara", "state": {}}',
         "bad_state"),
    ],
)  # fmt: skip
def test_damaged_snapshots(text, kind):
    with pytest.raises(darbar.SnapshotError) as info:
        darbar.State.from_json(text)
    assert info.value.kind == kind
    assert info.value.rule is None


def test_check_invariants_passes_on_real_states():
    new_state().check_invariants()
    bahmani_refill_pending().check_invariants()


# ----- copies, pickles, processes -------------------------------------------------------------


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle_round_trip_is_equal(protocol):
    state = bahmani_refill_pending()
    restored = pickle.loads(pickle.dumps(state, protocol))
    assert restored == state
    assert restored.legal_actions_typed() == state.legal_actions_typed()


def test_getstate_setstate_use_the_snapshot():
    state, other = new_state(5), new_state(6)
    assert state.__getstate__() == state.to_json()
    other.__setstate__(state.__getstate__())
    assert other == state
    with pytest.raises(darbar.SnapshotError):
        other.__setstate__("{")
    assert other == state  # a refused restore changes nothing


def test_copies_are_independent():
    state = bahmani_refill_pending()
    for duplicate in [state.clone(), copy.copy(state), copy.deepcopy(state)]:
        assert duplicate == state and duplicate is not state
        duplicate.apply_action(duplicate.legal_actions()[0])
        assert duplicate != state
    assert state.legal_actions_typed()[0] == "refill from available"


def test_states_are_not_hashable():
    with pytest.raises(TypeError):
        hash(new_state())
    assert new_state() != "a state"


def _refill_in_worker(state):
    """Runs in a spawned process: takes the first refill there and sends the state back."""
    state.check_invariants()
    state.apply_action(state.legal_actions()[0])
    return state


def test_multiprocessing_spawn_round_trip():
    state = bahmani_refill_pending()
    expected = state.clone()
    expected.apply_action(expected.legal_actions()[0])
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        echoed, advanced = pool.map(copy.copy, [state]) + [
            pool.apply(_refill_in_worker, (state,))
        ]
    assert echoed == state
    assert advanced == expected


# ----- decisions: refilling an Influence slot (§1.9) -----------------------------------------


def test_first_decision_is_an_option_on_the_first_card():
    state = new_state()
    assert state.current_player() in (0, 1, 2)
    # §2.3.3: Pass is always among the options; a refill is not owed.
    assert "option Pass" in state.legal_actions_typed()
    with pytest.raises(darbar.IllegalActionError) as info:
        state.apply_action("refill from available")
    assert info.value.rule == "2.3.3"
    assert state == new_state()


def test_refill_decision_belongs_to_bahmani():
    state = bahmani_refill_pending()
    assert state.current_player() == 1  # BK's seat
    assert state.influence("BK") == 1
    assert state.victory_points("BK") == 1  # Influence counts as VP (§5.2)
    # From the holding box, or an Amir from any space holding one, in map order; a refill is
    # a step of what caused it, not a decision point where a gift is offered (§1.5.2).
    assert state.legal_actions_typed() == [
        "refill from available",
        "refill from Gujarat (Obedient)",
        "refill from Madhyadesh (Obedient)",
        "refill from Gondwana (Obedient)",
        "refill from Maharashtra (Obedient)",
    ]
    assert state.legal_actions() == [a.id for a in state.legal_actions_typed()]
    assert [state.action_to_string(a) for a in state.legal_actions()] == (
        state.legal_actions_typed()
    )


def test_refill_puts_back_two_pieces():
    state = bahmani_refill_pending()
    state.apply_action("refill from Maharashtra (Obedient)")
    assert state.pieces("Maharashtra")["amirs_obedient"] == 3
    assert state.current_player() == 1  # the slot holds 1 of its 2 pieces
    state.apply_action("refill from available")  # from the holding box
    assert state.available()["amirs"] == 7
    # The slot is full again: play goes back to the option on the first card (§2.3.3).
    assert "option Pass" in state.legal_actions_typed()
    state.check_invariants()
    restored = darbar.State.from_json(state.to_json())
    assert restored == state


@pytest.mark.parametrize(
    "action, rule",
    [
        (50, "1.9"),  # an action, but no choice of this refill decision
        (-1, None),  # no action has this number
        (10**30, None),
        ("dance", None),  # not an action at all
        ("refill from Bengal (Obedient)", None),
        ("refill from Karnataka (Obedient)", "1.9"),  # no Amir stands there
        ("refill from Maharashtra (Rebelling)", "1.9"),  # its Amirs are Obedient
    ],
)
def test_illegal_action_leaves_the_state_unchanged(action, rule):
    state = bahmani_refill_pending()
    before = state.clone()
    with pytest.raises(darbar.IllegalActionError) as info:
        state.apply_action(action)
    assert isinstance(info.value, ValueError)
    assert info.value.rule == rule
    assert info.value.reason
    assert info.value.action == action
    assert state == before


def test_numpy_integers_are_indices_and_seats():
    numpy = pytest.importorskip("numpy")
    state = bahmani_refill_pending()
    seat = numpy.int64(state.current_player())
    assert state.resources(seat) == 6
    maharashtra = state.string_to_action("refill from Maharashtra (Obedient)")
    state.apply_action_as(seat, numpy.int64(maharashtra))
    assert state.pieces("Maharashtra")["amirs_obedient"] == 3


def test_action_of_wrong_type_raises_type_error():
    with pytest.raises(TypeError):
        bahmani_refill_pending().apply_action(1.0)


def test_action_to_string_of_a_number_that_is_no_action():
    state = bahmani_refill_pending()
    assert state.action_to_string(state.string_to_action("yes")) == "yes"
    with pytest.raises(darbar.IllegalActionError):
        state.action_to_string(-9)


def test_not_your_turn():
    state = bahmani_refill_pending()
    before = state.clone()
    with pytest.raises(darbar.NotYourTurnError) as info:
        state.apply_action_as("VN", 0)
    assert (info.value.expected, info.value.actual) == (1, 2)
    assert info.value.rule == "1.9"
    assert info.value.action == 0
    assert state == before
    state.apply_action_as("BK", "refill from available")
    state.apply_action_as(1, darbar.Action("vijayanagara", "refill from available"))
    assert state.current_player() == new_state().current_player()


# ----- exceptions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "error",
    [
        darbar.DarbarError("plain"),
        darbar.IllegalActionError("no", action="refill from Delhi", reason="why", rule="1.9"),
        darbar.NotYourTurnError("wait", action=3, expected=1, actual=2, rule="1.9"),
        darbar.SnapshotError("bad", kind="impossible", rule="R-3"),
        darbar.InvariantError("broken", reason="too many Troops", rule="R-3"),
    ],
)
def test_exceptions_pickle_with_attributes(error):
    restored = pickle.loads(pickle.dumps(error))
    assert type(restored) is type(error)
    assert str(restored) == str(error)
    assert restored.args == error.args
    assert vars(restored) == vars(error)


def test_raised_exceptions_pickle_with_attributes():
    state = bahmani_refill_pending()
    with pytest.raises(darbar.IllegalActionError) as info:
        state.apply_action("refill from Karnataka (Obedient)")
    restored = pickle.loads(pickle.dumps(info.value))
    assert (restored.action, restored.rule) == ("refill from Karnataka (Obedient)", "1.9")
    assert str(restored) == str(info.value)
    with pytest.raises(darbar.SnapshotError) as info:
        darbar.State.from_json("{")
    assert pickle.loads(pickle.dumps(info.value)).kind == "truncated"


def test_exception_hierarchy():
    assert issubclass(darbar.IllegalActionError, darbar.DarbarError)
    assert issubclass(darbar.IllegalActionError, ValueError)
    for cls in [darbar.NotYourTurnError, darbar.SnapshotError, darbar.InvariantError]:
        assert issubclass(cls, darbar.DarbarError)
    assert issubclass(darbar.DarbarError, Exception)


# ----- games and options --------------------------------------------------------------------


def test_load_game():
    game = darbar.load_game("vijayanagara")
    assert game.name == "vijayanagara"
    assert game.num_players() == 3
    assert game == darbar.load_game("Vijayanagara")
    assert repr(game) == "darbar.load_game('vijayanagara')"


def test_unknown_game_raises_value_error_naming_it():
    with pytest.raises(ValueError, match="chess"):
        darbar.load_game("chess")


def test_unknown_option_raises_value_error_naming_it():
    with pytest.raises(ValueError, match="natural_seven"):
        darbar.load_game("vijayanagara", natural_seven_always_misses=True)


def test_options_defaults_are_the_proposals_of_ruling_r0():
    assert darbar.load_game("vijayanagara").options == {
        "decree_may_be_empty": True,
        "succession_caps_resources": False,
        "support_limit": "per_attacked_space",
        "natural_six_always_misses": False,
        "plunder_troops_per_mongol": False,
        "transfers": True,  # §1.5.2, OQ-11
        "event_requires_effect": False,
    }


def test_every_option_can_be_set():
    defaults = darbar.load_game("vijayanagara").options
    for name, default in defaults.items():
        value = "per_structure_space" if name == "support_limit" else not default
        game = darbar.load_game("vijayanagara", **{name: value})
        assert game.options == {**defaults, name: value}
        assert game.new_initial_state(4).options() == game.options
        assert repr(game) == f"darbar.load_game('vijayanagara', {name}={value!r})"
        assert game != darbar.load_game("vijayanagara")


def test_option_values_are_checked():
    with pytest.raises(TypeError):
        darbar.load_game("vijayanagara", natural_six_always_misses=1)
    with pytest.raises(ValueError, match="per_province"):
        darbar.load_game("vijayanagara", support_limit="per_province")


def test_package_exports():
    assert darbar.__version__
    for name in darbar.__all__:
        assert getattr(darbar, name) is not None
    assert darbar.State.__module__ == "darbar"
    assert darbar.State.apply_action.__doc__


# ----- §2.3.4 the card in play, in the words of the loaded deck -------------------------------

DECK = Path(__file__).resolve().parents[2] / "lua" / "cards" / "vijayanagara"


def copied_deck(tmp_path, name="mydeck"):
    deck = tmp_path / name
    shutil.copytree(DECK, deck)
    return deck


def test_current_card_shows_both_sides_of_the_default_deck_2_3_4():
    state = new_state(seed=7)
    card = state.current_card()
    assert card.kind == "Event" and card.name == f"Event {card.number}"
    source = (DECK / f"{card.number:02}.lua").read_text()
    assert f'title = "{card.title}"' in source
    assert f'unshaded = "{card.unshaded}"' in source
    assert f'shaded = "{card.shaded}"' in source
    assert card.text is None and card.file == f"{card.number:02}.lua"
    assert [name for name, _ in card.sides] == ["unshaded", "shaded"]
    assert card.title in state.to_svg() and card.unshaded.split()[0] in state.to_svg()


def test_a_deck_of_ones_own_shows_its_own_title_and_texts_2_3_4(tmp_path):
    number = new_state(seed=7).current_card().number
    deck = copied_deck(tmp_path)
    card_file = deck / f"{number:02}.lua"
    source = card_file.read_text()
    default = new_state(seed=7).current_card()
    source = source.replace(default.title, "A Title of My Own", 1)
    source = source.replace(default.unshaded, "My own unshaded words.", 1)
    card_file.write_text(source)
    state = darbar.load_game("vijayanagara", deck=str(deck)).new_initial_state(seed=7)
    card = state.current_card()
    assert (card.title, card.unshaded) == ("A Title of My Own", "My own unshaded words.")
    assert card.shaded == default.shaded
    assert "A Title of My Own" in state.prompt()
    assert "A Title of My Own" in state.to_svg()


def test_prompt_names_the_card_at_an_event_decision_2_3_3():
    state = new_state(seed=7)
    card = state.current_card()
    # The option on the card (§2.3.3) and the choice of its side (§2.3.4) show the card.
    assert state.phase() == "TurnOption"
    for expected in (card.title, card.unshaded, card.shaded):
        assert expected in state.prompt()
    state.apply_action("option Event or Command")
    assert "event unshaded" in state.legal_actions_typed()
    assert card.shaded in state.prompt()
    state.apply_action("event unshaded")
    # No longer about the card: a Command or the next card's option, or a choice inside the
    # card, which keeps the card's own question.
    prompt = state.prompt()
    if state.phase() == "Event":
        assert prompt == state.view(state.current_player())["prompt"]
    elif prompt is not None:
        assert state.current_card().title in prompt


def test_a_failing_card_names_its_file_and_line_in_the_python_error_2_3_4(tmp_path):
    number = new_state(seed=7).current_card().number
    deck = copied_deck(tmp_path)
    card_file = deck / f"{number:02}.lua"
    lines = card_file.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("shaded = function"))
    lines.insert(at + 1, '        error("the scribe dropped the seal")')
    card_file.write_text("\n".join(lines) + "\n")
    state = darbar.load_game("vijayanagara", deck=str(deck)).new_initial_state(seed=7)
    state.apply_action("option Event or Command")
    before = state.clone()
    with pytest.raises(darbar.ScriptError) as caught:
        state.apply_action("event shaded")
    error = caught.value
    name = f"{number:02}.lua"
    assert (error.card, error.file, error.line) == (number, name, at + 2)
    assert str(error).startswith(f"{name}:{at + 2}: card {number}: ")
    assert "the scribe dropped the seal" in str(error)
    assert state == before
    again = pickle.loads(pickle.dumps(error))
    assert (again.file, again.line) == (name, at + 2)


def test_replay_names_the_deck_a_record_needs(tmp_path):
    deck = copied_deck(tmp_path)
    number = new_state(seed=7).current_card().number
    card_file = deck / f"{number:02}.lua"
    card_file.write_text(card_file.read_text().replace("title = ", "title = 'Mine, ' .. ", 1))
    state = darbar.load_game("vijayanagara", deck=str(deck)).new_initial_state(seed=7)
    for _ in range(20):
        state.apply_action(state.legal_actions()[-1])
    record = json.loads(state.replay_record())
    assert record["deck"]["name"] == "mydeck" and len(record["deck"]["hash"]) == 16
    with pytest.raises(darbar.ReplayError) as caught:
        darbar.replay(state.replay_record())
    assert caught.value.kind == "other_deck"
    assert f'"mydeck" (content hash {record["deck"]["hash"]})' in str(caught.value)
    assert darbar.replay(state.replay_record(), deck=str(deck)) == state
    # A record of the default deck names it; one without a deck (older) still replays.
    plain = json.loads(new_state(seed=7).replay_record())
    assert plain["deck"]["name"] == "default"
    del plain["deck"]
    assert darbar.replay(plain) == new_state(seed=7)


# ----- §2.6, §5 the end of the game -----------------------------------------------------------


def test_every_score_reading_agrees_with_the_end_section_of_the_log():
    """After Timur's invasion (§2.6) the log's end section gives each faction's final score
    with its terms (§5.1 with the Mongols-in-Delhi adjustment, §5.2, §5.3); the per-faction
    and all-faction calls, the returns and the board say the same."""
    import random

    state = new_state(seed=7)
    rng = random.Random(7)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    log = state.log()
    end = next(i for i, line in enumerate(log) if line.startswith("— The game ends"))
    assert "Timur's invasion of Delhi is resolved (§2.6" in log[end]
    scores = {}
    for line in log[end + 1 : end + 4]:
        faction, vp, rest = line.split(" ", 2)
        assert rest.startswith("VP: ")
        scores[faction] = int(vp)
    assert list(scores) == ["DS", "BK", "VN"]
    assert "Mongol" in log[end + 1] and "in Delhi (§5.1)" in log[end + 1]
    assert state.victory_points_all() == list(scores.values())
    for seat, (faction, vp) in enumerate(scores.items()):
        assert state.victory_points(faction) == vp
        assert state.victory_points(seat) == vp
    board = str(state)
    for line in log[end:]:
        assert line in board
    # The returns share the win among the winners (OQ-49), who have the most VP (§5.0).
    best = max(scores.values())
    returns = state.returns()
    assert abs(sum(returns) - 1.0) < 1e-9
    winners = [f for seat, f in enumerate(scores) if returns[seat] > 0]
    assert all(scores[f] == best for f in winners)
    assert log[-1].startswith("Game over. ") and " and ".join(winners) in log[-1]
