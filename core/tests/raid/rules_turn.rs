//! The turn (RG-3 to RG-7) with scripted dice: scouting, consecutive raids and fatigue,
//! continued plunder, the war status, trade, recruitment and talents, upkeep, rebellion,
//! desertion, slave attrition, site drift and the end check; the worked examples RG-12.1,
//! RG-12.2, RG-12.3, RG-12.5 and RG-12.6.

use crate::game;
use darbar::engine::{Game, Log};
use darbar::raid::{
    Action, Campaign, DecisionKind, Ending, Error, Options, Phase, Resources, RollFor, SiteId,
    State, Talent, Trade, WarStatus, recruits_gained, regulars_arrive, war_status_steps,
};

fn site(name: &str) -> SiteId {
    name.parse().unwrap()
}

fn res(soldiers: u32, weapons: u32, funds: u32, food: u32, slaves: u32) -> Resources {
    Resources {
        soldiers,
        funds,
        food,
        weapons,
        slaves,
    }
}

/// A game with the player's camp set, in the Raid phase.
fn at_raid(seed: u64, camp: Resources) -> State {
    let mut state = State::new(seed);
    state.set_player(camp);
    game()
        .apply(&mut state, Action::SkipScout, &mut Log::silent())
        .unwrap();
    state
}

/// A game with the player's camp set, in Settlement after a war roll of 12 (no change).
fn at_settlement(seed: u64, camp: Resources) -> State {
    let mut state = at_raid(seed, camp);
    state.force_dice(&[6, 6]);
    game()
        .apply(&mut state, Action::EndRaids, &mut Log::silent())
        .unwrap();
    assert_eq!(state.phase(), Phase::Settlement);
    state
}

fn campaign_game(recruited: u32, talents: &[Talent]) -> State {
    let campaign = Campaign {
        recruited,
        talents: talents.iter().copied().collect(),
        ..Campaign::default()
    };
    State::new_campaign_game(1, Options::default(), &campaign).unwrap()
}

// ----- RG-4 scout ---------------------------------------------------------------------------

#[test]
fn rule_rg_4_scouting_reveals_once_per_turn_and_castles_are_reserved() {
    let mut state = State::new(5);
    let v = site("village-4");
    assert!(matches!(
        game().apply(
            &mut state.clone(),
            Action::Scout(site("castle-1")),
            &mut Log::silent()
        ),
        Err(Error::Castle(_))
    ));
    game()
        .apply(&mut state, Action::Scout(v), &mut Log::silent())
        .unwrap();
    assert!(state.site(v).revealed);
    assert_eq!(
        state.known_site(v).unwrap().resources,
        state.site(v).resources
    );
    // Ruling 25: at most one scouting per turn.
    let before = state.clone();
    let err = game()
        .apply(
            &mut state,
            Action::Scout(site("town-1")),
            &mut Log::silent(),
        )
        .unwrap_err();
    assert!(matches!(err, Error::WrongPhase { .. }));
    assert_eq!(state, before);
    // RG-2.1: village values are 1d3, 1d3, 2d3, 1d3, 1d3; one unique unit (RG-2.3).
    let r = state.site(v).resources;
    assert!((1..=3).contains(&r.soldiers) && (2..=6).contains(&r.food));
    assert_eq!(state.site(v).units.len(), 1);
    // Ruling 27: every generation roll is in the GM's record.
    let text = state.rolls()[2].to_string();
    assert!(
        text.starts_with("GM rolls 2d3 for village-4's Food: "),
        "{text}"
    );
}

#[test]
fn rule_rg_2_1_generation_rolls_each_resource_on_its_dice() {
    let mut state = State::new(6);
    // Fort: 3d3, 2d3, 3d3, 3d3, 2d3, then two unit draws.
    state.force_dice(&[1, 2, 3, 1, 1, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1]);
    game()
        .apply(
            &mut state,
            Action::Scout(site("fort-3")),
            &mut Log::silent(),
        )
        .unwrap();
    assert_eq!(state.site(site("fort-3")).resources, res(6, 6, 2, 9, 2));
    assert_eq!(state.site(site("fort-3")).units.len(), 2);
}

// ----- RG-5 raids ---------------------------------------------------------------------------

