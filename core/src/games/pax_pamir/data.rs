//! The card data (PP-3): the 100 court cards and 16 event cards, read from the separately
//! licensed data file `data/cards.json` (CC BY-NC-SA 4.0, Wehrlegig Games; see
//! `data/LICENSE`, PP-0.2) and validated at load. No card fact is written in the code: the
//! rules read every region, suit, rank, icon, action, patriot, prize and ability from here, so
//! a fixture file with the same fields plays the same rules.

use std::fmt::Display;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{CardAction, CardId, Coalition, Region, Suit};

/// An impact icon (PP-3.5), resolved in printed order when the card is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Icon {
    /// A block of the player's loyalty in the card's region.
    Army,
    /// A block of the player's loyalty on a border of the card's region.
    Road,
    /// A cylinder in the card's region.
    Tribe,
    /// A cylinder on a court card of the card's region.
    Spy,
    /// Two rupees from the bank; the card is leveraged (PP-3.9).
    Leverage,
    /// The favored suit becomes this suit.
    Favor(Suit),
}

/// A special ability (PP-15): what the rules do while the card is in its owner's court. Region
/// abilities (Citadel, Blackmail) act in the region of their card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    /// #1: the owner's spies cannot be removed by another player's battle on a card.
    IndispensableAdvisors,
    /// #3: after each DC that does not end the game, 2 Afghan armies in Kabul.
    Insurrection,
    /// #5: tax as if ruling every region.
    ClaimOfAncientLineage,
    /// #15, #83: the owner's political cards cannot be betrayed.
    Bodyguards,
    /// #17, #97: the owner's tribes in the card's region cannot be removed in battle.
    Citadel,
    /// #21: same-region court cards are adjacent for the owner's spy steps.
    StrangeBedfellows,
    /// #24: the owner never pays hostage bribes.
    CivilServiceReforms,
    /// #41, #72: a spy removed in battle may go to a Safe House card.
    SafeHouse,
    /// #42: the owner never pays play bribes.
    CharismaticCourtiers,
    /// #43, #54: at the start of the turn, a spy on a court card of the card's region with no spy.
    Blackmail,
    /// #51: the owner's armies move without roads.
    IndianSupplies,
    /// #56: each spy step may go 1 or 2 positions.
    WellConnected,
    /// #66: Herat court cards cost the owner 0.
    HeratInfluence,
    /// #68: Persia court cards cost the owner 0.
    PersianInfluence,
    /// #70: Russian patriots cost the owner 0.
    RussianInfluence,
    /// #78: one more block, free, after each Build.
    Infrastructure,
    /// #91: the card is always favored.
    SavvyOperator,
    /// #99: the card is always favored.
    Irregulars,
}

impl Ability {
    /// Whether the ability acts in the region of its card (Citadel, Blackmail), which the data
    /// file does not repeat: the card's `region` is the ability's.
    pub const fn acts_in_card_region(self) -> bool {
        matches!(self, Ability::Citadel | Ability::Blackmail)
    }
}

/// A court card (PP-3.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CourtCard {
    /// 1..=100.
    pub number: u8,
    /// For display.
    pub name: String,
    /// The card's region.
    pub region: Region,
    /// The card's suit.
    pub suit: Suit,
    /// 1..=3 stars.
    pub rank: u8,
    /// In printed order.
    pub impact_icons: Vec<Icon>,
    /// In printed order, left to right; 0 to 3.
    pub actions: Vec<CardAction>,
    /// The coalition of a patriot.
    pub patriot: Option<Coalition>,
    /// The coalition of its prize strip.
    pub prize: Option<Coalition>,
    /// The boxed special ability.
    pub special_ability: Option<Ability>,
}

impl CourtCard {
    /// Whether the card is leveraged (PP-3.9): it has the leverage icon.
    pub fn leveraged(&self) -> bool {
        self.impact_icons.contains(&Icon::Leverage)
    }

    /// The region the card's special ability acts in, for the region abilities (Citadel,
    /// Blackmail; PP-15): the card's own region.
    pub fn ability_region(&self) -> Option<Region> {
        self.special_ability
            .filter(|a| a.acts_in_card_region())
            .map(|_| self.region)
    }
}

/// What half of an event card does (PP-14.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventEffect {
    /// Resolve a Dominance Check (PP-13).
    DominanceCheck,
    /// The favored suit becomes this suit (105, 115, 116 discarded).
    FavorSuit(Suit),
    /// 105 purchased: the buyer's Military cards are favored until the next DC.
    NewTactics,
    /// 106 discarded: gifts are worth no influence until after the next DC.
    EmbarrassmentOfRiches,
    /// 106 purchased: the buyer's gifts are worth 2 until after the next DC.
    KohINoorRecovered,
    /// 107 discarded: nobody pays bribes until the next DC.
    DisregardForCustoms,
    /// 107 purchased: the buyer may decline bribes until the next DC.
    CourtlyManners,
    /// 108 discarded: every player discards all prizes.
    FailureToImpress,
    /// 108 purchased: a chosen player's patriots give no influence until after the next DC.
    Rumor,
    /// 109, 110, 112, 113 discarded: every tribe and army in the region is removed.
    Riots(Region),
    /// 109 purchased: the next DC needs a margin of 2.
    ConflictFatigue,
    /// 110 purchased: the buyer's tribes move and battle as armies until the next DC.
    Nationalism,
    /// 111 discarded: nothing.
    NoEffect,
    /// 111 while in the market: it cannot be bought and rupees placed on it are lost.
    PublicWithdrawal,
    /// 112 purchased: the buyer's Build places twice the blocks until the next DC.
    NationBuilding,
    /// 113 purchased: the buyer takes 3 rupees.
    BackingOfPersianAristocracy,
    /// 114 discarded: every player with a hand card discards one.
    ConfidenceFailure,
    /// 114 purchased: the buyer swaps hands with another player.
    OtherPersuasiveMethods,
    /// 115 purchased: the buyer names the favored suit; suit changes are ignored until the next DC.
    PashtunwaliValues,
    /// 116 purchased: every tribe and army of a chosen region is removed.
    Rebuke,
}

