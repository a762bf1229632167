//! Lasting effects of events: in force until the next Succession card is revealed (deck
//! convention C14). The rules read them at five hooks.

use serde::{Deserialize, Serialize};

/// A lasting effect of the default deck, by its engine id (deck file §2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lasting {
    /// Card 5 shaded: Plunder removes no DS Troops (§3.5.3).
    SiriFort,
    /// Card 6 shaded: each Conscript cap +1 (§3.2.1).
    MarketControl,
    /// Card 18 unshaded: Collect Tribute gains no Resources (§4.2.1).
    TokenCurrency,
    /// Card 24 unshaded: BK and VN may Rebel under the Khalji dynasty (§2.7.1).
    AmiranISada,
    /// Card 25 unshaded: BK Rally places +1 Amir where a Fort stands, cap 4 there (§3.3.1).
    FourTarafs,
}

impl Lasting {
    /// All five.
    pub const ALL: [Lasting; 5] = [
        Lasting::SiriFort,
        Lasting::MarketControl,
        Lasting::TokenCurrency,
        Lasting::AmiranISada,
        Lasting::FourTarafs,
    ];

    /// The engine id of deck file §2.1, as snapshots and card scripts spell it.
    ///
    /// ```
    /// use darbar::vijayanagara::Lasting;
    ///
    /// assert_eq!(Lasting::AmiranISada.id(), "amiran_i_sada");
    /// ```
    pub fn id(self) -> &'static str {
        match self {
            Lasting::SiriFort => "siri_fort",
            Lasting::MarketControl => "market_control",
            Lasting::TokenCurrency => "token_currency",
            Lasting::AmiranISada => "amiran_i_sada",
            Lasting::FourTarafs => "four_tarafs",
        }
    }
}

/// The lasting effects in force.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LastingEffects(u8);

impl LastingEffects {
    /// Whether `effect` is in force.
    pub fn contains(self, effect: Lasting) -> bool {
        self.0 & (1 << effect as u8) != 0
    }

    /// Puts `effect` in force.
    pub fn insert(&mut self, effect: Lasting) {
        self.0 |= 1 << effect as u8;
    }

    /// Ends every effect: a Succession card was revealed (C14).
    pub fn clear(&mut self) {
        self.0 = 0;
    }

    /// The effects in force.
    pub fn iter(self) -> impl Iterator<Item = Lasting> {
        Lasting::ALL.into_iter().filter(move |&e| self.contains(e))
    }
}

impl Serialize for LastingEffects {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for LastingEffects {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut effects = LastingEffects::default();
        for effect in Vec::<Lasting>::deserialize(deserializer)? {
            effects.insert(effect);
        }
        Ok(effects)
    }
}