#[test]
fn rule_rg_12_5_fatigue_lowers_the_third_raid_by_two() {
    let mut state = at_raid(7, res(6, 4, 0, 20, 0));
    // Two empty villages fall without a fight.
    state.set_site(site("village-1"), Resources::default());
    state.set_site(site("village-2"), Resources::default());
    state.set_site(site("village-3"), res(1, 1, 0, 0, 0));
    game()
        .apply(
            &mut state,
            Action::Raid(site("village-1")),
            &mut Log::silent(),
        )
        .unwrap();
    game()
        .apply(
            &mut state,
            Action::Raid(site("village-2")),
            &mut Log::silent(),
        )
        .unwrap();
    // The villages' unique units joined the army and may add strength (ruling 11).
    let bonus = state.unit_power();
    assert_eq!(state.fatigue(3), 2);
    assert_eq!(state.next_raid_power(), 4 + bonus - 2);
    let mut dice = vec![6; (2 + bonus) as usize];
    dice.push(1);
    state.force_dice(&dice);
    game()
        .apply(
            &mut state,
            Action::Raid(site("village-3")),
            &mut Log::silent(),
        )
        .unwrap();
    let rolls = state.rolls();
    let player_roll = &rolls[rolls.len() - 2];
    assert!(matches!(
        player_roll.what,
        RollFor::Exchange { player: true, .. }
    ));
    // S = 4 − 2 = 2 (plus unit bonuses): 2 × S plus S dice.
    assert_eq!(player_roll.plus, 2 * (2 + bonus));
    assert_eq!(player_roll.dice.len() as u32, 2 + bonus);
}

#[test]
fn rule_ruling_20_no_raid_at_strength_zero_after_fatigue() {
    let mut state = at_raid(8, res(1, 1, 0, 20, 0));
    state.set_site(site("village-1"), Resources::default());
    game()
        .apply(
            &mut state,
            Action::Raid(site("village-1")),
            &mut Log::silent(),
        )
        .unwrap();
    // The second raid would be at 1 − 1 = 0.
    assert_eq!(state.legal_actions(), vec![Action::EndRaids]);
    let err = game()
        .apply(
            &mut state,
            Action::Raid(site("village-2")),
            &mut Log::silent(),
        )
        .unwrap_err();
    assert_eq!(err, Error::TooWeak { power: 0 });
}

#[test]
fn rule_ruling_10_night_raid_removes_fatigue_from_the_second_raid() {
    let state = campaign_game(5, &[Talent::NightRaid]);
    assert_eq!(
        (state.fatigue(1), state.fatigue(2), state.fatigue(3)),
        (0, 0, 2)
    );
}

#[test]
fn rule_rg_5_5_plunder_is_capped_at_twice_each_resource() {
    let mut state = at_raid(9, res(6, 6, 0, 0, 0));
    // Food 2, funds 1, slaves 0; no defence.
    state.set_site(site("village-5"), res(0, 0, 1, 2, 0));
    game()
        .apply(
            &mut state,
            Action::Raid(site("village-5")),
            &mut Log::silent(),
        )
        .unwrap();
    assert_eq!(state.phase(), Phase::Plunder);
    assert_eq!((state.player().food, state.player().funds), (2, 1));
    state.force_dice(&[6]);
    game()
        .apply(&mut state, Action::Plunder, &mut Log::silent())
        .unwrap();
    assert_eq!((state.player().food, state.player().funds), (3, 2));
    state.force_dice(&[6]);
    let mut log = darbar::raid::Log::recording();
    game().apply(&mut state, Action::Plunder, &mut log).unwrap();
    // Funds were capped at 2 × 1; food reaches 2 × 2; slaves stay 0; nothing more to take.
    let p = state.player();
    assert_eq!((p.food, p.funds, p.slaves), (4, 2, 0));
    assert_eq!(state.phase(), Phase::Raid);
    // The log says what the step brought, not what the cap kept back.
    let lines = log.take();
    assert!(
        lines.contains(&"plunder step 2 brings food +1 (funds, slaves at the cap)".to_owned()),
        "{lines:?}"
    );
}

