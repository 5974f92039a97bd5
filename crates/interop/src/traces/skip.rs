//! Why a trace row was left out on purpose. The row reader (`crate::rows`) counts rows by these
//! reasons, and the import's report lists each with its count (docs/TRACES.md), so every row
//! read is either a job, a bad row, or one of these.

use std::fmt;

/// A reason to leave a row out, in every trace format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Skip {
    /// Submitted before `--from-h` or from `--to-h` on.
    OutsideWindow,
    /// Left out by `--sample` or `--fraction`.
    SampledOut,
    /// SWF: run time 0 or -1.
    NoRunTime,
    /// SWF: no processor count.
    NoProcessors,
    /// Alibaba: a pod already read from another pod list.
    DuplicatePod,
    /// Alibaba: `num_gpu` 0.
    CpuOnly,
    /// Alibaba: no `scheduled_time`, or deleted at or before it.
    NeverScheduled,
    /// Alibaba: the `gpu_spec` names only models without an instance type or capacity.
    UnmappedSpec,
}

impl fmt::Display for Skip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Skip::OutsideWindow => "submitted outside the time window",
            Skip::SampledOut => "sampled out",
            Skip::NoRunTime => "no run time (field 4 is 0 or -1: cancelled or unknown)",
            Skip::NoProcessors => "no processor count (fields 5 and 8 are -1)",
            Skip::DuplicatePod => "the same pod is already imported from another pod list",
            Skip::CpuOnly => "CPU-only pod (num_gpu 0)",
            Skip::NeverScheduled => {
                "never scheduled or no run time (no scheduled_time, or deletion not after it)"
            }
            Skip::UnmappedSpec => {
                "its gpu_spec names only GPU models without an instance type or capacity"
            }
        })
    }
}
