//! Vijayanagara's extras: the Event card and gift flags, the factions' names, the decisions
//! as questions (the card's text at an Event choice, a battle's dice, what a count counts),
//! the final Victory Points and Resources, the map, and Lua scripts run against a position.

use std::path::Path;

use darbar::engine::{DynGame, DynState, Game, Play, Rules, Seat, Snapshot};
use darbar::vijayanagara::{
    self as vj, Action, CommandKind, DecisionKind, Die, Faction, Map, Player, SpaceId, State,
};
use serde_json::{Map as Object, Value};

use super::{Extras, Flag, who_plays};
use crate::commands::GameFlags;
use crate::terminal::wrap;

/// Vijayanagara's command-line extras.
pub struct Vijayanagara;

/// The typed rules behind an erased game.
fn rules(game: &dyn DynGame) -> Option<&vj::Vijayanagara> {
    game.as_any()
        .downcast_ref::<Rules<vj::Vijayanagara>>()
        .map(|rules| &**rules)
}

/// Which Event cards the game plays, in words.
fn deck(game: &dyn DynGame) -> &'static str {
    match rules(game).map(|r| *r.options()) {
        Some(options) if !options.events => "no Event cards",
        Some(options) if options.deck.is_standard() => {
            "the darbar default deck (original, not the published cards)"
        }
        Some(_) => "a deck of its own",
        None => "no Event cards",
    }
}

impl Extras for Vijayanagara {
    fn title(&self, _name: &str) -> String {
        "Vijayanagara".into()
    }

    fn takes(&self, flag: Flag) -> bool {
        matches!(flag, Flag::NoEvents | Flag::Deck | Flag::NoGifts)
    }

    fn options(&self, flags: &GameFlags, options: &mut Object<String, Value>) {
        if flags.no_events {
            options.insert("events".into(), false.into());
        }
        // §1.5.2, OQ-11: no Resources or cavalry given between factions.
        if flags.no_gifts {
            options.insert("transfers".into(), false.into());
        }
        if let Some(dir) = &flags.deck {
            options.insert("deck".into(), dir.display().to_string().into());
        }
    }

    fn seat_short(&self, game: &dyn DynGame, seat: Seat) -> String {
        Player::ALL.get(seat).map_or_else(
            || game.seat_name(seat),
            |p| p.faction().abbreviation().to_owned(),
        )
    }

    fn seat_title(&self, game: &dyn DynGame, seat: Seat) -> String {
        Player::ALL
            .get(seat)
            .map_or_else(|| game.seat_name(seat), ToString::to_string)
    }

    fn describe(&self, game: &dyn DynGame) -> String {
        match rules(game).map(|r| *r.options()) {
            Some(options) if options.events && options.deck.is_standard() => {
                " with Event cards (the darbar default deck)".into()
            }
            Some(options) if options.events => " with Event cards (a deck of its own)".into(),
            _ => " without Event cards".into(),
        }
    }

    fn play_header(&self, state: &dyn DynState, bots: &[String], humans: &[String]) -> String {
        format!(
            "Vijayanagara, seed {}; {}; {}",
            state.seed(),
            deck(state.game()),
            who_plays(bots, humans)
        )
    }

    /// The card's full text at a decision about it (§2.3.3, §2.3.4), the battle's dice at a
    /// decision of one (§3.X), what a count places or moves (§3.2.1, §3.3.1, §3.4.1, §3.5.2).
    fn decision_context(&self, state: &dyn DynState) -> String {
        let (Some(kind), Some(typed)) = (kind_of(state), typed(state)) else {
            return String::new();
        };
        let about_the_card = match kind {
            DecisionKind::TurnOption { .. } | DecisionKind::Event { .. } => true,
            DecisionKind::TurnPart => state
                .legal_actions()
                .iter()
                .any(|&id| matches!(Action::from_index(id), Some(Action::Event(_)))),
            _ => false,
        };
        if about_the_card {
            return state
                .current_card()
                .map(|card| card_text(&card))
                .unwrap_or_default();
        }
        match kind {
            DecisionKind::Combat { .. } => battle_text(typed, cavalry_window(state)),
            DecisionKind::Command {
                kind,
                space,
                faction,
                ..
            } if counts(state) => count_text(kind, faction, space),
            _ => String::new(),
        }
    }

