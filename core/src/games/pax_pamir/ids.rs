//! The game's names (PP-0.5): coalitions, suits, regions, borders, cards, market slots, gift
//! slots, and the small fixed-size collections the state is made of.
//!
//! Every name has a text form (its `code`) that parses back, used by action texts, the log and
//! the data file.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::engine::named_enum;

named_enum! {
    /// One of the three coalitions (PP-0.4); its blocks are armies and roads.
    Coalition { Afghan = "afghan", British = "british", Russian = "russian" }
}

named_enum! {
    /// A card suit (PP-3.3).
    Suit {
        /// Court limit.
        Political = "political",
        /// Hand limit.
        Intelligence = "intelligence",
        /// Tax shelter.
        Economic = "economic",
        /// First tie-breaker; doubles market costs when favored.
        Military = "military",
    }
}

named_enum! {
    /// One of the six regions of the map (PP-2.1).
    Region {
        Persia = "persia",
        Transcaspia = "transcaspia",
        Herat = "herat",
        Kabul = "kabul",
        Kandahar = "kandahar",
        Punjab = "punjab",
    }
}

named_enum! {
    /// One of the nine borders (PP-2.2), each joining two adjacent regions.
    Border {
        PersiaTranscaspia = "persia-transcaspia",
        PersiaHerat = "persia-herat",
        TranscaspiaHerat = "transcaspia-herat",
        TranscaspiaKabul = "transcaspia-kabul",
        HeratKabul = "herat-kabul",
        HeratKandahar = "herat-kandahar",
        KabulKandahar = "kabul-kandahar",
        KabulPunjab = "kabul-punjab",
        KandaharPunjab = "kandahar-punjab",
    }
}

impl Border {
    /// The two regions the border joins (PP-2.2).
    pub const fn regions(self) -> (Region, Region) {
        use Region::*;
        match self {
            Border::PersiaTranscaspia => (Persia, Transcaspia),
            Border::PersiaHerat => (Persia, Herat),
            Border::TranscaspiaHerat => (Transcaspia, Herat),
            Border::TranscaspiaKabul => (Transcaspia, Kabul),
            Border::HeratKabul => (Herat, Kabul),
            Border::HeratKandahar => (Herat, Kandahar),
            Border::KabulKandahar => (Kabul, Kandahar),
            Border::KabulPunjab => (Kabul, Punjab),
            Border::KandaharPunjab => (Kandahar, Punjab),
        }
    }

    /// Whether the border is a border of `region`.
    pub const fn touches(self, region: Region) -> bool {
        let (a, b) = self.regions();
        a as usize == region as usize || b as usize == region as usize
    }

    /// The region across the border from `region`, if the border touches it.
    pub const fn other(self, region: Region) -> Option<Region> {
        let (a, b) = self.regions();
        if a as usize == region as usize {
            Some(b)
        } else if b as usize == region as usize {
            Some(a)
        } else {
            None
        }
    }

    /// The border between two regions, if they are adjacent.
    pub fn between(a: Region, b: Region) -> Option<Border> {
        Border::ALL
            .into_iter()
            .find(|border| border.other(a) == Some(b))
    }
}

impl Region {
    /// The borders of the region (PP-2.2), in border order.
    pub fn borders(self) -> impl Iterator<Item = Border> {
        Border::ALL.into_iter().filter(move |b| b.touches(self))
    }

    /// The regions adjacent to this one (PP-2.1).
    pub fn neighbours(self) -> impl Iterator<Item = Region> {
        self.borders().filter_map(move |b| b.other(self))
    }
}

named_enum! {
    /// A market row (PP-0.5).
    Row { Top = "top", Bottom = "bottom" }
}

impl Row {
    /// The other row.
    pub const fn other(self) -> Row {
        match self {
            Row::Top => Row::Bottom,
            Row::Bottom => Row::Top,
        }
    }
}

/// A market slot `(row, col)`, col 0 the free column (PP-0.5). Its [`Slot::index`] is the order
/// the market is filled in (PP-4.4): (top, 0), (bottom, 0), (top, 1), …
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Slot {
    /// The row.
    pub row: Row,
    /// The column, 0..6.
    pub col: u8,
}

