//! `cargo bench -p quotalab-engine`: the engine on generated scenarios of 20 shares and 6
//! instance types (`quotalab_engine::synthetic`). `quotalab bench` runs the same scenarios up
//! to a million jobs and prints events and jobs per second; BENCHMARKS.md has the figures.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use quotalab_engine::{simulate, synthetic};

/// The allocator the `quotalab` CLI ships with, so both benchmarks measure the same engine.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn simulate_synthetic(c: &mut Criterion) {
    let mut group = c.benchmark_group("simulate");
    group.sample_size(10);
    for jobs in [10_000u32, 100_000] {
        let scenario = synthetic::scenario(jobs, 1);
        group.throughput(Throughput::Elements(u64::from(jobs)));
        group.bench_with_input(BenchmarkId::from_parameter(jobs), &scenario, |b, s| {
            b.iter(|| simulate(s))
        });
    }
    group.finish();
}

criterion_group!(benches, simulate_synthetic);
criterion_main!(benches);
