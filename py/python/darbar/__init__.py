"""darbar: a rules engine for board games, with strict validation.

Every refused action names the section of the rules it breaks and leaves the state exactly as
it was. The only game so far is Vijayanagara (GMT Games, 1290-1398)::

    import darbar

    game = darbar.load_game("vijayanagara")
    state = game.new_initial_state(seed=42)
    print(state)                      # the board as text
    state.resources("DS")             # 12
    state.pieces("Delhi")["troops"]   # 4
    text = state.to_json()            # a versioned snapshot
    assert darbar.State.from_json(text) == state

Decisions are lists of choices: ``state.current_player()`` is the seat that must decide (or
``None``), ``state.legal_actions()`` the indices of its choices, ``state.legal_actions_typed()``
their string forms, and ``state.apply_action(a)`` takes either.

Errors: :class:`DarbarError` is the base of :class:`IllegalActionError` (also a
``ValueError``), :class:`NotYourTurnError`, :class:`SnapshotError` and
:class:`InvariantError`. Bad faction or space names raise ``ValueError``.
"""

from ._errors import (
    DarbarError,
    IllegalActionError,
    InvariantError,
    NotYourTurnError,
    ScriptError,
    SnapshotError,
)
from ._darbar import Action, Game, State, __version__, load_game, play_random_games, replay

__all__ = [
    "Action",
    "DarbarError",
    "Game",
    "IllegalActionError",
    "InvariantError",
    "NotYourTurnError",
    "ScriptError",
    "SnapshotError",
    "State",
    "__version__",
    "load_game",
    "play_random_games",
    "replay",
]
