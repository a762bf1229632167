//! The price of a build before one chooses its city (TI-8.3.1, TI-8.3.2, TC-1.5): what the
//! rules say a city costs is what the build then pays, merit cards aside.

use darbar::tycoon::{Action, ActionKind, DecisionKind, Sector};

use crate::scenario::{BLUE, GREEN, RED, Scenario, Table, act, city, industry};

/// Red declares the Build action with `card` and is asked for the city; the price of `city`
/// as offered then.
#[track_caller]
fn price_offered(t: &mut Table, card: &str, city_id: &str) -> u32 {
    t.play(&[act(ActionKind::Build), Action::Card(industry(card))]);
    assert_eq!(t.decision(), Some((RED, DecisionKind::BuildCity)));
    assert_eq!(t.state.card_to_build(), Some((RED as u8, industry(card))));
    t.state
        .build_price(t.game.content(), RED as u8, industry(card), city(city_id))
        .expect("a price for a seat, card and city of the game")
}

/// Red builds in `city_id` with no merit card; its money before and after.
#[track_caller]
fn build_in(t: &mut Table, city_id: &str) -> (u32, u32) {
    let before = t.state.seat(RED).map_or(0, |s| s.money);
    t.play(&[Action::City(city(city_id)), Action::Done]);
    (before, t.state.seat(RED).map_or(0, |s| s.money))
}

/// **TI-8.3.2** (C-03 `I2-01` NALCO): Blue Power 1; in `cuttack` the two Power icons cost 2
/// each (distance 2) and Transport 2: 6 Cr offered, 6 Cr paid (Cuttack and the East give no
/// money).
#[test]
fn ti_8_3_2_the_price_offered_is_the_price_paid() {
    let mut t = Scenario::tp()
        .level(BLUE, Sector::Pow, 1)
        .holds(RED, "I2-01")
        .table();
    assert_eq!(price_offered(&mut t, "I2-01", "cuttack"), 6);
    assert_eq!(build_in(&mut t, "cuttack"), (100, 94));
}

/// **TI-8.3.2, TI-21.7** (C-02 `I2-17` Maruti): Green Minerals 4, Red leads Power; in `poona`
/// Minerals costs 8 (to Green), Fuel and Transport 1 each (Government, distance 2), Power
/// nothing: 10 Cr offered and paid, then West's `Cr 5`.
#[test]
fn ti_8_3_2_the_builders_own_lead_is_free_in_the_price() {
    let mut t = Scenario::tp()
        .level(GREEN, Sector::Min, 4)
        .level(RED, Sector::Pow, 3)
        .holds(RED, "I2-17")
        .table();
    let green = t.state.seat(GREEN).map_or(0, |s| s.money);
    assert_eq!(price_offered(&mut t, "I2-17", "poona"), 10);
    assert_eq!(build_in(&mut t, "poona"), (100, 100 - 10 + 5));
    assert_eq!(t.state.seat(GREEN).map(|s| s.money), Some(green + 8));
}

/// **TC-1.5** (C-18 `H1-4` Oil Shock, `MOD icon(FUE) ×2`): Green Fuel 2; in `surat` the Fuel
/// icon costs 2 × 2 × 2 = 8 and Transport 2: the headline is in the 10 Cr offered and paid,
/// then Surat's `Cr 10` and West's `Cr 5`.
#[test]
fn tc_1_5_a_headline_is_in_the_price() {
    let mut t = Scenario::tp()
        .headline("H1-4")
        .level(GREEN, Sector::Fue, 2)
        .holds(RED, "I1-02")
        .table();
    assert_eq!(price_offered(&mut t, "I1-02", "surat"), 10);
    assert_eq!(build_in(&mut t, "surat"), (100, 100 - 10 + 10 + 5));
}

/// A seat, card or city the game does not have has no price; outside a city choice there is
/// no card to build.
#[test]
fn ti_8_3_1_no_price_for_what_the_game_does_not_have() {
    let t = Scenario::tp().holds(RED, "I2-01").table();
    let content = t.game.content();
    let card = industry("I2-01");
    assert_eq!(t.state.card_to_build(), None);
    assert_eq!(t.state.build_price(content, 4, card, city("poona")), None);
    assert_eq!(t.state.build_price(content, 0, 200, city("poona")), None);
    assert_eq!(
        t.state
            .build_price(content, 0, card, darbar::tycoon::CityId(99)),
        None
    );
}
