//! Tycoon's extras: the game's title, seat names by colour (`--human red`), its flags
//! (`--headlines`, `--kickstarter`, `--automas N`, `--automa-level easy|normal|hard` or a
//! list, `--content DIR`), the goal and the round for a person (TI-4, TI-16), the deciding
//! seat's own view before its decisions when others changed it (its money, promoters, merit
//! cards and agenda, never another person's, TI-2.6), the cards, cities and prices behind each choice, sealed
//! bids typed unseen (TI-21.19), the final scores term by term (AV, INF, SUP, TI-16) with the
//! winners, and the winners of many games.
//!
//! Automa seats (TC-16) are the rules' own: nobody plays one, and their every choice is in the
//! log. The content's label is in the header and on every board: darbar's default content is
//! its own design, not the published components (TC-19).

use darbar::engine::{DynGame, DynState, Game, Play, Seat};
use darbar::tycoon::{
    Action, ActionKind, Content, DecisionKind, Difficulty, Outcome, Phase, SeatView, Sector, State,
    Tycoon, View, effect_words, seat_colour,
};
use serde_json::{Map, Value};

use super::{Extras, Flag, Tally, tallies_of};
use crate::commands::GameFlags;

/// Tycoon's command-line extras.
pub struct TycoonExtras;

/// The game's title in headers and refusals.
const TITLE: &str = "Tycoon: India 1981";

/// The typed rules and position behind an erased one.
fn typed(state: &dyn DynState) -> Option<(&Tycoon, &State)> {
    state
        .as_any()
        .downcast_ref::<Play<Tycoon>>()
        .map(|play| (play.rules(), play.state()))
}

/// The kind of the decision now.
fn kind_of(state: &dyn DynState) -> Option<DecisionKind> {
    state
        .as_any()
        .downcast_ref::<Play<Tycoon>>()
        .and_then(Play::decision)
        .map(|d| d.kind)
}

/// The rule options of an erased game, read back from its JSON.
fn options_of(game: &dyn DynGame) -> darbar::tycoon::Options {
    serde_json::from_value(game.options_json()).unwrap_or_default()
}

/// What a summary needs from one game.
struct Played {
    /// The winning seats (two for a shared victory, TI-16.4).
    winners: Vec<Seat>,
    /// The asset and influence winners, once over.
    categories: Option<(Seat, Seat)>,
    /// Seats in the game.
    seats: usize,
}

impl Extras for TycoonExtras {
    fn title(&self, _name: &str) -> String {
        TITLE.into()
    }

    fn takes(&self, flag: Flag) -> bool {
        matches!(
            flag,
            Flag::Headlines | Flag::Kickstarter | Flag::Automas | Flag::AutomaLevel | Flag::Content
        )
    }

    /// `--headlines`, `--kickstarter`, `--automas N`, `--automa-level` (one difficulty for
    /// every automa, or a list: the first automa seat first, the rest normal), `--content DIR`.
    fn options(&self, flags: &GameFlags, options: &mut Map<String, Value>) {
        if flags.headlines {
            options.insert("headline_expansion".into(), true.into());
        }
        if flags.kickstarter {
            options.insert("include_kickstarter".into(), true.into());
        }
        if let Some(automas) = flags.automas {
            options.insert("automas".into(), automas.into());
        }
        if !flags.automa_levels.is_empty() {
            let mut levels: Vec<Value> = flags
                .automa_levels
                .iter()
                .map(|l| Value::String(l.trim().to_ascii_lowercase()))
                .collect();
            let fill = match levels.as_slice() {
                [one] => one.clone(),
                _ => Value::String(Difficulty::Normal.code().into()),
            };
            if levels.len() < 4 {
                levels.resize(4, fill);
            }
            options.insert("automa_levels".into(), Value::Array(levels));
        }
        if let Some(content) = &flags.content {
            options.insert("content".into(), content.display().to_string().into());
        }
    }

    /// More difficulties than automa seats is a mistake, not a wish (TC-16.1).
    fn check_flags(&self, game: &dyn DynGame, flags: &GameFlags) -> Result<(), String> {
        let automas = usize::from(options_of(game).automa_seats());
        let given = flags.automa_levels.len();
        if given > 1 && given > automas {
            return Err(format!(
                "--automa-level gives {given} difficulties, but the game has {automas} automa \
                 seat{} (TC-16.1)",
                if automas == 1 { "" } else { "s" }
            ));
        }
        if given > 0 && automas == 0 {
            return Err(
                "--automa-level: the game has no automa seat (add one with --automas, or play \
                 with fewer --players, TC-16.1)"
                    .into(),
            );
        }
        Ok(())
    }

    /// The colour, as typed after `--human` (`red`) and shown in headers.
    fn seat_short(&self, _game: &dyn DynGame, seat: Seat) -> String {
        seat_colour(seat).to_owned()
    }

    /// An automa seat is the rules' own (TC-16.2): nobody plays it.
    fn ruled_seat(&self, game: &dyn DynGame, seat: Seat) -> Option<String> {
        let options = options_of(game);
        let level = options.automa_of(seat)?;
        let people: Vec<String> = (0..usize::from(options.players))
            .map(|s| format!("{} ({})", s + 1, seat_colour(s)))
            .collect();
        Some(format!(
            "seat {} ({}) is an automa's ({level}): the rules play its every decision \
             (TC-16.2); {}",
            seat + 1,
            seat_colour(seat),
            match people.as_slice() {
                [] => "no seat is a person's in this game".to_owned(),
                [one] => format!("play seat {one}"),
                _ => format!("play one of the seats {}", people.join(", ")),
            }
        ))
    }

