//! Money (TI-0.1): gains, payments with their forced emergency loans (TI-21.2), voluntary
//! emergency loans (TI-9), the Loan amount (TI-8.8, TC-3.3).

use super::content::{Content, ModParam};
use super::ids::Sector;
use super::rules::Ctx;
use super::state::{EMERGENCY_LOAN, MAX_NOTES, State};

impl State {
    /// What `seat` could pay at most now: its cash, and for a person what emergency loans
    /// could still raise (TI-21.2: 25 Cr per note up to 10); an automa pays only from cash
    /// (TC-16.2 item 4).
    pub(crate) fn borrowing_power(&self, seat: u8) -> u32 {
        let me = &self.seats[usize::from(seat)];
        if me.is_automa() {
            me.money
        } else {
            me.money + EMERGENCY_LOAN * u32::from(MAX_NOTES.saturating_sub(me.notes))
        }
    }

    /// Whether a voluntary payment of `amount` is legal for `seat` (TI-21.2).
    pub(crate) fn can_pay(&self, seat: u8, amount: u32) -> bool {
        amount <= self.borrowing_power(seat)
    }

    /// The Loan action's amount: the loan table at the Finance level, with `MOD loan`
    /// (TI-8.8, TC-1.5; never below 0).
    pub fn loan_amount(&self, c: &Content, seat: u8) -> u32 {
        let level = usize::from(self.seats[usize::from(seat)].level(Sector::Fin));
        let base = i64::from(c.tracks.loan.get(level).copied().unwrap_or(0));
        (base + self.mod_add(c, seat, ModParam::Loan)).max(0) as u32
    }
}

impl Ctx<'_> {
    /// Money from the supply.
    pub(crate) fn gain_money(&mut self, seat: u8, amount: u32) {
        self.s.seats[usize::from(seat)].money += amount;
    }

    /// A payment of `amount` to `to` (a seat) or the supply. A shortfall is covered at once by
    /// forced emergency loans of 25 Cr, as few as needed; at 10 notes the rest is waived
    /// (TI-21.2, TI-OQ-18). The receiver gets what is paid.
    pub(crate) fn pay(&mut self, seat: u8, amount: u32, to: Option<u8>, why: &str) {
        while self.s.seats[usize::from(seat)].money < amount
            && self.s.seats[usize::from(seat)].notes < MAX_NOTES
        {
            self.emergency_loan(seat, EMERGENCY_LOAN, true);
        }
        let me = &mut self.s.seats[usize::from(seat)];
        let paid = amount.min(me.money);
        me.money -= paid;
        if paid < amount {
            let who = self.s.name_of(seat);
            self.log.say(|| {
                format!(
                    "{who} holds 10 notes and cannot pay {} Cr of {why}: it is waived (TI-OQ-18)",
                    amount - paid
                )
            });
        }
        if let Some(to) = to {
            self.s.seats[usize::from(to)].money += paid;
        }
    }

    /// An emergency loan (TI-9): `amount` (1–25) Cr and a note, no Finance step.
    pub(crate) fn emergency_loan(&mut self, seat: u8, amount: u32, forced: bool) {
        let me = &mut self.s.seats[usize::from(seat)];
        if me.notes >= MAX_NOTES {
            return;
        }
        me.money += amount;
        me.notes += 1;
        let who = self.s.name_of(seat);
        let how = if forced { "a forced" } else { "an" };
        self.log
            .say(|| format!("{who} takes {how} emergency loan of {amount} Cr and a note (TI-9)"));
    }
}
