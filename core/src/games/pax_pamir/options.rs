//! Rule options: the player count, hidden or open hands, and every `config:` item of the
//! specification, each defaulting to the specification's reading (PP-18). Options are part of
//! every saved state and every replay record.

use serde::{Deserialize, Serialize};

/// PP-OQ-1: where purchase rupees go for a column whose two slots are both empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PurchaseEmptyColumn {
    /// To the bank \[BGA\].
    #[default]
    Bank,
    /// Left on the empty slot of the other row, for the next card that lands there \[RTT\].
    LeaveOnSlot,
}

/// PP-OQ-2: how the courts join into the spy ring.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpyRingOrder {
    /// Players in turn order, each court left to right, the last card of one court next to the
    /// first card of the next player's.
    #[default]
    TurnOrder,
    /// Each player's rightmost card next to the previous player's leftmost (a clockwise table).
    Mirror,
}

/// PP-OQ-3: when a leverage shortfall is paid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeverageTiming {
    /// At once, in the middle of the action \[BGA\].
    #[default]
    Immediate,
    /// Rupees may go below zero; the debt is settled when the action ends \[RTT\].
    EndOfAction,
}

/// PP-OQ-5: whether a spy removed from a Safe House card may go back to that card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SafeHouseSameCard {
    /// Yes \[Impl\].
    #[default]
    Allowed,
    /// No: only another Safe House card.
    Forbidden,
}

/// PP-OQ-6: whom Rumor may target.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RumorTarget {
    /// Any player, the buyer too \[BGA\].
    #[default]
    AnyPlayer,
    /// Another player \[RTT\].
    OtherPlayer,
}

/// PP-OQ-11: how a batch of court discards with leverage is resolved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BatchDiscard {
    /// The cards leave together; none pays another's leverage.
    #[default]
    Together,
    /// The owner discards them one at a time in an order of their choice, shortfalls in
    /// between \[BGA\].
    OneByOne,
}

/// PP-OQ-19: which gift slots may be bought.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GiftOrder {
    /// Any empty slot the player can pay for \[Impl\].
    #[default]
    AnySlot,
    /// Only the cheapest empty slot.
    CheapestFirst,
}

/// PP-OQ-21: Well-Connected together with Strange Bedfellows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WellConnectedWithBedfellows {
    /// Distance at most 2 in the ring joined with same-region links \[BGA\].
    #[default]
    Graph2,
    /// Ring distance 1 or 2, or any same-region card \[RTT\].
    RingOrRegion,
}

/// WK-1.6, WK-OQ-26: which opponent the red arrow's label T prefers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RedArrowPlayers {
    /// T: the opponent who plays just before Wakhan; B: just after \[Impl\].
    #[default]
    ImplReading,
    /// T ("left") is the opponent on her physical left, who plays just after her.
    SeatReading,
}

/// WK-4.3, WK-11.4, WK-OQ-33: whether a receiver may lower a bribe Wakhan owes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BribeWaiver {
    /// The receiver chooses any amount up to the full bribe; she pays it if she can.
    #[default]
    Ask,
    /// Nobody is asked: she pays the full bribe if she can \[Impl\].
    Never,
}

/// WK-6.6, WK-OQ-29: the tribes her Move compares with her armies in a destination.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveTargetCount {
    /// Every tribe there \[Impl\].
    #[default]
    AllTribes,
    /// The opponents' tribes only (the seed's reading).
    OpponentTribes,
}

/// WK-2.1, WK-OQ-28: when she checks her Ambition.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AmbitionCheck {
    /// Before every pass of the action loop \[Impl\].
    #[default]
    EveryAction,
    /// Once, before her first action (the seed's "step 0").
    TurnStart,
}

/// WK-11.9, WK-OQ-31: what Wakhan does with cards in her hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HandCards {
    /// She never plays them and discards down to her hand limit at cleanup.
    #[default]
    DiscardAtCleanup,
    /// At the start of her action loop she plays them, outside her action count, in card
    /// priority order (WK-3.2), until the first whose full bribe she cannot pay \[Impl\].
    PlayImmediately,
}