    fn describe(&self, game: &dyn DynGame) -> String {
        let options = options_of(game);
        match options.automa_seats() {
            0 => format!(" with {} people", options.players),
            n => format!(
                " with {} and {n} automa{}",
                people(usize::from(options.players)),
                if n == 1 { "" } else { "s" }
            ),
        }
    }

    /// The seats (people, automas and their difficulties), the seed, who plays, and the
    /// content's label (TC-19).
    fn play_header(&self, state: &dyn DynState, bots: &[String], humans: &[String]) -> String {
        let game = state.game();
        let options = options_of(game);
        let automas: Vec<String> = (0..game.num_players())
            .filter_map(|s| {
                options
                    .automa_of(s)
                    .map(|d| format!("{} {d}", seat_colour(s)))
            })
            .collect();
        let seats = if automas.is_empty() {
            people(usize::from(options.players))
        } else {
            format!(
                "{} and {} ({})",
                people(usize::from(options.players)),
                match automas.len() {
                    1 => "1 automa".to_owned(),
                    n => format!("{n} automas"),
                },
                automas.join(", ")
            )
        };
        // Every seat but the automas' is given a player; bots play those no person plays.
        let bots = if humans.len() >= usize::from(options.players) {
            &[][..]
        } else {
            bots
        };
        let who = if bots.is_empty() && humans.is_empty() {
            "nobody".to_owned()
        } else {
            super::who_plays(bots, humans)
        };
        let mut extras = Vec::new();
        if options.headline_expansion {
            extras.push("the Headline expansion (TI-17)");
        }
        if options.include_kickstarter {
            extras.push("the Kickstarter cards");
        }
        let with = if extras.is_empty() {
            String::new()
        } else {
            format!(", with {}", extras.join(" and "))
        };
        let label = typed(state).map_or_else(String::new, |(game, _)| game.content().label.clone());
        let automas = if automas.is_empty() {
            String::new()
        } else {
            "; the automas play themselves (TC-16.2)".to_owned()
        };
        format!(
            "{TITLE}, {seats}{with}, seed {}; {who}{automas}; {label}",
            state.seed()
        )
    }

    /// The goal (TI-16), a round (TI-4.1), the screens and the sealed bids (TI-2.6, TI-21.19).
    fn introduction(&self, state: &dyn DynState) -> String {
        let mut text = "\nThe goal (TI-16): after 7 rounds, the seat with the highest asset \
             value (AV: built industries, shares held at their colours' values, the Finance and \
             Transport tracks, unplayed merit cards, less 50 Cr a promissory note) is the asset \
             winner, the seat with the most influence (INF: the track, planning commission and \
             policy awards, less 7 a note) the influence winner. One seat that is both wins; \
             otherwise the higher support (SUP) of the two wins, and equal support shares the \
             victory (TI-16.4).\n\
             A round (TI-4.1): the Tycoon activates a region (TI-5); the round's events: a \
             sealed policy bid in promoters (TI-6.2), Income & dividends (TI-6.3), National \
             Project units (TI-6.4); an open auction for the industry display (TI-7); then \
             Phase 4, turn by turn from the Tycoon: build, shares, rally, strategy, politics \
             or loan, each once, with your action tokens (TI-8). An emergency loan (1-25 Cr \
             and a note, TI-9) is offered first at each of your decisions.\n\
             Your money, promoters, merit cards and agenda are shown only at your own \
             decisions; the others' stay behind their screens (TI-2.6). A sealed bid and the \
             agenda you keep are typed unseen and revealed only when all have answered \
             (TI-21.19).\n"
            .to_owned();
        if typed(state).is_some_and(|(game, _)| game.options().automa_seats() > 0) {
            text += "Automas (TC-16): each draws a card every round that decides its bids, \
                     actions and choices; its money, promoters and card are open to all, it \
                     never holds merit cards, and headlines never touch it. Every choice it \
                     makes is in the log.\n";
        }
        text
    }

    /// A card drawn or the sealed bids revealed cannot be taken back.
    fn undo_refusal(&self, _after: &dyn DynState) -> Option<String> {
        Some("a card was drawn from a deck, or the sealed bids were revealed (TI-21.19)".into())
    }

    /// A person sees a seat's view, never the whole position (the screens, TI-2.6): the
    /// deciding seat's, or with no seat the table as all see it.
    fn board(&self, state: &dyn DynState, seat: Option<Seat>) -> String {
        match typed(state) {
            Some((game, typed)) => board(game, typed, seat),
            None => state.to_string(),
        }
    }

    /// The board is the deciding seat's view (its money, promoters and cards, TI-2.6).
    fn board_at_decisions(&self) -> bool {
        true
    }

    /// The question; a sealed one says so (TI-21.19).
    fn decision_header(&self, state: &dyn DynState) -> String {
        let seat = state.current_player().unwrap_or(0);
        let (kind, rule) = state
            .decision_kind()
            .map(|(kind, rule)| (kind, rule.to_string()))
            .unwrap_or_default();
        let sealed = match (self.sealed(state), rule.as_str()) {
            (false, _) => "",
            (true, "TI-21.19") => ", sealed until all have answered",
            (true, _) => ", sealed until all have answered (TI-21.19)",
        };
        format!(
            "\n{} to decide the {kind} ({rule}){sealed}:\n",
            self.seat_title(state.game(), seat)
        )
    }

