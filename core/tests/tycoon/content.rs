//! TC-19, TI-1.5: a user's own content folder, at the loader's limits. Every list at the most
//! items the loader accepts and every number at its largest loads and plays whole checked
//! games whose snapshots restore; one item or one unit past a limit is refused, naming the
//! file, the item, the field and the limit.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use darbar::engine::Game;
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
        let game = Tycoon::with_content(options.clone(), content.clone()).expect("the rules");
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
        let mut json = serde_json::to_value(&options).expect("options");
        json["content"] = json!(dir);
        let game = registry.load("tycoon", &json).expect("the content loads");
        let rules = Tycoon::with_content(options, Content::from_dir(folder.path()).unwrap())
            .expect("the rules");
        for (seed, steps) in [(1, 0), (2, 40), (3, 400)] {
            let mut state = rules.new_initial_state(seed);
            play_random_steps(&rules, &mut state, steps, seed);
            let snapshot = darbar::engine::Snapshot::to_snapshot(&state);
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
        let error = load(&format!("past-{key}"), &files).expect_err(key);
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
