"""The API every game shares (OpenSpiel-style play, numbers, masks, copies, pickles, snapshots,
replays, batch runs), checked once for each game of ``darbar.registered_games()``."""

import copy
import json
import multiprocessing
import pickle
import random

import pytest

import darbar

GAMES = darbar.registered_games()


def play_randomly(state, seed, max_steps=None):
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal() and (max_steps is None or steps < max_steps):
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


@pytest.fixture(params=GAMES)
def game(request):
    return darbar.load_game(request.param)


def test_every_standard_game_is_registered():
    assert {"vijayanagara", "raid"} <= set(GAMES)


def test_the_game_describes_itself(game):
    assert game.name in GAMES
    assert game.num_players() >= 1
    assert [game.seat_name(s) for s in range(game.num_players())]
    assert game.num_distinct_actions() > 0
    assert len(game.observation_tensor_shape()) == 1
    assert repr(game) == f"darbar.load_game('{game.name}')"
    assert game == darbar.load_game(game.name.upper())
    assert isinstance(game.options, dict)
    state = game.new_initial_state(seed=3)
    assert isinstance(state, darbar.State)
    assert state.seed == 3 and state.game_name == game.name
    assert state.get_game() == game
    assert state.options() == game.options
    assert "\n" not in repr(state)
    assert str(state)


def test_games_pickle_with_their_options(game):
    again = pickle.loads(pickle.dumps(game))
    assert again == game and type(again) is type(game) and repr(again) == repr(game)
    assert again.new_initial_state(seed=3) == game.new_initial_state(seed=3)


def test_a_random_game_reaches_its_end(game):
    state = game.new_initial_state(seed=5)
    assert state.returns() == [0.0] * game.num_players()
    steps = play_randomly(state, 5)
    assert steps == len(state.history()) > 0
    assert state.is_terminal() and state.phase() == "GameOver"
    assert state.current_player() is None and state.legal_actions() == []
    assert len(state.returns()) == game.num_players()
    state.check_invariants()
    with pytest.raises(darbar.IllegalActionError) as caught:
        state.apply_action(0)
    assert caught.value.rule is not None


def test_actions_have_fixed_numbers(game):
    state = game.new_initial_state(seed=4)
    rng = random.Random(4)
    for _ in range(10):
        if state.is_terminal():
            break
        typed = state.legal_actions_typed()
        assert [a.id for a in typed] == state.legal_actions()
        for action in typed:
            assert 0 <= action.id < game.num_distinct_actions()
            assert int(action) == action.id and action.game == game.name
            assert darbar.Action.from_id(game, action.id) == action
            assert darbar.Action.from_id(game.name, action.id) == action
            assert darbar.Action(game, str(action)) == action == str(action)
            assert hash(action) == hash(str(action))
            assert state.string_to_action(str(action)) == action.id
            assert state.action_to_string(action.id) == str(action)
            assert state.action_to_string(action) == str(action)
            assert pickle.loads(pickle.dumps(action)) == action
        state.apply_action(rng.choice(state.legal_actions()))
    first = darbar.Action.from_id(game, 0)
    assert repr(first) == f"darbar.Action('{game.name}', {str(first)!r})"
    with pytest.raises(ValueError):
        darbar.Action.from_id(game, game.num_distinct_actions())
    with pytest.raises(ValueError):
        darbar.Action(game, "dance a jig")


def test_apply_action_takes_a_number_an_action_or_text(game):
    state = game.new_initial_state(seed=4)
    first = state.legal_actions_typed()[0]
    by_number, by_action, by_text = state.clone(), state.clone(), state.clone()
    by_number.apply_action(first.id)
    by_action.apply_action(first)
    by_text.apply_action(str(first))
    assert by_number == by_action == by_text
    assert by_number.history() == [first.id]
    assert by_text.history_typed() == [first]
    assert state.history() == []
    with pytest.raises(TypeError):
        state.apply_action(2.5)
    other = next(g for g in GAMES if g != game.name)
    with pytest.raises(TypeError):
        state.apply_action(darbar.Action.from_id(other, 0))


def assert_refused(state, action, rule):
    before = state.clone()
    snapshot = state.to_json()
    history = state.history()
    with pytest.raises(darbar.IllegalActionError) as caught:
        state.apply_action(action)
    assert caught.value.rule == rule, caught.value
    assert caught.value.action == action and caught.value.reason
    assert isinstance(caught.value, ValueError)
    assert state == before and state.to_json() == snapshot and state.history() == history
    return caught.value


def test_illegal_actions_change_nothing(game):
    state = game.new_initial_state(seed=6)
    play_randomly(state, 6, max_steps=3)
    assert_refused(state, "dance a jig", None)
    assert_refused(state, game.num_distinct_actions(), None)
    assert_refused(state, -1, None)
    assert_refused(state, 2**80, None)
    legal = set(state.legal_actions())
    unlisted = next(i for i in range(game.num_distinct_actions()) if i not in legal)
    assert_refused(state, unlisted, caught_rule(state, unlisted))


