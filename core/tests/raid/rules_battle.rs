//! The battle procedure (RG-5.2) and its rulings (1 to 9), with scripted dice: the result table
//! at its band edges, the draw after five exchanges, casualties of `ceil(L/2)`, walls and
//! 〈Elite〉, and the worked example RG-12.4.

use crate::game;
use darbar::engine::{Game, Log};
use darbar::raid::{
    Action, BandEffect, BattleTable, Ending, Fighter, Outcome, Phase, RaidData, Resources, SiteId,
    State, fight,
};

fn side(real: u32) -> Fighter {
    Fighter {
        real,
        wall: 0,
        elite: false,
    }
}

/// The standard table cut to one exchange, so an exchange's effect can be read off the end.
fn one_exchange() -> BattleTable {
    let mut table = RaidData::standard().battle.clone();
    table.max_exchanges = 1;
    table
}

/// One exchange of 3 against 3 with these dice; returns the powers after it and the difference.
fn exchange_3v3(attacker: [u8; 3], defender: [u8; 3]) -> (u32, u32, u32) {
    let mut dice = attacker.into_iter().chain(defender);
    let report = fight(side(3), side(3), &one_exchange(), &mut || {
        dice.next().unwrap()
    });
    (
        report.attacker_end.power(),
        report.defender_end.power(),
        report.exchanges[0].diff(),
    )
}

#[test]
fn rule_rg_5_2_2_roll_is_twice_strength_plus_strength_d6() {
    let mut dice = [6, 6, 6, 1, 1, 1].into_iter();
    let report = fight(side(3), side(3), &one_exchange(), &mut || {
        dice.next().unwrap()
    });
    assert_eq!(report.exchanges[0].attacker_roll, 6 + 18);
    assert_eq!(report.exchanges[0].defender_roll, 6 + 3);
    assert_eq!(report.exchanges[0].attacker_dice.len(), 3);
}

#[test]
fn rule_rg_5_2_3_difference_2_is_a_stalemate_both_lose_one() {
    // 6 + 5 = 11 against 6 + 3 = 9.
    assert_eq!(exchange_3v3([1, 1, 3], [1, 1, 1]), (2, 2, 2));
}

#[test]
fn rule_rg_5_2_3_difference_3_the_lower_roll_loses_one() {
    assert_eq!(exchange_3v3([1, 1, 4], [1, 1, 1]), (3, 2, 3));
}

#[test]
fn rule_rg_5_2_3_difference_6_the_lower_roll_loses_one_even_the_attacker() {
    assert_eq!(exchange_3v3([1, 1, 1], [1, 4, 4]), (2, 3, 6));
}

#[test]
fn rule_rg_5_2_3_difference_7_is_a_rout_loser_minus_two() {
    assert_eq!(exchange_3v3([1, 4, 5], [1, 1, 1]), (3, 1, 7));
}

#[test]
fn rule_ruling_2_difference_12_is_still_a_rout() {
    assert_eq!(exchange_3v3([5, 6, 4], [1, 1, 1]), (3, 1, 12));
}

#[test]
fn rule_ruling_2_difference_13_decides_the_battle() {
    assert_eq!(exchange_3v3([6, 6, 4], [1, 1, 1]), (3, 0, 13));
    let table = &RaidData::standard().battle;
    assert_eq!(table.band(13).effect, BandEffect::LoserToZero);
    assert_eq!(table.band(40).effect, BandEffect::LoserToZero);
}

#[test]
fn rule_rg_5_2_4_draw_after_five_exchanges_with_losses_counted() {
    // Equal rolls every time: five stalemates take 6 v 6 down to 1 v 1.
    let report = fight(side(6), side(6), &RaidData::standard().battle, &mut || 1);
    assert_eq!(report.exchanges.len(), 5);
    assert_eq!(report.outcome, Outcome::Draw);
    assert_eq!((report.attacker_end.real, report.defender_end.real), (1, 1));
    // RG-5.2.5: L = 5, so each side loses ceil(5/2) = 3 soldiers and 3 weapons.
    assert_eq!(report.attacker_casualties(), 3);
    assert_eq!(report.defender_casualties(), 3);
}

#[test]
fn rule_ruling_3_both_at_zero_is_a_draw() {
    let report = fight(side(1), side(1), &RaidData::standard().battle, &mut || 3);
    assert_eq!(report.outcome, Outcome::Draw);
    assert_eq!(report.exchanges.len(), 1);
    assert_eq!(
        (report.attacker_casualties(), report.defender_casualties()),
        (1, 1)
    );
}

