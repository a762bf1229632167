//! The invariants of a state (architecture principle: a restored state is one the rules can
//! play on), checked on every snapshot restored and by the random-simulation checker.

use crate::engine::{Rule, Snapshot, Violation};

use super::content::Content;
use super::frame::Frame;
use super::state::{FACTORIES, LAST_ROUND, MAX_NOTES, Phase, State};

/// More stack stamps than any game gives (TI-0.4); a snapshot past it is damaged.
const MAX_STAMP: u32 = 1 << 20;

/// Ceilings far above anything a game reaches (a game pays out hundreds of Cr, promoters and
/// influence, not millions): a snapshot above one is damaged, and below them no sum the rules
/// make can overflow.
pub(crate) const MAX_MONEY: u32 = 1 << 24;
pub(crate) const MAX_COUNT: u32 = 1 << 20;
const MAX_PHASES: u16 = 1 << 10;
const MAX_REVEALS: u64 = 1 << 40;

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
    /// with its own (`Game::validate_state`).
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
    // Stack stamps (TI-0.4) count the disc moves of one game: every disc's stamp is one the
    // counter has given, and the counter stays far from its limit (a game moves discs a few
    // hundred times).
    let stamps = s
        .seats
        .iter()
        .flat_map(|x| x.level_stamps.iter().chain([&x.influence_stamp]));
    if s.stamp > MAX_STAMP || stamps.into_iter().any(|&t| t > s.stamp) {
        return Err(broken("TI-0.4", "a disc's stack stamp was never given"));
    }
    if usize::from(s.tycoon) >= n || s.round > LAST_ROUND + 1 {
        return Err(broken("TI-2.9", "the Tycoon or the round is out of range"));
    }
    check_ceilings(s)?;
    let seat_bits = (1u16 << n) - 1;
    if s.top_bidder.is_some_and(|t| usize::from(t) >= n)
        || u16::from(s.lap_one_passes | s.auction_takers) & !seat_bits != 0
    {
        return Err(broken(
            "TI-7.4",
            "an auction bidder, pass or taker names no seat",
        ));
    }
    if s.spaces
        .iter()
        .any(|sp| sp.cover.is_some_and(|(o, _)| usize::from(o) >= n))
    {
        return Err(broken("TI-8.6", "a space is covered by no seat's share"));
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
    check_backbone(s)?;
    for frame in &s.stack {
        // What the frame names and the bound it must stay below: a seat, or a step's
        // counter over the seats (a step frame's counter reaches `n` when every seat is done).
        let (named, bound) = match *frame {
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
            | Frame::LoanAmount { seat } => (seat, n),
            Frame::Offer { seat, at, atom } => {
                if c.bundle(at)
                    .and_then(|b| b.get(usize::from(atom)))
                    .is_none()
                {
                    return Err(broken("TC-1", "an offer not in the content"));
                }
                (seat, n)
            }
            Frame::Bundle { holder, at, .. } => {
                if c.bundle(at).is_none() {
                    return Err(broken("TC-1", "a bundle not in the content"));
                }
                (holder, n)
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
                (plan.seat, n)
            }
            Frame::PolicyBid { asked } | Frame::Repay { asked } => (asked, n),
            Frame::NationalProject { asked } => (asked, n + 1),
            Frame::Bid { turn } => (turn, 2 * n),
            Frame::Actions { next } => (next, n),
            Frame::Income { next } => (next, n + 1),
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
            | Frame::Score => (0, 1),
        };
        if named >= bound {
            return Err(broken(
                "TI-0.2",
                format!("a pending {frame:?} names no seat"),
            ));
        }
    }
    check_builds(s)?;
    check_frames_once(s)?;
    if s.pending(c).is_none() {
        return Err(broken(
            "TC-17",
            "the game is not over and nobody has a decision",
        ));
    }
    Ok(())
}