/// An event card (PP-3.11): its upper half applies when discarded from the market, its lower
/// half when purchased (or, for #111, while in the market).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventCard {
    /// 101..=116.
    pub number: u8,
    /// The card's title, for display.
    pub name: String,
    /// The upper half: when discarded in cleanup (PP-12.3).
    pub discarded: EventEffect,
    /// The lower half: when purchased (PP-7.1.5).
    pub purchased: EventEffect,
    /// The upper half's text, in our words.
    pub discarded_text: String,
    /// The lower half's text, in our words.
    pub purchased_text: String,
}

/// Why a card data file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DataError {
    /// The text is not JSON of the data file's shape: bad syntax, a missing or unknown field,
    /// a value of the wrong kind.
    #[error("card data does not parse: {reason}")]
    Format {
        /// What the parser said.
        reason: String,
    },
    /// The file parses, but a card or the set of cards breaks a rule of PP-3.
    #[error("card data: {}: {reason}", place(.card, .field))]
    Invalid {
        /// The card at fault, when one card is (for a missing card, the missing number).
        card: Option<u8>,
        /// The field at fault, as named in the data file.
        field: &'static str,
        /// What is wrong.
        reason: String,
    },
}

/// Where a [`DataError::Invalid`] is: `card #n, field` or just the field.
fn place(card: &Option<u8>, field: &str) -> String {
    match *card {
        Some(n) => format!("card #{n}, {field}"),
        None => field.to_string(),
    }
}

/// Builds a [`DataError::Invalid`].
fn invalid(card: Option<u8>, field: &'static str, reason: impl Display) -> DataError {
    DataError::Invalid {
        card,
        field,
        reason: reason.to_string(),
    }
}

/// The data file as written: the licence travels inside it, with the cards.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardFile {
    licence: String,
    attribution: String,
    court_cards: Vec<CourtCard>,
    events: Vec<EventCard>,
}

/// The card data of one data file, indexed by card number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardData {
    court: Vec<CourtCard>,
    events: Vec<EventCard>,
    licence: String,
    attribution: String,
    ai: super::wakhan::AiCards,
}

impl CardData {
    /// The text of the shipped data file (CC BY-NC-SA 4.0, Wehrlegig Games; see
    /// `data/LICENSE`), for fixtures made by editing it.
    pub const STANDARD_JSON: &'static str = include_str!("data/cards.json");

    /// The shipped card data, loaded once, checked by [`CardData::from_json`] and against the
    /// counts of PP-3.12 ([`CardData::check_counts`]).
    ///
    /// ```
    /// use darbar::games::pax_pamir::{CardData, CardId};
    ///
    /// let data = CardData::standard();
    /// assert_eq!(data.court_cards().len(), 100);
    /// assert!(data.leveraged(CardId(14)));
    /// ```
    pub fn standard() -> &'static CardData {
        static DATA: OnceLock<CardData> = OnceLock::new();
        DATA.get_or_init(|| {
            // The tests load and count this very file, so a failure here is a defect of the
            // shipped data, not of any input.
            CardData::from_json(CardData::STANDARD_JSON)
                .and_then(|data| data.check_counts().map(|()| data))
                .expect("the shipped Pax Pamir card data is valid and has the PP-3.12 counts")
        })
    }

    /// Loads a data file and checks its structure (PP-3.2, PP-3.11): court cards numbered
    /// exactly 1 to 100 and events 101 to 116, in order; names and texts not empty; ranks 1 to
    /// 3; at most 3 actions, none twice on a card; Dominance Check on both halves of 101–104
    /// and nowhere else. Any file with this structure loads, so tests can use fixtures; the
    /// card counts of the real game are [`CardData::check_counts`].
    ///
    /// ```
    /// use darbar::games::pax_pamir::{CardData, DataError};
    ///
    /// assert!(CardData::from_json(CardData::STANDARD_JSON).is_ok());
    /// let bad = CardData::STANDARD_JSON.replacen("\"rank\": 3", "\"rank\": 4", 1);
    /// assert!(matches!(
    ///     CardData::from_json(&bad),
    ///     Err(DataError::Invalid { card: Some(1), field: "rank", .. })
    /// ));
    /// ```
    pub fn from_json(text: &str) -> Result<CardData, DataError> {
        let file: CardFile = serde_json::from_str(text).map_err(|e| DataError::Format {
            reason: e.to_string(),
        })?;
        check_numbers(
            file.court_cards.iter().map(|c| c.number),
            1,
            CardId::MAX_COURT,
            "court_cards",
        )?;
        check_numbers(
            file.events.iter().map(|e| e.number),
            CardId::MAX_COURT + 1,
            CardId::MAX,
            "events",
        )?;
        file.court_cards.iter().try_for_each(CourtCard::check)?;
        file.events.iter().try_for_each(EventCard::check)?;
        Ok(CardData {
            court: file.court_cards,
            events: file.events,
            licence: file.licence,
            attribution: file.attribution,
            ai: super::wakhan::AiCards::standard().clone(),
        })
    }

    /// Wakhan's AI cards (WK-1.1), from their own data file `data/wakhan.json`.
    pub fn ai_cards(&self) -> &super::wakhan::AiCards {
        &self.ai
    }

    /// Checks the card counts of the real game (PP-3.12, with PP-3.9's leveraged list), group
    /// by group, and names the first that differs. [`CardData::standard`] requires them;
    /// fixtures need not have them.
    pub fn check_counts(&self) -> Result<(), DataError> {
        self.check_regions()?;
        self.check_suits()?;
        self.check_ranks()?;
        self.check_stars()?;
        self.check_patriots()?;
        self.check_prizes()?;
        self.check_leveraged()?;
        self.check_icons()?;
        self.check_actions()?;
        self.check_actions_per_card()?;
        self.check_political_per_region()?;
        self.check_special_abilities()?;
        self.check_tribes()
    }

    /// The court card numbered `card` (1..=100).
    pub fn court(&self, card: CardId) -> Option<&CourtCard> {
        card.is_court()
            .then(|| self.court.get(card.index() - 1))
            .flatten()
    }

    /// The event card numbered `card` (101..=116).
    pub fn event(&self, card: CardId) -> Option<&EventCard> {
        card.is_event()
            .then(|| self.events.get(card.index() - 101))
            .flatten()
    }

    /// Every court card, by number.
    pub fn court_cards(&self) -> &[CourtCard] {
        &self.court
    }

    /// Every event card, by number.
    pub fn event_cards(&self) -> &[EventCard] {
        &self.events
    }

    /// Whether `card` is a leveraged court card (PP-3.9): playing it gives 2 rupees and
    /// discarding it from a court costs 2. Events and unknown numbers are not.
    pub fn leveraged(&self, card: CardId) -> bool {
        self.court(card).is_some_and(CourtCard::leveraged)
    }

    /// The licence of the data file, as it states it, for display beside the card texts.
    pub fn licence(&self) -> &str {
        &self.licence
    }

    /// The attribution of the data file, as it states it, for display beside the card texts.
    pub fn attribution(&self) -> &str {
        &self.attribution
    }
}

