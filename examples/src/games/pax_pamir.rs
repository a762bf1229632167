//! Pax Pamir's extras: the player count in the headers, the goal and the turn for a person
//! (PP-6, PP-13), the deciding seat's own view before its decisions when others changed it
//! (its hand and the market in full text, its rupees, loyalty and actions left, and what is
//! on the table, but never another seat's hand, PP-0.4), the card and price behind each choice, the final
//! scores with the tie-breakers and why the game ended (PP-13.8, PP-13.9), and the winners,
//! endings and lengths of many games.
//!
//! With `--wakhan` the automated opponent plays seat 0 (WK-10) and is named Wakhan everywhere
//! (headers, boards, scores, the winner); her turn is told as a story, each line indented
//! under its turn and citing its WK rule, and the board a person is shown her current AI card, the next card's back and what the arrows read on it (WK-1.2,
//! WK-1.3), never the AI deck's order.

use darbar::engine::{DynGame, DynState, Game, Play, Seat};
use darbar::pax_pamir::{
    Action, Border, CardId, Coalition, DecisionKind, EndReason, PaxPamir, Slot, State, Suit, View,
    WAKHAN_SEAT, card_name, seat_name,
};

use super::{Extras, Tally, tallies_of, who_plays};
use crate::terminal::wrap;

/// Pax Pamir's command-line extras.
pub struct PaxPamirExtras;

/// The width the card texts are wrapped to.
const WIDTH: usize = 96;

/// The typed rules and position behind an erased one.
fn typed(state: &dyn DynState) -> Option<(&PaxPamir, &State)> {
    state
        .as_any()
        .downcast_ref::<Play<PaxPamir>>()
        .map(|play| (play.rules(), play.state()))
}

/// The kind of the decision now.
fn kind_of(state: &dyn DynState) -> Option<DecisionKind> {
    state
        .as_any()
        .downcast_ref::<Play<PaxPamir>>()
        .and_then(Play::decision)
        .map(|d| d.kind)
}

/// What a summary needs from one game.
struct Played {
    /// The winning seats (several for a shared win, PP-OQ-29).
    winners: Vec<Seat>,
    /// Why it ended, if it did.
    reason: Option<EndReason>,
    /// Turns begun.
    turns: u32,
    /// Seats in the game.
    players: usize,
    /// Whether Wakhan played seat 0 (WK-10).
    wakhan: bool,
}

impl Extras for PaxPamirExtras {
    fn title(&self, _name: &str) -> String {
        "Pax Pamir".into()
    }

    /// Wakhan's seat is the rules' own (WK-8): nobody plays it.
    fn ruled_seat(&self, game: &dyn DynGame, seat: Seat) -> Option<String> {
        let wakhan = game.options_json().get("wakhan") == Some(&serde_json::Value::Bool(true));
        (wakhan && seat == darbar::pax_pamir::WAKHAN_SEAT).then(|| {
            format!(
                "seat {} is Wakhan's: the rules play her every decision (WK-8); play seat 2 \
                 ({}){}",
                seat + 1,
                game.seat_name(seat + 1),
                if game.num_players() == 3 {
                    format!(" or 3 ({})", game.seat_name(seat + 2))
                } else {
                    String::new()
                }
            )
        })
    }

    fn takes(&self, flag: super::Flag) -> bool {
        flag == super::Flag::Wakhan
    }

    /// `--wakhan`: the automated opponent plays seat 0 (WK-10).
    fn options(
        &self,
        flags: &crate::commands::GameFlags,
        options: &mut serde_json::Map<String, serde_json::Value>,
    ) {
        if flags.wakhan {
            options.insert("wakhan".into(), true.into());
        }
    }

    /// `P1` to `P5`, as the log writes them; `Wakhan` for her seat (WK-10).
    fn seat_short(&self, game: &dyn DynGame, seat: Seat) -> String {
        game.seat_name(seat)
    }

    fn describe(&self, game: &dyn DynGame) -> String {
        if with_wakhan(game) {
            format!(" with {} players against Wakhan", game.num_players())
        } else {
            format!(" with {} players", game.num_players())
        }
    }

