"""Bots that play every game, written once over the game interface in Rust.

::

    import darbar

    game = darbar.load_game("pax_pamir", players=3)
    state = game.new_initial_state(seed=1)
    bot = darbar.bots.MctsBot(game, seed=1, iterations=500)
    state.apply_action(bot.step(state))   # the search runs with the GIL released

* :class:`RandomBot`: every legal action equally likely.
* :class:`RolloutBot`: flat Monte Carlo over states resampled from what the seat knows.
* :class:`MctsBot`: UCT over a determinization, chance drawn anew each iteration.
* :class:`IsMctsBot`: information-set MCTS, a fresh resample each iteration.
* :meth:`Bot.from_spec`: any bot by the spec the command line takes
  (``"ismcts:iterations=2000:c=1"``, ``"cheat-mcts"``, the game's own ``"greedy"``).

A bot draws from its own seeded generator: the same seed makes the same choices (unless its
budget is a time). ``step`` never sees what the deciding seat may not: a search plays on states
resampled from the seat's knowledge (``State.resample``). Tell a bot each action taken at the
table as its seat saw it (``bot.inform(state.action_seen_by(action, seat))``) and a search keeps
its tree from one decision to the next; ``restart()`` forgets the game. Bots search with the GIL
released, so several bots in Python threads search at once.

:func:`darbar.evaluate` plays bots (specs, bots or any function of a state) against each other
and tallies wins and returns per bot and per seat with 95% intervals.
"""

from ._darbar import Bot, IsMctsBot, MctsBot, RandomBot, RolloutBot

__all__ = ["Bot", "IsMctsBot", "MctsBot", "RandomBot", "RolloutBot"]
