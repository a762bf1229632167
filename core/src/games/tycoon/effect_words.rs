//! The content's effects in words (TC-1): what a policy, agenda, merit card, headline,
//! strategy space, planning commission card or conglomerate token does, for a person who
//! knows the board game and chooses by what a card says, not by its id.
//!
//! Every kind of the closed vocabulary has its phrase, matched without a catch-all, so an
//! effect kind added to [`Effect`] cannot go unworded.
//!
//! ```
//! use darbar::tycoon::content::{Content, Effect};
//! use darbar::tycoon::effect_words;
//!
//! assert_eq!(effect_words::effect(&Effect::Money { n: 15 }), "gain 15 Cr");
//! let content = Content::standard();
//! let p = content.policy("P2-02").unwrap();
//! let words = effect_words::policy(&content.policies[usize::from(p)]);
//! assert!(words.starts_with("Liberal: when taken, gain 30 Cr"), "{words}");
//! ```

use crate::engine::log::counted;

use super::content::{
    Agenda, Bundle, Conglomerate, Counter, Effect, Headline, HeadlineTiming, HookEvent, Merit,
    MeritWindow, ModParam, ModScope, Op, Plan, PlanAward, Policy, PolicyKind, PolicyWhen,
    PromoterPlace,
};
use super::ids::{Era, Sector, SpaceType};

/// One effect as a short phrase: `gain 15 Cr`, `+1 step on any track`, `4 influence`.
pub fn effect(e: &Effect) -> String {
    match e {
        Effect::Money { n } => format!("gain {n} Cr"),
        Effect::Pay { n } => format!("pay {n} Cr"),
        Effect::Promoters { n, to } => {
            let place = match to {
                PromoterPlace::Supply => "your supply",
                PromoterPlace::Pool => "your pool",
            };
            format!("{} to {place}", counted(*n, "promoter", "promoters"))
        }
        Effect::Influence { n } => format!("{n} influence"),
        Effect::Support { n } => format!("{n} support"),
        Effect::Plus1 { n } => match n {
            1 => "a +1 action token".to_owned(),
            n => format!("{n} +1 action tokens"),
        },
        Effect::Merit { n } => match n {
            1 => "draw a merit card".to_owned(),
            n => format!("draw {n} merit cards"),
        },
        Effect::Note { n } => format!(
            "take {} and no money",
            counted(*n, "promissory note", "promissory notes")
        ),
        Effect::LoanMoney => "gain your Loan action's amount in Cr, without a note".to_owned(),
        Effect::Income { max } => {
            format!("gain the printed income of your built industries, at most {max} Cr")
        }
        Effect::Step { sector, n } => {
            format!("+{} on {}", counted(*n, "step", "steps"), sector.name())
        }
        Effect::StepAny => "+1 step on any track".to_owned(),
        Effect::StepAny2 => "+1 step on two different tracks, or +2 on one".to_owned(),
        Effect::TakePolicy => "take a displayed policy with the promoters on it".to_owned(),
        Effect::TakeIndustry { price_x_av } => match price_x_av {
            1 => "may buy a displayed industry for its AV".to_owned(),
            k => format!("may buy a displayed industry for {k} times its AV"),
        },
        Effect::Build => "may build an industry now, without an action token".to_owned(),
        Effect::Office => "may open an Office: a reserve factory in an empty city, with the \
                           city's and the region's bonus"
            .to_owned(),
        Effect::Per { counter, each, max } => {
            let cap = max.map_or_else(String::new, |m| format!(", at most {m} in all"));
            format!("{} {}{cap}", effect(each), for_each(counter))
        }
        Effect::If {
            counter: c,
            op,
            k,
            then,
        } => format!("{}: {}", condition(c, *op, *k), bundle(then)),
        Effect::Mod {
            param,
            add,
            mul,
            sectors,
            sector,
            space,
            one,
            scope,
        } => modifier(
            *param,
            add.unwrap_or(0),
            mul.unwrap_or(1),
            sectors,
            *sector,
            *space,
            *one,
            *scope,
        ),
        Effect::On {
            event,
            action,
            effects,
        } => {
            let when = match (event, action) {
                (HookEvent::Income, _) => "at each Income & dividends".to_owned(),
                (HookEvent::Action, Some(a)) => format!("each time you take {}", a.code()),
                (HookEvent::Action, None) => "each time you take an action".to_owned(),
            };
            format!("{when}: {}", bundle(effects))
        }
        Effect::NpFree { n } => match n {
            1 => "this NP turn: a free NP unit".to_owned(),
            n => format!("this NP turn: {n} free NP units"),
        },
        Effect::Offer { pay, gain } => {
            format!("may once {} for {}", bundle(pay), bundle(gain))
        }
    }
}

