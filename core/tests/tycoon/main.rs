//! Tycoon: India 1981 (TI, TC): the random-simulation checker, the worked examples of TI-19
//! and the scenarios of TC-18, and rule tests citing their sections.

mod random;