    /// A battle's dice (§3.X), or a card revealed (§2.1): what Vijayanagara hides.
    fn undo_refusal(&self, after: &dyn DynState) -> Option<String> {
        let battle = typed(after).and_then(State::battle_sides);
        Some(match battle {
            Some((space, _, _)) => format!("dice were rolled in the battle in {space} (§3.X)"),
            None => "a card was revealed or dice were rolled (§2.1, §3.X)".into(),
        })
    }

    /// Whose die a Charge or a Screen changes, and what it shows (§1.10).
    fn choice_note(&self, state: &dyn DynState, action: usize) -> String {
        let (Some(typed), Some(action)) = (typed(state), Action::from_index(action)) else {
            return String::new();
        };
        let (Some((_, attacker, _)), Some((attacker_dice, defender_dice))) =
            (typed.battle_sides(), typed.battle_dice())
        else {
            return String::new();
        };
        let attacking = state.current_player() == attacker.player().map(|p| p as Seat);
        let (own, theirs) = if attacking {
            (attacker_dice, defender_dice)
        } else {
            (defender_dice, attacker_dice)
        };
        let die = |dice: &[Die], n: u8| dice.get(usize::from(n.saturating_sub(1))).copied();
        match action {
            Action::Charge(n) => die(own, n)
                .map(|d| format!("  (your die #{n}: {} becomes {})", d.value, d.value - 1))
                .unwrap_or_default(),
            Action::Screen(n) => die(theirs, n)
                .map(|d| format!("  (removes their die #{n}, showing {})", d.value))
                .unwrap_or_default(),
            _ => String::new(),
        }
    }

    /// What the decision now is about, in a sentence or two.
    fn decision_help(&self, state: &dyn DynState) -> String {
        let Some(kind) = kind_of(state) else {
            return String::new();
        };
        let text = match kind {
            DecisionKind::TurnOption { .. } => {
                "The options of an eligible faction (§2.3.3): Command & Decree (a full \
                 Command and a Decree), Event or Command (the card's Event, either side, or a \
                 full Command), Limited Command (a Command in one space, §2.3.5), or Pass \
                 (Income, and stay eligible, §2.3.6)."
            }
            DecisionKind::TurnPart => {
                "What to do next within the option taken: its Command, its Decree or the \
                 Event, in any order the option allows (§2.3.3, §4.1)."
            }
            DecisionKind::Command { .. } => {
                "Select the spaces one at a time, each paid with 1 Resource unless the Command \
                 is free (§3.1.1, §3.1.3), and resolve each; done ends the Command."
            }
            DecisionKind::Combat { .. } => {
                "A battle (§3.X): both sides have rolled; the attacker, then the defender, may \
                 spend cavalry (a Charge lowers one of your dice by 1, a Screen removes an \
                 opposing die, §1.10); a die hits at or below the side's units (at most 5), \
                 never on a 6; then each side removes its losses."
            }
            DecisionKind::Event { .. } => {
                "A choice the Event's text leaves to a faction (§2.3.4); the card's text is \
                 shown above the choices."
            }
            _ => return String::new(),
        };
        format!("{text}\n")
    }

    fn final_report(&self, state: &dyn DynState, actions: usize) -> String {
        // The board of a finished game ends with its end section (§2.6, §5): why the game
        // ended, every score term by term and the winner.
        let mut text = format!("\n{state}\n{actions} actions.\n");
        if !state.is_terminal() {
            text += "The game is not over.\n";
        }
        text
    }