/// A bundle, its atoms in order (TC-0.3 E2): `a +1 action token, 2 promoters to your supply`;
/// `nothing` when empty.
pub fn bundle(b: &Bundle) -> String {
    if b.is_empty() {
        return "nothing".to_owned();
    }
    b.iter().map(effect).collect::<Vec<_>>().join(", ")
}

/// What a counter counts for its holder (TC-1.3): `your built Agriculture industries`,
/// `your level on Power`.
pub fn counter(c: &Counter) -> String {
    match c {
        Counter::Factories { region: None } => "your factories on the map".to_owned(),
        Counter::Factories { region: Some(r) } => format!("your factories in the {}", r.name()),
        Counter::Built { sectors, era } => {
            let era = match era {
                Some(Era::I) => "Era I ",
                Some(Era::II) => "Era II ",
                None => "",
            };
            let sectors = if sectors.is_empty() {
                String::new()
            } else {
                format!("{} ", either(sectors))
            };
            format!("your built {era}{sectors}industries")
        }
        Counter::Unbuilt => "your unbuilt industry cards".to_owned(),
        Counter::BuiltSectors => "the different sectors of your built industries".to_owned(),
        Counter::Income => "the printed income of your built industries".to_owned(),
        Counter::SharesHeld => "the other seats' shares you hold".to_owned(),
        Counter::Policies => "your policies".to_owned(),
        Counter::Tracks => "the tracks you are on".to_owned(),
        Counter::Level { sectors } => match sectors.as_slice() {
            [one] => format!("your level on {}", one.name()),
            many => format!("your levels on {} added up", both(many)),
        },
        Counter::Levels => "your levels on all six tracks added up".to_owned(),
        Counter::Leads => "the sectors you lead".to_owned(),
        Counter::Notes => "your promissory notes".to_owned(),
        Counter::Regions => "the regions with a factory of yours".to_owned(),
        Counter::Metros => "the metros with a factory of yours".to_owned(),
    }
}

/// Whether a counter is an amount (a level, a sum of Cr) rather than a number of things.
fn is_amount(c: &Counter) -> bool {
    matches!(c, Counter::Level { .. } | Counter::Levels | Counter::Income)
}

/// `for each of your policies`, `for each level of your level on Power`.
fn for_each(c: &Counter) -> String {
    match c {
        Counter::Income => format!("for each Cr of {}", counter(c)),
        c if is_amount(c) => format!("for each level of {}", counter(c)),
        c => format!("for each of {}", counter(c)),
    }
}

/// `with 2 or more of your built Minerals or Power industries`, `if your level on Power is 3
/// or more`, `with none of your promissory notes` (TC-1.2).
fn condition(c: &Counter, op: Op, k: u32) -> String {
    let what = counter(c);
    match (op, is_amount(c)) {
        (Op::AtLeast, false) => format!("with {k} or more of {what}"),
        (Op::AtLeast, true) => format!("if {what} is {k} or more"),
        (Op::Equals, false) if k == 0 => format!("with none of {what}"),
        (Op::Equals, false) => format!("with exactly {k} of {what}"),
        (Op::Equals, true) => format!("if {what} is exactly {k}"),
    }
}