    /// The board above says it all; no card is "in play" in Tycoon.
    fn decision_context(&self, _state: &dyn DynState) -> String {
        String::new()
    }

    /// The sealed policy bid and the agenda kept at setup (TI-6.2, TI-3 step 17, TI-21.19).
    fn sealed(&self, state: &dyn DynState) -> bool {
        matches!(
            kind_of(state),
            Some(DecisionKind::PolicyBid | DecisionKind::Agenda)
        )
    }

    /// What a choice's numbers name: the card, city, seat or price (`game.describe`).
    fn choice_note(&self, state: &dyn DynState, action: usize) -> String {
        let (Some((game, typed)), Some(action)) = (typed(state), Action::from_index(action)) else {
            return String::new();
        };
        match action {
            Action::EmergencyLoan => return "  (1-25 Cr now, for a promissory note, TI-9)".into(),
            Action::Act(kind) | Action::ActPlus1(kind) => {
                let seat = state.current_player().unwrap_or(0);
                let words = act_words(game, typed, kind, seat);
                return match action {
                    Action::ActPlus1(_) => format!("  (with a +1 token: {words})"),
                    _ => format!("  ({words})"),
                };
            }
            _ => {}
        }
        let words = game.describe(typed, action);
        let seat = state.current_player().unwrap_or(0);
        match what_it_does(game, typed, kind_of(state), seat, action) {
            Some(does) => format!("  ({words}: {does})"),
            None if words == action.to_string() => String::new(),
            None => format!("  ({words})"),
        }
    }

    /// The numbers of these choices are amounts (TC-17); the others (`city 4`, `card 12`,
    /// `policy 1`) name a city, a card or a slot, and are always listed with their names.
    fn counts(&self, verb: &str) -> bool {
        matches!(
            verb,
            "influence" | "policy-bid" | "np-unit" | "bid" | "rally" | "loan-amount" | "repay"
        )
    }

    /// An industry bid is typed in Cr, as the table speaks of it (TI-7.4); the action counts
    /// fives.
    fn count_unit(&self, verb: &str) -> u32 {
        if verb == "bid" { 5 } else { 1 }
    }

    /// What a run of amounts is, in the unit typed, before one chooses it.
    fn range_entry(&self, state: &dyn DynState, verb: &str, low: u32, high: u32) -> String {
        let opening = typed(state).map_or(0, |(game, typed)| game.view(typed, 0).opening_bid);
        match verb {
            "bid" => format!(
                "bid {}-{} Cr  (in steps of 5 Cr, paid if you win a card; the opening minimum \
                 is {opening} Cr, TI-7.2, TI-7.4)",
                5 * low,
                5 * high
            ),
            "loan-amount" => format!(
                "borrow {low}-{high} Cr  (for one promissory note: -50 AV and -7 influence at \
                 scoring unless repaid, TI-9, TI-10)"
            ),
            _ => format!("{verb} {low}-{high}  (asks how many)"),
        }
    }

    /// What a long run of numbers counts, and what it costs.
    fn count_question(&self, state: &dyn DynState, verb: &str, low: u32, high: u32) -> String {
        let opening = typed(state).map_or(0, |(game, typed)| game.view(typed, 0).opening_bid);
        match verb {
            "bid" => format!(
                "How many Cr do you bid ({}-{}, in steps of 5; the opening minimum is \
                 {opening} Cr, TI-7.2)?",
                5 * low,
                5 * high
            ),
            "policy-bid" => {
                format!("How many promoters do you bid, sealed ({low}-{high}, TI-6.2)?")
            }
            "loan-amount" => format!("How many Cr do you borrow ({low}-{high}, TI-9)?"),
            "np-unit" => format!(
                "How many promoters toward this NP unit ({low}-{high}; each pays 5 Cr of its \
                 price, TI-21.5)?"
            ),
            _ => format!("How many ({verb} {low}-{high})?"),
        }
    }

