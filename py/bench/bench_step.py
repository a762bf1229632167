"""How much it costs to drive darbar from Python, step by step, next to the same work in Rust.

Build the extension in release mode first, or the figures are those of the debug build::

    maturin develop --release -m py/Cargo.toml
    python py/bench/bench_step.py            # --games, --rust-games, --seed, --no-events

It measures, on random games of Vijayanagara (every legal action equally likely):

* random games driven from Python: each step is ``state.legal_actions()``, a random choice and
  ``state.apply_action(a)``; microseconds per step (with the share of each call) and games per
  second;
* the same work in Rust: ``darbar.play_random_games`` on one thread, games per second, actions
  per game and so microseconds per action;
* the Python overhead per step: the first cost minus the second;
* ``darbar.play_random_games`` on two threads: games per second and the speed-up over one.

The Python games and the Rust games draw their choices from different generators, so they are
compared per action, not per game.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import List, Tuple

import darbar


def python_game(game: darbar.Game, seed: int) -> int:
    """One random game driven from Python; returns its number of steps."""
    state = game.new_initial_state(seed=seed)
    choose = random.Random(seed).choice
    steps = 0
    legal = state.legal_actions()
    while legal:
        state.apply_action(choose(legal))
        steps += 1
        legal = state.legal_actions()
    return steps


def python_game_timed(game: darbar.Game, seed: int) -> Tuple[int, int, int]:
    """One random game driven from Python, timing each call: (steps, nanoseconds in
    ``legal_actions``, nanoseconds in ``apply_action``)."""
    clock = time.perf_counter_ns
    state = game.new_initial_state(seed=seed)
    choose = random.Random(seed).choice
    steps = legal_ns = apply_ns = 0
    while True:
        t0 = clock()
        legal = state.legal_actions()
        t1 = clock()
        legal_ns += t1 - t0
        if not legal:
            return steps, legal_ns, apply_ns
        action = choose(legal)
        t2 = clock()
        state.apply_action(action)
        apply_ns += clock() - t2
        steps += 1


def rust_games(game: darbar.Game, n: int, seed: int, threads: int) -> Tuple[float, int]:
    """``play_random_games`` of ``n`` games: (seconds, actions in all)."""
    start = time.perf_counter()
    results = darbar.play_random_games(game, n, seed=seed, threads=threads)
    seconds = time.perf_counter() - start
    return seconds, sum(r["length"] for r in results)


def table(rows: List[Tuple[str, str]]) -> str:
    width = max(len(name) for name, _ in rows)
    lines = []
    for name, value in rows:
        lines.append(f"{name:<{width}}  {value}" if value else name)
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games driven from Python")
    parser.add_argument(
        "--rust-games", type=int, default=1000, help="games for play_random_games"
    )
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument(
        "--no-events", action="store_true", help="play without Event cards (events=False)"
    )
    args = parser.parse_args()

    game = darbar.load_game("vijayanagara", events=not args.no_events)
    seeds = range(args.seed, args.seed + args.games)

    # Warm up: the first game of a thread loads the Lua card host.
    python_game(game, args.seed)
    darbar.play_random_games(game, 2, seed=args.seed, threads=2)

    start = time.perf_counter()
    py_steps = sum(python_game(game, seed) for seed in seeds)
    py_seconds = time.perf_counter() - start

    timed_steps = legal_ns = apply_ns = 0
    for seed in seeds:
        steps, legal, apply = python_game_timed(game, seed)
        timed_steps += steps
        legal_ns += legal
        apply_ns += apply

    rust1_seconds, rust1_actions = rust_games(game, args.rust_games, args.seed, threads=1)
    rust2_seconds, _ = rust_games(game, args.rust_games, args.seed, threads=2)

    py_us = py_seconds * 1e6 / py_steps
    rust_us = rust1_seconds * 1e6 / rust1_actions
    legal_us = legal_ns / 1e3 / timed_steps
    apply_us = apply_ns / 1e3 / timed_steps
    rust1_rate = args.rust_games / rust1_seconds
    rust2_rate = args.rust_games / rust2_seconds

    print(
        f"darbar {darbar.__version__}, Vijayanagara "
        f"{'with' if game.events else 'without'} Event cards\n"
    )
    print(
        table(
            [
                (f"Random games driven from Python ({args.games} games, {py_steps} steps)", ""),
                ("  per step: legal_actions + choice + apply_action", f"{py_us:8.2f} µs"),
                ("    of which legal_actions()", f"{legal_us:8.2f} µs"),
                ("    of which apply_action()", f"{apply_us:8.2f} µs"),
                ("  games per second", f"{args.games / py_seconds:8.1f}"),
                (f"play_random_games, 1 thread ({args.rust_games} games)", ""),
                ("  games per second", f"{rust1_rate:8.1f}"),
                ("  actions per game", f"{rust1_actions / args.rust_games:8.1f}"),
                ("  per action (all in Rust)", f"{rust_us:8.2f} µs"),
                ("Python overhead per step", f"{py_us - rust_us:8.2f} µs"),
                ("  Python step / Rust action", f"{py_us / rust_us:8.2f} ×"),
                (f"play_random_games, 2 threads ({args.rust_games} games)", ""),
                ("  games per second", f"{rust2_rate:8.1f}"),
                ("  speed-up over 1 thread", f"{rust2_rate / rust1_rate:8.2f} ×"),
            ]
        )
    )


if __name__ == "__main__":
    main()
