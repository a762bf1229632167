//! The invariants of a state (architecture principle: a restored state is one the rules can
//! play on), checked on every snapshot restored and by the random-simulation checker.

use crate::engine::{Rule, Snapshot, Violation};

use super::content::Content;
use super::frame::Frame;
use super::state::{FACTORIES, LAST_ROUND, MAX_NOTES, State};

fn broken(rule: &'static str, reason: impl Into<String>) -> Violation {
    Violation {
        rule: Rule(rule),
        reason: reason.into(),
    }
}

impl Snapshot for State {
    const GAME: &'static str = "tycoon";
    const VERSION: u32 = 1;

    /// Every invariant under the default content; a game on other content checks its states
    /// with its own (`Game::validate_with_rules`).
    fn validate(&self) -> Result<(), Violation> {
        check(self, Content::standard())
    }
}

/// Each card number appears at most once among `places`.
fn once(
    rule: &'static str,
    what: &str,
    count: usize,
    places: impl Iterator<Item = u8>,
) -> Result<(), Violation> {
    let mut seen = vec![false; count];
    for card in places {
        let slot = seen
            .get_mut(usize::from(card))
            .ok_or_else(|| broken(rule, format!("{what} {card} is not in the content")))?;
        if *slot {
            return Err(broken(rule, format!("{what} {card} is in two places")));
        }
        *slot = true;
    }
    Ok(())
}

/// Every invariant of `s` under content `c`.
pub(crate) fn check(s: &State, c: &Content) -> Result<(), Violation> {
    let n = s.seat_count();
    if !(3..=4).contains(&n) || n != usize::from(s.options.seats()) || !s.options.valid_seats() {
        return Err(broken(
            "TC-16.1",
            format!("{n} seats do not match the options"),
        ));
    }
    for (k, x) in s.seats.iter().enumerate() {
        if x.automa != s.options.automa_of(k) {
            return Err(broken(
                "TC-16.1",
                format!("seat {k}'s automa flag is not the options'"),
            ));
        }
    }
    if usize::from(s.tycoon) >= n || s.round > LAST_ROUND + 1 {
        return Err(broken("TI-2.9", "the Tycoon or the round is out of range"));
    }
    if s.cities.len() != c.map.cities.len() || s.bids.len() != n || s.standing.len() != n {
        return Err(broken(
            "TI-2.1",
            "the map, bids or standing bids are the wrong size",
        ));
    }
    for (k, x) in s.seats.iter().enumerate() {
        let on_map = s
            .cities
            .iter()
            .flatten()
            .filter(|f| usize::from(f.owner) == k)
            .count();
        let unbuilt = x.industries.iter().filter(|h| h.city.is_none()).count();
        if usize::from(x.reserve) + on_map + unbuilt != usize::from(FACTORIES) {
            return Err(broken(
                "TI-1.2",
                format!("seat {k} does not have 9 factories"),
            ));
        }
        for h in &x.industries {
            if let Some(city) = h.city
                && s.factory(city)
                    .is_none_or(|f| usize::from(f.owner) != k || f.card != Some(h.card))
            {
                return Err(broken(
                    "TI-8.3.3",
                    format!("seat {k}'s built card is not in its city"),
                ));
            }
        }
        let covered = s
            .spaces
            .iter()
            .filter(|sp| sp.cover.is_some_and(|(o, _)| usize::from(o) == k))
            .count();
        let held_by_others: usize = s
            .seats
            .iter()
            .map(|y| usize::from(*y.held.get(k).unwrap_or(&0)))
            .sum();
        if usize::from(x.shares_left) + covered + held_by_others != 9
            || x.held.get(k).copied().unwrap_or(0) != 0
        {
            return Err(broken(
                "TI-2.5",
                format!("seat {k}'s 9 share tokens do not add up"),
            ));
        }
        if x.held.iter().skip(n).any(|&h| h > 0) {
            return Err(broken(
                "TI-2.5",
                "a share of a seat that is not at the table",
            ));
        }
        if x.notes > MAX_NOTES || x.levels.iter().any(|&l| l > 7) || x.tokens > 2 {
            return Err(broken(
                "TI-10",
                format!("seat {k} has notes, levels or tokens out of range"),
            ));
        }
        if x.is_automa() && !x.merits.is_empty() {
            return Err(broken("TC-16.2", "an automa holds merit cards"));
        }
        if x.agenda.len() > 2
            || x.policies
                .iter()
                .any(|&p| usize::from(p) >= c.policies.len())
        {
            return Err(broken(
                "TI-3",
                format!("seat {k}'s agenda or policies are not in the content"),
            ));
        }
        if x.automa_card
            .is_some_and(|a| usize::from(a) >= c.automa.len())
        {
            return Err(broken("TC-16.3", "an automa card not in the content"));
        }
    }
    for i in 0..6 {
        if s.seats.iter().filter(|x| x.levels[i] == 7).count() > 1 {
            return Err(broken("TI-2.3", "two discs on level 7"));
        }
    }
    for (city, f) in s.cities.iter().enumerate() {
        if let Some(f) = f {
            if usize::from(f.owner) >= n {
                return Err(broken(
                    "TI-8.3.1",
                    format!("city {city} has a factory of no seat"),
                ));
            }
            if let Some(card) = f.card
                && !s.seats[usize::from(f.owner)]
                    .industries
                    .iter()
                    .any(|h| h.card == card && h.city.is_some_and(|x| x.index() == city))
            {
                return Err(broken(
                    "TI-8.3.3",
                    format!("city {city}'s card is not its owner's"),
                ));
            }
        }
    }
    once(
        "TI-2.7",
        "industry card",
        c.industries.len(),
        s.industry_deck
            .iter()
            .copied()
            .chain(s.industry_display.iter().map(|slot| slot.card))
            .chain(
                s.seats
                    .iter()
                    .flat_map(|x| x.industries.iter().map(|h| h.card)),
            ),
    )?;
    once(
        "TI-2.7",
        "policy card",
        c.policies.len(),
        s.policy_deck
            .iter()
            .copied()
            .chain(s.policy_display.iter().map(|slot| slot.card))
            .chain(s.setup_policies.iter().copied())
            .chain(s.seats.iter().flat_map(|x| x.policies.iter().copied())),
    )?;
    once(
        "TI-8.5.1",
        "merit card",
        c.merits.len(),
        s.merit_deck
            .iter()
            .copied()
            .chain(s.seats.iter().flat_map(|x| x.merits.iter().map(|m| m.card))),
    )?;
    once(
        "TI-17",
        "headline",
        c.headlines.len(),
        s.headline_deck
            .iter()
            .chain(&s.headline)
            .chain(&s.headlines_past)
            .copied(),
    )?;
    once(
        "TI-14",
        "planning card",
        c.plans.len(),
        s.plans.iter().copied(),
    )?;
    once(
        "TI-11",
        "conglomerate token",
        c.conglomerates.len(),
        s.conglomerates.iter().copied(),
    )?;
    once(
        "TI-12",
        "favour token",
        c.favours.len(),
        s.favours.iter().copied(),
    )?;
    once(
        "TI-15",
        "agenda",
        c.agendas.len(),
        s.seats
            .iter()
            .flat_map(|x| x.agenda.iter().chain(&x.agenda_discarded).copied()),
    )?;
    if s.industry_display.len() > 3
        || s.policy_display.len() > 2
        || s.merit_known_tail > s.merit_deck.len()
    {
        return Err(broken("TI-2.7", "a display is over-full"));
    }
    for sp in &s.spaces {
        if usize::from(sp.space) >= c.board.unmanaged.len()
            || sp.cover.is_some_and(|(o, _)| usize::from(o) >= n)
        {
            return Err(broken("TI-8.6", "a strategy space not in the content"));
        }
    }
    for deck in &s.automa_decks {
        if deck.iter().any(|&a| usize::from(a) >= c.automa.len()) {
            return Err(broken(
                "TC-16.1",
                "an automa deck holds a card not in the content",
            ));
        }
    }
    check_stack(s, c)
}

