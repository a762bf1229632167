//! Actions: every answer the player can give, each with a text form that parses back
//! (architecture principle 2).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{SiteId, Talent};

/// A merchant trade (RG-7.1, ruling 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trade {
    /// 1 funds for 1 food.
    BuyFood,
    /// 2 funds for 1 weapon.
    BuyWeapon,
    /// 2 funds for 1 slave.
    BuySlave,
    /// 2 weapons for 1 funds.
    SellWeapons,
    /// 1 slave for 1 funds.
    SellSlave,
    /// 商才: 1 funds for 1 weapon, once per turn (ruling 10).
    MerchantWeapon,
}

impl Trade {
    /// Every trade, in table order.
    pub const ALL: [Trade; 6] = [
        Trade::BuyFood,
        Trade::BuyWeapon,
        Trade::BuySlave,
        Trade::SellWeapons,
        Trade::SellSlave,
        Trade::MerchantWeapon,
    ];

    /// The trade's text form: `buy-food`.
    pub fn code(self) -> &'static str {
        match self {
            Trade::BuyFood => "buy-food",
            Trade::BuyWeapon => "buy-weapon",
            Trade::BuySlave => "buy-slave",
            Trade::SellWeapons => "sell-weapons",
            Trade::SellSlave => "sell-slave",
            Trade::MerchantWeapon => "merchant-weapon",
        }
    }
}

impl fmt::Display for Trade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// An answer to a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Scout a site (RG-4): `scout village-2`.
    Scout(SiteId),
    /// Scout nothing this turn (RG-4, ruling 25): `skip-scout`.
    SkipScout,
    /// Raid a site (RG-5.1, RG-5.6): `raid fort-1`.
    Raid(SiteId),
    /// End the raid phase (RG-5.1, RG-5.6): `end-raids`. The war status (RG-6) follows.
    EndRaids,
    /// One more step of continued plunder (RG-5.5): `plunder`.
    Plunder,
    /// Stop plundering (RG-5.5): `stop-plunder`.
    StopPlunder,
    /// A merchant trade (RG-7.1): `trade buy-food`.
    Trade(Trade),
    /// Recruit, paying this many funds (RG-7.2, ruling 22): `recruit 3`.
    Recruit(u32),
    /// Choose a talent earned by recruitment (RG-7.2, ruling 10): `talent elite`.
    ChooseTalent(Talent),
    /// End the settlement phase (RG-7): `end-settlement`. Upkeep, desertion, slave attrition,
    /// site drift and the end check follow (RG-7.3 to RG-7.7).
    EndSettlement,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Scout(site) => write!(f, "scout {site}"),
            Action::SkipScout => f.write_str("skip-scout"),
            Action::Raid(site) => write!(f, "raid {site}"),
            Action::EndRaids => f.write_str("end-raids"),
            Action::Plunder => f.write_str("plunder"),
            Action::StopPlunder => f.write_str("stop-plunder"),
            Action::Trade(trade) => write!(f, "trade {trade}"),
            Action::Recruit(funds) => write!(f, "recruit {funds}"),
            Action::ChooseTalent(talent) => write!(f, "talent {talent}"),
            Action::EndSettlement => f.write_str("end-settlement"),
        }
    }
}

impl FromStr for Action {
    type Err = String;

    /// Parses the text form of [`Display`](fmt::Display).
    ///
    /// ```
    /// use darbar::raid::Action;
    ///
    /// for text in ["scout village-2", "raid fort-1", "trade buy-food", "recruit 3", "talent night-raid", "end-raids"] {
    ///     let action: Action = text.parse().unwrap();
    ///     assert_eq!(action.to_string(), text);
    /// }
    /// assert!("raid castle-9".parse::<Action>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Action, String> {
        let text = text.trim();
        let (word, rest) = match text.split_once(' ') {
            Some((w, r)) => (w, Some(r.trim())),
            None => (text, None),
        };
        let action = match (word, rest) {
            ("scout", Some(site)) => Action::Scout(site.parse()?),
            ("skip-scout", None) => Action::SkipScout,
            ("raid", Some(site)) => Action::Raid(site.parse()?),
            ("end-raids", None) => Action::EndRaids,
            ("plunder", None) => Action::Plunder,
            ("stop-plunder", None) => Action::StopPlunder,
            ("trade", Some(trade)) => Action::Trade(
                Trade::ALL
                    .into_iter()
                    .find(|t| t.code() == trade)
                    .ok_or_else(|| format!("{trade:?} is not a trade"))?,
            ),
            ("recruit", Some(funds)) => Action::Recruit(
                funds
                    .parse()
                    .map_err(|_| format!("{funds:?} is not a number of funds"))?,
            ),
            ("talent", Some(talent)) => Action::ChooseTalent(talent.parse()?),
            ("end-settlement", None) => Action::EndSettlement,
            _ => return Err(format!("{text:?} is not an action")),
        };
        Ok(action)
    }
}