    /// The returns are shares of the win (OQ-49), so their means are win rates.
    fn returns_summary(&self, _game: &dyn DynGame, mean: &[f64]) -> String {
        Player::ALL
            .iter()
            .zip(mean)
            .map(|(player, share)| format!("{player} wins {:.1}%\n", 100.0 * share))
            .collect()
    }

    fn map(&self, _name: &str, file: Option<&Path>) -> Result<String, String> {
        let Some(path) = file else {
            return Ok(describe_map(Map::standard()));
        };
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let map = Map::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(describe_map(&map))
    }
}

/// The typed position behind an erased one.
fn typed(state: &dyn DynState) -> Option<&State> {
    state
        .as_any()
        .downcast_ref::<Play<vj::Vijayanagara>>()
        .map(Play::state)
}

/// The kind of the decision now.
fn kind_of(state: &dyn DynState) -> Option<DecisionKind> {
    state
        .as_any()
        .downcast_ref::<Play<vj::Vijayanagara>>()
        .and_then(Play::decision)
        .map(|d| d.kind)
}

/// Whether the decision now is a cavalry window of a battle (C-4, C-5), not a loss (C-7).
fn cavalry_window(state: &dyn DynState) -> bool {
    state.legal_actions().iter().any(|&id| {
        matches!(
            Action::from_index(id),
            Some(Action::Charge(_) | Action::Screen(_) | Action::Done)
        )
    })
}

/// Whether the decision now is a count (`count 1`, `count 2`, ...).
fn counts(state: &dyn DynState) -> bool {
    state
        .legal_actions()
        .iter()
        .any(|&id| matches!(Action::from_index(id), Some(Action::Count(_))))
}

/// The card in play, its heading and each side's text, wrapped for a terminal.
fn card_text(card: &darbar::engine::CardText) -> String {
    let mut text = format!("{}\n", card.heading());
    for side in &card.sides {
        let label = format!("  {}: ", side.name);
        let indent = " ".repeat(label.chars().count());
        for (i, line) in wrap(&side.text, 76).iter().enumerate() {
            text += if i == 0 { &label } else { &indent };
            text += line;
            text.push('\n');
        }
    }
    text
}

/// The battle under way (§3.X): in a cavalry window, each side's dice, what hits, the hits
/// now and the cavalry held; at the losses, the dice as they ended.
fn battle_text(state: &State, window: bool) -> String {
    let (
        Some((space, attacker, defender)),
        Some((attacker_dice, defender_dice)),
        Some((attacker_at, defender_at)),
        Some((attacker_hits, defender_hits)),
    ) = (
        state.battle_sides(),
        state.battle_dice(),
        state.battle_thresholds(),
        state.battle_hits(),
    )
    else {
        return String::new();
    };
    let six = if state.options().natural_six_always_misses {
        "; a 6 rolled always misses"
    } else {
        ""
    };
    let side = |faction: Faction, dice: &[Die], at: u8, hits: u8| {
        let faces: Vec<String> = dice
            .iter()
            .enumerate()
            .map(|(i, d)| {
                let mut face = format!("#{} {}", i + 1, d.value);
                if d.value != d.natural {
                    face += &format!(" (rolled {})", d.natural);
                }
                if d.screened {
                    face += " (screened)";
                }
                face
            })
            .collect();
        format!(
            "  {} dice: {}; hit on {at} or less, never a 6{six}: {hits} hit{} now\n",
            faction.abbreviation(),
            faces.join(", "),
            if hits == 1 { "" } else { "s" }
        )
    };
    let mut text = format!(
        "Battle in {space}: {} attacks {} (§3.X).\n",
        attacker.abbreviation(),
        defender.abbreviation()
    );
    if !window {
        let faces = |dice: &[Die]| {
            let shown: Vec<String> = dice
                .iter()
                .filter(|d| !d.screened)
                .map(|d| d.value.to_string())
                .collect();
            shown.join(", ")
        };
        text += &format!(
            "  The dice ended {} {}, {} {}; the hits are taken one piece at a time (C-7).\n",
            attacker.abbreviation(),
            faces(attacker_dice),
            defender.abbreviation(),
            faces(defender_dice)
        );
        return text;
    }
    text += &side(attacker, attacker_dice, attacker_at, attacker_hits);
    text += &side(defender, defender_dice, defender_at, defender_hits);
    let held: Vec<String> = [attacker, defender]
        .into_iter()
        .filter_map(|f| f.player())
        .map(|p| format!("{} {}", p.faction().abbreviation(), state.cavalry(p)))
        .collect();
    text += &format!(
        "  Cavalry held: {}. A Charge (1 token) lowers one of your dice by 1; a Screen (1 \
         token) removes an opposing die (§1.10).\n",
        held.join(", ")
    );
    text
}

