//! The largest number each field of the content may hold (TI-1.5, TC-19).
//!
//! The supplies have no limit, but a position's money and counts do: the snapshot ceilings of
//! the invariants (2^24 Cr, 2^20 of a count), far below the state's `u32`. A seat's gains in
//! one game are a few hundred bundles and rule payouts; each limit here keeps one gain (one
//! atom, one `per`, one income, one Loan) to at most [`MAX_CR`] Cr or [`MAX_AMOUNT`] of a
//! count, so that even [`GAINS`] of the largest stay below the ceilings, and every product the
//! rules make (a Buy price of 2 × AV, `k × AV`, an icon's price times its factors, `n ×` a
//! counter) stays far inside `u32`.

use std::collections::HashMap;

use super::super::action::MAX_POLICY_BID;
use super::super::invariants;
use super::super::state::{FACTORIES, MAX_NOTES};
use super::load::{
    AGENDAS, AUTOMA, BOARD, CONGLOMERATES, ContentError, HEADLINES, INDUSTRIES, MAP, MERITS, PLANS,
    POLICIES, TRACKS, fail,
};
use super::{Bundle, Content, Counter, Effect, HeadlineTiming, ModParam, PlanAward, PolicyWhen};

/// Cr in one number: a price, a value, an income, an amount gained or paid once.
pub const MAX_CR: u32 = 1_000;
/// Promoters, influence or support in one number.
pub const MAX_AMOUNT: u32 = 100;
/// +1 action tokens, merit cards, notes or free NP units in one atom: each is an item that
/// brings more play (an action, a card, a reward), so a few at a time.
pub const MAX_EXTRAS: u32 = 10;
/// The multiple of its asset value a taken industry costs (`take_industry`).
pub const MAX_PRICE_X_AV: u32 = 10;
/// A threshold an `if` or an agenda tier compares a counter with: above every counter's
/// largest value (the printed income of 9 cards of [`MAX_CR`] at most).
pub const MAX_THRESHOLD: u32 = 10_000;
/// Cost icon ×2 factors on one sector that can be in force at once (a seat's passive
/// policies and one headline): every factor multiplies, so an icon costs at most 16 times.
pub const MAX_DOUBLINGS: usize = 4;
/// The gains of the largest size a seat may make in one game within the ceilings.
const GAINS: u32 = 10_000;

const _: () =
    assert!(MAX_CR * GAINS <= invariants::MAX_MONEY && MAX_AMOUNT * GAINS <= invariants::MAX_COUNT);

/// A number over its limit.
fn over(
    file: &str,
    item: &str,
    field: &str,
    value: impl std::fmt::Display,
    limit: String,
) -> ContentError {
    fail(
        file,
        item,
        field,
        format!("{value}: {limit}, so that no sum in play passes what a position holds"),
        "TI-1.5",
    )
}

/// `value` is at most `most` (`unit` names what it counts).
fn at_most(
    file: &str,
    item: &str,
    field: &str,
    value: u32,
    most: u32,
    unit: &str,
) -> Result<(), ContentError> {
    if value > most {
        return Err(over(
            file,
            item,
            field,
            value,
            format!("at most {most} {unit}"),
        ));
    }
    Ok(())
}

