//! The Play Order track (§2.3) and the Dynasty card (§2.7).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A box of the Play Order track that holds an eligibility cylinder (§2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayOrderBox {
    /// May act on the next Event card (§2.3.1).
    Eligible,
    /// Branch 1: a full Command and a Decree (§2.3.3).
    CommandAndDecree,
    /// Branch 2: the Event or a full Command (§2.3.3).
    EventOrCommand,
    /// A Command in one space (§2.3.5).
    LimitedCommand,
    /// Passed for income (§2.3.6).
    Pass,
    /// Sits out the next Event card (§2.3.7).
    Ineligible,
}

impl PlayOrderBox {
    /// The two branch boxes, each open to one faction per card (§2.3.3).
    pub const fn is_branch(self) -> bool {
        matches!(
            self,
            PlayOrderBox::CommandAndDecree | PlayOrderBox::EventOrCommand
        )
    }
}

impl fmt::Display for PlayOrderBox {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayOrderBox::Eligible => "Eligible",
            PlayOrderBox::CommandAndDecree => "Command & Decree",
            PlayOrderBox::EventOrCommand => "Event or Command",
            PlayOrderBox::LimitedCommand => "Limited Command",
            PlayOrderBox::Pass => "Pass",
            PlayOrderBox::Ineligible => "Ineligible",
        })
    }
}

/// The dynasty ruling in Delhi (§2.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dynasty {
    /// 1290–1320; Rebel is forbidden (§2.7.1). The starting side.
    Khalji,
    /// From the first Succession card on; Rebel is legal (§2.7.2).
    Tughlaq,
}

impl Dynasty {
    /// Whether the Rebel command may be used without an event allowing it (§2.7).
    pub const fn allows_rebel(self) -> bool {
        matches!(self, Dynasty::Tughlaq)
    }
}

impl fmt::Display for Dynasty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dynasty::Khalji => "Khalji",
            Dynasty::Tughlaq => "Tughlaq",
        })
    }
}
