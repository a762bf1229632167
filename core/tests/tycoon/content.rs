//! TC-19, TI-1.5: a user's own content folder, at the loader's limits. Every list at the most
//! items the loader accepts and every number at its largest loads and plays whole checked
//! games whose snapshots restore; one item or one unit past a limit is refused, naming the
//! file, the item, the field and the limit.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use darbar::engine::{DynState, Game, Play};
use darbar::games::Registry;
use darbar::testing::{Checks, on_seeds, play_checked, play_random_steps};
use darbar::tycoon::{Content, ContentError, Options, Tycoon};
use serde_json::{Value, json};

/// The twelve content files as JSON, by file name.
type Files = BTreeMap<&'static str, Value>;

/// A scratch folder of content files, removed when dropped.
struct Folder(PathBuf);

impl Folder {
    /// The files written to a new folder named after `name`.
    fn write(name: &str, files: &Files) -> Folder {
        let dir = std::env::temp_dir().join(format!(
            "darbar-tycoon-content-{}-{name}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        for (file, value) in files {
            let text = serde_json::to_string_pretty(value).expect("JSON serialises");
            std::fs::write(dir.join(file), text).expect("the file is written");
        }
        Folder(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The default content's files made a user's own: another `content` and label.
fn own_files() -> Files {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games/tycoon/content/data");
    Content::FILES
        .iter()
        .map(|&file| {
            let text = std::fs::read_to_string(data.join(file)).expect("a default file");
            let mut value: Value = serde_json::from_str(&text).expect("JSON");
            value["content"] = json!("own-table");
            value["label"] = json!("Own table");
            (file, value)
        })
        .collect()
}

/// Loads `files` from a folder, as a user would.
fn load(name: &str, files: &Files) -> Result<Content, ContentError> {
    let folder = Folder::write(name, files);
    Content::from_dir(folder.path())
}

/// The list `key` of `file`.
fn list<'a>(files: &'a mut Files, file: &str, key: &str) -> &'a mut Vec<Value> {
    files
        .get_mut(file)
        .and_then(|v| v[key].as_array_mut())
        .expect("a list of the file")
}

/// `key` of `file` grown to `n` items by copies of its items under new ids.
fn grow(files: &mut Files, file: &str, key: &str, n: usize) {
    let items = list(files, file, key);
    let originals = items.clone();
    for i in items.len()..n {
        let mut copy = originals[i % originals.len()].clone();
        copy["id"] = json!(format!("{}-x{i}", copy["id"].as_str().expect("an id")));
        items.push(copy);
    }
}

/// The map grown to `n` cities: each new one a road step from its region's metro.
fn grow_map(files: &mut Files, n: usize) {
    let map = files.get_mut("map.json").expect("the map");
    let regions: Vec<(Value, Value)> = map["regions"]
        .as_array()
        .expect("regions")
        .iter()
        .map(|r| (r["code"].clone(), r["metro"].clone()))
        .collect();
    let have = map["cities"].as_array().expect("cities").len();
    for i in have..n {
        let (region, metro) = &regions[i % regions.len()];
        let id = format!("town_{i}");
        map["cities"].as_array_mut().expect("cities").push(json!({
            "id": id, "name": format!("Town {i}"), "region": region, "metro": false,
            "distance": 2, "bonus": [{"kind": "money", "n": 5}]
        }));
        map["edges"]
            .as_array_mut()
            .expect("edges")
            .push(json!([metro, id]));
    }
}

/// Every list at the most items the loader accepts (TC-0.1): 64 cities, industry and merit
/// cards (the actions' numbering), 16 conglomerate tokens, 30 unmanaged spaces, and 255 of
/// every other list (a card number is a byte).
fn at_most_items() -> Files {
    let mut files = own_files();
    grow_map(&mut files, 64);
    grow(&mut files, "industries.json", "industries", 64);
    grow(&mut files, "merits.json", "merits", 64);
    grow(&mut files, "conglomerates.json", "conglomerates", 16);
    grow(&mut files, "board.json", "unmanaged", 30);
    for (file, key) in [
        ("policies.json", "policies"),
        ("plans.json", "plans"),
        ("headlines.json", "headlines"),
        ("agendas.json", "agendas"),
        ("favours.json", "favours"),
        ("automa.json", "automa"),
    ] {
        grow(&mut files, file, key, 255);
    }
    files
}

/// The layouts a content is played in: people only, and one person beside two automas, each
/// with the Headline expansion and the Kickstarter cards.
fn layouts() -> [Options; 2] {
    [
        Options {
            players: 4,
            headline_expansion: true,
            include_kickstarter: true,
            ..Options::default()
        },
        Options {
            players: 1,
            headline_expansion: true,
            include_kickstarter: true,
            ..Options::default()
        },
    ]
}

/// Whole random games on `content`, every step checked (invariants under that content, clone
/// and snapshot round trips, unlisted actions refused).
fn plays_checked(content: &Content, games: u64) {
    for options in layouts() {
        let game = Tycoon::with_content(options, content.clone()).expect("the rules");
        for result in on_seeds(2, 0..games, |seed| play_checked(&game, seed, Checks::Full)) {
            let report = result.unwrap_or_else(|failure| panic!("{options:?}: {failure}"));
            assert!(game.is_terminal(&report.state));
        }
    }
}

/// Positions of the game loaded through the registry (as Python and the command line load
/// it) pass `check_invariants`, and their snapshots restore to positions that pass too.
fn snapshots_restore(files: &Files, name: &str) {
    let folder = Folder::write(name, files);
    let dir = folder.path().to_str().expect("a path");
    let registry = Registry::standard();
    for options in layouts() {
        let mut json = serde_json::to_value(options).expect("options");
        json["content"] = json!(dir);
        let game = registry.load("tycoon", &json).expect("the content loads");
        let rules = Tycoon::with_content(options, Content::from_dir(folder.path()).unwrap())
            .expect("the rules");
        for (seed, steps) in [(1, 0), (2, 40), (3, 400)] {
            let mut state = rules.new_initial_state(seed);
            play_random_steps(&rules, &mut state, steps, seed);
            // The snapshot as the game writes it: its envelope names the content (TC-19).
            let snapshot = Play::at(Arc::new(rules.clone()), state, false).to_snapshot();
            let restored = game
                .restore(&snapshot)
                .unwrap_or_else(|e| panic!("seed {seed}, {steps} steps: {e}"));
            assert_eq!(restored.check_invariants(), Ok(()));
            assert_eq!(restored.to_snapshot(), snapshot);
        }
        let start = game.new_initial_state(5);
        assert_eq!(start.check_invariants(), Ok(()));
    }
}

/// TC-0.1, TC-19: content with every list at its most loads, plays whole checked games and
/// restores its snapshots.
#[test]
fn tc_19_content_at_every_count_the_loader_accepts_plays_and_restores() {
    let files = at_most_items();
    let content = load("most-items", &files).expect("every list at its most loads");
    assert_eq!(content.agendas.len(), 255);
    assert_eq!(content.automa.len(), 255);
    assert_eq!(content.map.cities.len(), 64);
    plays_checked(&content, 3);
    snapshots_restore(&files, "most-items-snapshots");
}

/// TC-0.1: one item past each list's most is refused, naming the file, the list and the most.
#[test]
fn tc_0_1_one_item_past_each_lists_most_is_refused() {
    let past: [(&str, &str, usize); 11] = [
        ("industries.json", "industries", 65),
        ("merits.json", "merits", 65),
        ("conglomerates.json", "conglomerates", 17),
        ("board.json", "unmanaged", 31),
        ("policies.json", "policies", 256),
        ("plans.json", "plans", 256),
        ("headlines.json", "headlines", 256),
        ("agendas.json", "agendas", 256),
        ("favours.json", "favours", 256),
        ("automa.json", "automa", 256),
        ("map.json", "cities", 65),
    ];
    for (file, key, n) in past {
        let mut files = own_files();
        if key == "cities" {
            grow_map(&mut files, n);
        } else {
            grow(&mut files, file, key, n);
        }
        let Err(error) = load(&format!("past-{key}"), &files) else {
            panic!("{n} {key} load");
        };
        let most = n - 1;
        match &error {
            ContentError::Check {
                file: f,
                field,
                reason,
                rule,
                ..
            } => {
                assert_eq!((f.as_str(), field.as_str(), *rule), (file, key, "TC-0.1"));
                assert!(
                    reason.starts_with(&format!("{n} items: at most {most}")),
                    "{error}"
                );
            }
            other => panic!("{key}: {other:?}"),
        }
    }
}

/// The item of `file`'s list `key` with this id.
fn item<'a>(files: &'a mut Files, file: &str, key: &str, id: &str) -> &'a mut Value {
    list(files, file, key)
        .iter_mut()
        .find(|v| v["id"] == id)
        .expect("the item")
}