#[test]
fn rule_ruling_19_regulars_arrive_on_faces_one_to_k() {
    let mut state = at_raid(10, res(6, 6, 0, 0, 0));
    state.set_site(site("town-2"), res(0, 0, 9, 9, 9));
    game()
        .apply(&mut state, Action::Raid(site("town-2")), &mut Log::silent())
        .unwrap();
    let regulars = |s: &State| {
        s.rolls()
            .iter()
            .filter(|r| r.what == RollFor::Regulars)
            .count()
    };
    // Step 1 on a 2, step 2 on a 3: no regulars.
    state.force_dice(&[2]);
    game()
        .apply(&mut state, Action::Plunder, &mut Log::silent())
        .unwrap();
    state.force_dice(&[3]);
    game()
        .apply(&mut state, Action::Plunder, &mut Log::silent())
        .unwrap();
    assert_eq!(regulars(&state), 0);
    // Step 3 on a 3: regulars, 2d3 = 2 soldiers with Elite; the player (S = 6) routs them.
    let mut dice = vec![3, 1, 1];
    dice.extend([6; 6]);
    dice.extend([1, 1, 1]);
    state.force_dice(&dice);
    game()
        .apply(&mut state, Action::Plunder, &mut Log::silent())
        .unwrap();
    assert_eq!(regulars(&state), 1);
    let regulars_roll = state.rolls().last().unwrap();
    // Regulars: power 2 with Elite rolls three dice.
    assert_eq!((regulars_roll.plus, regulars_roll.dice.len()), (4, 3));
    // A win brings the step's loot: three steps of +1 each on top of the first take.
    assert_eq!(state.player().food, 12);
    assert_eq!(state.phase(), Phase::Plunder);
}

#[test]
fn rule_ruling_19_losing_to_regulars_ends_the_plunder_without_loot() {
    let mut state = at_raid(11, res(3, 3, 0, 0, 0));
    state.set_site(site("village-6"), res(0, 0, 3, 3, 3));
    game()
        .apply(
            &mut state,
            Action::Raid(site("village-6")),
            &mut Log::silent(),
        )
        .unwrap();
    let bonus = state.unit_power();
    // Step 1 on a 1: regulars 2d3 = 6 soldiers with Elite. The player rolls all 1s, the
    // regulars all 6s: the battle is decided against the player at once (L = 3 + bonus).
    let mut dice = vec![1, 3, 3];
    dice.extend(vec![1; (3 + bonus) as usize]);
    dice.extend([6; 7]);
    state.force_dice(&dice);
    game()
        .apply(&mut state, Action::Plunder, &mut Log::silent())
        .unwrap();
    assert_eq!(state.ending(), None);
    let lost = (3 + bonus).div_ceil(2).min(3);
    assert_eq!(state.player().soldiers, 3 - lost);
    // No loot from the step, and the plunder is over; consecutive raids remain possible.
    assert_eq!(state.player().food, 3);
    assert_eq!(state.phase(), Phase::Raid);
}

#[test]
fn rule_ruling_10_pillager_lowers_the_regulars_threshold() {
    let mut state = campaign_game(5, &[Talent::Pillager]);
    state.set_player(res(6, 6, 0, 0, 0));
    game()
        .apply(&mut state, Action::SkipScout, &mut Log::silent())
        .unwrap();
    state.set_site(site("village-1"), res(0, 0, 3, 3, 3));
    game()
        .apply(
            &mut state,
            Action::Raid(site("village-1")),
            &mut Log::silent(),
        )
        .unwrap();
    state.force_dice(&[1]);
    game()
        .apply(&mut state, Action::Plunder, &mut Log::silent())
        .unwrap();
    assert!(!state.rolls().iter().any(|r| r.what == RollFor::Regulars));
    assert_eq!(state.player().food, 4);
}

// ----- RG-6 war status ----------------------------------------------------------------------

#[test]
fn rule_rg_6_war_status_table_bands() {
    assert_eq!(war_status_steps(2), None);
    for total in 3..=5 {
        assert_eq!(war_status_steps(total), Some(3));
    }
    for total in 6..=8 {
        assert_eq!(war_status_steps(total), Some(2));
    }
    for total in 9..=11 {
        assert_eq!(war_status_steps(total), Some(1));
    }
    assert_eq!(war_status_steps(12), Some(0));
}

