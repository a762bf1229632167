//! The SVG picture of the raid game (`State::to_svg`): well-formed XML with a fixed viewBox,
//! every site named, what the player has seen shown and nothing else (RG-9), the fort ladders,
//! the camp and the decision.

use crate::game;
use darbar::engine::{Game, GameRng, Log};
use darbar::raid::{Action, Resources, SiteId, SiteKind, State, WarStatus};

use super::xml;

use xml::check_well_formed;

/// The picture's checks that hold in every position.
fn check_picture(state: &State) -> String {
    let svg = state.to_svg();
    assert!(svg.starts_with("<svg"), "{}", &svg[..40.min(svg.len())]);
    let root = &svg[..svg.find('>').expect("a root tag")];
    assert!(root.contains(r#"xmlns="http://www.w3.org/2000/svg""#));
    assert!(root.contains(r#"viewBox="0 0 1000 700""#), "{root}");
    if let Err(problem) = check_well_formed(&svg) {
        panic!("the SVG is not well-formed: {problem}");
    }
    for site in SiteId::ALL {
        assert!(
            svg.contains(&format!(">{}</text>", name(site))),
            "{site} is not named"
        );
        assert_eq!(
            svg.matches(&format!(r#"<g id="site-{site}""#)).count(),
            1,
            "{site} has one group"
        );
    }
    for forbidden in [
        "<script",
        "<image",
        "<foreignObject",
        "@import",
        "href=",
        "url(",
    ] {
        assert!(!svg.contains(forbidden), "{forbidden} in the picture");
    }
    svg
}

/// How the picture names a site: "Village 2".
fn name(site: SiteId) -> String {
    let kind = match site.kind() {
        SiteKind::Fort => "Fort",
        SiteKind::Town => "Town",
        SiteKind::Village => "Village",
        SiteKind::Castle => "Castle",
    };
    format!("{kind} {}", site.number())
}

fn site(text: &str) -> SiteId {
    text.parse().expect("a site")
}

/// The part of the picture that draws `site`: its group, up to the next site's group or the
/// panel.
fn site_group(svg: &str, site: SiteId) -> &str {
    let start = svg
        .find(&format!(r#"<g id="site-{site}""#))
        .expect("every site has a group");
    let rest = &svg[start..];
    let end = rest[1..]
        .find(r#"<g id="site-"#)
        .or_else(|| rest.find(r#"<g id="turn""#))
        .map_or(rest.len(), |n| n + 1);
    &rest[..end]
}

/// The group with the id `id`, up to its end tag (groups of the panel hold no inner group).
fn panel_group<'a>(svg: &'a str, id: &str) -> &'a str {
    let start = svg
        .find(&format!(r#"<g id="{id}">"#))
        .unwrap_or_else(|| panic!("no group {id}"));
    let rest = &svg[start..];
    &rest[..rest.find("</g>").expect("the group is closed")]
}

/// The value written after the label `label` in `part`: the content of the next text.
fn value_after<'a>(part: &'a str, label: &str) -> &'a str {
    let at = part
        .find(&format!(">{label}</text>"))
        .unwrap_or_else(|| panic!("no label {label} in {part}"));
    let rest = &part[at + label.len() + 8..];
    let open = rest.find("<text").expect("a value follows the label");
    let rest = &rest[open..];
    let start = rest.find('>').expect("the text tag ends") + 1;
    let end = rest.find("</text>").expect("the text is closed");
    &rest[start..end]
}

/// The five values of `part`, in the order Soldiers, Weapons, Food, Funds, Slaves.
fn values(part: &str) -> [&str; 5] {
    ["Soldiers", "Weapons", "Food", "Funds", "Slaves"].map(|label| value_after(part, label))
}

/// A position after up to `steps` random legal actions from seed `seed`.
fn random_play(seed: u64, steps: usize) -> State {
    let mut state = State::new(seed);
    let mut rng = GameRng::from_seed_u64(seed ^ 0x5eed);
    for _ in 0..steps {
        let legal = state.legal_actions();
        if legal.is_empty() {
            break;
        }
        let action = legal[rng.below(legal.len() as u32) as usize];
        game()
            .apply(&mut state, action, &mut Log::silent())
            .expect("a listed action applies");
    }
    state
}

#[test]
fn the_first_picture_is_well_formed_and_knows_nothing() {
    let state = State::new(2024);
    let svg = check_picture(&state);
    for site in SiteId::ALL
        .into_iter()
        .filter(|s| s.kind() != SiteKind::Castle)
    {
        let group = site_group(&svg, site);
        assert_eq!(values(group), ["?"; 5], "{site}");
        assert!(group.contains("Units: ?"), "{site}");
        assert!(group.contains("never seen"), "{site}");
    }
    for castle in ["castle-1", "castle-2"] {
        let group = site_group(&svg, site(castle));
        assert!(group.contains(">Reserved</text>"), "{group}");
        assert!(!group.contains(">Soldiers</text>"));
    }
    assert!(site_group(&svg, site("fort-1")).contains(">Front line</text>"));
    assert!(svg.contains("Day 1 · scout phase"));
}

#[test]
fn pictures_of_random_games_are_well_formed() {
    for seed in 0..12 {
        for steps in [5, 25, 60, 400] {
            check_picture(&random_play(seed, steps));
        }
    }
}

#[test]
fn an_unseen_site_shows_question_marks_and_never_its_true_values() {
    let mut state = State::new(5);
    let village = site("village-4");
    // Revealed behind the player's back: the true values exist, the player has not seen them.
    state.set_site(
        village,
        Resources {
            soldiers: 97,
            weapons: 96,
            food: 95,
            funds: 94,
            slaves: 93,
        },
    );
    assert!(state.site(village).revealed);
    assert!(state.known_site(village).is_none());
    let svg = check_picture(&state);
    let group = site_group(&svg, village);
    assert_eq!(values(group), ["?"; 5]);
    assert!(group.contains("Units: ?"));
    for hidden in ["97", "96", "95", "94", "93"] {
        assert!(
            !svg.contains(&format!(">{hidden}<")) && !svg.contains(&format!(" {hidden}")),
            "the true value {hidden} is drawn"
        );
    }
    // Its units are placed but unseen.
    for unit in state.site(village).units.iter() {
        assert!(!svg.contains(&unit.entry().name), "{unit} is drawn");
    }
}

#[test]
fn a_scouted_site_shows_its_observed_values_and_keeps_them_after_a_change() {
    let mut state = State::new(11);
    let village = site("village-2");
    game()
        .apply(&mut state, Action::Scout(village), &mut Log::silent())
        .unwrap();
    let seen = *state.known_site(village).unwrap();
    let svg = check_picture(&state);
    let group = site_group(&svg, village);
    let expected = [
        seen.resources.soldiers,
        seen.resources.weapons,
        seen.resources.food,
        seen.resources.funds,
        seen.resources.slaves,
    ]
    .map(|v| v.to_string());
    assert_eq!(values(group), expected.each_ref().map(String::as_str));
    assert!(group.contains("seen today (day 1)"), "{group}");
    for unit in seen.units.iter() {
        assert!(group.contains(&unit.entry().name), "{unit} is not shown");
    }
    assert!(
        group.contains(&format!("{}", seen.resources)),
        "hover title"
    );

    // The site changes unseen (as drift does, RG-7.6): the picture keeps what was seen.
    state.set_site(
        village,
        Resources {
            soldiers: 88,
            weapons: 87,
            food: 86,
            funds: 85,
            slaves: 84,
        },
    );
    let svg = check_picture(&state);
    assert_eq!(
        values(site_group(&svg, village)),
        expected.each_ref().map(String::as_str)
    );
    for hidden in ["88", "87", "86", "85", "84"] {
        assert!(
            !svg.contains(&format!(">{hidden}<")) && !svg.contains(&format!(" {hidden}")),
            "the true value {hidden} is drawn"
        );
    }
}

#[test]
fn the_camp_shows_its_values() {
    let mut state = State::new(3);
    state.set_player(Resources {
        soldiers: 41,
        weapons: 37,
        food: 53,
        funds: 29,
        slaves: 31,
    });
    let svg = check_picture(&state);
    let camp = panel_group(&svg, "camp");
    assert_eq!(values(camp), ["41", "37", "53", "29", "31"]);
    assert!(camp.contains("Strength 37"), "{camp}");
}

#[test]
fn the_fort_ladders_mark_the_current_step_and_the_fallen() {
    let mut state = State::new(9);
    state.set_war_status(site("fort-1"), WarStatus::Fallen);
    state.set_war_status(site("fort-2"), WarStatus::Crisis);
    let svg = check_picture(&state);
    let fort1 = site_group(&svg, site("fort-1"));
    assert!(fort1.contains(">Fallen</text>"), "{fort1}");
    assert!(
        !fort1.contains(">Taken</text>"),
        "fallen to the war, not to a raid"
    );
    assert!(fort1.contains("War status 5: Fallen"));
    assert!(!fort1.contains("Front line"));
    let fort2 = site_group(&svg, site("fort-2"));
    assert!(fort2.contains(">Front line</text>"), "{fort2}");
    assert!(fort2.contains("War status 4: Crisis"));
    let fort3 = site_group(&svg, site("fort-3"));
    assert!(fort3.contains("War status 0: Solid"));
    // Every ladder has its six steps, each with its name as a hover title.
    for fort in SiteId::FORTS {
        let group = site_group(&svg, fort);
        for step in WarStatus::LADDER {
            assert!(group.contains(&format!("<title>{}</title>", step.name())));
        }
    }
}

#[test]
fn raids_sacks_and_the_decision_are_shown() {
    // Find a raid won in random play: the site is sacked and raided today.
    let state = (0..200)
        .find_map(|seed| {
            let mut state = State::new(seed);
            let mut rng = GameRng::from_seed_u64(seed);
            for _ in 0..300 {
                let legal = state.legal_actions();
                if legal.is_empty() {
                    return None;
                }
                let raided = state.raided_this_turn();
                if raided.iter().any(|&s| state.site(s).sacked) {
                    return Some(state);
                }
                let action = legal[rng.below(legal.len() as u32) as usize];
                game()
                    .apply(&mut state, action, &mut Log::silent())
                    .unwrap();
            }
            None
        })
        .expect("some random game wins a raid");
    let svg = check_picture(&state);
    let sacked = *state
        .raided_this_turn()
        .iter()
        .find(|&&s| state.site(s).sacked)
        .unwrap();
    let group = site_group(&svg, sacked);
    assert_ne!(
        sacked.kind(),
        SiteKind::Fort,
        "a fort falls, it is not sacked"
    );
    assert!(group.contains(">Sacked</text>"), "{group}");
    assert!(group.contains(">Raided today</text>"), "{group}");
    let decision = state.decision().unwrap();
    let words = format!("{} ({})", decision.kind, decision.kind.rule());
    assert!(
        svg.contains(&format!(r#"<g id="decision"><title>{words}</title>"#)),
        "{words}"
    );
    for action in decision.choices.iter().take(3) {
        assert!(svg.contains(&action.to_string()), "{action}");
    }
}

#[test]
fn a_finished_game_shows_its_ending() {
    let state = random_play(4, 10_000);
    assert!(state.is_over());
    let svg = check_picture(&state);
    let ending = state.ending().unwrap().to_string();
    assert!(svg.contains(&format!("Game over: {}", ending)), "{ending}");
}

/// Writes the picture of a mid-game position to the file named by `DARBAR_SVG_OUT`: a raid
/// phase with a raid done today, several sites seen, one sacked, a fort down the ladder and a
/// unit with the camp.
#[test]
#[ignore = "writes a file: run with DARBAR_SVG_OUT=path and --ignored"]
fn write_a_mid_game_picture() {
    let path = std::env::var("DARBAR_SVG_OUT").expect("DARBAR_SVG_OUT names the file to write");
    let interesting = |state: &State| {
        let seen = SiteId::ALL
            .iter()
            .filter(|&&s| state.known_site(s).is_some())
            .count();
        let sacked = SiteId::ALL
            .iter()
            .filter(|&&s| state.site(s).sacked)
            .count();
        let front = state
            .front_fort()
            .and_then(|f| state.war_status(f))
            .is_some_and(|w| w.index() >= 1);
        state.turn() >= 3
            && (5..=9).contains(&seen)
            && (2..=4).contains(&sacked)
            && state.phase() == darbar::raid::Phase::Raid
            && front
            && !state.army().is_empty()
            && !state.raided_this_turn().is_empty()
            && state.decision().is_some()
    };
    let state = (0..500)
        .find_map(|seed| {
            let mut state = State::new(seed);
            let mut rng = GameRng::from_seed_u64(seed ^ 0x5eed);
            for _ in 0..400 {
                if interesting(&state) {
                    return Some(state);
                }
                let legal = state.legal_actions();
                if legal.is_empty() {
                    return None;
                }
                // Scout rather than skip, and raid rather than stop, most of the time.
                let action = legal[rng.below(legal.len() as u32) as usize];
                game()
                    .apply(&mut state, action, &mut Log::silent())
                    .unwrap();
            }
            None
        })
        .expect("some game reaches such a position");
    std::fs::write(&path, state.to_svg()).expect("the file can be written");
    println!("{state}");
}

#[test]
fn castles_in_play_are_drawn_like_other_sites() {
    let options = darbar::raid::Options {
        castles_in_play: true,
        ..darbar::raid::Options::default()
    };
    let mut state = State::with_options(8, options);
    game()
        .apply(
            &mut state,
            Action::Scout(site("castle-1")),
            &mut Log::silent(),
        )
        .unwrap();
    let seen = *state.known_site(site("castle-1")).unwrap();
    let svg = check_picture(&state);
    let castle = site_group(&svg, site("castle-1"));
    assert!(!castle.contains("Reserved"), "{castle}");
    assert_eq!(values(castle)[0], seen.resources.soldiers.to_string());
    assert_eq!(values(site_group(&svg, site("castle-2"))), ["?"; 5]);
}

/// The document's title is its text, escaped once: no markup of its own shows in it.
#[test]
fn the_document_title_is_plain_text() {
    let svg = State::new(7).to_svg();
    assert!(
        svg.contains("<title>Kingdom raid, seed 7: the kingdom as the player knows it</title>")
    );
    assert!(!svg.contains("&lt;title"));
}
