//! A fixed-shape numeric observation of the state, for learning agents.
