//! The raid game's extras: you play by default; each action is printed before its GM rolls and
//! what it did; a choice that rolled no dice can be taken back; site choices show what the
//! player last saw; and the endings, scores and ranks of many games.

use darbar::engine::{DynState, Play};
use darbar::raid::bots::GreedyBot;
use darbar::raid::{self, Action, DecisionKind, Ending, RaidData, State, Talent};

use super::{Extras, Tally, tallies_of};

/// The raid game's command-line extras.
pub struct Raid;

/// The typed position behind an erased one.
fn typed(state: &dyn DynState) -> Option<&State> {
    state
        .as_any()
        .downcast_ref::<Play<raid::Raid>>()
        .map(Play::state)
}

/// What a summary needs from one game.
struct Played {
    ending: Option<Ending>,
    score: Option<(u32, &'static str)>,
    days: u32,
}

impl Extras for Raid {
    fn title(&self, _name: &str) -> String {
        "the raid game".into()
    }

    fn humans_by_default(&self) -> bool {
        true
    }

    fn play_header(&self, state: &dyn DynState, bots: &[String], _humans: &[String]) -> String {
        let seed = state.seed();
        match bots.first() {
            Some(bot) => format!("The kingdom raid game, seed {seed}; the {bot} bot plays"),
            None => format!(
                "The kingdom raid game, seed {seed}; you play. Answer with a number or the \
                 action's text; \"board\" shows the camp and the sites as you know them, \
                 \"undo\" takes back your last choice if no dice were rolled since."
            ),
        }
    }

    /// The action, then its log: the GM's rolls, then what it did.
    fn action_lines(&self, action: &str, log: Vec<String>) -> Vec<String> {
        let mut lines = vec![format!("> {action}")];
        lines.extend(log);
        lines
    }

    fn undoes(&self) -> bool {
        true
    }

    /// Dice once rolled stay rolled: taking the choice back would let the player roll again.
    fn undo_refusal(&self, now: &dyn DynState) -> Option<String> {
        let rolled = typed(now).map_or(0, |s| s.rolls().len());
        (rolled > 0).then(|| format!("the GM rolled dice for it ({rolled} rolls)"))
    }

    fn decision_header(&self, state: &dyn DynState) -> String {
        let (kind, rule) = state
            .decision_kind()
            .map(|(kind, rule)| (kind, rule.to_string()))
            .unwrap_or_default();
        let Some(typed) = typed(state) else {
            return format!("\nDecide {kind} ({rule}):\n");
        };
        let mut text = format!(
            "\nDay {}, {} phase. Camp: {}\nDecide {kind} ({rule}):\n",
            typed.turn(),
            typed.phase(),
            typed.player()
        );
        if typed
            .decision()
            .is_some_and(|d| d.kind == DecisionKind::Settlement)
        {
            let soldiers = typed.player().soldiers;
            let upkeep = if typed.has_talent(Talent::Logistics) {
                soldiers / 2
            } else {
                soldiers.div_ceil(2)
            };
            text += &format!(
                "At the end of settlement {soldiers} soldiers eat {upkeep} food (RG-7.3): \
                 a rebellion if food falls short; then soldiers above food + 2 × slaves desert.\n"
            );
        }
        text
    }

    /// A site's last seen values, or that it is unknown.
    fn choice_note(&self, state: &dyn DynState, action: usize) -> String {
        let (Some(state), Some(Action::Scout(site) | Action::Raid(site))) =
            (typed(state), Action::from_index(action))
        else {
            return String::new();
        };
        match state.known_site(site) {
            None => "  (unknown)".to_owned(),
            Some(seen) => format!("  (seen day {}: {})", seen.turn, seen.resources),
        }
    }

    fn final_report(&self, state: &dyn DynState, actions: usize) -> String {
        let Some(state) = typed(state) else {
            return format!("\n{state}\n{actions} actions.\n");
        };
        let mut text = format!("\n{state}\n{actions} actions, {} days.\n", state.turn());
        match state.ending() {
            None => text += "The game is not over.\n",
            Some(ending) => {
                text += &format!("Ending: {ending}\n");
                match state.final_score() {
                    Some((score, rank)) => text += &format!("Score: {score}\nRank: {rank}\n"),
                    None => text += "Score: none (only the Empire's arrival is scored)\n",
                }
            }
        }
        text
    }

