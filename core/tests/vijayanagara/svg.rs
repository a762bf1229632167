//! The SVG picture of the board (`State::to_svg`): well-formed XML with a fixed viewBox, every
//! space named, the pieces counted, Tributary and Control marked, and the current card shown.

use super::common::game;
use darbar::bots::RandomBot;
use darbar::engine::{Game, Log};
use darbar::vijayanagara::{Card, SpaceId, State};

use super::xml;

use xml::check_well_formed;

/// The picture's checks that hold in every position.
fn check_picture(state: &State) -> String {
    let svg = state.to_svg();
    assert!(svg.starts_with("<svg"), "{}", &svg[..40.min(svg.len())]);
    let root = &svg[..svg.find('>').expect("a root tag")];
    assert!(root.contains(r#"xmlns="http://www.w3.org/2000/svg""#));
    assert!(root.contains(r#"viewBox="0 0 "#), "{root}");
    if let Err(problem) = check_well_formed(&svg) {
        panic!("the SVG is not well-formed: {problem}");
    }
    for space in SpaceId::ALL {
        assert!(
            svg.contains(&format!(">{}</text>", space.name())),
            "{space} is not named"
        );
        assert!(svg.contains(&format!(r#"id="space-{space:?}""#)));
    }
    for forbidden in ["<script", "<image", "<foreignObject", "@import", "href="] {
        assert!(!svg.contains(forbidden), "{forbidden} in the picture");
    }
    svg
}

/// The part of the picture that draws `space`: from its group to the next space's.
fn space_group(svg: &str, space: SpaceId) -> &str {
    let start = svg
        .find(&format!(r#"<g id="space-{space:?}""#))
        .expect("every space has a group");
    let rest = &svg[start..];
    let end = rest[1..]
        .find(r#"<g id="space-"#)
        .map_or(rest.len(), |n| n + 1);
    &rest[..end]
}

/// A position after `steps` random legal actions from seed `seed`.
fn mid_game(seed: u64, steps: usize) -> State {
    let mut state = State::new(seed);
    let mut bot = RandomBot::new(seed ^ 0x5eed);
    for _ in 0..steps {
        let Some(action) = bot.choose_from(&state.legal_actions()) else {
            break;
        };
        game()
            .apply(&mut state, action, &mut Log::silent())
            .expect("a listed action applies");
    }
    state
}

/// How the picture names the current card.
fn card_label(card: Card) -> String {
    match card {
        Card::Event(n) => format!("Event {n}: "),
        Card::MongolInvasion(n) => format!("Mongol Invasion {n}: "),
        Card::Succession(s) => s.title().to_owned(),
        Card::Timurid(n) => format!("Timurid {n}"),
    }
}

#[test]
fn the_setup_picture_is_well_formed_and_names_every_space() {
    let svg = check_picture(&State::new(2024));
    // "Command & Decree" and other texts are escaped; the checker has found no bare '&'.
    assert!(svg.contains("Khalji dynasty"));
}

#[test]
fn mid_game_pictures_are_well_formed_and_name_every_space() {
    for seed in 0..6 {
        let state = mid_game(seed, 150 + 40 * seed as usize);
        check_picture(&state);
    }
}

#[test]
fn delhi_shows_its_four_troops_at_setup() {
    let state = State::new(5);
    assert_eq!(state.space(SpaceId::Delhi).troops, 4);
    let svg = state.to_svg();
    let delhi = space_group(&svg, SpaceId::Delhi);
    assert!(delhi.contains("<title>4 Troops</title>"), "{delhi}");
    assert!(delhi.contains(">4</text>"), "{delhi}");
    // Malwa: 3 Troops and a Governor; Andhra a Qasbah and 2 Rajas.
    let malwa = space_group(&svg, SpaceId::Malwa);
    assert!(
        malwa.contains("<title>3 Troops</title>") && malwa.contains("<title>1 Governor</title>")
    );
    let andhra = space_group(&svg, SpaceId::Andhra);
    assert!(
        andhra.contains("<title>1 Qasbah</title>") && andhra.contains("<title>2 Rajas</title>")
    );
}

#[test]
fn tributary_and_control_are_marked() {
    let mut state = State::new(5);
    assert!(state.is_tributary(SpaceId::Maharashtra));
    let svg = state.to_svg();
    for space in SpaceId::ALL.into_iter().filter(|s| s.is_province()) {
        assert!(
            space_group(&svg, space).contains(">Tributary</text>"),
            "{space}"
        );
    }
    assert!(!space_group(&svg, SpaceId::Delhi).contains("Tributary"));

    // Independent, Maharashtra's 4 Amirs control it and rebel (R1).
    state.set_tributary(SpaceId::Maharashtra, false).unwrap();
    let svg = state.to_svg();
    let maharashtra = space_group(&svg, SpaceId::Maharashtra);
    assert!(!maharashtra.contains(">Tributary</text>"), "{maharashtra}");
    assert!(maharashtra.contains(">BK control</text>"), "{maharashtra}");
    assert!(maharashtra.contains("<title>4 Rebelling Amirs</title>"));
    assert!(maharashtra.contains(r##"stroke="#16a3a3" stroke-width="4""##));

    // Orissa is empty: Independent and uncontrolled.
    state.set_tributary(SpaceId::Orissa, false).unwrap();
    let svg = state.to_svg();
    assert!(space_group(&svg, SpaceId::Orissa).contains(">Independent</text>"));
}

#[test]
fn the_current_card_is_shown() {
    for seed in 0..4 {
        let state = mid_game(seed, 60 * seed as usize);
        let card = state
            .deck()
            .current()
            .expect("the first card is revealed at once");
        let svg = state.to_svg();
        assert!(svg.contains(&card_label(card)), "{card} is not shown");
        if let Some(n) = state.current_event() {
            let title = format!("Event {n}: {}", state.cards().event(n).unwrap().title);
            let escaped = title
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
                .replace('"', "&quot;")
                .replace('\'', "&apos;");
            assert!(
                svg.contains(&format!(r#"<g id="current-card"><title>{escaped}</title>"#)),
                "{title}"
            );
        }
    }
}

#[test]
fn the_decision_and_the_tracks_are_shown() {
    let state = State::new(11);
    let svg = state.to_svg();
    let decision = state.decision().unwrap();
    let words = format!(
        "{} — {}",
        decision.player.faction().abbreviation(),
        decision.kind
    );
    assert!(
        svg.contains(&format!(r#"<g id="decision"><title>{words}</title>"#)),
        "{words}"
    );
    assert!(svg.contains(r#"<g id="influence-BK"><title>BK Influence 0</title>"#));
    assert!(svg.contains(r#"<g id="influence-VN"><title>VN Influence 0</title>"#));
    assert!(svg.contains("Cavalry pool: 8 tokens"));
    assert!(svg.contains("none in force"));
}

/// Writes the picture of a mid-game position to the file named by `DARBAR_SVG_OUT`: the first
/// position of a random game, after at least 200 actions, with some Provinces Independent and
/// some controlled, so that every kind of marking shows.
#[test]
#[ignore = "writes a file: run with DARBAR_SVG_OUT=path and --ignored"]
fn write_a_mid_game_picture() {
    let path = std::env::var("DARBAR_SVG_OUT").expect("DARBAR_SVG_OUT names the file to write");
    let interesting = |state: &State| {
        let provinces = SpaceId::ALL.into_iter().filter(|s| s.is_province());
        let independent = provinces
            .clone()
            .filter(|&s| !state.is_tributary(s))
            .count();
        let controlled = provinces.filter(|&s| state.controller(s).is_some()).count();
        independent >= 4 && controlled >= 2
    };
    let state = (0..50)
        .find_map(|seed| {
            let mut state = State::new(seed);
            let mut bot = RandomBot::new(seed ^ 0x5eed);
            for step in 0.. {
                if step >= 200 && interesting(&state) && state.decision().is_some() {
                    return Some(state);
                }
                let action = bot.choose_from(&state.legal_actions())?;
                game()
                    .apply(&mut state, action, &mut Log::silent())
                    .expect("a listed action applies");
            }
            None
        })
        .expect("some game reaches such a position");
    std::fs::write(&path, state.to_svg()).expect("the file can be written");
    println!("{state}");
}

/// The document's title is its text, escaped once: no markup of its own shows in it.
#[test]
fn the_document_title_is_plain_text() {
    let svg = State::new(7).to_svg();
    assert!(
        svg.contains("<title>Vijayanagara, seed 7: the board</title>"),
        "{}",
        &svg[..300]
    );
    assert!(!svg.contains("&lt;title"));
}