/// Checks that a list holds exactly the numbers `first..=last`, each once, in order.
fn check_numbers(
    numbers: impl Iterator<Item = u8>,
    first: u8,
    last: u8,
    list: &'static str,
) -> Result<(), DataError> {
    let mut seen = [false; 256];
    let mut expected = first;
    for n in numbers {
        if seen[usize::from(n)] {
            return Err(invalid(
                Some(n),
                "number",
                format!("#{n} appears twice in {list}"),
            ));
        }
        seen[usize::from(n)] = true;
        if !(first..=last).contains(&n) {
            return Err(invalid(
                Some(n),
                "number",
                format!("{list} holds #{first} to #{last} only"),
            ));
        }
        if n != expected {
            return Err(invalid(
                Some(expected),
                "number",
                format!("missing from {list}: #{n} is in its place (cards are in number order)"),
            ));
        }
        expected += 1;
    }
    if expected <= last {
        return Err(invalid(
            Some(expected),
            "number",
            format!("missing: {list} ends before it"),
        ));
    }
    Ok(())
}

/// Whether `text` is empty or blank.
fn blank(text: &str) -> bool {
    text.trim().is_empty()
}

impl CourtCard {
    /// The structure rules of one court card (PP-3.2, PP-3.4). A region ability acts in the
    /// card's own region ([`CourtCard::ability_region`]), which every card has, so abilities
    /// need no further check.
    fn check(&self) -> Result<(), DataError> {
        let card = Some(self.number);
        if blank(&self.name) {
            return Err(invalid(card, "name", "the name is empty"));
        }
        if !(1..=3).contains(&self.rank) {
            return Err(invalid(
                card,
                "rank",
                format!("rank {} is not 1, 2 or 3", self.rank),
            ));
        }
        if self.actions.len() > 3 {
            return Err(invalid(
                card,
                "actions",
                format!("{} actions; at most 3", self.actions.len()),
            ));
        }
        let twice = self
            .actions
            .iter()
            .enumerate()
            .find(|&(i, a)| self.actions[..i].contains(a));
        if let Some((_, action)) = twice {
            return Err(invalid(
                card,
                "actions",
                format!("{action} is listed twice"),
            ));
        }
        Ok(())
    }
}

impl EventCard {
    /// The structure rules of one event card (PP-3.11): Dominance Check on both halves of
    /// 101–104 and on no half of any other event.
    fn check(&self) -> Result<(), DataError> {
        let card = Some(self.number);
        for (field, text) in [
            ("name", &self.name),
            ("discarded_text", &self.discarded_text),
            ("purchased_text", &self.purchased_text),
        ] {
            if blank(text) {
                return Err(invalid(card, field, "the text is empty"));
            }
        }
        let dominance = CardId(self.number).is_dominance_check();
        for (field, effect) in [("discarded", self.discarded), ("purchased", self.purchased)] {
            if (effect == EventEffect::DominanceCheck) != dominance {
                let reason = if dominance {
                    "#101 to #104 resolve a Dominance Check on both halves"
                } else {
                    "only #101 to #104 resolve a Dominance Check"
                };
                return Err(invalid(card, field, reason));
            }
        }
        Ok(())
    }
}

/// The numbers of the real game (PP-3.12, PP-3.9) that [`CardData::check_counts`] compares a
/// file with. They come from the rules specification, not from the data file.
mod pp_3_12 {
    use super::{CardAction, Coalition, Region, Suit};