/// Every effect object of a JSON value, nested ones included.
fn effects_mut(value: &mut Value, f: &mut impl FnMut(&mut Value)) {
    match value {
        Value::Object(map) => {
            for child in map.values_mut() {
                effects_mut(child, f);
            }
            if map.contains_key("kind") {
                f(value);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| effects_mut(v, f)),
        _ => {}
    }
}

/// The largest amount an atom of this kind may give in one gain (TI-1.5).
fn largest(kind: &str) -> Option<u32> {
    match kind {
        "money" | "pay" => Some(1_000),
        "promoters" | "influence" | "support" => Some(100),
        "plus1" | "merit" | "note" | "np_free" => Some(10),
        _ => None,
    }
}

/// The default content with every number at the largest the loader accepts (TI-1.5): every
/// amount, price, value and bonus, four icon ×2 factors on Fuel at once, and the modifiers
/// in force together adding up to 1,000 Cr.
fn at_largest_numbers() -> Files {
    let mut files = own_files();
    for value in files.values_mut() {
        effects_mut(value, &mut |effect| {
            let kind = effect["kind"].as_str().unwrap_or_default().to_owned();
            if let Some(n) = largest(&kind) {
                effect["n"] = json!(n);
            }
            match kind.as_str() {
                "income" => effect["max"] = json!(1_000),
                "take_industry" => effect["price_x_av"] = json!(10),
                "per" => {
                    let each = effect["each"]["kind"].as_str().unwrap_or_default();
                    effect["max"] = json!(largest(each).expect("a numeric atom"));
                }
                "mod" => {
                    let limit = if effect["param"] == "strategy_cost" {
                        100
                    } else {
                        1_000
                    };
                    if let Some(add) = effect["add"].as_i64() {
                        // One passive policy and one headline of each kind are in force at once.
                        effect["add"] = json!(if add < 0 { -limit } else { limit / 2 });
                    }
                }
                _ => {}
            }
        });
    }
    for card in list(&mut files, "industries.json", "industries") {
        card["asset_value"] = json!(1_000);
        card["income"] = json!(1_000);
        card["build_influence"] = json!(100);
    }
    let tracks = files.get_mut("tracks.json").expect("tracks");
    tracks["loan"] = json!(vec![1_000; 8]);
    for (_, levels) in tracks["asset_value"]
        .as_object_mut()
        .expect("AV")
        .iter_mut()
    {
        *levels = json!(vec![1_000; 8]);
    }
    let board = files.get_mut("board.json").expect("board");
    for key in ["managed", "unmanaged"] {
        for space in board[key].as_array_mut().expect("spaces") {
            space["cost"] = json!(100);
        }
    }
    for round in board["rounds"].as_array_mut().expect("rounds") {
        if round.get("np_price").is_some() {
            round["np_price"] = json!(1_000);
        }
    }
    for card in list(&mut files, "policies.json", "policies") {
        card["end_support"] = json!(100);
    }
    for card in list(&mut files, "plans.json", "plans") {
        if card["award"]["mode"] == "competitive" {
            card["award"]["awards"] = json!([100, 100]);
        }
    }
    for card in list(&mut files, "agendas.json", "agendas") {
        for tier in card["tiers"].as_array_mut().expect("tiers") {
            tier[1] = json!(100);
        }
        let last = card["tiers"].as_array().expect("tiers").len() - 1;
        card["tiers"][last][0] = json!(10_000);
    }
    for card in list(&mut files, "merits.json", "merits") {
        card["end_av"] = json!(1_000);
    }
    for card in list(&mut files, "automa.json", "automa") {
        card["bid_margin"] = json!(1_000);
        card["policy_bid"] = json!(99);
        card["np_units"] = json!(100);
    }
    // With the Fuel ×2 headline, three passive policies double Fuel icons.
    let doubling = json!({"kind": "mod", "param": "icon_cost", "sectors": ["FUE"], "mul": 2});
    item(&mut files, "policies.json", "policies", "P1-09")["effect"]["do"] = json!([doubling]);
    let bundle = &mut item(&mut files, "policies.json", "policies", "P1-08")["effect"]["do"];
    bundle.as_array_mut().expect("do").push(doubling.clone());
    bundle.as_array_mut().expect("do").push(doubling);
    files
}

/// TI-1.5: content with every number at its largest loads and plays whole checked games: no
/// sum overflows and every position stays within the snapshot ceilings.
#[test]
fn ti_1_5_content_with_every_number_at_its_largest_plays_whole_games() {
    let files = at_largest_numbers();
    let content = load("largest-numbers", &files).expect("the largest numbers load");
    assert_eq!(content.industries[0].asset_value, 1_000);
    plays_checked(&content, 6);
    snapshots_restore(&files, "largest-numbers-snapshots");
}

/// An edit of the default content that puts one number past its limit, and the item, field
/// and limit the refusal must name.
struct Past {
    file: &'static str,
    item: &'static str,
    field: &'static str,
    limit: &'static str,
    edit: fn(&mut Files),
}

/// `file`'s item `id` (in list `key`) with `field` set to `value`.
fn set(files: &mut Files, file: &str, key: &str, id: &str, field: &str, value: Value) {
    item(files, file, key, id)[field] = value;
}

/// TI-1.5: each number one past its limit (or far past: a value whose double no longer fits
/// 32 bits) is refused, naming the file, the item, the field and the limit.
#[test]
fn ti_1_5_every_number_past_its_limit_is_refused_naming_it() {
    const INDUSTRIES: &str = "industries.json";
    const POLICIES: &str = "policies.json";
    let cases = [
        Past {
            file: INDUSTRIES,
            item: "I1-09",
            field: "asset_value",
            limit: "2147483650: at most 1000 Cr",
            edit: |f| {
                set(
                    f,
                    INDUSTRIES,
                    "industries",
                    "I1-09",
                    "asset_value",
                    json!(2_147_483_650u64),
                )
            },
        },
        Past {
            file: INDUSTRIES,
            item: "I1-09",
            field: "asset_value",
            limit: "1001: at most 1000 Cr",
            edit: |f| {
                set(
                    f,
                    INDUSTRIES,
                    "industries",
                    "I1-09",
                    "asset_value",
                    json!(1_001),
                )
            },
        },
        Past {
            file: INDUSTRIES,
            item: "I1-01",
            field: "income",
            limit: "at most 1000 Cr",
            edit: |f| set(f, INDUSTRIES, "industries", "I1-01", "income", json!(1_001)),
        },
        Past {
            file: INDUSTRIES,
            item: "I1-01",
            field: "build_influence",
            limit: "at most 100 influence",
            edit: |f| {
                set(
                    f,
                    INDUSTRIES,
                    "industries",
                    "I1-01",
                    "build_influence",
                    json!(101),
                )
            },
        },
        Past {
            file: "map.json",
            item: "nasik",
            field: "bonus[0].n",
            limit: "2147483648: at most 1000 Cr",
            edit: |f| {
                set(
                    f,
                    "map.json",
                    "cities",
                    "nasik",
                    "bonus",
                    json!([{"kind": "money", "n": 2_147_483_648u64}]),
                )
            },
        },
        Past {
            file: "tracks.json",
            item: "",
            field: "loan[3]",
            limit: "at most 1000 Cr",
            edit: |f| f.get_mut("tracks.json").unwrap()["loan"][3] = json!(1_001),
        },
        Past {
            file: "tracks.json",
            item: "",
            field: "asset_value.TRA[7]",
            limit: "at most 1000 Cr",
            edit: |f| f.get_mut("tracks.json").unwrap()["asset_value"]["TRA"][7] = json!(1_001),
        },
        Past {
            file: "tracks.json",
            item: "levels.MIN[0]",
            field: "bonus[0].n",
            limit: "2147483648: at most 100 promoters",
            edit: |f| {
                f.get_mut("tracks.json").unwrap()["levels"]["MIN"][0]["bonus"][0]["n"] =
                    json!(2_147_483_648u64)
            },
        },
        Past {
            file: "board.json",
            item: "SU-01",
            field: "cost",
            limit: "at most 100 promoters",
            edit: |f| set(f, "board.json", "unmanaged", "SU-01", "cost", json!(101)),
        },
        Past {
            file: "board.json",
            item: "rounds[1]",
            field: "np_price",
            limit: "at most 1000 Cr",
            edit: |f| f.get_mut("board.json").unwrap()["rounds"][1]["np_price"] = json!(1_005),
        },
        Past {
            file: "board.json",
            item: "",
            field: "np_reward[0].n",
            limit: "at most 100 influence",
            edit: |f| f.get_mut("board.json").unwrap()["np_reward"][0]["n"] = json!(101),
        },
        Past {
            file: POLICIES,
            item: "P1-03",
            field: "politics_bonus[0].n",
            limit: "2147483648: at most 1000 Cr",
            edit: |f| {
                item(f, POLICIES, "policies", "P1-03")["politics_bonus"][0]["n"] =
                    json!(2_147_483_648u64)
            },
        },
        Past {
            file: POLICIES,
            item: "P1-03",
            field: "end_support",
            limit: "at most 100 support",
            edit: |f| set(f, POLICIES, "policies", "P1-03", "end_support", json!(101)),
        },
        Past {
            file: POLICIES,
            item: "P1-06",
            field: "effect.do[0].add",
            limit: "between -1000 and 1000 Cr",
            edit: |f| {
                item(f, POLICIES, "policies", "P1-06")["effect"]["do"][0]["add"] = json!(1_001)
            },
        },
        Past {
            file: POLICIES,
            item: "P1-07",
            field: "effect.do[0].do[0]",
            limit: "at most 1000 Cr in one gain (give a max)",
            edit: |f| {
                item(f, POLICIES, "policies", "P1-07")["effect"]["do"][0]["do"][0] = json!(
                    {"kind": "per", "counter": {"name": "income"}, "each": {"kind": "money", "n": 10}}
                )
            },
        },
        Past {
            file: POLICIES,
            item: "P1-08",
            field: "effect.do[1]",
            limit: "at most 1000 together",
            edit: |f| {
                item(f, POLICIES, "policies", "P1-06")["effect"]["do"][0]["add"] = json!(600);
                let extra = json!({"kind": "mod", "param": "loan", "add": 600});
                item(f, POLICIES, "policies", "P1-08")["effect"]["do"]
                    .as_array_mut()
                    .unwrap()
                    .push(extra);
            },
        },
        Past {
            file: "headlines.json",
            item: "H1-4",
            field: "effect.do[0]",
            limit: "come to 5: at most 4 together",
            edit: |f| {
                let doubling =
                    json!({"kind": "mod", "param": "icon_cost", "sectors": ["FUE"], "mul": 2});
                item(f, POLICIES, "policies", "P1-09")["effect"]["do"] = json!([doubling]);
                let bundle = item(f, POLICIES, "policies", "P1-08")["effect"]["do"]
                    .as_array_mut()
                    .unwrap();
                bundle.extend([doubling.clone(), doubling.clone(), doubling]);
            },
        },
        Past {
            file: "plans.json",
            item: "PA-1",
            field: "award.awards[0]",
            limit: "at most 100 influence",
            edit: |f| item(f, "plans.json", "plans", "PA-1")["award"]["awards"][0] = json!(101),
        },
        Past {
            file: "agendas.json",
            item: "CA-1",
            field: "tiers[2][0]",
            limit: "at most 10000",
            edit: |f| item(f, "agendas.json", "agendas", "CA-1")["tiers"][2][0] = json!(10_001),
        },
        Past {
            file: "agendas.json",
            item: "CA-1",
            field: "tiers[0][1]",
            limit: "at most 100 support",
            edit: |f| item(f, "agendas.json", "agendas", "CA-1")["tiers"][0][1] = json!(101),
        },
        Past {
            file: "merits.json",
            item: "M-01",
            field: "end_av",
            limit: "at most 1000 Cr",
            edit: |f| set(f, "merits.json", "merits", "M-01", "end_av", json!(1_001)),
        },
        Past {
            file: "conglomerates.json",
            item: "CG-1",
            field: "bonus[0].n",
            limit: "at most 1000 Cr",
            edit: |f| {
                item(f, "conglomerates.json", "conglomerates", "CG-1")["bonus"][0]["n"] =
                    json!(1_001)
            },
        },
        Past {
            file: "conglomerates.json",
            item: "CG-1",
            field: "bonus[0].n",
            limit: "at most 10 +1 action tokens",
            edit: |f| {
                item(f, "conglomerates.json", "conglomerates", "CG-1")["bonus"] =
                    json!([{"kind": "plus1", "n": 11}])
            },
        },
        Past {
            file: "conglomerates.json",
            item: "CG-1",
            field: "bonus[0].price_x_av",
            limit: "at most 10 times the asset value",
            edit: |f| {
                item(f, "conglomerates.json", "conglomerates", "CG-1")["bonus"] =
                    json!([{"kind": "take_industry", "price_x_av": 11}])
            },
        },
        Past {
            file: "conglomerates.json",
            item: "CG-1",
            field: "bonus[0].k",
            limit: "at most 10000",
            edit: |f| {
                item(f, "conglomerates.json", "conglomerates", "CG-1")["bonus"] = json!([
                    {"kind": "if", "counter": {"name": "notes"}, "op": ">=", "k": 10_001, "then": []}
                ])
            },
        },
        Past {
            file: "automa.json",
            item: "AE-01",
            field: "bid_margin",
            limit: "at most 1000 Cr",
            edit: |f| {
                set(
                    f,
                    "automa.json",
                    "automa",
                    "AE-01",
                    "bid_margin",
                    json!(1_001),
                )
            },
        },
        Past {
            file: "automa.json",
            item: "AE-01",
            field: "policy_bid",
            limit: "at most 99 promoters",
            edit: |f| {
                set(
                    f,
                    "automa.json",
                    "automa",
                    "AE-01",
                    "policy_bid",
                    json!(100),
                )
            },
        },
        Past {
            file: "automa.json",
            item: "AE-01",
            field: "np_units",
            limit: "at most 100 NP units",
            edit: |f| set(f, "automa.json", "automa", "AE-01", "np_units", json!(101)),
        },
    ];
    for case in cases {
        let mut files = own_files();
        (case.edit)(&mut files);
        let Err(error) = load("past-a-number", &files) else {
            panic!("{}: {} past its limit loads", case.item, case.field);
        };
        let ContentError::Check {
            file,
            item,
            field,
            reason,
            rule,
        } = &error
        else {
            panic!("{}: {error:?}", case.field);
        };
        assert_eq!(
            (file.as_str(), item.as_str(), field.as_str(), *rule),
            (case.file, case.item, case.field, "TI-1.5"),
            "{error}"
        );
        assert!(reason.contains(case.limit), "{error}");
    }
}
