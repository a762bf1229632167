//! The test vectors of WK-14 (and WK-7.5), by name: `wk_tv_<n>_…`. Each builds its position
//! through the snapshot format (`scenario.rs`), lets the rules play Wakhan's turn, and checks
//! what she did and the reasons in the log.

use darbar::pax_pamir::{Coalition, Label, Row, Side};

use crate::scenario::Scenario;

/// WK-TV-1: the arrows of the current card read the back of the next (WK-1.3).
#[test]
fn wk_tv_1_arrows_read_the_next_cards_back() {
    for (current, next, label, row, side, column) in [
        (1, 2, Label::T, Row::Top, Side::Left, 0),
        (5, 9, Label::T, Row::Top, Side::Left, 1),
        (2, 7, Label::B, Row::Bottom, Side::Right, 2),
        (15, 8, Label::T, Row::Top, Side::Left, 3),
    ] {
        let state = Scenario::wakhan(2).ai_current(current, next).build();
        let cards = darbar::pax_pamir::CardData::standard();
        let arrows = state.arrows(cards).expect("a current and a next card");
        assert_eq!(arrows.label, label, "AI{current} over AI{next}");
        assert_eq!((arrows.label.row(), arrows.label.side()), (row, side));
        assert_eq!(arrows.column, column, "AI{current} over AI{next}");
    }
}

/// WK-TV-3: pragmatic loyalty is the first coalition of the card no opponent is loyal to
/// (WK-1.4).
#[test]
fn wk_tv_3_pragmatic_loyalty_skips_the_opponents_coalitions() {
    let cards = darbar::pax_pamir::CardData::standard();
    let one = Scenario::wakhan(2)
        .loyalty(1, Coalition::Russian)
        .ai_current(1, 2)
        .build();
    assert_eq!(one.pragmatic_loyalty(cards), Coalition::Afghan);
    let two = |a, b| {
        Scenario::wakhan(3)
            .loyalty(1, a)
            .loyalty(2, b)
            .ai_current(1, 2)
            .build()
            .pragmatic_loyalty(cards)
    };
    assert_eq!(
        two(Coalition::Russian, Coalition::Afghan),
        Coalition::British
    );
    assert_eq!(
        two(Coalition::Afghan, Coalition::Afghan),
        Coalition::Russian
    );
    assert_eq!(
        two(Coalition::Russian, Coalition::British),
        Coalition::Afghan
    );
}
