//! Rust = Lua: what a card script reads through `game` is what the core says, on positions
//! well away from the start.

use darbar::engine::GameRng;
use darbar::vijayanagara::{Loyalty, Options, Piece, Player, SpaceId, State, Vijayanagara};
use darbar_lua::{Host, ScriptValue};

/// A position with Independent, controlled, Rebelling and Mongol-held spaces and moved tracks.
fn developed_position() -> State {
    let mut state = State::new(31);
    for space in [
        SpaceId::Maharashtra,
        SpaceId::Karnataka,
        SpaceId::Malwa,
        SpaceId::Gujarat,
    ] {
        state.set_tributary(space, false).unwrap();
    }
    state.place(SpaceId::Gujarat, Piece::Fort, 1).unwrap();
    state.place(SpaceId::Tamilakam, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Punjab, Piece::Mongol, 3).unwrap();
    state
        .set_loyalty(SpaceId::Madhyadesh, Piece::Amir(Loyalty::Obedient), 1)
        .unwrap();
    state.shift_influence(Player::Vijayanagara, 3).unwrap();
    state.shift_influence(Player::Bahmani, 1).unwrap();
    state.gain_cavalry_from_pool(Player::Bahmani, 3);
    state
}

/// The script's view of every space and player, as one table.
const READ_EVERYTHING: &str = r#"
    local out = { spaces = {}, players = {} }
    for _, space in ipairs(game:spaces()) do
        local p = game:pieces(space)
        out.spaces[space] = {
            troops = p.troops, governors = p.governors, mongols = p.mongols,
            amirs_obedient = p.amirs_obedient, amirs_rebelling = p.amirs_rebelling,
            rajas_obedient = p.rajas_obedient, rajas_rebelling = p.rajas_rebelling,
            structure = p.structure or "none",
            control = game:control(space) or "none",
            tributary = game:is_tributary(space),
        }
    end
    for _, player in ipairs(game:players()) do
        out.players[player] = {
            resources = game:resources(player),
            cavalry = game:cavalry(player),
            vp = game:victory_points(player),
            influence = game:influence(player) or -1,
        }
    end
    out.pool = game:cavalry_pool()
    return out
"#;

fn int(value: &ScriptValue, key: &str) -> i64 {
    value
        .get(key)
        .and_then(ScriptValue::as_i64)
        .unwrap_or_else(|| panic!("{key} in {value}"))
}

fn text<'a>(value: &'a ScriptValue, key: &str) -> &'a str {
    value
        .get(key)
        .and_then(ScriptValue::as_str)
        .unwrap_or_else(|| panic!("{key} in {value}"))
}

#[test]
fn lua_reads_what_rust_says() {
    let state = developed_position();
    assert_eq!(state.check_invariants(), Ok(()));
    let mut rng = GameRng::from_seed_u64(1);
    let view = Host::new()
        .evaluate(
            &Vijayanagara::without_events(Options::default()),
            &state,
            &mut rng,
            READ_EVERYTHING,
            "read everything",
        )
        .unwrap();
    for space in SpaceId::ALL {
        let lua = view
            .get("spaces")
            .and_then(|s| s.get(space.name()))
            .unwrap();
        let rust = state.space(space);
        assert_eq!(int(lua, "troops"), i64::from(rust.troops), "{space}");
        assert_eq!(int(lua, "governors"), i64::from(rust.governors), "{space}");
        assert_eq!(int(lua, "mongols"), i64::from(rust.mongols), "{space}");
        assert_eq!(
            int(lua, "amirs_obedient"),
            i64::from(rust.amirs.obedient),
            "{space}"
        );
        assert_eq!(
            int(lua, "amirs_rebelling"),
            i64::from(rust.amirs.rebelling),
            "{space}"
        );
        assert_eq!(
            int(lua, "rajas_obedient"),
            i64::from(rust.rajas.obedient),
            "{space}"
        );
        assert_eq!(
            int(lua, "rajas_rebelling"),
            i64::from(rust.rajas.rebelling),
            "{space}"
        );
        let structure = rust
            .structure
            .map_or("none".to_owned(), |s| format!("{s:?}"));
        assert_eq!(text(lua, "structure"), structure, "{space}");
        let control = state
            .controller(space)
            .map_or("none", |p| p.faction().abbreviation());
        assert_eq!(text(lua, "control"), control, "{space}");
        assert_eq!(
            lua.get("tributary").and_then(ScriptValue::as_bool),
            Some(state.is_tributary(space))
        );
    }
    for player in Player::ALL {
        let key = player.faction().abbreviation();
        let lua = view.get("players").and_then(|p| p.get(key)).unwrap();
        assert_eq!(
            int(lua, "resources"),
            i64::from(state.resources(player)),
            "{key}"
        );
        assert_eq!(
            int(lua, "cavalry"),
            i64::from(state.cavalry(player)),
            "{key}"
        );
        assert_eq!(
            int(lua, "vp"),
            i64::from(state.victory_points(player)),
            "{key}"
        );
        assert_eq!(
            int(lua, "influence"),
            state.influence(player).map_or(-1, i64::from),
            "{key}"
        );
    }
    assert_eq!(int(&view, "pool"), i64::from(state.cavalry_pool()));
}

#[test]
fn lua_dice_are_the_cores_dice() {
    let state = State::new(5);
    let mut lua_rng = GameRng::from_seed_u64(99);
    let mut core_rng = GameRng::from_seed_u64(99);
    let script = "local t = {} for i = 1, 20 do t[i] = math.random(6) end return t";
    let rolls = Host::new()
        .evaluate(
            &Vijayanagara::without_events(Options::default()),
            &state,
            &mut lua_rng,
            script,
            "dice",
        )
        .unwrap();
    let expected: Vec<i64> = (0..20).map(|_| i64::from(core_rng.die())).collect();
    let got: Vec<i64> = rolls
        .as_list()
        .unwrap()
        .iter()
        .filter_map(ScriptValue::as_i64)
        .collect();
    assert_eq!(got, expected);
    assert_eq!(lua_rng, core_rng, "both generators end in the same place");
}