/// Every number of the content within its limit.
pub(super) fn check_numbers(c: &Content) -> Result<(), ContentError> {
    let most = CounterMost::of(c);
    for region in &c.map.regions {
        bundle(MAP, region.code.code(), "bonus", &region.bonus, most)?;
    }
    for city in &c.map.cities {
        bundle(MAP, &city.id, "bonus", &city.bonus, most)?;
    }
    check_tracks(c, most)?;
    check_board(c, most)?;
    for card in &c.industries {
        at_most(
            INDUSTRIES,
            &card.id,
            "asset_value",
            card.asset_value,
            MAX_CR,
            "Cr",
        )?;
        at_most(INDUSTRIES, &card.id, "income", card.income, MAX_CR, "Cr")?;
        let influence = card.build_influence;
        at_most(
            INDUSTRIES,
            &card.id,
            "build_influence",
            influence,
            MAX_AMOUNT,
            "influence",
        )?;
    }
    for card in &c.policies {
        at_most(
            POLICIES,
            &card.id,
            "end_support",
            card.end_support,
            MAX_AMOUNT,
            "support",
        )?;
        bundle(
            POLICIES,
            &card.id,
            "politics_bonus",
            &card.politics_bonus,
            most,
        )?;
        bundle(POLICIES, &card.id, "effect.do", &card.effect.effects, most)?;
    }
    for card in &c.plans {
        match &card.award {
            PlanAward::Competitive { awards, .. } => {
                for (i, &award) in awards.iter().enumerate() {
                    let field = format!("award.awards[{i}]");
                    at_most(PLANS, &card.id, &field, award, MAX_AMOUNT, "influence")?;
                }
            }
            PlanAward::Independent { effects } => {
                bundle(PLANS, &card.id, "award.do", effects, most)?
            }
        }
    }
    for card in &c.headlines {
        bundle(HEADLINES, &card.id, "effect.do", &card.effect.effects, most)?;
    }
    for card in &c.agendas {
        for (i, &(threshold, support)) in card.tiers.iter().enumerate() {
            let field = format!("tiers[{i}][0]");
            at_most(
                AGENDAS,
                &card.id,
                &field,
                threshold,
                MAX_THRESHOLD,
                "(a threshold)",
            )?;
            let field = format!("tiers[{i}][1]");
            at_most(AGENDAS, &card.id, &field, support, MAX_AMOUNT, "support")?;
        }
    }
    for card in &c.merits {
        at_most(MERITS, &card.id, "end_av", card.end_av, MAX_CR, "Cr")?;
        bundle(MERITS, &card.id, "do", &card.effects, most)?;
    }
    for token in &c.conglomerates {
        bundle(CONGLOMERATES, &token.id, "bonus", &token.bonus, most)?;
    }
    for card in &c.automa {
        at_most(
            AUTOMA,
            &card.id,
            "bid_margin",
            card.bid_margin,
            MAX_CR,
            "Cr",
        )?;
        let bid = u32::from(MAX_POLICY_BID);
        at_most(
            AUTOMA,
            &card.id,
            "policy_bid",
            card.policy_bid,
            bid,
            "promoters (a policy bid)",
        )?;
        at_most(
            AUTOMA,
            &card.id,
            "np_units",
            card.np_units,
            MAX_AMOUNT,
            "NP units",
        )?;
    }
    check_modifiers(c)
}

/// TC-3: the loan table and the track asset values are Cr.
fn check_tracks(c: &Content, most: CounterMost) -> Result<(), ContentError> {
    for (level, &loan) in c.tracks.loan.iter().enumerate() {
        at_most(TRACKS, "", &format!("loan[{level}]"), loan, MAX_CR, "Cr")?;
    }
    for sector in super::super::ids::Sector::ALL {
        for (level, &av) in c.tracks.asset_value[sector.index()].iter().enumerate() {
            let field = format!("asset_value.{sector}[{level}]");
            at_most(TRACKS, "", &field, av, MAX_CR, "Cr")?;
        }
        for (i, level) in c.tracks.levels[sector.index()].iter().enumerate() {
            bundle(
                TRACKS,
                &format!("levels.{sector}[{i}]"),
                "bonus",
                &level.bonus,
                most,
            )?;
        }
    }
    Ok(())
}

/// TC-5, TC-6: space costs in promoters, NP prices in Cr.
fn check_board(c: &Content, most: CounterMost) -> Result<(), ContentError> {
    for space in &c.board.managed {
        at_most(
            BOARD,
            &space.id,
            "cost",
            space.cost,
            MAX_AMOUNT,
            "promoters",
        )?;
    }
    for space in &c.board.unmanaged {
        at_most(
            BOARD,
            &space.id,
            "cost",
            space.cost,
            MAX_AMOUNT,
            "promoters",
        )?;
        bundle(BOARD, &space.id, "reward", &space.reward, most)?;
    }
    for (i, round) in c.board.rounds.iter().enumerate() {
        if let Some(price) = round.np_price {
            at_most(
                BOARD,
                &format!("rounds[{i}]"),
                "np_price",
                price,
                MAX_CR,
                "Cr",
            )?;
        }
    }
    bundle(BOARD, "", "np_reward", &c.board.np_reward, most)
}

