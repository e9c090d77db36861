//! A journaled d6 roll against a raw ChaCha8 draw, in the same run (target: at most 3×).
//!
//! The journaled roll is what rules code does for every die: draw, score against the target
//! with its exact odds, and record an event with its text. The recording journal is replaced
//! every 1,024 rolls so it does not grow without bound.

use criterion::{Criterion, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use squadsight_core::dice::{Dice, Target, roll};
use squadsight_core::{GameRng, Journal};
use std::hint::black_box;

fn dice(c: &mut Criterion) {
    let mut group = c.benchmark_group("d6");
    group.bench_function("raw ChaCha8 next_u32", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(42);
        b.iter(|| black_box(rng.next_u32()));
    });
    group.bench_function("journaled d6 roll (recording)", |b| {
        let mut rng = GameRng::new(42);
        let mut journal = Journal::recording();
        let mut n = 0u32;
        b.iter(|| {
            let r = roll(&mut rng, Dice::D6, Some(Target::AtLeast(4)));
            journal.roll("sk.bench.roll", &r, || format!("rolls {}", r.total));
            n += 1;
            if n == 1024 {
                journal = Journal::recording();
                n = 0;
            }
        });
        black_box(journal.len());
    });
    group.bench_function("journaled d6 roll (journal off)", |b| {
        let mut rng = GameRng::new(42);
        let mut journal = Journal::off();
        b.iter(|| {
            let r = roll(&mut rng, Dice::D6, Some(Target::AtLeast(4)));
            journal.roll("sk.bench.roll", &r, || format!("rolls {}", r.total));
        });
        black_box(journal.len());
    });
    group.finish();
}

criterion_group!(benches, dice);
criterion_main!(benches);