impl Slot {
    /// Columns per row.
    pub const COLUMNS: u8 = 6;
    /// Slots in the market.
    pub const COUNT: usize = 12;

    /// The slot; `None` past column 5.
    pub const fn new(row: Row, col: u8) -> Option<Slot> {
        if col < Slot::COLUMNS {
            Some(Slot { row, col })
        } else {
            None
        }
    }

    /// Every slot in fill order (PP-4.4).
    pub fn all() -> impl Iterator<Item = Slot> {
        (0..Slot::COUNT).map(Slot::from_index)
    }

    /// The slot's place in fill order, 0..12.
    pub const fn index(self) -> usize {
        self.col as usize * 2 + self.row as usize
    }

    /// The slot at a fill-order place (taken modulo 12).
    pub const fn from_index(index: usize) -> Slot {
        let index = index % Slot::COUNT;
        Slot {
            row: if index.is_multiple_of(2) {
                Row::Top
            } else {
                Row::Bottom
            },
            col: (index / 2) as u8,
        }
    }

    /// The slot of the other row in the same column.
    pub const fn across(self) -> Slot {
        Slot {
            row: self.row.other(),
            col: self.col,
        }
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.row, self.col)
    }
}

impl FromStr for Slot {
    type Err = String;
    fn from_str(s: &str) -> Result<Slot, String> {
        let (row, col) = s
            .split_once('-')
            .ok_or_else(|| format!("not a market slot: {s:?} (like top-3)"))?;
        let col: u8 = col.parse().map_err(|_| format!("not a column: {col:?}"))?;
        Slot::new(row.parse()?, col).ok_or_else(|| format!("no column {col}: columns are 0-5"))
    }
}

named_enum! {
    /// A gift slot of a loyalty dial (PP-0.5, PP-8.4), by its price.
    GiftSlot { Gift2 = "gift2", Gift4 = "gift4", Gift6 = "gift6" }
}

impl GiftSlot {
    /// The price of the slot in rupees.
    pub const fn price(self) -> u8 {
        (self as u8 + 1) * 2
    }
}

named_enum! {
    /// The end of a court a played card goes to (PP-7.2.4).
    Side { Left = "left", Right = "right" }
}

named_enum! {
    /// A card-based action (PP-3.6, PP-8).
    CardAction {
        Tax = "tax",
        Gift = "gift",
        Build = "build",
        Move = "move",
        Betray = "betray",
        Battle = "battle",
    }
}

impl CardAction {
    /// The least a player must hold to declare the action (PP-8.1.1 condition 4), before the
    /// gift slots are looked at: Gift's is its cheapest empty slot.
    pub const fn minimum_cost(self) -> u8 {
        match self {
            CardAction::Build | CardAction::Betray | CardAction::Gift => 2,
            CardAction::Tax | CardAction::Move | CardAction::Battle => 0,
        }
    }

    /// Whether the acting card's rank limits the action (PP-8.1.2).
    pub const fn rank_dependent(self) -> bool {
        matches!(
            self,
            CardAction::Tax | CardAction::Move | CardAction::Battle
        )
    }
}

/// A card number (PP-0.5): court cards 1–100, Dominance Checks 101–104, other events
/// 105–116. Its text form is `#n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u8);

impl CardId {
    /// The highest card number.
    pub const MAX: u8 = 116;
    /// The highest court card number.
    pub const MAX_COURT: u8 = 100;

    /// The card numbered `n`, if there is one.
    pub const fn new(n: u8) -> Option<CardId> {
        if n >= 1 && n <= CardId::MAX {
            Some(CardId(n))
        } else {
            None
        }
    }

    /// Whether it is a court card (1–100).
    pub const fn is_court(self) -> bool {
        self.0 >= 1 && self.0 <= CardId::MAX_COURT
    }

    /// Whether it is a Dominance Check (101–104).
    pub const fn is_dominance_check(self) -> bool {
        self.0 >= 101 && self.0 <= 104
    }

