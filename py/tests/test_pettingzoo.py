"""The PettingZoo environment (darbar.pettingzoo): PettingZoo's own API test, whole random
games through the adapter, seeding, masks, rewards, rendering, and that darbar imports without
PettingZoo installed."""

import copy
import pickle
import random
import subprocess
import sys
import warnings

import pytest

pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # noqa: E402

import darbar  # noqa: E402
import darbar.pettingzoo  # noqa: E402

# The API test's advice that does not fit a game of named factions with dict observations
# (the same advice PettingZoo gives its own classic games by name).
HARMLESS_ADVICE = (
    "We recommend agents to be named",
    "Observation space for each agent probably should be",
    "Observation is not a NumPy array",
)


# An agent that is done has no legal action, so its mask is all zeros. The API test looks at
# the mask itself only where the observation has no "observation" entry (a game without an
# observation tensor); that every deciding agent's mask holds its legal actions is checked by
# `play_random_game` instead.
DONE_AGENT_MASK = "Action mask numpy array is all zeros"


def run_api_test(env, num_cycles):
    harmless = HARMLESS_ADVICE
    if "observation" not in env.observation_space(env.possible_agents[0]).spaces:
        harmless += (DONE_AGENT_MASK,)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=num_cycles)
    advice = {str(w.message) for w in caught}
    unexpected = [m for m in advice if not m.startswith(harmless)]
    assert not unexpected


