//! Actions: every answer to every decision (PP-16), each with a text form that parses back and
//! a fixed number ([`Action::index`]) for machine learning.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::{Border, CardAction, CardId, Coalition, GiftSlot, Region, Side, Slot, Suit};

/// A seat in an action: 0-based, written `p1`..`p5`.
pub type SeatId = u8;

/// The most seats an action can name (PP-4.1).
const SEATS: u8 = 5;
/// The largest bribe amount an action can name: a bribe counts tribes or spies of one player
/// on one region or card, at most the 10 usable cylinders (PP-1.2).
pub const MAX_BRIBE: u8 = 10;

/// A piece in play, named by where it is: what the component-limit fallback takes (PP-1.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    /// A tribe (cylinder) in a region.
    Tribe(Region),
    /// A spy (cylinder) on a court card.
    Spy(CardId),
    /// A gift (cylinder) on a gift slot.
    Gift(GiftSlot),
    /// An army (block) in a region.
    Army(Region),
    /// A road (block) on a border.
    Road(Border),
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Piece::Tribe(r) => write!(f, "tribe {r}"),
            Piece::Spy(c) => write!(f, "spy {c}"),
            Piece::Gift(g) => write!(f, "gift {g}"),
            Piece::Army(r) => write!(f, "army {r}"),
            Piece::Road(b) => write!(f, "road {b}"),
        }
    }
}

/// An answer to a decision. The text forms are in each variant's documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// D1, PP-4.6: `loyalty afghan`.
    Loyalty(Coalition),
    /// D3, PP-7.1: `buy top-3`.
    Purchase(Slot),
    /// D3, PP-7.2: `play #12 left`.
    Play(CardId, Side),
    /// D3, PP-8: `use #12 tax`.
    Use(CardId, CardAction),
    /// D3: `end`: no more actions this turn; cleanup follows.
    EndActions,
    /// D2, D5: place a spy on this court card (spy icon, Blackmail): `spy #34`.
    SpyOn(CardId),
    /// D2, D8: decline a "may" (Blackmail, an optional Infrastructure block): `skip`.
    Skip,
    /// D4, PP-7.2.3: pay the bribe in full, or the amount countered: `pay`.
    Pay,
    /// D4: ask the receiver to accept this much: `ask 1`.
    Ask(u8),
    /// D4: pay nothing (Courtly Manners): `decline`.
    Decline,
    /// D4: withdraw the action: `withdraw`.
    Withdraw,
    /// D4: the receiver accepts the amount asked: `grant`.
    Grant,
    /// D4: the receiver asks this much instead: `counter 2`.
    Counter(u8),
    /// D5, D8: a road on this border: `road kabul-punjab`.
    Road(Border),
    /// D8: an army in this region: `army kabul`.
    Army(Region),
    /// D16, PP-1.6: take this piece from where it is: `take tribe kabul`.
    Take(Piece),
    /// D6, PP-8.3: take a rupee from a market card: `tax top-3`.
    TaxMarket(Slot),
    /// D6: take a rupee from a player: `tax p2`.
    TaxPlayer(SeatId),
    /// D6, D9, D11: stop the action here: `stop`.
    Stop,
    /// D7, PP-8.4: the gift slot to buy: `gift gift4`.
    GiftOn(GiftSlot),
    /// D8, PP-8.5: how many blocks to build: `blocks 2`.
    Blocks(u8),
    /// D9, PP-8.6: move an army across a border: `move army herat kabul`.
    MoveArmy(Region, Region),
    /// D9: move a tribe (Nationalism): `move tribe herat kabul`.
    MoveTribe(Region, Region),
    /// D9: move one of the player's spies from this card: `spy-from #12`.
    SpyFrom(CardId),
    /// D9: to this card: `spy-to #40`.
    SpyTo(CardId),
    /// D10, PP-8.7: `betray #12`.
    Betray(CardId),
    /// D10: take the betrayed card as a prize: `take-prize`.
    TakePrize,
    /// D10: leave it in the discard pile: `refuse-prize`.
    RefusePrize,
    /// D11, PP-8.8: battle in a region: `battle kabul`.
    BattleIn(Region),
    /// D11: battle on a court card: `battle #12`.
    BattleOn(CardId),
    /// D11: remove a tribe of this player: `remove tribe p2`.
    RemoveTribe(SeatId),
    /// D11: remove an army of this coalition: `remove army russian`.
    RemoveArmy(Coalition),
    /// D11: remove a road of this coalition on this border: `remove road russian kabul-punjab`.
    RemoveRoad(Coalition, Border),
    /// D11: remove a spy of this player: `remove spy p2`.
    RemoveSpy(SeatId),
    /// D12, PP-15: put the removed spy on this Safe House card: `safe-house #41`.
    SafeHouse(CardId),
    /// D12: let the removed spy go to the supply: `return-spy`.
    ReturnSpy,
    /// D13, D14, D15: discard this card from hand or court: `discard #12`.
    Discard(CardId),
    /// D15: this player (Rumor, Other Persuasive Methods): `player p2`.
    Player(SeatId),
    /// D15: this suit (Pashtunwali Values): `suit military`.
    Suit(Suit),
    /// D15: this region (Rebuke): `rebuke herat`.
    Rebuke(Region),
}