def caught_rule(state, action):
    """The rule a refusal of `action` names (any rule: the rules decide which)."""
    try:
        state.clone().apply_action(action)
    except darbar.IllegalActionError as error:
        assert error.rule is not None
        return error.rule
    raise AssertionError(f"{action} was applied")


def test_not_your_turn_names_the_seat_to_decide(game):
    state = game.new_initial_state(seed=2)
    seat = state.current_player()
    first = state.legal_actions()[0]
    if game.num_players() > 1:
        other = (seat + 1) % game.num_players()
        before = state.clone()
        with pytest.raises(darbar.NotYourTurnError) as caught:
            state.apply_action_as(other, first)
        assert (caught.value.expected, caught.value.actual) == (seat, other)
        assert caught.value.rule and caught.value.action == first
        assert state == before
    state.apply_action_as(game.seat_name(seat), first)
    assert state.history() == [first]
    with pytest.raises(ValueError):
        state.apply_action_as(game.num_players(), 0)


def test_the_legal_actions_mask_marks_exactly_the_legal_numbers(game):
    numpy = pytest.importorskip("numpy")
    state = game.new_initial_state(seed=4)
    rng = random.Random(4)
    while True:
        mask = state.legal_actions_mask()
        assert mask.dtype == numpy.bool_ and mask.shape == (game.num_distinct_actions(),)
        assert sorted(numpy.flatnonzero(mask).tolist()) == sorted(state.legal_actions())
        if state.is_terminal() or len(state.history()) > 40:
            break
        state.apply_action(rng.choice(state.legal_actions()))


def test_the_observation_tensor_has_its_shape_and_layout(game):
    numpy = pytest.importorskip("numpy")
    state = game.new_initial_state(seed=4)
    for seat in range(game.num_players()):
        tensor = state.observation_tensor(seat)
        assert tensor.dtype == numpy.float32
        assert list(tensor.shape) == game.observation_tensor_shape()
    end = 0
    for name, (start, length) in game.observation_tensor_layout().items():
        assert start == end, name
        end = start + length
    assert [end] == game.observation_tensor_shape()


def test_views_are_dicts_for_every_seat(game):
    state = game.new_initial_state(seed=4)
    for seat in range(game.num_players()):
        assert isinstance(state.view(seat), dict)
    with pytest.raises(ValueError):
        state.view(game.num_players())


def test_copies_are_independent(game):
    state = game.new_initial_state(seed=6)
    play_randomly(state, 6, max_steps=5)
    for twin in [state.clone(), copy.copy(state), copy.deepcopy(state)]:
        assert twin == state and twin is not state and type(twin) is type(state)
        assert twin.history() == state.history()
        if not twin.is_terminal():
            twin.apply_action(twin.legal_actions()[-1])
            assert twin != state


def test_states_are_not_hashable(game):
    with pytest.raises(TypeError):
        hash(game.new_initial_state())
    assert game.new_initial_state() != "a state"


def test_pickles_keep_the_history_and_cross_processes(game):
    state = game.new_initial_state(seed=5)
    play_randomly(state, 5, max_steps=12)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(state, protocol))
        assert again == state and type(again) is type(state)
        assert again.history_typed() == state.history_typed()
        assert again.log() == state.log()
        assert again.replay_record() == state.replay_record()
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        back = pool.apply(_continue, (state,))
    expected = state.clone()
    _continue(expected)
    assert back == expected and back.history() == expected.history()


def _continue(state):
    if not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    return state


def test_a_pickle_of_a_restored_state_keeps_its_history_and_log(game):
    state = game.new_initial_state(seed=6)
    play_randomly(state, 6, max_steps=10)
    restored = type(state).from_json(state.to_json())
    play_randomly(restored, 7, max_steps=10)
    again = pickle.loads(pickle.dumps(restored))
    assert again == restored
    assert again.history() == restored.history() and again.log() == restored.log()


def test_a_tampered_pickle_is_refused():
    # The history must lead to the pickled position; a payload where it does not is refused
    # with the package's error, instead of a state whose log and replay record then fail.
    for name in GAMES:
        state = darbar.load_game(name).new_initial_state(seed=5)
        play_randomly(state, 5, max_steps=12)
        restore, (game_name, options, snapshot, origin, history) = state.__reduce__()
        assert len(history) >= 2, name
        with pytest.raises(darbar.ReplayError) as caught:
            restore(game_name, options, snapshot, origin, history[:-1])
        assert caught.value.kind == "history"
        with pytest.raises(darbar.ReplayError) as caught:
            restore(game_name, options, snapshot, origin, history + [10**9])
        assert caught.value.kind == "history" and caught.value.step == len(history)
        with pytest.raises(darbar.SnapshotError):
            restore(game_name, options, snapshot, snapshot[:-9], history)
        assert restore(game_name, options, snapshot, origin, history) == state


def test_run_counts_are_checked_before_any_thread_starts(game):
    # Counts that would exhaust the process are a ValueError, never a panic or an abort.
    for threads in [0, 10**6, 2**63]:
        with pytest.raises(ValueError, match="threads"):
            darbar.play_random_games(game, 2, threads=threads)
    with pytest.raises(ValueError, match="games"):
        darbar.play_random_games(game, 10**12)


