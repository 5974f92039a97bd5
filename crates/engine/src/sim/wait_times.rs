//! A job's time waited per reason so far (SEMANTICS §6), in the room of the reasons it waited
//! for.
//!
//! Every job of a run holds one from start to end, so its size counts millions of times: a time
//! for each of the eight reasons AWS rules give was 64 bytes a job, where a job waits for one or
//! two (of the scaled default scenario's million jobs, none waits for more; docs/PERFORMANCE.md,
//! "The CLI at one and five million jobs"). Two reasons are held inline, in 24 bytes; a job that
//! waits for more holds every reason's time in a box.

use super::per_reason::PerReason;
use super::reason::Reason;
use crate::time::Seconds;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WaitTimes {
    /// Up to two reasons, each with its time; an empty place is `None`.
    Few {
        reasons: [Option<Reason>; 2],
        times: [Seconds; 2],
    },
    /// Every reason's time, indexed by `Reason::index`.
    All(Box<PerReason>),
}

impl Default for WaitTimes {
    fn default() -> Self {
        WaitTimes::Few {
            reasons: [None; 2],
            times: [0; 2],
        }
    }
}

impl WaitTimes {
    /// Adds `time` waited for `reason`. Nothing is held for a reason that has waited no time.
    pub fn add(&mut self, reason: Reason, time: Seconds) {
        if time == 0 {
            return;
        }
        let (reasons, times) = match self {
            WaitTimes::All(all) => {
                all[reason.index()] += time;
                return;
            }
            WaitTimes::Few { reasons, times } => (reasons, times),
        };
        for (held, total) in reasons.iter_mut().zip(times.iter_mut()) {
            match held {
                Some(r) if *r == reason => {
                    *total += time;
                    return;
                }
                None => {
                    *held = Some(reason);
                    *total = time;
                    return;
                }
                Some(_) => {}
            }
        }
        let mut all: PerReason = [0; Reason::AWS.len()];
        for (r, t) in reasons.iter().zip(times.iter()) {
            if let Some(r) = r {
                all[r.index()] = *t;
            }
        }
        all[reason.index()] = time;
        *self = WaitTimes::All(Box::new(all));
    }

    /// The time waited for `reason`.
    pub fn of(&self, reason: Reason) -> Seconds {
        match self {
            WaitTimes::All(all) => all[reason.index()],
            WaitTimes::Few { reasons, times } => reasons
                .iter()
                .zip(times)
                .find(|(r, _)| **r == Some(reason))
                .map_or(0, |(_, t)| *t),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_add_up_per_reason_inline_and_boxed() {
        let mut waits = WaitTimes::default();
        waits.add(Reason::ShareLimit, 5);
        waits.add(Reason::NoCapacity, 0);
        waits.add(Reason::NoCapacity, 3);
        waits.add(Reason::ShareLimit, 2);
        assert!(matches!(waits, WaitTimes::Few { .. }));
        assert_eq!(waits.of(Reason::ShareLimit), 7);
        assert_eq!(waits.of(Reason::NoCapacity), 3);
        assert_eq!(waits.of(Reason::NoLendable), 0);
        waits.add(Reason::NoLendable, 4);
        waits.add(Reason::NoCapacity, 1);
        assert!(matches!(waits, WaitTimes::All(_)));
        let times: Vec<Seconds> = Reason::AWS.iter().map(|&r| waits.of(r)).collect();
        assert_eq!(times, [4, 7, 0, 4, 0, 0, 0, 0]);
    }

    #[test]
    fn fits_in_three_words() {
        assert_eq!(std::mem::size_of::<WaitTimes>(), 24);
    }
}
