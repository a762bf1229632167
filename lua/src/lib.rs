//! Lua host (filled in below).