/// What a count counts: the pieces a Command places or moves, and what it costs.
fn count_text(kind: CommandKind, faction: Faction, space: Option<SpaceId>) -> String {
    let place = space.map_or_else(|| "there".to_owned(), |s| format!("in {s}"));
    match kind {
        CommandKind::Conscript => format!(
            "How many Troops to place {place}?\n  The space cost 1 Resource when it was \
             selected (nothing if the Command is free); the Troops cost nothing more (§3.2.1, \
             §3.1.3).\n"
        ),
        CommandKind::Rally => {
            let (pieces, rule) = if faction == Faction::Bahmani {
                ("Amirs", "§3.3.1")
            } else {
                ("Rajas", "§3.4.1")
            };
            format!(
                "How many {pieces} to place {place}?\n  The Province cost 1 Resource when it \
                 was selected (nothing if the Command is free); the pieces cost nothing more \
                 ({rule}, §3.1.3).\n"
            )
        }
        CommandKind::Advance => {
            "How many Mongols to move along the leg? At least one moves; it costs nothing \
             (§3.5.2).\n"
                .to_owned()
        }
        _ => format!("How many, for {} ({place})?\n", kind.name()),
    }
}

fn describe_map(map: &Map) -> String {
    let mut text = format!("{}\n\n", map.name());
    for space in SpaceId::ALL {
        let prosperity = match map.prosperity(space) {
            0 => String::from("-"),
            p => p.to_string(),
        };
        let neighbours: Vec<&str> = map.neighbours(space).iter().map(|s| s.name()).collect();
        text += &format!(
            "{:<16} {:<2} {}\n",
            space.name(),
            prosperity,
            neighbours.join(", ")
        );
    }
    text += "\nCities:\n";
    for city in map.cities() {
        let spaces: Vec<&str> = city.spaces.iter().map(|s| s.name()).collect();
        text += &format!("  {:<22} {}\n", city.name, spaces.join(", "));
    }
    text
}

/// `darbar eval`: a Lua script run in the sandbox of darbar-lua against the starting position
/// of `seed` or a saved snapshot; what it printed, then the value it returned.
pub fn eval(script: &Path, seed: u64, snapshot: Option<&Path>) -> Result<String, String> {
    let read =
        |path: &Path| std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()));
    let state = match snapshot {
        Some(path) => {
            State::from_snapshot(&read(path)?).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => State::new(seed),
    };
    let source = read(script)?;
    let name = script.display().to_string();
    // The script's draws continue from the position's own generator.
    let mut rng = state.rng().clone();
    let rules = vj::Vijayanagara::without_events(*state.options());
    let evaluation = darbar_lua::Host::new()
        .run(&rules, &state, &mut rng, &source, &name)
        .map_err(|e| format!("{name}: {e}"))?;
    let mut text: String = evaluation
        .log
        .iter()
        .map(|line| format!("{line}\n"))
        .collect();
    text += &format!("{}\n", evaluation.value);
    Ok(text)
}