#[test]
fn rule_rg_5_2_5_casualties_are_half_the_strength_lost_rounded_up() {
    // Attacker 4 loses 1 (diff 3..6) then 2 (a rout): L = 3, casualties 2.
    let mut dice = [
        1, 1, 1, 1, /* vs */ 2, 2, 2, 2, // 12 v 16: attacker −1
        1, 1, 1, /* vs */ 5, 5, 5, 5, // 9 v 28: diff 19, attacker to 0
    ]
    .into_iter();
    let report = fight(side(4), side(4), &RaidData::standard().battle, &mut || {
        dice.next().unwrap()
    });
    assert_eq!(report.outcome, Outcome::AttackerLoses);
    assert_eq!(report.attacker_lost(), 4);
    assert_eq!(report.attacker_casualties(), 2);
    assert_eq!(report.defender_casualties(), 0);
}

#[test]
fn rule_ruling_9_wall_points_are_lost_first_and_never_casualties() {
    // A town at real 2 with 《Rampart》 (+1) loses one point: the wall point.
    let town = Fighter {
        real: 2,
        wall: 1,
        elite: false,
    };
    let mut dice = [1, 1, 4, 1, 1, 1].into_iter();
    let report = fight(side(3), town, &one_exchange(), &mut || dice.next().unwrap());
    assert_eq!(
        report.defender_end,
        Fighter {
            real: 2,
            wall: 0,
            elite: false
        }
    );
    assert_eq!(report.defender_lost(), 0);
    assert_eq!(report.defender_casualties(), 0);
    // The defender rolled 2 × 3 plus three dice: walls count in the roll.
    assert_eq!(report.exchanges[0].defender_roll, 9);
}

#[test]
fn rule_ruling_9_elite_rolls_one_extra_die() {
    let elite = Fighter {
        real: 2,
        wall: 0,
        elite: true,
    };
    let report = fight(elite, side(2), &one_exchange(), &mut || 2);
    assert_eq!(report.exchanges[0].attacker_dice.len(), 3);
    assert_eq!(report.exchanges[0].defender_dice.len(), 2);
    assert_eq!(report.exchanges[0].attacker_roll, 4 + 6);
}

#[test]
fn rule_rg_12_4_one_exchange_example() {
    // Player S = 4 rolls 8 + 4d6 = 8 + 14; the village S = 2 rolls 4 + 2d6 = 4 + 7.
    let mut dice = [2, 3, 4, 5, 3, 4].into_iter();
    let report = fight(side(4), side(2), &RaidData::standard().battle, &mut || {
        dice.next().unwrap()
    });
    assert_eq!(report.exchanges.len(), 1);
    assert_eq!(report.exchanges[0].attacker_roll, 22);
    assert_eq!(report.exchanges[0].defender_roll, 11);
    assert_eq!(report.exchanges[0].diff(), 11);
    assert_eq!(report.outcome, Outcome::AttackerWins);
    assert_eq!(report.defender_casualties(), 1);
    assert_eq!(report.attacker_casualties(), 0);
}

// ----- raids in the state -------------------------------------------------------------------

fn site(name: &str) -> SiteId {
    name.parse().unwrap()
}

fn village(soldiers: u32, weapons: u32, funds: u32, food: u32, slaves: u32) -> Resources {
    Resources {
        soldiers,
        funds,
        food,
        weapons,
        slaves,
    }
}

#[test]
fn rule_rg_12_4_in_play_the_village_is_sacked_and_its_goods_taken() {
    let mut state = State::new(1);
    state.set_player(village(4, 4, 0, 10, 0));
    state.set_site(site("village-1"), village(2, 2, 3, 4, 1));
    game()
        .apply(&mut state, Action::SkipScout, &mut Log::silent())
        .unwrap();
    state.force_dice(&[2, 3, 4, 5, 3, 4]);
    game()
        .apply(
            &mut state,
            Action::Raid(site("village-1")),
            &mut Log::silent(),
        )
        .unwrap();
    let v = state.site(site("village-1"));
    // RG-5.2.5: the village lost 2 strength, so 1 soldier and 1 weapon.
    assert_eq!((v.resources.soldiers, v.resources.weapons), (1, 0));
    // RG-5.3: everything except soldiers goes to the player.
    assert_eq!(
        (v.resources.funds, v.resources.food, v.resources.slaves),
        (0, 0, 0)
    );
    let p = state.player();
    assert_eq!(
        (p.soldiers, p.weapons, p.funds, p.food, p.slaves),
        (4, 5, 3, 14, 1)
    );
    // RG-5.4: sacked, and never raidable again.
    assert!(v.sacked);
    assert!(!state.is_raidable(site("village-1")));
    // The GM's rolls are on record (ruling 27).
    let last = state.rolls().last().unwrap().to_string();
    assert_eq!(
        last,
        "GM rolls 2d6+4 for village-1 in exchange 1: 3, 4 = 11"
    );
}

