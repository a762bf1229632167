//! Rule tests for the sequence of play (§2.2–§2.7) and final scoring (§5), written from the
//! rules specification (`vijayanagara.md`) and its rulings, not from the engine's code.
//!
//! Positions are set up with the validated board primitives, which never touch the turn, and
//! the game is then driven one action at a time through the public decision API.

use super::common;
use darbar::engine::{Game, Log, Rule, Seat};

use common::*;
use darbar::vijayanagara::{
    Card, DecisionKind, DecreeKind, Dynasty, Loyalty, Piece, PlayOrderBox, Player, SpaceId, State,
    Structure, SuccessionCard, mongols_in_delhi_adjustment,
};

// ----- helpers ------------------------------------------------------------------------------

/// The order printed on the current Event card.
fn order(state: &State) -> [Player; 3] {
    let n = state.current_event().expect("an Event card is up");
    state.cards().event(n).unwrap().order
}

/// Plays until the last decision on the card just before `index`, an Event card on which
/// everyone passes, so that the next "option Pass" reveals the card at `index`.
fn play_to_last_pass_before(state: &mut State, index: usize) {
    play_until(state, |s| {
        s.deck().played().len() == index && is_turn_option(s) && player_to_decide(s) == order(s)[2]
    });
}

/// Carries out a short, legal turn with `option` for `player`, whose option decision is
/// pending: DS Conscripts 1 Troop in Delhi, BK Rallies in Maharashtra, VN in Karnataka; the
/// Decree of Command & Decree comes first (DS Collect Tribute, BK Trade, VN Tax).
fn take(state: &mut State, player: Player, option: &str) {
    assert_eq!(player_to_decide(state), player);
    act(state, &format!("option {option}"));
    if option == "Pass" {
        return;
    }
    if option == "Command & Decree" {
        act(
            state,
            match player {
                Player::Sultanate => "decree Collect Tribute",
                Player::Bahmani => "decree Trade",
                Player::Vijayanagara => "decree Tax",
            },
        );
    }
    let command: &[&str] = match player {
        Player::Sultanate => &["command Conscript", "select Delhi", "count 1"],
        Player::Bahmani => &["command Rally", "select Maharashtra", "count 1"],
        Player::Vijayanagara => &["command Rally", "select Karnataka", "count 1"],
    };
    acts(state, command);
    if option != "Limited Command" {
        act(state, "done");
    }
}

// ----- §2.2, §2.3.1, §2.3.2: start, eligibility, faction order -------------------------------

#[test]
fn rule_2_2_first_card_is_revealed_and_the_first_faction_in_its_order_decides() {
    // §2.2: reveal the top card; it starts the played pile. §2.3.2: eligible factions act in
    // the card's left-to-right order.
    let state = opening(VN);
    assert_eq!(state.deck().played().len(), 1);
    assert_eq!(state.deck().played()[0], state.deck().cards()[0]);
    let card = state.current_event().unwrap();
    let decision = state.decision().unwrap();
    assert_eq!(decision.kind, DecisionKind::TurnOption { card });
    assert_eq!(decision.player, state.cards().event(card).unwrap().order[0]);
}

#[test]
fn rule_2_3_1_all_factions_start_eligible() {
    // §2.1 step 7 / §2.3.1: all three cylinders start in the Eligible box.
    let state = State::new(3);
    for p in Player::ALL {
        assert_eq!(state.eligibility(p), PlayOrderBox::Eligible, "{p}");
    }
}

#[test]
fn rule_2_3_2_eligible_factions_act_one_at_a_time_in_card_order() {
    // §2.3.2: "Eligible factions act one at a time in that left-to-right order."
    for first in Player::ALL {
        let mut state = opening(first);
        let order = order(&state);
        let mut seen = Vec::new();
        for _ in 0..3 {
            let p = player_to_decide(&state);
            seen.push(p);
            act(&mut state, "option Pass");
        }
        assert_eq!(seen, order);
        assert_eq!(state.deck().played().len(), 2, "§2.3.8: the next card");
    }
}

#[test]
fn rule_2_3_refused_option_names_the_rule_and_changes_nothing() {
    // a rejected action names the rule broken and leaves the state unchanged. Only the
    // faction whose turn it is may act.
    let mut state = opening(DS);
    refused(&mut state, "select Delhi", "2.3.3");
    let before = state.clone();
    let err = game()
        .apply_as(
            &mut state,
            BK as Seat,
            action("option Pass"),
            &mut Log::silent(),
        )
        .expect_err("not BK's turn");
    assert_eq!(err.rule(), Rule("2.3.3"));
    assert_eq!(state, before);
}

// ----- §2.3.3: options and branch boxes -------------------------------------------------------

#[test]
fn rule_2_3_3_first_faction_is_offered_all_four_options() {
    // §2.3.3: Command & Decree, Event or Command, Limited Command, Pass.
    for first in Player::ALL {
        let state = opening(first);
        for option in [
            "option Command & Decree",
            "option Event or Command",
            "option Limited Command",
            "option Pass",
        ] {
            assert!(offers(&state, option), "{first}: {option}");
        }
    }
}

