//! A picture of the board as SVG: the map with every space's pieces, and the tracks.