    /// What each decision is about.
    fn decision_help(&self, state: &dyn DynState) -> String {
        let Some(kind) = kind_of(state) else {
            return String::new();
        };
        use DecisionKind as K;
        let text = match kind {
            K::StartInfluence => {
                "Your starting space on the influence track (TI-3 step 13): higher spaces come \
                 with less money. Influence order breaks most ties (TI-0.4)."
            }
            K::StartPolicy => "A starting policy from the setup draw (TI-3 step 16, TI-21.10).",
            K::Agenda => {
                "Keep one of your two corporate agendas (TI-3 step 17): it scores support at \
                 the end if you meet its tiers (TI-15). Sealed: nobody sees which (TI-21.19)."
            }
            K::Region => {
                "As the Tycoon, activate a region (TI-5): its bonus, and where the round's \
                 region effects apply."
            }
            K::PolicyBid => {
                "The sealed policy bid (TI-6.2): promoters from your personal supply, 0 \
                 allowed. The highest bid takes a displayed policy (ties by influence order); \
                 the losers move their bids into their own strategy pools. Nobody sees a bid \
                 before all are in (TI-21.19)."
            }
            K::PolicyPick => {
                "Take one of the displayed policies; the other gains a promoter (TI-6.2)."
            }
            K::NationalProject => {
                "National Project units (TI-6.4, TI-21.5): one at a time, each at the round's \
                 price, promoters paying 5 Cr each; done ends your purchases."
            }
            K::MeritWindow | K::BuildMerits => {
                "Play a merit card whose timing is now, or done (TC-12): a card drawn this \
                 phase waits for the next."
            }
            K::IndustryBid => {
                "The open industry auction (TI-7.4): bid more than the standing bid (at least \
                 the opening minimum) or pass; the two highest bidders take display cards \
                 (TI-7.5). The highest bid of the round makes the next Tycoon (TI-4.2)."
            }
            K::IndustryPick => {
                "Take a displayed industry card with one of your reserve factories (TI-7.5)."
            }
            K::Turn => {
                "A Phase-4 turn (TI-8.2): an action not taken yet this phase, with a regular, \
                 Tycoon or +1 token (TI-8.1), or pass for the rest of the phase."
            }
            K::BuildCard | K::BuildCity => {
                "Build (TI-8.3): an unbuilt industry card of yours in an empty city; its cost \
                 icons are paid to the sector leaders (2 Cr a level) and by distance (1 Cr a \
                 city), then the city, region and track bonuses."
            }
            K::WaiveIcon => "The cost icon the merit card waives on this build (TC-12).",
            K::Share => "Buy another seat's top share at its price, paid to that seat (TI-8.4).",
            K::Rally => "Move promoters into your strategy pool, then draw a merit card (TI-8.5).",
            K::Space | K::TakeIndustry | K::BuyBonus | K::Office => {
                "A strategy space (TI-8.6): paid in pool promoters; the managed spaces give a \
                 +1 token or a displayed industry, the others sell, lobby, open an Office, \
                 advertise or export."
            }
            K::StepAny | K::Offer => "A choice inside a card's effect (TC-1).",
            K::Conglomerate => "A conglomerate token (TI-11).",
            K::LoanAmount => {
                "The emergency loan's amount, 1-25 Cr, for one promissory note (TI-9)."
            }
            K::Repay => {
                "Repay notes at 50 Cr each (TI-16.1): each note kept costs 50 AV and 7 \
                 influence at scoring (TI-10)."
            }
        };
        format!("{text}\n")
    }

    /// The final table, then each seat's AV, INF and SUP term by term and the winners
    /// (TI-16).
    fn final_report(&self, state: &dyn DynState, actions: usize) -> String {
        let Some((game, typed)) = typed(state) else {
            return format!("\n{state}\n{actions} actions.\n");
        };
        let mut text = format!("\n{}{actions} actions.\n", board(game, typed, None));
        match typed.outcome() {
            None => text += "The game is not over.\n",
            Some(outcome) => text += &scores(typed, outcome),
        }
        text
    }

    fn tally(&self, state: &dyn DynState) -> Tally {
        let outcome = typed(state).and_then(|(_, s)| s.outcome());
        Box::new(Played {
            winners: outcome
                .map(|o| o.winners.iter().map(|&w| usize::from(w)).collect())
                .unwrap_or_default(),
            categories: outcome
                .map(|o| (usize::from(o.asset_winner), usize::from(o.influence_winner))),
            seats: state.game().num_players(),
        })
    }

    /// The returns are 1 for each winner (TI-16.4), so their means are win rates.
    fn returns_summary(&self, game: &dyn DynGame, mean: &[f64]) -> String {
        let rates: Vec<String> = mean
            .iter()
            .enumerate()
            .map(|(seat, share)| format!("{} {:.1}%", game.seat_name(seat), 100.0 * share))
            .collect();
        format!(
            "Wins by seat (a shared victory counts for each sharer): {}\n",
            rates.join(", ")
        )
    }

    fn fuzz_report(&self, tallies: &[Tally]) -> String {
        let all = tallies_of::<Played>(tallies);
        let shared = all.iter().filter(|p| p.winners.len() > 1).count();
        let both = all
            .iter()
            .filter(|p| p.categories.is_some_and(|(a, i)| a == i))
            .count();
        format!(
            "Asset and influence won by one seat in {both} of {} games; shared victories \
             {shared} (TI-16.4)\n",
            all.len()
        )
    }

    fn stats_tables(&self, tallies: &[Tally]) -> String {
        let all = tallies_of::<Played>(tallies);
        let n = all.len().max(1) as f64;
        let seats = all.iter().map(|p| p.seats).max().unwrap_or(0);
        let mut text = String::from(
            "\n| seat | wins | asset winner | influence winner |\n|---|---:|---:|---:|\n",
        );
        for seat in 0..seats {
            let wins = all.iter().filter(|p| p.winners == [seat]).count();
            let asset = all
                .iter()
                .filter(|p| p.categories.is_some_and(|(a, _)| a == seat))
                .count();
            let influence = all
                .iter()
                .filter(|p| p.categories.is_some_and(|(_, i)| i == seat))
                .count();
            text += &format!(
                "| {} | {:.1}% | {:.1}% | {:.1}% |\n",
                seat_colour(seat),
                100.0 * wins as f64 / n,
                100.0 * asset as f64 / n,
                100.0 * influence as f64 / n
            );
        }
        let shared = all.iter().filter(|p| p.winners.len() > 1).count();
        text += &format!(
            "| shared (TI-16.4) | {:.1}% | | |\n",
            100.0 * shared as f64 / n
        );
        text
    }
}

