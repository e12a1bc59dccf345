//! Seeded Banqi deals (rules.md §8, §11): golden vectors, the stream, uniformity.

use jieqi_banqi::{
    Banqi, BanqiDeal, BanqiDealError, DEAL_KEY_TAG, Piece, Point, SHUFFLE_ORDER, Seed, piece_letter,
};
use proptest::prelude::*;

/// rules.md §8: the same seed gives the same deal in every release. Each string is the 32
/// pieces on a1..h1, a2..h2, a3..h3, a4..h4 (FEN letters, upper case red). They were computed
/// by a separate Python reading of the algorithm in the `BanqiDeal` docs (plain ChaCha20,
/// rejection zone, Fisher–Yates from the top) and agree with the crate. Never update them to
/// make a change pass: any change to the key, the stream, the draw, the shuffle or the start
/// order breaks this test.
const GOLDEN: [(u64, &str, &str); 5] = [
    (0, "0", "bPACapNkPrRKBaRPcPpbANPppnBpCncr"),
    (1, "1", "KBPRBppRNPCncPcabpPbPppaAnrNrkAC"),
    (7, "7", "kPpNKPPaaRRPnpbcBrABpnrpPCNcbpAC"),
    (42, "1A", "apPApBRPkBARNbPcCnppCpcbarPKPrnN"),
    (
        u64::MAX,
        "F-ZZZZ-ZZZZ-ZZZZ",
        "BnPpaRRpbKabCnPNABNCPAcppPpckPrr",
    ),
];

#[test]
fn golden_deals_rules_8() {
    for (seed, code, letters) in GOLDEN {
        let deal = BanqiDeal::from_seed(Seed(seed));
        assert_eq!(deal.to_letters(), letters, "seed {seed}");
        assert_eq!(code.parse::<Seed>(), Ok(Seed(seed)));
        assert_eq!(BanqiDeal::from_letters(letters), Ok(deal));
    }
}

#[test]
fn the_deal_lies_face_down_on_its_squares_rules_11() {
    let game = Banqi::from_seed(Seed(42));
    assert_eq!(
        game.start_full_text(),
        "?a?r?P?K?P?r?n?N/?C?n?p?p?C?p?c?b/?k?B?A?R?N?b?P?c/?a?p?P?A?p?B?R?P f - 0 1"
    );
    let deal = BanqiDeal::from_seed(Seed(42));
    let a1: Point = "a1".parse().unwrap();
    assert_eq!(piece_letter(deal.piece(a1)), 'a');
    assert_eq!(deal.pieces().len(), 32);
}

#[test]
fn the_key_tag_is_banqis_own_rules_8() {
    assert_eq!(&DEAL_KEY_TAG, b"BANQI DEAL KEY VERSION 1");
    // The same seed deals Jieqi and Banqi from unrelated streams.
    assert_ne!(&DEAL_KEY_TAG, &jieqi_rules::DEAL_KEY_TAG);
}

#[test]
fn deals_from_letters_check_the_set_rules_11() {
    let good = GOLDEN[0].2;
    assert_eq!(BanqiDeal::from_letters(""), Err(BanqiDealError::Length(0)));
    assert_eq!(
        BanqiDeal::from_letters(&good[1..]),
        Err(BanqiDealError::Length(31))
    );
    let bad = format!("K{}", &good[1..]);
    let err = BanqiDeal::from_letters(&bad).unwrap_err();
    assert_eq!(
        err,
        BanqiDealError::WrongCount {
            piece: 'K',
            found: 2,
            expected: 1
        }
    );
    assert_eq!(err.to_string(), "the deal has 2 of K, but the set has 1");
    let err = BanqiDeal::from_letters(&format!("?{}", &good[1..])).unwrap_err();
    assert_eq!(err, BanqiDealError::BadLetter("?".into()));
    // Whitespace and slashes between letters are allowed.
    let spaced = format!("{} / {}", &good[..16], &good[16..]);
    assert_eq!(
        BanqiDeal::from_letters(&spaced),
        Ok(BanqiDeal::from_seed(Seed(0)))
    );
}

#[test]
fn debug_does_not_leak_the_deal_rules_11() {
    assert_eq!(
        format!("{:?}", BanqiDeal::from_seed(Seed(3))),
        "Deal { .. }"
    );
}

proptest! {
    /// rules.md §11: the deal is the 32 pieces of the set, each once.
    #[test]
    fn every_deal_is_the_full_set_rules_11(seed in any::<u64>()) {
        let deal = BanqiDeal::from_seed(Seed(seed));
        let mut got: Vec<Piece> = deal.pieces().to_vec();
        let mut want = SHUFFLE_ORDER.to_vec();
        got.sort();
        want.sort();
        prop_assert_eq!(got, want);
        prop_assert_eq!(BanqiDeal::from_letters(&deal.to_letters()), Ok(deal.clone()));
        prop_assert_eq!(BanqiDeal::from_seed(Seed(seed)), deal);
    }

    #[test]
    fn any_text_is_a_deal_or_a_typed_error_rules_8(text in "\\PC{0,40}") {
        if let Err(e) = BanqiDeal::from_letters(&text) {
            prop_assert!(!e.to_string().contains('\n'));
        }
    }
}

