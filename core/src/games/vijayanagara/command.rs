//! Commands (§3): selecting spaces one at a time (§3.1.1), paying for them (§3.1, §3.1.3),
//! using each piece at most once (§3.1.2), and the per-space steps of every Command of DS
//! (§3.2), BK (§3.3) and VN (§3.4). The Mongol commands are in [`super::mongol`] and combat in
//! [`super::combat`].

use serde::{Deserialize, Serialize};

use super::action::CommandKind;
use super::combat::AttackPlan;
use super::lasting::Lasting;
use super::options::SupportLimit;
use super::sequence::Frame;
use super::words;
use super::{
    Action, DecisionKind, Error, Faction, Log, Loyalty, Piece, PieceKind, Player, SPACE_COUNT,
    SpaceId, SpacePieces, SpaceSet, State, Structure, VijayanagaraDecision,
};
use crate::engine::{Decision, Rule};

/// The rule of each Command, for errors and decisions.
pub(crate) fn rule_of(faction: Faction, kind: CommandKind) -> Rule {
    Rule(match (faction, kind) {
        (_, CommandKind::Conscript) => "3.2.1",
        (_, CommandKind::March) => "3.2.2",
        (_, CommandKind::Govern) => "3.2.3",
        (Faction::Bahmani, CommandKind::Attack) => "3.3.4",
        (Faction::Vijayanagara, CommandKind::Attack) => "3.4.4",
        (_, CommandKind::Attack) => "3.2.4",
        (Faction::Vijayanagara, CommandKind::Rally) => "3.4.1",
        (_, CommandKind::Rally) => "3.3.1",
        (Faction::Vijayanagara, CommandKind::Migrate) => "3.4.2",
        (_, CommandKind::Migrate) => "3.3.2",
        (Faction::Vijayanagara, CommandKind::Rebel) => "3.4.3",
        (_, CommandKind::Rebel) => "3.3.3",
        (_, CommandKind::Amass) => "3.5.1",
        (_, CommandKind::Advance) => "3.5.2",
        (_, CommandKind::AttackAndPlunder) => "3.5.3",
    })
}

/// How a Command may be carried out: by whom, in how many spaces, at what cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CommandScope {
    /// The faction whose Command it is.
    pub faction: Faction,
    /// Who makes its choices: the faction itself, or the Mongols' operator (§2.4.1).
    pub operator: Player,
    /// Exactly one space (§2.3.5).
    pub limited: bool,
    /// No Resources per space (§3.1.3).
    pub free: bool,
    /// Rebel is legal even under the Khalji dynasty (§2.7.1).
    pub rebel_under_khalji: bool,
    /// An event's restriction: only these spaces.
    pub only: Option<SpaceSet>,
    /// An event's limit: at most this many spaces.
    pub max_spaces: Option<u8>,
    /// An event's "may" or "in up to n spaces": the Command may end with no space selected
    /// (deck C6).
    #[serde(default)]
    pub optional: bool,
}

impl CommandScope {
    /// A full Command of a branch option (§2.3.3).
    pub(crate) fn full(player: Player) -> Self {
        CommandScope {
            faction: player.faction(),
            operator: player,
            limited: false,
            free: false,
            rebel_under_khalji: false,
            only: None,
            max_spaces: None,
            optional: false,
        }
    }

    /// A Limited Command (§2.3.5).
    pub(crate) fn limited(player: Player) -> Self {
        CommandScope {
            limited: true,
            ..CommandScope::full(player)
        }
    }

    /// A free Limited Command granted by a card (§2.5.2, §3.1.3).
    pub(crate) fn free_limited(player: Player) -> Self {
        CommandScope {
            free: true,
            ..CommandScope::limited(player)
        }
    }

    /// A Mongol command, operated by the faction named on the card (§2.4.1, §3.5). Mongol
    /// commands cost nothing: MI has no Resources.
    pub(crate) fn mongol(operator: Player) -> Self {
        CommandScope {
            faction: Faction::Mongols,
            operator,
            ..CommandScope::free_limited(operator)
        }
    }
}

