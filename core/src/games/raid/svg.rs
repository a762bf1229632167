//! A picture of the kingdom as SVG: the sites with what the player knows of them, the fort
//! ladders, and the player's camp.