    /// The player count and who plays; in a game with Wakhan, that the game is against her
    /// and that she plays her own seat (the rules decide for her, WK-10): no bot plays it.
    fn play_header(&self, state: &dyn DynState, bots: &[String], humans: &[String]) -> String {
        let game = state.game();
        let n = game.num_players();
        if !with_wakhan(game) {
            return format!(
                "Pax Pamir, {n} players, seed {}; {}",
                state.seed(),
                who_plays(bots, humans)
            );
        }
        let wakhan = game.seat_name(WAKHAN_SEAT);
        let people: Vec<String> = humans.iter().filter(|h| **h != wakhan).cloned().collect();
        // Every seat but hers is given a player; bots play those no person plays.
        let bots = if people.len() + 1 >= n { &[][..] } else { bots };
        let who = if bots.is_empty() && people.is_empty() {
            "nobody else".to_owned()
        } else {
            who_plays(bots, &people)
        };
        format!(
            "Pax Pamir against Wakhan, {n} players (Wakhan and {}), seed {}; {who}; Wakhan \
             plays herself (WK-10)",
            match n - 1 {
                1 => "1 person".to_owned(),
                k => format!("{k} people"),
            },
            state.seed(),
        )
    }

    /// The goal and how it is scored (PP-13), and a turn (PP-6, PP-7, PP-8).
    fn introduction(&self, state: &dyn DynState) -> String {
        "\nThe goal (PP-13): Victory Points, won at the Dominance Checks. A check scores the \
         players loyal to a coalition that has 4 blocks (armies and roads) more on the map \
         than each other coalition, by influence (5, 3, 1 VP); with no such coalition, every \
         player by cylinders in play (3, 1 VP); the final check scores double. The game ends \
         after a check that leaves one player 4 VP ahead of every other (PP-13.8), or after \
         the final check: most VP wins, then most military stars, then most rupees (PP-13.9).\n\
         A turn (PP-6): two actions, in any order: buy a market card (it costs its column in \
         rupees, twice that while Military is favored, PP-7.1), play a card from your hand to \
         either end of your court (PP-7.2), or use an action of a court card (tax, gift, \
         build, move, betray, battle, PP-8), free when the card's suit is favored (PP-6.3); \
         then cleanup (PP-12). Your hand and the market are shown in full before your decision \
         when others changed them since you last saw them, and on \"board\"; the others' \
         hands are hidden (PP-0.4).\n"
            .to_owned()
            + if with_wakhan(state.game()) {
                "Wakhan (WK): the automated opponent plays the first seat and the first turn \
                 (WK-10). She is loyal to all three coalitions, with an influence in each \
                 (WK-11.5); her blocks take her pragmatic loyalty, the first coalition of her \
                 AI card that no person is loyal to (WK-1.4). Each turn she draws an AI card \
                 (WK-1.2) and works down its three lines (WK-2.2): her one core action is to \
                 Radicalize, buying a market card and playing it at once (WK-4), picked by \
                 the arrows of her card on the back of the next one (WK-1.3). Her turn is told \
                 line by line, each choice with its rule; her AI card and the next card's back \
                 are on the board you are shown.\n"
            } else {
                ""
            }
    }

    /// A card drawn into the market cannot be put back unseen (PP-12.4), nor an AI card
    /// Wakhan drew (WK-1.2).
    fn undo_refusal(&self, after: &dyn DynState) -> Option<String> {
        Some(
            if typed(after).is_some_and(|(_, s)| s.wakhan_seat().is_some()) {
                "a card was drawn from the deck into the market (PP-12.4), or Wakhan drew an AI \
                 card (WK-1.2)"
            } else {
                "a card was drawn from the deck into the market (PP-12.4)"
            }
            .into(),
        )
    }

    /// A person sees a seat's view, never the whole position (other hands are hidden,
    /// PP-0.4): the deciding seat's, or with no seat the table with every hand by its size.
    fn board(&self, state: &dyn DynState, seat: Option<Seat>) -> String {
        match typed(state) {
            Some((game, typed)) => match seat {
                Some(seat) => seat_view(state.game(), game, typed, seat),
                None => {
                    let _ = game;
                    typed.public_board()
                }
            },
            None => state.to_string(),
        }
    }

    /// The board is the deciding seat's view (its hand, the market at its prices, PP-0.4).
    fn board_at_decisions(&self) -> bool {
        true
    }

    /// The question; during Wakhan's turn, says so.
    fn decision_header(&self, state: &dyn DynState) -> String {
        let seat = state.current_player().unwrap_or(0);
        let (kind, rule) = state
            .decision_kind()
            .map(|(kind, rule)| (kind, rule.to_string()))
            .unwrap_or_default();
        let during = typed(state)
            .filter(|(_, typed)| typed.is_wakhan(typed.active()) && seat != typed.active())
            .map(|_| "During Wakhan's turn: ")
            .unwrap_or_default();
        format!(
            "\n{during}{} to decide {kind} ({rule}):\n",
            self.seat_title(state.game(), seat)
        )
    }