/// What a numeric atom gives in one resolution, its limit and unit.
fn atom_limit(effect: &Effect) -> Option<(u32, u32, &'static str)> {
    Some(match *effect {
        Effect::Money { n } | Effect::Pay { n } => (n, MAX_CR, "Cr"),
        Effect::Promoters { n, .. } => (n, MAX_AMOUNT, "promoters"),
        Effect::Influence { n } => (n, MAX_AMOUNT, "influence"),
        Effect::Support { n } => (n, MAX_AMOUNT, "support"),
        Effect::Plus1 { n } => (n, MAX_EXTRAS, "+1 action tokens"),
        Effect::Merit { n } => (n, MAX_EXTRAS, "merit cards"),
        Effect::Note { n } => (n, MAX_EXTRAS, "notes"),
        Effect::NpFree { n } => (n, MAX_EXTRAS, "NP units"),
        Effect::Income { max } => (max, MAX_CR, "Cr"),
        _ => return None,
    })
}

/// The largest value each counter can take in a game (TC-1.3): what the rules' components
/// allow, and the content's own card incomes and policy count.
#[derive(Clone, Copy)]
struct CounterMost {
    /// The printed income of the richest 9 cards.
    income: u32,
    /// The policy cards of the content.
    policies: u32,
}

impl CounterMost {
    fn of(c: &Content) -> CounterMost {
        let mut incomes: Vec<u32> = c.industries.iter().map(|card| card.income).collect();
        incomes.sort_unstable_by(|a, b| b.cmp(a));
        CounterMost {
            income: incomes.iter().take(usize::from(FACTORIES)).sum(),
            policies: u32::try_from(c.policies.len()).unwrap_or(u32::MAX),
        }
    }

    /// A counter's largest value: every card held stands on one of the 9 factories (TI-1.2),
    /// a seat holds the other seats' 27 shares at most (TI-2.5), 10 notes (TI-10).
    fn of_counter(self, counter: &Counter) -> u32 {
        let factories = u32::from(FACTORIES);
        match counter {
            Counter::Factories { .. } | Counter::Built { .. } | Counter::Unbuilt => factories,
            Counter::BuiltSectors | Counter::Tracks | Counter::Leads => 6,
            Counter::Income => self.income,
            Counter::SharesHeld => 3 * factories,
            Counter::Policies => self.policies,
            Counter::Level { sectors } => 7 * u32::try_from(sectors.len()).unwrap_or(u32::MAX),
            Counter::Levels => 7 * 6,
            Counter::Notes => u32::from(MAX_NOTES),
            Counter::Regions | Counter::Metros => 4,
        }
    }
}

/// Every number of a bundle and the bundles inside it.
fn bundle(
    file: &str,
    item: &str,
    field: &str,
    bundle_: &Bundle,
    most: CounterMost,
) -> Result<(), ContentError> {
    for (i, effect) in bundle_.iter().enumerate() {
        let at = format!("{field}[{i}]");
        self::effect(file, item, &at, effect, most)?;
    }
    Ok(())
}

/// The numbers of one effect: its amount, a `per`'s most in one gain, an `if`'s threshold,
/// a modifier's `add`, and its nested bundles.
fn effect(
    file: &str,
    item: &str,
    at: &str,
    effect: &Effect,
    most: CounterMost,
) -> Result<(), ContentError> {
    if let Some((n, limit, unit)) = atom_limit(effect) {
        let field = if matches!(effect, Effect::Income { .. }) {
            "max"
        } else {
            "n"
        };
        return at_most(file, item, &format!("{at}.{field}"), n, limit, unit);
    }
    match effect {
        Effect::TakeIndustry { price_x_av } => at_most(
            file,
            item,
            &format!("{at}.price_x_av"),
            *price_x_av,
            MAX_PRICE_X_AV,
            "times the asset value",
        ),
        Effect::Per { counter, each, max } => {
            self::effect(file, item, &format!("{at}.each"), each, most)?;
            let Some((n, limit, unit)) = atom_limit(each) else {
                return Ok(());
            };
            match max {
                Some(max) => at_most(file, item, &format!("{at}.max"), *max, limit, unit),
                None => {
                    let counted = most.of_counter(counter);
                    let total = u64::from(n) * u64::from(counted);
                    if total > u64::from(limit) {
                        return Err(over(
                            file,
                            item,
                            at,
                            format!("{n} × a counter of up to {counted} gives up to {total}"),
                            format!("at most {limit} {unit} in one gain (give a max)"),
                        ));
                    }
                    Ok(())
                }
            }
        }
        Effect::If { k, then, .. } => {
            at_most(
                file,
                item,
                &format!("{at}.k"),
                *k,
                MAX_THRESHOLD,
                "(a threshold)",
            )?;
            bundle(file, item, &format!("{at}.then"), then, most)
        }
        Effect::Mod {
            param,
            add: Some(add),
            ..
        } => {
            let (limit, unit) = add_limit(*param);
            if add.unsigned_abs() > limit {
                return Err(over(
                    file,
                    item,
                    &format!("{at}.add"),
                    add,
                    format!("between -{limit} and {limit} {unit}"),
                ));
            }
            Ok(())
        }
        Effect::On { effects, .. } => bundle(file, item, &format!("{at}.do"), effects, most),
        Effect::Offer { pay, gain } => {
            bundle(file, item, &format!("{at}.pay"), pay, most)?;
            bundle(file, item, &format!("{at}.gain"), gain, most)
        }
        _ => Ok(()),
    }
}