/// The step a Command is at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Step {
    /// Selecting the next space, or done (§3.1.1).
    Select,
    /// How many Troops to Conscript (§3.2.1).
    Conscript(SpaceId),
    /// Moving units into a destination; `moved` so far (§3.2.2, §3.3.2, §3.4.2).
    Move { dest: SpaceId, moved: u8 },
    /// Whether to pay for Migrate's Influence shift (§3.3.2, §3.4.2, OQ-41).
    MigrateShift(SpaceId),
    /// Govern in a space: `removed` Obedient units so far, and whether a Qasbah was placed.
    Govern {
        space: SpaceId,
        removed: u8,
        qasbah: bool,
    },
    /// How many units to Rally (§3.3.1, §3.4.1).
    Rally(SpaceId),
    /// Choosing the defender of an attack (§3.X C-1).
    Defender(SpaceId),
    /// The attack is ready: the battle starts (§3.X).
    Battle { space: SpaceId, defender: Faction },
    /// Adding supporters from adjacent spaces (§3.2.4, §3.3.4, §3.4.4).
    Support { space: SpaceId, defender: Faction },
    /// The Mongols advance from this space: how many (§3.5.2). `None` while the leg is chosen.
    Advance(Option<SpaceId>),
    /// Plunder after a Mongol attack (§3.5.3).
    Plunder(SpaceId),
    /// DS removes Troops for Plunder (§3.5.3): `remaining` to remove.
    PlunderTroops { space: SpaceId, remaining: u8 },
    /// The Command is over.
    Finished,
}

/// A Command under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CommandState {
    pub kind: CommandKind,
    pub scope: CommandScope,
    /// Spaces selected so far (§3.1.1: each at most once).
    pub selected: SpaceSet,
    /// Pieces used so far, by the space they stand in (§3.1.2).
    pub used: [SpacePieces; SPACE_COUNT],
    /// Supporters chosen for the attack being prepared, by source space.
    pub support: Vec<(SpaceId, Piece)>,
    pub step: Step,
}

/// The units a faction's Command moves or attacks with.
fn unit_kinds(faction: Faction) -> &'static [PieceKind] {
    match faction {
        Faction::Sultanate => &[PieceKind::Troop, PieceKind::Governor],
        Faction::Bahmani => &[PieceKind::Amir],
        Faction::Vijayanagara => &[PieceKind::Raja],
        Faction::Mongols => &[PieceKind::Mongol],
    }
}

/// Every concrete unit of `faction` (Amirs and Rajas in both states).
pub(crate) fn unit_pieces(faction: Faction) -> impl Iterator<Item = Piece> {
    unit_kinds(faction).iter().flat_map(|&kind| {
        let states: &[Loyalty] = if kind.has_loyalty() {
            &[Loyalty::Obedient, Loyalty::Rebelling]
        } else {
            &[Loyalty::Obedient]
        };
        states.iter().map(move |&l| Piece::with_loyalty(kind, l))
    })
}

impl CommandState {
    /// Units of this piece in `space` not yet used by this Command (§3.1.2).
    fn unused(&self, state: &State, space: SpaceId, piece: Piece) -> u8 {
        state
            .space(space)
            .count_piece(piece)
            .saturating_sub(self.used[space.index()].count_piece(piece))
    }

    fn mark_used(&mut self, space: SpaceId, piece: Piece, n: u8) {
        self.used[space.index()].adjust(piece, i16::from(n));
    }

    /// Forgets one used unit of `piece`'s kind in `space` that a battle removed (C-7), so that
    /// the units there that took no part stay usable (§3.1.2). Without it the used count would
    /// be clipped to what is left, and would swallow the unused ones. A used unit may have
    /// changed state since it was marked, so the other state's count is taken if need be.
    pub(crate) fn release_used(&mut self, space: SpaceId, piece: Piece) {
        let used = &mut self.used[space.index()];
        let flip = |l| match l {
            Loyalty::Obedient => Loyalty::Rebelling,
            Loyalty::Rebelling => Loyalty::Obedient,
        };
        let other = match piece {
            Piece::Amir(l) => Piece::Amir(flip(l)),
            Piece::Raja(l) => Piece::Raja(flip(l)),
            _ => piece,
        };
        if used.count_piece(piece) > 0 {
            used.adjust(piece, -1);
        } else if used.count_piece(other) > 0 {
            used.adjust(other, -1);
        }
    }

    /// Keeps the used counts within what stands on the map after states changed (R1/R2, R3)
    /// or pieces were removed: a used unit whose state flipped is still used.
    fn normalize_used(&mut self, state: &State) {
        for space in SpaceId::ALL {
            let actual = state.space(space);
            let used = &mut self.used[space.index()];
            used.troops = used.troops.min(actual.troops);
            used.governors = used.governors.min(actual.governors);
            used.mongols = used.mongols.min(actual.mongols);
            for (u, a) in [
                (&mut used.amirs, actual.amirs),
                (&mut used.rajas, actual.rajas),
            ] {
                let total = (u.obedient + u.rebelling).min(a.total());
                let rebelling = u
                    .rebelling
                    .max(total.saturating_sub(a.obedient))
                    .min(a.rebelling)
                    .min(total);
                *u = super::LoyaltyCounts {
                    obedient: total - rebelling,
                    rebelling,
                };
            }
        }
    }
}