#[test]
fn rule_2_3_3_each_branch_box_is_taken_at_most_once_per_card() {
    // §2.3.3: "Each of the two branch boxes can be taken by at most one faction per card; once
    // a box is taken it is closed to later factions."
    let mut state = opening(DS);
    let [first, second, third] = order(&state);
    take(&mut state, first, "Command & Decree");
    assert_eq!(player_to_decide(&state), second);
    assert!(!offers(&state, "option Command & Decree"));
    assert!(offers(&state, "option Event or Command"));
    refused(&mut state, "option Command & Decree", "2.3.3");
    take(&mut state, second, "Event or Command");
    assert_eq!(player_to_decide(&state), third);
    assert!(!offers(&state, "option Command & Decree"));
    assert!(!offers(&state, "option Event or Command"));
    // §2.3.5, §2.3.6: Limited Command and Pass stay open.
    assert!(offers(&state, "option Limited Command"));
    assert!(offers(&state, "option Pass"));
}

#[test]
fn rule_2_3_3_event_or_command_taken_first_leaves_command_and_decree_open() {
    // §2.3.3: the boxes are independent; taking branch 2 closes only branch 2.
    let mut state = opening(BK);
    let [first, second, _] = order(&state);
    take(&mut state, first, "Event or Command");
    assert_eq!(player_to_decide(&state), second);
    assert!(offers(&state, "option Command & Decree"));
    assert!(!offers(&state, "option Event or Command"));
}

#[test]
fn rule_2_3_3_oq_22_decree_may_come_before_the_command() {
    // §4.1, OQ-22: the Decree is done entirely before or entirely after the Command.
    let mut state = opening(DS);
    act(&mut state, "option Command & Decree");
    assert!(offers(&state, "decree Collect Tribute"));
    assert!(offers(&state, "command Conscript"));
    act(&mut state, "decree Collect Tribute");
    // Only the Command is left; no second Decree.
    assert!(offers(&state, "command Conscript"));
    assert!(legal(&state).iter().all(|a| !a.starts_with("decree")));
    acts(
        &mut state,
        &["command Conscript", "select Delhi", "count 1"],
    );
    // In the middle of the Command no Decree is offered.
    assert!(legal(&state).iter().all(|a| !a.starts_with("decree")));
    act(&mut state, "done");
    assert_ne!(player_to_decide(&state), DS, "the turn is over");
}

#[test]
fn rule_2_3_3_oq_22_decree_may_come_after_but_never_inside_the_command() {
    let mut state = opening(DS);
    acts(
        &mut state,
        &[
            "option Command & Decree",
            "command Conscript",
            "select Delhi",
        ],
    );
    // Inside the Command (choosing the count, then the next space): no Decree.
    assert!(legal(&state).iter().all(|a| !a.starts_with("decree")));
    act(&mut state, "count 2");
    assert!(legal(&state).iter().all(|a| !a.starts_with("decree")));
    act(&mut state, "done");
    // After the Command: exactly the Decrees, no second Command.
    assert!(offers(&state, "decree Collect Tribute"));
    assert!(offers(&state, "decree Campaign"));
    assert!(offers(&state, "decree Demand Obedience"));
    assert!(legal(&state).iter().all(|a| !a.starts_with("command")));
    act(&mut state, "decree Collect Tribute");
    assert_ne!(player_to_decide(&state), DS, "the turn is over");
}

#[test]
fn rule_4_1_no_decree_with_event_or_command() {
    // §2.3.3 / §4.1: Event or Command is a full Command with no Decree.
    let mut state = opening(DS);
    act(&mut state, "option Event or Command");
    assert!(legal(&state).iter().all(|a| !a.starts_with("decree")));
    acts(
        &mut state,
        &["command Conscript", "select Delhi", "count 1", "done"],
    );
    assert_ne!(player_to_decide(&state), DS, "no Decree follows");
}

#[test]
fn rule_2_3_3_oq_23_a_full_command_selects_at_least_one_space() {
    // OQ-23: "any number of spaces" means at least 1 for a full Command.
    let mut state = opening(DS);
    acts(
        &mut state,
        &["option Event or Command", "command Conscript"],
    );
    assert!(!offers(&state, "done"));
    refused(&mut state, "done", "3.2.1");
}

// ----- §2.3.5 Limited Command -----------------------------------------------------------------

#[test]
fn rule_2_3_5_limited_command_is_exactly_one_space_and_no_decree() {
    // §2.3.5: a Command in exactly one space, 1 Resource, no Decree.
    let mut state = opening(DS);
    act(&mut state, "option Limited Command");
    assert!(legal(&state).iter().all(|a| !a.starts_with("decree")));
    acts(&mut state, &["command Conscript", "select Delhi"]);
    assert_eq!(state.resources(DS), 11);
    act(&mut state, "count 5");
    assert_eq!(state.space(SpaceId::Delhi).troops, 9);
    // No second space: the turn has passed to the next faction.
    assert_ne!(player_to_decide(&state), DS);
    assert_eq!(state.eligibility(DS), PlayOrderBox::LimitedCommand);
}