fn seat_text(seat: SeatId) -> String {
    format!("p{}", seat + 1)
}

fn parse_seat(s: &str) -> Result<SeatId, String> {
    s.strip_prefix('p')
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|n| (1..=SEATS).contains(n))
        .map(|n| n - 1)
        .ok_or_else(|| format!("not a seat: {s:?} (p1 to p5)"))
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Action::*;
        match *self {
            Loyalty(c) => write!(f, "loyalty {c}"),
            Purchase(s) => write!(f, "buy {s}"),
            Play(c, side) => write!(f, "play {c} {side}"),
            Use(c, a) => write!(f, "use {c} {a}"),
            EndActions => f.write_str("end"),
            SpyOn(c) => write!(f, "spy {c}"),
            Skip => f.write_str("skip"),
            Pay => f.write_str("pay"),
            Ask(k) => write!(f, "ask {k}"),
            Decline => f.write_str("decline"),
            Withdraw => f.write_str("withdraw"),
            Grant => f.write_str("grant"),
            Counter(m) => write!(f, "counter {m}"),
            Road(b) => write!(f, "road {b}"),
            Army(r) => write!(f, "army {r}"),
            Take(p) => write!(f, "take {p}"),
            TaxMarket(s) => write!(f, "tax {s}"),
            TaxPlayer(p) => write!(f, "tax {}", seat_text(p)),
            Stop => f.write_str("stop"),
            GiftOn(g) => write!(f, "gift {g}"),
            Blocks(n) => write!(f, "blocks {n}"),
            MoveArmy(a, b) => write!(f, "move army {a} {b}"),
            MoveTribe(a, b) => write!(f, "move tribe {a} {b}"),
            SpyFrom(c) => write!(f, "spy-from {c}"),
            SpyTo(c) => write!(f, "spy-to {c}"),
            Betray(c) => write!(f, "betray {c}"),
            TakePrize => f.write_str("take-prize"),
            RefusePrize => f.write_str("refuse-prize"),
            BattleIn(r) => write!(f, "battle {r}"),
            BattleOn(c) => write!(f, "battle {c}"),
            RemoveTribe(p) => write!(f, "remove tribe {}", seat_text(p)),
            RemoveArmy(c) => write!(f, "remove army {c}"),
            RemoveRoad(c, b) => write!(f, "remove road {c} {b}"),
            RemoveSpy(p) => write!(f, "remove spy {}", seat_text(p)),
            SafeHouse(c) => write!(f, "safe-house {c}"),
            ReturnSpy => f.write_str("return-spy"),
            Discard(c) => write!(f, "discard {c}"),
            Player(p) => write!(f, "player {}", seat_text(p)),
            Suit(s) => write!(f, "suit {s}"),
            Rebuke(r) => write!(f, "rebuke {r}"),
        }
    }
}

impl FromStr for Action {
    type Err = String;