/// What a choice's card, space or token does (TC-1), or what building in a city costs
/// (TI-8.3.2), for a choice that names one.
fn what_it_does(
    game: &Tycoon,
    state: &State,
    kind: Option<DecisionKind>,
    seat: Seat,
    action: Action,
) -> Option<String> {
    let content = game.content();
    match action {
        Action::Policy(slot) => {
            let view = game.view(state, seat);
            let id = if kind == Some(DecisionKind::StartPolicy) {
                view.setup_policies.get(usize::from(slot))?.clone()
            } else {
                view.policy_display.get(usize::from(slot))?.id.clone()
            };
            policy_does(content, &id)
        }
        Action::Agenda(i) => {
            let view = game.view(state, seat);
            let id = view.seats.get(seat)?.agenda.as_ref()?.get(usize::from(i))?;
            agenda_does(content, id)
        }
        Action::Merit(m) => content.merits.get(usize::from(m)).map(effect_words::merit),
        Action::Space(k) => {
            let view = game.view(state, seat);
            let space = view.spaces.get(usize::from(k).checked_sub(2)?)?;
            space_does(content, &space.id)
        }
        Action::Conglomerate(t) => content
            .conglomerates
            .get(usize::from(t))
            .map(effect_words::conglomerate),
        Action::City(city) => {
            let (builder, card) = state.card_to_build()?;
            let price = state.build_price(content, builder, card, city)?;
            Some(format!("{price} Cr"))
        }
        _ => None,
    }
}

/// A policy's effects by its id (TC-8).
fn policy_does(content: &Content, id: &str) -> Option<String> {
    let policy = content.policies.get(usize::from(content.policy(id)?))?;
    Some(effect_words::policy(policy))
}

/// An agenda's tiers by its id (TC-11).
fn agenda_does(content: &Content, id: &str) -> Option<String> {
    let agenda = content.agendas.iter().find(|a| a.id == id)?;
    Some(effect_words::agenda(agenda))
}

/// A merit card's timing and effects by its id (TC-12).
fn merit_does(content: &Content, id: &str) -> Option<String> {
    let merit = content.merits.get(usize::from(content.merit(id)?))?;
    Some(effect_words::merit(merit))
}

/// An unmanaged strategy space's reward by its id (TC-5).
fn space_does(content: &Content, id: &str) -> Option<String> {
    let space = content.board.unmanaged.iter().find(|s| s.id == id)?;
    Some(effect_words::bundle(&space.reward))
}

/// What a Phase-4 action does and what it costs, before one takes it (TI-8.3 to TI-8.8).
fn act_words(game: &Tycoon, state: &State, kind: ActionKind, seat: Seat) -> String {
    match kind {
        ActionKind::Build => "build an industry card of yours in an empty city: its cost icons \
             are paid to the sector leaders, the others by distance, TI-8.3"
            .into(),
        ActionKind::Shares => "buy another seat's top share at its price, paid to that seat; \
             +2 influence a share you hold, TI-8.4"
            .into(),
        ActionKind::Rally => "move 1-6 promoters into your strategy pool, then draw a merit \
             card, TI-8.5"
            .into(),
        ActionKind::Strategy => "take a strategy space, paid in promoters from your strategy \
             pool, TI-8.6"
            .into(),
        ActionKind::Politics => "gain the politics bonuses of all your policies, then +1 \
             support, TI-8.7"
            .into(),
        ActionKind::Loan => {
            let seat = u8::try_from(seat).unwrap_or(0);
            format!(
                "borrow {} Cr for a promissory note, Finance track +1, TI-8.8",
                state.loan_amount(game.content(), seat)
            )
        }
    }
}

/// "1 person", "3 people".
fn people(n: usize) -> String {
    if n == 1 {
        "1 person".into()
    } else {
        format!("{n} people")
    }
}

/// `items` joined, or "-" for none.
fn listed(items: Vec<String>) -> String {
    if items.is_empty() {
        "-".into()
    } else {
        items.join(", ")
    }
}

/// A phase of the round in words, with its rule (TI-4.1).
fn phase_words(phase: Phase) -> &'static str {
    match phase {
        Phase::Setup => "setup (TI-3)",
        Phase::Headline => "the headline (TI-17.2)",
        Phase::Region => "Phase 1, region activation (TI-5)",
        Phase::Events => "Phase 2, the round's events (TI-6)",
        Phase::Auction => "Phase 3, industry bidding (TI-7)",
        Phase::Actions => "Phase 4, actions (TI-8)",
        Phase::RoundEnd => "the round's end (TI-4.2)",
        Phase::GameEnd => "the game's end (TI-16)",
    }
}

/// An industry card by id with its facts: `I1-09 Refinery (FUE, AV 50, income 10)`.
fn industry_words(content: &Content, id: &str) -> String {
    match content
        .industry(id)
        .and_then(|i| content.industries.get(usize::from(i)))
    {
        Some(card) => format!(
            "{id} {} ({}, AV {}, income {})",
            card.name,
            card.sector.code(),
            card.asset_value,
            card.income
        ),
        None => id.to_owned(),
    }
}

/// A policy by id with its name.
fn policy_words(content: &Content, id: &str) -> String {
    match content
        .policy(id)
        .and_then(|p| content.policies.get(usize::from(p)))
    {
        Some(policy) => format!("{id} {}", policy.name),
        None => id.to_owned(),
    }
}

/// A policy by id with its name and effects (TC-8).
fn policy_with_effects(content: &Content, id: &str) -> String {
    match policy_does(content, id) {
        Some(does) => format!("{}: {does}", policy_words(content, id)),
        None => id.to_owned(),
    }
}

/// An unmanaged strategy space by id: its type, price in pool promoters and reward, and the
/// seat that took it (TI-8.6, TC-5).
fn space_words(content: &Content, id: &str, taken_by: Option<Seat>) -> String {
    let taken = taken_by.map_or(String::new(), |owner| {
        format!(" (taken by {})", seat_colour(owner))
    });
    match content.board.unmanaged.iter().find(|s| s.id == id) {
        Some(space) => format!(
            "{id} {}, {}: {}{taken}",
            effect_words::space_name(space.kind),
            match space.cost {
                1 => "1 promoter".to_owned(),
                n => format!("{n} promoters"),
            },
            effect_words::bundle(&space.reward)
        ),
        None => format!("{id}{taken}"),
    }
}