#[test]
fn rule_2_3_5_limited_march_draws_from_several_adjacent_spaces() {
    // §2.3.5: "It may still draw pieces from several spaces: March ... bring pieces from
    // adjacent spaces."
    let mut state = opening(DS);
    acts(
        &mut state,
        &["option Limited Command", "command March", "select Malwa"],
    );
    acts(
        &mut state,
        &[
            "move Troop from Delhi",
            "move Troop from Rajput Kingdoms",
            "move Troop from Jaunpur",
            "done",
        ],
    );
    assert_eq!(state.space(SpaceId::Malwa).troops, 6);
    assert_eq!(state.resources(DS), 11);
    assert_ne!(player_to_decide(&state), DS, "one destination only");
}

#[test]
fn rule_2_3_5_any_number_of_factions_may_take_limited_command() {
    // §2.3.5: "Any number of factions may choose it on the same card."
    let mut state = opening(BK);
    let [first, second, third] = order(&state);
    take(&mut state, first, "Limited Command");
    take(&mut state, second, "Limited Command");
    assert!(offers(&state, "option Limited Command"));
    take(&mut state, third, "Limited Command");
    for p in Player::ALL {
        // §2.3.5: the faction stays eligible for the next card.
        assert_eq!(state.eligibility(p), PlayOrderBox::Eligible, "{p}");
    }
}

// ----- §2.3.6 Pass ----------------------------------------------------------------------------

#[test]
fn rule_2_3_6_pass_income_ds_3_bk_1_vn_1() {
    let mut state = opening(VN);
    let before = Player::ALL.map(|p| state.resources(p));
    for _ in 0..3 {
        act(&mut state, "option Pass");
    }
    assert_eq!(state.resources(DS), before[0] + 3);
    assert_eq!(state.resources(BK), before[1] + 1);
    assert_eq!(state.resources(VN), before[2] + 1);
}

#[test]
fn rule_2_3_6_pass_income_is_capped_at_24() {
    let mut state = opening(DS);
    set_resources(&mut state, DS, 23);
    act(&mut state, "option Pass");
    assert_eq!(state.resources(DS), 24);
    assert_eq!(state.eligibility(DS), PlayOrderBox::Pass);
}

#[test]
fn rule_2_3_6_pass_is_always_allowed_and_commands_need_resources() {
    // §2.3.6: Pass is always allowed. §1.8, OQ-13: a faction cannot select a space it cannot
    // pay for, so with no Resources neither a Limited Command nor Command & Decree (a full
    // Command selects at least 1 space, OQ-23) is possible.
    let mut state = opening(BK);
    set_resources(&mut state, BK, 0);
    assert!(offers(&state, "option Pass"));
    assert!(!offers(&state, "option Limited Command"));
    assert!(!offers(&state, "option Command & Decree"));
    refused(&mut state, "option Limited Command", "2.3.3");
}

// ----- §2.3.7 Adjusting eligibility -----------------------------------------------------------

#[test]
fn rule_2_3_7_branch_options_make_ineligible_limited_and_pass_stay_eligible() {
    // §2.3.7: Command & Decree → Ineligible; Event or Command (no Stay Eligible) → Ineligible;
    // Limited Command and Pass → Eligible. An Ineligible faction is skipped on the next card
    // and is Eligible again after it.
    let seed = seed_where(|c| {
        matches!(c[0], Card::Event(_))
            && matches!(c[1], Card::Event(_))
            && matches!(c[2], Card::Event(_))
    });
    let mut state = State::new(seed);
    let [first, second, third] = order(&state);
    take(&mut state, first, "Command & Decree");
    take(&mut state, second, "Event or Command");
    take(&mut state, third, "Limited Command");
    // Card 2 is up: only the third faction is eligible.
    assert_eq!(state.deck().played().len(), 2);
    assert_eq!(state.eligibility(first), PlayOrderBox::Ineligible);
    assert_eq!(state.eligibility(second), PlayOrderBox::Ineligible);
    assert_eq!(state.eligibility(third), PlayOrderBox::Eligible);
    assert_eq!(player_to_decide(&state), third);
    act(&mut state, "option Pass");
    // Card 3: everyone is eligible again.
    assert_eq!(state.deck().played().len(), 3);
    for p in Player::ALL {
        assert_eq!(state.eligibility(p), PlayOrderBox::Eligible, "{p}");
    }
    assert_eq!(player_to_decide(&state), order(&state)[0]);
}

#[test]
fn rule_2_3_7_a_faction_that_passed_acts_alone_on_the_next_card() {
    // §2.3.7: Pass → Eligible; both branch takers are Ineligible, so the passer acts alone.
    let seed = seed_where(|c| matches!(c[0], Card::Event(_)) && matches!(c[1], Card::Event(_)));
    let mut state = State::new(seed);
    let [first, second, third] = order(&state);
    take(&mut state, first, "Command & Decree");
    take(&mut state, second, "Event or Command");
    take(&mut state, third, "Pass");
    assert_eq!(player_to_decide(&state), third);
    assert_eq!(state.eligibility(third), PlayOrderBox::Eligible);
}

