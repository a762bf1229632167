//! Vijayanagara's extras: the Event card flags, the factions' names, the final Victory Points
//! and Resources, the map, and Lua scripts run against a position.

use std::path::Path;

use darbar::engine::{DynGame, DynState, Game, Play, Rules, Seat, Snapshot};
use darbar::vijayanagara::{self as vj, Map, Player, SpaceId, State};
use serde_json::{Map as Object, Value};

use super::{Extras, Flag, who_plays};
use crate::commands::GameFlags;

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
        matches!(flag, Flag::NoEvents | Flag::Deck)
    }

    fn options(&self, flags: &GameFlags, options: &mut Object<String, Value>) {
        if flags.no_events {
            options.insert("events".into(), false.into());
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

    fn final_report(&self, state: &dyn DynState, actions: usize) -> String {
        let mut text = format!("\n{state}\n{actions} actions.\n");
        let Some(state) = typed(state) else {
            return text;
        };
        if state.is_over() {
            let outcome = state.outcome();
            for (player, vp) in outcome.victory_points.iter() {
                text += &format!("{player}: {vp} VP, {} Resources\n", state.resources(player));
            }
            let winners: Vec<String> = outcome.winners.iter().map(|p| p.to_string()).collect();
            text += &format!("Winner: {}\n", winners.join(" and "));
        } else {
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
    let rules = vj::Vijayanagara::new(*state.options());
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