/// A city's name by id.
fn city_name<'a>(content: &'a Content, id: &'a str) -> &'a str {
    content
        .city(id)
        .and_then(|c| content.map.cities.get(c.index()))
        .map_or(id, |c| c.name.as_str())
}

/// "+2 promoters" on a display card, or nothing.
fn on_it(promoters: u32) -> String {
    match promoters {
        0 => String::new(),
        1 => ", +1 promoter on it".into(),
        n => format!(", +{n} promoters on it"),
    }
}

/// The table as `viewer` sees it ([`View`]), or with no viewer as all see it: the round and
/// phase, the displays, every seat in turn order from the Tycoon (money and promoters behind
/// another person's screen hidden, TI-2.6; merit cards and agendas only the viewer's), the
/// map, the strategy spaces, and the content's label. Once the game is over the screens are
/// down: every seat's money shows.
fn board(game: &Tycoon, state: &State, viewer: Option<Seat>) -> String {
    let content = game.content();
    let over = state.outcome().is_some();
    let mut view: View = game.view(state, viewer.unwrap_or(0));
    if over {
        for (k, seat) in view.seats.iter_mut().enumerate() {
            if let Some(x) = state.seat(k) {
                seat.money = Some(x.money);
                seat.promoters = Some(x.promoters);
                seat.merits = Some(
                    x.merits
                        .iter()
                        .filter_map(|m| content.merits.get(usize::from(m.card)))
                        .map(|m| m.id.clone())
                        .collect(),
                );
                seat.agenda = Some(
                    x.agenda
                        .iter()
                        .filter_map(|&a| content.agendas.get(usize::from(a)))
                        .map(|a| a.id.clone())
                        .collect(),
                );
            }
        }
    } else if viewer.is_none()
        && let Some(first) = view.seats.first_mut()
        && first.automa.is_none()
    {
        // Seat 0's view, shown to nobody in particular: its screen goes back up.
        first.money = None;
        first.promoters = None;
        first.merits = None;
        first.agenda = None;
    }
    let mut text = match view.round {
        0 => format!("{TITLE}: setup (TI-3)"),
        8 => format!("{TITLE}: the end, after round 7 (TI-16)"),
        r => format!("{TITLE}: round {r} of 7, {}", phase_words(view.phase)),
    };
    text += &format!("; Tycoon {}", seat_colour(view.tycoon));
    if let Some(region) = view.region {
        text += &format!("; active region {}", region.name());
    }
    text += ".\n";
    if let Some(plan) = usize::from(view.round)
        .checked_sub(1)
        .and_then(|r| content.board.rounds.get(r))
    {
        let events: Vec<&str> = plan
            .events
            .iter()
            .map(|e| match e {
                darbar::tycoon::content::RoundEvent::PolicyBid => "the sealed policy bid",
                darbar::tycoon::content::RoundEvent::Income => "Income & dividends",
                darbar::tycoon::content::RoundEvent::NationalProject => "the National Project",
            })
            .collect();
        if !events.is_empty() && view.round <= 7 {
            text += &format!("This round's events (TI-6.1): {}.\n", events.join(", "));
        }
    }
    if let Some(headline) = &view.headline {
        let words = content
            .headlines
            .iter()
            .find(|h| &h.id == headline)
            .map_or(String::new(), |h| {
                format!(" {}: {}", h.name, effect_words::headline(h))
            });
        text += &format!("Headline (TI-17): {headline}{words}.\n");
    }
    let industries: Vec<String> = view
        .industry_display
        .iter()
        .map(|s| format!("{}{}", industry_words(content, &s.id), on_it(s.promoters)))
        .collect();
    text += &format!(
        "Industry display: {}; {} in the deck.\n",
        listed(industries),
        view.industry_deck
    );
    text += &format!("Policy display, {} in the deck:\n", view.policy_deck);
    if view.policy_display.is_empty() {
        text += "  -\n";
    }
    for slot in &view.policy_display {
        text += &format!(
            "  {}{}\n",
            policy_with_effects(content, &slot.id),
            on_it(slot.promoters)
        );
    }
    if !view.setup_policies.is_empty() {
        text += "Starting policies to take:\n";
        for id in &view.setup_policies {
            text += &format!("  {}\n", policy_with_effects(content, id));
        }
    }
    if view.phase == Phase::Auction {
        text += &format!(
            "The auction's opening minimum: {} Cr (TI-7.2).\n",
            view.opening_bid
        );
    }
    text += "Seats, in turn order from the Tycoon:\n";
    let n = view.seats.len();
    for k in (0..n).map(|i| (view.tycoon + i) % n) {
        if let Some(seat) = view.seats.get(k) {
            text += &seat_lines(content, &view, k, seat, viewer);
        }
    }
    text += &map_lines(content, &view);
    if !view.spaces.is_empty() {
        text += "Strategy spaces (TI-8.6), paid in pool promoters:\n";
        for space in &view.spaces {
            text += &format!("  {}\n", space_words(content, &space.id, space.covered_by));
        }
    }
    if !view.plans.is_empty() || !view.favours.is_empty() {
        let favoured: Vec<String> = view
            .favours
            .iter()
            .filter_map(|f| content.favours.iter().find(|x| &x.id == f))
            .map(|f| f.sector.name().to_owned())
            .collect();
        text += &format!(
            "Favoured sectors (TI-12): {}; planning commission (TI-14):\n",
            listed(favoured)
        );
        for id in &view.plans {
            text += &match content.plans.iter().find(|p| &p.id == id) {
                Some(plan) => format!("  {id} {}: {}\n", plan.name, effect_words::plan(plan)),
                None => format!("  {id}\n"),
            };
        }
    }
    text += &format!("Content: {}\n", view.content);
    text
}

