//! Actions: every answer a player can give to a decision, each with a string form that parses
//! back (architecture principle 2).
//!
//! Compound moves are sequences of these small actions: a Command is the command's name, then
//! each space selected, then the choices inside each space, then `done`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::influence::PieceSource;
use super::{Faction, Loyalty, Piece, PieceKind, Player, SpaceId};

/// The four options of an eligible faction on an Event card (§2.3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TurnOption {
    /// Branch 1: a full Command and a Decree (§2.3.3).
    CommandAndDecree,
    /// Branch 2: the Event, or a full Command without a Decree (§2.3.3).
    EventOrCommand,
    /// A Command in exactly one space (§2.3.5).
    LimitedCommand,
    /// Income and stay eligible (§2.3.6).
    Pass,
}

impl TurnOption {
    /// All four, in the order of §2.3.3.
    pub const ALL: [TurnOption; 4] = [
        TurnOption::CommandAndDecree,
        TurnOption::EventOrCommand,
        TurnOption::LimitedCommand,
        TurnOption::Pass,
    ];

    fn name(self) -> &'static str {
        match self {
            TurnOption::CommandAndDecree => "Command & Decree",
            TurnOption::EventOrCommand => "Event or Command",
            TurnOption::LimitedCommand => "Limited Command",
            TurnOption::Pass => "Pass",
        }
    }
}

/// The two texts of an Event card (§2.3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum EventSide {
    /// Usually helps BK and VN.
    Unshaded,
    /// Usually helps DS.
    Shaded,
}

impl fmt::Display for EventSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EventSide::Unshaded => "unshaded",
            EventSide::Shaded => "shaded",
        })
    }
}

/// Every Command of every faction (§3.2–§3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CommandKind {
    /// DS: place Troops (§3.2.1).
    Conscript,
    /// DS: move Troops and Governors into a destination (§3.2.2).
    March,
    /// DS: place a Governor, or remove Obedient units and build a Qasbah (§3.2.3).
    Govern,
    /// Any player faction: attack in a space (§3.2.4, §3.3.4, §3.4.4).
    Attack,
    /// BK or VN: place Amirs or Rajas (§3.3.1, §3.4.1).
    Rally,
    /// BK or VN: move up to 3 units into a destination (§3.3.2, §3.4.2).
    Migrate,
    /// BK or VN: a Tributary Province becomes Independent and controlled (§3.3.3, §3.4.3).
    Rebel,
    /// MI: place Mongols in Mountain Passes (§3.5.1).
    Amass,
    /// MI: move Mongols one step towards Delhi (§3.5.2).
    Advance,
    /// MI: attack DS in one space, then plunder (§3.5.3).
    AttackAndPlunder,
}

impl CommandKind {
    /// The commands of a faction, in the order of its aid sheet.
    pub fn of(faction: Faction) -> &'static [CommandKind] {
        use CommandKind::*;
        match faction {
            Faction::Sultanate => &[Conscript, March, Govern, Attack],
            Faction::Bahmani | Faction::Vijayanagara => &[Rally, Migrate, Rebel, Attack],
            Faction::Mongols => &[Amass, Advance, AttackAndPlunder],
        }
    }

    /// The command's name as the rules write it.
    pub fn name(self) -> &'static str {
        match self {
            CommandKind::Conscript => "Conscript",
            CommandKind::March => "March",
            CommandKind::Govern => "Govern",
            CommandKind::Attack => "Attack",
            CommandKind::Rally => "Rally",
            CommandKind::Migrate => "Migrate",
            CommandKind::Rebel => "Rebel",
            CommandKind::Amass => "Amass",
            CommandKind::Advance => "Advance",
            CommandKind::AttackAndPlunder => "Attack and Plunder",
        }
    }

    const ALL: [CommandKind; 10] = [
        CommandKind::Conscript,
        CommandKind::March,
        CommandKind::Govern,
        CommandKind::Attack,
        CommandKind::Rally,
        CommandKind::Migrate,
        CommandKind::Rebel,
        CommandKind::Amass,
        CommandKind::Advance,
        CommandKind::AttackAndPlunder,
    ];
}

