//! What a command did besides changing the session ([`Effect`]): the phase that follows, the
//! hint line, an answer to a load request, what to ask the server. The command dispatcher
//! carries it out ([`super::commands`]).

use bevy::prelude::*;

use super::hint::HintChange;
use super::owner::Session;
use super::remote_messages::ToServer;
use crate::i18n::Phrase;
use crate::states::Phase;

/// What a command did besides changing the session.
#[derive(Default)]
pub(super) struct Effect {
    /// The phase that follows (`None`: it stays).
    pub(super) phase: Option<Phase>,
    pub(super) hint: HintChange,
    /// The answer to a load request.
    pub(super) answer: Option<Phrase>,
    /// Online: what to ask the server.
    pub(super) to_server: Option<ToServer>,
}

impl Effect {
    pub(super) fn none() -> Effect {
        Effect::default()
    }

    pub(super) fn phase(phase: Phase) -> Effect {
        Effect {
            phase: Some(phase),
            ..default()
        }
    }

    pub(super) fn say(phrase: impl Into<Phrase>) -> Effect {
        Effect {
            hint: HintChange::Say(phrase.into()),
            ..default()
        }
    }

    /// A game shown afresh: in its resting phase, with the hint cleared.
    pub(super) fn fresh(session: &Session) -> Effect {
        Effect {
            phase: Some(session.resting_phase()),
            hint: HintChange::Clear,
            ..default()
        }
    }
}
