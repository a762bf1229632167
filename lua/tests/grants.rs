//! What one effect may grant or queue is capped (`EventProgress::MAX_GRANTS`): a card that
//! grants 900,000 Commands would otherwise grow the game (and every snapshot of it) without
//! bound. A card over the cap is refused with an error naming the limit, and the state stays
//! exactly as it was.

mod common;

use std::sync::Arc;

use common::guarded;
use darbar::engine::Game;
use darbar::vijayanagara::{
    Action, Error as CoreError, EventFailure, EventHost, EventProgress, EventRun, EventSide, Grant,
    Lasting, Log, Options, Player, State, TurnOption, Vijayanagara,
};
use darbar_lua::{CardHost, Cards};

fn card_with(body: &str) -> String {
    format!(
        "return {{ number = 3, title = 'T', order = 'DBV', stay_eligible = true, \
         text = {{ unshaded = 'u', shaded = 's' }}, \
         unshaded = function(ctx) {body} end, shaded = function(ctx) end }}"
    )
}

/// A game of `game` whose first card is 3, its first faction having chosen Event or Command.
fn before_event(game: &Vijayanagara) -> State {
    let mut state = (0..10_000)
        .map(|seed| game.new_initial_state(seed))
        .find(|s| s.current_event() == Some(3))
        .expect("a game that starts with card 3");
    let option = Action::Option(TurnOption::EventOrCommand);
    game.apply(&mut state, option, &mut Log::silent()).unwrap();
    state
}

#[test]
fn rule_a_card_may_not_grant_without_bound() {
    let (result, unchanged) = guarded("900,000 grants", || {
        let body =
            "for i = 1, 900000 do ctx:grant_command{ faction = 'DS', command = 'Conscript' } end";
        let cards = Cards::from_sources(&[("03.lua", card_with(body))]).unwrap();
        let game = cards.game(Options::default());
        let mut state = before_event(&game);
        let before = state.clone();
        let unshaded = Action::Event(EventSide::Unshaded);
        let result = game.apply(&mut state, unshaded, &mut Log::silent());
        (result, state == before)
    });
    match result {
        Err(CoreError::Event {
            card: 3, message, ..
        }) => {
            assert!(message.contains("EventProgress::MAX_GRANTS"), "{message}");
            assert!(
                message.contains(&EventProgress::MAX_GRANTS.to_string()),
                "{message}"
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(unchanged, "a refused event changed the state");
}

#[test]
fn rule_lasting_effects_count_toward_the_cap() {
    let host = CardHost::from_sources(&[(
        "03.lua",
        card_with("for i = 1, 100 do ctx:add_lasting('siri_fort') end"),
    )])
    .unwrap();
    let run = EventRun {
        card: 3,
        side: EventSide::Unshaded,
        executor: Player::Sultanate,
        choices: vec![],
    };
    let failure = host.run(&mut State::new(1), &run).unwrap_err();
    assert!(
        failure.message.contains("MAX_GRANTS"),
        "{}",
        failure.message
    );
}

#[test]
fn a_card_that_catches_the_refusal_keeps_what_fits() {
    let host = CardHost::from_sources(&[(
        "03.lua",
        card_with(
            "local granted = 0 \
             for i = 1, 100 do \
               if pcall(ctx.grant_decree, ctx, { faction = 'DS', decree = 'Campaign' }) then \
                 granted = granted + 1 \
               end \
             end \
             ctx:log(granted)",
        ),
    )])
    .unwrap();
    let run = EventRun {
        card: 3,
        side: EventSide::Unshaded,
        executor: Player::Sultanate,
        choices: vec![],
    };
    let result = host.run_logged(&mut State::new(1), &run).unwrap();
    assert_eq!(result.log, [EventProgress::MAX_GRANTS.to_string()]);
    let EventProgress::Done { grants, .. } = result.progress else {
        panic!("{:?}", result.progress)
    };
    assert_eq!(grants.len(), EventProgress::MAX_GRANTS);
}

/// A host that is not the Lua one and grants whatever it is told to.
struct Generous(usize);

impl EventHost for Generous {
    fn run(&self, _: &mut State, _: &EventRun) -> Result<EventProgress, EventFailure> {
        Ok(EventProgress::Done {
            grants: vec![Grant::Lasting(Lasting::ALL[0]); self.0],
            log: vec![],
        })
    }
}

#[test]
fn rule_the_core_refuses_any_host_that_grants_too_much() {
    let generous =
        |grants| Vijayanagara::with_cards(Options::default(), Arc::new(Generous(grants)));
    let unshaded = Action::Event(EventSide::Unshaded);
    let game = generous(EventProgress::MAX_GRANTS + 1);
    let mut state = before_event(&game);
    let before = state.clone();
    let err = game
        .apply(&mut state, unshaded, &mut Log::silent())
        .unwrap_err();
    assert_eq!(
        err,
        CoreError::TooManyGrants {
            card: 3,
            granted: EventProgress::MAX_GRANTS + 1,
            limit: EventProgress::MAX_GRANTS
        }
    );
    assert_eq!(err.rule(), darbar::engine::Rule("2.3.4"));
    assert!(err.to_string().contains("MAX_GRANTS"), "{err}");
    assert_eq!(state, before);
    // At the cap it is carried out.
    let game = generous(EventProgress::MAX_GRANTS);
    let mut state = before_event(&game);
    game.apply(&mut state, unshaded, &mut Log::silent())
        .unwrap();
}

#[test]
fn the_default_deck_grants_far_below_the_cap() {
    // Each card file calls the grant functions a handful of times at most.
    for (name, source) in darbar_lua::STANDARD_DECK {
        let calls =
            source.matches("ctx:grant_").count() + source.matches("ctx:add_lasting").count();
        assert!(calls <= 4, "{name}: {calls}");
    }
}
