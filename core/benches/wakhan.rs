//! Wakhan's strength (WK-10): her win rate against one and two random players, and against the
//! flat Monte Carlo rollout bot, with the games per second of play against her. A benchmark of
//! outcomes, not of time: run with `cargo bench -p darbar --bench wakhan`. The games per match
//! come from `DARBAR_WAKHAN_GAMES` (default 10,000 against random players) and
//! `DARBAR_WAKHAN_ROLLOUT_GAMES` (default 200 against the rollout bot, whose every decision
//! plays 16 random games per choice).

use std::time::Instant;

use darbar::bots::{Bot, RandomBot, RandomRollout, RolloutBot};
use darbar::engine::{Game, Log};
use darbar::pax_pamir::{Options, PaxPamir};
use darbar::testing::on_seeds;

fn count(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Plays one game from `seed` with `bot` at every person's seat; whether Wakhan won (alone or
/// sharing) and how many actions the people took.
fn play(
    game: &PaxPamir,
    seed: u64,
    bot: &mut dyn FnMut(
        &darbar::pax_pamir::State,
        &darbar::engine::SeatDecision<PaxPamir>,
    ) -> Option<darbar::pax_pamir::Action>,
) -> (bool, usize) {
    let mut state = game.new_initial_state(seed);
    let mut log = Log::silent();
    let mut actions = 0;
    while let Some(decision) = game.decision(&state) {
        let Some(action) = bot(&state, &decision) else {
            break;
        };
        let _ = game.apply_unchecked(&mut state, action, &mut log);
        actions += 1;
    }
    (game.returns(&state)[0] > 0.0, actions)
}

fn wakhan_game(players: u8) -> PaxPamir {
    PaxPamir::new(Options {
        players,
        wakhan: true,
        ..Options::default()
    })
    .expect("2 or 3 seats with Wakhan")
}

fn report(label: &str, games: u64, wins: u64, actions: usize, seconds: f64) {
    let rate = 100.0 * wins as f64 / games.max(1) as f64;
    // A 95% interval from the normal approximation, for the reader's sense of the noise.
    let p = wins as f64 / games.max(1) as f64;
    let half = 196.0 * (p * (1.0 - p) / games.max(1) as f64).sqrt();
    println!(
        "| {label} | {games} | {wins} | {rate:.1}% ± {half:.1} | {:.0} | {:.1} |",
        games as f64 / seconds,
        actions as f64 / games.max(1) as f64
    );
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument, if any, is not used.
    let random_games = count("DARBAR_WAKHAN_GAMES", 10_000);
    let rollout_games = count("DARBAR_WAKHAN_ROLLOUT_GAMES", 200);
    println!(
        "| Wakhan against | games | her wins | win rate (95% interval) | games/s | people's actions a game |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for players in [2u8, 3] {
        let game = wakhan_game(players);
        let start = Instant::now();
        let results = on_seeds(2, 0..random_games, |seed| {
            let mut bot = RandomBot::new(seed ^ 0x5eed);
            play(&game, seed, &mut |s, d| bot.choose(&game, s, d))
        });
        let wins = results.iter().filter(|r| r.0).count() as u64;
        let actions = results.iter().map(|r| r.1).sum();
        let label = format!(
            "{} random player{}",
            players - 1,
            if players == 3 { "s" } else { "" }
        );
        report(
            &label,
            random_games,
            wins,
            actions,
            start.elapsed().as_secs_f64(),
        );
    }
    for players in [2u8, 3] {
        let game = wakhan_game(players);
        let start = Instant::now();
        let results = on_seeds(2, 0..rollout_games, |seed| {
            let mut bot = RolloutBot::new(seed ^ 0x5eed, 16, RandomRollout);
            play(&game, seed, &mut |s, d| bot.choose(&game, s, d))
        });
        let wins = results.iter().filter(|r| r.0).count() as u64;
        let actions = results.iter().map(|r| r.1).sum();
        let label = format!(
            "{} rollout bot{} (16 playouts a choice)",
            players - 1,
            if players == 3 { "s" } else { "" }
        );
        report(
            &label,
            rollout_games,
            wins,
            actions,
            start.elapsed().as_secs_f64(),
        );
    }
}