/// Every Decree of every player faction (§4.2–§4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum DecreeKind {
    /// DS: Resources from Tributary Prosperity and 2 cavalry (§4.2.1).
    CollectTribute,
    /// DS: move Troops and Governors along a path (§4.2.2).
    Campaign,
    /// DS: make controlled Provinces with a Governor Tributary (§4.2.3).
    DemandObedience,
    /// BK: Resources and cavalry (§4.3.1).
    Trade,
    /// BK: a Fort, or VN: a Temple (§4.3.2, §4.4.2).
    Build,
    /// BK: replace Governors (or Rajas) with Amirs (§4.3.3).
    Conspire,
    /// VN: Resources from controlled Prosperity and Temples (§4.4.1).
    Tax,
    /// VN: bring in Rajas, and with Influence ≥ 2 remove a unit (§4.4.3).
    Compel,
}

impl DecreeKind {
    /// The Decrees of a player faction, in the order of its aid sheet.
    pub fn of(player: Player) -> &'static [DecreeKind] {
        use DecreeKind::*;
        match player {
            Player::Sultanate => &[CollectTribute, Campaign, DemandObedience],
            Player::Bahmani => &[Trade, Build, Conspire],
            Player::Vijayanagara => &[Tax, Build, Compel],
        }
    }

    /// The Decree's name as the rules write it.
    pub fn name(self) -> &'static str {
        match self {
            DecreeKind::CollectTribute => "Collect Tribute",
            DecreeKind::Campaign => "Campaign",
            DecreeKind::DemandObedience => "Demand Obedience",
            DecreeKind::Trade => "Trade",
            DecreeKind::Build => "Build",
            DecreeKind::Conspire => "Conspire",
            DecreeKind::Tax => "Tax",
            DecreeKind::Compel => "Compel",
        }
    }

    const ALL: [DecreeKind; 8] = [
        DecreeKind::CollectTribute,
        DecreeKind::Campaign,
        DecreeKind::DemandObedience,
        DecreeKind::Trade,
        DecreeKind::Build,
        DecreeKind::Conspire,
        DecreeKind::Tax,
        DecreeKind::Compel,
    ];
}

/// An answer to a decision. What each means depends on the decision it answers
/// ([`DecisionKind`](super::DecisionKind)); the decision lists exactly the legal ones.
///
/// ```
/// use darbar::vijayanagara::{Action, CommandKind, Loyalty, Piece, SpaceId};
///
/// for action in [
///     Action::Command(CommandKind::Conscript),
///     Action::Select(SpaceId::RajputKingdoms),
///     Action::Move { from: SpaceId::Gujarat, piece: Piece::Amir(Loyalty::Obedient) },
///     Action::Count(3),
///     Action::Done,
/// ] {
///     assert_eq!(action.to_string().parse(), Ok(action));
/// }
/// assert_eq!(Action::Select(SpaceId::RajputKingdoms).to_string(), "select Rajput Kingdoms");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Choose an option on an Event card (§2.3.3).
    Option(TurnOption),
    /// Carry out the Event, on this side (§2.3.4).
    Event(EventSide),
    /// Begin this Command (§3).
    Command(CommandKind),
    /// Begin this Decree (§4).
    Decree(DecreeKind),
    /// Select a space: for a Command or Decree, a destination, a path step or a leg.
    Select(SpaceId),
    /// Choose a number: pieces to place or move, when the rules say "up to".
    Count(u8),
    /// Move one unit from `from` into the space being resolved.
    Move {
        /// Where it comes from.
        from: SpaceId,
        /// The unit.
        piece: Piece,
    },
    /// Add one unit from an adjacent space as attack support (§3.2.4, §3.3.4, §3.4.4).
    Support {
        /// Where it stands (it does not move).
        from: SpaceId,
        /// The unit.
        piece: Piece,
    },
    /// Remove one piece from a space: a loss, a Govern removal, a Plunder Troop, a refill.
    Remove {
        /// Where it stands.
        space: SpaceId,
        /// The piece.
        piece: Piece,
    },
    /// Place one piece of this kind in the space being resolved.
    Place(PieceKind),
    /// Leave one unit of a moving Campaign group in the current space (§4.2.2).
    Drop(Piece),
    /// Choose the defender of an attack (§3.X C-1).
    Defender(Faction),
    /// Spend a cavalry token as a Charge on one of your own dice, counted from 1 (§1.10).
    Charge(u8),
    /// Spend a cavalry token as a Screen on one of the opponent's dice, counted from 1 (§1.10).
    Screen(u8),
    /// Shift a faction's Influence one step (§2.5.3).
    Shift {
        /// Whose track.
        track: Player,
        /// Up (+1) or down (−1).
        up: bool,
    },
    /// Take a cavalry token from this faction when the pool is empty (§1.10, OQ-19).
    TakeCavalry(Player),
    /// The state of a new Amir (§4.3.3).
    Loyalty(Loyalty),
    /// Put one piece into the Influence slot being refilled (§1.9).
    Refill(PieceSource),
    /// Open a gift of Resources and cavalry tokens to another player faction (§1.5.2, OQ-11),
    /// shown as `give…`: offered to the giver at its decision points (see
    /// [`State::decision`](super::State::decision)). It opens a small decision of its own
    /// ([`DecisionKind::Transfer`](super::DecisionKind::Transfer)): to whom
    /// ([`Action::Faction`]), how many Resources, then how many cavalry tokens
    /// ([`Action::Count`] each), not both zero. Then play returns to the decision point.
    Give,
    /// A faction, where a decision asks for one: an event's text (deck C1), or the receiver of
    /// a gift (§1.5.2).
    Faction(Player),
    /// The `n`-th (from 1) of the options an event's question lists.
    Choose(u8),
    /// Accept what is offered (a "may" of the rules).
    Yes,
    /// Decline what is offered.
    No,
    /// Finish the current step: stop selecting, moving or spending.
    Done,
}

