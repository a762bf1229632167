//! Tycoon's balance (TC-15, TC-16.6), measured: for 4 random players, 4 automas (Normal), a
//! random person against two Normal automas, and one automa of each difficulty at a 3-seat
//! table, the share of games each seat won, the mean final asset value, and the share of
//! seats below 20 Cr at the start of round 3. A benchmark of outcomes, not of time: run with
//! `cargo bench -p darbar --bench tycoon_balance`; `DARBAR_TYCOON_BALANCE_GAMES` sets the games
//! per table (default 10,000).

use std::time::Instant;

use darbar::bots::{Bot, RandomBot};
use darbar::engine::{Game, Log};
use darbar::testing::on_seeds;
use darbar::tycoon::{Difficulty, Options, State, Tycoon};

fn count() -> u64 {
    std::env::var("DARBAR_TYCOON_BALANCE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

/// One game with random players at the people's seats.
fn play(game: &Tycoon, seed: u64) -> State {
    let mut state = game.new_initial_state(seed);
    let mut bot = RandomBot::new(seed ^ 0x9e37_79b9);
    let mut log = Log::silent();
    while let Some(decision) = game.decision(&state) {
        let Some(action) = bot.choose(game, &state, &decision) else {
            break;
        };
        let _ = game.apply_unchecked(&mut state, action, &mut log);
    }
    state
}

/// What one finished game says of each seat: a win (alone or shared), the final asset value,
/// cash under 20 Cr at the start of round 3, the notes held at the end.
struct Tally {
    wins: Vec<f64>,
    shared: u64,
    asset_value: Vec<f64>,
    poor_in_round_3: u64,
    notes: f64,
    seat_games: u64,
}

fn tally(games: &[State], seats: usize) -> Tally {
    let mut t = Tally {
        wins: vec![0.0; seats],
        shared: 0,
        asset_value: vec![0.0; seats],
        poor_in_round_3: 0,
        notes: 0.0,
        seat_games: 0,
    };
    for state in games {
        let outcome = state.outcome().expect("every game ends");
        if outcome.winners.len() > 1 {
            t.shared += 1;
        }
        for &w in &outcome.winners {
            t.wins[usize::from(w)] += 1.0;
        }
        for (k, score) in outcome.scores.iter().enumerate() {
            t.asset_value[k] += score.asset_value as f64;
            t.notes += f64::from(state.seat(k).map_or(0, |x| x.notes));
        }
        if let Some(round_3) = state.history().iter().find(|f| f.round == 3) {
            t.poor_in_round_3 += round_3.money.iter().filter(|&&m| m < 20).count() as u64;
        }
        t.seat_games += seats as u64;
    }
    t
}

fn report(title: &str, game: &Tycoon, games: u64, names: &[String]) -> Vec<f64> {
    let start = Instant::now();
    let states = on_seeds(2, 0..games, |seed| play(game, seed));
    let seconds = start.elapsed().as_secs_f64();
    let seats = game.num_players();
    let t = tally(&states, seats);
    println!(
        "\n{title}: {games} games in {seconds:.1} s ({:.0} games/s on 2 threads)",
        games as f64 / seconds
    );
    println!("| seat | won | mean final AV |");
    println!("|---|---|---|");
    for (k, name) in names.iter().enumerate().take(seats) {
        println!(
            "| {name} | {:.1}% | {:.0} |",
            100.0 * t.wins[k] / games as f64,
            t.asset_value[k] / games as f64
        );
    }
    let all_av: f64 = t.asset_value.iter().sum::<f64>() / t.seat_games as f64;
    println!(
        "shared victories {:.1}%; mean final AV {all_av:.0}; seats under 20 Cr at the start of round 3: {:.1}%; notes held at the end {:.2} a seat",
        100.0 * t.shared as f64 / games as f64,
        100.0 * t.poor_in_round_3 as f64 / t.seat_games as f64,
        t.notes / t.seat_games as f64
    );
    t.wins.iter().map(|w| w / games as f64).collect()
}

fn main() {
    let games = count();
    let names = |game: &Tycoon| {
        (0..game.num_players())
            .map(|k| game.seat_name(k))
            .collect::<Vec<_>>()
    };

    let random = Tycoon::default();
    report("4 random players", &random, games, &names(&random));

    let automas = Tycoon::new(Options {
        players: 0,
        automas: Some(4),
        ..Options::default()
    })
    .expect("4 automas");
    report("4 automas (Normal)", &automas, games, &names(&automas));

    let solo = Tycoon::new(Options {
        players: 1,
        ..Options::default()
    })
    .expect("1 person");
    report(
        "1 random person against 2 automas (Normal)",
        &solo,
        games,
        &names(&solo),
    );

    // One automa of each difficulty, every seating of the three (TC-16.6).
    use Difficulty::{Easy, Hard, Normal};
    let seatings = [
        [Easy, Normal, Hard],
        [Easy, Hard, Normal],
        [Normal, Easy, Hard],
        [Normal, Hard, Easy],
        [Hard, Easy, Normal],
        [Hard, Normal, Easy],
    ];
    let mut by_level = [0.0f64; 3];
    for seating in seatings {
        let game = Tycoon::new(Options {
            players: 0,
            automas: Some(3),
            automa_levels: [seating[0], seating[1], seating[2], Normal],
            ..Options::default()
        })
        .expect("3 automas");
        let per = games / 6;
        let labels: Vec<String> = seating.iter().map(|l| format!("{l}")).collect();
        let wins = report(
            &format!("Automas {}", labels.join(", ")),
            &game,
            per,
            &labels,
        );
        for (k, level) in seating.iter().enumerate() {
            by_level[level.index()] += wins[k] / 6.0;
        }
    }
    println!(
        "\nOne automa of each difficulty, over every seating: Easy won {:.1}%, Normal {:.1}%, Hard {:.1}% (TC-16.6 expects about 1%, 27%, 73%)",
        100.0 * by_level[0],
        100.0 * by_level[1],
        100.0 * by_level[2]
    );
}