def play_random_game(env, seed):
    """Plays one game to its end, choosing uniformly among the legal actions; returns the
    agents in the order they were selected and the reward each one saw when it was done."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    order, final = [], {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        assert info == {}
        assert not truncation
        if termination:
            final[agent] = reward
            env.step(None)
            continue
        order.append(agent)
        state = env.unwrapped.game_state
        assert agent == env.possible_agents[state.current_player()]
        mask = observation["action_mask"]
        assert mask.dtype == np.int8
        assert np.flatnonzero(mask).tolist() == sorted(state.legal_actions())
        env.step(int(rng.choice(np.flatnonzero(mask))))
    return order, final


@pytest.mark.parametrize("name", darbar.registered_games())
def test_pettingzoo_api_test_of_every_game(name):
    run_api_test(darbar.pettingzoo.env(name), num_cycles=1000)


def test_pettingzoo_api_test_without_event_cards():
    run_api_test(darbar.pettingzoo.env("vijayanagara", events=False), num_cycles=1000)


@pytest.mark.parametrize("players", [1, 2])
def test_pettingzoo_api_test_of_tycoon_with_automas(players):
    # TC-16.2: an automa seat is an agent of the game that the rules play; it is never
    # selected, and is told the end with its return like every other agent.
    env = darbar.pettingzoo.env("tycoon", players=players)
    automas = [a for a in env.possible_agents if a.endswith("_(automa)")]
    assert len(env.possible_agents) == 3 and len(automas) == 3 - players
    run_api_test(env, num_cycles=1000)
    for seed in (0, 1):
        order, final = play_random_game(env, seed=seed)
        assert not set(order) & set(automas)
        assert set(final) == set(env.possible_agents)
        assert final == dict(zip(env.possible_agents, env.unwrapped.game_state.returns()))


@pytest.mark.parametrize("name", darbar.registered_games())
def test_agents_and_spaces_come_from_the_game(name):
    env = darbar.pettingzoo.env(name)
    game = darbar.load_game(name)
    assert env.possible_agents == list(darbar.pettingzoo.agents(game))
    assert len(env.possible_agents) == game.num_players()
    for agent in env.possible_agents:
        assert env.action_space(agent).n == game.num_distinct_actions()
        space = env.observation_space(agent)
        if game.observation_tensor_shape() == [0]:
            assert "observation" not in space.spaces
        else:
            assert list(space["observation"].shape) == game.observation_tensor_shape()
    order, final = play_random_game(env, seed=4)
    assert env.unwrapped.game_state.is_terminal()
    assert set(final) == set(env.possible_agents)


def test_api_test_on_the_unwrapped_environment():
    run_api_test(darbar.pettingzoo.raw_env("vijayanagara", render_mode="ansi"), num_cycles=200)


def test_a_whole_random_game_through_the_adapter():
    env = darbar.pettingzoo.env("vijayanagara")
    order, final = play_random_game(env, seed=3)
    state = env.unwrapped.game_state
    assert state.is_terminal()
    assert env.agents == []
    assert len(order) == len(state.history())
    # Every faction decided, and every one was told the end with its return.
    assert set(order) == set(env.possible_agents) and len(order) == len(state.history())
    assert final == dict(zip(env.possible_agents, state.returns()))
    assert sum(final.values()) == pytest.approx(1.0)
    # The game played through the adapter is an ordinary darbar game.
    assert darbar.replay(state.replay_record()) == state
    env.close()


def test_the_same_seed_gives_the_same_game():
    first = darbar.pettingzoo.env("vijayanagara", events=False)
    second = darbar.pettingzoo.env("vijayanagara", events=False)
    assert play_random_game(first, seed=11) == play_random_game(second, seed=11)
    assert first.unwrapped.game_state == second.unwrapped.game_state


def test_reset_starts_the_game_of_the_seed():
    env = darbar.pettingzoo.env("vijayanagara", natural_six_always_misses=True)
    env.reset(seed=42)
    game = darbar.load_game("vijayanagara", natural_six_always_misses=True)
    assert env.unwrapped.game_state == game.new_initial_state(seed=42)
    assert env.agents == list(darbar.pettingzoo.agents(game)) and len(env.agents) == 3
    first = game.new_initial_state(seed=42).current_player()
    assert env.agent_selection == env.possible_agents[first]
    # Without a seed, games still follow from the last seed given.
    env.reset()
    after_42 = env.unwrapped.game_state.seed
    env.reset(seed=42)
    env.reset()
    assert env.unwrapped.game_state.seed == after_42


def test_spaces_and_observations():
    env = darbar.pettingzoo.env("vijayanagara")
    game = env.unwrapped.game
    env.reset(seed=5)
    n = game.num_distinct_actions()
    for agent in env.possible_agents:
        space = env.observation_space(agent)
        assert space is env.observation_space(agent)
        assert space["observation"].shape == tuple(game.observation_tensor_shape())
        assert space["observation"].dtype == np.float32
        assert space["action_mask"].shape == (n,)
        assert space["action_mask"].dtype == np.int8
        assert env.action_space(agent) == gymnasium.spaces.Discrete(n)
        observation = env.observe(agent)
        assert space.contains(observation)
        seat = env.possible_agents.index(agent)
        state = env.unwrapped.game_state
        assert np.array_equal(observation["observation"], state.observation_tensor(seat))
        if seat == state.current_player():
            assert np.array_equal(observation["action_mask"], state.legal_actions_mask())
        else:
            assert not observation["action_mask"].any()


def test_actions_by_number_text_or_action_and_illegal_ones_change_nothing():
    env = darbar.pettingzoo.env("vijayanagara")
    env.reset(seed=1)
    state = env.unwrapped.game_state
    before = state.clone()
    legal = set(state.legal_actions())
    illegal = next(i for i in range(env.unwrapped.game.num_distinct_actions()) if i not in legal)
    with pytest.raises(darbar.IllegalActionError):
        env.step(illegal)
    assert env.unwrapped.game_state == before
    with pytest.raises(ValueError):
        env.step(None)
    first = state.legal_actions_typed()[0]
    env.step(np.int64(first.id))
    env.reset(seed=1)
    env.step(str(first))
    env.reset(seed=1)
    env.step(first)
    assert env.unwrapped.game_state.history() == [first.id]


@pytest.mark.parametrize("name", darbar.registered_games())
def test_render_ansi_is_the_board_of_the_agent_to_act(name):
    env = darbar.pettingzoo.env(name, render_mode="ansi")
    env.reset(seed=2)
    state = env.unwrapped.game_state
    assert env.render() == state.board(state.current_player())
    assert {"ansi", "human"} <= set(env.metadata["render_modes"])
    quiet = darbar.pettingzoo.env(name)
    quiet.reset(seed=2)
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        assert quiet.render() is None


def test_render_human_prints_the_board_and_returns_none(capsys):
    env = darbar.pettingzoo.env("raid", render_mode="human")
    env.reset(seed=2)
    assert env.render() is None
    assert capsys.readouterr().out == env.unwrapped.game_state.board() + "\n"


def test_render_never_shows_another_players_hand():
    """PP-0.4: the text render is the acting seat's board, the others' hands by their size only,
    where str(state) is the whole table with every hand."""
    env = darbar.pettingzoo.env("pax_pamir", render_mode="ansi", players=3)
    env.reset(seed=4)
    state = env.unwrapped.game_state
    rng = random.Random(4)
    for _ in range(400):
        seat = state.current_player()
        others = [p for p in range(3) if p != seat]
        if all(state.view(p)["players"][p]["hand_size"] > 0 for p in others):
            break
        env.step(rng.choice(state.legal_actions()))
    else:
        pytest.fail("no position where the others hold cards")
    text = env.render()
    assert text == state.board(seat) != str(state)
    hand_lines = [line.strip() for line in text.splitlines() if line.strip().startswith("hand:")]
    for other in others:
        size = state.view(other)["players"][other]["hand_size"]
        word = "card" if size == 1 else "cards"
        assert f"hand: {size} {word}" in hand_lines
    assert sum(1 for line in hand_lines if not line.endswith(("card", "cards"))) == 1