/// One seat's lines on the board.
fn seat_lines(
    content: &Content,
    view: &View,
    k: Seat,
    seat: &SeatView,
    viewer: Option<Seat>,
) -> String {
    let mut tags = Vec::new();
    if viewer == Some(k) {
        tags.push("you".to_owned());
    }
    if let Some(level) = seat.automa {
        tags.push(format!("automa, {level}"));
    }
    if view.tycoon == k {
        tags.push("the Tycoon".to_owned());
    }
    let tags = if tags.is_empty() {
        String::new()
    } else {
        format!(" ({})", tags.join(", "))
    };
    let money = seat
        .money
        .map_or_else(|| "Cr hidden".to_owned(), |m| format!("{m} Cr"));
    let promoters = seat.promoters.map_or_else(
        || "promoters hidden".to_owned(),
        |p| match p {
            1 => "1 promoter".to_owned(),
            p => format!("{p} promoters"),
        },
    );
    let mut status = Vec::new();
    if view.phase == Phase::Actions && !seat.out {
        let mut tokens = format!(
            "{} action token{}",
            seat.tokens,
            if seat.tokens == 1 { "" } else { "s" }
        );
        if seat.tycoon_token {
            tokens += " and the Tycoon token";
        }
        status.push(tokens);
    }
    if seat.plus1 > 0 {
        status.push(format!("+1 tokens {}", seat.plus1));
    }
    if seat.out && view.phase == Phase::Actions {
        status.push("out of Phase 4".into());
    }
    if let Some(bid) = seat.standing_bid {
        status.push(format!("standing bid {bid} Cr"));
    }
    if seat.has_bid {
        status.push("has bid (sealed)".into());
    }
    let status = if status.is_empty() {
        String::new()
    } else {
        format!("; {}", status.join(", "))
    };
    let mut text = format!(
        "  {}{tags}: {money}, {promoters}, pool {}; influence {}, support {}, notes {}{status}\n",
        seat.name, seat.pool, seat.influence, seat.support, seat.notes
    );
    let tracks: Vec<String> = Sector::ALL
        .iter()
        .zip(seat.levels)
        .filter(|&(_, l)| l > 0)
        .map(|(s, l)| format!("{} {l}", s.code()))
        .collect();
    let held: Vec<String> = seat
        .held
        .iter()
        .enumerate()
        .filter(|&(_, &h)| h > 0)
        .map(|(o, &h)| format!("{} {h}", seat_colour(o)))
        .collect();
    let next = seat
        .next_share
        .map_or_else(String::new, |v| format!(", next {v} Cr"));
    let held = if held.is_empty() {
        "no other seat's shares".to_owned()
    } else {
        format!("shares of {}", held.join(", "))
    };
    text += &format!(
        "    tracks: {}; {} factories in reserve; own shares {} left{next}; holds {held}\n",
        listed(tracks),
        seat.reserve,
        seat.shares_left,
    );
    let industries: Vec<String> = seat
        .industries
        .iter()
        .map(|h| match &h.city {
            Some(city) => format!(
                "{} in {}",
                industry_words(content, &h.id),
                city_name(content, city)
            ),
            None => format!("{} (unbuilt)", industry_words(content, &h.id)),
        })
        .collect();
    text += &format!("    industries: {}\n", listed(industries));
    if viewer == Some(k) {
        text += &own_cards(content, seat);
    } else {
        text += &cards_by_name(content, seat);
    }
    if let Some(card) = &seat.automa_card
        && let Some(data) = content.automa.iter().find(|a| &a.id == card)
    {
        let plan: Vec<&str> = data.plan.iter().map(|p| p.code()).collect();
        let strategy: Vec<&str> = data.strategy.iter().map(|s| s.code()).collect();
        text += &format!(
            "    card {card} (TC-16.3): plan {}; strategy {}; bids up to AV + {} Cr, {} \
             promoters for policies, {} NP units; focus {} and the {}\n",
            plan.join(", "),
            strategy.join(", "),
            data.bid_margin,
            data.policy_bid,
            data.np_units,
            data.focus_sector.name(),
            data.focus_region.name(),
        );
    }
    text
}

/// The viewer's own policies, merit cards and agenda, one a line with what each does (TC-8,
/// TC-11, TC-12).
fn own_cards(content: &Content, seat: &SeatView) -> String {
    let mut text = String::new();
    if seat.policies.is_empty() {
        text += "    policies: -\n";
    }
    for p in &seat.policies {
        text += &format!("    policy {}\n", policy_with_effects(content, p));
    }
    let merits = seat.merits.as_deref().unwrap_or_default();
    if merits.is_empty() {
        text += "    merit cards: -\n";
    }
    for m in merits {
        let does = merit_does(content, m).unwrap_or_default();
        text += &format!("    merit card {}: {does}\n", merit_name(content, m));
    }
    let agendas = seat.agenda.as_deref().unwrap_or_default();
    for (i, a) in agendas.iter().enumerate() {
        let does = agenda_does(content, a).unwrap_or_default();
        let which = match (agendas.len(), i) {
            (1, _) => "agenda",
            (_, 0) => "agenda to keep",
            _ => "   or",
        };
        text += &format!("    {which} {}: {does}\n", agenda_name(content, a));
    }
    text
}