#[test]
fn rule_2_4_mongol_invasion_card_does_not_adjust_eligibility() {
    // §2.4 "Eligibility is not adjusted"; §2.3.7 [D]: a faction that took a branch option sits
    // out exactly the next Event card, with Mongol Invasion cards in between not counting.
    let seed = seed_where(|c| {
        matches!(c[0], Card::Event(_))
            && matches!(c[1], Card::MongolInvasion(_))
            && matches!(c[2], Card::Event(_))
    });
    let mut state = State::new(seed);
    let first = order(&state)[0];
    take(&mut state, first, "Command & Decree");
    play_to_card(&mut state, 1);
    assert!(matches!(
        state.decision().unwrap().kind,
        DecisionKind::MongolCommand
    ));
    assert_eq!(state.eligibility(first), PlayOrderBox::Ineligible);
    play_to_card(&mut state, 2);
    assert_eq!(state.eligibility(first), PlayOrderBox::Ineligible);
    // The factions still eligible act; `first` never decides on this card.
    for _ in 0..2 {
        assert_ne!(player_to_decide(&state), first);
        act(&mut state, "option Pass");
    }
    assert_eq!(state.deck().played().len(), 4);
    assert_eq!(state.eligibility(first), PlayOrderBox::Eligible);
}

// ----- §2.4 Mongol Invasion cards -------------------------------------------------------------

/// A game at the first decision of a Mongol Invasion card operated by `operator` that is the
/// second card of the deck, between two Event cards; the MI pieces are all in their box.
/// (This local helper shadows [`common::invasion`], which does not choose the operator.)
fn invasion(operator: Player) -> State {
    let seed = (0..5000)
        .find(|&seed| {
            let state = State::new(seed);
            let c = state.deck().cards();
            matches!(c[0], Card::Event(_))
                && matches!(c[2], Card::Event(_))
                && matches!(c[1], Card::MongolInvasion(n)
                    if state.cards().invasion(n).unwrap().faction == operator)
        })
        .expect("a seed fits");
    let mut state = State::new(seed);
    play_to_card(&mut state, 1);
    state
}

#[test]
fn rule_2_4_1_the_named_faction_carries_out_two_mongol_commands() {
    // §2.4.1: the faction named on the card carries out two Mongol commands; it may choose the
    // same command twice. §3.5.1: Amass places 3 in Mountain Passes; over 4 cascades.
    for operator in [BK, VN] {
        let mut state = invasion(operator);
        let card = match state.deck().current() {
            Some(Card::MongolInvasion(n)) => n,
            other => panic!("{other:?}"),
        };
        assert_eq!(state.cards().invasion(card).unwrap().faction, operator);
        let decision = state.decision().unwrap();
        assert_eq!(decision.player, operator);
        assert_eq!(decision.kind, DecisionKind::MongolCommand);
        act(&mut state, "command Amass");
        assert_eq!(player_to_decide(&state), operator);
        assert_eq!(state.decision().unwrap().kind, DecisionKind::MongolCommand);
        act(&mut state, "command Amass");
        assert_eq!(state.space(SpaceId::MountainPasses).mongols, 4);
        assert_eq!(state.space(SpaceId::Punjab).mongols, 2);
        // Influence 0: no Gift (OQ-25); the next card is revealed without a third command.
        assert_eq!(state.deck().played().len(), 3);
        assert!(is_turn_option(&state));
    }
}

#[test]
fn rule_2_4_2_gift_of_compromise_trades_one_influence_for_2_resources_and_2_cavalry() {
    // §2.4.2: the same faction may lower its own Influence by 1 to gain 2 Resources and 2
    // cavalry tokens.
    let mut state = invasion(BK);
    state.shift_influence(BK, 1).unwrap();
    pool_all_cavalry(&mut state);
    set_resources(&mut state, BK, 5);
    acts(&mut state, &["command Amass", "command Amass"]);
    let decision = state.decision().unwrap();
    assert_eq!(decision.kind, DecisionKind::GiftOfCompromise);
    assert_eq!(decision.player, BK);
    act(&mut state, "yes");
    assert_eq!(state.influence(BK), Some(0));
    assert_eq!(state.resources(BK), 7);
    assert_eq!(state.cavalry(BK), 2);
    assert_eq!(state.cavalry_pool(), 8);
    // "Play then continues with the next card."
    assert_eq!(state.deck().played().len(), 3);
}

#[test]
fn rule_2_4_2_gift_of_compromise_is_optional() {
    let mut state = invasion(VN);
    state.shift_influence(VN, 3).unwrap();
    let resources = state.resources(VN);
    acts(&mut state, &["command Amass", "command Amass"]);
    assert_eq!(
        state.decision().unwrap().kind,
        DecisionKind::GiftOfCompromise
    );
    act(&mut state, "no");
    assert_eq!(state.influence(VN), Some(3));
    assert_eq!(state.resources(VN), resources);
    assert_eq!(state.cavalry(VN), 0);
}

#[test]
fn rule_2_4_2_gift_lowers_influence_with_its_slot_refill() {
    // §2.4.2 with §1.9: VN dropping from 2 to 1 must refill its level-2 slot with 2 Rajas.
    let mut state = invasion(VN);
    state.shift_influence(VN, 2).unwrap();
    acts(&mut state, &["command Amass", "command Amass", "yes"]);
    assert_eq!(state.influence(VN), Some(1));
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, VN);
    assert_eq!(
        decision.kind,
        DecisionKind::RefillInfluenceSlot { level: 2 }
    );
}