impl State {
    /// Whether a Command can be started at all: at least one space can be selected for it
    /// (OQ-23), or for a Mongol command, whether it is legal now (§3.5).
    pub(crate) fn command_is_possible(&self, kind: CommandKind, scope: &CommandScope) -> bool {
        let probe = CommandState {
            kind,
            scope: *scope,
            selected: SpaceSet::EMPTY,
            used: [SpacePieces::default(); SPACE_COUNT],
            support: Vec::new(),
            step: Step::Select,
        };
        match kind {
            CommandKind::Amass => self.available().mongols > 0,
            CommandKind::Advance => {
                self.space(SpaceId::MountainPasses).mongols > 0
                    || self.space(SpaceId::Punjab).mongols > 0
            }
            _ => self.selectable_spaces(&probe).next().is_some(),
        }
    }

    /// Starts a Command.
    pub(crate) fn begin_command(
        &mut self,
        kind: CommandKind,
        scope: CommandScope,
        log: &mut Log,
    ) -> Result<(), Error> {
        log.say(|| {
            let who = if scope.faction == Faction::Mongols {
                format!("{}, operating MI,", scope.operator.abbreviation())
            } else {
                scope.faction.abbreviation().to_owned()
            };
            let how = match (
                scope.limited && scope.faction != Faction::Mongols,
                scope.free,
            ) {
                (true, true) => " (free, limited)",
                (true, false) => " (limited)",
                (false, true) => " (free)",
                (false, false) => "",
            };
            format!("{who} commands {}{how}", kind.name())
        });
        let command = CommandState {
            kind,
            scope,
            selected: SpaceSet::EMPTY,
            used: [SpacePieces::default(); SPACE_COUNT],
            support: Vec::new(),
            step: match kind {
                CommandKind::Advance => Step::Advance(None),
                _ => Step::Select,
            },
        };
        if kind == CommandKind::Amass {
            return self.amass(log);
        }
        self.stack.push(Frame::Command(Box::new(command)));
        Ok(())
    }

    /// The spaces a Command may select now: "Where" (§3.2–§3.5), not selected before
    /// (§3.1.1), affordable (§3.1, OQ-13), one only for a Limited Command (§2.3.5), and where the
    /// Command can actually do something.
    pub(crate) fn selectable(&self, cmd: &CommandState) -> Vec<SpaceId> {
        self.selectable_spaces(cmd).collect()
    }

