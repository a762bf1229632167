//! The random-simulation test of the raid game: 10,000 seeded games of random legal actions,
//! every step checked (see `darbar::raid::simulation`): no dead end, listed actions apply,
//! unlisted actions refused with the state unchanged, clone and snapshot round trips equal,
//! the invariants, resource bounds, and an ending within the step cap. Two threads share the
//! seeds.

use darbar::raid::simulation::{Checks, play_checked, play_checked_campaign};
use darbar::raid::{Campaign, Ending, Options};

const GAMES: u64 = 10_000;
const THREADS: u64 = 2;

#[test]
fn ten_thousand_random_games_pass_every_check() {
    let results: Vec<Result<[usize; 4], String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..THREADS)
            .map(|t| {
                scope.spawn(move || {
                    // Steps, then deaths, rebellions and Empire arrivals.
                    let mut tally = [0usize; 4];
                    for seed in (t..GAMES).step_by(THREADS as usize) {
                        match play_checked(seed, Checks::Full) {
                            Ok(report) => {
                                tally[0] += report.steps;
                                let i = match report.ending {
                                    Ending::Death => 1,
                                    Ending::Rebellion { .. } => 2,
                                    Ending::EmpireArrives => 3,
                                };
                                tally[i] += 1;
                            }
                            Err(failure) => return Err(failure.to_string()),
                        }
                    }
                    Ok(tally)
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let mut total = [0usize; 4];
    for result in results {
        let tally = result.unwrap_or_else(|failure| panic!("{failure}"));
        for i in 0..4 {
            total[i] += tally[i];
        }
    }
    assert_eq!(total[1] + total[2] + total[3], GAMES as usize);
    // Random play reaches every ending (RG-10, ruling 26).
    assert!(total[1] > 0 && total[2] > 0 && total[3] > 0, "{total:?}");
    println!(
        "{GAMES} games, {} steps, endings {:?}",
        total[0],
        &total[1..]
    );
}

#[test]
fn two_hundred_campaign_games_with_every_variant_pass_every_check() {
    // The variants of rulings 13 and 16 and RG-OQ-5's alternative together, as one campaign of checked games.
    let options = Options {
        castles_in_play: true,
        captured_units_carry_over: true,
        crisis_halves_fort: true,
        ..Options::default()
    };
    let mut campaign = Campaign::default();
    for seed in 0..200 {
        let (_, next) = play_checked_campaign(seed, Checks::Full, options, &campaign)
            .unwrap_or_else(|failure| panic!("{failure}"));
        campaign = next;
    }
    assert_eq!(campaign.games, 200);
    assert_eq!(campaign.placements.len(), 18);
}
