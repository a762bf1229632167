//! A readable text picture of the state: the map space by space, then the tracks.

use std::fmt::{self, Write as _};

use super::influence::slot_levels;
use super::{Faction, LoyaltyCounts, PieceKind, Player, SpaceId, SpaceKind, State};

impl State {
    /// The pieces of one faction in `space`, in words: "3 Troops, 1 Governor, Qasbah".
    fn describe_pieces(&self, space: SpaceId, faction: Faction) -> String {
        let pieces = self.space(space);
        let mut parts = Vec::new();
        let mut count = |kind: PieceKind, n: u8| {
            if n > 0 {
                parts.push(format!("{n} {}", kind.name(n)));
            }
        };
        let loyal = |kind: PieceKind, counts: LoyaltyCounts| -> Option<String> {
            let n = counts.total();
            match (counts.obedient, counts.rebelling) {
                (0, 0) => None,
                (_, 0) => Some(format!("{n} {}", kind.name(n))),
                (0, _) => Some(format!("{n} Rebelling {}", kind.name(n))),
                (o, r) => Some(format!(
                    "{n} {} ({o} Obedient, {r} Rebelling)",
                    kind.name(n)
                )),
            }
        };
        match faction {
            Faction::Sultanate => {
                count(PieceKind::Troop, pieces.troops);
                count(PieceKind::Governor, pieces.governors);
            }
            Faction::Bahmani => parts.extend(loyal(PieceKind::Amir, pieces.amirs)),
            Faction::Vijayanagara => parts.extend(loyal(PieceKind::Raja, pieces.rajas)),
            Faction::Mongols => count(PieceKind::Mongol, pieces.mongols),
        }
        if let Some(structure) = pieces.structure.filter(|s| s.owner() == faction) {
            parts.push(structure.kind().to_string());
        }
        parts.join(", ")
    }

    fn describe_space(&self, space: SpaceId) -> String {
        let groups: Vec<String> = Faction::ALL
            .into_iter()
            .filter_map(|f| {
                let text = self.describe_pieces(space, f);
                (!text.is_empty()).then(|| format!("{} {text}", f.abbreviation()))
            })
            .collect();
        if groups.is_empty() {
            "empty".into()
        } else {
            groups.join(" | ")
        }
    }
}

impl fmt::Display for State {
    /// The whole state as text: what `darbar new vijayanagara` prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_table(f, true)
    }
}

impl State {
    /// The table as every faction sees it: the whole state but for the seed, from which the
    /// order of the deck and every future die follow (§2.3: the played cards and the number
    /// left are public, not the order of the rest).
    pub(crate) fn public_board(&self) -> String {
        struct Public<'a>(&'a State);
        impl fmt::Display for Public<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write_table(f, false)
            }
        }
        Public(self).to_string()
    }

    fn write_table(&self, f: &mut fmt::Formatter<'_>, with_seed: bool) -> fmt::Result {
        let deck = self.deck();
        let current = deck
            .current()
            .map_or_else(|| "none yet".into(), |c| c.to_string());
        let seed = if with_seed {
            format!(" · seed {}", self.seed())
        } else {
            String::new()
        };
        writeln!(
            f,
            "Vijayanagara{seed} · {} dynasty · {} played, {} left · current card: {current}",
            self.dynasty(),
            super::words::count(deck.played().len() as i64, "card", "cards"),
            deck.remaining(),
        )?;
        writeln!(f)?;
        writeln!(
            f,
            "{:<16} {:<4} {:<13} {:<7} Pieces",
            "Space", "Pros", "Status", "Control"
        )?;
        for space in SpaceId::ALL {
            let (prosperity, status) = match space.kind() {
                SpaceKind::Province => (
                    self.map().prosperity(space).to_string(),
                    if self.is_tributary(space) {
                        "Tributary"
                    } else {
                        "Independent"
                    },
                ),
                SpaceKind::MongolInvasionRegion => ("-".into(), "Mongol region"),
                SpaceKind::Delhi => ("-".into(), "Capital"),
            };
            let control = self
                .controller(space)
                .map_or("-", |p| p.faction().abbreviation());
            writeln!(
                f,
                "{:<16} {:<4} {:<13} {:<7} {}",
                space.name(),
                prosperity,
                status,
                control,
                self.describe_space(space)
            )?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "{:<8} {:>9} {:>7} {:>3}  {:<30} Play order",
            "Faction", "Resources", "Cavalry", "VP", "Deccan Influence"
        )?;
        for player in Player::ALL {
            let influence = match self.influence_track(player) {
                None => "-".to_owned(),
                Some(track) => {
                    let mut text = format!("{} (slots", track.level);
                    for &level in slot_levels(player) {
                        let _ = write!(text, " L{level}:{}", track.slots[usize::from(level - 1)]);
                    }
                    text + ")"
                }
            };
            let mut order = self.eligibility(player).to_string();
            if self.stays_eligible(player) {
                order.push_str(" (stays eligible)");
            }
            writeln!(
                f,
                "{:<8} {:>9} {:>7} {:>3}  {:<30} {}",
                player.faction().abbreviation(),
                self.resources(player),
                self.cavalry(player),
                self.victory_points(player),
                influence,
                order
            )?;
        }
        if self.is_over() {
            // The VP column is the final score: the end section says how it came about (§5),
            // in the words of the log.
            for line in self.final_report() {
                writeln!(f, "{line}")?;
            }
        }
        writeln!(f, "Cavalry pool: {}", self.cavalry_pool())?;
        let available = self.available();
        let boxes: Vec<String> = Faction::ALL
            .into_iter()
            .map(|faction| {
                let kinds: Vec<String> = PieceKind::ALL
                    .into_iter()
                    .filter(|k| k.owner() == faction)
                    .map(|k| format!("{} {}", available.get(k), k.name(available.get(k))))
                    .collect();
                format!("{} {}", faction.abbreviation(), kinds.join(", "))
            })
            .collect();
        writeln!(f, "Available: {}", boxes.join(" | "))
    }
}
