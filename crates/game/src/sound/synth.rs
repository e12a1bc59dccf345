//! The game's sounds, synthesized: no recordings to license or ship. Each cue is a few
//! hundred milliseconds of 16-bit mono PCM at [`RATE`], wrapped as a WAV file for Bevy's
//! audio. Deterministic: the same samples on every machine.

use std::f32::consts::TAU;

use super::Cue;

pub const RATE: u32 = 44_100;

/// The cue's samples, from −1 to 1.
pub fn samples(cue: Cue) -> Vec<f32> {
    match cue {
        // A piece set down on wood: a short knock, a low body under a burst of grain.
        Cue::Move => knock(0.09, 190.0, 0.55),
        // Harder: the piece taken off the board.
        Cue::Capture => mix(
            &knock(0.13, 150.0, 0.8),
            &delayed(&knock(0.08, 320.0, 0.5), 0.045),
        ),
        // A small bell: the general attacked.
        Cue::Check => bell(&[880.0, 1_320.0, 2_093.0], 0.55),
        // A soft rising chime: a piece turned up.
        Cue::Reveal => glide(620.0, 930.0, 0.26),
        // Two short high ticks: a clock has ten seconds left.
        Cue::LowTime => mix(
            &knock(0.05, 1_200.0, 0.4),
            &delayed(&knock(0.05, 1_200.0, 0.4), 0.12),
        ),
        // Three rising notes: the game is over.
        Cue::End => {
            let mut out = Vec::new();
            for (i, f) in [523.25, 659.25, 783.99].into_iter().enumerate() {
                out = mix(&out, &delayed(&bell(&[f, f * 2.0], 0.5), 0.16 * i as f32));
            }
            out
        }
    }
}

/// The cue as a WAV file (RIFF, PCM, 16-bit, mono).
pub fn wav(cue: Cue) -> Vec<u8> {
    let pcm: Vec<i16> = samples(cue)
        .iter()
        .map(|s| (s.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16)
        .collect();
    let data_len = (pcm.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + pcm.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes()); // bytes a second
    out.extend_from_slice(&2u16.to_le_bytes()); // bytes a frame
    out.extend_from_slice(&16u16.to_le_bytes()); // bits a sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in pcm {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}

fn frames(seconds: f32) -> usize {
    (seconds * RATE as f32) as usize
}

/// A knock: a decaying low sine under a faster-decaying burst of noise.
fn knock(seconds: f32, body: f32, loudness: f32) -> Vec<f32> {
    let mut noise = 0x2545_F491_u32;
    (0..frames(seconds))
        .map(|i| {
            let t = i as f32 / RATE as f32;
            noise ^= noise << 13;
            noise ^= noise >> 17;
            noise ^= noise << 5;
            let grain = (noise as f32 / u32::MAX as f32) * 2.0 - 1.0;
            let thump = (TAU * body * t).sin() * (-t * 45.0).exp();
            loudness * (0.7 * thump + 0.35 * grain * (-t * 160.0).exp())
        })
        .collect()
}

/// A bell: partials falling off, each higher one faster.
fn bell(partials: &[f32], seconds: f32) -> Vec<f32> {
    (0..frames(seconds))
        .map(|i| {
            let t = i as f32 / RATE as f32;
            let attack = (t / 0.004).min(1.0);
            let sum: f32 = partials
                .iter()
                .enumerate()
                .map(|(k, f)| {
                    (TAU * f * t).sin() * (-t * (6.0 + 4.0 * k as f32)).exp() / (1.0 + k as f32)
                })
                .sum();
            0.4 * attack * sum
        })
        .collect()
}

/// A sine gliding from one pitch to another, swelling and fading.
fn glide(from: f32, to: f32, seconds: f32) -> Vec<f32> {
    let n = frames(seconds);
    let mut phase = 0.0_f32;
    (0..n)
        .map(|i| {
            let u = i as f32 / n as f32;
            phase += TAU * (from + (to - from) * u) / RATE as f32;
            0.35 * phase.sin() * (std::f32::consts::PI * u).sin()
        })
        .collect()
}

fn delayed(sound: &[f32], seconds: f32) -> Vec<f32> {
    let mut out = vec![0.0; frames(seconds)];
    out.extend_from_slice(sound);
    out
}

fn mix(a: &[f32], b: &[f32]) -> Vec<f32> {
    (0..a.len().max(b.len()))
        .map(|i| a.get(i).copied().unwrap_or(0.0) + b.get(i).copied().unwrap_or(0.0))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cue_is_short_audible_and_never_clips() {
        for cue in Cue::ALL {
            let s = samples(cue);
            let seconds = s.len() as f32 / RATE as f32;
            assert!((0.05..=0.9).contains(&seconds), "{cue:?}: {seconds} s");
            let peak = s.iter().fold(0.0_f32, |m, x| m.max(x.abs()));
            assert!((0.2..1.0).contains(&peak), "{cue:?}: peak {peak}");
        }
    }

    #[test]
    fn a_wav_is_a_riff_of_its_samples() {
        let w = wav(Cue::Move);
        assert_eq!(&w[..4], b"RIFF");
        assert_eq!(&w[8..16], b"WAVEfmt ");
        let data = u32::from_le_bytes(w[40..44].try_into().unwrap()) as usize;
        assert_eq!(data, samples(Cue::Move).len() * 2);
        assert_eq!(w.len(), 44 + data);
        // The same bytes every time.
        assert_eq!(w, wav(Cue::Move));
    }
}