/// Another seat's policies, merit cards and agenda, by name on one line (its merit cards and
/// agenda behind its screen, TI-2.6).
fn cards_by_name(content: &Content, seat: &SeatView) -> String {
    let policies: Vec<String> = seat
        .policies
        .iter()
        .map(|p| policy_words(content, p))
        .collect();
    let merits = match &seat.merits {
        Some(ids) => {
            let cards: Vec<String> = ids.iter().map(|m| merit_name(content, m)).collect();
            format!("merit cards: {}", listed(cards))
        }
        None => match seat.merit_count {
            1 => "1 merit card".to_owned(),
            n => format!("{n} merit cards"),
        },
    };
    let agenda = match &seat.agenda {
        Some(ids) if !ids.is_empty() => {
            let kept: Vec<String> = ids.iter().map(|a| agenda_name(content, a)).collect();
            format!("; agenda {}", kept.join(" or "))
        }
        Some(_) => String::new(),
        None if seat.automa.is_some() => "; agenda face down".to_owned(),
        None => "; agenda hidden".to_owned(),
    };
    format!("    policies: {}; {merits}{agenda}\n", listed(policies))
}

/// A merit card by id with its name.
fn merit_name(content: &Content, id: &str) -> String {
    content
        .merits
        .iter()
        .find(|x| x.id == id)
        .map_or(id.to_owned(), |x| format!("{id} {}", x.name))
}

/// An agenda by id with its name.
fn agenda_name(content: &Content, id: &str) -> String {
    content
        .agendas
        .iter()
        .find(|x| x.id == id)
        .map_or(id.to_owned(), |x| format!("{id} {}", x.name))
}

/// The map by region: the cities with a factory, and how many are empty.
fn map_lines(content: &Content, view: &View) -> String {
    let mut text = String::from("Map (TC-2):\n");
    for region in &content.map.regions {
        let cities: Vec<_> = view
            .cities
            .iter()
            .filter(|c| c.region == region.code)
            .collect();
        let built: Vec<String> = cities
            .iter()
            .filter_map(|c| {
                let owner = seat_colour(c.owner?);
                Some(match &c.industry {
                    Some(card) => format!("{} {owner} {card}", city_name(content, &c.id)),
                    None => format!("{} {owner} Office", city_name(content, &c.id)),
                })
            })
            .collect();
        let empty = cities.len() - built.len();
        text += &format!(
            "  {}: {}{}\n",
            region.code.name(),
            if built.is_empty() {
                String::new()
            } else {
                format!("{}; ", built.join(", "))
            },
            match empty {
                1 => "1 city empty".to_owned(),
                n => format!("{n} cities empty"),
            }
        );
    }
    text
}

/// Each seat's AV, INF and SUP term by term (TI-16.2, TI-16.3, TI-16.5), then the category
/// winners and the winners (TI-16.4).
fn scores(state: &State, outcome: &Outcome) -> String {
    let mut text = String::from(
        "Scores (TI-16): asset value (AV, TI-16.2), influence (INF, TI-16.3) and support (SUP, \
         TI-16.5), term by term:\n",
    );
    for (k, score) in outcome.scores.iter().enumerate() {
        let (notes, track, tokens) = state
            .seat(k)
            .map_or((0, 0, 0), |x| (x.notes, x.influence, x.support));
        let wins = if outcome.winners.iter().any(|&w| usize::from(w) == k) {
            "  (wins)"
        } else {
            ""
        };
        text += &format!(
            "  {:<6} AV {:>4} (industries {}, shares {}, tracks {}, merit cards {}, notes {}); \
             INF {:>3} (track {track}, plans {}, policies {}, notes {}); SUP {:>2} (tokens \
             {tokens}, favoured sectors {}, policies {}, agenda {}){wins}\n",
            seat_colour(k),
            score.asset_value,
            score.industry_av,
            score.share_av,
            score.track_av,
            score.merit_av,
            -50 * i64::from(notes),
            score.influence,
            score.plan_influence,
            score.policy_influence,
            -7 * i64::from(notes),
            score.support,
            score.favour_support,
            score.policy_support,
            score.agenda_support,
        );
    }
    let asset = usize::from(outcome.asset_winner);
    let influence = usize::from(outcome.influence_winner);
    text += &format!(
        "Asset winner (TI-16.2): {}; influence winner (TI-16.3): {}.\n",
        seat_colour(asset),
        seat_colour(influence)
    );
    let sup = |s: Seat| outcome.scores.get(s).map_or(0, |x| x.support);
    text += &match outcome.winners.as_slice() {
        [one] if asset == influence => {
            format!(
                "Winner: {} (both categories, TI-16.4)\n",
                seat_colour(usize::from(*one))
            )
        }
        [one] => format!(
            "Winner: {} (the higher support of the two, {} to {}, TI-16.4)\n",
            seat_colour(usize::from(*one)),
            sup(usize::from(*one)),
            sup(if usize::from(*one) == asset {
                influence
            } else {
                asset
            })
        ),
        many => {
            let names: Vec<&str> = many.iter().map(|&w| seat_colour(usize::from(w))).collect();
            format!(
                "Winners (a shared victory, equal support {}, TI-16.4): {}\n",
                sup(asset),
                names.join(" and ")
            )
        }
    };
    text
}