// ------------------------------------------------------------------- the stream (§8)

/// The deal of the `BanqiDeal` docs, written again from them: key, keystream words (the rules
/// crate checks that `ChaCha20Rng` is plain ChaCha20), rejection zone, Fisher–Yates from index
/// 31 down.
fn plain_deal(seed: u64) -> String {
    use rand_chacha::ChaCha20Rng;
    use rand_core::{Rng, SeedableRng};
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..].copy_from_slice(b"BANQI DEAL KEY VERSION 1");
    let mut rng = ChaCha20Rng::from_seed(key);
    let mut words = std::iter::from_fn(move || Some(rng.next_u32()));
    let mut items: Vec<char> = "KAABBRRNNCCPPPPPkaabbrrnnccppppp".chars().collect();
    for i in (1..32usize).rev() {
        let n = i as u32 + 1;
        let zone = n.wrapping_neg() % n;
        let j = loop {
            let x = words.next().unwrap();
            if x >= zone {
                break (x % n) as usize;
            }
        };
        items.swap(i, j);
    }
    items.into_iter().collect()
}

#[test]
fn the_deal_is_its_documented_algorithm_rules_8() {
    for (seed, _, letters) in GOLDEN {
        assert_eq!(plain_deal(seed), letters, "seed {seed}");
    }
    for seed in 0..200 {
        assert_eq!(
            plain_deal(seed),
            BanqiDeal::from_seed(Seed(seed)).to_letters(),
            "seed {seed}"
        );
    }
}

// ------------------------------------------------------------------- uniformity (§8)

const SEEDS: u64 = 20_000;

/// The 14 kinds of piece (colour and role), in SHUFFLE_ORDER's order of first appearance.
fn kinds() -> Vec<Piece> {
    let mut kinds: Vec<Piece> = Vec::new();
    for p in SHUFFLE_ORDER {
        if !kinds.contains(&p) {
            kinds.push(p);
        }
    }
    kinds
}

/// Pearson's statistic: sum of (observed - expected)^2 / expected.
fn chi_square(observed: &[u64], expected: &[f64]) -> f64 {
    observed
        .iter()
        .zip(expected)
        .map(|(&o, &e)| (o as f64 - e).powi(2) / e)
        .sum()
}

/// The largest per-square statistic over the deals. Under a uniform shuffle the kind on one
/// square is multinomial with probabilities (its count in the set)/32 over 14 kinds: 13
/// degrees of freedom.
fn worst_square(deals: &[[Piece; 32]]) -> f64 {
    let kinds = kinds();
    let n = deals.len() as f64;
    let expected: Vec<f64> = kinds
        .iter()
        .map(|k| n * SHUFFLE_ORDER.iter().filter(|p| *p == k).count() as f64 / 32.0)
        .collect();
    (0..32)
        .map(|sq| {
            let mut counts = vec![0u64; kinds.len()];
            for d in deals {
                let k = kinds.iter().position(|&k| k == d[sq]).unwrap();
                counts[k] += 1;
            }
            chi_square(&counts, &expected)
        })
        .fold(0.0, f64::max)
}

/// Critical value of chi-square with 13 degrees of freedom at p = 1e-6 (52.747). With 32
/// squares tested, a uniform shuffle exceeds it somewhere with probability < 4e-5; the seeds
/// are fixed, so the test is deterministic either way.
const CRITICAL_13_DF: f64 = 52.75;

#[test]
fn pieces_are_uniform_on_every_square_rules_8() {
    let deals: Vec<[Piece; 32]> = (0..SEEDS)
        .map(|s| *BanqiDeal::from_seed(Seed(s)).pieces())
        .collect();
    let worst = worst_square(&deals);
    assert!(worst < CRITICAL_13_DF, "chi-square {worst} (13 df)");
}

/// The test has teeth: the classic wrong shuffle (j drawn from all 32 at every step) fails it,
/// scoring about 550 at its worst square (a uniform shuffle: about 24 over these seeds).
#[test]
fn uniformity_test_rejects_a_biased_shuffle_rules_8() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        // splitmix64: any decent stream shows the bias of the shuffle itself.
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let deals: Vec<[Piece; 32]> = (0..SEEDS)
        .map(|_| {
            let mut d = SHUFFLE_ORDER;
            for i in (0..32).rev() {
                d.swap(i, (next() % 32) as usize);
            }
            d
        })
        .collect();
    let worst = worst_square(&deals);
    assert!(worst >= CRITICAL_13_DF, "biased shuffle unnoticed: {worst}");
}