fn piece_text(piece: Piece) -> String {
    piece.to_string()
}

fn parse_piece(text: &str) -> Result<Piece, String> {
    let text = text.trim();
    let (loyalty, kind) = match text.split_once(' ') {
        Some(("Obedient", rest)) => (Loyalty::Obedient, rest),
        Some(("Rebelling", rest)) => (Loyalty::Rebelling, rest),
        _ => (Loyalty::Obedient, text),
    };
    let kind = parse_kind(kind)?;
    if kind.has_loyalty() && !text.contains(' ') {
        return Err(format!("say whether the {kind} is Obedient or Rebelling"));
    }
    Ok(Piece::with_loyalty(kind, loyalty))
}

fn parse_kind(text: &str) -> Result<PieceKind, String> {
    PieceKind::ALL
        .into_iter()
        .find(|k| k.name(1).eq_ignore_ascii_case(text.trim()))
        .ok_or_else(|| format!("unknown piece {text:?}"))
}

fn parse_faction(text: &str) -> Result<Faction, String> {
    let text = text.trim();
    Faction::ALL
        .into_iter()
        .find(|f| {
            [f.abbreviation(), f.name(), &format!("{f:?}")]
                .iter()
                .any(|n| n.eq_ignore_ascii_case(text))
        })
        .ok_or_else(|| format!("unknown faction {text:?}"))
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Option(option) => write!(f, "option {}", option.name()),
            Action::Event(side) => write!(f, "event {side}"),
            Action::Command(kind) => write!(f, "command {}", kind.name()),
            Action::Decree(kind) => write!(f, "decree {}", kind.name()),
            Action::Select(space) => write!(f, "select {space}"),
            Action::Count(n) => write!(f, "count {n}"),
            Action::Move { from, piece } => write!(f, "move {} from {from}", piece_text(piece)),
            Action::Support { from, piece } => {
                write!(f, "support with {} from {from}", piece_text(piece))
            }
            Action::Remove { space, piece } => write!(f, "remove {} in {space}", piece_text(piece)),
            Action::Place(kind) => write!(f, "place {kind}"),
            Action::Drop(piece) => write!(f, "drop {}", piece_text(piece)),
            Action::Defender(faction) => write!(f, "defender {}", faction.abbreviation()),
            Action::Charge(die) => write!(f, "charge die {die}"),
            Action::Screen(die) => write!(f, "screen die {die}"),
            Action::Shift { track, up } => write!(
                f,
                "shift {} {}",
                track.faction().abbreviation(),
                if up { "+1" } else { "-1" }
            ),
            Action::TakeCavalry(player) => {
                write!(f, "take cavalry from {}", player.faction().abbreviation())
            }
            Action::Loyalty(loyalty) => write!(f, "make it {loyalty}"),
            Action::Refill(PieceSource::Available) => f.write_str("refill from available"),
            Action::Refill(PieceSource::Map(space, loyalty)) => {
                write!(f, "refill from {space} ({loyalty})")
            }
            Action::Give => f.write_str("give…"),
            Action::Faction(player) => write!(f, "faction {}", player.faction().abbreviation()),
            Action::Choose(n) => write!(f, "choose {n}"),
            Action::Yes => f.write_str("yes"),
            Action::No => f.write_str("no"),
            Action::Done => f.write_str("done"),
        }
    }
}