    fn from_str(text: &str) -> Result<Action, String> {
        use Action::*;
        let words: Vec<&str> = text.split_whitespace().collect();
        let amount = |s: &str| -> Result<u8, String> {
            s.parse::<u8>().map_err(|_| format!("not an amount: {s:?}"))
        };
        let action = match words.as_slice() {
            ["loyalty", c] => Loyalty(c.parse()?),
            ["buy", s] => Purchase(s.parse()?),
            ["play", c, side] => Play(c.parse()?, side.parse()?),
            ["use", c, a] => Use(c.parse()?, a.parse()?),
            ["end"] => EndActions,
            ["spy", c] => SpyOn(c.parse()?),
            ["skip"] => Skip,
            ["pay"] => Pay,
            ["ask", k] => Ask(amount(k)?),
            ["decline"] => Decline,
            ["withdraw"] => Withdraw,
            ["grant"] => Grant,
            ["counter", m] => Counter(amount(m)?),
            ["road", b] => Road(b.parse()?),
            ["army", r] => Army(r.parse()?),
            ["take", "tribe", r] => Take(Piece::Tribe(r.parse()?)),
            ["take", "spy", c] => Take(Piece::Spy(c.parse()?)),
            ["take", "gift", g] => Take(Piece::Gift(g.parse()?)),
            ["take", "army", r] => Take(Piece::Army(r.parse()?)),
            ["take", "road", b] => Take(Piece::Road(b.parse()?)),
            ["tax", s] if s.starts_with('p') => TaxPlayer(parse_seat(s)?),
            ["tax", s] => TaxMarket(s.parse()?),
            ["stop"] => Stop,
            ["gift", g] => GiftOn(g.parse()?),
            ["blocks", n] => Blocks(amount(n)?),
            ["move", "army", a, b] => MoveArmy(a.parse()?, b.parse()?),
            ["move", "tribe", a, b] => MoveTribe(a.parse()?, b.parse()?),
            ["spy-from", c] => SpyFrom(c.parse()?),
            ["spy-to", c] => SpyTo(c.parse()?),
            ["betray", c] => Betray(c.parse()?),
            ["take-prize"] => TakePrize,
            ["refuse-prize"] => RefusePrize,
            ["battle", s] if s.starts_with('#') => BattleOn(s.parse()?),
            ["battle", r] => BattleIn(r.parse()?),
            ["remove", "tribe", p] => RemoveTribe(parse_seat(p)?),
            ["remove", "army", c] => RemoveArmy(c.parse()?),
            ["remove", "road", c, b] => RemoveRoad(c.parse()?, b.parse()?),
            ["remove", "spy", p] => RemoveSpy(parse_seat(p)?),
            ["safe-house", c] => SafeHouse(c.parse()?),
            ["return-spy"] => ReturnSpy,
            ["discard", c] => Discard(c.parse()?),
            ["player", p] => Player(parse_seat(p)?),
            ["suit", s] => Suit(s.parse()?),
            ["rebuke", r] => Rebuke(r.parse()?),
            _ => return Err(format!("not a Pax Pamir action: {text:?}")),
        };
        // Only actions with a number are actions: `ask 200` parses as words but is no action.
        match Action::index_of(action) {
            Some(_) => Ok(action),
            None => Err(format!("not a Pax Pamir action: {text:?} (out of range)")),
        }
    }
}

fn court_cards() -> impl Iterator<Item = CardId> {
    (1..=CardId::MAX_COURT).map(CardId)
}

