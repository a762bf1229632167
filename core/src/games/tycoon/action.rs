//! The answers to the game's decisions (TC-17), each with a fixed number and a text form.
//!
//! Numbers inside an action are positions: a display slot, a content card number, a city
//! number, a seat. What they mean in words is [`Tycoon::describe`](super::Tycoon::describe).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::ids::{ActionKind, CityId, Region, Sector};

/// The largest policy bid an action can carry, in promoters.
pub const MAX_POLICY_BID: u8 = 99;
/// The largest industry bid an action can carry, in fives of Cr (1,275 Cr).
pub const MAX_INDUSTRY_BID: u8 = 255;
/// The most content numbers an action can carry for a kind of card or city.
pub const MAX_ITEMS: u8 = 64;

/// One answer to a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// The starting influence space, 1–4 (TI-3 step 13).
    Influence(u8),
    /// A policy by its place in the row offered: the setup draw or the display (TI-3 step 16,
    /// TI-6.2, Lobby).
    Policy(u8),
    /// The agenda kept, 0 or 1 of the two drawn (TI-3 step 17).
    Agenda(u8),
    /// Take an offer (TC-1.5 `OFFER`).
    Accept,
    /// Decline an optional atom or offer (TC-0.3 E4).
    Decline,
    /// The region activated (TI-5.1).
    Region(Region),
    /// A sealed policy bid of so many promoters (TI-6.2).
    PolicyBid(u8),
    /// One NP unit, paid with so many promoters and the rest in Cr (TI-21.5).
    NpUnit(u8),
    /// End a merit window or an NP turn.
    Done,
    /// An industry bid of so many fives of Cr (TI-7.4).
    Bid(u8),
    /// Pass in the industry auction or in Phase 4 (TI-7.4, TI-8.2).
    Pass,
    /// A displayed industry card by its slot (TI-7.5, TI-8.6, TC-1.1).
    Industry(u8),
    /// Take a Phase-4 action with a regular or Tycoon token (TI-8.1).
    Act(ActionKind),
    /// Take a Phase-4 action with a +1 action token (TI-13).
    ActPlus1(ActionKind),
    /// An own unbuilt industry card, by its content number (TI-8.3.1).
    Card(u8),
    /// A city (TI-8.3.1, Office).
    City(CityId),
    /// Play a held merit card, by its content number (TC-12).
    Merit(u8),
    /// The cost icon a `THIS BUILD: icon(one) ×0` card waives, by its place on the card.
    Icon(u8),
    /// Buy a share of this seat (TI-8.4).
    Share(u8),
    /// Rally so many promoters (TI-8.5).
    Rally(u8),
    /// A strategy space: 0 and 1 the managed `SM-1` and `SM-2`, then the unmanaged spaces
    /// in play in board order (TI-8.6).
    Space(u8),
    /// The Buy industry bonus: `Cr 10` (TI-8.6).
    BonusMoney,
    /// The Buy industry bonus: `INF 2` (TI-8.6).
    BonusInfluence,
    /// `STEP any 1` on this sector.
    Sector(Sector),
    /// `STEP any2`: these two sectors +1 each, or one sector +2 when they are the same.
    Steps(Sector, Sector),
    /// A conglomerate token by its content number (TI-11).
    Conglomerate(u8),
    /// Ask for a voluntary emergency loan (TI-9, TI-21.4); the amount follows.
    EmergencyLoan,
    /// The emergency loan's amount, 1–25 Cr.
    LoanAmount(u8),
    /// Repay so many notes (TI-16.1).
    Repay(u8),
}

/// The numbered ranges of [`Action::index`], in order: each variant and how many numbers it
/// takes.
const LAYOUT: [(&str, usize); 30] = [
    ("influence", 5),
    ("policy", 8),
    ("agenda", 2),
    ("accept", 1),
    ("decline", 1),
    ("region", 4),
    ("policy-bid", MAX_POLICY_BID as usize + 1),
    ("np-unit", 21),
    ("done", 1),
    ("bid", MAX_INDUSTRY_BID as usize + 1),
    ("pass", 1),
    ("industry", 3),
    ("act", 6),
    ("act+1", 6),
    ("card", MAX_ITEMS as usize),
    ("city", MAX_ITEMS as usize),
    ("merit", MAX_ITEMS as usize),
    ("icon", 8),
    ("share", 4),
    ("rally", 7),
    ("space", 32),
    ("bonus-money", 1),
    ("bonus-influence", 1),
    ("sector", 6),
    ("steps", 36),
    ("conglomerate", 16),
    ("emergency-loan", 1),
    ("loan-amount", 26),
    ("repay", 11),
    ("", 0),
];

/// How many distinct actions there are ([`Action::index`] is below it).
pub const ACTION_COUNT: usize = {
    let mut total = 0;
    let mut i = 0;
    while i < LAYOUT.len() {
        total += LAYOUT[i].1;
        i += 1;
    }
    total
};

/// Where each range of [`LAYOUT`] starts.
const fn start(range: usize) -> usize {
    let mut total = 0;
    let mut i = 0;
    while i < range {
        total += LAYOUT[i].1;
        i += 1;
    }
    total
}

