//! The random-simulation test of Vijayanagara with its Event cards played from the Lua deck
//! (architecture, "Tests every game has"): 5,000 seeded games of random legal actions, every
//! step checked as `darbar::vijayanagara::simulation` says (no dead end, listed actions apply,
//! unlisted ones are refused with the state unchanged, clone and snapshot round trips, the
//! invariants of R-3, final scoring within the step cap). Each of the two threads loads its
//! own card host: Lua states stay on their thread.

use darbar::vijayanagara::simulation::{Checks, play_checked_with};
use darbar_lua::CardHost;

const GAMES: u64 = 5_000;
const THREADS: u64 = 2;

#[test]
fn five_thousand_random_games_with_events_pass_every_check() {
    let results: Vec<Result<(usize, usize), String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..THREADS)
            .map(|t| {
                scope.spawn(move || {
                    let host = CardHost::standard();
                    let options = host.rule_options();
                    let (mut steps, mut events) = (0, 0);
                    for seed in (t..GAMES).step_by(THREADS as usize) {
                        match play_checked_with(seed, Checks::Full, options, &host) {
                            Ok(report) => {
                                steps += report.steps;
                                events += report.events;
                            }
                            Err(failure) => return Err(failure.to_string()),
                        }
                    }
                    Ok((steps, events))
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|_| Err("a worker panicked".into())))
            .collect()
    });
    let (mut steps, mut events) = (0, 0);
    for result in results {
        let (s, e) = result.unwrap_or_else(|failure| panic!("{failure}"));
        steps += s;
        events += e;
    }
    assert!(
        steps > GAMES as usize * 50,
        "games are implausibly short: {steps} steps"
    );
    // Random players take the Event option often: every game plays several.
    assert!(
        events > GAMES as usize * 3,
        "too few events were played: {events} in {GAMES} games"
    );
}