/// The limit of a modifier's `add`, and its unit.
fn add_limit(param: ModParam) -> (u32, &'static str) {
    match param {
        ModParam::StrategyCost => (MAX_AMOUNT, "promoters"),
        ModParam::Loan | ModParam::SharePrice | ModParam::Income | ModParam::IconCost => {
            (MAX_CR, "Cr")
        }
    }
}

/// One lasting modifier of the content, where it is printed.
struct Lasting<'a> {
    file: &'static str,
    item: &'a str,
    /// Its index in the bundle.
    at: usize,
    /// Printed on a headline: one headline is in force at a time (TI-17).
    headline: bool,
    effect: &'a Effect,
}

/// The modifiers a seat can have in force together (TC-1.5): the passive policies, all of
/// which one seat may hold, and one headline (the round's). Their Cr gains added up stay within
/// [`MAX_CR`], and their icon ×2 factors on a sector within [`MAX_DOUBLINGS`].
fn check_modifiers(c: &Content) -> Result<(), ContentError> {
    let policies = c
        .policies
        .iter()
        .filter(|p| p.effect.when == PolicyWhen::Passive)
        .flat_map(|p| lasting(POLICIES, &p.id, false, &p.effect.effects));
    let headlines = c
        .headlines
        .iter()
        .filter(|h| {
            matches!(
                h.effect.when,
                HeadlineTiming::WholeRound | HeadlineTiming::RoundEvent
            )
        })
        .flat_map(|h| lasting(HEADLINES, &h.id, true, &h.effect.effects));
    let all: Vec<Lasting<'_>> = policies.chain(headlines).collect();
    for param in [ModParam::Loan, ModParam::SharePrice, ModParam::Income] {
        together(&all, "the Cr a modifier adds", MAX_CR, |e| match e {
            Effect::Mod {
                param: p,
                add: Some(add),
                ..
            } if *p == param => u32::try_from(*add).unwrap_or(0),
            _ => 0,
        })?;
    }
    for sector in super::super::ids::Sector::ALL {
        let limit = u32::try_from(MAX_DOUBLINGS).unwrap_or(u32::MAX);
        together(&all, "the icon cost ×2 factors", limit, |e| match e {
            Effect::Mod {
                param: ModParam::IconCost,
                mul: Some(2),
                sectors,
                ..
            } if sectors.contains(&sector) => 1,
            _ => 0,
        })?;
    }
    Ok(())
}

/// The top-level effects of a lasting bundle.
fn lasting<'a>(
    file: &'static str,
    item: &'a str,
    headline: bool,
    bundle: &'a Bundle,
) -> impl Iterator<Item = Lasting<'a>> {
    bundle.iter().enumerate().map(move |(at, effect)| Lasting {
        file,
        item,
        at,
        headline,
        effect,
    })
}

/// The largest total of `value` in force at once, every passive policy's and the largest
/// headline's, is at most `limit`; the modifier that passes it is named.
fn together(
    all: &[Lasting<'_>],
    what: &str,
    limit: u32,
    value: impl Fn(&Effect) -> u32,
) -> Result<(), ContentError> {
    let mut policies = 0u64;
    let mut headlines: HashMap<&str, u64> = HashMap::new();
    let mut headline = 0u64;
    for m in all {
        let v = u64::from(value(m.effect));
        if v == 0 {
            continue;
        }
        if m.headline {
            let sum = headlines.entry(m.item).or_default();
            *sum += v;
            headline = headline.max(*sum);
        } else {
            policies += v;
        }
        if policies + headline > u64::from(limit) {
            return Err(over(
                m.file,
                m.item,
                &format!("effect.do[{}]", m.at),
                format!("{what} in force at once come to {}", policies + headline),
                format!(
                    "at most {limit} together (every passive policy one seat may hold, and \
                     the round's headline)"
                ),
            ));
        }
    }
    Ok(())
}
