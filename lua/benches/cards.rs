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
use darbar::vijayanagara::{Action, DecisionKind, EVENT_CARDS, EventSide, Log, State, TurnOption};
use darbar_lua::CardHost;

/// A game whose first card is Event `card`, its first faction having taken Event or Command.
fn before_event(host: &CardHost, card: u8) -> Option<State> {
    let mut state = (0..100_000)
        .map(|seed| host.new_game(seed))
        .find(|s| s.current_event() == Some(card))?;
    state
        .apply_with(
            Action::Option(TurnOption::EventOrCommand),
            host,
            &mut Log::silent(),
        )
        .ok()?;
    Some(state)
}

/// Carries out `side` and answers the effect's choices with the first option.
fn carry_out(host: &CardHost, mut state: State, side: EventSide) -> State {
    let mut log = Log::silent();
    state
        .apply_with(Action::Event(side), host, &mut log)
        .expect("the event runs");
    while let Some(decision) = state.decision() {
        if !matches!(decision.kind, DecisionKind::Event { .. }) {
            break;
        }
        state
            .apply_with(decision.choices[0], host, &mut log)
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
    let host = CardHost::standard();
    let mut group = c.benchmark_group("event");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_millis(400));
    for card in EVENT_CARDS {
        let Some(start) = before_event(&host, card) else {
            continue;
        };
        for (side, name) in [(EventSide::Unshaded, "U"), (EventSide::Shaded, "S")] {
            group.bench_function(format!("card {card:02} {name}"), |b| {
                b.iter(|| carry_out(&host, black_box(&start).clone(), side))
            });
        }
    }
    group.finish();
}

fn games(c: &mut Criterion) {
    let host = CardHost::standard();
    let mut seed = 0;
    c.bench_function("random full game with the Lua deck", |b| {
        b.iter(|| {
            seed += 1;
            let mut state = host.new_game(seed);
            let mut bot = RandomBot::new(seed);
            let mut log = Log::silent();
            while let Some(action) = state.decision().and_then(|d| bot.choose_from(&d.choices)) {
                state
                    .apply_with(action, &host, &mut log)
                    .expect("listed actions apply");
            }
            state
        })
    });
}

criterion_group!(benches, deck, events, games);
criterion_main!(benches);