#[test]
fn rule_rg_12_6_war_status_example_and_lost_overflow() {
    let camp = res(2, 2, 0, 20, 0);
    let mut state = at_raid(12, camp);
    state.set_war_status(site("fort-1"), WarStatus::Balanced);
    state.force_dice(&[3, 4]);
    game()
        .apply(&mut state, Action::EndRaids, &mut Log::silent())
        .unwrap();
    assert_eq!(state.war_status(site("fort-1")), Some(WarStatus::Crisis));
    game()
        .apply(&mut state, Action::EndSettlement, &mut Log::silent())
        .unwrap();
    game()
        .apply(&mut state, Action::SkipScout, &mut Log::silent())
        .unwrap();
    state.force_dice(&[1, 3]);
    game()
        .apply(&mut state, Action::EndRaids, &mut Log::silent())
        .unwrap();
    assert_eq!(state.war_status(site("fort-1")), Some(WarStatus::Fallen));
    // The two steps left over do not carry on to Fort 2.
    assert_eq!(state.war_status(site("fort-2")), Some(WarStatus::Solid));
    assert_eq!(state.front_fort(), Some(site("fort-2")));
}

#[test]
fn rule_rg_6_a_two_fells_the_front_fort_and_a_twelve_changes_nothing() {
    let mut state = at_raid(13, res(2, 2, 0, 20, 0));
    state.force_dice(&[1, 1]);
    game()
        .apply(&mut state, Action::EndRaids, &mut Log::silent())
        .unwrap();
    assert_eq!(state.war_status(site("fort-1")), Some(WarStatus::Fallen));
    let mut state = at_raid(13, res(2, 2, 0, 20, 0));
    state.force_dice(&[6, 6]);
    game()
        .apply(&mut state, Action::EndRaids, &mut Log::silent())
        .unwrap();
    assert_eq!(state.war_status(site("fort-1")), Some(WarStatus::Solid));
}

// ----- RG-7 settlement ----------------------------------------------------------------------

#[test]
fn rule_rg_7_1_trades_at_the_merchant_rates() {
    let mut state = at_settlement(14, res(2, 4, 5, 0, 1));
    game()
        .apply(
            &mut state,
            Action::Trade(Trade::BuyFood),
            &mut Log::silent(),
        )
        .unwrap();
    game()
        .apply(
            &mut state,
            Action::Trade(Trade::BuyWeapon),
            &mut Log::silent(),
        )
        .unwrap();
    game()
        .apply(
            &mut state,
            Action::Trade(Trade::SellWeapons),
            &mut Log::silent(),
        )
        .unwrap();
    game()
        .apply(
            &mut state,
            Action::Trade(Trade::SellSlave),
            &mut Log::silent(),
        )
        .unwrap();
    assert_eq!(*state.player(), res(2, 3, 4, 1, 0));
    assert!(matches!(
        game().apply(
            &mut state,
            Action::Trade(Trade::SellSlave),
            &mut Log::silent()
        ),
        Err(Error::CannotAfford { .. })
    ));
    assert!(matches!(
        game().apply(
            &mut state,
            Action::Trade(Trade::MerchantWeapon),
            &mut Log::silent()
        ),
        Err(Error::MerchantTrade)
    ));
}

#[test]
fn rule_rg_12_1_recruitment_gains_fives_and_sixes_plus_one_and_a_talent_at_five() {
    let mut state = campaign_game(4, &[]);
    state.set_player(res(2, 2, 3, 20, 0));
    game()
        .apply(&mut state, Action::SkipScout, &mut Log::silent())
        .unwrap();
    state.force_dice(&[6, 6]);
    game()
        .apply(&mut state, Action::EndRaids, &mut Log::silent())
        .unwrap();
    state.force_dice(&[5, 2, 6]);
    game()
        .apply(&mut state, Action::Recruit(3), &mut Log::silent())
        .unwrap();
    assert_eq!(state.player().soldiers, 2 + 3);
    assert_eq!(state.player().funds, 0);
    assert_eq!(state.recruited_total(), 7);
    // 4 → 7 crosses 5: one talent, chosen before anything else (ruling 10).
    assert_eq!(state.pending_talents(), 1);
    assert_eq!(state.decision().unwrap().kind, DecisionKind::Talent);
    assert_eq!(
        game().apply(
            &mut state.clone(),
            Action::EndSettlement,
            &mut Log::silent()
        ),
        Err(Error::TalentOwed)
    );
    game()
        .apply(
            &mut state,
            Action::ChooseTalent(Talent::Elite),
            &mut Log::silent(),
        )
        .unwrap();
    assert!(state.talents().contains(Talent::Elite));
    // Ruling 22: once per turn.
    game()
        .apply(
            &mut state,
            Action::Trade(Trade::SellWeapons),
            &mut Log::silent(),
        )
        .unwrap();
    assert_eq!(
        game().apply(&mut state.clone(), Action::Recruit(1), &mut Log::silent()),
        Err(Error::RecruitmentSpent)
    );
    assert_eq!(recruits_gained(&[5, 2, 6], false), 3);
    assert_eq!(recruits_gained(&[5, 2, 6], true), 4);
}