    /// Her turn as a story (WK-2): each line of a turn of Wakhan's indented under a header
    /// that names it, with a blank line after, so that a person reads what she did and why
    /// (every choice of hers cites its WK rule).
    fn action_lines(&self, _action: &str, log: Vec<String>) -> Vec<String> {
        story(log)
    }

    /// The view above says it all; no card is "in play" in Pax Pamir.
    fn decision_context(&self, _state: &dyn DynState) -> String {
        String::new()
    }

    /// The card a choice names, a purchase's price, a gift's price, a bonus action.
    fn choice_note(&self, state: &dyn DynState, action: usize) -> String {
        let (Some((game, typed)), Some(action), Some(seat)) = (
            typed(state),
            Action::from_index(action),
            state.current_player(),
        ) else {
            return String::new();
        };
        let cards = game.cards();
        let name = |card: CardId| {
            cards
                .court(card)
                .map(|c| c.name.clone())
                .or_else(|| cards.event(card).map(|e| e.name.clone()))
                .unwrap_or_default()
        };
        match action {
            Action::Purchase(slot) => {
                let Some(card) = typed.market_card(slot) else {
                    return String::new();
                };
                let mut note = format!(
                    "  ({}, costs {}",
                    name(card),
                    rupees(typed.cost(cards, seat, slot).into())
                );
                let on = typed.market_rupees(slot);
                if on > 0 {
                    note += &format!(", takes the {} on it", rupees(on.into()));
                }
                note + ")"
            }
            Action::Use(card, _) if typed.is_favored(cards, seat, card) => {
                format!("  ({}, favored: a bonus action, PP-6.3)", name(card))
            }
            Action::Play(card, _)
            | Action::Use(card, _)
            | Action::SpyOn(card)
            | Action::SpyFrom(card)
            | Action::SpyTo(card)
            | Action::Betray(card)
            | Action::BattleOn(card)
            | Action::SafeHouse(card)
            | Action::Discard(card) => format!("  ({})", name(card)),
            Action::GiftOn(slot) => format!("  (costs {})", rupees(slot.price().into())),
            _ => String::new(),
        }
    }

    /// What each decision is about (PP-16).
    fn decision_help(&self, state: &dyn DynState) -> String {
        let Some(kind) = kind_of(state) else {
            return String::new();
        };
        let text = match kind {
            DecisionKind::Loyalty => {
                "Your coalition (PP-4.6, PP-9.1): you score at a successful Dominance Check \
                 only when your coalition is dominant; it changes when you play a patriot or \
                 take a prize of another coalition, losing your gifts, prizes and patriots \
                 (PP-9.3)."
            }
            DecisionKind::Action => {
                "Up to two actions, and any number of bonus actions (a favored card's action, \
                 PP-6.3), then end: cleanup discards down to your court and hand limits \
                 (PP-12.1, PP-12.2) and the market slides and refills (PP-12.4). buy SLOT \
                 costs the slot's column in rupees (twice that while Military is favored), \
                 paid onto the cards to its left, and takes the rupees on it (PP-7.1); \
                 play #N left/right puts a hand card at that end of your court and resolves \
                 its impact icons (PP-7.2); use #N ACTION takes one action of a court card, \
                 once per card and turn (PP-6.4)."
            }
            DecisionKind::Blackmail => {
                "Blackmail (PP-15): at the start of your turn, a spy of yours on a court card \
                 of the ability's region that has no spy."
            }
            DecisionKind::Bribe if typed(state).is_some_and(|(_, s)| s.is_wakhan(s.active())) => {
                "Wakhan owes you a bribe (WK-4.3, WK-11.4): to play the card she bought in a \
                 region you rule, a rupee per tribe of yours there; to use a card you hold \
                 hostage, a rupee per spy. grant asks nothing, counter N asks N rupees; she \
                 pays what you ask if she can, and otherwise discards the card she bought \
                 (her action still counts)."
            }
            DecisionKind::Bribe => {
                "A bribe (PP-7.2.3): to play a card, its region's ruler is owed a rupee per \
                 tribe of theirs there (PP-7.2.2); to use a card held hostage, the player with \
                 the most spies on it a rupee per spy (PP-8.2). Pay, ask for less (the \
                 receiver grants it or counters), or withdraw the action (no action is spent, \
                 PP-6.5)."
            }
            DecisionKind::Tax => {
                "Tax (PP-8.3): take rupees up to the card's rank, from market cards or from \
                 players with a card in their court of a region you rule; a player keeps \
                 rupees up to their economic stars (tax shelter, PP-8.3.3)."
            }
            DecisionKind::Gift => {
                "A gift (PP-8.4): pay 2, 4 or 6 rupees for a cylinder on that slot; each gift \
                 is 1 influence (PP-9.2)."
            }
            DecisionKind::BuildCount | DecisionKind::BuildBlock | DecisionKind::Infrastructure => {
                "Build (PP-8.5): up to 3 blocks of your coalition, 2 rupees each, armies in \
                 regions you rule and roads on their borders."
            }
            DecisionKind::Move => {
                "Move (PP-8.6): steps up to the card's rank; an army crosses a border with a \
                 road of its coalition, a spy goes to the next court card of the spy ring."
            }
            DecisionKind::Betray | DecisionKind::Prize => {
                "Betray (PP-8.7): 2 rupees to discard a card on which you have a spy; a card \
                 with a prize may be kept as one (1 influence, PP-3.8), which may change your \
                 loyalty."
            }
            DecisionKind::BattleSite | DecisionKind::Battle => {
                "Battle (PP-8.8): in a region or on a court card where you have armies or \
                 spies, remove up to the card's rank of enemy pieces, never more than your own \
                 pieces there."
            }
            DecisionKind::CourtLimit | DecisionKind::HandLimit => {
                "Cleanup (PP-12.1, PP-12.2): the court holds 3 plus your political stars, the \
                 hand 2 plus your intelligence stars; discard the excess."
            }
            DecisionKind::Leverage | DecisionKind::DiscardOrder => {
                "Leverage (PP-11.2): a discarded leveraged card costs 2 rupees; what you cannot \
                 pay you pay in cards from hand or court."
            }
            _ => return String::new(),
        };
        format!("{text}\n")
    }

