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

and Pax Pamir (2nd edition, Wehrlegig Games) for 2 to 5 players (``PaxPamirGame`` and
``PaxPamirState``)::

    pamir = darbar.load_game("pax_pamir", players=4)
    state = pamir.new_initial_state(seed=3)
    state.market()[0]                 # {"slot": "top-0", "card": ..., "cost": 0, ...}
    state.view(0)                     # what P1 may see: the other hands hidden (PP-0.4)

Decisions are lists of choices: ``state.current_player()`` is the seat that must decide (or
``None``), ``state.legal_actions()`` the numbers of its choices, ``state.legal_actions_typed()``
the same as :class:`Action` objects, and ``state.apply_action(a)`` takes either, or the text.

Bots: :mod:`darbar.bots` has ``RandomBot``, ``RolloutBot``, ``MctsBot`` and ``IsMctsBot``
(``bot.step(state)`` is an action number, searched with the GIL released), and
:func:`evaluate` plays bots against each other, seats rotated, with win rates and mean returns
per bot and per seat and their 95% intervals. ``state.resample(seat, seed)`` is a position the
seat cannot tell from this one, what it may not see drawn afresh::

    bot = darbar.bots.MctsBot(pamir, seed=1, iterations=200)
    state.apply_action(bot.step(state))
    darbar.evaluate(pamir, ["mcts:iterations=200", "random", "random", "random"], games=8)

Pictures: ``state.to_svg()`` (what Jupyter shows) draws the board with the last action's spaces
outlined; :func:`svg_to_rgb` turns it into an ``HxWx3`` ``uint8`` array where an SVG rasteriser
is installed (``resvg-py`` with Pillow, or ``cairosvg``), and :func:`palette` gives the board's
colours by name for plots that should match it.

Errors: :class:`DarbarError` is the base of :class:`IllegalActionError` (also a
``ValueError``), :class:`NotYourTurnError`, :class:`ScriptError`, :class:`SnapshotError` and
:class:`InvariantError`, of :class:`ReplayError` (also a ``ValueError``) for a replay
record or pickle that does not replay, and of :class:`ContentError` (also a ``ValueError``)
for a folder of Tycoon tables that does not load. Bad seat or space names raise ``ValueError``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, Optional, Union

from ._errors import (
    ContentError,
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
    Card,
    Game,
    PaxPamirGame,
    PaxPamirState,
    RaidGame,
    RaidState,
    State,
    TycoonGame,
    TycoonState,
    VijayanagaraGame,
    VijayanagaraState,
    __version__,
    evaluate,
    load_game,
    play_games,
    play_random_games,
    registered_games,
    replay,
)

from . import bots

if TYPE_CHECKING:  # pragma: no cover
    import numpy
    import numpy.typing

#: The SVG rasterisers :func:`svg_to_rgb` tries, in order: the module and what to install.
#: resvg-py comes first: a self-contained wheel, about four times as fast as cairosvg on a board.
RASTERISERS = (("resvg_py", "resvg-py pillow"), ("cairosvg", "cairosvg"))

#: What :func:`svg_to_rgb` says when no rasteriser is installed.
RASTERISER_HINT = (
    "drawing a position as an image needs an SVG rasteriser: pip install resvg-py pillow, "
    "or pip install cairosvg (it uses the Cairo library)"
)


def rasteriser() -> Optional[str]:
    """The name of the first SVG rasteriser of :data:`RASTERISERS` that imports (``"resvg_py"``
    or ``"cairosvg"``), or ``None`` when there is none."""
    import importlib

    for module, _ in RASTERISERS:
        try:
            importlib.import_module(module)
            if module == "resvg_py":
                importlib.import_module("PIL.Image")  # to read the PNG it makes
        except (ImportError, OSError):  # OSError: cairosvg without the Cairo library
            continue
        return module
    return None


def svg_to_rgb(svg: str, width: Optional[int] = None) -> "numpy.typing.NDArray[numpy.uint8]":
    """An SVG picture (``state.to_svg()``) as an ``HxWx3`` ``uint8`` numpy array, drawn by the
    first rasteriser installed (:func:`rasteriser`), ``width`` pixels wide (the picture's own
    width, 900, by default).

    Raises ``ImportError`` naming what to install (:data:`RASTERISER_HINT`) when there is no
    rasteriser: none is a dependency of darbar.
    """
    import io

    import numpy as np

    name = rasteriser()
    if name is None:
        raise ImportError(RASTERISER_HINT)
    if name == "cairosvg":
        import cairosvg

        png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width)
    else:
        import resvg_py

        png = bytes(resvg_py.svg_to_bytes(svg_string=svg, width=width))
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)


def palette(game: Union[Game, State, str]) -> Dict[str, str]:
    """The colours of a game's pictures by name, as ``"#rrggbb"`` strings, in a stable order:
    for Vijayanagara each faction's by its abbreviation (``"DS"``, ``"BK"``, ``"VN"``,
    ``"MI"``), for the raid game the site markers (``"raided"``, ``"front line"``,
    ``"sacked"``, ``"fallen"``, ``"unseen"``), and for every game ``"ink"``, ``"muted"``,
    ``"parchment"``, ``"board"`` and ``"highlight"`` (the last action's outline). The board
    and this dict come from the same list in Rust, so plots that use it match the picture.

    ``game`` is a :class:`Game`, a :class:`State` or a game's name; a game that draws no
    picture has an empty palette.
    """
    if isinstance(game, State):
        return dict(game._palette())
    if isinstance(game, str):
        game = load_game(game)
    return dict(game.new_initial_state(seed=0)._palette())


__all__ = [
    "Action",
    "Card",
    "DarbarError",
    "Game",
    "IllegalActionError",
    "ContentError",
    "InvariantError",
    "NotYourTurnError",
    "PaxPamirGame",
    "PaxPamirState",
    "TycoonGame",
    "TycoonState",
    "RaidGame",
    "RaidState",
    "ReplayError",
    "ScriptError",
    "SnapshotError",
    "State",
    "VijayanagaraGame",
    "VijayanagaraState",
    "__version__",
    "bots",
    "evaluate",
    "load_game",
    "palette",
    "play_games",
    "play_random_games",
    "rasteriser",
    "registered_games",
    "replay",
    "svg_to_rgb",
]