#[test]
fn rule_rg_7_2_crossing_two_multiples_of_five_earns_two_talents() {
    let mut state = campaign_game(4, &[]);
    state.set_player(res(2, 2, 6, 20, 0));
    game()
        .apply(&mut state, Action::SkipScout, &mut Log::silent())
        .unwrap();
    state.force_dice(&[6, 6]);
    game()
        .apply(&mut state, Action::EndRaids, &mut Log::silent())
        .unwrap();
    state.force_dice(&[5, 5, 5, 5, 5, 5]);
    game()
        .apply(&mut state, Action::Recruit(6), &mut Log::silent())
        .unwrap();
    assert_eq!(state.recruited_total(), 11);
    assert_eq!(state.pending_talents(), 2);
    assert_eq!(
        game().apply(&mut state.clone(), Action::Recruit(1), &mut Log::silent()),
        Err(Error::TalentOwed)
    );
    assert_eq!(
        game().apply(
            &mut state.clone(),
            Action::ChooseTalent(Talent::Rampart),
            &mut Log::silent()
        ),
        Err(Error::TalentNotOffered)
    );
}

#[test]
fn rule_rg_12_2_upkeep_desertion_and_attrition_example() {
    let mut state = at_settlement(15, res(7, 6, 0, 5, 1));
    state.force_dice(&[1]);
    game()
        .apply(&mut state, Action::EndSettlement, &mut Log::silent())
        .unwrap();
    // Upkeep 4: food 1; cap 1 + 2 × 1 = 3: soldiers 7 → 3, weapons 6 → 2; the slave dies on a 1.
    assert_eq!(*state.player(), res(3, 2, 0, 1, 0));
    assert_eq!(state.turn(), 2);
    assert_eq!(state.phase(), Phase::Scout);
}

#[test]
fn rule_rg_7_4_desertion_cap_is_food_plus_twice_slaves() {
    let mut state = at_settlement(16, res(10, 4, 0, 12, 1));
    state.force_dice(&[6]);
    game()
        .apply(&mut state, Action::EndSettlement, &mut Log::silent())
        .unwrap();
    // Upkeep 5: food 7; cap 7 + 2 = 9; one soldier leaves with one weapon.
    assert_eq!(*state.player(), res(9, 3, 0, 7, 1));
}

#[test]
fn rule_rg_12_3_rebellion_when_food_falls_below_zero() {
    let mut state = at_settlement(17, res(9, 9, 0, 4, 0));
    game()
        .apply(&mut state, Action::EndSettlement, &mut Log::silent())
        .unwrap();
    assert_eq!(state.ending(), Some(Ending::Rebellion { shortfall: 1 }));
    assert!(state.is_over());
    assert_eq!(
        game().apply(&mut state, Action::SkipScout, &mut Log::silent()),
        Err(Error::GameOver)
    );
}

#[test]
fn rule_ruling_10_logistics_rounds_upkeep_down() {
    let mut state = campaign_game(5, &[Talent::Logistics]);
    state.set_player(res(9, 9, 0, 4, 5));
    game()
        .apply(&mut state, Action::SkipScout, &mut Log::silent())
        .unwrap();
    state.force_dice(&[6, 6]);
    game()
        .apply(&mut state, Action::EndRaids, &mut Log::silent())
        .unwrap();
    state.force_dice(&[6, 6, 6, 6, 6]);
    game()
        .apply(&mut state, Action::EndSettlement, &mut Log::silent())
        .unwrap();
    // floor(9 / 2) = 4: food 4 − 4 = 0, no rebellion (ceil would have been 5).
    assert_eq!(state.ending(), None);
    assert_eq!(state.player().food, 0);
    assert_eq!(state.player().soldiers, 9);
}