    /// Whether it is an event card (101–116).
    pub const fn is_event(self) -> bool {
        self.0 > CardId::MAX_COURT && self.0 <= CardId::MAX
    }

    /// The number as an index, 0 for no card.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

impl FromStr for CardId {
    type Err = String;
    fn from_str(s: &str) -> Result<CardId, String> {
        let digits = s.strip_prefix('#').unwrap_or(s);
        digits
            .parse::<u8>()
            .ok()
            .and_then(CardId::new)
            .ok_or_else(|| format!("not a card: {s:?} (#1 to #116)"))
    }
}

/// A set of cards as a bit set: hands, prizes, the discard pile, the cards used this turn.
/// Copy and 16 bytes, so states stay cheap to clone; iterates in card-number order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u128);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// Whether the card is in the set.
    pub const fn contains(self, card: CardId) -> bool {
        self.0 & (1 << (card.0 as u32 % 128)) != 0
    }

    /// Adds a card.
    pub fn insert(&mut self, card: CardId) {
        self.0 |= 1 << (card.0 as u32 % 128);
    }

    /// Removes a card; whether it was there.
    pub fn remove(&mut self, card: CardId) -> bool {
        let had = self.contains(card);
        self.0 &= !(1 << (card.0 as u32 % 128));
        had
    }

    /// How many cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether there is no card.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards, in number order.
    pub fn iter(self) -> impl Iterator<Item = CardId> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let n = bits.trailing_zeros();
            bits &= bits - 1;
            Some(CardId(n as u8))
        })
    }
}

impl FromIterator<CardId> for CardSet {
    fn from_iter<I: IntoIterator<Item = CardId>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl Serialize for CardSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter().map(|c| c.0))
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<CardSet, D::Error> {
        let numbers = Vec::<u8>::deserialize(deserializer)?;
        let mut set = CardSet::EMPTY;
        for n in numbers {
            let card =
                CardId::new(n).ok_or_else(|| serde::de::Error::custom(format!("no card #{n}")))?;
            if set.contains(card) {
                return Err(serde::de::Error::custom(format!("card #{n} twice")));
            }
            set.insert(card);
        }
        Ok(set)
    }
}

/// An ordered list of at most `N` cards, kept inline (no heap): a court, the deck. Serialized
/// as a list of card numbers; two lists are equal when their cards are.
#[derive(Clone, Copy)]
pub struct CardList<const N: usize> {
    len: u8,
    cards: [CardId; N],
}

impl<const N: usize> Default for CardList<N> {
    fn default() -> Self {
        CardList {
            len: 0,
            cards: [CardId(0); N],
        }
    }
}

impl<const N: usize> PartialEq for CardList<N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<const N: usize> Eq for CardList<N> {}

impl<const N: usize> std::hash::Hash for CardList<N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<const N: usize> fmt::Debug for CardList<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<const N: usize> CardList<N> {
    /// The capacity.
    pub const CAPACITY: usize = N;

    /// The cards in order.
    pub fn as_slice(&self) -> &[CardId] {
        &self.cards[..self.len as usize]
    }

    /// How many cards.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether the list holds the card.
    pub fn contains(&self, card: CardId) -> bool {
        self.as_slice().contains(&card)
    }

    /// The card's position.
    pub fn position(&self, card: CardId) -> Option<usize> {
        self.as_slice().iter().position(|&c| c == card)
    }

    /// Adds a card at the end; `false` (and nothing added) when full.
    pub fn push(&mut self, card: CardId) -> bool {
        self.insert(self.len(), card)
    }

    /// Inserts a card at `at` (clamped to the end); `false` (and nothing added) when full.
    pub fn insert(&mut self, at: usize, card: CardId) -> bool {
        let len = self.len();
        if len >= N {
            return false;
        }
        let at = at.min(len);
        self.cards.copy_within(at..len, at + 1);
        self.cards[at] = card;
        self.len += 1;
        true
    }