/// A lasting change or a `THIS BUILD` one (TC-1.5).
#[allow(clippy::too_many_arguments)]
fn modifier(
    param: ModParam,
    add: i32,
    mul: u32,
    sectors: &[Sector],
    sector: Option<Sector>,
    space: Option<SpaceType>,
    one: bool,
    scope: Option<ModScope>,
) -> String {
    let more_or_less = |unit: &str| match add {
        a if a < 0 => format!("{} {unit} less", a.unsigned_abs()),
        a => format!("{a} {unit} more"),
    };
    let factor = match mul {
        0 => "nothing".to_owned(),
        2 => "double".to_owned(),
        f => format!("{f} times as much"),
    };
    match param {
        ModParam::Loan => format!("your Loan action gives {}", more_or_less("Cr")),
        ModParam::SharePrice => format!("each share you buy costs {}", more_or_less("Cr")),
        ModParam::IconCost => {
            let icons = if one {
                "one cost icon of your choice costs".to_owned()
            } else {
                format!("the {} icons cost", both(sectors))
            };
            match scope {
                Some(ModScope::Build) => format!("this build: {icons} {factor}"),
                None => format!("on your builds, {icons} {factor}"),
            }
        }
        ModParam::Income => {
            let which = sector.map_or_else(String::new, |s| format!("{} ", s.name()));
            match mul {
                0 => format!("your built {which}industries earn no income"),
                _ => format!(
                    "your built {which}industries earn {} income",
                    more_or_less("Cr")
                ),
            }
        }
        ModParam::StrategyCost => {
            let which = space.map_or("strategy", space_name);
            let fewer = match add {
                a if a < 0 => format!(
                    "{} fewer",
                    counted(a.unsigned_abs(), "promoter", "promoters")
                ),
                a => format!("{} more", counted(a, "promoter", "promoters")),
            };
            format!("{which} spaces cost you {fewer} (at least 1)")
        }
    }
}

/// A strategy space type in words (TI-8.6).
pub fn space_name(t: SpaceType) -> &'static str {
    match t {
        SpaceType::Sell => "Sell",
        SpaceType::Lobby => "Lobby",
        SpaceType::Office => "Office",
        SpaceType::Advertise => "Advertise",
        SpaceType::Export => "Export",
        SpaceType::Buy => "Buy industry",
    }
}

/// `Minerals or Power`: sectors any of which counts.
fn either(sectors: &[Sector]) -> String {
    joined(sectors, "or")
}

/// `Power and Transport`: sectors all of which the phrase names.
fn both(sectors: &[Sector]) -> String {
    joined(sectors, "and")
}

