//! The CLI's memory allocator: mimalloc, set up for short runs that build one large result.
//!
//! A 100k-job run allocates millions of small strings and vectors for its result. mimalloc does
//! that in about a third fewer instructions than glibc's malloc, but by default it hands freed
//! pages back to the OS after a second, and a run that frees and regrows large vectors then pays
//! for the same pages again in page faults (0.6 s of system time at 100k jobs, more than the
//! user time it saved). The CLI is a short-lived process, so it keeps freed memory for reuse
//! instead. Figures: crates/engine/BENCHMARKS.md.

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay` in the `mi_option_e` enum of mimalloc 3 (libmimalloc-sys 0.1.49,
/// `c_src/mimalloc/v3/include/mimalloc.h`). The crate exports no constant for it; the test below
/// checks that this index answers with the option's default.
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Never purge: freed memory stays with the process and is reused by later allocations.
const NEVER: std::os::raw::c_long = -1;

/// Call first thing in `main`, before any other thread exists.
pub fn keep_freed_memory() {
    // SAFETY: mi_option_set only writes mimalloc's option table; it is not thread-safe, and
    // main calls this before it starts any thread.
    unsafe { libmimalloc_sys::mi_option_set(PURGE_DELAY, NEVER) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_purge_delay_index_names_the_purge_delay_option() {
        // mimalloc 3's default purge delay is 1000 ms (options.c); with no MIMALLOC_PURGE_DELAY
        // in the environment, the option at our index must read 1000, and after the call, -1.
        if std::env::var_os("MIMALLOC_PURGE_DELAY").is_some() {
            return;
        }
        // SAFETY: reading and writing one option; other test threads may read it meanwhile, and
        // a c_long store is a single aligned write on every platform the CLI is built for.
        let before = unsafe { libmimalloc_sys::mi_option_get(PURGE_DELAY) };
        assert_eq!(
            before, 1000,
            "option {PURGE_DELAY} is not mimalloc's purge delay"
        );
        keep_freed_memory();
        let after = unsafe { libmimalloc_sys::mi_option_get(PURGE_DELAY) };
        assert_eq!(after, NEVER);
    }
}