    /// Each region's cards: the region and its first and last card number.
    pub(super) const REGIONS: [(Region, u8, u8); 6] = [
        (Region::Kabul, 1, 17),
        (Region::Punjab, 18, 38),
        (Region::Kandahar, 39, 53),
        (Region::Herat, 54, 67),
        (Region::Persia, 68, 84),
        (Region::Transcaspia, 85, 100),
    ];
    /// Cards per suit.
    pub(super) const SUITS: [(Suit, usize); 4] = [
        (Suit::Economic, 28),
        (Suit::Intelligence, 25),
        (Suit::Military, 24),
        (Suit::Political, 23),
    ];
    /// Cards of rank 1, 2 and 3.
    pub(super) const RANKS: [usize; 3] = [56, 39, 5];
    /// The rank-3 cards.
    pub(super) const RANK_3: [u8; 5] = [1, 12, 32, 63, 98];
    /// Stars per suit, over all cards.
    pub(super) const STARS: [(Suit, usize); 4] = [
        (Suit::Economic, 46),
        (Suit::Intelligence, 38),
        (Suit::Military, 37),
        (Suit::Political, 28),
    ];
    /// Patriots per coalition (30 in all).
    pub(super) const PATRIOTS: [(Coalition, usize); 3] = [
        (Coalition::British, 13),
        (Coalition::Russian, 10),
        (Coalition::Afghan, 7),
    ];
    /// Prizes per coalition (52 in all).
    pub(super) const PRIZES: [(Coalition, usize); 3] = [
        (Coalition::Afghan, 18),
        (Coalition::British, 17),
        (Coalition::Russian, 17),
    ];
    /// The leveraged cards (PP-3.9).
    pub(super) const LEVERAGED: [u8; 13] = [14, 27, 30, 40, 42, 46, 54, 78, 79, 80, 81, 85, 94];
    /// Army, spy, road, tribe and leverage icons.
    pub(super) const ARMY: usize = 55;
    pub(super) const SPY: usize = 51;
    pub(super) const ROAD: usize = 45;
    pub(super) const TRIBE: usize = 28;
    pub(super) const LEVERAGE: usize = 13;
    /// Favored-suit icons per suit (32 in all).
    pub(super) const FAVOR: [(Suit, usize); 4] = [
        (Suit::Political, 9),
        (Suit::Intelligence, 9),
        (Suit::Economic, 8),
        (Suit::Military, 6),
    ];
    /// Action icons per action.
    pub(super) const ACTIONS: [(CardAction, usize); 6] = [
        (CardAction::Move, 37),
        (CardAction::Tax, 31),
        (CardAction::Battle, 31),
        (CardAction::Build, 23),
        (CardAction::Gift, 22),
        (CardAction::Betray, 22),
    ];
    /// Cards with 0, 1, 2 and 3 actions.
    pub(super) const ACTIONS_PER_CARD: [usize; 4] = [2, 37, 54, 7];
    /// Political cards per region.
    pub(super) const POLITICAL: [(Region, usize); 6] = [
        (Region::Kabul, 3),
        (Region::Punjab, 4),
        (Region::Kandahar, 4),
        (Region::Herat, 4),
        (Region::Persia, 4),
        (Region::Transcaspia, 4),
    ];
    /// Cards with a special ability.
    pub(super) const SPECIAL_ABILITIES: usize = 22;
}

/// Compares one count with PP-3.12's.
fn expect_count(
    field: &'static str,
    what: impl Display,
    found: usize,
    expected: usize,
) -> Result<(), DataError> {
    if found == expected {
        Ok(())
    } else {
        Err(invalid(
            None,
            field,
            format!("{found} {what}; PP-3.12 has {expected}"),
        ))
    }
}

/// Compares a list of card numbers with PP-3.12's, naming the first card that differs.
fn expect_cards(
    field: &'static str,
    what: &str,
    found: &[u8],
    expected: &[u8],
) -> Result<(), DataError> {
    let extra = found.iter().find(|n| !expected.contains(n));
    let lacking = expected.iter().find(|n| !found.contains(n));
    match (extra, lacking) {
        (Some(&n), _) => Err(invalid(
            Some(n),
            field,
            format!("the card is {what}; PP-3.12 says not"),
        )),
        (None, Some(&n)) => Err(invalid(
            Some(n),
            field,
            format!("the card is not {what}; PP-3.12 says it is"),
        )),
        (None, None) => Ok(()),
    }
}

impl CardData {
    /// How many court cards satisfy `test`.
    fn count(&self, test: impl Fn(&CourtCard) -> bool) -> usize {
        self.court.iter().filter(|c| test(c)).count()
    }

    /// The numbers of the court cards that satisfy `test`.
    fn numbers(&self, test: impl Fn(&CourtCard) -> bool) -> Vec<u8> {
        self.court
            .iter()
            .filter(|c| test(c))
            .map(|c| c.number)
            .collect()
    }

    /// How many impact icons equal `icon`.
    fn icons(&self, icon: Icon) -> usize {
        self.court
            .iter()
            .flat_map(|c| &c.impact_icons)
            .filter(|&&i| i == icon)
            .count()
    }

    /// Each region holds exactly its number range.
    fn check_regions(&self) -> Result<(), DataError> {
        for &(region, first, last) in &pp_3_12::REGIONS {
            let expected: Vec<u8> = (first..=last).collect();
            expect_cards(
                "region",
                &format!("in {region:?}"),
                &self.numbers(|c| c.region == region),
                &expected,
            )?;
        }
        Ok(())
    }

    /// Cards per suit.
    fn check_suits(&self) -> Result<(), DataError> {
        for &(suit, n) in &pp_3_12::SUITS {
            expect_count(
                "suit",
                format_args!("{suit:?} cards"),
                self.count(|c| c.suit == suit),
                n,
            )?;
        }
        Ok(())
    }

    /// Cards per rank, and which are rank 3.
    fn check_ranks(&self) -> Result<(), DataError> {
        expect_cards(
            "rank",
            "of rank 3",
            &self.numbers(|c| c.rank == 3),
            &pp_3_12::RANK_3,
        )?;
        for (rank, &n) in (1..).zip(&pp_3_12::RANKS) {
            expect_count(
                "rank",
                format_args!("cards of rank {rank}"),
                self.count(|c| c.rank == rank),
                n,
            )?;
        }
        Ok(())
    }

    /// Stars per suit.
    fn check_stars(&self) -> Result<(), DataError> {
        for &(suit, n) in &pp_3_12::STARS {
            let stars = self
                .court
                .iter()
                .filter(|c| c.suit == suit)
                .map(|c| usize::from(c.rank))
                .sum();
            expect_count("rank", format_args!("{suit:?} stars"), stars, n)?;
        }
        Ok(())
    }