    fn tally(&self, state: &dyn DynState) -> Tally {
        let state = typed(state);
        Box::new(Played {
            ending: state.and_then(State::ending),
            score: state.and_then(State::final_score),
            days: state.map_or(0, State::turn),
        })
    }

    fn fuzz_report(&self, tallies: &[Tally]) -> String {
        let all = tallies_of::<Played>(tallies);
        let n = all.len().max(1) as f64;
        let share = |f: &dyn Fn(Ending) -> bool| {
            100.0 * all.iter().filter(|p| p.ending.is_some_and(f)).count() as f64 / n
        };
        format!(
            "Endings: the Empire arrives {:.1}%, death {:.1}%, rebellion {:.1}%\n",
            share(&|e| e == Ending::EmpireArrives),
            share(&|e| e == Ending::Death),
            share(&|e| matches!(e, Ending::Rebellion { .. })),
        )
    }

    fn bot_note(&self, bot: &str) -> String {
        if bot == "greedy" {
            format!(" ({} rollouts per action)", GreedyBot::DEFAULT_ROLLOUTS)
        } else {
            String::new()
        }
    }

    fn stats_per_game(&self, tallies: &[Tally]) -> Option<String> {
        let all = tallies_of::<Played>(tallies);
        let days: f64 = all.iter().map(|p| f64::from(p.days)).sum();
        Some(format!("{:.1} days", days / all.len().max(1) as f64))
    }

    fn stats_tables(&self, tallies: &[Tally]) -> String {
        let all = tallies_of::<Played>(tallies);
        let n = all.len().max(1) as f64;
        let share = |k: usize| format!("{k} | {:.1}%", 100.0 * k as f64 / n);
        let count = |f: &dyn Fn(&Played) -> bool| all.iter().filter(|p| f(p)).count();
        let empire = count(&|p| p.ending == Some(Ending::EmpireArrives));
        let death = count(&|p| p.ending == Some(Ending::Death));
        let rebellion = all.len() - empire - death;
        let mut text = String::from("\n| ending | games | share |\n|---|---:|---:|\n");
        text += &format!("| the Empire arrives (scored) | {} |\n", share(empire));
        text += &format!("| death | {} |\n", share(death));
        text += &format!("| rebellion | {} |\n\n", share(rebellion));
        let mut scored: Vec<u32> = all.iter().filter_map(|p| p.score.map(|s| s.0)).collect();
        let mut every: Vec<u32> = all.iter().map(|p| p.score.map_or(0, |s| s.0)).collect();
        text += "| score | mean | lower quartile | median | upper quartile |\n\
                 |---|---:|---:|---:|---:|\n";
        text += &format!(
            "| every game (0 for death and rebellion) | {} |\n",
            summary(&mut every)
        );
        text += &format!(
            "| games where the Empire arrives | {} |\n\n",
            summary(&mut scored)
        );
        text += "| rank (the Empire arrives) | games | share of all games |\n|---|---:|---:|\n";
        for band in &RaidData::standard().ranks {
            let k = count(&|p| p.score.is_some_and(|(_, rank)| rank == band.rank));
            text += &format!(
                "| {} (score {}+) | {} |\n",
                band.rank,
                band.min_score,
                share(k)
            );
        }
        text
    }
}

/// The value at rank `p` (0 to 1) of sorted `values`, by the nearest-rank method.
fn quantile(values: &[u32], p: f64) -> u32 {
    if values.is_empty() {
        return 0;
    }
    let rank = (p * values.len() as f64).ceil() as usize;
    values[rank.clamp(1, values.len()) - 1]
}

/// Mean and quartiles of `values`, as a table row's cells.
fn summary(values: &mut [u32]) -> String {
    values.sort_unstable();
    let mean = values.iter().map(|&v| f64::from(v)).sum::<f64>() / values.len().max(1) as f64;
    format!(
        "{mean:.1} | {} | {} | {}",
        quantile(values, 0.25),
        quantile(values, 0.5),
        quantile(values, 0.75)
    )
}