#[test]
fn rule_ruling_6_a_lost_raid_leaves_the_site_raidable_with_its_losses() {
    let mut state = State::new(2);
    state.set_player(village(2, 2, 0, 10, 0));
    state.set_site(site("village-2"), village(3, 3, 1, 1, 1));
    game()
        .apply(&mut state, Action::SkipScout, &mut Log::silent())
        .unwrap();
    // 4 + 2 against 6 + 18: diff 18 decides the battle; the player's L = 2.
    state.force_dice(&[1, 1, 6, 6, 6]);
    game()
        .apply(
            &mut state,
            Action::Raid(site("village-2")),
            &mut Log::silent(),
        )
        .unwrap();
    let p = state.player();
    // L = 2, casualties 1.
    assert_eq!((p.soldiers, p.weapons), (1, 1));
    let v = state.site(site("village-2"));
    assert!(!v.sacked);
    assert_eq!(v.resources, village(3, 3, 1, 1, 1));
    assert!(state.is_raidable(site("village-2")));
    // RG-5.6: not again this turn.
    assert!(
        !state
            .legal_actions()
            .contains(&Action::Raid(site("village-2")))
    );
}

#[test]
fn rule_rg_5_4_a_won_raid_fells_a_fort_whose_castle_wall_and_elite_count_in_its_roll() {
    let mut state = State::new(3);
    state.set_player(village(10, 10, 0, 10, 0));
    let fort = site("fort-2");
    state.set_site(fort, village(1, 1, 0, 0, 0));
    game()
        .apply(&mut state, Action::SkipScout, &mut Log::silent())
        .unwrap();
    // The fort: real 1, Castle Wall +2, Elite: power 3 rolling 4 dice.
    // Player 20 + 10 sixes = 80; fort 6 + 4 = 10: decided.
    let mut dice = vec![6; 10];
    dice.extend([1, 1, 1, 1]);
    state.force_dice(&dice);
    game()
        .apply(&mut state, Action::Raid(fort), &mut Log::silent())
        .unwrap();
    let fort_roll = &state.rolls()[state.rolls().len() - 1];
    assert_eq!((fort_roll.plus, fort_roll.dice.len()), (6, 4));
    assert_eq!(
        state.war_status(fort),
        Some(darbar::raid::WarStatus::Fallen)
    );
    // RG-2.4: `sacked` is for villages and towns; a fort falls.
    assert!(!state.site(fort).sacked);
    assert!(!state.is_raidable(fort));
    // The fort's units join the army.
    assert_eq!(state.army().len(), 2);
    assert!(state.site(fort).units.is_empty());
}

#[test]
fn rule_ruling_26_a_fallen_fort_is_not_a_sacked_site_in_the_score() {
    // Ruling 26: "2 per sacked site"; RG-2.4, RG-5.4 and ruling 6: a village or town is
    // sacked, a fort becomes Fallen. Taking a village counts 2, taking a fort counts nothing.
    let mut state = State::new(3);
    state.set_player(village(10, 10, 0, 10, 0));
    state.set_site(site("fort-2"), village(1, 1, 0, 0, 0));
    state.set_site(site("village-1"), village(0, 0, 0, 0, 0));
    game()
        .apply(&mut state, Action::SkipScout, &mut Log::silent())
        .unwrap();
    let mut dice = vec![6; 10];
    dice.extend([1, 1, 1, 1]);
    state.force_dice(&dice);
    game()
        .apply(&mut state, Action::Raid(site("fort-2")), &mut Log::silent())
        .unwrap();
    assert_eq!(
        state.war_status(site("fort-2")),
        Some(darbar::raid::WarStatus::Fallen)
    );
    // Ruling 26 without the site term: the camp, 5 per unique unit, 3 per talent.
    let without_sites = |state: &State| {
        let p = state.player();
        3 * p.soldiers
            + p.weapons
            + p.funds
            + p.food / 2
            + p.slaves
            + 5 * state.army().len() as u32
            + 3 * state.talents().len() as u32
    };
    assert_eq!(
        state.score(),
        without_sites(&state),
        "the fort counts nothing"
    );
    // The empty village, taken without a fight, is sacked and counts 2.
    game()
        .apply(
            &mut state,
            Action::Raid(site("village-1")),
            &mut Log::silent(),
        )
        .unwrap();
    assert!(state.site(site("village-1")).sacked);
    assert_eq!(state.score(), without_sites(&state) + 2);
}