    /// Patriots per coalition.
    fn check_patriots(&self) -> Result<(), DataError> {
        for &(coalition, n) in &pp_3_12::PATRIOTS {
            let found = self.count(|c| c.patriot == Some(coalition));
            expect_count("patriot", format_args!("{coalition:?} patriots"), found, n)?;
        }
        Ok(())
    }

    /// Prizes per coalition.
    fn check_prizes(&self) -> Result<(), DataError> {
        for &(coalition, n) in &pp_3_12::PRIZES {
            let found = self.count(|c| c.prize == Some(coalition));
            expect_count("prize", format_args!("{coalition:?} prizes"), found, n)?;
        }
        Ok(())
    }

    /// The leveraged cards are PP-3.9's list.
    fn check_leveraged(&self) -> Result<(), DataError> {
        expect_cards(
            "impact_icons",
            "leveraged",
            &self.numbers(CourtCard::leveraged),
            &pp_3_12::LEVERAGED,
        )
    }

    /// Impact icons by kind, favored-suit icons by suit.
    fn check_icons(&self) -> Result<(), DataError> {
        for (icon, n) in [
            (Icon::Army, pp_3_12::ARMY),
            (Icon::Spy, pp_3_12::SPY),
            (Icon::Road, pp_3_12::ROAD),
            (Icon::Tribe, pp_3_12::TRIBE),
            (Icon::Leverage, pp_3_12::LEVERAGE),
        ] {
            expect_count(
                "impact_icons",
                format_args!("{icon:?} icons"),
                self.icons(icon),
                n,
            )?;
        }
        for &(suit, n) in &pp_3_12::FAVOR {
            expect_count(
                "impact_icons",
                format_args!("favored {suit:?} icons"),
                self.icons(Icon::Favor(suit)),
                n,
            )?;
        }
        Ok(())
    }

    /// Action icons by action.
    fn check_actions(&self) -> Result<(), DataError> {
        for &(action, n) in &pp_3_12::ACTIONS {
            expect_count(
                "actions",
                format_args!("{action:?} icons"),
                self.count(|c| c.actions.contains(&action)),
                n,
            )?;
        }
        Ok(())
    }

    /// Cards with 0 to 3 actions.
    fn check_actions_per_card(&self) -> Result<(), DataError> {
        for (len, &n) in pp_3_12::ACTIONS_PER_CARD.iter().enumerate() {
            expect_count(
                "actions",
                format_args!("cards with {len} actions"),
                self.count(|c| c.actions.len() == len),
                n,
            )?;
        }
        Ok(())
    }

    /// Political cards per region.
    fn check_political_per_region(&self) -> Result<(), DataError> {
        for &(region, n) in &pp_3_12::POLITICAL {
            let found = self.count(|c| c.region == region && c.suit == Suit::Political);
            expect_count(
                "suit",
                format_args!("political cards in {region:?}"),
                found,
                n,
            )?;
        }
        Ok(())
    }

    /// Cards with a special ability.
    fn check_special_abilities(&self) -> Result<(), DataError> {
        let found = self.count(|c| c.special_ability.is_some());
        expect_count(
            "special_ability",
            "special abilities",
            found,
            pp_3_12::SPECIAL_ABILITIES,
        )
    }