    /// Removes a card wherever it is; whether it was there.
    pub fn remove(&mut self, card: CardId) -> bool {
        match self.position(card) {
            Some(at) => {
                let len = self.len();
                self.cards.copy_within(at + 1..len, at);
                self.len -= 1;
                true
            }
            None => false,
        }
    }

    /// Removes and returns the first card.
    pub fn pop_front(&mut self) -> Option<CardId> {
        let first = *self.as_slice().first()?;
        self.remove(first);
        Some(first)
    }

    /// The cards from a slice; `None` if there are more than `N`.
    pub fn from_slice(cards: &[CardId]) -> Option<Self> {
        let mut list = CardList::default();
        cards.iter().all(|&c| list.push(c)).then_some(list)
    }
}

impl<const N: usize> Serialize for CardList<N> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.as_slice().iter().map(|c| c.0))
    }
}

impl<'de, const N: usize> Deserialize<'de> for CardList<N> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let numbers = Vec::<u8>::deserialize(deserializer)?;
        let mut cards = Vec::with_capacity(numbers.len());
        for n in numbers {
            cards.push(
                CardId::new(n).ok_or_else(|| serde::de::Error::custom(format!("no card #{n}")))?,
            );
        }
        CardList::from_slice(&cards)
            .ok_or_else(|| serde::de::Error::custom(format!("more than {N} cards")))
    }
}

/// A fixed array serialized as a list of its length: for per-card and per-player tables
/// longer than serde's derive handles.
pub(crate) mod fixed_array {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub(crate) fn serialize<S: Serializer, T: Serialize, const N: usize>(
        items: &[T; N],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(items.iter())
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>, const N: usize>(
        deserializer: D,
    ) -> Result<[T; N], D::Error> {
        let items = Vec::<T>::deserialize(deserializer)?;
        let found = items.len();
        items
            .try_into()
            .map_err(|_| D::Error::custom(format!("{found} entries, expected {N}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pp_2_2_nine_borders_join_the_adjacent_regions() {
        assert_eq!(Border::ALL.len(), 9);
        let degree = |r: Region| r.borders().count();
        use Region::*;
        assert_eq!(
            [Persia, Transcaspia, Herat, Kabul, Kandahar, Punjab].map(degree),
            [2, 3, 4, 4, 3, 2]
        );
        assert_eq!(Border::between(Kabul, Punjab), Some(Border::KabulPunjab));
        assert_eq!(Border::between(Persia, Punjab), None);
        let herat: Vec<_> = Herat.neighbours().collect();
        assert_eq!(herat, [Persia, Transcaspia, Kabul, Kandahar]);
    }

    #[test]
    fn pp_4_4_slots_number_in_fill_order() {
        let order: Vec<String> = Slot::all().take(4).map(|s| s.to_string()).collect();
        assert_eq!(order, ["top-0", "bottom-0", "top-1", "bottom-1"]);
        for slot in Slot::all() {
            assert_eq!(slot.to_string().parse::<Slot>(), Ok(slot));
            assert_eq!(Slot::from_index(slot.index()), slot);
        }
        assert!("top-6".parse::<Slot>().is_err());
    }

    #[test]
    fn card_sets_and_lists_round_trip() {
        let set: CardSet = [CardId(3), CardId(116), CardId(1)].into_iter().collect();
        assert_eq!(set.iter().map(|c| c.0).collect::<Vec<_>>(), [1, 3, 116]);
        let json = serde_json::to_string(&set).unwrap();
        assert_eq!(serde_json::from_str::<CardSet>(&json).unwrap(), set);
        assert!(serde_json::from_str::<CardSet>("[0]").is_err());
        assert!(serde_json::from_str::<CardSet>("[4,4]").is_err());
        let mut list = CardList::<3>::default();
        assert!(list.push(CardId(5)) && list.insert(0, CardId(6)) && list.push(CardId(7)));
        assert!(!list.push(CardId(8)));
        assert_eq!(list.as_slice(), [CardId(6), CardId(5), CardId(7)]);
        assert!(serde_json::from_str::<CardList<3>>("[1,2,3,4]").is_err());
    }
}