def test_a_bool_is_not_an_action_and_a_huge_number_is_named_as_given(game):
    state = game.new_initial_state(seed=1)
    before = state.to_json()
    with pytest.raises(TypeError, match="bool"):
        state.apply_action(True)
    with pytest.raises(TypeError, match="bool"):
        state.apply_action_as(True, state.legal_actions()[0])
    with pytest.raises(darbar.IllegalActionError) as caught:
        state.apply_action(2**70)
    assert str(2**70) in str(caught.value)
    assert "9223372036854775807" not in str(caught.value)
    assert state.to_json() == before


@pytest.mark.parametrize(
    "record, kind",
    [
        (5, "malformed"),
        (["not", "a", "record"], "malformed"),
        (object(), "malformed"),
        ("{", "malformed"),
        ("{}", "malformed"),
        ('{"game": "chess", "seed": 1, "actions": []}', "unknown_game"),
        ({"game": "raid", "seed": "x", "actions": []}, "malformed"),
        ({"game": "raid", "seed": 1}, "malformed"),
        ({"game": "raid", "seed": 1, "actions": [["x"]]}, "malformed"),
        ({"game": "raid", "seed": 1, "options": {"zzz": 1}, "actions": []}, "bad_options"),
        ({"game": "raid", "seed": 1, "options": {"start": "x"}, "actions": []}, "bad_options"),
    ],
)
def test_a_damaged_replay_record_raises_replay_error_naming_the_damage(record, kind):
    with pytest.raises(darbar.ReplayError) as caught:
        darbar.replay(record)
    assert caught.value.kind == kind, caught.value
    assert isinstance(caught.value, darbar.DarbarError)


def test_snapshots_round_trip_exactly(game):
    state = game.new_initial_state(seed=8)
    play_randomly(state, 8, max_steps=30)
    text = state.to_json()
    for restored in [darbar.State.from_json(text), type(state).from_json(text)]:
        assert restored == state and restored.to_json() == text
        assert type(restored) is type(state)
        assert restored.history() == [] and restored.log() == []
        with pytest.raises(ValueError):
            restored.replay_record()
    restored = darbar.State.from_json(text)
    again = pickle.loads(pickle.dumps(restored))
    assert again == restored
    if not state.is_terminal():
        action = state.legal_actions()[0]
        state.apply_action(action)
        restored.apply_action(action)
        assert restored == state
        assert pickle.loads(pickle.dumps(restored)).history() == [action]
    with pytest.raises(darbar.SnapshotError) as caught:
        darbar.State.from_json(text[: len(text) // 2])
    assert caught.value.kind == "truncated"
    with pytest.raises(darbar.SnapshotError) as caught:
        darbar.State.from_json(text.replace(f'"game": "{game.name}"', '"game": "chess"'))
    assert caught.value.kind == "wrong_game"


def test_replay_equals_the_original(game):
    state = game.new_initial_state(seed=21)
    play_randomly(state, 21)
    record = state.replay_record()
    assert json.loads(record)["game"] == game.name
    replayed = darbar.replay(record)
    assert type(replayed) is type(state)
    assert replayed == state and replayed.to_json() == state.to_json()
    assert replayed.history() == state.history()
    assert replayed.log() == state.log()
    assert darbar.replay(json.loads(record)) == state


def test_a_replay_with_an_illegal_action_names_its_rule(game):
    state = game.new_initial_state(seed=2)
    play_randomly(state, 2)
    record = json.loads(state.replay_record())
    last = state.history_typed()[-1]
    rule = caught_rule(state, last.id)
    record["actions"].append(record["actions"][-1])  # once more, after the end
    with pytest.raises(darbar.IllegalActionError) as caught:
        darbar.replay(record)
    assert caught.value.rule == rule
    assert caught.value.action == str(last)


def test_play_random_games_runs_on_threads_and_matches_itself(game):
    one = darbar.play_random_games(game, 4, seed=10, threads=1)
    two = darbar.play_random_games(game, 4, seed=10, threads=2)
    assert one == two
    assert [r["seed"] for r in one] == list(range(10, 14))
    for result in one:
        assert result["length"] > 0
        assert len(result["returns"]) == game.num_players()
    with pytest.raises(ValueError):
        darbar.play_random_games(game, 1, threads=0)


def test_unknown_games_and_options_are_refused():
    with pytest.raises(ValueError, match="chess"):
        darbar.load_game("chess")
    for name in GAMES:
        with pytest.raises(ValueError, match="no_such_option"):
            darbar.load_game(name, no_such_option=True)


def test_current_card_is_none_or_a_card_in_every_game(game):
    # A game without cards has none; a game with cards shows the card in play, and none
    # once the game is over.
    state = game.new_initial_state(seed=2)
    card = state.current_card()
    if card is not None:
        assert card.title and card.sides and str(card).startswith(card.name)
        assert card == card.name and hash(card) == hash(card.name)
        assert card.to_dict()["title"] == card.title
    play_randomly(state, 2)
    assert state.current_card() is None
