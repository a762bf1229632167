"""darbar: a rules engine for board games, with strict validation.

Every refused action names the section of the rules it breaks and leaves the state exactly as
it was. Every game has the same OpenSpiel-style API (:class:`Game`, :class:`State`,
:class:`Action`); a game's own queries are in its subclasses. Vijayanagara (GMT Games,
1290-1398)::

    import darbar

    darbar.registered_games()         # ["vijayanagara", "raid", ...]
    game = darbar.load_game("vijayanagara")
    state = game.new_initial_state(seed=42)
    print(state)                      # the board as text
    state.resources("DS")             # 12 (VijayanagaraState)
    state.pieces("Delhi")["troops"]   # 4
    text = state.to_json()            # a versioned snapshot
    assert darbar.State.from_json(text) == state

and the kingdom raid dice game, a solo game whose engine is the GM (``RaidGame`` and
``RaidState``)::

    raid = darbar.load_game("raid")
    state = raid.new_initial_state(seed=7)
    state.apply_action("scout village-2")
    state.view()["sites"]             # what the raider has seen (RG-9), not the true values
    # ... play to the end, then carry the campaign into the next game (RG-11):
    following = raid.new_campaign_state(state.campaign_after(), seed=8)

Decisions are lists of choices: ``state.current_player()`` is the seat that must decide (or
``None``), ``state.legal_actions()`` the numbers of its choices, ``state.legal_actions_typed()``
the same as :class:`Action` objects, and ``state.apply_action(a)`` takes either, or the text.

Errors: :class:`DarbarError` is the base of :class:`IllegalActionError` (also a
``ValueError``), :class:`NotYourTurnError`, :class:`ScriptError`, :class:`SnapshotError` and
:class:`InvariantError`, and of :class:`ReplayError` (also a ``ValueError``) for a replay
record or pickle that does not replay. Bad seat or space names raise ``ValueError``.
"""

from ._errors import (
    DarbarError,
    IllegalActionError,
    InvariantError,
    NotYourTurnError,
    ReplayError,
    ScriptError,
    SnapshotError,
)
from ._darbar import (
    Action,
    Game,
    RaidGame,
    RaidState,
    State,
    VijayanagaraGame,
    VijayanagaraState,
    __version__,
    load_game,
    play_random_games,
    registered_games,
    replay,
)

__all__ = [
    "Action",
    "DarbarError",
    "Game",
    "IllegalActionError",
    "InvariantError",
    "NotYourTurnError",
    "RaidGame",
    "RaidState",
    "ReplayError",
    "ScriptError",
    "SnapshotError",
    "State",
    "VijayanagaraGame",
    "VijayanagaraState",
    "__version__",
    "load_game",
    "play_random_games",
    "registered_games",
    "replay",
]
