"""A PettingZoo environment of darbar's games, in the agent-environment-cycle (AEC) API.

::

    import darbar.pettingzoo

    env = darbar.pettingzoo.env("vijayanagara", render_mode="ansi")  # or "human", "rgb_array"
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)
    env.close()

Every game of ``darbar.registered_games()`` is an environment. The agents are the game's seats,
named as the game names them (``Game.seat_name``, with spaces as underscores; see
``darbar.pettingzoo.agents(game)``): for Vijayanagara the three factions in seat order, for the
raid game its one seat, the raider. The agent selected is always the one whose decision it is
(``State.current_player()``), so agents do not simply take turns: one may decide many times in
a row.

Each agent observes a dict, as PettingZoo's classic games do:

* ``"observation"``: ``State.observation_tensor(seat)``, a ``float32`` vector of shape
  ``Game.observation_tensor_shape()``. Every entry is a count, a flag or a small total (a
  final score may be below 0: Tycoon's asset value and influence with notes unpaid, TI-16),
  so the space is a ``Box`` from -255 to 255. A game without an observation tensor (the raid
  game, so far) has no ``"observation"`` entry: PettingZoo refuses an empty one.
* ``"action_mask"``: an ``int8`` vector of ``Game.num_distinct_actions()`` zeros and ones, 1 at
  the number of each legal action; all zeros for an agent whose decision it is not.

The action space is ``Discrete(Game.num_distinct_actions())``: actions are darbar's fixed
action numbers (``Action.id``); ``step`` also takes a ``darbar.Action`` or an action's text. An
action that is not legal raises ``darbar.IllegalActionError`` and changes nothing.

Rewards come only at the end: ``State.returns()`` (for Vijayanagara 1 to the winner, 1/k each
for a win shared by k factions, and 0 to the others). When the game is over every agent is terminated; nothing is
ever truncated.

``render()`` follows ``render_mode``, one of ``metadata["render_modes"]``:

* ``"ansi"``: returns the board as text as the agent to act sees it (``State.board``), never
  what it may not see;
* ``"human"``: prints that text and returns ``None``;
* ``"rgb_array"``: returns the picture of ``State.to_svg()`` (the last action's spaces outlined)
  as an ``HxWx3`` ``uint8`` array, drawn by ``darbar.svg_to_rgb``. It needs an SVG rasteriser,
  which darbar does not depend on: ``pip install resvg-py pillow`` or ``pip install cairosvg``
  (it uses the Cairo library). Without one, making the environment raises
  :class:`RasteriserMissing` (a Gymnasium ``DependencyNotInstalled`` and an ``ImportError``)
  naming what to install.

Any other ``render_mode`` is refused when the environment is made (``ValueError``), and so is
``"rgb_array"`` for a game that draws no picture. An environment's ``metadata["render_modes"]``
lists the modes it can render here: ``"rgb_array"`` only where a rasteriser is installed and
the game draws a picture.

PettingZoo and Gymnasium are needed only here, and imported only when an environment is made,
so ``import darbar`` works without them.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Dict, Optional, Tuple

if TYPE_CHECKING:  # pragma: no cover
    from pettingzoo import AECEnv

__all__ = ["RENDER_MODES", "agents", "env", "raw_env"]

#: Every ``render_mode`` the environments know, besides ``None``.
RENDER_MODES = ("human", "ansi", "rgb_array")

#: The bound of every observation entry (pieces, Resources, Victory Points, flags).
OBSERVATION_HIGH = 255.0

#: The lower bound: counts and flags are never below 0, but a score may be (Tycoon's final
#: asset value and influence, which notes reduce, TI-16.2, TI-16.3).
OBSERVATION_LOW = -OBSERVATION_HIGH


def agents(game: Any) -> Tuple[str, ...]:
    """The agent names of a ``darbar.Game``, in seat order: its seat names, spaces as
    underscores."""
    return tuple(game.seat_name(seat).replace(" ", "_") for seat in range(game.num_players()))


def env(
    game: str = "vijayanagara", *, render_mode: Optional[str] = None, **load_game_kwargs: Any
) -> "AECEnv":
    """The environment of ``game``, wrapped in PettingZoo's ``OrderEnforcingWrapper`` (which
    refuses ``step`` or ``observe`` before ``reset``).

    ``load_game_kwargs`` go to ``darbar.load_game``: the game's options (for Vijayanagara also
    ``events`` and ``deck``).
    ``render_mode`` is ``None``, ``"human"``, ``"ansi"`` or ``"rgb_array"`` (see the module's
    documentation).
    """
    from pettingzoo.utils import wrappers

    raw = raw_env(game, render_mode=render_mode, **load_game_kwargs)
    return wrappers.OrderEnforcingWrapper(raw)


def raw_env(
    game: str = "vijayanagara", *, render_mode: Optional[str] = None, **load_game_kwargs: Any
) -> "AECEnv":
    """The environment of ``game`` without wrappers: an instance of :data:`DarbarEnv`."""
    return _env_class()(game, render_mode=render_mode, **load_game_kwargs)


def __getattr__(name: str) -> Any:
    # The environment class derives from PettingZoo's AECEnv, so it exists only once PettingZoo
    # is imported: ``darbar.pettingzoo.DarbarEnv`` makes it on first use.
    if name == "DarbarEnv":
        return _env_class()
    if name == "RasteriserMissing":
        return _missing_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@functools.lru_cache(maxsize=None)
def _missing_class() -> type:
    from gymnasium.error import DependencyNotInstalled

    class RasteriserMissing(DependencyNotInstalled, ImportError):
        """``render_mode="rgb_array"`` without an SVG rasteriser installed: the message says
        what to install."""

    RasteriserMissing.__module__ = __name__
    RasteriserMissing.__qualname__ = "RasteriserMissing"
    return RasteriserMissing


@functools.lru_cache(maxsize=None)
def _env_class() -> type:
    import numpy as np
    from gymnasium import logger, spaces
    from pettingzoo import AECEnv

    from . import RASTERISER_HINT, Action, load_game, rasteriser, svg_to_rgb

    class DarbarEnv(AECEnv):
        """A game of darbar as a PettingZoo AEC environment; see the module's documentation."""

        metadata = {
            "render_modes": list(RENDER_MODES),
            "name": "darbar_v0",
            "is_parallelizable": False,
        }

        def __init__(
            self,
            game: str = "vijayanagara",
            *,
            render_mode: Optional[str] = None,
            **load_game_kwargs: Any,
        ) -> None:
            super().__init__()
            if render_mode is not None and render_mode not in RENDER_MODES:
                known = ", ".join(repr(m) for m in RENDER_MODES)
                raise ValueError(f"unknown render_mode {render_mode!r} (expected None, {known})")
            self.render_mode = render_mode
            self._game_args = (game, dict(load_game_kwargs))
            self.game = load_game(game, **load_game_kwargs)
            # The modes this environment can render: a picture needs the game to draw one and
            # a rasteriser to turn it into pixels.
            draws = self.game.new_initial_state(seed=0).to_svg() is not None
            modes = [m for m in RENDER_MODES if m != "rgb_array" or (draws and rasteriser())]
            if render_mode == "rgb_array" and not draws:
                raise ValueError(
                    f"render_mode 'rgb_array': {self.game.name} draws no picture "
                    "(use 'ansi' or 'human')"
                )
            if render_mode == "rgb_array" and "rgb_array" not in modes:
                raise _missing_class()(f"render_mode 'rgb_array': {RASTERISER_HINT}")
            self.metadata = dict(
                self.metadata, name=f"{self.game.name}_v0", render_modes=modes
            )
            self.possible_agents = list(agents(self.game))
            self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}

            n = self.game.num_distinct_actions()
            shape = tuple(self.game.observation_tensor_shape())
            # A game without an observation tensor observes its action mask alone: an empty Box
            # is no valid observation for PettingZoo.
            self._observes = shape != (0,)
            observation: Dict[str, Any] = {
                "observation": spaces.Box(
                    low=OBSERVATION_LOW, high=OBSERVATION_HIGH, shape=shape, dtype=np.float32
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            }
            if not self._observes:
                del observation["observation"]
            self.observation_spaces = {
                agent: spaces.Dict(dict(observation)) for agent in self.possible_agents
            }
            self.action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
            self._no_actions = np.zeros(n, dtype=np.int8)
            self._rng = np.random.default_rng()
            self.game_state: Any = None
            """The darbar ``State`` of the game under way (``None`` before ``reset``)."""

        # ----- spaces ---------------------------------------------------------------------

        def observation_space(self, agent: str) -> Any:
            return self.observation_spaces[agent]

        def action_space(self, agent: str) -> Any:
            return self.action_spaces[agent]

        # ----- the cycle ------------------------------------------------------------------

        def reset(
            self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
        ) -> None:
            """Starts a new game: from ``seed`` if given, else from the next seed of a generator
            seeded by the last seed given (or at random)."""
            if seed is not None:
                self._rng = np.random.default_rng(seed)
                game_seed = int(seed)
            else:
                game_seed = int(self._rng.integers(0, 2**63))
            self.game_state = self.game.new_initial_state(seed=game_seed)
            self.agents = list(self.possible_agents)
            self.rewards = {agent: 0.0 for agent in self.agents}
            self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
            self.terminations = {agent: False for agent in self.agents}
            self.truncations = {agent: False for agent in self.agents}
            self.infos: Dict[str, Dict[str, Any]] = {agent: {} for agent in self.agents}
            self._skip_agent_selection = None
            self.agent_selection = self._deciding_agent()

        def step(self, action: Any) -> None:
            """Takes ``action`` (a number, a ``darbar.Action`` or its text) for
            ``agent_selection``; ``None`` for an agent that is done."""
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            if action is None:
                raise ValueError(f"{agent} must act: None is only for an agent that is done")
            if not isinstance(action, (str, Action)):
                action = int(action)
            self.game_state.apply_action_as(self._seats[agent], action)

            self._cumulative_rewards[agent] = 0.0
            self._clear_rewards()
            if self.game_state.is_terminal():
                for agent_, value in zip(self.possible_agents, self.game_state.returns()):
                    self.rewards[agent_] = float(value)
                    self.terminations[agent_] = True
            else:
                self.agent_selection = self._deciding_agent()
            self._accumulate_rewards()

        def observe(self, agent: str) -> Dict[str, Any]:
            seat = self._seats[agent]
            state = self.game_state
            if state.current_player() == seat:
                mask = state.legal_actions_mask().astype(np.int8)
            else:
                mask = self._no_actions.copy()
            if not self._observes:
                return {"action_mask": mask}
            return {"observation": state.observation_tensor(seat), "action_mask": mask}

        def render(self) -> Any:
            """The board as ``render_mode`` asks: text for ``"ansi"``, printed for ``"human"``
            (returning ``None``), an ``HxWx3`` ``uint8`` array of the picture for
            ``"rgb_array"``."""
            if self.render_mode is None:
                logger.warn(
                    "render() was called without a render_mode: make the environment with "
                    'render_mode="ansi", "human" or "rgb_array"'
                )
                return None
            if self.game_state is None:
                raise RuntimeError("render() before reset(): there is no game to draw yet")
            if self.render_mode == "rgb_array":
                return svg_to_rgb(self.game_state.to_svg())
            # The board as the agent to act sees it (the last to act once the game is over):
            # never the whole table, which would show every hand and screen.
            text = self.game_state.board(self._seats[self.agent_selection])
            if self.render_mode == "human":
                print(text)
                return None
            return text

        def close(self) -> None:
            pass

        # ----- copies and pickles: the game is made anew from its arguments

        def __getstate__(self) -> Dict[str, Any]:
            state = dict(self.__dict__)
            del state["game"]
            return state

        def __setstate__(self, state: Dict[str, Any]) -> None:
            self.__dict__.update(state)
            name, kwargs = self._game_args
            self.game = load_game(name, **kwargs)

        def _deciding_agent(self) -> str:
            seat = self.game_state.current_player()
            # Called only while the game is under way, when some seat always decides.
            return str(self.possible_agents[0 if seat is None else seat])

    DarbarEnv.__module__ = __name__
    DarbarEnv.__qualname__ = "DarbarEnv"
    return DarbarEnv
