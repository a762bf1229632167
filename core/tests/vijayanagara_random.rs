//! The random-simulation test without Event cards (the mode of a game played with no card
//! host; the workspace's `tests/` crate runs it with the Lua deck): 5,000 seeded games of random
//! legal actions, every step checked (see `darbar::vijayanagara::simulation`): no dead end,
//! listed actions apply, five unlisted actions refused with the state unchanged, clone and
//! snapshot round trips equal, the invariants of R-3, and final scoring within the step cap.
//! Two threads share the seeds.

use darbar::vijayanagara::simulation::{Checks, play_checked};

const GAMES: u64 = 5_000;
const THREADS: u64 = 2;

#[test]
fn five_thousand_random_games_pass_every_check() {
    let results: Vec<Result<usize, String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..THREADS)
            .map(|t| {
                scope.spawn(move || {
                    let mut steps = 0;
                    for seed in (t..GAMES).step_by(THREADS as usize) {
                        match play_checked(seed, Checks::Full) {
                            Ok(report) => steps += report.steps,
                            Err(failure) => return Err(failure.to_string()),
                        }
                    }
                    Ok(steps)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|_| Err("a worker panicked".into())))
            .collect()
    });
    let mut steps = 0;
    for result in results {
        steps += result.unwrap_or_else(|failure| panic!("{failure}"));
    }
    assert!(
        steps > GAMES as usize * 50,
        "games are implausibly short: {steps} steps"
    );
}
