//! What an event may grant and how the core carries it out (deck file §1.2 C6, C8; §3.1.3,
//! §4): a Command the faction may decline, Decrees limited to named spaces or with the
//! Conspire extension, a Campaign with named destinations; the card's log lines and prompts;
//! and a deck whose faction orders are its own (§2.3.2), kept through a snapshot.

use std::sync::Arc;

use darbar::engine::{Game, Snapshot};
use darbar::vijayanagara::{
    Action, CommandKind, DecisionKind, DeckRules, DecreeKind, EventFailure, EventHost,
    EventProgress, EventRun, EventSide, Grant, Log, Options, Player, SpaceId, SpaceSet, State,
    TurnOption, Vijayanagara,
};

/// A host whose every card grants what `grant` returns for the executor and logs one line,
/// after asking the executor one yes/no question with a prompt.
struct GrantingHost<F: Fn(Player) -> Grant>(F);

impl<F: Fn(Player) -> Grant> EventHost for GrantingHost<F> {
    fn run(&self, _scratch: &mut State, run: &EventRun) -> Result<EventProgress, EventFailure> {
        if run.choices.is_empty() {
            return Ok(EventProgress::Choice {
                player: run.executor,
                choices: vec![Action::Yes, Action::No],
                prompt: "Go on?".into(),
            });
        }
        Ok(EventProgress::Done {
            grants: vec![(self.0)(run.executor)],
            log: vec![format!("card {} says hello", run.card)],
        })
    }
}

/// A game with events whose first faction on turn is `player`, about to choose its option.
fn game_for(player: Player) -> State {
    (0..1000)
        .map(|seed| {
            let mut state = State::new(seed);
            state.enable_events();
            state
        })
        .find(|s| s.current_event().is_some() && s.current_player() == Some(player))
        .expect("some seed starts with this faction")
}

/// The rules with Event cards run on `host`.
fn with_host(host: impl EventHost + Send + Sync + 'static) -> Vijayanagara {
    Vijayanagara::with_cards(Options::default(), Arc::new(host))
}

/// Takes the Event, answers the host's question, and returns the recorded log.
fn play(state: &mut State, game: &Vijayanagara) -> Vec<String> {
    let mut log = Log::recording();
    game.apply(state, Action::Option(TurnOption::EventOrCommand), &mut log)
        .unwrap();
    game.apply(state, Action::Event(EventSide::Unshaded), &mut log)
        .unwrap();
    assert_eq!(state.event_prompt(), Some("Go on?"));
    game.apply(state, Action::Yes, &mut log).unwrap();
    assert_eq!(state.event_prompt(), None);
    log.take()
}

fn command(player: Player, kind: CommandKind, optional: bool) -> Grant {
    Grant::Command {
        player,
        kind,
        limited: false,
        only: None,
        max_spaces: Some(2),
        rebel_under_khalji: false,
        optional,
    }
}

fn decree(player: Player, kind: DecreeKind, only: Option<SpaceSet>) -> Grant {
    Grant::Decree {
        player,
        kind,
        only,
        max_spaces: None,
        influence_extension: false,
    }
}

#[test]
fn rule_c6_a_granted_command_in_up_to_n_spaces_may_select_none() {
    let mut state = game_for(Player::Sultanate);
    let game = with_host(GrantingHost(|p| command(p, CommandKind::Conscript, true)));
    let log = play(&mut state, &game);
    assert!(
        log.iter()
            .any(|l| l == "card says hello" || l.ends_with("says hello"))
    );
    let decision = state.decision().unwrap();
    assert!(matches!(decision.kind, DecisionKind::Command { .. }));
    assert!(decision.allows(&Action::Done), "0 spaces = it declines");
    let before = state.clone();
    game.apply(&mut state, Action::Done, &mut Log::silent())
        .unwrap();
    // Declining changes nothing on the board, and the card moves on to the next faction.
    assert_eq!(state.space(SpaceId::Delhi), before.space(SpaceId::Delhi));
    assert_eq!(
        state.resources(Player::Sultanate),
        before.resources(Player::Sultanate)
    );
    assert!(matches!(
        state.decision().unwrap().kind,
        DecisionKind::TurnOption { .. }
    ));
}

#[test]
fn rule_c6_a_granted_command_without_may_selects_at_least_one_space() {
    let mut state = game_for(Player::Sultanate);
    let game = with_host(GrantingHost(|p| command(p, CommandKind::Conscript, false)));
    play(&mut state, &game);
    let decision = state.decision().unwrap();
    assert!(matches!(decision.kind, DecisionKind::Command { .. }));
    assert!(!decision.allows(&Action::Done));
}

#[test]
fn rule_c6_the_card_log_reaches_the_game_log_after_the_effect() {
    let mut state = game_for(Player::Bahmani);
    let card = state.current_event().unwrap();
    let game = with_host(GrantingHost(|p| command(p, CommandKind::Rally, true)));
    let log = play(&mut state, &game);
    let hello = log
        .iter()
        .position(|l| *l == format!("card {card} says hello"))
        .expect("the card's line is in the game log");
    let done = log
        .iter()
        .position(|l| *l == format!("Event {card} is carried out"))
        .unwrap();
    assert!(hello < done, "{log:?}");
}

