//! The test vectors of the specification (PP-17, PP-TV-1 to PP-TV-50), one test each, named
//! `pp_tv_<n>_…`, citing the vector and the rules it tests. Positions are built through the
//! snapshot format ([`crate::scenario`]) and played through the `Game` interface; pure rules
//! (ties, dominance, rulers, costs, influence) are also checked directly on built states.

#[path = "vectors_1.rs"]
mod vectors_1;
#[path = "vectors_2.rs"]
mod vectors_2;
#[path = "vectors_3.rs"]
mod vectors_3;