#[test]
fn rule_ruling_23_each_slave_dies_on_a_one() {
    let mut state = at_settlement(18, res(2, 2, 0, 10, 4));
    state.force_dice(&[1, 2, 1, 6]);
    game()
        .apply(&mut state, Action::EndSettlement, &mut Log::silent())
        .unwrap();
    assert_eq!(state.player().slaves, 2);
}

#[test]
fn rule_rg_7_6_site_drift_keeps_values_at_least_one_and_slaves_unchanged() {
    let mut state = State::new(19);
    state.set_player(res(2, 2, 0, 10, 0));
    let (a, b) = (site("village-1"), site("village-2"));
    state.set_site(a, res(1, 1, 1, 1, 3));
    state.set_site(b, res(2, 2, 2, 2, 2));
    game()
        .apply(&mut state, Action::Scout(a), &mut Log::silent())
        .unwrap();
    state.force_dice(&[6, 6]);
    game()
        .apply(&mut state, Action::EndRaids, &mut Log::silent())
        .unwrap();
    // village-1 drifts −1 on everything, village-2 +1 (soldiers, funds, food, weapons).
    state.force_dice(&[1, 1, 1, 1, 3, 3, 3, 3]);
    game()
        .apply(&mut state, Action::EndSettlement, &mut Log::silent())
        .unwrap();
    assert_eq!(state.site(a).resources, res(1, 1, 1, 1, 3));
    assert_eq!(state.site(b).resources, res(3, 3, 3, 3, 2));
    // RG-9: the player's view keeps what was seen.
    assert_eq!(state.known_site(a).unwrap().resources, res(1, 1, 1, 1, 3));
    assert_eq!(state.known_site(b), None);
}

#[test]
fn rule_rg_7_7_the_empire_arrives_when_every_fort_has_fallen() {
    let mut state = at_raid(20, res(4, 4, 3, 10, 0));
    for fort in SiteId::FORTS {
        state.set_war_status(fort, WarStatus::Fallen);
    }
    state.force_dice(&[6, 6]);
    game()
        .apply(&mut state, Action::EndRaids, &mut Log::silent())
        .unwrap();
    game()
        .apply(&mut state, Action::EndSettlement, &mut Log::silent())
        .unwrap();
    assert_eq!(state.ending(), Some(Ending::EmpireArrives));
    // Ruling 26: 3 × 4 + 4 + 3 + (10 − 2) / 2 + 0 = 23.
    assert_eq!(state.final_score(), Some((23, "Brigand")));
}

#[test]
fn rule_ruling_10_merchant_buys_one_weapon_for_one_funds_once_per_turn() {
    let mut state = campaign_game(5, &[Talent::Merchant]);
    state.set_player(res(2, 2, 3, 20, 0));
    game()
        .apply(&mut state, Action::SkipScout, &mut Log::silent())
        .unwrap();
    state.force_dice(&[6, 6]);
    game()
        .apply(&mut state, Action::EndRaids, &mut Log::silent())
        .unwrap();
    game()
        .apply(
            &mut state,
            Action::Trade(Trade::MerchantWeapon),
            &mut Log::silent(),
        )
        .unwrap();
    assert_eq!((state.player().funds, state.player().weapons), (2, 3));
    assert!(
        !state
            .legal_actions()
            .contains(&Action::Trade(Trade::MerchantWeapon))
    );
    assert_eq!(
        game().apply(
            &mut state.clone(),
            Action::Trade(Trade::MerchantWeapon),
            &mut Log::silent()
        ),
        Err(Error::MerchantTrade)
    );
}

#[test]
fn rule_ruling_10_rally_recruits_one_more() {
    let mut state = campaign_game(5, &[Talent::Rally]);
    state.set_player(res(2, 2, 2, 20, 0));
    game()
        .apply(&mut state, Action::SkipScout, &mut Log::silent())
        .unwrap();
    state.force_dice(&[6, 6]);
    game()
        .apply(&mut state, Action::EndRaids, &mut Log::silent())
        .unwrap();
    state.force_dice(&[1, 6]);
    game()
        .apply(&mut state, Action::Recruit(2), &mut Log::silent())
        .unwrap();
    // One 6, plus 1, plus 1 for Rally.
    assert_eq!(state.player().soldiers, 2 + 3);
    assert_eq!(state.recruited_total(), 8);
}

