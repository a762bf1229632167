//! Actions and the table in words, from the loaded content.

use std::fmt;

use crate::engine::log::counted;

use super::action::Action;
use super::content::Content;
use super::frame::Frame;
use super::state::State;

/// An action in the words the whole table may read, in the state it was taken in: what
/// [`describe`] says, except of what the rules keep behind a seat's screen: the corporate
/// agenda kept face down (TI-2.6) and the amount of a sealed policy bid before the reveal
/// (TI-21.19). Log lines and the picture's caption say an action so.
pub(crate) fn describe_in_public(s: &State, c: &Content, action: Action) -> String {
    match action {
        Action::Agenda(_) => "keep a corporate agenda face down".to_owned(),
        Action::PolicyBid(_) => "make a sealed bid".to_owned(),
        _ => describe(s, c, action),
    }
}

/// Whether the table reads less of `action` than the seat that takes it
/// ([`describe_in_public`]).
pub(crate) fn is_screened(action: Action) -> bool {
    matches!(action, Action::Agenda(_) | Action::PolicyBid(_))
}

/// An action in words, in the state it would be taken in (the numbers it carries named): for
/// the seat that takes it.
pub(crate) fn describe(s: &State, c: &Content, action: Action) -> String {
    let policy_row = match s.stack.last() {
        Some(Frame::StartPolicy { .. }) => &s.setup_policies[..],
        _ => &[],
    };
    let policy = |slot: u8| -> String {
        let card = if policy_row.is_empty() {
            s.policy_display.get(usize::from(slot)).map(|x| x.card)
        } else {
            policy_row.get(usize::from(slot)).copied()
        };
        card.and_then(|p| c.policies.get(usize::from(p)))
            .map_or_else(
                || format!("policy {slot}"),
                |p| format!("{} {}", p.id, p.name),
            )
    };
    let industry = |card: u8| {
        c.industries.get(usize::from(card)).map_or_else(
            || format!("card {card}"),
            |x| format!("{} {}", x.id, x.name),
        )
    };
    match action {
        Action::Policy(slot) => format!("take {}", policy(slot)),
        Action::Agenda(i) => {
            let seat = s.pending(c).map_or(0, |p| usize::from(p.seat));
            let agenda = s.seats[seat].agenda.get(usize::from(i));
            agenda
                .and_then(|&a| c.agendas.get(usize::from(a)))
                .map_or_else(
                    || action.to_string(),
                    |a| format!("keep {} {}", a.id, a.name),
                )
        }
        Action::Region(r) => format!("activate the {}", r.name()),
        Action::Bid(f) => format!("bid {} Cr", u32::from(f) * 5),
        Action::PolicyBid(b) => format!("bid {} (sealed)", counted(b, "promoter", "promoters")),
        Action::NpUnit(q) => {
            let price = s.np_price(c).unwrap_or(0);
            format!(
                "buy an NP unit for {} Cr and {}",
                price.saturating_sub(5 * u32::from(q)),
                counted(q, "promoter", "promoters")
            )
        }
        Action::Industry(slot) => s.industry_display.get(usize::from(slot)).map_or_else(
            || action.to_string(),
            |x| format!("take {}", industry(x.card)),
        ),
        Action::Card(card) => format!("build {}", industry(card)),
        Action::City(city) => c.map.cities.get(city.index()).map_or_else(
            || action.to_string(),
            |x| format!("{} ({}, distance {})", x.name, x.region.name(), x.distance),
        ),
        Action::Merit(m) => c.merits.get(usize::from(m)).map_or_else(
            || action.to_string(),
            |x| format!("play {} {}", x.id, x.name),
        ),
        Action::Share(o) => format!(
            "buy a {} share for {} Cr",
            s.name_of(o),
            s.pending(c)
                .and_then(|p| s.share_price(c, p.seat, o))
                .unwrap_or(0)
        ),
        Action::Space(0) => "SM-1: gain a +1 action token".to_owned(),
        Action::Space(1) => "SM-2: buy a displayed industry".to_owned(),
        Action::Space(k) => s
            .spaces
            .get(usize::from(k) - 2)
            .and_then(|sp| c.board.unmanaged.get(usize::from(sp.space)))
            .map_or_else(
                || action.to_string(),
                |x| {
                    let cost = counted(x.cost, "promoter", "promoters");
                    format!("{} ({}, {cost})", x.id, x.kind)
                },
            ),
        Action::Conglomerate(t) => c
            .conglomerates
            .get(usize::from(t))
            .map_or_else(|| action.to_string(), |x| format!("take {}", x.id)),
        Action::Steps(a, b) if a == b => format!("{} +2", a.name()),
        Action::Steps(a, b) => format!("{} +1 and {} +1", a.name(), b.name()),
        Action::Sector(a) => format!("{} +1", a.name()),
        _ => action.to_string(),
    }
}

impl fmt::Display for State {
    /// The table in words: the round, the displays, every seat's holdings in public.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = Content::standard();
        let name = |v: Option<&String>| v.cloned().unwrap_or_else(|| "?".into());
        writeln!(
            f,
            "Round {} ({:?}), Tycoon {}, region {}",
            self.round,
            self.phase,
            self.name_of(self.tycoon),
            self.region.map_or("none", |r| r.name())
        )?;
        let row = |cards: &[super::state::Slot], ids: &dyn Fn(u8) -> Option<String>| {
            cards
                .iter()
                .map(|x| {
                    format!(
                        "{}{}",
                        name(ids(x.card).as_ref()),
                        if x.promoters > 0 {
                            format!(" (+{})", x.promoters)
                        } else {
                            String::new()
                        }
                    )
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        writeln!(
            f,
            "Industries: {} | Policies: {}",
            row(&self.industry_display, &|i| c
                .industries
                .get(usize::from(i))
                .map(|x| x.id.clone())),
            row(&self.policy_display, &|p| c
                .policies
                .get(usize::from(p))
                .map(|x| x.id.clone()))
        )?;
        for (k, x) in self.seats.iter().enumerate() {
            let built: Vec<String> = x
                .industries
                .iter()
                .map(|h| {
                    let id = name(c.industries.get(usize::from(h.card)).map(|x| &x.id));
                    match h.city {
                        Some(city) => format!(
                            "{id}@{}",
                            name(c.map.cities.get(city.index()).map(|x| &x.id))
                        ),
                        None => id,
                    }
                })
                .collect();
            writeln!(
                f,
                "{}{}: {} Cr, {}, pool {}, influence {}, support {}, notes {}, tracks {:?}, industries [{}]",
                self.name_of(k as u8),
                if x.is_automa() { " (automa)" } else { "" },
                x.money,
                counted(x.promoters, "promoter", "promoters"),
                x.pool,
                x.influence,
                x.support,
                x.notes,
                x.levels,
                built.join(" ")
            )?;
        }
        Ok(())
    }
}