    /// [`State::selectable`], lazily: testing for any is cheaper than listing all.
    fn selectable_spaces<'a>(
        &'a self,
        cmd: &'a CommandState,
    ) -> impl Iterator<Item = SpaceId> + 'a {
        let scope = &cmd.scope;
        let full = (scope.limited && !cmd.selected.is_empty())
            || scope
                .max_spaces
                .is_some_and(|max| cmd.selected.len() >= usize::from(max));
        let broke = !scope.free
            && scope
                .faction
                .player()
                .is_some_and(|p| self.resources(p) == 0);
        SpaceId::ALL
            .into_iter()
            .filter(move |_| !full && !broke)
            .filter(move |&s| !cmd.selected.contains(s))
            .filter(move |&s| scope.only.is_none_or(|only| only.contains(s)))
            .filter(move |&s| self.space_qualifies(cmd, s))
    }

    fn space_qualifies(&self, cmd: &CommandState, space: SpaceId) -> bool {
        let faction = cmd.scope.faction;
        let pieces = self.space(space);
        let province = space.is_province();
        match cmd.kind {
            CommandKind::Conscript => {
                (self.is_tributary(space)
                    || pieces.structure == Some(Structure::Qasbah)
                    || space == SpaceId::Delhi)
                    && self.available().troops > 0
            }
            CommandKind::March => self.movers_into(cmd, space).next().is_some(),
            CommandKind::Govern => {
                let where_ok = self.is_tributary(space)
                    || self.controller(space) == Some(Player::Sultanate)
                    || !province;
                where_ok && !self.govern_choices(space, 0, false).is_empty()
            }
            CommandKind::Attack => {
                let targets = !self.defenders(faction, space).is_empty();
                let where_ok = faction == Faction::Sultanate || province;
                where_ok && targets && self.attack_has_participants(cmd, space)
            }
            CommandKind::Rally => {
                let (bonus_space, kind) = match faction {
                    Faction::Bahmani => (SpaceId::Maharashtra, PieceKind::Amir),
                    _ => (SpaceId::Karnataka, PieceKind::Raja),
                };
                province
                    && (pieces.pieces_of(faction) > 0 || space == bonus_space)
                    && self.available().get(kind) > 0
            }
            CommandKind::Migrate => province && self.movers_into(cmd, space).next().is_some(),
            CommandKind::Rebel => {
                let allowed = self.dynasty.allows_rebel()
                    || cmd.scope.rebel_under_khalji
                    || self.lasting.contains(Lasting::AmiranISada);
                // OQ-42: a strict majority over all other pieces combined, as for Control.
                allowed
                    && self.is_tributary(space)
                    && 2 * pieces.pieces_of(faction) > pieces.total()
            }
            CommandKind::AttackAndPlunder => pieces.mongols > 0,
            CommandKind::Amass | CommandKind::Advance => false,
        }
    }

    /// Units that could move into `dest` now: unused units of the faction in adjacent spaces
    /// that may enter `dest` (§3.2.2, §3.3.2, §3.4.2, §3.1.2), as `(from, piece)`.
    fn movers_into<'a>(
        &'a self,
        cmd: &'a CommandState,
        dest: SpaceId,
    ) -> impl Iterator<Item = (SpaceId, Piece)> + 'a {
        let faction = cmd.scope.faction;
        let entry_ok = dest.kind().admits(faction);
        self.map()
            .neighbours(dest)
            .iter()
            .filter(move |_| entry_ok)
            .flat_map(move |from| unit_pieces(faction).map(move |piece| (from, piece)))
            .filter(move |&(from, piece)| cmd.unused(self, from, piece) > 0)
    }

    /// The factions that may be attacked in `space` by `attacker` (§3.2.4, §3.3.4, §3.4.4).
    pub(crate) fn defenders(&self, attacker: Faction, space: SpaceId) -> Vec<Faction> {
        let pieces = self.space(space);
        match attacker {
            Faction::Sultanate => {
                let mut defenders = Vec::new();
                for (faction, rebels) in [
                    (Faction::Bahmani, pieces.amirs.rebelling),
                    (Faction::Vijayanagara, pieces.rajas.rebelling),
                ] {
                    let structure = pieces.structure.is_some_and(|s| s.owner() == faction);
                    if rebels > 0 || structure {
                        defenders.push(faction);
                    }
                }
                // OQ-33: spaces with Mongols are DS Attack targets too.
                if pieces.mongols > 0 {
                    defenders.push(Faction::Mongols);
                }
                defenders
            }
            Faction::Bahmani | Faction::Vijayanagara => {
                [Faction::Sultanate, Faction::Bahmani, Faction::Vijayanagara]
                    .into_iter()
                    .filter(|&f| f != attacker && pieces.pieces_of(f) > 0)
                    .collect()
            }
            Faction::Mongols => vec![Faction::Sultanate],
        }
    }

    /// The structure whose adjacent spaces may send support, and the support limit (OQ-34).
    fn support_rule(faction: Faction) -> (Structure, u8) {
        match faction {
            Faction::Bahmani => (Structure::Fort, 2),
            Faction::Vijayanagara => (Structure::Temple, 1),
            _ => (Structure::Qasbah, 2),
        }
    }

    /// Supporters that could still be added to an attack in `space` (§3.2.4, §3.3.4, §3.4.4).
    fn support_choices(&self, cmd: &CommandState, space: SpaceId) -> Vec<(SpaceId, Piece)> {
        let faction = cmd.scope.faction;
        let (structure, limit) = State::support_rule(faction);
        let per_source = self.options.support_limit == SupportLimit::PerStructureSpace;
        if !per_source && cmd.support.len() >= usize::from(limit) {
            return Vec::new();
        }
        let mut choices = Vec::new();
        for from in self.map().neighbours(space).iter() {
            if self.space(from).structure != Some(structure) {
                continue;
            }
            let from_here = cmd.support.iter().filter(|(s, _)| *s == from).count();
            if per_source && from_here >= usize::from(limit) {
                continue;
            }
            for piece in unit_pieces(faction) {
                let chosen = cmd
                    .support
                    .iter()
                    .filter(|&&(s, p)| s == from && p == piece)
                    .count();
                if usize::from(cmd.unused(self, from, piece)) > chosen {
                    choices.push((from, piece));
                }
            }
        }
        choices
    }

    fn attack_has_participants(&self, cmd: &CommandState, space: SpaceId) -> bool {
        let in_space = unit_pieces(cmd.scope.faction).any(|p| cmd.unused(self, space, p) > 0);
        in_space || !self.support_choices(cmd, space).is_empty()
    }

    /// Govern's choices in a space (§3.2.3): (a) place a Governor; or, where a Governor
    /// stands, (b) remove up to 2 Obedient units and/or place a Qasbah.
    fn govern_choices(&self, space: SpaceId, removed: u8, qasbah: bool) -> Vec<Action> {
        let pieces = self.space(space);
        let mut choices = Vec::new();
        let option_b_started = removed > 0 || qasbah;
        // OQ-32: (a) is open even where a Governor already stands.
        if !option_b_started && self.available().governors > 0 {
            choices.push(Action::Place(PieceKind::Governor));
        }
        if pieces.governors > 0 {
            if removed < 2 {
                for piece in [
                    Piece::Amir(Loyalty::Obedient),
                    Piece::Raja(Loyalty::Obedient),
                ] {
                    if pieces.count_piece(piece) > 0 {
                        choices.push(Action::Remove { space, piece });
                    }
                }
            }
            if !qasbah && pieces.structure.is_none() && self.available().qasbahs > 0 {
                choices.push(Action::Place(PieceKind::Qasbah));
            }
        }
        if option_b_started {
            choices.push(Action::Done);
        }
        choices
    }

    /// The Conscript cap of a space (§3.2.1, OQ-31): Delhi 5, another space with a Qasbah 2,
    /// a Tributary Province without 1; each one more under Market Control.
    fn conscript_cap(&self, space: SpaceId) -> u8 {
        let base = if space == SpaceId::Delhi {
            5
        } else if self.space(space).structure == Some(Structure::Qasbah) {
            2
        } else {
            1
        };
        base + u8::from(self.lasting.contains(Lasting::MarketControl))
    }

    /// The Rally count of a Province (§3.3.1, §3.4.1).
    fn rally_max(&self, faction: Faction, space: SpaceId) -> u8 {
        let pieces = self.space(space);
        let controlled = self.controller(space).map(Player::faction) == Some(faction);
        match faction {
            Faction::Bahmani => {
                let four_tarafs = self.lasting.contains(Lasting::FourTarafs)
                    && pieces.structure == Some(Structure::Fort);
                let n = 1
                    + u8::from(space == SpaceId::Maharashtra)
                    + u8::from(controlled)
                    + u8::from(four_tarafs);
                n.min(if four_tarafs { 4 } else { 3 })
            }
            _ => {
                let temple = pieces.structure == Some(Structure::Temple);
                (1 + u8::from(space == SpaceId::Karnataka)
                    + u8::from(temple)
                    + u8::from(controlled))
                .min(4)
            }
        }
    }

    /// The decision of a Command under way.
    pub(crate) fn command_decision(&self, cmd: &CommandState) -> Option<VijayanagaraDecision> {
        let faction = cmd.scope.faction;
        let player = cmd.scope.operator;
        let choices: Vec<Action> = match cmd.step {
            Step::Select => {
                let mut choices: Vec<Action> = self
                    .selectable(cmd)
                    .into_iter()
                    .map(Action::Select)
                    .collect();
                let declines = cmd.selected.is_empty() && cmd.scope.optional;
                let ends = !cmd.selected.is_empty() && !cmd.scope.limited;
                if declines || ends {
                    choices.push(Action::Done);
                }
                choices
            }
            Step::Conscript(space) => {
                let max = self.conscript_cap(space).min(self.available().troops);
                (1..=max).map(Action::Count).collect()
            }
            Step::Rally(space) => {
                let kind = if faction == Faction::Bahmani {
                    PieceKind::Amir
                } else {
                    PieceKind::Raja
                };
                let max = self
                    .rally_max(faction, space)
                    .min(self.available().get(kind));
                (1..=max).map(Action::Count).collect()
            }
            Step::Move { dest, moved } => {
                let limit = if cmd.kind == CommandKind::Migrate {
                    3
                } else {
                    u8::MAX
                };
                let mut choices: Vec<Action> = if moved < limit {
                    self.movers_into(cmd, dest)
                        .map(|(from, piece)| Action::Move { from, piece })
                        .collect()
                } else {
                    Vec::new()
                };
                if moved > 0 {
                    choices.push(Action::Done);
                }
                choices
            }
            Step::MigrateShift(dest) => {
                // Offered only while it can be paid for (a gift may have spent the Resource).
                let mut choices = Vec::new();
                if self.migrate_shift_offered(faction, dest) {
                    choices.push(Action::Yes);
                }
                choices.push(Action::No);
                choices
            }
            Step::Govern {
                space,
                removed,
                qasbah,
            } => self.govern_choices(space, removed, qasbah),
            Step::Defender(space) => self
                .defenders(faction, space)
                .into_iter()
                .map(Action::Defender)
                .collect(),
            Step::Support { space, .. } => {
                let mut choices: Vec<Action> = self
                    .support_choices(cmd, space)
                    .into_iter()
                    .map(|(from, piece)| Action::Support { from, piece })
                    .collect();
                let in_space = unit_pieces(faction).any(|p| cmd.unused(self, space, p) > 0);
                if in_space || !cmd.support.is_empty() {
                    choices.push(Action::Done);
                }
                choices
            }
            Step::Advance(None) => [SpaceId::MountainPasses, SpaceId::Punjab]
                .into_iter()
                .filter(|&s| self.space(s).mongols > 0)
                .map(Action::Select)
                .collect(),
            Step::Advance(Some(from)) => {
                (1..=self.space(from).mongols).map(Action::Count).collect()
            }
            Step::PlunderTroops { remaining, .. } => {
                let choices = if remaining > 0 {
                    self.plunder_troop_choices()
                } else {
                    Vec::new()
                };
                return Decision::new(Player::Sultanate, DecisionKind::Plunder, choices);
            }
            Step::Battle { .. } | Step::Plunder(_) | Step::Finished => return None,
        };
        let space = match cmd.step {
            Step::Conscript(s) | Step::Rally(s) | Step::MigrateShift(s) | Step::Defender(s) => {
                Some(s)
            }
            Step::Move { dest, .. } => Some(dest),
            Step::Govern { space, .. } | Step::Support { space, .. } => Some(space),
            Step::Advance(from) => from,
            _ => None,
        };
        Decision::new(
            player,
            DecisionKind::Command {
                faction,
                kind: cmd.kind,
                space,
            },
            choices,
        )
    }

    /// Applies a legal action to a Command under way.
    pub(crate) fn command_apply(
        &mut self,
        mut cmd: CommandState,
        action: Action,
        log: &mut Log,
    ) -> Result<(), Error> {
        let faction = cmd.scope.faction;
        match (cmd.step, action) {
            (Step::Select, Action::Done) => cmd.step = Step::Finished,
            (Step::Select, Action::Select(space)) => {
                cmd.selected.insert(space);
                if let Some(player) = faction.player().filter(|_| !cmd.scope.free) {
                    self.pay(player, 1)?;
                }
                cmd.step = self.select_space(&cmd, space, log)?;
            }
            (Step::Conscript(space), Action::Count(n)) => {
                self.place(space, Piece::Troop, n)?;
                log.say(|| {
                    format!(
                        "DS Conscripts in {space}: +{}",
                        words::pieces(n, PieceKind::Troop)
                    )
                });
                cmd.step = Step::Select;
            }
            (Step::Rally(space), Action::Count(n)) => {
                let kind = if faction == Faction::Bahmani {
                    PieceKind::Amir
                } else {
                    PieceKind::Raja
                };
                // Placed units are Obedient; R1/R2 turn them Rebelling in a controlled Province.
                self.place(space, Piece::of_kind(kind), n)?;
                log.say(|| {
                    format!(
                        "{} Rallies in {space}: +{}",
                        faction.abbreviation(),
                        words::pieces(n, kind)
                    )
                });
                cmd.step = Step::Select;
            }
            (Step::Move { dest, moved }, Action::Move { from, piece }) => {
                self.move_units(from, dest, piece, 1)?;
                let migrating = cmd.kind == CommandKind::Migrate;
                // §3.3.2, §3.4.2: a unit migrating into a Tributary Province becomes Obedient.
                if migrating
                    && self.is_tributary(dest)
                    && piece.loyalty() == Some(Loyalty::Rebelling)
                {
                    self.set_loyalty(dest, piece, 1)?;
                }
                // Its state now: Rebelling in its own controlled Province (R1/R2), Obedient
                // after migrating into a Tributary one, otherwise as it was.
                let now = match piece.loyalty() {
                    None => piece,
                    Some(loyalty) => {
                        let own = self.controller(dest).map(Player::faction) == Some(faction);
                        let loyalty = if own {
                            Loyalty::Rebelling
                        } else if migrating && self.is_tributary(dest) {
                            Loyalty::Obedient
                        } else {
                            loyalty
                        };
                        Piece::with_loyalty(piece.kind(), loyalty)
                    }
                };
                cmd.mark_used(dest, now, 1);
                log.say(|| {
                    let verb = if migrating { "migrates" } else { "marches" };
                    format!(
                        "{} {verb} 1 {piece} from {from} to {dest}",
                        faction.abbreviation()
                    )
                });
                cmd.step = Step::Move {
                    dest,
                    moved: moved + 1,
                };
            }
            (Step::Move { dest, .. }, Action::Done) => {
                cmd.step = if cmd.kind == CommandKind::Migrate
                    && self.migrate_shift_offered(faction, dest)
                {
                    Step::MigrateShift(dest)
                } else {
                    Step::Select
                };
            }
            (Step::MigrateShift(dest), Action::Yes) => {
                // OQ-41: once per destination, 1 Resource even in a free Migrate.
                let (me, them) = deccan_pair(faction);
                self.pay(me, 1)?;
                let mine = self.shift_influence(me, 1)?;
                let theirs = self.shift_influence(them, -1)?;
                log.say(|| {
                    let (me, them) = (me.abbreviation(), them.abbreviation());
                    format!(
                        "{me} pays 1 Resource in {dest}: Influence {me} {mine}, {them} {theirs}"
                    )
                });
                cmd.step = Step::Select;
            }
            (Step::MigrateShift(_), Action::No) => cmd.step = Step::Select,
            (Step::Govern { space, .. }, Action::Place(PieceKind::Governor)) => {
                self.place(space, Piece::Governor, 1)?;
                log.say(|| format!("DS Governs in {space}: +1 Governor"));
                cmd.step = Step::Select;
            }
            (
                Step::Govern {
                    space,
                    removed,
                    qasbah,
                },
                Action::Remove { piece, .. },
            ) => {
                self.remove(space, piece, 1)?;
                log.say(|| format!("DS Governs in {space}: removes 1 {piece}"));
                cmd.step = Step::Govern {
                    space,
                    removed: removed + 1,
                    qasbah,
                };
            }
            (Step::Govern { space, removed, .. }, Action::Place(PieceKind::Qasbah)) => {
                self.place(space, Piece::Qasbah, 1)?;
                log.say(|| format!("DS Governs in {space}: builds a Qasbah"));
                cmd.step = Step::Govern {
                    space,
                    removed,
                    qasbah: true,
                };
            }
            (Step::Govern { .. }, Action::Done) => cmd.step = Step::Select,
            (Step::Defender(space), Action::Defender(defender)) => {
                cmd.support.clear();
                cmd.step = Step::Support { space, defender };
            }
            (Step::Support { .. }, Action::Support { from, piece }) => {
                cmd.support.push((from, piece))
            }
            (Step::Support { space, defender }, Action::Done) => {
                cmd.step = Step::Battle { space, defender }
            }
            (Step::Advance(None), Action::Select(from)) => cmd.step = Step::Advance(Some(from)),
            (Step::Advance(Some(from)), Action::Count(n)) => {
                self.advance_mongols(from, n, log)?;
                cmd.step = Step::Finished;
            }
            (Step::PlunderTroops { space, remaining }, Action::Remove { space: from, piece }) => {
                self.remove(from, piece, 1)?;
                log.say(|| format!("Plunder: DS loses 1 Troop in {from} (§3.5.3)"));
                // At 0 the decision is empty and the automatic step caps the Mongols.
                cmd.step = Step::PlunderTroops {
                    space,
                    remaining: remaining - 1,
                };
            }
            (_, action) => {
                self.stack.push(Frame::Command(Box::new(cmd)));
                return Err(self.unexpected(action));
            }
        }
        cmd.normalize_used(self);
        if cmd.step != Step::Finished {
            self.stack.push(Frame::Command(Box::new(cmd)));
        }
        Ok(())
    }

    /// What happens when a space is selected: the space's first step, or its whole effect.
    fn select_space(
        &mut self,
        cmd: &CommandState,
        space: SpaceId,
        log: &mut Log,
    ) -> Result<Step, Error> {
        let faction = cmd.scope.faction;
        Ok(match cmd.kind {
            CommandKind::Conscript => Step::Conscript(space),
            CommandKind::March | CommandKind::Migrate => Step::Move {
                dest: space,
                moved: 0,
            },
            CommandKind::Govern => Step::Govern {
                space,
                removed: 0,
                qasbah: false,
            },
            CommandKind::Rally => Step::Rally(space),
            CommandKind::Attack => Step::Defender(space),
            CommandKind::Rebel => {
                // §3.3.3 / §3.4.3: every unit Rebelling, the marker removed, control follows.
                let kind = if faction == Faction::Bahmani {
                    PieceKind::Amir
                } else {
                    PieceKind::Raja
                };
                let obedient = self.space(space).count_piece(Piece::of_kind(kind));
                self.set_loyalty(space, Piece::of_kind(kind), obedient)?;
                self.set_tributary(space, false)?;
                log.say(|| {
                    let faction = faction.abbreviation();
                    format!(
                        "{faction} Rebels in {space}: it is Independent and {faction}-controlled"
                    )
                });
                Step::Select
            }
            CommandKind::AttackAndPlunder => {
                // §3.5.3: attack only if DS pieces are there; plunder either way.
                if self.space(space).pieces_of(Faction::Sultanate) > 0 {
                    Step::Battle {
                        space,
                        defender: Faction::Sultanate,
                    }
                } else {
                    Step::Plunder(space)
                }
            }
            CommandKind::Amass | CommandKind::Advance => Step::Finished,
        })
    }

    /// Whether Migrate's Influence shift is offered at `dest` (§3.3.2, §3.4.2, OQ-41): the other
    /// Deccan faction has a piece there and the migrant can pay 1 Resource.
    fn migrate_shift_offered(&self, faction: Faction, dest: SpaceId) -> bool {
        let (me, them) = deccan_pair(faction);
        self.space(dest).pieces_of(them.faction()) > 0 && self.resources(me) >= 1
    }

    /// Gathers the participants of an attack and marks them used (§3.1.2): every unused unit
    /// of the attacker in the space, and the supporters chosen.
    fn attack_plan(&self, cmd: &mut CommandState, space: SpaceId, defender: Faction) -> AttackPlan {
        let faction = cmd.scope.faction;
        let mut chosen: Vec<(SpaceId, Piece, u8)> = Vec::new();
        for piece in unit_pieces(faction) {
            let n = cmd.unused(self, space, piece);
            if n > 0 {
                chosen.push((space, piece, n));
            }
        }
        for &(from, piece) in &cmd.support {
            chosen.push((from, piece, 1));
        }
        let mut participants: Vec<(SpaceId, PieceKind, u8)> = Vec::new();
        for &(from, piece, n) in &chosen {
            cmd.mark_used(from, piece, n);
            match participants
                .iter_mut()
                .find(|(s, k, _)| *s == from && *k == piece.kind())
            {
                Some(entry) => entry.2 += n,
                None => participants.push((from, piece.kind(), n)),
            }
        }
        AttackPlan {
            space,
            attacker: faction,
            defender,
            participants,
        }
    }

    /// An automatic step of a Command: a battle, Plunder, or its end.
    pub(crate) fn command_step(
        &mut self,
        mut cmd: CommandState,
        log: &mut Log,
    ) -> Result<(), Error> {
        match cmd.step {
            Step::Battle { space, defender } => {
                let plan = self.attack_plan(&mut cmd, space, defender);
                cmd.support.clear();
                // The Command waits beneath the battle: Plunder follows a Mongol attack.
                cmd.step = if cmd.kind == CommandKind::AttackAndPlunder {
                    Step::Plunder(space)
                } else {
                    Step::Select
                };
                self.stack.push(Frame::Command(Box::new(cmd)));
                self.begin_combat(plan, log);
            }
            Step::Plunder(space) => {
                let remaining = self.plunder(space, log)?;
                cmd.step = Step::PlunderTroops { space, remaining };
                self.stack.push(Frame::Command(Box::new(cmd)));
            }
            // Plunder's Troops are removed (or none are left to remove): the cap (§3.5.3).
            Step::PlunderTroops { space, .. } => self.cap_mongols(space, log)?,
            // Any other Command with nothing left to choose is over.
            _ => {}
        }
        Ok(())
    }
}

/// A Deccan faction and its rival.
fn deccan_pair(faction: Faction) -> (Player, Player) {
    if faction == Faction::Bahmani {
        (Player::Bahmani, Player::Vijayanagara)
    } else {
        (Player::Vijayanagara, Player::Bahmani)
    }
}
