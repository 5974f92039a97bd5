//! The CLI's memory allocator: mimalloc, without transparent huge pages.
//!
//! A 100k-job run allocates millions of small strings and vectors for its result; mimalloc does
//! that in about a third fewer user-CPU seconds than glibc's malloc. By default it also asks
//! Linux for transparent huge pages (`madvise(MADV_HUGEPAGE)`), and where the kernel then
//! compacts memory synchronously to find them, a run's system time jumped from 0.05 s to 0.9 s
//! at 100k jobs, and to 8 s at 1M, from one run to the next. Ordinary pages cost a steady tenth
//! of a second instead (`no_thp`). Figures: crates/engine/BENCHMARKS.md.

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