/// The rule by which a frame of this kind stands on the stack at most once, if it does. One
/// seat's Phase-4 turn runs at a time, and it takes exactly one action, carried out before the
/// next turn (TI-8.2), so the turn and each of its action's decisions wait once; a choice
/// inside an effect is made before the next atom resolves (TC-0.3 E2); one voluntary
/// emergency loan is asked at a time (TI-9). The setup choices, the auction winners' picks
/// and nested bundles may wait several at once: those kinds may repeat.
fn stands_once(frame: Frame) -> Option<&'static str> {
    match frame {
        Frame::Turn { .. }
        | Frame::BuildCard { .. }
        | Frame::BuildCity { .. }
        | Frame::WaiveIcon { .. }
        | Frame::Share { .. }
        | Frame::Rally { .. }
        | Frame::Space { .. }
        | Frame::TakeIndustry { .. }
        | Frame::BuyBonus { .. }
        | Frame::Office { .. } => Some("TI-8.2"),
        Frame::StepAny { .. }
        | Frame::StepAny2 { .. }
        | Frame::Conglomerate { .. }
        | Frame::Offer { .. } => Some("TC-0.3"),
        Frame::LoanAmount { .. } => Some("TI-9"),
        _ => None,
    }
}

/// No frame of a kind that [`stands_once`] stands twice on the stack.
fn check_frames_once(s: &State) -> Result<(), Violation> {
    for (k, &frame) in s.stack.iter().enumerate() {
        let Some(rule) = stands_once(frame) else {
            continue;
        };
        let kind = std::mem::discriminant(&frame);
        if s.stack[k + 1..]
            .iter()
            .any(|other| std::mem::discriminant(other) == kind)
        {
            return Err(broken(
                rule,
                format!("a pending {frame:?} stands twice on the stack, where it stands once"),
            ));
        }
    }
    Ok(())
}

/// The frames of a round as `begin_round` lays them, bottom first (TI-4.1): each leaves the
/// stack from the top as play moves on, so the round's frames still on the stack are always
/// the first ones of this list.
const ROUND: [fn(&Frame) -> bool; 10] = [
    |f| matches!(f, Frame::Housekeeping),
    |f| matches!(f, Frame::RoundEnd),
    |f| matches!(f, Frame::Actions { .. }),
    |f| {
        matches!(
            f,
            Frame::EnterPhase {
                phase: Phase::Actions
            }
        )
    },
    |f| matches!(f, Frame::Auction),
    |f| {
        matches!(
            f,
            Frame::EnterPhase {
                phase: Phase::Auction
            }
        )
    },
    |f| matches!(f, Frame::Events { .. }),
    |f| {
        matches!(
            f,
            Frame::EnterPhase {
                phase: Phase::Events
            }
        )
    },
    |f| matches!(f, Frame::Region),
    |f| {
        matches!(
            f,
            Frame::EnterPhase {
                phase: Phase::Region
            }
        )
    },
];

/// The stack's backbone fits the phase (TI-4.1, TC-17): setup sits on `FinishSetup`, a round
/// on the first frames of [`ROUND`] (as many as the phase has not yet passed), the game end
/// on `Score`, each in its rounds; every other frame (a decision, an action, an effect) stands above them.
fn check_backbone(s: &State) -> Result<(), Violation> {
    let backbone = |f: &Frame| {
        matches!(
            f,
            Frame::FinishSetup
                | Frame::BeginRound
                | Frame::Housekeeping
                | Frame::RoundEnd
                | Frame::Actions { .. }
                | Frame::EnterPhase { .. }
                | Frame::Auction
                | Frame::Events { .. }
                | Frame::Region
                | Frame::Score
        )
    };
    let bottom = s.stack.iter().take_while(|f| backbone(f)).count();
    let fits = match s.phase {
        Phase::Setup => s.round == 0 && bottom == 1 && s.stack[0] == Frame::FinishSetup,
        Phase::GameEnd => s.round == LAST_ROUND + 1 && bottom == 1 && s.stack[0] == Frame::Score,
        phase => {
            let still = match phase {
                Phase::Headline => 10..=10,
                Phase::Region => 8..=9,
                Phase::Events => 6..=7,
                Phase::Auction => 4..=5,
                Phase::Actions => 2..=3,
                _ => 1..=1,
            };
            (1..=LAST_ROUND).contains(&s.round)
                && still.contains(&bottom)
                && s.stack
                    .iter()
                    .zip(ROUND)
                    .all(|(f, is)| !backbone(f) || is(f))
        }
    };
    if !fits || s.stack[bottom..].iter().any(backbone) {
        return Err(broken(
            "TI-4.1",
            format!("the pending rules do not fit the {:?} phase", s.phase),
        ));
    }
    Ok(())
}