/// The frames name seats at the table and bundles of the content, and a game that is not
/// over has a decision for a person.
fn check_stack(s: &State, c: &Content) -> Result<(), Violation> {
    let n = s.seat_count() as u8;
    if s.outcome.is_some() {
        return if s.stack.is_empty() {
            Ok(())
        } else {
            Err(broken("TI-16", "a scored game with rules pending"))
        };
    }
    for frame in &s.stack {
        let seat = match *frame {
            Frame::StartInfluence { seat }
            | Frame::StartPolicy { seat }
            | Frame::Agenda { seat }
            | Frame::PolicyPick { seat, .. }
            | Frame::NpBuy { seat, .. }
            | Frame::MeritWindow { seat, .. }
            | Frame::IndustryPick { seat, .. }
            | Frame::Turn { seat }
            | Frame::BuildCard { seat, .. }
            | Frame::BuildCity { seat, .. }
            | Frame::WaiveIcon { seat, .. }
            | Frame::Share { seat }
            | Frame::Rally { seat }
            | Frame::Space { seat }
            | Frame::TakeIndustry { seat, .. }
            | Frame::BuyBonus { seat }
            | Frame::Office { seat, .. }
            | Frame::ActionDone { seat, .. }
            | Frame::StepLater { seat, .. }
            | Frame::StepAny { seat }
            | Frame::StepAny2 { seat }
            | Frame::Conglomerate { seat }
            | Frame::LoanAmount { seat } => seat,
            Frame::Offer { seat, at, atom } => {
                if c.bundle(at)
                    .and_then(|b| b.get(usize::from(atom)))
                    .is_none()
                {
                    return Err(broken("TC-1", "an offer not in the content"));
                }
                seat
            }
            Frame::Bundle { holder, at, .. } => {
                if c.bundle(at).is_none() {
                    return Err(broken("TC-1", "a bundle not in the content"));
                }
                holder
            }
            Frame::BuildMerits { plan } | Frame::BuildBonuses { plan, .. } => {
                if usize::from(plan.card) >= c.industries.len()
                    || plan.city.index() >= c.map.cities.len()
                {
                    return Err(broken(
                        "TI-8.3",
                        "a build of a card or city not in the content",
                    ));
                }
                plan.seat
            }
            Frame::PolicyBid { asked }
            | Frame::NationalProject { asked }
            | Frame::Repay { asked } => asked,
            Frame::Bid { turn } => turn / 2,
            Frame::Actions { next } | Frame::Income { next } => next,
            Frame::Events { .. }
            | Frame::FinishSetup
            | Frame::BeginRound
            | Frame::EnterPhase { .. }
            | Frame::Region
            | Frame::PolicyRefill { .. }
            | Frame::Auction
            | Frame::AuctionEnd
            | Frame::AuctionFinish
            | Frame::RoundEnd
            | Frame::Housekeeping
            | Frame::Score => 0,
        };
        if seat > n {
            return Err(broken(
                "TI-0.2",
                format!("a pending {frame:?} names no seat"),
            ));
        }
    }
    if s.pending(c).is_none() {
        return Err(broken(
            "TC-17",
            "the game is not over and nobody has a decision",
        ));
    }
    Ok(())
}