#[test]
fn rule_2_4_2_oq_25_no_gift_at_influence_zero() {
    // OQ-25: the Gift requires Influence ≥ 1.
    let mut state = invasion(VN);
    assert_eq!(state.influence(VN), Some(0));
    let resources = state.resources(VN);
    acts(&mut state, &["command Amass", "command Amass"]);
    assert_ne!(
        state.decision().unwrap().kind,
        DecisionKind::GiftOfCompromise
    );
    assert_eq!(state.deck().played().len(), 3);
    assert_eq!(state.resources(VN), resources);
}

// ----- §2.5 Succession cards ------------------------------------------------------------------

/// A game at the first decision of Succession card `card`.
fn succession(card: SuccessionCard) -> State {
    let index = match card {
        SuccessionCard::ZenithOfTheSultanate => 8,
        SuccessionCard::RiseOfTheRebelSultans => 17,
        SuccessionCard::LordsOfTheDeccan => 26,
    };
    let mut state = State::new(11);
    assert_eq!(state.deck().cards()[index], Card::Succession(card));
    play_to_card(&mut state, index);
    state
}

#[test]
fn rule_2_5_succession_cards_split_the_deck_in_fixed_order() {
    // §2.1, §2.5: stack 1 · Zenith · stack 2 · Rise · stack 3 · Lords · stack 4.
    for seed in 0..20 {
        let state = State::new(seed);
        let cards = state.deck().cards();
        assert_eq!(cards.len(), 35);
        assert_eq!(
            cards[8],
            Card::Succession(SuccessionCard::ZenithOfTheSultanate)
        );
        assert_eq!(
            cards[17],
            Card::Succession(SuccessionCard::RiseOfTheRebelSultans)
        );
        assert_eq!(
            cards[26],
            Card::Succession(SuccessionCard::LordsOfTheDeccan)
        );
    }
}

#[test]
fn rule_2_5_1_zenith_turns_the_dynasty_to_tughlaq_and_offers_a_campaign() {
    // §2.5.1 steps 1 and 2: the Dynasty card turns to Tughlaq; DS *may* Campaign.
    let mut state = State::new(11);
    play_until(&mut state, |s| s.deck().played().len() == 8);
    assert_eq!(state.dynasty(), Dynasty::Khalji);
    play_to_card(&mut state, 8);
    assert_eq!(state.dynasty(), Dynasty::Tughlaq);
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, DS);
    assert_eq!(decision.kind, DecisionKind::SuccessionCampaign);
    assert_eq!(legal(&state), ["yes", "no"]);
}

#[test]
fn rule_2_5_1_oq_26_succession_campaign_uses_only_delhi_and_provinces() {
    // OQ-26: no MIR may be the Campaign's origin, destination or any space on its path.
    let mut state = succession(SuccessionCard::ZenithOfTheSultanate);
    clear_board(&mut state);
    state.place(SpaceId::Delhi, Piece::Troop, 2).unwrap();
    state.place(SpaceId::Punjab, Piece::Troop, 2).unwrap();
    state.place(SpaceId::Sindh, Piece::Troop, 1).unwrap();
    act(&mut state, "yes");
    assert_eq!(
        state.decision().unwrap().kind,
        DecisionKind::Decree {
            kind: DecreeKind::Campaign
        }
    );
    assert!(offers(&state, "select Delhi"));
    assert!(offers(&state, "select Sindh"));
    assert!(!offers(&state, "select Punjab"), "{:?}", legal(&state));
    acts(&mut state, &["select Delhi", "move Troop from Delhi"]);
    assert!(offers(&state, "select Rajput Kingdoms"));
    assert!(!offers(&state, "select Punjab"));
    act(&mut state, "select Rajput Kingdoms");
    assert!(!offers(&state, "select Punjab"));
    let resources = state.resources(DS);
    act(&mut state, "done");
    assert_eq!(state.space(SpaceId::RajputKingdoms).troops, 1);
    assert_eq!(state.resources(DS), resources, "decrees are free");
}

#[test]
fn rule_2_5_1_zenith_bk_cavalry_and_vn_resources() {
    // §2.5.1 steps 3 and 4, OQ-27: BK gains cavalry = Influence + Forts on the map; VN gains
    // Resources = Influence + Temples on the map.
    let mut state = succession(SuccessionCard::ZenithOfTheSultanate);
    pool_all_cavalry(&mut state);
    state.shift_influence(BK, 1).unwrap();
    state.place(SpaceId::Maharashtra, Piece::Fort, 1).unwrap();
    state.place(SpaceId::Gondwana, Piece::Fort, 1).unwrap();
    state.shift_influence(VN, 2).unwrap();
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    set_resources(&mut state, VN, 4);
    act(&mut state, "no");
    assert_eq!(state.cavalry(BK), 3);
    assert_eq!(state.resources(VN), 4 + 2 + 1);
    // The Campaign is optional: declining moves nothing. The next card is up.
    assert_eq!(state.deck().played().len(), 10);
}