    /// The board, then each seat's VP and tie-breakers (PP-13.9) and why the game ended.
    fn final_report(&self, state: &dyn DynState, actions: usize) -> String {
        let Some((game, typed)) = typed(state) else {
            return format!("\n{state}\n{actions} actions.\n");
        };
        let mut text = format!("\n{state}\n{actions} actions, {} turns.\n", typed.turns());
        text += &scores(game, typed);
        match typed.outcome() {
            None => text += "The game is not over.\n",
            Some(outcome) => {
                let winners: Vec<Seat> = outcome.winners().collect();
                text += &ending(game, typed, outcome.reason, &winners);
            }
        }
        text
    }

    fn tally(&self, state: &dyn DynState) -> Tally {
        let typed = typed(state).map(|(_, s)| s);
        Box::new(Played {
            winners: typed
                .and_then(State::outcome)
                .map(|o| o.winners().collect())
                .unwrap_or_default(),
            reason: typed.and_then(State::outcome).map(|o| o.reason),
            turns: typed.map_or(0, State::turns),
            players: state.game().num_players(),
            wakhan: typed.is_some_and(|s| s.wakhan_seat().is_some()),
        })
    }

    /// The returns are 1 for each winner (PP-OQ-29), so their means are win rates.
    fn returns_summary(&self, game: &dyn DynGame, mean: &[f64]) -> String {
        let rates: Vec<String> = mean
            .iter()
            .enumerate()
            .map(|(seat, share)| format!("{} {:.1}%", game.seat_name(seat), 100.0 * share))
            .collect();
        format!(
            "Wins by seat (a shared win counts for each sharer): {}\n",
            rates.join(", ")
        )
    }

    fn fuzz_report(&self, tallies: &[Tally]) -> String {
        let all = tallies_of::<Played>(tallies);
        let n = all.len().max(1) as f64;
        let share = |reason: EndReason| {
            100.0 * all.iter().filter(|p| p.reason == Some(reason)).count() as f64 / n
        };
        let shared = all.iter().filter(|p| p.winners.len() > 1).count();
        format!(
            "Endings: a lead of 4 VP after a Dominance Check {:.1}% (PP-13.8), the final \
             Dominance Check {:.1}% (PP-13.9); shared wins {shared}; {} turns per game\n",
            share(EndReason::Lead),
            share(EndReason::FinalCheck),
            mean_turns(&all)
        )
    }