    /// Tribe icons are exactly on the political cards (so in their region), at least one each.
    fn check_tribes(&self) -> Result<(), DataError> {
        for card in &self.court {
            let tribe = card.impact_icons.contains(&Icon::Tribe);
            let political = card.suit == Suit::Political;
            if tribe != political {
                let reason = if tribe {
                    "a tribe icon on a card that is not political"
                } else {
                    "a political card without a tribe icon"
                };
                return Err(invalid(
                    Some(card.number),
                    "impact_icons",
                    format!("{reason}; PP-3.12 has none"),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn standard() -> &'static CardData {
        CardData::standard()
    }

    /// The shipped file as JSON, to edit into fixtures.
    fn shipped() -> Value {
        serde_json::from_str(CardData::STANDARD_JSON).unwrap()
    }

    /// The card and field a fixture is refused for.
    fn refusal(file: &Value) -> (Option<u8>, &'static str) {
        match CardData::from_json(&file.to_string()) {
            Err(DataError::Invalid { card, field, .. }) => (card, field),
            other => panic!("expected an invalid-data error, got {other:?}"),
        }
    }

    /// The field [`CardData::check_counts`] refuses an edited copy of the shipped data for.
    fn counts_refusal(edit: impl FnOnce(&mut CardData)) -> (Option<u8>, &'static str) {
        let mut data = standard().clone();
        edit(&mut data);
        match data.check_counts() {
            Err(DataError::Invalid { card, field, .. }) => (card, field),
            other => panic!("expected a PP-3.12 count error, got {other:?}"),
        }
    }

    fn card(n: u8) -> &'static CourtCard {
        standard().court(CardId(n)).unwrap()
    }

    #[test]
    fn pp_3_12_the_shipped_file_loads_with_its_counts_and_licence() {
        let data = CardData::from_json(CardData::STANDARD_JSON).unwrap();
        assert_eq!(data.check_counts(), Ok(()));
        assert_eq!(&data, standard());
        assert_eq!(data.court_cards().len(), 100);
        assert_eq!(data.event_cards().len(), 16);
        assert!(data.licence().contains("CC BY-NC-SA 4.0"));
        assert!(data.attribution().contains("Wehrlegig Games"));
        assert!(data.court(CardId(0)).is_none() && data.court(CardId(101)).is_none());
        assert!(data.event(CardId(100)).is_none() && data.event(CardId(117)).is_none());
        assert_eq!(data.event(CardId(116)).unwrap().number, 116);
    }

    #[test]
    fn pp_3_12_cards_per_region_are_number_ranges() {
        use Region::*;
        for (region, first, last) in [
            (Kabul, 1, 17),
            (Punjab, 18, 38),
            (Kandahar, 39, 53),
            (Herat, 54, 67),
            (Persia, 68, 84),
            (Transcaspia, 85, 100),
        ] {
            let numbers: Vec<u8> = standard()
                .court_cards()
                .iter()
                .filter(|c| c.region == region)
                .map(|c| c.number)
                .collect();
            assert_eq!(numbers, (first..=last).collect::<Vec<_>>(), "{region:?}");
        }
        assert_eq!(
            counts_refusal(|d| d.court[16].region = Punjab),
            (Some(17), "region")
        );
    }

    #[test]
    fn pp_3_12_cards_per_suit() {
        use Suit::*;
        let count = |s| standard().count(|c| c.suit == s);
        assert_eq!(
            [Economic, Intelligence, Military, Political].map(count),
            [28, 25, 24, 23]
        );
        // #9 Economic → Military keeps the regions.
        assert_eq!(
            counts_refusal(|d| d.court[8].suit = Military),
            (None, "suit")
        );
    }

    #[test]
    fn pp_3_12_ranks_and_the_rank_3_cards() {
        let count = |r| standard().count(|c| c.rank == r);
        assert_eq!([1, 2, 3].map(count), [56, 39, 5]);
        assert_eq!(standard().numbers(|c| c.rank == 3), [1, 12, 32, 63, 98]);
        assert_eq!(counts_refusal(|d| d.court[0].rank = 2), (Some(1), "rank"));
        assert_eq!(counts_refusal(|d| d.court[1].rank = 1), (None, "rank"));
    }

    #[test]
    fn pp_3_12_stars_per_suit() {
        use Suit::*;
        let stars = |s| {
            standard()
                .court_cards()
                .iter()
                .filter(|c| c.suit == s)
                .map(|c| c.rank as usize)
                .sum::<usize>()
        };
        assert_eq!(
            [Economic, Intelligence, Military, Political].map(stars),
            [46, 38, 37, 28]
        );
        // Swapping the ranks of #2 (Intelligence, 2) and #5 (Political, 1) keeps the rank counts.
        let mut data = standard().clone();
        data.court[1].rank = 1;
        data.court[4].rank = 2;
        assert_eq!(data.check_ranks(), Ok(()));
        assert!(matches!(
            data.check_stars(),
            Err(DataError::Invalid { field: "rank", .. })
        ));
    }

    #[test]
    fn pp_3_12_patriots_by_coalition() {
        use Coalition::*;
        let count = |k| standard().count(|c| c.patriot == Some(k));
        assert_eq!([British, Russian, Afghan].map(count), [13, 10, 7]);
        assert_eq!(standard().count(|c| c.patriot.is_some()), 30);
        assert_eq!(
            counts_refusal(|d| d.court[0].patriot = Some(Russian)),
            (None, "patriot")
        );
    }

    #[test]
    fn pp_3_12_prizes_by_coalition() {
        use Coalition::*;
        let count = |k| standard().count(|c| c.prize == Some(k));
        assert_eq!([Afghan, British, Russian].map(count), [18, 17, 17]);
        assert_eq!(standard().count(|c| c.prize.is_some()), 52);
        assert_eq!(
            counts_refusal(|d| d.court[6].prize = Some(Afghan)),
            (None, "prize")
        );
    }

    #[test]
    fn pp_3_9_the_leveraged_cards() {
        assert_eq!(
            standard().numbers(CourtCard::leveraged),
            [14, 27, 30, 40, 42, 46, 54, 78, 79, 80, 81, 85, 94]
        );
        assert!(standard().leveraged(CardId(42)) && !standard().leveraged(CardId(1)));
        assert!(!standard().leveraged(CardId(105)));
        // Moving #14's leverage icon to #13 keeps the icon count.
        let (card, field) = counts_refusal(|d| {
            d.court[13].impact_icons.retain(|&i| i != Icon::Leverage);
            d.court[12].impact_icons.push(Icon::Leverage);
        });
        assert_eq!((card, field), (Some(13), "impact_icons"));
    }

    #[test]
    fn pp_3_12_impact_icons() {
        use Suit::*;
        let data = standard();
        assert_eq!(
            [
                Icon::Army,
                Icon::Spy,
                Icon::Road,
                Icon::Tribe,
                Icon::Leverage
            ]
            .map(|i| data.icons(i)),
            [55, 51, 45, 28, 13]
        );
        assert_eq!(
            [Political, Intelligence, Economic, Military].map(|s| data.icons(Icon::Favor(s))),
            [9, 9, 8, 6]
        );
        assert_eq!(
            counts_refusal(|d| d.court[11].impact_icons.push(Icon::Army)),
            (None, "impact_icons")
        );
        assert_eq!(
            counts_refusal(|d| d.court[1].impact_icons[3] = Icon::Favor(Political)),
            (None, "impact_icons")
        );
    }

    #[test]
    fn pp_3_12_action_icons() {
        use CardAction::*;
        let count = |a| {
            standard()
                .court_cards()
                .iter()
                .flat_map(|c| &c.actions)
                .filter(|&&x| x == a)
                .count()
        };
        assert_eq!(
            [Move, Tax, Battle, Build, Gift, Betray].map(count),
            [37, 31, 31, 23, 22, 22]
        );
        // #1 Move → Tax keeps the number of actions per card.
        assert_eq!(
            counts_refusal(|d| d.court[0].actions = vec![Tax]),
            (None, "actions")
        );
    }

    #[test]
    fn pp_3_12_actions_per_card() {
        let count = |n| standard().count(|c| c.actions.len() == n);
        assert_eq!([0, 1, 2, 3].map(count), [2, 37, 54, 7]);
        // PP-3.6: the two cards without an action.
        assert_eq!(standard().numbers(|c| c.actions.is_empty()), [7, 76]);
        // #8 gives its only action, Tax, to #4 (Gift, Move): the action icons stay.
        let mut data = standard().clone();
        data.court[7].actions.clear();
        data.court[3].actions.push(CardAction::Tax);
        assert_eq!(data.check_actions(), Ok(()));
        assert!(matches!(
            data.check_actions_per_card(),
            Err(DataError::Invalid {
                field: "actions",
                ..
            })
        ));
    }

    #[test]
    fn pp_3_12_political_cards_per_region() {
        use Region::*;
        let count = |r| standard().count(|c| c.region == r && c.suit == Suit::Political);
        assert_eq!(
            [Kabul, Punjab, Kandahar, Herat, Persia, Transcaspia].map(count),
            [3, 4, 4, 4, 4, 4]
        );
        // Swapping the suits of #5 (Kabul, Political) and #18 (Punjab, Intelligence).
        let mut data = standard().clone();
        data.court[4].suit = Suit::Intelligence;
        data.court[17].suit = Suit::Political;
        assert_eq!(data.check_suits(), Ok(()));
        assert!(matches!(
            data.check_political_per_region(),
            Err(DataError::Invalid { field: "suit", .. })
        ));
    }

    #[test]
    fn pp_3_12_twenty_two_special_abilities() {
        let data = standard();
        assert_eq!(data.count(|c| c.special_ability.is_some()), 22);
        assert_eq!(
            data.numbers(|c| c.special_ability == Some(Ability::Citadel)),
            [17, 97]
        );
        assert_eq!(
            data.numbers(|c| c.special_ability == Some(Ability::Blackmail)),
            [43, 54]
        );
        assert_eq!(card(17).ability_region(), Some(Region::Kabul));
        assert_eq!(card(54).ability_region(), Some(Region::Herat));
        assert_eq!(card(1).ability_region(), None);
        assert_eq!(
            counts_refusal(|d| d.court[1].special_ability = Some(Ability::Bodyguards)),
            (None, "special_ability")
        );
    }

    #[test]
    fn pp_3_12_tribe_icons_are_on_the_political_cards() {
        for c in standard().court_cards() {
            assert_eq!(
                c.impact_icons.contains(&Icon::Tribe),
                c.suit == Suit::Political,
                "#{}",
                c.number
            );
        }
        // #1 trades a spy for a tribe and #5 a tribe for a spy: every other count holds.
        let mut data = standard().clone();
        data.court[0].impact_icons[0] = Icon::Tribe;
        data.court[4].impact_icons[0] = Icon::Spy;
        assert_eq!(data.check_icons(), Ok(()));
        assert_eq!(data.check_tribes().map_err(|e| e.to_string()), Err(
            "card data: card #1, impact_icons: a tribe icon on a card that is not political; PP-3.12 has none".into()
        ));
    }

    #[test]
    fn pp_3_2_court_cards_as_printed() {
        use {Coalition::*, Icon::*, Region::*, Suit::*};
        let court = |number,
                     name: &str,
                     region,
                     suit,
                     rank,
                     impact_icons,
                     actions,
                     patriot,
                     prize,
                     special_ability| {
            CourtCard {
                number,
                name: name.into(),
                region,
                suit,
                rank,
                impact_icons,
                actions,
                patriot,
                prize,
                special_ability,
            }
        };
        use CardAction::*;
        let expected = [
            court(
                1,
                "Mohan Lal",
                Kabul,
                Intelligence,
                3,
                vec![Spy, Spy, Spy],
                vec![Move],
                None,
                Some(Russian),
                Some(Ability::IndispensableAdvisors),
            ),
            court(
                7,
                "Dost Mohammad",
                Kabul,
                Political,
                2,
                vec![Tribe, Tribe, Army, Spy],
                vec![],
                None,
                None,
                None,
            ),
            court(
                34,
                "Sindhi Warriors",
                Punjab,
                Military,
                1,
                vec![Army, Favor(Economic)],
                vec![Battle, Move, Betray],
                None,
                Some(British),
                None,
            ),
            court(
                42,
                "Barakzai Sadars",
                Kandahar,
                Political,
                1,
                vec![Tribe, Leverage, Favor(Economic)],
                vec![Build],
                Some(Afghan),
                Some(Afghan),
                Some(Ability::CharismaticCourtiers),
            ),
            court(
                56,
                "Yar Mohammad Alikozai",
                Herat,
                Political,
                2,
                vec![Tribe, Tribe, Favor(Political)],
                vec![Betray],
                None,
                Some(Afghan),
                Some(Ability::WellConnected),
            ),
            court(
                73,
                "Jean-François Allard",
                Persia,
                Intelligence,
                1,
                vec![Spy, Favor(Military)],
                vec![Build, Battle],
                None,
                Some(British),
                None,
            ),
            court(
                78,
                "Civic Improvements",
                Persia,
                Economic,
                2,
                vec![Road, Road, Leverage, Favor(Intelligence)],
                vec![Build],
                None,
                None,
                Some(Ability::Infrastructure),
            ),
            court(
                99,
                "Cossacks",
                Transcaspia,
                Military,
                1,
                vec![Army, Spy],
                vec![Battle],
                Some(Russian),
                Some(British),
                Some(Ability::Irregulars),
            ),
            court(
                100,
                "Count Perovsky",
                Transcaspia,
                Military,
                2,
                vec![Army, Army],
                vec![Battle],
                Some(Russian),
                Some(British),
                None,
            ),
        ];
        for c in expected {
            assert_eq!(card(c.number), &c);
        }
    }

    #[test]
    fn pp_14_1_event_halves() {
        let event = |n| standard().event(CardId(n)).unwrap();
        for n in 101..=104 {
            assert_eq!(
                (event(n).discarded, event(n).purchased),
                (EventEffect::DominanceCheck, EventEffect::DominanceCheck)
            );
        }
        assert_eq!(event(105).discarded, EventEffect::FavorSuit(Suit::Military));
        assert_eq!(event(105).purchased, EventEffect::NewTactics);
        assert_eq!(
            (event(111).discarded, event(111).purchased),
            (EventEffect::NoEffect, EventEffect::PublicWithdrawal)
        );
        assert_eq!(event(111).name, "Public Withdrawal");
        let riots: Vec<_> = (105..=116)
            .filter_map(|n| match event(n).discarded {
                EventEffect::Riots(r) => Some((n, r)),
                _ => None,
            })
            .collect();
        assert_eq!(
            riots,
            [
                (109, Region::Punjab),
                (110, Region::Herat),
                (112, Region::Kabul),
                (113, Region::Persia)
            ]
        );
        assert_eq!(
            event(115).discarded,
            EventEffect::FavorSuit(Suit::Intelligence)
        );
        assert_eq!(
            event(116).discarded,
            EventEffect::FavorSuit(Suit::Political)
        );
        assert_eq!(event(116).purchased, EventEffect::Rebuke);
        assert_eq!(
            event(106).name,
            "Embarrassment of Riches / Koh-i-noor Recovered"
        );
    }

    #[test]
    fn pp_0_2_fixtures_with_other_facts_load_but_miss_the_counts() {
        let mut file = shipped();
        file["court_cards"][0]["region"] = json!("Punjab");
        file["court_cards"][0]["name"] = json!("A test card");
        let data = CardData::from_json(&file.to_string()).unwrap();
        assert!(matches!(
            data.check_counts(),
            Err(DataError::Invalid {
                card: Some(1),
                field: "region",
                ..
            })
        ));
    }

    #[test]
    fn pp_3_4_a_rank_outside_1_to_3_is_refused() {
        for rank in [0, 4] {
            let mut file = shipped();
            file["court_cards"][41]["rank"] = json!(rank);
            assert_eq!(refusal(&file), (Some(42), "rank"));
        }
    }

    #[test]
    fn pp_3_1_a_missing_card_is_refused() {
        let mut file = shipped();
        file["court_cards"].as_array_mut().unwrap().remove(49);
        assert_eq!(refusal(&file), (Some(50), "number"));
        let mut file = shipped();
        file["court_cards"].as_array_mut().unwrap().pop();
        assert_eq!(refusal(&file), (Some(100), "number"));
        let mut file = shipped();
        file["events"].as_array_mut().unwrap().remove(0);
        assert_eq!(refusal(&file), (Some(101), "number"));
    }

    #[test]
    fn pp_3_1_a_duplicate_or_stray_number_is_refused() {
        let mut file = shipped();
        file["court_cards"][50]["number"] = json!(50);
        let Err(DataError::Invalid {
            card: Some(50),
            field: "number",
            reason,
        }) = CardData::from_json(&file.to_string())
        else {
            panic!("a duplicate #50 must be refused");
        };
        assert!(reason.contains("twice"), "{reason}");
        let mut file = shipped();
        let extra = file["events"][15].clone();
        file["court_cards"].as_array_mut().unwrap().push(extra);
        assert!(matches!(
            CardData::from_json(&file.to_string()),
            Err(DataError::Format { .. })
        ));
        let mut file = shipped();
        let mut extra = file["events"][15].clone();
        extra["number"] = json!(117);
        file["events"].as_array_mut().unwrap().push(extra);
        assert_eq!(refusal(&file), (Some(117), "number"));
        let mut file = shipped();
        file["court_cards"].as_array_mut().unwrap().swap(3, 4);
        assert_eq!(refusal(&file), (Some(4), "number"));
    }

    #[test]
    fn pp_3_2_unknown_fields_and_wrong_kinds_are_refused() {
        let mut file = shipped();
        file["court_cards"][13]["leveraged"] = json!(true);
        let Err(DataError::Format { reason }) = CardData::from_json(&file.to_string()) else {
            panic!("an unknown card field must be refused");
        };
        assert!(reason.contains("leveraged"), "{reason}");
        let mut file = shipped();
        file["version"] = json!(2);
        assert!(matches!(
            CardData::from_json(&file.to_string()),
            Err(DataError::Format { .. })
        ));
        let mut file = shipped();
        file["court_cards"][0]["region"] = json!("Bukhara");
        assert!(matches!(
            CardData::from_json(&file.to_string()),
            Err(DataError::Format { .. })
        ));
        let mut file = shipped();
        file.as_object_mut().unwrap().remove("licence");
        assert!(matches!(
            CardData::from_json(&file.to_string()),
            Err(DataError::Format { .. })
        ));
        assert!(matches!(
            CardData::from_json("not json"),
            Err(DataError::Format { .. })
        ));
        assert!(matches!(
            CardData::from_json(""),
            Err(DataError::Format { .. })
        ));
    }

    #[test]
    fn pp_3_6_at_most_three_actions_none_twice() {
        let mut file = shipped();
        file["court_cards"][33]["actions"] = json!(["Battle", "Move", "Betray", "Tax"]);
        assert_eq!(refusal(&file), (Some(34), "actions"));
        let mut file = shipped();
        file["court_cards"][1]["actions"] = json!(["Move", "Move"]);
        assert_eq!(refusal(&file), (Some(2), "actions"));
    }

    #[test]
    fn pp_3_11_dominance_checks_are_101_to_104_on_both_halves() {
        let mut file = shipped();
        file["events"][2]["purchased"] = json!("no_effect");
        assert_eq!(refusal(&file), (Some(103), "purchased"));
        let mut file = shipped();
        file["events"][4]["discarded"] = json!("dominance_check");
        assert_eq!(refusal(&file), (Some(105), "discarded"));
    }

    #[test]
    fn pp_3_2_names_and_texts_are_not_empty() {
        let mut file = shipped();
        file["court_cards"][9]["name"] = json!("  ");
        assert_eq!(refusal(&file), (Some(10), "name"));
        let mut file = shipped();
        file["events"][6]["purchased_text"] = json!("");
        assert_eq!(refusal(&file), (Some(107), "purchased_text"));
    }
}
