//! A readable text picture of the state, as the player knows it: sites with their last seen
//! values, the fort ladders, the camp.

use std::fmt;

use super::{SiteId, State, WarStatus};

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Day {}, {} phase", self.turn, self.phase)?;
        writeln!(f, "Camp: {}", self.player)?;
        let talents: Vec<String> = self.army_talents().iter().map(|t| t.to_string()).collect();
        let units: Vec<String> = self.army.iter().map(|u| u.entry().name.clone()).collect();
        writeln!(
            f,
            "Talents: {}; units: {}; recruited {} in all",
            if talents.is_empty() {
                "none".into()
            } else {
                talents.join(", ")
            },
            if units.is_empty() {
                "none".into()
            } else {
                units.join(", ")
            },
            self.recruited
        )?;
        writeln!(f, "Forts (front first):")?;
        for fort in SiteId::FORTS {
            let status = self.war_status(fort).unwrap_or(WarStatus::Fallen);
            let ladder: String = WarStatus::LADDER
                .iter()
                .map(|&w| if w == status { '#' } else { '.' })
                .collect();
            writeln!(f, "  {fort:<10} [{ladder}] {status}")?;
        }
        writeln!(f, "Sites (as last seen):")?;
        for site in SiteId::ALL {
            if !self.in_play(site) {
                writeln!(f, "  {site:<10} reserved")?;
                continue;
            }
            let s = self.site(site);
            let mark = if s.sacked {
                " (taken)"
            } else if !self.is_raidable(site) {
                " (fallen)"
            } else {
                ""
            };
            match self.known_site(site) {
                None => writeln!(f, "  {site:<10} unknown{mark}")?,
                Some(seen) => {
                    let units: Vec<String> =
                        seen.units.iter().map(|u| u.entry().name.clone()).collect();
                    writeln!(
                        f,
                        "  {site:<10} {} (day {}){}{mark}",
                        seen.resources,
                        seen.turn,
                        if units.is_empty() {
                            String::new()
                        } else {
                            format!("; units: {}", units.join(", "))
                        }
                    )?;
                }
            }
        }
        if let Some(ending) = self.ending {
            write!(f, "Ended: {ending}")?;
            if let Some((score, rank)) = self.final_score() {
                write!(f, ", score {score} ({rank})")?;
            }
            writeln!(f)?;
            // How it ended and how the score came about, in the words of the log (ruling 26).
            for line in self.end_report() {
                writeln!(f, "  {line}")?;
            }
        }
        Ok(())
    }
}