    fn stats_per_game(&self, tallies: &[Tally]) -> Option<String> {
        let all = tallies_of::<Played>(tallies);
        Some(format!("{} turns", mean_turns(&all)))
    }

    fn stats_tables(&self, tallies: &[Tally]) -> String {
        let all = tallies_of::<Played>(tallies);
        let n = all.len().max(1) as f64;
        let row =
            |label: &str, k: usize| format!("| {label} | {k} | {:.1}% |\n", 100.0 * k as f64 / n);
        let seats = all.iter().map(|p| p.players).max().unwrap_or(0);
        let wakhan = all.iter().any(|p| p.wakhan);
        let mut text = String::from("\n| winner | games | share |\n|---|---:|---:|\n");
        for seat in 0..seats {
            let wins = all.iter().filter(|p| p.winners == [seat]).count();
            let who = if wakhan && seat == WAKHAN_SEAT {
                "Wakhan".to_owned()
            } else {
                u8::try_from(seat).map_or_else(|_| seat.to_string(), seat_name)
            };
            text += &row(&who, wins);
        }
        text += &row(
            "shared (PP-13.9)",
            all.iter().filter(|p| p.winners.len() > 1).count(),
        );
        text += "\n| ending | games | share |\n|---|---:|---:|\n";
        let count = |reason: Option<EndReason>| all.iter().filter(|p| p.reason == reason).count();
        text += &row(
            "a lead of 4 VP after a Dominance Check (PP-13.8)",
            count(Some(EndReason::Lead)),
        );
        text += &row(
            "the final Dominance Check (PP-13.9)",
            count(Some(EndReason::FinalCheck)),
        );
        let unfinished = count(None);
        if unfinished > 0 {
            text += &row("not over", unfinished);
        }
        text
    }
}

/// "1 rupee", "3 rupees".
fn rupees(n: i64) -> String {
    if n == 1 {
        "1 rupee".into()
    } else {
        format!("{n} rupees")
    }
}

/// The mean number of turns, to one decimal.
fn mean_turns(all: &[&Played]) -> String {
    let turns: f64 = all.iter().map(|p| f64::from(p.turns)).sum();
    format!("{:.1}", turns / all.len().max(1) as f64)
}

/// A seat's name in this game: `Wakhan` for hers, else `P1` to `P5` (WK-10).
fn name(state: &State, seat: usize) -> String {
    u8::try_from(seat).map_or_else(|_| seat.to_string(), |s| state.name_of(s))
}

/// Whether Wakhan plays in `game` (WK-10): its seat 0 is named after her.
fn with_wakhan(game: &dyn DynGame) -> bool {
    game.num_players() > WAKHAN_SEAT && game.seat_name(WAKHAN_SEAT) == "Wakhan"
}

/// The log of one action with each turn of Wakhan's told as a story (WK-2): her turn's header
/// line becomes `Wakhan's turn N (the automated opponent, WK-2):` and every line of the turn
/// after it is indented, up to the next turn's header; the other lines are as logged.
fn story(log: Vec<String>) -> Vec<String> {
    let mut lines = Vec::with_capacity(log.len() + 2);
    let mut hers = false;
    for line in log {
        let header = line
            .strip_prefix("turn ")
            .and_then(|rest| rest.split_once(": "))
            .filter(|(n, _)| n.parse::<u32>().is_ok());
        match header {
            Some((n, "Wakhan")) => {
                hers = true;
                lines.push(format!("Wakhan's turn {n} (the automated opponent, WK-2):"));
            }
            Some(_) => {
                if hers {
                    lines.push(String::new());
                }
                hers = false;
                lines.push(line);
            }
            None if hers => lines.push(format!("  {line}")),
            None => lines.push(line),
        }
    }
    lines
}

/// `items` joined, or "-" for none.
fn listed(items: Vec<String>) -> String {
    if items.is_empty() {
        "-".into()
    } else {
        items.join(", ")
    }
}

