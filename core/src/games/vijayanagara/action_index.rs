//! A fixed numbering of every action the game can ever offer, for learning agents and for the
//! Python layer's OpenSpiel-style integer actions and legal-action masks.