#[test]
fn rule_2_5_2_rise_free_limited_commands_and_prosperity_income() {
    // §2.5.2: DS may Campaign; BK carries out a free Limited Command, then gains X Resources
    // and min(X, 3) cavalry, X = total prosperity of BK-controlled Provinces (OQ-28); then VN
    // the same.
    let mut state = succession(SuccessionCard::RiseOfTheRebelSultans);
    assert_eq!(
        state.decision().unwrap().kind,
        DecisionKind::SuccessionCampaign
    );
    pool_all_cavalry(&mut state);
    // BK controls Maharashtra (2) and Gujarat (2): X = 4.
    state.set_tributary(SpaceId::Maharashtra, false).unwrap();
    state.set_tributary(SpaceId::Gujarat, false).unwrap();
    clear_space(&mut state, SpaceId::Gujarat);
    state
        .place(SpaceId::Gujarat, Piece::Amir(Loyalty::Obedient), 1)
        .unwrap();
    assert_eq!(state.controller(SpaceId::Gujarat), Some(BK));
    state
        .place(SpaceId::Orissa, Piece::Amir(Loyalty::Obedient), 1)
        .unwrap();
    set_resources(&mut state, BK, 3);
    set_resources(&mut state, VN, 0);
    act(&mut state, "no");
    // BK's free Limited Command: one space, no cost.
    assert_eq!(player_to_decide(&state), BK);
    assert!(!offers(&state, "option Pass"));
    acts(&mut state, &["command Rally", "select Orissa"]);
    assert_eq!(state.resources(BK), 3, "free (§3.1.3)");
    act(&mut state, "count 1");
    assert_eq!(state.resources(BK), 3 + 4);
    assert_eq!(state.cavalry(BK), 3);
    // VN's free Limited Command works with 0 Resources. VN controls nothing: X = 0.
    assert_eq!(player_to_decide(&state), VN);
    acts(
        &mut state,
        &["command Rally", "select Karnataka", "count 2"],
    );
    assert_eq!(state.resources(VN), 0);
    assert_eq!(state.cavalry(VN), 0);
    assert_eq!(state.deck().played().len(), 19, "the next card is up");
}

#[test]
fn rule_2_5_2_rebel_is_legal_in_the_free_limited_command() {
    // §2.5.2: "Rebel is legal because the dynasty is Tughlaq".
    // X is counted after the Limited Command: a Province won by it counts.
    let mut state = succession(SuccessionCard::RiseOfTheRebelSultans);
    for space in SpaceId::ALL.into_iter().filter(|s| s.is_province()) {
        state.set_tributary(space, true).unwrap();
    }
    pool_all_cavalry(&mut state);
    set_resources(&mut state, BK, 0);
    act(&mut state, "no");
    assert_eq!(player_to_decide(&state), BK);
    assert!(offers(&state, "command Rebel"), "{:?}", legal(&state));
    acts(&mut state, &["command Rebel", "select Maharashtra"]);
    assert!(!state.is_tributary(SpaceId::Maharashtra));
    assert_eq!(state.controller(SpaceId::Maharashtra), Some(BK));
    assert_eq!(state.resources(BK), 2, "free, then X = 2");
    assert_eq!(state.cavalry(BK), 2);
}

#[test]
fn rule_2_5_3_lords_each_faction_buys_up_to_three_shifts_for_3_resources() {
    // §2.5.3: DS, then BK, then VN; each may buy up to 3 shifts, 3 Resources each, on either
    // track, up or down, chosen per shift (OQ-29).
    let mut state = succession(SuccessionCard::LordsOfTheDeccan);
    set_resources(&mut state, DS, 20);
    set_resources(&mut state, BK, 7);
    set_resources(&mut state, VN, 2);
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, DS);
    assert_eq!(decision.kind, DecisionKind::LordsOfTheDeccan);
    acts(&mut state, &["shift BK +1", "shift BK +1", "shift VN +1"]);
    assert_eq!(state.resources(DS), 11);
    assert_eq!(state.influence(BK), Some(2));
    assert_eq!(state.influence(VN), Some(1));
    // The fourth shift is not for sale.
    assert_eq!(legal(&state), ["done"]);
    act(&mut state, "done");
    // BK: 7 Resources buy two shifts.
    assert_eq!(player_to_decide(&state), BK);
    acts(&mut state, &["shift BK +1", "shift BK -1"]);
    assert_eq!(state.resources(BK), 1);
    assert_eq!(state.influence(BK), Some(2));
    assert_eq!(legal(&state), ["done"], "1 Resource buys nothing");
    act(&mut state, "done");
    // VN: 2 Resources cannot buy a shift.
    assert_eq!(player_to_decide(&state), VN);
    assert_eq!(legal(&state), ["done"]);
}

#[test]
fn rule_2_5_3_oq_29_no_shift_past_a_track_end() {
    // OQ-29: a shift that would be ignored at a track end may not be bought.
    let mut state = succession(SuccessionCard::LordsOfTheDeccan);
    set_resources(&mut state, DS, 20);
    for _ in 0..4 {
        state.shift_influence(VN, 1).unwrap();
    }
    assert_eq!(state.influence(BK), Some(0));
    assert!(!offers(&state, "shift BK -1"));
    assert!(!offers(&state, "shift VN +1"));
    assert!(offers(&state, "shift BK +1"));
    assert!(offers(&state, "shift VN -1"));
    refused(&mut state, "shift BK -1", "2.5.3");
}

