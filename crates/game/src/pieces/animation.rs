//! Tweens: a moved piece glides to its point (eased), a captured piece shrinks away, a
//! revealed piece flips (squashed to nothing across, face swapped, back). Each lasts about a
//! fifth of a second; [`crate::settings::Settings::animations`] turns them off. When the last
//! one of a move has ended, the session is told ([`AnimationsDone`]).

use bevy::prelude::*;
use jieqi_rules::platform::Spot;

use super::art::{BoardPiece, Face, FacePart, PieceStyle, Z_MOVING, Z_PIECE};
use crate::session::{AnimationsDone, Shown};
use crate::states::{GameSet, Phase};

pub const GLIDE_SECONDS: f32 = 0.20;
pub const FLIP_SECONDS: f32 = 0.24;
pub const LEAVE_SECONDS: f32 = 0.22;
/// A captured piece starts to leave when the capturer is this far into its glide.
const LEAVE_DELAY: f32 = GLIDE_SECONDS * 0.55;
/// The most a tween advances in one frame (a thirtieth of a second).
const MAX_STEP_SECONDS: f32 = 1.0 / 30.0;

/// An animation running on a piece. While any piece has one, the turn phase is
/// [`crate::states::Phase::Animating`].
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Tween {
    pub elapsed: f32,
    /// Gliding from this point to the piece's own.
    pub glide_from: Option<Spot>,
    /// Flipping over to this face (after the glide, if any).
    pub flip_to: Option<Face>,
    /// The face was swapped half-way through the flip.
    pub flipped: bool,
    /// Leaving the board (captured); despawned at the end.
    pub leave: bool,
}

impl Tween {
    const NONE: Tween = Tween {
        elapsed: 0.0,
        glide_from: None,
        flip_to: None,
        flipped: false,
        leave: false,
    };

    pub fn glide(from: Spot) -> Tween {
        Tween {
            glide_from: Some(from),
            ..Tween::NONE
        }
    }

    pub fn flip(face: Face) -> Tween {
        Tween {
            flip_to: Some(face),
            ..Tween::NONE
        }
    }

    pub fn then_flip(self, face: Face) -> Tween {
        Tween {
            flip_to: Some(face),
            ..self
        }
    }

    pub fn leave() -> Tween {
        Tween {
            leave: true,
            ..Tween::NONE
        }
    }

    fn glide_time(&self) -> f32 {
        if self.glide_from.is_some() {
            GLIDE_SECONDS
        } else {
            0.0
        }
    }

    /// When the whole tween is over.
    pub fn duration(&self) -> f32 {
        if self.leave {
            return LEAVE_DELAY + LEAVE_SECONDS;
        }
        let flip = if self.flip_to.is_some() {
            FLIP_SECONDS
        } else {
            0.0
        };
        self.glide_time() + flip
    }
}

/// Smooth start and stop.
pub fn ease_in_out(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (animate, announce_done.run_if(in_state(Phase::Animating)))
            .chain()
            .in_set(GameSet::Animate),
    );
}

pub(super) fn animate(
    mut commands: Commands,
    time: Res<Time>,
    style: PieceStyle,
    mut tweens: Query<(
        Entity,
        &mut Tween,
        &mut Transform,
        &BoardPiece,
        Option<&Children>,
    )>,
    parts: Query<(), With<FacePart>>,
) {
    // A slow frame (a software renderer, a busy machine) slows the tween rather than skipping
    // it: each frame advances it by at most this.
    let dt = time.delta_secs().min(MAX_STEP_SECONDS);
    for (e, mut tween, mut tf, piece, children) in &mut tweens {
        // A tween starts where it appears: the first frame shows its start (the piece still
        // on its origin), and the time before it (an idle app's long wait) is not its own.
        if !tween.is_added() {
            tween.elapsed += dt;
        }
        let t = tween.elapsed;
        let layout = &style.layout;
        let home = layout.world(piece.spot);
        let mut scale = Vec3::ONE;
        let mut z = Z_PIECE;

        let mut pos = home;
        if let Some(from) = tween.glide_from {
            let k = (t / GLIDE_SECONDS).clamp(0.0, 1.0);
            pos = layout.world(from).lerp(home, ease_in_out(k));
            if k < 1.0 {
                // Lifted a little while it travels.
                scale *= 1.0 + 0.08 * (k * std::f32::consts::PI).sin();
                z = Z_MOVING;
            }
        }
        if tween.flip_to.is_some() {
            let u = ((t - tween.glide_time()) / FLIP_SECONDS).clamp(0.0, 1.0);
            if u >= 0.5 && !tween.flipped {
                tween.flipped = true;
                style.swap_face(&mut commands, e, children, &parts, *piece);
            }
            scale.x *= (1.0 - 2.0 * u).abs().max(0.02);
            if u > 0.0 && u < 1.0 {
                z = Z_MOVING;
            }
        }
        if tween.leave {
            let u = ((t - LEAVE_DELAY) / LEAVE_SECONDS).clamp(0.0, 1.0);
            // A small pop, then gone.
            let s = if u < 0.25 {
                1.0 + 0.5 * u
            } else {
                (1.125 * (1.0 - u) / 0.75).max(0.0)
            };
            scale *= s.max(0.001);
            z = Z_PIECE - 1.0;
        }
        tf.translation = pos.extend(z);
        tf.scale = scale;
        if t >= tween.duration() {
            if tween.leave {
                commands.entity(e).despawn();
            } else {
                commands.entity(e).remove::<Tween>();
                tf.translation = home.extend(Z_PIECE);
                tf.scale = Vec3::ONE;
            }
        }
    }
}

/// Once no piece moves any more, the move on screen has been shown: the session may go on.
fn announce_done(
    tweens: Query<(), With<Tween>>,
    shown: Res<Shown>,
    mut done: MessageWriter<AnimationsDone>,
) {
    if tweens.is_empty() {
        done.write(AnimationsDone(shown.stamp()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tweens_are_short_and_eased() {
        let a0 = Spot::new(0, 0);
        let glide_flip = Tween::glide(a0).then_flip(Face::Up(jieqi_rules::Role::Horse));
        assert!(glide_flip.duration() <= 0.5);
        assert!(Tween::leave().duration() <= 0.4);
        assert_eq!(ease_in_out(0.0), 0.0);
        assert_eq!(ease_in_out(1.0), 1.0);
        assert!((ease_in_out(0.5) - 0.5).abs() < 1e-6);
    }
}