#[test]
fn rule_ruling_22_recruits_bring_no_weapons_and_trade_follows() {
    let mut state = at_settlement(21, res(2, 2, 4, 20, 0));
    state.force_dice(&[5]);
    game()
        .apply(&mut state, Action::Recruit(1), &mut Log::silent())
        .unwrap();
    assert_eq!((state.player().soldiers, state.player().weapons), (4, 2));
    assert!(
        state
            .legal_actions()
            .contains(&Action::Trade(Trade::BuyWeapon))
    );
    assert!(
        !state
            .legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Recruit(_)))
    );
}

#[test]
fn rule_ruling_13_castles_are_reserved_unless_the_variant_is_on() {
    let castle = site("castle-2");
    let mut state = at_raid(22, res(6, 6, 0, 10, 0));
    assert!(!state.is_raidable(castle));
    assert_eq!(
        game().apply(&mut state.clone(), Action::Raid(castle), &mut Log::silent()),
        Err(Error::Castle(castle))
    );
    state.set_site(castle, res(1, 1, 1, 1, 1));
    assert!(!state.site(castle).revealed);

    let options = Options {
        castles_in_play: true,
        ..Options::default()
    };
    let mut state = State::with_options(22, options);
    game()
        .apply(&mut state, Action::Scout(castle), &mut Log::silent())
        .unwrap();
    let r = state.site(castle).resources;
    // 4d3 soldiers, no unique units, no war status.
    assert!((4..=12).contains(&r.soldiers), "{r}");
    assert!(state.site(castle).units.is_empty());
    assert_eq!(state.war_status(castle), None);
    assert!(state.legal_actions().contains(&Action::Raid(castle)));
}

#[test]
fn rule_rg_5_5_regulars_trigger_faces_are_one_to_k() {
    for step in 1..=8u32 {
        for face in 1..=6u32 {
            assert_eq!(
                regulars_arrive(step, face, false),
                face <= step,
                "step {step}, face {face}"
            );
            // 略奪上手: faces 1 to k − 1 (ruling 10).
            assert_eq!(regulars_arrive(step, face, true), face < step);
        }
    }
}

#[test]
fn rule_ruling_16_variant_a_fort_in_crisis_fights_with_half_its_soldiers() {
    let fort = site("fort-1");
    let run = |halve: bool| {
        let options = Options {
            crisis_halves_fort: halve,
            ..Options::default()
        };
        let mut state = State::with_options(23, options);
        state.set_player(res(20, 20, 0, 50, 0));
        state.set_site(fort, res(5, 5, 0, 0, 0));
        state.set_war_status(fort, WarStatus::Crisis);
        game()
            .apply(&mut state, Action::SkipScout, &mut Log::silent())
            .unwrap();
        state.force_dice(&[6; 40]);
        game()
            .apply(&mut state, Action::Raid(fort), &mut Log::silent())
            .unwrap();
        // The fort's first roll: 2 × (real + 2 wall points).
        state
            .rolls()
            .iter()
            .find(|r| matches!(r.what, RollFor::Exchange { player: false, .. }))
            .unwrap()
            .plus
    };
    assert_eq!(run(false), 2 * (5 + 2));
    assert_eq!(run(true), 2 * (3 + 2));
}

/// RG-9, RG-7.6: a site drifts behind the player's back; the GM rolls it (ruling 27) but the
/// player's log never shows it.
#[test]
fn rule_rg_9_drift_rolls_stay_out_of_the_players_log() {
    let mut state = State::new(8);
    game()
        .apply(
            &mut state,
            Action::Scout(site("village-2")),
            &mut Log::silent(),
        )
        .unwrap();
    state.force_dice(&[6, 6]);
    game()
        .apply(&mut state, Action::EndRaids, &mut Log::silent())
        .unwrap();
    let mut log = darbar::raid::Log::recording();
    game()
        .apply(&mut state, Action::EndSettlement, &mut log)
        .unwrap();
    let lines = log.take();
    let drift: Vec<String> = state
        .rolls()
        .iter()
        .filter(|r| !r.what.seen_by_player())
        .map(ToString::to_string)
        .collect();
    assert!(
        !drift.is_empty(),
        "the scouted village drifts: {:?}",
        state.rolls()
    );
    for roll in &drift {
        assert!(!lines.contains(roll), "{roll} is in the log");
    }
    assert!(lines.iter().any(|l| l.starts_with("GM rolls")), "{lines:?}");
}