impl Action {
    /// The range of [`LAYOUT`] and the number inside it.
    fn place(self) -> (usize, usize) {
        use Action as A;
        match self {
            A::Influence(n) => (0, n.into()),
            A::Policy(n) => (1, n.into()),
            A::Agenda(n) => (2, n.into()),
            A::Accept => (3, 0),
            A::Decline => (4, 0),
            A::Region(r) => (5, r.index()),
            A::PolicyBid(n) => (6, n.into()),
            A::NpUnit(n) => (7, n.into()),
            A::Done => (8, 0),
            A::Bid(n) => (9, n.into()),
            A::Pass => (10, 0),
            A::Industry(n) => (11, n.into()),
            A::Act(k) => (12, k.index()),
            A::ActPlus1(k) => (13, k.index()),
            A::Card(n) => (14, n.into()),
            A::City(c) => (15, c.index()),
            A::Merit(n) => (16, n.into()),
            A::Icon(n) => (17, n.into()),
            A::Share(n) => (18, n.into()),
            A::Rally(n) => (19, n.into()),
            A::Space(n) => (20, n.into()),
            A::BonusMoney => (21, 0),
            A::BonusInfluence => (22, 0),
            A::Sector(s) => (23, s.index()),
            A::Steps(a, b) => (24, a.index() * 6 + b.index()),
            A::Conglomerate(n) => (25, n.into()),
            A::EmergencyLoan => (26, 0),
            A::LoanAmount(n) => (27, n.into()),
            A::Repay(n) => (28, n.into()),
        }
    }

    /// The action's fixed number, below [`ACTION_COUNT`].
    pub fn index(self) -> usize {
        let (range, n) = self.place();
        start(range) + n.min(LAYOUT[range].1.saturating_sub(1))
    }

    /// The action numbered `index`, if any.
    pub fn from_index(index: usize) -> Option<Action> {
        let range = (0..LAYOUT.len()).find(|&r| index < start(r + 1))?;
        let n = index - start(range);
        Action::from_place(range, n)
    }

    /// The action of a range of [`LAYOUT`] and a number inside it.
    fn from_place(range: usize, n: usize) -> Option<Action> {
        use Action as A;
        if n >= LAYOUT.get(range)?.1 {
            return None;
        }
        let byte = u8::try_from(n).ok()?;
        Some(match range {
            0 => A::Influence(byte),
            1 => A::Policy(byte),
            2 => A::Agenda(byte),
            3 => A::Accept,
            4 => A::Decline,
            5 => A::Region(Region::ALL[n]),
            6 => A::PolicyBid(byte),
            7 => A::NpUnit(byte),
            8 => A::Done,
            9 => A::Bid(byte),
            10 => A::Pass,
            11 => A::Industry(byte),
            12 => A::Act(ActionKind::ALL[n]),
            13 => A::ActPlus1(ActionKind::ALL[n]),
            14 => A::Card(byte),
            15 => A::City(CityId(byte)),
            16 => A::Merit(byte),
            17 => A::Icon(byte),
            18 => A::Share(byte),
            19 => A::Rally(byte),
            20 => A::Space(byte),
            21 => A::BonusMoney,
            22 => A::BonusInfluence,
            23 => A::Sector(Sector::ALL[n]),
            24 => A::Steps(Sector::ALL[n / 6], Sector::ALL[n % 6]),
            25 => A::Conglomerate(byte),
            26 => A::EmergencyLoan,
            27 => A::LoanAmount(byte),
            28 => A::Repay(byte),
            _ => return None,
        })
    }
}

impl fmt::Display for Action {
    /// `influence 3`, `policy-bid 2`, `act build`, `act+1 shares`, `steps FIN POW`, `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (range, n) = self.place();
        let word = LAYOUT[range].0;
        match *self {
            Action::Region(r) => write!(f, "{word} {r}"),
            Action::Act(k) | Action::ActPlus1(k) => write!(f, "{word} {k}"),
            Action::Sector(s) => write!(f, "{word} {s}"),
            Action::Steps(a, b) => write!(f, "{word} {a} {b}"),
            _ if LAYOUT[range].1 == 1 => f.write_str(word),
            _ => write!(f, "{word} {n}"),
        }
    }
}

impl FromStr for Action {
    type Err = String;

    fn from_str(text: &str) -> Result<Action, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (&word, rest) = words
            .split_first()
            .ok_or_else(|| "an empty action".to_owned())?;
        let word = word.to_ascii_lowercase();
        let range = LAYOUT
            .iter()
            .position(|(w, count)| *w == word && *count > 0)
            .ok_or_else(|| format!("not an action: {text:?}"))?;
        let bad = || format!("not an action: {text:?}");
        let action = match (range, rest) {
            (_, []) if LAYOUT[range].1 == 1 => Action::from_place(range, 0),
            (5, [r]) => Some(Action::Region(r.parse()?)),
            (12, [k]) => Some(Action::Act(k.parse()?)),
            (13, [k]) => Some(Action::ActPlus1(k.parse()?)),
            (23, [s]) => Some(Action::Sector(s.parse()?)),
            (24, [a, b]) => Some(Action::Steps(a.parse()?, b.parse()?)),
            (_, [n]) => Action::from_place(range, n.parse().map_err(|_| bad())?),
            _ => None,
        };
        action.ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_names_one_action_whose_text_parses_back() {
        for index in 0..ACTION_COUNT {
            let action = Action::from_index(index).expect("numbered");
            assert_eq!(action.index(), index, "{action}");
            assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        }
        assert_eq!(Action::from_index(ACTION_COUNT), None);
    }

    #[test]
    fn texts_read_as_written() {
        assert_eq!("act build".parse(), Ok(Action::Act(ActionKind::Build)));
        assert_eq!(
            "steps fin pow".parse(),
            Ok(Action::Steps(Sector::Fin, Sector::Pow))
        );
        assert_eq!("bid 13".parse(), Ok(Action::Bid(13)));
        assert!("bid".parse::<Action>().is_err());
        assert!("influence 9".parse::<Action>().is_err());
        assert!("fly".parse::<Action>().is_err());
    }
}