// ----- §2.6 Timurid cards, §2.2 end, §5 scoring -----------------------------------------------

/// The index of the `n`th Timurid card (1 or 2) in the deck of `seed`.
fn timurid_index(seed: u64, n: usize) -> usize {
    State::new(seed)
        .deck()
        .cards()
        .iter()
        .enumerate()
        .filter(|(_, c)| matches!(c, Card::Timurid(_)))
        .nth(n - 1)
        .unwrap()
        .0
}

/// A seed whose `n`th Timurid card follows an Event card.
fn timurid_seed(n: usize) -> u64 {
    (0..5000)
        .find(|&seed| {
            let i = timurid_index(seed, n);
            matches!(State::new(seed).deck().cards()[i - 1], Card::Event(_))
        })
        .unwrap()
}

#[test]
fn rule_2_6_first_timurid_moves_half_the_available_mongols_to_mountain_passes() {
    // §2.6: move ⌊available / 2⌋ Mongols from the MI box to Mountain Passes; no cascade and
    // no cap; eligibility is not adjusted.
    let seed = timurid_seed(1);
    let index = timurid_index(seed, 1);
    let mut state = State::new(seed);
    play_to_last_pass_before(&mut state, index);
    clear_board(&mut state);
    state
        .place(SpaceId::MountainPasses, Piece::Mongol, 3)
        .unwrap();
    assert_eq!(state.available().mongols, 9);
    act(&mut state, "option Pass");
    assert!(matches!(state.deck().played()[index], Card::Timurid(_)));
    assert_eq!(state.space(SpaceId::MountainPasses).mongols, 3 + 4);
    assert_eq!(state.space(SpaceId::Punjab).mongols, 0);
    assert_eq!(state.available().mongols, 5);
    assert!(!state.is_over());
}

#[test]
fn rule_2_6_oq_30_timur_invades_delhi_and_the_game_ends() {
    // §2.6: combat in Mountain Passes, all Mongols and DS units move to Punjab (structures
    // stay), combat there, all move to Delhi, combat in Delhi while both have units; then DS
    // loses Resources equal to the Mongols in Delhi, once. No 3-Mongol cap (OQ-30). The game
    // ends at once (§2.2).
    let seed = timurid_seed(2);
    let index = timurid_index(seed, 2);
    let mut state = State::new(seed);
    play_to_last_pass_before(&mut state, index);
    clear_board(&mut state);
    pool_all_cavalry(&mut state);
    state
        .place(SpaceId::MountainPasses, Piece::Mongol, 5)
        .unwrap();
    state
        .place(SpaceId::MountainPasses, Piece::Troop, 2)
        .unwrap();
    state
        .place(SpaceId::MountainPasses, Piece::Governor, 1)
        .unwrap();
    state
        .place(SpaceId::MountainPasses, Piece::Qasbah, 1)
        .unwrap();
    // Every die a 6: the Mongols' automatic Charge turns one 6 into a 5, a hit with 5 Mongols
    // (threshold 5); DS never hits. Three battles: 4+2, 4+2, 3+2 dice.
    state.force_dice(&[6; 17]);
    act(&mut state, "option Pass");
    // Battle in Mountain Passes: DS chooses its loss.
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, DS);
    assert_eq!(
        decision.kind,
        DecisionKind::Combat {
            space: SpaceId::MountainPasses
        }
    );
    set_resources(&mut state, DS, 10);
    act(&mut state, "remove Troop in Mountain Passes");
    // Battle in Punjab: everything moved on except the Qasbah.
    assert_eq!(
        state.decision().unwrap().kind,
        DecisionKind::Combat {
            space: SpaceId::Punjab
        }
    );
    let mp = *state.space(SpaceId::MountainPasses);
    assert_eq!((mp.mongols, mp.troops, mp.governors), (0, 0, 0));
    assert_eq!(mp.structure, Some(Structure::Qasbah));
    let punjab = *state.space(SpaceId::Punjab);
    assert_eq!((punjab.mongols, punjab.troops, punjab.governors), (5, 1, 1));
    act(&mut state, "remove Governor in Punjab");
    // Battle in Delhi: the Mongols roll 3 dice there.
    assert_eq!(
        state.decision().unwrap().kind,
        DecisionKind::Combat {
            space: SpaceId::Delhi
        }
    );
    assert_eq!(state.space(SpaceId::Delhi).mongols, 5);
    act(&mut state, "remove Troop in Delhi");
    assert_eq!(state.forced_dice().len(), 0, "4+2, 4+2 and 3+2 dice");
    // DS has no unit left in Delhi: the sequence ends; 5 Mongols stay (no cap).
    assert!(state.is_over());
    assert!(state.legal_actions().is_empty());
    assert_eq!(state.space(SpaceId::Delhi).mongols, 5);
    assert_eq!(state.resources(DS), 5);
    let before = state.clone();
    let err = game()
        .apply(&mut state, action("option Pass"), &mut Log::silent())
        .unwrap_err();
    assert_eq!(err.rule(), Rule("2.2"));
    assert_eq!(state, before);
    // §5.0, §5.1: DS scores Tributary prosperity (18) plus max(3 − 5, −3) = −2.
    let outcome = state.outcome();
    assert_eq!(outcome.victory_points[DS], 16);
    assert_eq!(outcome.winners, [DS]);
}

