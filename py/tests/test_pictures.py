"""Pictures: the last action highlighted on the board of every game (``State.to_svg()`` and
``_repr_svg_``), the palette the board and the plots share (``darbar.palette``), and the SVG
drawn as pixels (``darbar.svg_to_rgb``) where a rasteriser is installed."""

import copy
import sys
import xml.etree.ElementTree as ET

import pytest

import darbar

SVG = "{http://www.w3.org/2000/svg}"

#: The first actions of seed 7 of each game, and the ids of the spaces or sites each outlines.
STEPS = {
    "vijayanagara": [
        ("option Command & Decree", set()),
        ("command Rally", set()),
        ("select Andhra", {"last-space-Andhra"}),  # §3.4.1: VN Rallies in Andhra
        ("count 1", {"last-space-Andhra"}),  # the Raja placed there
        ("select Karnataka", {"last-space-Karnataka"}),
    ],
    "raid": [
        ("scout village-2", {"last-site-village-2"}),  # RG-4
        ("raid village-2", {"last-site-village-2"}),  # RG-5.1
    ],
}


def highlights(svg):
    """The ids of the groups the picture outlines as touched by the last action, and the
    caption's text (``None`` without one). Parsing also checks the SVG is well-formed XML."""
    root = ET.fromstring(svg)
    outlined = {
        g.get("id") for g in root.iter(f"{SVG}g") if g.get("class") == "last-action"
    }
    caption = None
    for g in root.iter(f"{SVG}g"):
        if g.get("id") == "last-action-caption":
            caption = " ".join(t.text for t in g.iter(f"{SVG}text"))
    return outlined, caption


@pytest.mark.parametrize("name", sorted(STEPS))
def test_the_first_position_has_no_highlight(name):
    state = darbar.load_game(name).new_initial_state(seed=7)
    assert highlights(state.to_svg()) == (set(), None)
    assert "Last:" not in state._repr_svg_()


@pytest.mark.parametrize("name", sorted(STEPS))
def test_each_action_outlines_what_it_touched_and_nothing_else(name):
    state = darbar.load_game(name).new_initial_state(seed=7)
    for text, expected in STEPS[name]:
        state.apply_action(text)
        outlined, caption = highlights(state.to_svg())
        assert outlined == expected, text
        assert caption is not None and caption.startswith(f"Last: {text}"), caption
        assert state._repr_svg_() == state.to_svg()


def test_the_caption_names_the_faction_that_acted():
    state = darbar.load_game("vijayanagara").new_initial_state(seed=7)
    state.apply_action("option Command & Decree")
    _, caption = highlights(state.to_svg())
    assert caption.startswith("Last: option Command & Decree (VN)")
    assert "No space touched" in caption


def test_copies_keep_the_last_action_and_restored_snapshots_have_none():
    state = darbar.load_game("raid").new_initial_state(seed=7)
    state.apply_action("scout village-2")
    assert highlights(copy.copy(state).to_svg())[0] == {"last-site-village-2"}
    assert highlights(darbar.replay(state.replay_record()).to_svg())[0] == {
        "last-site-village-2"
    }
    # A snapshot is a position without the actions that led to it.
    restored = darbar.State.from_json(state.to_json())
    assert highlights(restored.to_svg()) == (set(), None)
    restored.apply_action("raid village-2")
    assert highlights(restored.to_svg())[0] == {"last-site-village-2"}


# ----- the palette ------------------------------------------------------------------------


def test_the_vijayanagara_palette_is_the_boards_faction_colours():
    colours = darbar.palette("vijayanagara")
    assert list(colours)[:4] == ["DS", "BK", "VN", "MI"]
    assert colours["DS"] == "#5b5b5b" and colours["VN"] == "#e3a600"
    for key in ["ink", "muted", "parchment", "board", "highlight"]:
        assert colours[key].startswith("#") and len(colours[key]) == 7
    svg = darbar.load_game("vijayanagara").new_initial_state(seed=7).to_svg()
    for faction in ["DS", "BK", "VN", "MI"]:
        assert f'fill="{colours[faction]}"' in svg, faction
    # The outline of the last action is drawn in the palette's highlight colour.
    state = darbar.load_game("vijayanagara").new_initial_state(seed=7)
    for text, _ in STEPS["vijayanagara"][:3]:
        state.apply_action(text)
    assert f'stroke="{colours["highlight"]}"' in state.to_svg()


def test_the_palette_is_the_same_from_a_name_a_game_or_a_state():
    game = darbar.load_game("raid")
    colours = darbar.palette("raid")
    assert darbar.palette(game) == colours == darbar.palette(game.new_initial_state(3))
    assert list(colours)[:5] == ["raided", "front line", "sacked", "fallen", "unseen"]
    assert colours["highlight"] == darbar.palette("vijayanagara")["highlight"]


@pytest.mark.skipif("nim" not in darbar.registered_games(), reason="the test games are not built")
def test_a_game_without_a_picture_has_no_palette():
    assert darbar.palette("nim") == {}


# ----- pixels -----------------------------------------------------------------------------


def test_without_a_rasteriser_svg_to_rgb_says_what_to_install(monkeypatch):
    for module, _ in darbar.RASTERISERS:
        monkeypatch.setitem(sys.modules, module, None)
    assert darbar.rasteriser() is None
    svg = darbar.load_game("raid").new_initial_state(seed=7).to_svg()
    with pytest.raises(ImportError, match="pip install resvg-py pillow.*pip install cairosvg"):
        darbar.svg_to_rgb(svg)


@pytest.mark.skipif(darbar.rasteriser() is None, reason="no SVG rasteriser installed")
def test_the_highlight_shows_in_the_pixels():
    np = pytest.importorskip("numpy")
    state = darbar.load_game("vijayanagara").new_initial_state(seed=7)
    highlight = darbar.palette(state)["highlight"]
    rgb = np.array([int(highlight[i : i + 2], 16) for i in (1, 3, 5)])

    def blue_pixels(svg):
        image = darbar.svg_to_rgb(svg)
        assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
        return int((np.abs(image.astype(int) - rgb).sum(axis=2) < 30).sum())

    assert blue_pixels(state.to_svg()) == 0
    for text, _ in STEPS["vijayanagara"][:3]:
        state.apply_action(text)
    assert blue_pixels(state.to_svg()) > 1000
    assert darbar.svg_to_rgb(state.to_svg(), width=450).shape[1] == 450


@pytest.mark.parametrize("module", [m for m, _ in darbar.RASTERISERS])
def test_each_rasteriser_draws_the_board_alone(monkeypatch, module):
    import importlib

    try:
        importlib.import_module(module)
    except (ImportError, OSError):
        pytest.skip(f"{module} is not installed")
    np = pytest.importorskip("numpy")
    pytest.importorskip("PIL")
    for other, _ in darbar.RASTERISERS:
        if other != module:
            monkeypatch.setitem(sys.modules, other, None)
    assert darbar.rasteriser() == module
    state = darbar.load_game("raid").new_initial_state(seed=7)
    image = darbar.svg_to_rgb(state.to_svg())
    assert image.dtype == np.uint8 and image.shape == (630, 900, 3)
    assert darbar.svg_to_rgb(state.to_svg(), width=450).shape == (315, 450, 3)