/// A card in full, in the loaded data's words ([`DynGame::card`]): `#12 Name (Court card):
/// the facts`, then each further side (an ability, an event's purchased half) on a line of
/// its own, wrapped at [`WIDTH`] and indented after the first line; `lead` goes before it.
fn card_entry(game: &dyn DynGame, card: CardId, lead: &str) -> String {
    const INDENT: &str = "      ";
    let parts: Vec<String> = match game.card(u32::from(card.0)) {
        Some(words) => words
            .sides
            .iter()
            .enumerate()
            .map(|(i, side)| {
                let said = if side.name == "card" {
                    side.text.clone()
                } else {
                    format!("{}: {}", side.name, side.text)
                };
                if i == 0 {
                    format!("{lead}{card} {} ({}): {said}", words.title, words.kind)
                } else {
                    said
                }
            })
            .collect(),
        None => vec![format!("{lead}{card}")],
    };
    let mut out = String::new();
    for (i, part) in parts.iter().enumerate() {
        for (j, line) in wrap(part, WIDTH - INDENT.len()).iter().enumerate() {
            out += if i == 0 && j == 0 { "  " } else { INDENT };
            out += line;
            out.push('\n');
        }
    }
    out
}

/// What `seat` may see now ([`View`]): the turn, the table (every seat's public holdings and
/// the size of its hand, the regions, roads and blocks), then the seat's own rupees, loyalty
/// and actions, its hand and court in full and the market in full with what each card costs
/// it. Another seat's hand is never shown (PP-0.4) unless the `open_hands` option makes it
/// open to all.
fn seat_view(erased: &dyn DynGame, game: &PaxPamir, state: &State, seat: Seat) -> String {
    let cards = game.cards();
    let view: View = game.view(state, seat);
    let mut text = if state.turns() == 0 {
        format!(
            "Setup: each player chooses a loyalty (PP-4.6); favored suit {}; deck {} cards.\n",
            view.favored_suit.title(),
            view.deck_size
        )
    } else {
        format!(
            "Turn {}: {}'s turn, {} left; favored suit {}; deck {} cards, discard pile {}.\n",
            state.turns(),
            name(state, view.active),
            match view.actions_left {
                1 => "1 action".to_owned(),
                n => format!("{n} actions"),
            },
            view.favored_suit.title(),
            view.deck_size,
            view.discard_pile.len()
        )
    };
    let card = |n: u8| CardId::new(n).map_or_else(|| format!("#{n}"), |c| card_name(cards, c));
    if !view.global_events.is_empty() {
        let events: Vec<String> = view.global_events.iter().map(|&n| card(n)).collect();
        text += &format!(
            "Lasting effects for all (PP-14.2): {}.\n",
            events.join(", ")
        );
    }
    if let Some(target) = view.rumor {
        text += &format!("Rumor targets {} (PP-14.1).\n", name(state, target.into()));
    }
    for p in state.seats_in_turn_order() {
        let Some(player) = view.players.get(p) else {
            continue;
        };
        let wakhan = state.is_wakhan(p);
        // Wakhan is loyal to all, with an influence in each coalition (WK-11.5); her blocks
        // take her pragmatic loyalty (WK-1.4).
        let loyalty = if wakhan {
            format!(
                "loyal to all (pragmatic loyalty {})",
                state.pragmatic_loyalty(cards).title()
            )
        } else {
            player
                .loyalty
                .map_or("no loyalty yet".into(), Coalition::title)
        };
        let influence = if wakhan {
            state.wakhan_influence_words(cards)
        } else {
            player.influence.to_string()
        };
        let you = if p == seat { " (you)" } else { "" };
        let hand = match &player.hand {
            Some(_) if p == seat => String::new(),
            Some(hand) => format!(
                ", hand: {}",
                listed(hand.iter().map(|&n| card(n)).collect())
            ),
            None => format!(
                ", {} in hand",
                match player.hand_size {
                    1 => "1 card".to_owned(),
                    n => format!("{n} cards"),
                }
            ),
        };
        let gifts = match player.gifts.iter().filter(|&&g| g).count() {
            0 => "no gifts".to_owned(),
            1 => "1 gift".to_owned(),
            n => format!("{n} gifts"),
        };
        text += &format!(
            "  {}{you} {loyalty}: {} VP, {}, influence {influence}{hand}, {} cylinders in \
             supply, {gifts}\n",
            player.name,
            player.vp,
            rupees(player.rupees.into()),
            player.cylinders_in_supply,
        );
        let stars: Vec<String> = Suit::ALL
            .into_iter()
            .zip(player.stars)
            .filter(|&(_, k)| k > 0)
            .map(|(suit, k)| format!("{k} {}", suit.code()))
            .collect();
        let stars = if stars.is_empty() {
            String::new()
        } else {
            format!("; stars: {}", stars.join(", "))
        };
        if p != seat {
            let court: Vec<String> = player
                .court
                .iter()
                .map(|&n| with_spies(state, &view, n, card(n)))
                .collect();
            text += &format!("    court: {}{stars}\n", listed(court));
        } else if !stars.is_empty() {
            text += &format!("    {}\n", &stars[2..]);
        }
        if !player.prizes.is_empty() || !player.events.is_empty() {
            let held: Vec<String> = player
                .prizes
                .iter()
                .map(|&n| format!("prize {}", card(n)))
                .chain(player.events.iter().map(|&n| format!("event {}", card(n))))
                .collect();
            text += &format!("    {}\n", held.join(", "));
        }
        if wakhan {
            // What the table sees of her AI deck (WK-1.2, WK-1.3): never its order.
            for line in state.wakhan_lines(cards) {
                text += &format!("    {line}\n");
            }
        }
    }
    for region in &view.regions {
        let mut pieces: Vec<String> = region
            .tribes
            .iter()
            .enumerate()
            .filter(|&(_, &k)| k > 0)
            .map(|(p, &k)| format!("{} tribes {k}", name(state, p)))
            .collect();
        pieces.extend(
            Coalition::ALL
                .into_iter()
                .zip(region.armies)
                .filter(|&(_, k)| k > 0)
                .map(|(c, k)| format!("{} armies {k}", c.title())),
        );
        let ruler = region.ruler.map_or("no ruler".into(), |p| {
            format!("ruled by {}", name(state, p))
        });
        text += &format!(
            "  {:<12} {ruler}; {}\n",
            region.region.title(),
            if pieces.is_empty() {
                "empty".into()
            } else {
                pieces.join(", ")
            }
        );
    }
    let roads: Vec<String> = Border::ALL
        .into_iter()
        .zip(&view.roads)
        .flat_map(|(border, counts)| {
            Coalition::ALL
                .into_iter()
                .zip(*counts)
                .filter(|&(_, k)| k > 0)
                .map(move |(c, k)| format!("{} {}×{k}", border.title(), c.title()))
        })
        .collect();
    if !roads.is_empty() {
        text += &format!("  roads: {}\n", roads.join(", "));
    }
    let blocks: Vec<String> = Coalition::ALL
        .into_iter()
        .zip(view.blocks_on_map)
        .map(|(c, k)| format!("{} {k}", c.title()))
        .collect();
    text += &format!(
        "  blocks on the map: {} (a coalition 4 ahead of each other is dominant, PP-13.2)\n",
        blocks.join(", ")
    );
    let Some(me) = view.players.get(seat) else {
        return text;
    };
    text += &format!(
        "You are {}: {}, {}, {} VP; court {} of {} cards, hand {} of {} (PP-12.1, PP-12.2).\n",
        me.name,
        me.loyalty.map_or("no loyalty yet".into(), |c| format!(
            "loyal to the {}",
            c.title()
        )),
        rupees(me.rupees.into()),
        me.vp,
        me.court.len(),
        state.court_limit(cards, seat),
        me.hand_size,
        state.hand_limit(cards, seat),
    );
    let hand = me.hand.clone().unwrap_or_default();
    text += if hand.is_empty() {
        "Your hand: -\n"
    } else {
        "Your hand:\n"
    };
    for n in hand {
        if let Some(c) = CardId::new(n) {
            text += &card_entry(erased, c, "");
        }
    }
    text += if me.court.is_empty() {
        "Your court: -\n"
    } else {
        "Your court, left to right:\n"
    };
    for &n in &me.court {
        if let Some(c) = CardId::new(n) {
            let spies = with_spies(state, &view, n, String::new());
            let lead = if spies.is_empty() {
                String::new()
            } else {
                format!("{} ", spies.trim())
            };
            text += &card_entry(erased, c, &lead);
        }
    }
    text += "Market (the cost to you, the rupees on the card):\n";
    for slot in Slot::all() {
        let Some(c) = state.market_card(slot) else {
            continue;
        };
        let on = state.market_rupees(slot);
        let lead = format!(
            "{slot}, cost {}{}: ",
            state.cost(cards, seat, slot),
            if on > 0 {
                format!(", +{on} on it")
            } else {
                String::new()
            }
        );
        text += &card_entry(erased, c, &lead);
    }
    text
}

