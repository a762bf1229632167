//! The embedded tables (RG-2.1, RG-5.2.3, RG-8, rulings 2, 10, 11, 26): the shipped data is
//! valid and says what the rules say, and damaged data is refused at load.

use darbar::raid::{
    BandEffect, DataError, Dice, RaidData, STANDARD_FILES, SiteKind, Talent, UnitId,
};

fn load_with(index: usize, text: &str) -> Result<RaidData, DataError> {
    let mut files = STANDARD_FILES.map(str::to_owned);
    files[index] = text.to_owned();
    let [a, b, c, d, e] = &files;
    RaidData::from_json(a, b, c, d, e)
}

#[test]
fn the_shipped_data_is_valid() {
    let [a, b, c, d, e] = STANDARD_FILES;
    assert_eq!(
        RaidData::from_json(a, b, c, d, e).as_ref(),
        Ok(RaidData::standard())
    );
}

#[test]
fn rule_rg_2_1_generation_table_matches_the_rules() {
    let sites = &RaidData::standard().sites;
    let dice = |kind: SiteKind| {
        let row = sites.row(kind);
        [row.soldiers, row.funds, row.food, row.weapons, row.slaves].map(|d| d.to_string())
    };
    assert_eq!(dice(SiteKind::Village), ["1d3", "1d3", "2d3", "1d3", "1d3"]);
    assert_eq!(dice(SiteKind::Town), ["1d6", "2d3", "2d3", "1d6", "2d3"]);
    assert_eq!(dice(SiteKind::Fort), ["3d3", "2d3", "3d3", "3d3", "2d3"]);
    assert!(sites.row(SiteKind::Town).talents.contains(Talent::Rampart));
    let fort = sites.row(SiteKind::Fort).talents;
    assert!(fort.contains(Talent::CastleWall) && fort.contains(Talent::Elite));
    assert!(sites.row(SiteKind::Village).talents.is_empty());
    // Ruling 13's variant: a castle is a fort with one more die per resource.
    assert_eq!(dice(SiteKind::Castle), ["4d3", "3d3", "4d3", "4d3", "3d3"]);
    assert_eq!(sites.row(SiteKind::Castle).talents, fort);
    assert_eq!("2d3".parse::<Dice>(), Ok(Dice::new(2, 3)));
    assert!("2d7".parse::<Dice>().is_err());
}

#[test]
fn rule_ruling_2_result_table_bands() {
    let table = &RaidData::standard().battle;
    assert_eq!(table.max_exchanges, 5);
    for (diff, effect) in [
        (0, BandEffect::BothLoseOne),
        (2, BandEffect::BothLoseOne),
        (3, BandEffect::LoserLoses(1)),
        (6, BandEffect::LoserLoses(1)),
        (7, BandEffect::LoserLoses(2)),
        (12, BandEffect::LoserLoses(2)),
        (13, BandEffect::LoserToZero),
    ] {
        assert_eq!(table.band(diff).effect, effect, "difference {diff}");
    }
}

#[test]
fn rule_ruling_10_and_11_talents_and_default_units() {
    let data = RaidData::standard();
    let recruitable: Vec<Talent> = data.recruitable_talents().iter().collect();
    assert_eq!(
        recruitable,
        [
            Talent::Elite,
            Talent::Pillager,
            Talent::Logistics,
            Talent::Merchant,
            Talent::NightRaid,
            Talent::Rally
        ]
    );
    assert_eq!(data.talent(Talent::CastleWall).mark, "《城壁》");
    // Six default units per site type, named plainly.
    for (kind, word) in [
        (SiteKind::Village, "Village"),
        (SiteKind::Town, "Town"),
        (SiteKind::Fort, "Fort"),
    ] {
        let table = data.table(kind);
        assert_eq!(table.len(), 6);
        assert!(table.iter().all(|u| u.entry().name.starts_with(word)));
    }
    assert_eq!(
        UnitId::from_id("fort-engineer").unwrap().entry().name,
        "Fort engineer"
    );
}

#[test]
fn rule_ruling_26_rank_bands() {
    let data = RaidData::standard();
    assert_eq!(data.rank(0), "Brigand");
    assert_eq!(data.rank(29), "Brigand");
    assert_eq!(data.rank(30), "Warband chief");
    assert_eq!(data.rank(1_000), "Founder of a kingdom");
}

#[test]
fn damaged_data_is_refused() {
    let invalid = |r: Result<RaidData, DataError>| matches!(r, Err(DataError::Invalid { .. }));
    let format = |r: Result<RaidData, DataError>| matches!(r, Err(DataError::Format { .. }));
    // Sites: bad dice, missing talent name.
    assert!(format(load_with(
        0,
        &STANDARD_FILES[0].replace("\"3d3\"", "\"3d4\"")
    )));
    assert!(format(load_with(
        0,
        &STANDARD_FILES[0].replace("rampart", "moat")
    )));
    // Battle: a gap, an open band in the middle, no exchanges.
    assert!(invalid(load_with(
        1,
        &STANDARD_FILES[1].replace("\"min_diff\": 3", "\"min_diff\": 4")
    )));
    assert!(invalid(load_with(
        1,
        &STANDARD_FILES[1].replace("\"max_diff\": 6", "\"max_diff\": null")
    )));
    assert!(invalid(load_with(
        1,
        &STANDARD_FILES[1].replace("\"max_exchanges\": 5", "\"max_exchanges\": 0")
    )));
    // Talents: a wall made recruitable.
    assert!(invalid(load_with(
        2,
        &STANDARD_FILES[2].replacen("\"recruitable\": false", "\"recruitable\": true", 1)
    )));
    // Units: a duplicate id, a wall talent, too few units for the sites.
    assert!(invalid(load_with(
        3,
        &STANDARD_FILES[3].replace("village-hunter", "village-headman")
    )));
    assert!(invalid(load_with(
        3,
        &STANDARD_FILES[3].replace(
            "[\"logistics\"], \"power_bonus\": 0 },\n    { \"id\": \"village-hunter\"",
            "[\"rampart\"], \"power_bonus\": 0 },\n    { \"id\": \"village-hunter\""
        )
    )));
    let five_forts = STANDARD_FILES[3].replace(
        "    { \"id\": \"fort-armourer\", \"name\": \"Fort armourer\", \"talents\": [], \"power_bonus\": 2 }\n",
        "",
    ).replace("\"power_bonus\": 0 },\n  ]", "\"power_bonus\": 0 }\n  ]");
    assert!(load_with(3, &five_forts).is_err());
    // Ranks: not starting at 0, not rising.
    assert!(invalid(load_with(
        4,
        &STANDARD_FILES[4].replace("\"min_score\": 0", "\"min_score\": 5")
    )));
    assert!(invalid(load_with(
        4,
        &STANDARD_FILES[4].replace("\"min_score\": 60", "\"min_score\": 20")
    )));
}
