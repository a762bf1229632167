//! Counts in words for the log: one name per thing, singular for 1 and plural otherwise.

use super::PieceKind;

/// `n` of `one`, with the plural `many` unless `n` is 1: "1 Resource", "3 Resources".
pub(crate) fn count(n: impl Into<i64>, one: &str, many: &str) -> String {
    crate::engine::log::counted(n, one, many)
}

/// `n` Resources (§1.8): "1 Resource", "0 Resources".
pub(crate) fn resources(n: u8) -> String {
    count(n, "Resource", "Resources")
}

/// `n` cavalry tokens (§1.10): "1 cavalry token", "2 cavalry tokens".
pub(crate) fn cavalry_tokens(n: u8) -> String {
    count(n, "cavalry token", "cavalry tokens")
}

/// `n` pieces of `kind`: "1 Troop", "3 Amirs".
pub(crate) fn pieces(n: u8, kind: PieceKind) -> String {
    format!("{n} {}", kind.name(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(resources(1), "1 Resource");
        assert_eq!(resources(0), "0 Resources");
        assert_eq!(cavalry_tokens(1), "1 cavalry token");
        assert_eq!(cavalry_tokens(2), "2 cavalry tokens");
        assert_eq!(pieces(1, PieceKind::Troop), "1 Troop");
        assert_eq!(pieces(2, PieceKind::Troop), "2 Troops");
        assert_eq!(count(-1, "VP", "VP"), "-1 VP");
    }
}