#[test]
fn rule_5_1_final_bonus_for_mongols_in_delhi() {
    // §5.1: at game end DS adds max(3 − m, −3).
    let expected = [3, 2, 1, 0, -1, -2, -3, -3, -3];
    for (m, bonus) in expected.into_iter().enumerate() {
        assert_eq!(mongols_in_delhi_adjustment(m as u8), bonus, "m = {m}");
    }
}

#[test]
fn rule_5_0_ties_are_broken_on_resources() {
    // §5.0: the faction with the most VP wins; among tied factions, more Resources wins.
    let mut state = State::new(5);
    clear_board(&mut state);
    for space in [
        SpaceId::Gujarat,
        SpaceId::Maharashtra,
        SpaceId::Andhra,
        SpaceId::Karnataka,
        SpaceId::Tamilakam,
        SpaceId::Jaunpur,
        SpaceId::Sindh,
    ] {
        state.set_tributary(space, false).unwrap();
    }
    // DS: 18 − 13 = 5, + 3 = 8 at the end. BK: Maharashtra (2) and Gujarat (2) + 4 Influence =
    // 8. VN: Karnataka (2) + 1 Temple = 3.
    state
        .place(SpaceId::Maharashtra, Piece::Amir(Loyalty::Obedient), 1)
        .unwrap();
    state
        .place(SpaceId::Gujarat, Piece::Amir(Loyalty::Obedient), 1)
        .unwrap();
    for _ in 0..4 {
        state.shift_influence(BK, 1).unwrap();
    }
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    assert_eq!(state.final_victory_points(DS), 8);
    assert_eq!(state.final_victory_points(BK), 8);
    assert_eq!(state.final_victory_points(VN), 3);
    set_resources(&mut state, DS, 4);
    set_resources(&mut state, BK, 5);
    assert_eq!(state.outcome().winners, [BK]);
    set_resources(&mut state, DS, 6);
    assert_eq!(state.outcome().winners, [DS]);
    set_resources(&mut state, BK, 6);
    // OQ-49: a tie that survives Resources is a shared win.
    assert_eq!(state.outcome().winners, [DS, BK]);
    assert!(state.outcome().is_shared());
}

#[test]
fn rule_2_5_succession_card_does_not_adjust_eligibility() {
    // §2.5: "Eligibility is not adjusted." A branch taken on the card before Zenith still
    // keeps the faction out of the Event card after it.
    let seed = seed_where(|c| matches!(c[7], Card::Event(_)) && matches!(c[9], Card::Event(_)));
    let mut state = State::new(seed);
    play_until(&mut state, |s| {
        s.deck().played().len() == 8 && is_turn_option(s)
    });
    let first = player_to_decide(&state);
    assert_eq!(first, order(&state)[0]);
    take(&mut state, first, "Command & Decree");
    play_to_card(&mut state, 8);
    assert_eq!(state.eligibility(first), PlayOrderBox::Ineligible);
    play_to_card(&mut state, 9);
    assert_eq!(state.eligibility(first), PlayOrderBox::Ineligible);
    for _ in 0..2 {
        assert_ne!(player_to_decide(&state), first);
        act(&mut state, "option Pass");
    }
    assert_eq!(state.eligibility(first), PlayOrderBox::Eligible);
}

#[test]
fn rule_2_6_timur_battles_in_delhi_repeat_while_both_sides_have_units() {
    // §2.6 step 3: "while Delhi has ≥1 Mongol and ≥1 DS unit: combat". Two rounds: DS's
    // 1 hits each time (threshold 2), the Mongols never hit. No Mongol is left: DS loses no
    // Resources and scores +3 (§5.1).
    let seed = timurid_seed(2);
    let index = timurid_index(seed, 2);
    let mut state = State::new(seed);
    play_to_last_pass_before(&mut state, index);
    clear_board(&mut state);
    pool_all_cavalry(&mut state);
    state.place(SpaceId::Delhi, Piece::Mongol, 2).unwrap();
    state.place(SpaceId::Delhi, Piece::Troop, 2).unwrap();
    state.force_dice(&[6, 6, 6, 1, 6, 6, 6, 6, 1, 6]);
    let resources = state.resources(DS) + u8::from(player_to_decide(&state) == DS) * 3;
    act(&mut state, "option Pass");
    assert!(state.is_over());
    assert!(state.forced_dice().is_empty(), "two rounds of 3 + 2 dice");
    assert_eq!(state.space(SpaceId::Delhi).mongols, 0);
    assert_eq!(state.space(SpaceId::Delhi).troops, 2);
    assert_eq!(state.resources(DS), resources.min(24));
    assert_eq!(state.final_victory_points(DS), 18 + 3);
}