/// Sector names as a list closed by `word`.
fn joined(sectors: &[Sector], word: &str) -> String {
    let names: Vec<&str> = sectors.iter().map(|s| s.name()).collect();
    match names.as_slice() {
        [] => "no".to_owned(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}

/// A policy (TC-8, TI-6.5): its kind and own effect with its timing, its politics bonus
/// (TI-8.7) and its support at the end (TI-16.5).
pub fn policy(p: &Policy) -> String {
    let kind = match p.kind {
        PolicyKind::Industrial => "Industrial",
        PolicyKind::Economic => "Economic",
        PolicyKind::Liberal => "Liberal",
    };
    let when = match p.effect.when {
        PolicyWhen::Now => "when taken",
        PolicyWhen::End => "at the end",
        PolicyWhen::Passive => "for the rest of the game",
    };
    format!(
        "{kind}: {when}, {}; politics: {}; {} support at the end",
        bundle(&p.effect.effects),
        bundle(&p.politics_bonus),
        p.end_support
    )
}

/// A corporate agenda (TC-11, TI-15): the support of each tier at the end.
pub fn agenda(a: &Agenda) -> String {
    let tiers: Vec<String> = a
        .tiers
        .iter()
        .enumerate()
        .map(|(i, &(k, support))| match i {
            0 => format!(
                "{support} support {}",
                condition(&a.counter, Op::AtLeast, k)
            ),
            _ if is_amount(&a.counter) => format!("{support} at {k} or more"),
            _ => format!("{support} with {k} or more"),
        })
        .collect();
    if tiers.is_empty() {
        return "at the end: nothing".to_owned();
    }
    format!("at the end, {}", tiers.join(", "))
}

/// A merit card (TC-12): when it is played and what it does, and its AV at the end if kept.
pub fn merit(m: &Merit) -> String {
    let when = match m.window {
        MeritWindow::Act => Some("at the start of your turn"),
        MeritWindow::Build => Some("as you build, before paying"),
        MeritWindow::NationalProject => Some("at the start of your NP turn"),
        MeritWindow::Keep => None,
    };
    let mut parts = Vec::new();
    match when {
        Some(when) => parts.push(format!("play {when}: {}", bundle(&m.effects))),
        None => parts.push("never played".to_owned()),
    }
    if m.end_av > 0 {
        parts.push(format!("{} AV at the end if still held", m.end_av));
    }
    parts.join("; ")
}

/// A headline (TC-10, TI-17): when it acts, for every seat but the automas.
pub fn headline(h: &Headline) -> String {
    let when = match h.effect.when {
        HeadlineTiming::RoundStart => "at the round's start",
        HeadlineTiming::RoundEnd => "at the round's end",
        HeadlineTiming::WholeRound => "this round",
        HeadlineTiming::RoundEvent => "at this round's Income & dividends",
    };
    format!(
        "{when}, every seat but the automas: {}",
        bundle(&h.effect.effects)
    )
}

/// A planning commission card (TC-9, TI-14): its influence at the end.
pub fn plan(p: &Plan) -> String {
    match &p.award {
        PlanAward::Competitive { counter: c, awards } => format!(
            "at the end, by {}: {} influence for the most, {} for the second",
            counter(c),
            awards[0],
            awards[1]
        ),
        PlanAward::Independent { effects } => {
            format!("at the end, every seat: {}", bundle(effects))
        }
    }
}

/// A conglomerate bonus token (TC-13): its bonus.
pub fn conglomerate(t: &Conglomerate) -> String {
    bundle(&t.bonus)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tycoon::content::Content;
    use crate::tycoon::ids::{ActionKind, Region};

    fn money(n: u32) -> Effect {
        Effect::Money { n }
    }

    /// TC-1.1: every atom's phrase.
    #[test]
    fn tc_1_1_atoms() {
        let cases = [
            (money(15), "gain 15 Cr"),
            (Effect::Pay { n: 10 }, "pay 10 Cr"),
            (
                Effect::Promoters {
                    n: 1,
                    to: PromoterPlace::Supply,
                },
                "1 promoter to your supply",
            ),
            (
                Effect::Promoters {
                    n: 3,
                    to: PromoterPlace::Pool,
                },
                "3 promoters to your pool",
            ),
            (Effect::Influence { n: 4 }, "4 influence"),
            (Effect::Support { n: 2 }, "2 support"),
            (Effect::Plus1 { n: 1 }, "a +1 action token"),
            (Effect::Plus1 { n: 2 }, "2 +1 action tokens"),
            (Effect::Merit { n: 1 }, "draw a merit card"),
            (Effect::Merit { n: 2 }, "draw 2 merit cards"),
            (Effect::Note { n: 1 }, "take 1 promissory note and no money"),
            (
                Effect::LoanMoney,
                "gain your Loan action's amount in Cr, without a note",
            ),
            (
                Effect::Income { max: 40 },
                "gain the printed income of your built industries, at most 40 Cr",
            ),
            (
                Effect::Step {
                    sector: Sector::Min,
                    n: 1,
                },
                "+1 step on Minerals",
            ),
            (
                Effect::Step {
                    sector: Sector::Tra,
                    n: 2,
                },
                "+2 steps on Transport",
            ),
            (Effect::StepAny, "+1 step on any track"),
            (
                Effect::StepAny2,
                "+1 step on two different tracks, or +2 on one",
            ),
            (
                Effect::TakePolicy,
                "take a displayed policy with the promoters on it",
            ),
            (
                Effect::TakeIndustry { price_x_av: 1 },
                "may buy a displayed industry for its AV",
            ),
            (
                Effect::TakeIndustry { price_x_av: 2 },
                "may buy a displayed industry for 2 times its AV",
            ),
            (
                Effect::Build,
                "may build an industry now, without an action token",
            ),
        ];
        for (e, words) in cases {
            assert_eq!(effect(&e), words, "{e:?}");
        }
        assert!(effect(&Effect::Office).starts_with("may open an Office: a reserve factory"));
    }

    /// TC-1.2: `× C … max m` and `if C ≥ k` / `if C = k`.
    #[test]
    fn tc_1_2_multipliers_and_conditions() {
        let per = Effect::Per {
            counter: Counter::Built {
                sectors: vec![Sector::Agr],
                era: None,
            },
            each: Box::new(money(5)),
            max: Some(30),
        };
        assert_eq!(
            effect(&per),
            "gain 5 Cr for each of your built Agriculture industries, at most 30 in all"
        );
        let per_level = Effect::Per {
            counter: Counter::Level {
                sectors: vec![Sector::Pow],
            },
            each: Box::new(Effect::Influence { n: 1 }),
            max: None,
        };
        assert_eq!(
            effect(&per_level),
            "1 influence for each level of your level on Power"
        );
        let at_least = Effect::If {
            counter: Counter::Built {
                sectors: vec![Sector::Min, Sector::Pow],
                era: None,
            },
            op: Op::AtLeast,
            k: 2,
            then: vec![Effect::Influence { n: 8 }],
        };
        assert_eq!(
            effect(&at_least),
            "with 2 or more of your built Minerals or Power industries: 8 influence"
        );
        let none = Effect::If {
            counter: Counter::Notes,
            op: Op::Equals,
            k: 0,
            then: vec![Effect::Influence { n: 6 }],
        };
        assert_eq!(
            effect(&none),
            "with none of your promissory notes: 6 influence"
        );
        let level = Effect::If {
            counter: Counter::Level {
                sectors: vec![Sector::Pow],
            },
            op: Op::AtLeast,
            k: 3,
            then: vec![Effect::Influence { n: 6 }],
        };
        assert_eq!(
            effect(&level),
            "if your level on Power is 3 or more: 6 influence"
        );
        let exactly = Effect::If {
            counter: Counter::Tracks,
            op: Op::Equals,
            k: 6,
            then: vec![money(5)],
        };
        assert_eq!(
            effect(&exactly),
            "with exactly 6 of the tracks you are on: gain 5 Cr"
        );
    }

    /// TC-1.3: every counter's phrase.
    #[test]
    fn tc_1_3_counters() {
        let cases = [
            (
                Counter::Factories { region: None },
                "your factories on the map",
            ),
            (
                Counter::Factories {
                    region: Some(Region::N),
                },
                "your factories in the North",
            ),
            (
                Counter::Built {
                    sectors: Vec::new(),
                    era: None,
                },
                "your built industries",
            ),
            (
                Counter::Built {
                    sectors: vec![Sector::Min, Sector::Pow],
                    era: None,
                },
                "your built Minerals or Power industries",
            ),
            (
                Counter::Built {
                    sectors: Vec::new(),
                    era: Some(Era::II),
                },
                "your built Era II industries",
            ),
            (Counter::Unbuilt, "your unbuilt industry cards"),
            (
                Counter::BuiltSectors,
                "the different sectors of your built industries",
            ),
            (
                Counter::Income,
                "the printed income of your built industries",
            ),
            (Counter::SharesHeld, "the other seats' shares you hold"),
            (Counter::Policies, "your policies"),
            (Counter::Tracks, "the tracks you are on"),
            (
                Counter::Level {
                    sectors: vec![Sector::Tra, Sector::Fin],
                },
                "your levels on Transport and Finance added up",
            ),
            (Counter::Levels, "your levels on all six tracks added up"),
            (Counter::Leads, "the sectors you lead"),
            (Counter::Notes, "your promissory notes"),
            (Counter::Regions, "the regions with a factory of yours"),
            (Counter::Metros, "the metros with a factory of yours"),
        ];
        for (c, words) in cases {
            assert_eq!(counter(&c), words, "{c:?}");
        }
    }

    /// An effect from its TC-1 JSON.
    fn json(text: &str) -> Effect {
        serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// TC-1.5: every modifier and hook, from the JSON of its table.
    #[test]
    fn tc_1_5_modifiers_and_hooks() {
        let cases = [
            (
                r#"{"kind":"mod","param":"loan","add":10}"#,
                "your Loan action gives 10 Cr more",
            ),
            (
                r#"{"kind":"mod","param":"loan","add":-10}"#,
                "your Loan action gives 10 Cr less",
            ),
            (
                r#"{"kind":"mod","param":"share_price","add":-5}"#,
                "each share you buy costs 5 Cr less",
            ),
            (
                r#"{"kind":"mod","param":"icon_cost","sectors":["FUE"],"mul":0}"#,
                "on your builds, the Fuel icons cost nothing",
            ),
            (
                r#"{"kind":"mod","param":"icon_cost","sectors":["FUE"],"mul":2}"#,
                "on your builds, the Fuel icons cost double",
            ),
            (
                r#"{"kind":"mod","param":"icon_cost","sectors":["POW","TRA"],"mul":0,"scope":"build"}"#,
                "this build: the Power and Transport icons cost nothing",
            ),
            (
                r#"{"kind":"mod","param":"icon_cost","one":true,"mul":0,"scope":"build"}"#,
                "this build: one cost icon of your choice costs nothing",
            ),
            (
                r#"{"kind":"mod","param":"income","sector":"AGR","mul":0}"#,
                "your built Agriculture industries earn no income",
            ),
            (
                r#"{"kind":"mod","param":"income","sector":"FUE","add":5}"#,
                "your built Fuel industries earn 5 Cr more income",
            ),
            (
                r#"{"kind":"mod","param":"strategy_cost","space":"OFF","add":-1}"#,
                "Office spaces cost you 1 promoter fewer (at least 1)",
            ),
        ];
        for (text, words) in cases {
            assert_eq!(effect(&json(text)), words, "{text}");
        }
        let on_income = Effect::On {
            event: HookEvent::Income,
            action: None,
            effects: vec![money(5)],
        };
        assert_eq!(effect(&on_income), "at each Income & dividends: gain 5 Cr");
        let on_politics = Effect::On {
            event: HookEvent::Action,
            action: Some(ActionKind::Politics),
            effects: vec![Effect::Support { n: 1 }],
        };
        assert_eq!(
            effect(&on_politics),
            "each time you take politics: 1 support"
        );
        assert_eq!(
            effect(&Effect::NpFree { n: 1 }),
            "this NP turn: a free NP unit"
        );
        let offer = Effect::Offer {
            pay: vec![Effect::Pay { n: 10 }],
            gain: vec![Effect::Support { n: 1 }, Effect::Influence { n: 2 }],
        };
        assert_eq!(
            effect(&offer),
            "may once pay 10 Cr for 1 support, 2 influence"
        );
        assert_eq!(bundle(&Vec::new()), "nothing");
    }

    /// TC-11: an agenda's tiers, the seed's `CA-1` (4 → 2, 6 → 4, 8 → 7).
    #[test]
    fn tc_11_agenda_tiers() {
        let c = Content::standard();
        let ca1 = c.agendas.iter().find(|a| a.id == "CA-1").unwrap();
        assert_eq!(
            agenda(ca1),
            "at the end, 2 support with 4 or more of your factories on the map, 4 with 6 or \
             more, 7 with 8 or more"
        );
    }

    /// TC-8, TC-12: a policy and a merit card with their timings.
    #[test]
    fn tc_8_and_tc_12_policy_and_merit() {
        let c = Content::standard();
        let p = &c.policies[usize::from(c.policy("P1-06").unwrap())];
        assert_eq!(
            policy(p),
            "Economic: for the rest of the game, your Loan action gives 10 Cr more; politics: \
             gain 5 Cr; 1 support at the end"
        );
        let m = &c.merits[usize::from(c.merit("M-28").unwrap())];
        assert_eq!(
            merit(m),
            "play at the start of your turn: gain 20 Cr; 20 AV at the end if still held"
        );
        let kept = &c.merits[usize::from(c.merit("M-25").unwrap())];
        assert_eq!(merit(kept), "never played; 20 AV at the end if still held");
    }

    /// Every item of the default content has words for every effect: nothing empty, no
    /// debug text.
    #[test]
    fn tc_1_every_default_item_has_words() {
        let c = Content::standard();
        let check = |what: &str, words: String| {
            assert!(!words.trim().is_empty(), "{what}");
            for bad in ["Some(", "None", "{", "}", "[", "Effect", "\"", "  "] {
                assert!(!words.contains(bad), "{what}: {words}");
            }
        };
        let check_bundle = |what: &str, b: &Bundle| {
            for e in b {
                check(what, effect(e));
            }
        };
        for p in &c.policies {
            check(&p.id, policy(p));
            check_bundle(&p.id, &p.effect.effects);
            check_bundle(&p.id, &p.politics_bonus);
        }
        for a in &c.agendas {
            check(&a.id, agenda(a));
        }
        for m in &c.merits {
            check(&m.id, merit(m));
            check_bundle(&m.id, &m.effects);
        }
        for h in &c.headlines {
            check(&h.id, headline(h));
            check_bundle(&h.id, &h.effect.effects);
        }
        for s in &c.board.unmanaged {
            check(&s.id, bundle(&s.reward));
        }
        for p in &c.plans {
            check(&p.id, plan(p));
        }
        for t in &c.conglomerates {
            check(&t.id, conglomerate(t));
        }
        for city in &c.map.cities {
            check(&city.id, bundle(&city.bonus));
        }
        for r in &c.map.regions {
            check(r.code.name(), bundle(&r.bonus));
        }
        check("NP", bundle(&c.board.np_reward));
    }
}