#[test]
fn rule_c6_a_granted_decree_targets_only_the_named_spaces() {
    // Deck card 35 S: Demand Obedience in Jaunpur only (§4.2.3).
    let mut state = game_for(Player::Sultanate);
    let jaunpur: SpaceSet = [SpaceId::Jaunpur].into_iter().collect();
    let game = with_host(GrantingHost(move |p| {
        decree(p, DecreeKind::DemandObedience, Some(jaunpur))
    }));
    // Jaunpur and Gujarat DS-controlled with a Governor: both are legal targets by §4.2.3.
    for space in [SpaceId::Jaunpur, SpaceId::Gujarat] {
        state.set_tributary(space, false).unwrap();
        state
            .place(space, darbar::vijayanagara::Piece::Governor, 1)
            .unwrap();
        assert_eq!(state.controller(space), Some(Player::Sultanate));
    }
    play(&mut state, &game);
    let decision = state.decision().unwrap();
    assert_eq!(
        decision.kind,
        DecisionKind::Decree {
            kind: DecreeKind::DemandObedience
        }
    );
    let choices: Vec<Action> = decision
        .choices
        .into_iter()
        .filter(|a| !matches!(a, Action::Give))
        .collect();
    assert_eq!(
        choices,
        vec![Action::Select(SpaceId::Jaunpur), Action::Done]
    );
}

#[test]
fn rule_c6_a_granted_conspire_may_have_the_influence_extension() {
    // Deck card 28 U: Conspire with the Influence ≥ 2 reach at Influence 0 (§4.3.3): Andhra
    // holds Rajas and is adjacent to Gondwana's Amir (§1.3.5), so it is a target only with it.
    let targets = |extension: bool| {
        let mut state = game_for(Player::Bahmani);
        let game = with_host(GrantingHost(move |p| Grant::Decree {
            player: p,
            kind: DecreeKind::Conspire,
            only: None,
            max_spaces: Some(1),
            influence_extension: extension,
        }));
        play(&mut state, &game);
        state.decision().unwrap().choices
    };
    assert!(targets(true).contains(&Action::Select(SpaceId::Andhra)));
    assert!(!targets(false).contains(&Action::Select(SpaceId::Andhra)));
}

#[test]
fn rule_c6_a_granted_campaign_ends_only_in_a_named_destination() {
    // Deck card 27 S: destination Orissa or a Province adjacent to it (§4.2.2, OQ-45). Every
    // path the core offers must be able to end there: follow many random ones to the end.
    let orissa = SpaceId::Orissa;
    let mut destinations: SpaceSet = State::new(0).map().neighbours(orissa);
    destinations.insert(orissa);
    destinations = destinations.iter().filter(|s| s.is_province()).collect();
    let game = with_host(GrantingHost(move |p| {
        decree(p, DecreeKind::Campaign, Some(destinations))
    }));
    let mut ended = 0;
    for seed in 0..200u64 {
        let mut state = game_for(Player::Sultanate);
        play(&mut state, &game);
        let mut path: Vec<SpaceId> = Vec::new();
        let mut pick = seed;
        loop {
            let decision = state.decision().unwrap();
            if !matches!(decision.kind, DecisionKind::Decree { .. }) {
                break;
            }
            assert!(!decision.choices.is_empty());
            // Prefer going on over stopping, so that long paths are tried too.
            let choices: Vec<Action> = match decision.choices.as_slice() {
                [only] => vec![*only],
                many => many
                    .iter()
                    .copied()
                    .filter(|a| *a != Action::Done)
                    .collect(),
            };
            pick = pick
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let action = choices[(pick >> 33) as usize % choices.len()];
            if let Action::Select(space) = action {
                path.push(space);
            }
            if action == Action::Done && path.len() >= 2 {
                let here = *path.last().unwrap();
                assert!(destinations.contains(here), "ended in {here} via {path:?}");
                ended += 1;
            }
            game.apply(&mut state, action, &mut Log::silent()).unwrap();
        }
    }
    assert!(ended > 100, "most walks end in a destination: {ended}");
}

#[test]
fn rule_2_3_2_a_deck_of_its_own_orders_and_keeps_them_through_a_snapshot() {
    let mut state = State::new(3);
    let card = (0..30)
        .find_map(|_| state.current_event())
        .expect("seed 3 starts with an Event card");
    let mut rules = DeckRules::standard();
    let order = rules.order(card);
    let reversed = [order[2], order[1], order[0]];
    rules.set_event(card, reversed, !rules.stay_eligible(card));
    let options = Options {
        events: true,
        deck: rules,
        ..Options::default()
    };
    let mine = State::with_options(3, options);
    assert_eq!(mine.current_player(), Some(reversed[0]));
    assert_eq!(state.current_player(), Some(order[0]));
    // The snapshot keeps the deck's rules; the default deck's snapshot does not mention them.
    let restored = State::from_snapshot(&mine.to_snapshot()).unwrap();
    assert_eq!(restored.deck_rules(), &rules);
    assert!(!state.to_snapshot().contains("\"operators\""));
    state = restored;
    assert_eq!(state.current_player(), Some(reversed[0]));
}