/// `shown` followed by the spies on court card `n`, if any: `#20 Henry Rawlinson (spies P3×1)`.
fn with_spies(state: &State, view: &View, n: u8, shown: String) -> String {
    let spies: Vec<String> = view
        .spies
        .iter()
        .find(|(card, _)| *card == n)
        .map(|(_, by_seat)| {
            by_seat
                .iter()
                .enumerate()
                .filter(|&(_, &k)| k > 0)
                .map(|(p, &k)| format!("{}×{k}", name(state, p)))
                .collect()
        })
        .unwrap_or_default();
    if spies.is_empty() {
        shown
    } else {
        format!("{shown} (spies {})", spies.join(" "))
    }
}

/// Each seat's VP, then the tie-breakers of PP-13.9 (military stars, rupees), and influence.
fn scores(game: &PaxPamir, state: &State) -> String {
    let cards = game.cards();
    let mut text = String::from(
        "Scores (PP-13.9: most VP wins; ties go to the most military stars, then the most \
         rupees):\n",
    );
    let winners: Vec<Seat> = state
        .outcome()
        .map(|o| o.winners().collect())
        .unwrap_or_default();
    let names: Vec<String> = (0..state.players()).map(|s| name(state, s)).collect();
    // Wakhan is loyal to all, with an influence in each coalition (WK-11.5).
    let loyalties: Vec<String> = (0..state.players())
        .map(|s| match state.player(s) {
            _ if state.is_wakhan(s) => "loyal to all".to_owned(),
            Some(player) => player.loyalty.map_or("-".into(), Coalition::title),
            None => "-".to_owned(),
        })
        .collect();
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(2);
    let loyal = loyalties
        .iter()
        .map(|l| l.chars().count() + 1)
        .max()
        .unwrap_or(8)
        .max(8);
    for seat in 0..state.players() {
        let Some(player) = state.player(seat) else {
            continue;
        };
        let influence = if state.is_wakhan(seat) {
            state.wakhan_influence_words(cards)
        } else {
            state.influence(cards, seat).to_string()
        };
        text += &format!(
            "  {:<width$} {:<loyal$} {:>2} VP, influence {}, military stars {}, {}{}\n",
            names[seat],
            loyalties[seat],
            player.vp,
            influence,
            state.stars(cards, seat, Suit::Military),
            rupees(player.rupees.into()),
            if winners.contains(&seat) {
                "  (wins)"
            } else {
                ""
            },
        );
    }
    text
}

