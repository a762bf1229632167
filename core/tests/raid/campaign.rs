//! The campaign (RG-11, ruling 12): unit placements, captured units, talents, the recruits
//! total and the best score carry into the next game exactly, as JSON.

use crate::game;
use darbar::engine::{Game, Log};
use darbar::raid::Raid;
use darbar::raid::{
    Action, Campaign, Ending, Error, Options, Resources, SiteId, SiteKind, State, Talent, UnitId,
    WarStatus,
};
use darbar::testing::{Checks, play_checked};

fn site(name: &str) -> SiteId {
    name.parse().unwrap()
}

/// A first game: reveal two sites, capture a village's unit, recruit to earn a talent, and end
/// with every fort fallen.
fn first_game() -> State {
    let mut state = State::new(77);
    state.set_player(Resources {
        soldiers: 6,
        funds: 5,
        food: 20,
        weapons: 6,
        slaves: 0,
    });
    game()
        .apply(
            &mut state,
            Action::Scout(site("town-1")),
            &mut Log::silent(),
        )
        .unwrap();
    state.set_site(site("village-2"), Resources::default());
    game()
        .apply(
            &mut state,
            Action::Raid(site("village-2")),
            &mut Log::silent(),
        )
        .unwrap();
    for fort in SiteId::FORTS {
        state.set_war_status(fort, WarStatus::Fallen);
    }
    state.force_dice(&[6, 6]);
    game()
        .apply(&mut state, Action::EndRaids, &mut Log::silent())
        .unwrap();
    state.force_dice(&[5, 5, 5, 5, 6]);
    game()
        .apply(&mut state, Action::Recruit(5), &mut Log::silent())
        .unwrap();
    game()
        .apply(
            &mut state,
            Action::ChooseTalent(Talent::Rally),
            &mut Log::silent(),
        )
        .unwrap();
    game()
        .apply(&mut state, Action::EndSettlement, &mut Log::silent())
        .unwrap();
    assert_eq!(state.ending(), Some(Ending::EmpireArrives));
    state
}

#[test]
fn rule_rg_11_a_campaign_carries_over_exactly() {
    let first = first_game();
    let campaign = first.campaign_after();
    assert_eq!(campaign.games, 1);
    assert_eq!(campaign.recruited, 6);
    assert_eq!(
        campaign.talents.iter().collect::<Vec<_>>(),
        vec![Talent::Rally]
    );
    assert_eq!(campaign.captured, first.army());
    assert_eq!(campaign.captured.len(), 1);
    // Town 1 has two units and village 2 one, all fixed for later games (RG-2.3).
    assert_eq!(campaign.placements.len(), 3);
    assert_eq!(campaign.best_score, Some(first.score()));

    // JSON round trip, then a new game from it.
    let campaign = Campaign::from_json(&campaign.to_json()).unwrap();
    let mut second = State::new_campaign_game(5, Options::default(), &campaign).unwrap();
    assert_eq!(second.talents(), campaign.talents);
    assert_eq!(second.recruited_total(), 6);
    // RG-OQ-5 default: captured units stay with the player for their game only.
    assert!(second.army().is_empty());
    // Revealing town 1 again shows the same two units, whatever the dice.
    game()
        .apply(
            &mut second,
            Action::Scout(site("town-1")),
            &mut Log::silent(),
        )
        .unwrap();
    assert_eq!(
        second.site(site("town-1")).units,
        first.site(site("town-1")).units
    );
    // The captured village unit is back at its fixed site.
    let unit: UnitId = campaign.captured.iter().next().unwrap();
    assert_eq!(campaign.placements[&unit], site("village-2"));

    // The best score is kept when a later game scores less, or has none.
    let third = second.campaign_after();
    assert_eq!(third.games, 2);
    assert_eq!(third.best_score, campaign.best_score);
}

#[test]
fn rule_rg_11_option_captured_units_carry_over_into_the_army() {
    let campaign = first_game().campaign_after();
    let options = Options {
        captured_units_carry_over: true,
        ..Options::default()
    };
    let mut state = State::new_campaign_game(8, options, &campaign).unwrap();
    assert_eq!(state.army(), campaign.captured);
    game()
        .apply(
            &mut state,
            Action::Scout(site("village-2")),
            &mut Log::silent(),
        )
        .unwrap();
    // The unit is with the player, so village 2 holds none, and none is drawn in its place.
    assert!(state.site(site("village-2")).units.is_empty());
}

#[test]
fn rule_rg_2_3_units_are_drawn_from_their_own_table_without_repeats() {
    let mut state = State::new(3);
    for site in SiteId::ALL
        .into_iter()
        .filter(|s| s.kind() != SiteKind::Castle)
    {
        state.set_site(site, Resources::default());
    }
    let placements = state.placements();
    assert_eq!(placements.len(), 18);
    for (unit, site) in placements {
        assert_eq!(unit.table(), site.kind());
    }
}

#[test]
fn rule_rg_11_impossible_campaigns_are_refused() {
    let mut campaign = Campaign::default();
    campaign.talents.insert(Talent::Elite);
    let err = State::new_campaign_game(1, Options::default(), &campaign).unwrap_err();
    assert!(matches!(err, Error::Campaign { .. }));
    assert_eq!(err.rule().section(), "RG-11");

    let mut campaign = Campaign::default();
    let fort_unit = UnitId::from_id("fort-engineer").unwrap();
    campaign.placements.insert(fort_unit, site("village-1"));
    assert!(State::new_campaign_game(1, Options::default(), &campaign).is_err());

    assert!(Campaign::from_json("{\"games\": \"many\"}").is_err());
    assert!(Campaign::from_json("{\"talents\": [\"rampart\"], \"recruited\": 5}").is_err());
}

#[test]
fn rule_rg_11_campaigns_chain_through_random_games() {
    // Twenty checked random games, each starting from the last one's campaign: placements once
    // made never change, captures, talents and recruits never go down, the best score is the
    // best seen.
    let mut campaign = Campaign::default();
    let mut best = None;
    for seed in 0..20 {
        let game = Raid::with_campaign(Options::default(), campaign.clone()).unwrap();
        let report = play_checked(&game, seed, Checks::Full).unwrap_or_else(|f| panic!("{f}"));
        let next = report.state.campaign_after();
        for (unit, site) in &campaign.placements {
            assert_eq!(next.placements.get(unit), Some(site));
        }
        assert_eq!(
            next.captured.intersection(campaign.captured),
            campaign.captured
        );
        assert_eq!(next.talents.union(campaign.talents), next.talents);
        assert!(next.recruited >= campaign.recruited);
        assert_eq!(next.games, campaign.games + 1);
        best = best.max(report.state.final_score().map(|(score, _)| score));
        assert_eq!(next.best_score, best);
        campaign = next;
    }
    assert!(campaign.placements.len() > 3);
}