/// The options of a game of Pax Pamir.
///
/// ```
/// use darbar::pax_pamir::Options;
///
/// let options: Options = serde_json::from_str(r#"{"players": 4}"#).unwrap();
/// assert_eq!(options.players, 4);
/// assert_eq!(options, Options { players: 4, ..Options::default() });
/// assert!(serde_json::from_str::<Options>(r#"{"player": 4}"#).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Seats at the table, 2 to 5 (PP-4.1). Default 3.
    pub players: u8,
    /// Every hand is shown in every seat's view and observation. Default `false` (PP-0.4:
    /// hands are hidden).
    pub open_hands: bool,
    /// PP-OQ-1.
    pub purchase_empty_column: PurchaseEmptyColumn,
    /// PP-OQ-2.
    pub spy_ring_order: SpyRingOrder,
    /// PP-OQ-3.
    pub leverage_timing: LeverageTiming,
    /// PP-OQ-5.
    pub safe_house_same_card: SafeHouseSameCard,
    /// PP-OQ-6.
    pub rumor_target: RumorTarget,
    /// PP-OQ-11.
    pub batch_discard: BatchDiscard,
    /// PP-OQ-13: Infrastructure's extra block may be declined. Default `false` (mandatory).
    pub infrastructure_optional: bool,
    /// PP-OQ-19.
    pub gift_order: GiftOrder,
    /// PP-OQ-21.
    pub well_connected_with_bedfellows: WellConnectedWithBedfellows,
    /// Wakhan, the automated opponent, plays seat 0 (WK-10): `players` counts her seat, so 2
    /// or 3. Default `false`.
    pub wakhan: bool,
    /// WK-OQ-26.
    pub wakhan_red_arrow_players: RedArrowPlayers,
    /// WK-OQ-33.
    pub wakhan_bribe_waiver: BribeWaiver,
    /// WK-6.5: her Tax tops up from the market what the players could not give. Default
    /// `false`.
    pub wakhan_tax_top_up: bool,
    /// WK-OQ-29.
    pub wakhan_move_target_count: MoveTargetCount,
    /// WK-OQ-28.
    pub wakhan_ambition_check: AmbitionCheck,
    /// WK-OQ-30: "the most net rupees" counts Backing of Persian Aristocracy's 3 rupees.
    /// Default `false`.
    pub wakhan_net_rupees_counts_backing: bool,
    /// WK-1.4, an optional variant: among the free coalitions, the one with the most blocks on
    /// the map. Default `false`.
    pub wakhan_variant_steadfast_loyalty: bool,
    /// WK-OQ-31.
    pub wakhan_hand_cards: HandCards,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            players: 3,
            open_hands: false,
            purchase_empty_column: PurchaseEmptyColumn::default(),
            spy_ring_order: SpyRingOrder::default(),
            leverage_timing: LeverageTiming::default(),
            safe_house_same_card: SafeHouseSameCard::default(),
            rumor_target: RumorTarget::default(),
            batch_discard: BatchDiscard::default(),
            infrastructure_optional: false,
            gift_order: GiftOrder::default(),
            well_connected_with_bedfellows: WellConnectedWithBedfellows::default(),
            wakhan: false,
            wakhan_red_arrow_players: RedArrowPlayers::default(),
            wakhan_bribe_waiver: BribeWaiver::default(),
            wakhan_tax_top_up: false,
            wakhan_move_target_count: MoveTargetCount::default(),
            wakhan_ambition_check: AmbitionCheck::default(),
            wakhan_net_rupees_counts_backing: false,
            wakhan_variant_steadfast_loyalty: false,
            wakhan_hand_cards: HandCards::default(),
        }
    }
}

impl Options {
    /// The fewest seats (PP-4.1).
    pub const MIN_PLAYERS: u8 = 2;
    /// The most seats (PP-4.1).
    pub const MAX_PLAYERS: u8 = 5;

    /// Whether the player count is one the game is for: 2 to 5, or with Wakhan 2 or 3 (one
    /// or two people and her, WK-10).
    pub fn valid_players(&self) -> bool {
        if self.wakhan {
            (2..=3).contains(&self.players)
        } else {
            (Options::MIN_PLAYERS..=Options::MAX_PLAYERS).contains(&self.players)
        }
    }
}