/// Why the game ended and who won, with the tie-breakers that decided it (PP-13.8, PP-13.9).
fn ending(game: &PaxPamir, state: &State, reason: EndReason, winners: &[Seat]) -> String {
    let names = |seats: &[Seat]| -> String {
        let names: Vec<String> = seats.iter().map(|&s| name(state, s)).collect();
        match names.split_last() {
            None => "nobody".into(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        }
    };
    let mut text = match reason {
        EndReason::Lead => format!(
            "The game ended after a Dominance Check: {} led every other player by 4 VP or \
             more (PP-13.8).\n",
            names(winners)
        ),
        EndReason::FinalCheck => {
            "The game ended with the final Dominance Check (PP-13.9).\n".to_owned()
        }
    };
    if reason == EndReason::FinalCheck {
        let cards = game.cards();
        let seats: Vec<Seat> = (0..state.players()).collect();
        let vp = |s: Seat| state.player(s).map_or(0, |p| i64::from(p.vp));
        let stars = |s: Seat| i64::from(state.stars(cards, s, Suit::Military));
        let money = |s: Seat| state.player(s).map_or(0, |p| i64::from(p.rupees));
        let best = |among: &[Seat], f: &dyn Fn(Seat) -> i64| -> Vec<Seat> {
            let top = among.iter().map(|&s| f(s)).max().unwrap_or(0);
            among.iter().copied().filter(|&s| f(s) == top).collect()
        };
        let tied = best(&seats, &vp);
        if tied.len() > 1 {
            let by = |among: &[Seat], f: &dyn Fn(Seat) -> i64| -> String {
                let parts: Vec<String> = among
                    .iter()
                    .map(|&s| format!("{} {}", name(state, s), f(s)))
                    .collect();
                parts.join(", ")
            };
            text += &format!(
                "{} tie on {} VP; military stars: {}",
                names(&tied),
                vp(tied[0]),
                by(&tied, &stars)
            );
            let still = best(&tied, &stars);
            if still.len() > 1 {
                text += &format!("; rupees: {}", by(&still, &money));
                if best(&still, &money).len() > 1 {
                    text += "; still tied, they share the win (PP-OQ-29)";
                }
            }
            text += ".\n";
        }
    }
    text += &match winners {
        [one] => format!("Winner: {}\n", name(state, *one)),
        _ => format!("Winners (a shared win): {}\n", names(winners)),
    };
    text
}