/// Money, counts and counters stay under their ceilings (TI-1.5: the supplies have no limit,
/// but a game is finite).
fn check_ceilings(s: &State) -> Result<(), Violation> {
    let money = s
        .seats
        .iter()
        .map(|x| x.money)
        .chain([s.opening])
        .chain(s.bids.iter().chain(&s.standing).flatten().copied());
    let counts = s
        .seats
        .iter()
        .flat_map(|x| [x.promoters, x.pool, x.support, x.influence, x.plus1])
        .chain(
            s.industry_display
                .iter()
                .chain(&s.policy_display)
                .map(|slot| slot.promoters),
        )
        .chain(s.spaces.iter().filter_map(|sp| sp.cover.map(|(_, v)| v)));
    let drawn_later = s
        .seats
        .iter()
        .flat_map(|x| &x.merits)
        .any(|m| m.drawn > s.phase_serial);
    if money.into_iter().any(|m| m > MAX_MONEY)
        || counts.into_iter().any(|m| m > MAX_COUNT)
        || s.phase_serial > MAX_PHASES
        || s.reveals > MAX_REVEALS
        || drawn_later
    {
        return Err(broken(
            "TI-1.5",
            "money, a count or a counter is beyond what a game reaches",
        ));
    }
    Ok(())
}

/// A build on the stack is of a card its builder holds: unbuilt and its city empty while it is
/// being declared (its merit window open, on top), built in that city once its bonuses run
/// (TI-8.3.1, TI-8.3.3); a waived icon is asked on the build just below it (TC-12). Run after the frames' seats are checked.
fn check_builds(s: &State) -> Result<(), Violation> {
    let unbuilt = |seat: u8, card: u8| {
        s.seats[usize::from(seat)]
            .industries
            .iter()
            .any(|h| h.card == card && h.city.is_none())
    };
    for (k, frame) in s.stack.iter().enumerate() {
        let fits = match *frame {
            Frame::BuildCity { seat, card, .. } => unbuilt(seat, card),
            // Its window is open: only the icon it waives, or a free emergency loan (TI-9),
            // can stand above it.
            Frame::BuildMerits { plan } => {
                unbuilt(plan.seat, plan.card)
                    && s.factory(plan.city).is_none()
                    && s.stack[k + 1..]
                        .iter()
                        .all(|f| matches!(f, Frame::WaiveIcon { .. } | Frame::LoanAmount { .. }))
            }
            Frame::BuildBonuses { plan, stage } => {
                stage <= 4
                    && s.factory(plan.city)
                        .is_some_and(|f| f.owner == plan.seat && f.card == Some(plan.card))
            }
            Frame::WaiveIcon { seat, card } => matches!(
                k.checked_sub(1).map(|below| s.stack[below]),
                Some(Frame::BuildMerits { plan }) if plan.seat == seat && plan.card == card
            ),
            _ => true,
        };
        if !fits {
            return Err(broken(
                "TI-8.3.1",
                format!("a pending {frame:?} is of no card its builder holds"),
            ));
        }
    }
    Ok(())
}
