//! The raid game's extras: you play by default, told the goal, the phases, the prices and the
//! talents at the start (RG-1.2, RG-3, RG-7.1, RG-8, ruling 26); each action is printed
//! before its GM rolls and what it did; a choice that rolled no dice can be taken back; site
//! choices show what the player last saw, trades their price, talents their effect, and
//! recruitment is asked as a number of funds; and the endings, scores and ranks of many games.

use darbar::engine::{DynState, Game, Log, Play};
use darbar::raid::bots::GreedyBot;
use darbar::raid::{self, Action, DecisionKind, Ending, RaidData, Resource, State, Talent, Trade};

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
                 \"undo\" takes back your last choice if no dice were rolled since, \
                 \"help\" lists every command."
            ),
        }
    }

    /// The goal and the score (RG-1.2, RG-10, ruling 26), the four phases of a day (RG-3), the
    /// prices (RG-7.1, RG-7.2) and the talents (RG-8, rulings 9 and 10).
    fn introduction(&self, state: &dyn DynState) -> String {
        let Some(state) = typed(state) else {
            return String::new();
        };
        let mut text = String::from(
            "\nThe goal (RG-1.2, ruling 26): grow strong before the Empire takes the kingdom. \
             When its three forts have all fallen, the Empire arrives and your camp is scored: \
             3 per soldier; 1 per weapon, fund and slave; 1 per 2 food; 5 per unique unit; 3 \
             per talent; 2 per village or town sacked. The game ends unscored if your soldiers \
             fall to 0 (death) or your food falls below 0 at upkeep (rebellion) (RG-10).\n\
             Each day has four phases (RG-3): scout one site, or none (RG-4); raid sites, \
             fighting with power min(soldiers, weapons), 1 less for each raid after the first \
             of the day (RG-5, ruling 20), and plunder on after a win (RG-5.5); the war, where \
             the GM's 2d6 move the front fort towards Fallen (RG-6); settlement: trade, recruit \
             once, then your soldiers eat (RG-7).\n",
        );
        let prices: Vec<String> = Trade::ALL
            .into_iter()
            .filter(|&t| t != Trade::MerchantWeapon)
            .filter_map(|t| price(state, t).map(|p| format!("{t} {p}")))
            .collect();
        text += &format!(
            "Prices at settlement (RG-7.1): {}. Recruiting (RG-7.2, ruling 22): pay N funds, \
             roll N d6, gain 1 soldier per 5 or 6 and 1 more.\n",
            prices.join(", ")
        );
        let data = RaidData::standard();
        let offered: Vec<String> = data.recruitable_talents().iter().map(talent_text).collect();
        text += &format!(
            "Talents (RG-8, rulings 9 and 10): every 5 soldiers recruited in the campaign earn \
             one, of your choice: {}.\n",
            offered.join("; ")
        );
        if !state.talents().is_empty() {
            let held: Vec<String> = state.talents().iter().map(talent_text).collect();
            text += &format!("Your talents: {}.\n", held.join("; "));
        }
        text
    }

    /// The action, then its log: the GM's rolls, then what it did.
    fn action_lines(&self, action: &str, log: Vec<String>) -> Vec<String> {
        let mut lines = vec![format!("> {action}")];
        lines.extend(log);
        lines
    }

    /// Dice once rolled stay rolled, and a site once seen stays seen (ruling 27, RG-9):
    /// taking the choice back would let the player roll again or unsee it.
    fn undo_refusal(&self, after: &dyn DynState) -> Option<String> {
        let rolled = typed(after).map_or(0, |s| s.rolls().len());
        Some(if rolled > 0 {
            let rolls = if rolled == 1 { "roll" } else { "rolls" };
            format!("the GM rolled dice for it ({rolled} {rolls})")
        } else {
            "it showed you a site (RG-9)".into()
        })
    }

    /// The talents offered, with their effects (ruling 10).
    fn decision_context(&self, state: &dyn DynState) -> String {
        let Some(typed) = typed(state) else {
            return String::new();
        };
        if typed
            .decision()
            .is_some_and(|d| d.kind == DecisionKind::Talent)
        {
            return format!(
                "Recruits so far in the campaign: {}; every 5 earn a talent, which lasts for \
                 the rest of the campaign (RG-7.2, RG-11).\n",
                typed.recruited_total()
            );
        }
        String::new()
    }

    /// Recruitment: funds paid, and what they bring (RG-7.2, ruling 22; 鼓舞, ruling 10).
    fn count_question(&self, state: &dyn DynState, verb: &str, low: u32, high: u32) -> String {
        if verb != "recruit" {
            return format!("How many ({verb} {low}-{high})?");
        }
        let rally = typed(state).is_some_and(|s| s.has_talent(Talent::Rally));
        format!(
            "How many funds to spend on recruiting ({low}-{high})? Each fund rolls a d6; you \
             gain 1 soldier per 5 or 6, and {} more (RG-7.2, ruling 22{}).",
            if rally { 2 } else { 1 },
            if rally { "; Rally, ruling 10" } else { "" }
        )
    }

    /// What each phase's decision means (RG-3 to RG-7).
    fn decision_help(&self, state: &dyn DynState) -> String {
        let Some(kind) = typed(state).and_then(|s| s.decision()).map(|d| d.kind) else {
            return String::new();
        };
        let text = match kind {
            DecisionKind::Scout => {
                "Scouting shows you one site's soldiers, funds, food, weapons, slaves and \
                 unique units as they are now (RG-4, RG-9); a site never seen is generated \
                 by the GM's dice first."
            }
            DecisionKind::Raid { .. } => {
                "A raid is a battle of power min(soldiers, weapons) against the site's, \
                 each side rolling 2 × power + power d6 per exchange (RG-5.2, ruling 1); each \
                 raid after the first of a day fights at 1 less power (ruling 20). A win \
                 takes the site's resources (RG-5.3). end-raids goes on to the war (RG-6)."
            }
            DecisionKind::Plunder { .. } => {
                "Plundering on takes 1 more food, funds and slave a step, but regulars may \
                 come: on step k a d6 of k or less brings them (RG-5.5, rulings 18 and 19)."
            }
            DecisionKind::Talent => "A talent earned by recruitment, yours for the campaign.",
            DecisionKind::Settlement => {
                "Trade as often as you can pay, recruit once, then end-settlement: your \
                 soldiers eat, those food and slaves cannot keep desert, slaves may die, and \
                 the sites drift (RG-7.3 to RG-7.6)."
            }
        };
        format!("{text}\n")
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

    /// A site's last seen values, or that it is unknown; a trade's price (RG-7.1); a
    /// talent's effect (ruling 10).
    fn choice_note(&self, state: &dyn DynState, action: usize) -> String {
        let Some(state) = typed(state) else {
            return String::new();
        };
        match Action::from_index(action) {
            Some(Action::Scout(site) | Action::Raid(site)) => match state.known_site(site) {
                None => "  (unknown)".to_owned(),
                Some(seen) => format!("  (seen day {}: {})", seen.turn, seen.resources),
            },
            Some(Action::Trade(trade)) => price(state, trade)
                .map(|p| format!("  ({p})"))
                .unwrap_or_default(),
            Some(Action::Recruit(funds)) => format!("  (pay {funds} funds, roll {funds} d6)"),
            Some(Action::ChooseTalent(talent)) => {
                format!("  ({})", RaidData::standard().talent(talent).effect)
            }
            _ => String::new(),
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

/// What `trade` gives and gets ("1 funds for 1 food"), read off the rules by making it on a
/// copy of the camp (RG-7.1); `None` if the camp could not pay for it.
fn price(state: &State, trade: Trade) -> Option<String> {
    let mut after = state.clone();
    let rules = raid::Raid::new(*state.options());
    rules
        .apply_unchecked(&mut after, Action::Trade(trade), &mut Log::silent())
        .ok()?;
    let (before, after) = (state.player(), after.player());
    let mut give = Vec::new();
    let mut get = Vec::new();
    for resource in Resource::ALL {
        let (list, n) = match after[resource].cmp(&before[resource]) {
            std::cmp::Ordering::Less => (&mut give, before[resource] - after[resource]),
            std::cmp::Ordering::Greater => (&mut get, after[resource] - before[resource]),
            std::cmp::Ordering::Equal => continue,
        };
        let name = resource.name().to_lowercase();
        // "1 weapon", "2 weapons"; funds are "funds" either way, as the rules write them.
        let name = match name.strip_suffix('s') {
            Some(one) if n == 1 && resource != Resource::Funds => one.to_owned(),
            _ => name,
        };
        list.push(format!("{n} {name}"));
    }
    (!give.is_empty() && !get.is_empty())
        .then(|| format!("{} for {}", give.join(" and "), get.join(" and ")))
}

/// A talent's name and effect: "elite: Rolls one extra d6 in every exchange".
fn talent_text(talent: Talent) -> String {
    let entry = RaidData::standard().talent(talent);
    format!("{talent}: {}", entry.effect.trim_end_matches('.'))
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
