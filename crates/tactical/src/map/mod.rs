//! The battlefield: map tiles, their assembly into a multi-level square map, and sight over it.
