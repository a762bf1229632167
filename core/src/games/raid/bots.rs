//! Bots for the raid game: a greedy player that maximises the expected score one turn ahead.
