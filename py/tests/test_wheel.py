"""The package as it is installed: its metadata declares what it needs (numpy; the extras
``pettingzoo`` and ``render``), it ships its type stubs, and its native module is the abi3 one.

``tests/run`` also runs the whole suite against the wheel that ``maturin build --release`` makes,
installed into a fresh virtual environment, with ``DARBAR_TEST_WHEEL=1``: then the tests below
that check where ``darbar`` was imported from run too, so the suite cannot pass by importing
the source tree instead."""

import importlib.metadata
import os
import pathlib
import re
import sys
import sysconfig

import numpy
import pytest

import darbar
import darbar._darbar

SOURCE_PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "python" / "darbar"
TESTING_THE_WHEEL = os.environ.get("DARBAR_TEST_WHEEL") == "1"
only_for_the_wheel = pytest.mark.skipif(
    not TESTING_THE_WHEEL, reason="checks the installed wheel (tests/run sets DARBAR_TEST_WHEEL=1)"
)


def requirements(extra=None):
    """The distribution's requirements as {name: specifier}, for the base install (``extra``
    None) or for one extra."""
    found = {}
    for line in importlib.metadata.requires("darbar") or []:
        requirement, _, marker = line.partition(";")
        in_extra = re.search(r"extra\s*==\s*['\"]([^'\"]+)['\"]", marker)
        if (in_extra.group(1) if in_extra else None) != extra:
            continue
        name, specifier = re.match(r"\s*([A-Za-z0-9_.-]+)\s*(.*)", requirement).groups()
        found[name.lower()] = specifier.strip()
    return found


def test_the_metadata_names_the_package_its_version_and_python():
    metadata = importlib.metadata.metadata("darbar")
    assert metadata["Name"] == "darbar"
    assert metadata["Version"] == darbar.__version__
    # abi3-py39: one wheel for CPython 3.9 and every later version.
    assert metadata["Requires-Python"] == ">=3.9"


def test_numpy_is_a_declared_dependency_with_a_lower_bound():
    # The masks and observation tensors are numpy arrays.
    state = darbar.load_game("raid").new_initial_state(seed=1)
    assert isinstance(state.legal_actions_mask(), numpy.ndarray)
    base = requirements()
    assert re.fullmatch(r">=\s*1\.\d+(\.\d+)?", base.get("numpy", "")), base
    # Nothing else is needed for `import darbar`.
    assert set(base) == {"numpy"}


def test_the_pettingzoo_extra_brings_pettingzoo_and_gymnasium():
    metadata = importlib.metadata.metadata("darbar")
    assert "pettingzoo" in metadata.get_all("Provides-Extra")
    assert {"pettingzoo", "gymnasium"} <= set(requirements("pettingzoo"))


def test_the_render_extra_brings_the_rasteriser_svg_to_rgb_tries_first():
    metadata = importlib.metadata.metadata("darbar")
    assert "render" in metadata.get_all("Provides-Extra")
    first, _ = darbar.RASTERISERS[0]
    assert {first.replace("_", "-"), "pillow"} <= set(requirements("render"))


def test_the_package_ships_its_type_stubs_and_py_typed():
    package = pathlib.Path(darbar.__file__).parent
    assert (package / "_darbar.pyi").is_file()
    assert (package / "py.typed").is_file()


@pytest.mark.skipif(sys.platform == "win32", reason="abi3 modules on Windows are plain .pyd")
def test_the_native_module_uses_the_stable_abi():
    assert pathlib.Path(darbar._darbar.__file__).name.startswith("_darbar.abi3.")


@only_for_the_wheel
def test_the_package_under_test_is_the_installed_wheel_not_the_source_tree():
    package = pathlib.Path(darbar.__file__).resolve().parent
    site = {pathlib.Path(sysconfig.get_paths()[key]).resolve() for key in ("purelib", "platlib")}
    assert package.parent in site, package
    assert package != SOURCE_PACKAGE.resolve()
    assert pathlib.Path(darbar._darbar.__file__).resolve().parent == package


@only_for_the_wheel
def test_the_wheel_records_its_stubs_and_its_abi3_tag():
    distribution = importlib.metadata.distribution("darbar")
    files = {str(f).replace("\\", "/") for f in distribution.files or []}
    assert {"darbar/__init__.py", "darbar/_darbar.pyi", "darbar/py.typed"} <= files
    assert any(re.fullmatch(r"darbar/_darbar\.(abi3\.so|pyd)", f) for f in files), files
    tags = [line for line in distribution.read_text("WHEEL").splitlines() if line.startswith("Tag:")]
    assert tags and all(tag.split()[1].startswith("cp39-abi3-") for tag in tags), tags


@only_for_the_wheel
def test_the_wheel_registers_no_test_only_game():
    # Nim is compiled in only with the `test-games` feature, which the wheel is built without.
    games = darbar.registered_games()
    assert "nim" not in games
    assert {"vijayanagara", "raid"} <= set(games)
