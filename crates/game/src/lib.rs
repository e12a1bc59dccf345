//! The desktop game.
