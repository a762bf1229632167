//! Helpers shared by the card tests: the board as the deck's test scenarios describe it, and
//! playing an Event through the real game flow.

#![allow(dead_code)]

use darbar::engine::Game;
use darbar::vijayanagara::{
    Action, Available, DecisionKind, EventHost, EventProgress, EventRun, EventSide, Grant,
    InfluenceTrack, LastingEffects, Log, Options, Player, SpaceId, SpacePieces, SpaceSet, State,
    TurnOption, Vijayanagara,
};
use darbar_lua::Cards;

/// Everything a scenario of the deck file (§5) can list: the pieces of every space, the
/// Tributary markers, the boxes, Resources, cavalry, Influence, lasting effects and Victory
/// Points. Eligibility and the deck are the sequence of play's, not the card's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub spaces: [SpacePieces; 15],
    pub tributary: SpaceSet,
    pub available: Available,
    pub resources: [u8; 3],
    pub cavalry: [u8; 3],
    pub pool: u8,
    pub influence: [InfluenceTrack; 2],
    pub lasting: LastingEffects,
    pub vp: [i32; 3],
}

pub const DS: usize = 0;
pub const BK: usize = 1;
pub const VN: usize = 2;

impl Board {
    pub fn of(state: &State) -> Board {
        Board {
            spaces: SpaceId::ALL.map(|s| *state.space(s)),
            tributary: state.tributary_provinces(),
            available: *state.available(),
            resources: Player::ALL.map(|p| state.resources(p)),
            cavalry: Player::ALL.map(|p| state.cavalry(p)),
            pool: state.cavalry_pool(),
            influence: [Player::Bahmani, Player::Vijayanagara]
                .map(|p| *state.influence_track(p).expect("BK and VN have tracks")),
            lasting: state.lasting_effects(),
            vp: Player::ALL.map(|p| state.victory_points(p)),
        }
    }

    /// The pieces of `space`, to edit.
    pub fn at(&mut self, space: SpaceId) -> &mut SpacePieces {
        &mut self.spaces[space.index()]
    }

    /// What differs from `expected`, one line per field.
    pub fn differences(&self, expected: &Board) -> Vec<String> {
        let mut out = Vec::new();
        for space in SpaceId::ALL {
            let (a, e) = (self.spaces[space.index()], expected.spaces[space.index()]);
            if a != e {
                out.push(format!("{space}: is {a:?}, expected {e:?}"));
            }
        }
        let fields: [(&str, String, String); 8] = [
            (
                "Tributary",
                format!("{:?}", self.tributary.iter().collect::<Vec<_>>()),
                format!("{:?}", expected.tributary.iter().collect::<Vec<_>>()),
            ),
            (
                "available",
                format!("{:?}", self.available),
                format!("{:?}", expected.available),
            ),
            (
                "Resources",
                format!("{:?}", self.resources),
                format!("{:?}", expected.resources),
            ),
            (
                "cavalry",
                format!("{:?}", self.cavalry),
                format!("{:?}", expected.cavalry),
            ),
            ("pool", self.pool.to_string(), expected.pool.to_string()),
            (
                "Influence",
                format!("{:?}", self.influence),
                format!("{:?}", expected.influence),
            ),
            (
                "lasting",
                format!("{:?}", self.lasting.iter().collect::<Vec<_>>()),
                format!("{:?}", expected.lasting.iter().collect::<Vec<_>>()),
            ),
            ("VP", format!("{:?}", self.vp), format!("{:?}", expected.vp)),
        ];
        for (name, a, e) in fields {
            if a != e {
                out.push(format!("{name}: is {a}, expected {e}"));
            }
        }
        out
    }
}

/// Asserts that the board of `state` is exactly `expected`.
#[track_caller]
pub fn assert_board(state: &State, expected: &Board) {
    let differences = Board::of(state).differences(expected);
    assert!(
        differences.is_empty(),
        "the board differs:\n  {}",
        differences.join("\n  ")
    );
}

/// A new game with events enabled whose first card is Event `card`, the first faction of its
/// order about to choose: the §2.1 setup, as every scenario of the deck file starts.
pub fn game_on_card(card: u8) -> State {
    for seed in 0..100_000 {
        let mut state = State::new(seed);
        if state.current_event() == Some(card) {
            state.enable_events();
            return state;
        }
    }
    panic!("no seed starts with card {card}");
}

/// The rules that play the Event cards of `host`.
pub fn rules(host: &Cards) -> Vijayanagara {
    host.game(Options::default())
}

/// Whether the game is waiting for a choice inside an event.
pub fn in_event(state: &State) -> bool {
    matches!(
        state.decision().map(|d| d.kind),
        Some(DecisionKind::Event { .. })
    )
}

/// The faction on turn takes Event or Command and carries out `side` of the current card,
/// answering the event's choices (and those of what it grants) with `answers`, through the
/// rules that play `host`'s cards ([`rules`]). Afterwards the event and its grants must be
/// over: the next faction is choosing its option.
#[track_caller]
pub fn play_event(state: &mut State, host: &Cards, side: EventSide, answers: &[Action]) {
    let game = rules(host);
    let mut log = Log::silent();
    let card = state.current_event().expect("an Event card is current");
    let executor = state.current_player().expect("a faction is on turn");
    game.apply(state, Action::Option(TurnOption::EventOrCommand), &mut log)
        .expect("Event or Command is offered");
    game.apply(state, Action::Event(side), &mut log)
        .unwrap_or_else(|e| panic!("event {card} {side:?} failed: {e}"));
    apply_all(state, host, answers);
    let decision = state.decision().expect("the game goes on");
    assert!(
        matches!(decision.kind, DecisionKind::TurnOption { .. }) && decision.player != executor,
        "after the answers the event should be over, but {:?} must decide {:?}: {:?}",
        decision.player,
        decision.kind,
        decision
            .choices
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
    );
}

/// Runs a card side directly on `state` (no sequence of play) with `answers`, committing the
/// scratch copy and recording its lasting effects as the core does when the effect finishes.
/// Returns the progress, with the grants.
#[track_caller]
pub fn run_direct(
    state: &mut State,
    host: &dyn EventHost,
    card: u8,
    side: EventSide,
    executor: Player,
    answers: &[Action],
) -> EventProgress {
    let run = EventRun {
        card,
        side,
        executor,
        choices: answers.to_vec(),
    };
    let mut scratch = state.clone();
    let progress = host
        .run(&mut scratch, &run)
        .unwrap_or_else(|e| panic!("card {card} {side:?}: {e:?}"));
    if let EventProgress::Done { grants, .. } = &progress {
        *state = scratch;
        // Lasting effects are recorded as the event resolves (C14); the other grants are
        // the caller's to carry out.
        for grant in grants {
            if let Grant::Lasting(effect) = grant {
                state.add_lasting(*effect);
            }
        }
    }
    progress
}

/// Applies `actions` in order through the real game flow, each one checked against the
/// decision it answers.
#[track_caller]
pub fn apply_all(state: &mut State, host: &Cards, actions: &[Action]) {
    let game = rules(host);
    let mut log = Log::silent();
    for &action in actions {
        let decision = state.decision().expect("the game goes on");
        assert!(
            decision.allows(&action),
            "{action} is not offered to {:?} in {:?}; offered: {:?}",
            decision.player,
            decision.kind,
            decision
                .choices
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
        );
        game.apply(state, action, &mut log)
            .unwrap_or_else(|e| panic!("{action}: {e}"));
    }
}