impl FromStr for Action {
    type Err = String;

    /// Parses the form [`Action`]'s `Display` writes (case of names is ignored).
    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim();
        let (verb, rest) = s.split_once(' ').unwrap_or((s, ""));
        let rest = rest.trim();
        let named = |list: &[(String, Action)]| {
            list.iter()
                .find(|(name, _)| name.eq_ignore_ascii_case(rest))
                .map(|&(_, a)| a)
                .ok_or_else(|| format!("unknown {verb} {rest:?}"))
        };
        match verb.to_ascii_lowercase().as_str() {
            "option" => named(&TurnOption::ALL.map(|o| (o.name().to_owned(), Action::Option(o)))),
            "event" => match rest.to_ascii_lowercase().as_str() {
                "unshaded" => Ok(Action::Event(EventSide::Unshaded)),
                "shaded" => Ok(Action::Event(EventSide::Shaded)),
                _ => Err(format!("unknown event side {rest:?}")),
            },
            "command" => {
                named(&CommandKind::ALL.map(|c| (c.name().to_owned(), Action::Command(c))))
            }
            "decree" => named(&DecreeKind::ALL.map(|d| (d.name().to_owned(), Action::Decree(d)))),
            "select" => Ok(Action::Select(rest.parse()?)),
            "count" => rest
                .parse()
                .map(Action::Count)
                .map_err(|_| format!("not a count: {rest:?}")),
            "move" => {
                let (piece, from) = rest
                    .rsplit_once(" from ")
                    .ok_or("expected \"move <piece> from <space>\"")?;
                Ok(Action::Move {
                    from: from.parse()?,
                    piece: parse_piece(piece)?,
                })
            }
            "support" => {
                let rest = rest
                    .strip_prefix("with ")
                    .ok_or("expected \"support with <piece> from <space>\"")?;
                let (piece, from) = rest
                    .rsplit_once(" from ")
                    .ok_or("expected \"support with <piece> from <space>\"")?;
                Ok(Action::Support {
                    from: from.parse()?,
                    piece: parse_piece(piece)?,
                })
            }
            "remove" => {
                let (piece, space) = rest
                    .rsplit_once(" in ")
                    .ok_or("expected \"remove <piece> in <space>\"")?;
                Ok(Action::Remove {
                    space: space.parse()?,
                    piece: parse_piece(piece)?,
                })
            }
            "place" => Ok(Action::Place(parse_kind(rest)?)),
            "drop" => Ok(Action::Drop(parse_piece(rest)?)),
            "defender" => Ok(Action::Defender(parse_faction(rest)?)),
            "charge" | "screen" => {
                let die = rest
                    .strip_prefix("die ")
                    .and_then(|n| n.trim().parse().ok())
                    .ok_or_else(|| format!("expected \"{verb} die <n>\""))?;
                Ok(if verb.eq_ignore_ascii_case("charge") {
                    Action::Charge(die)
                } else {
                    Action::Screen(die)
                })
            }
            "shift" => {
                let (track, step) = rest
                    .split_once(' ')
                    .ok_or("expected \"shift <BK|VN> <+1|-1>\"")?;
                let track = parse_faction(track)?
                    .player()
                    .ok_or("the Mongols have no track")?;
                let up = match step {
                    "+1" => true,
                    "-1" => false,
                    _ => return Err(format!("a shift is +1 or -1, not {step:?}")),
                };
                Ok(Action::Shift { track, up })
            }
            "take" => {
                let who = rest
                    .strip_prefix("cavalry from ")
                    .ok_or("expected \"take cavalry from <faction>\"")?;
                let player = parse_faction(who)?
                    .player()
                    .ok_or("the Mongols hold no cavalry")?;
                Ok(Action::TakeCavalry(player))
            }
            "make" => match rest.strip_prefix("it ").map(str::trim) {
                Some("Obedient") => Ok(Action::Loyalty(Loyalty::Obedient)),
                Some("Rebelling") => Ok(Action::Loyalty(Loyalty::Rebelling)),
                _ => Err(format!(
                    "expected \"make it Obedient\" or \"make it Rebelling\", got {s:?}"
                )),
            },
            "refill" => {
                let rest = rest
                    .strip_prefix("from ")
                    .ok_or("expected \"refill from ...\"")?;
                if rest.eq_ignore_ascii_case("available") {
                    return Ok(Action::Refill(PieceSource::Available));
                }
                let (space, loyalty) = rest
                    .strip_suffix(')')
                    .and_then(|r| r.rsplit_once(" ("))
                    .ok_or_else(|| {
                        format!("expected \"refill from <space> (<state>)\", got {s:?}")
                    })?;
                let loyalty = match loyalty {
                    "Obedient" => Loyalty::Obedient,
                    "Rebelling" => Loyalty::Rebelling,
                    other => return Err(format!("unknown state {other:?}")),
                };
                Ok(Action::Refill(PieceSource::Map(space.parse()?, loyalty)))
            }
            // "give…" as shown; "give..." and a bare "give" where an ellipsis is hard to type.
            "give…" | "give..." | "give" if rest.is_empty() => Ok(Action::Give),
            "faction" => Ok(Action::Faction(
                parse_faction(rest)?
                    .player()
                    .ok_or("the Mongols are no player faction")?,
            )),
            "choose" => rest
                .parse()
                .map(Action::Choose)
                .map_err(|_| format!("expected \"choose <n>\", got {s:?}")),
            "yes" if rest.is_empty() => Ok(Action::Yes),
            "no" if rest.is_empty() => Ok(Action::No),
            "done" if rest.is_empty() => Ok(Action::Done),
            _ => Err(format!("unknown action {s:?}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_parses_back() {
        let mut actions = vec![
            Action::Event(EventSide::Unshaded),
            Action::Event(EventSide::Shaded),
            Action::Count(0),
            Action::Place(PieceKind::Qasbah),
            Action::Drop(Piece::Governor),
            Action::Defender(Faction::Mongols),
            Action::Charge(1),
            Action::Screen(2),
            Action::Shift {
                track: Player::Vijayanagara,
                up: false,
            },
            Action::TakeCavalry(Player::Sultanate),
            Action::Loyalty(Loyalty::Rebelling),
            Action::Refill(PieceSource::Available),
            Action::Refill(PieceSource::Map(SpaceId::Andhra, Loyalty::Rebelling)),
            Action::Give,
            Action::Faction(Player::Bahmani),
            Action::Choose(2),
            Action::Yes,
            Action::No,
            Action::Done,
        ];
        actions.extend(TurnOption::ALL.map(Action::Option));
        actions.extend(CommandKind::ALL.map(Action::Command));
        actions.extend(DecreeKind::ALL.map(Action::Decree));
        for space in SpaceId::ALL {
            actions.push(Action::Select(space));
            for kind in PieceKind::ALL {
                for loyalty in [Loyalty::Obedient, Loyalty::Rebelling] {
                    let piece = Piece::with_loyalty(kind, loyalty);
                    actions.push(Action::Move { from: space, piece });
                    actions.push(Action::Support { from: space, piece });
                    actions.push(Action::Remove { space, piece });
                }
            }
        }
        for action in actions {
            assert_eq!(action.to_string().parse::<Action>(), Ok(action), "{action}");
        }
    }

    #[test]
    fn nonsense_is_refused() {
        for text in [
            "",
            "conquer Delhi",
            "select Bengal",
            "count many",
            "move Amir from Gujarat",
            "done now",
            "shift DS +2",
            "give 1 Resource to BK",
            "give… BK",
        ] {
            assert!(text.parse::<Action>().is_err(), "{text:?}");
        }
    }
}