#[test]
fn rule_rg_10_no_soldiers_left_after_a_battle_ends_the_game() {
    let mut state = State::new(4);
    state.set_player(village(1, 1, 0, 10, 0));
    state.set_site(site("village-3"), village(3, 3, 1, 1, 1));
    game()
        .apply(&mut state, Action::SkipScout, &mut Log::silent())
        .unwrap();
    state.force_dice(&[1, 6, 6, 6]);
    game()
        .apply(
            &mut state,
            Action::Raid(site("village-3")),
            &mut Log::silent(),
        )
        .unwrap();
    assert_eq!(state.ending(), Some(Ending::Death));
    assert_eq!(state.phase(), Phase::Over);
    assert!(state.legal_actions().is_empty());
    assert_eq!(state.final_score(), None);
}

#[test]
fn rule_ruling_9_a_towns_rampart_adds_one_wall_point_in_play() {
    let mut state = State::new(5);
    state.set_player(village(10, 10, 0, 10, 0));
    let town = site("town-3");
    state.set_site(town, village(2, 2, 1, 1, 1));
    game()
        .apply(&mut state, Action::SkipScout, &mut Log::silent())
        .unwrap();
    // Town power 2 + 1 wall, no Elite: three dice. The player's 10 sixes decide it.
    let mut dice = vec![6; 10];
    dice.extend([1, 1, 1]);
    state.force_dice(&dice);
    game()
        .apply(&mut state, Action::Raid(town), &mut Log::silent())
        .unwrap();
    let town_roll = state.rolls().last().unwrap();
    assert_eq!((town_roll.plus, town_roll.dice.len()), (6, 3));
    // Decided: the wall point goes first, so the town's real loss is 2, casualties 1.
    assert_eq!(state.site(town).resources.soldiers, 1);
    assert!(state.site(town).sacked);
}

#[test]
fn rule_ruling_3_a_raid_ending_both_at_zero_takes_nothing() {
    let mut state = State::new(6);
    state.set_player(village(1, 1, 0, 10, 0));
    state.set_site(site("village-4"), village(1, 1, 2, 2, 2));
    game()
        .apply(&mut state, Action::SkipScout, &mut Log::silent())
        .unwrap();
    // 2 + 3 against 2 + 3: a stalemate takes both to 0.
    state.force_dice(&[3, 3]);
    game()
        .apply(
            &mut state,
            Action::Raid(site("village-4")),
            &mut Log::silent(),
        )
        .unwrap();
    // Both lose ceil(1/2) = 1: the player has no soldiers left, and the game is over.
    assert_eq!(state.ending(), Some(Ending::Death));
    let v = state.site(site("village-4"));
    assert!(!v.sacked);
    assert_eq!((v.resources.food, v.resources.soldiers), (2, 0));
    assert_eq!(state.player().food, 10);
}

#[test]
fn rule_ruling_5_a_drawn_raid_takes_nothing_and_both_sides_take_losses() {
    let mut state = State::new(7);
    state.set_player(village(6, 6, 0, 10, 0));
    let v = site("village-6");
    state.set_site(v, village(6, 6, 2, 2, 2));
    game()
        .apply(&mut state, Action::SkipScout, &mut Log::silent())
        .unwrap();
    // Equal rolls: five stalemates, 6 v 6 down to 1 v 1 (6+6, 5+5, 4+4, 3+3, 2+2 dice).
    state.force_dice(&[1; 40]);
    game()
        .apply(&mut state, Action::Raid(v), &mut Log::silent())
        .unwrap();
    assert!(state.forced_dice().is_empty());
    // L = 5 on each side: 3 soldiers and 3 weapons each.
    let p = state.player();
    assert_eq!((p.soldiers, p.weapons, p.food, p.funds), (3, 3, 10, 0));
    assert_eq!(state.site(v).resources, village(3, 3, 2, 2, 2));
    assert!(!state.site(v).sacked);
    assert!(state.is_raidable(v));
    assert_eq!(state.phase(), Phase::Raid);
    assert!(state.army().is_empty());
}
