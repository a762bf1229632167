//! Benchmarks of the Lua card host: loading the deck, carrying out each card side, and whole
//! random games with Event cards. Run with `cargo bench -p darbar-lua`.
//!
//! An event's time is from choosing the side to the end of its effect, every choice in it
//! answered with the first option offered; the Commands and Decrees it grants are the core's
//! and are not included.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use darbar::bots::RandomBot;
use darbar::engine::Game;
use darbar::vijayanagara::{
    Action, DecisionKind, EVENT_CARDS, EventSide, Log, Options, State, TurnOption, Vijayanagara,
};
use darbar_lua::CardHost;

/// A game whose first card is Event `card`, its first faction having taken Event or Command.
fn before_event(game: &Vijayanagara, card: u8) -> Option<State> {
    let mut state = (0..100_000)
        .map(|seed| game.new_initial_state(seed))
        .find(|s| s.current_event() == Some(card))?;
    let option = Action::Option(TurnOption::EventOrCommand);
    game.apply(&mut state, option, &mut Log::silent()).ok()?;
    Some(state)
}

/// Carries out `side` and answers the effect's choices with the first option.
fn carry_out(game: &Vijayanagara, mut state: State, side: EventSide) -> State {
    let mut log = Log::silent();
    game.apply(&mut state, Action::Event(side), &mut log)
        .expect("the event runs");
    while let Some(decision) = state.decision() {
        if !matches!(decision.kind, DecisionKind::Event { .. }) {
            break;
        }
        game.apply(&mut state, decision.choices[0], &mut log)
            .expect("a listed answer applies");
    }
    state
}

fn deck(c: &mut Criterion) {
    c.bench_function("host start-up (load and check the default deck)", |b| {
        b.iter(CardHost::standard)
    });
}

fn events(c: &mut Criterion) {
    let game = darbar_lua::vijayanagara(Options::default());
    let mut group = c.benchmark_group("event");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_millis(400));
    for card in EVENT_CARDS {
        let Some(start) = before_event(&game, card) else {
            continue;
        };
        for (side, name) in [(EventSide::Unshaded, "U"), (EventSide::Shaded, "S")] {
            group.bench_function(format!("card {card:02} {name}"), |b| {
                b.iter(|| carry_out(&game, black_box(&start).clone(), side))
            });
        }
    }
    group.finish();
}

fn games(c: &mut Criterion) {
    let game = darbar_lua::vijayanagara(Options::default());
    let mut seed = 0;
    c.bench_function("random full game with the Lua deck", |b| {
        b.iter(|| {
            seed += 1;
            let mut state = game.new_initial_state(seed);
            let mut bot = RandomBot::new(seed);
            let mut log = Log::silent();
            while let Some(action) = state.decision().and_then(|d| bot.choose_from(&d.choices)) {
                game.apply(&mut state, action, &mut log)
                    .expect("listed actions apply");
            }
            state
        })
    });
}

criterion_group!(benches, deck, events, games);
criterion_main!(benches);