impl Action {
    /// Every action, in number order: `Action::all()[a.index()] == a`.
    pub fn all() -> &'static [Action] {
        static ALL: OnceLock<Vec<Action>> = OnceLock::new();
        ALL.get_or_init(|| {
            use Action::*;
            let mut all = Vec::new();
            all.extend(Coalition::ALL.map(Loyalty));
            all.extend(Slot::all().map(Purchase));
            all.extend(court_cards().flat_map(|c| Side::ALL.map(|s| Play(c, s))));
            all.extend(court_cards().flat_map(|c| CardAction::ALL.map(|a| Use(c, a))));
            all.push(EndActions);
            all.extend(court_cards().map(SpyOn));
            all.extend([Skip, Pay, Decline, Withdraw, Grant]);
            all.extend((0..MAX_BRIBE).map(Ask));
            all.extend((1..=MAX_BRIBE).map(Counter));
            all.extend(Border::ALL.map(Road));
            all.extend(Region::ALL.map(Army));
            all.extend(Region::ALL.map(|r| Take(Piece::Tribe(r))));
            all.extend(court_cards().map(|c| Take(Piece::Spy(c))));
            all.extend(GiftSlot::ALL.map(|g| Take(Piece::Gift(g))));
            all.extend(Region::ALL.map(|r| Take(Piece::Army(r))));
            all.extend(Border::ALL.map(|b| Take(Piece::Road(b))));
            all.extend(Slot::all().map(TaxMarket));
            all.extend((0..SEATS).map(TaxPlayer));
            all.push(Stop);
            all.extend(GiftSlot::ALL.map(GiftOn));
            all.extend((1..=6).map(Blocks));
            for a in Region::ALL {
                for b in a.neighbours() {
                    all.push(MoveArmy(a, b));
                }
            }
            for a in Region::ALL {
                for b in a.neighbours() {
                    all.push(MoveTribe(a, b));
                }
            }
            all.extend(court_cards().map(SpyFrom));
            all.extend(court_cards().map(SpyTo));
            all.extend(court_cards().map(Betray));
            all.extend([TakePrize, RefusePrize]);
            all.extend(Region::ALL.map(BattleIn));
            all.extend(court_cards().map(BattleOn));
            all.extend((0..SEATS).map(RemoveTribe));
            all.extend(Coalition::ALL.map(RemoveArmy));
            all.extend(
                Coalition::ALL
                    .into_iter()
                    .flat_map(|c| Border::ALL.map(|b| RemoveRoad(c, b))),
            );
            all.extend((0..SEATS).map(RemoveSpy));
            all.extend(court_cards().map(SafeHouse));
            all.push(ReturnSpy);
            all.extend(court_cards().map(Discard));
            all.extend((0..SEATS).map(Player));
            all.extend(super::Suit::ALL.map(Action::Suit));
            all.extend(Region::ALL.map(Rebuke));
            all
        })
    }

    /// The action's number, if it is an action (an amount or card out of range is not).
    fn index_of(action: Action) -> Option<usize> {
        static INDEX: OnceLock<std::collections::HashMap<Action, usize>> = OnceLock::new();
        INDEX
            .get_or_init(|| {
                Action::all()
                    .iter()
                    .enumerate()
                    .map(|(i, &a)| (a, i))
                    .collect()
            })
            .get(&action)
            .copied()
    }

    /// The action's fixed number, below [`ACTION_COUNT`]; an action with an out-of-range
    /// amount, card or seat (which no decision ever lists) numbers as [`ACTION_COUNT`].
    pub fn index(self) -> usize {
        Action::index_of(self).unwrap_or(ACTION_COUNT)
    }

    /// The action numbered `index`.
    pub fn from_index(index: usize) -> Option<Action> {
        Action::all().get(index).copied()
    }
}

/// How many actions there are.
pub const ACTION_COUNT: usize = 3
    + 12
    + 200
    + 600
    + 1
    + 100
    + 5
    + 10
    + 10
    + 9
    + 6
    + (6 + 100 + 3 + 6 + 9)
    + 12
    + 5
    + 1
    + 3
    + 6
    + 18
    + 18
    + 100
    + 100
    + 100
    + 2
    + 6
    + 100
    + 5
    + 3
    + 27
    + 5
    + 100
    + 1
    + 100
    + 5
    + 4
    + 6;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_numbers_and_reads_back() {
        let all = Action::all();
        assert_eq!(all.len(), ACTION_COUNT);
        for (i, &a) in all.iter().enumerate() {
            assert_eq!(a.index(), i, "{a}");
            assert_eq!(Action::from_index(i), Some(a));
            assert_eq!(a.to_string().parse::<Action>(), Ok(a), "{a}");
        }
        assert_eq!(Action::from_index(ACTION_COUNT), None);
        assert!("ask 10".parse::<Action>().is_err());
        assert!("counter 0".parse::<Action>().is_err());
        assert!("move army persia punjab".parse::<Action>().is_err());
        assert!("tax p6".parse::<Action>().is_err());
        assert!("spy #101".parse::<Action>().is_err());
    }
}
