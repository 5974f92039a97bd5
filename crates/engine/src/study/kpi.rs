//! The KPIs: the numbers a share's outcome is judged by, each with its name, labels, unit,
//! which way is better and its value. A comparison reports [`Kpi::COMPARED`] per share over its
//! seeds; the app's KPI cards and presenter slides show [`Kpi::CARD`] of one run. Both are this
//! one vocabulary, so a word means the same number everywhere (docs/ARCHITECTURE.md, "The
//! result's vocabulary").

use super::sample::ShareSample;
use crate::result::ShareResult;
use serde::{Deserialize, Serialize};

/// One share's numbers in one run, as a KPI reads them. A run's [`ShareResult`] and a study's
/// [`ShareSample`] keep them under the same names; [`Kpi::of`] reads only this, so the app's
/// cards and a study's statistics cannot define a KPI two ways.
struct Figures<'a> {
    succeeded: u32,
    completion_p50_h: Option<f64>,
    completion_p90_h: Option<f64>,
    wait_mean_h: f64,
    /// Every job's hours pending and the study's threshold T; a run's result keeps only the mean.
    waits: Option<(&'a [f64], f64)>,
    borrowed_instance_h: f64,
    lent_instance_h: f64,
    preemptions: u32,
    interruptions: u32,
    reclaims_made: u32,
    lost_accelerator_h: f64,
    restart_overhead_accelerator_h: Option<f64>,
    cost: f64,
    /// Over the jobs that started (docs/SEMANTICS.md, "Fallback rate"): none when none started.
    fallback_rate: Option<f64>,
}

/// The [`Figures`] of a run's share or a sample's, which keep these under the same names; the
/// three they keep differently are given.
macro_rules! figures {
    ($s:expr, $($given:ident: $value:expr),* $(,)?) => {
        Figures {
            succeeded: $s.succeeded,
            completion_p50_h: $s.completion_p50_h,
            completion_p90_h: $s.completion_p90_h,
            wait_mean_h: $s.wait_mean_h,
            borrowed_instance_h: $s.borrowed_instance_h,
            lent_instance_h: $s.lent_instance_h,
            preemptions: $s.preemptions,
            interruptions: $s.interruptions,
            reclaims_made: $s.reclaims_made,
            lost_accelerator_h: $s.lost_accelerator_h,
            cost: $s.cost,
            $($given: $value),*
        }
    };
}

/// Which way a KPI should move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Less is better (waits, completion times, lost work, cost, preemptions).
    LowerIsBetter,
    /// More is better (jobs done, P(wait < T)).
    HigherIsBetter,
    /// Neither: borrowing and lending are how an agreement works, not a score.
    Neutral,
}

/// One per-share KPI; the JSON name is the snake_case of the variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kpi {
    /// Jobs that succeeded.
    JobsDone,
    /// Median completion time (submit to end) of succeeded jobs, hours.
    CompletionP50H,
    /// 90th percentile completion time of succeeded jobs, hours.
    CompletionP90H,
    /// Mean time pending per job, hours.
    WaitMeanH,
    /// Fraction of the share's jobs that waited less than the study's threshold T.
    WaitBelowThreshold,
    /// Instance-hours used beyond the share's own limits.
    BorrowedInstanceH,
    /// The share's idle limit used by others, instance-hours.
    LentInstanceH,
    /// Preemptions the share's jobs suffered: reclaim, in-share, limit lowered
    /// (`StopKind::is_preemption`).
    Preemptions,
    /// Interruptions the share's jobs suffered: plan end, spot.
    Interruptions,
    /// Reclaims the share's jobs made.
    ReclaimsMade,
    /// Accelerator-hours of work lost to preemptions and interruptions.
    LostAcceleratorH,
    /// Accelerator-hours spent starting jobs again after a preemption or interruption
    /// (docs/ARCHITECTURE.md, "Restart overhead"); a single run's, not compared over seeds.
    RestartOverheadAcceleratorH,
    /// Usage cost in the scenario's currency, plus the upfront cost of owned training plans.
    Cost,
    /// Fraction of the share's started jobs whose first attempt ran on an entry after their
    /// first.
    FallbackRate,
}

/// The unit a KPI is counted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// Hours.
    #[serde(rename = "h")]
    Hours,
    /// Instance-hours.
    #[serde(rename = "instance-h")]
    InstanceHours,
    /// Accelerator-hours.
    #[serde(rename = "accelerator-h")]
    AcceleratorHours,
    /// Jobs.
    Jobs,
    /// A count of events.
    Count,
    /// A fraction from 0 to 1.
    Fraction,
    /// The comparison's currency.
    Currency,
}

impl Unit {
    /// The unit as tables write it after a number: `h`, `instance-h`, `accelerator-h`, `jobs`.
    pub fn as_str(self) -> &'static str {
        match self {
            Unit::Hours => "h",
            Unit::InstanceHours => "instance-h",
            Unit::AcceleratorHours => "accelerator-h",
            Unit::Jobs => "jobs",
            Unit::Count => "count",
            Unit::Fraction => "fraction",
            Unit::Currency => "currency",
        }
    }

    /// The unit as a narrow card writes it after a number ("2.4 GPU-h"); empty for counts and
    /// money, whose numbers say it.
    pub fn short(self) -> &'static str {
        match self {
            Unit::Hours => " h",
            Unit::InstanceHours => " inst-h",
            Unit::AcceleratorHours => " GPU-h",
            Unit::Fraction => "%",
            Unit::Jobs | Unit::Count | Unit::Currency => "",
        }
    }
}

impl Kpi {
    /// The KPIs a comparison reports, in the order its tables and JSON list them; the names a
    /// target may use.
    pub const COMPARED: [Kpi; 13] = [
        Kpi::JobsDone,
        Kpi::CompletionP50H,
        Kpi::CompletionP90H,
        Kpi::WaitMeanH,
        Kpi::WaitBelowThreshold,
        Kpi::BorrowedInstanceH,
        Kpi::LentInstanceH,
        Kpi::Preemptions,
        Kpi::Interruptions,
        Kpi::ReclaimsMade,
        Kpi::LostAcceleratorH,
        Kpi::Cost,
        Kpi::FallbackRate,
    ];

    /// The KPIs a single run's card shows per share, in the card's order.
    pub const CARD: [Kpi; 13] = [
        Kpi::JobsDone,
        Kpi::CompletionP50H,
        Kpi::CompletionP90H,
        Kpi::WaitMeanH,
        Kpi::FallbackRate,
        Kpi::BorrowedInstanceH,
        Kpi::LentInstanceH,
        Kpi::Preemptions,
        Kpi::Interruptions,
        Kpi::ReclaimsMade,
        Kpi::LostAcceleratorH,
        Kpi::RestartOverheadAcceleratorH,
        Kpi::Cost,
    ];

    /// The JSON (and command-line) name, `completion_p90_h`.
    pub fn name(self) -> String {
        crate::json_text::word_of(&self)
    }

    /// The compared KPI called `name` (its JSON name), if any.
    pub fn from_name(name: &str) -> Option<Kpi> {
        Kpi::COMPARED.into_iter().find(|k| k.name() == name)
    }

    /// A label for people (`P(wait < T)` has the threshold filled in by the caller).
    pub fn label(self) -> &'static str {
        match self {
            Kpi::JobsDone => "Jobs done",
            Kpi::CompletionP50H => "Completion p50",
            Kpi::CompletionP90H => "Completion p90",
            Kpi::WaitMeanH => "Mean wait",
            Kpi::WaitBelowThreshold => "P(wait < T)",
            Kpi::BorrowedInstanceH => "Borrowed",
            Kpi::LentInstanceH => "Lent",
            Kpi::Preemptions => "Preemptions",
            Kpi::Interruptions => "Interruptions",
            Kpi::ReclaimsMade => "Reclaims made",
            Kpi::LostAcceleratorH => "Lost work",
            Kpi::RestartOverheadAcceleratorH => "Restart overhead",
            Kpi::Cost => "Cost",
            Kpi::FallbackRate => "Fallback rate",
        }
    }

    /// The label a KPI card shows: short, since the card is narrow and projected.
    pub fn short_label(self) -> &'static str {
        match self {
            Kpi::JobsDone => "done",
            Kpi::CompletionP50H => "p50",
            Kpi::CompletionP90H => "p90",
            Kpi::WaitMeanH => "mean wait",
            Kpi::WaitBelowThreshold => "P(wait < T)",
            Kpi::BorrowedInstanceH => "borrowed",
            Kpi::LentInstanceH => "lent",
            Kpi::Preemptions => "preemptions",
            Kpi::Interruptions => "interruptions",
            Kpi::ReclaimsMade => "reclaims made",
            Kpi::LostAcceleratorH => "lost work",
            Kpi::RestartOverheadAcceleratorH => "restart overhead",
            Kpi::Cost => "cost",
            Kpi::FallbackRate => "fallback rate",
        }
    }

    /// What the number means, in a sentence (a card label's tooltip).
    pub fn meaning(self) -> &'static str {
        match self {
            Kpi::JobsDone => "jobs of the share that succeeded, of all its jobs",
            Kpi::CompletionP50H => "p50 completion: half of the succeeded jobs ended within this time of their submission",
            Kpi::CompletionP90H => "p90 completion: nine in ten succeeded jobs ended within this time of their submission",
            Kpi::WaitMeanH => "mean time a job of the share spent pending",
            Kpi::WaitBelowThreshold => "of the share's jobs, the fraction that waited less than the study's threshold T",
            Kpi::BorrowedInstanceH => "instance-hours used over the share's own limits",
            Kpi::LentInstanceH => "instance-hours other shares used of this share's idle capacity",
            Kpi::Preemptions => "preemptions the share's jobs suffered (reclaim, in-share, limit lowered); they count against retries",
            Kpi::Interruptions => "interruptions the share's jobs suffered (plan end, spot); they do not count against retries",
            Kpi::ReclaimsMade => "jobs of other shares this share's jobs reclaimed capacity from",
            Kpi::LostAcceleratorH => "accelerator-hours of work lost since the last checkpoint, over all preemptions and interruptions",
            Kpi::RestartOverheadAcceleratorH => "accelerator-hours spent starting jobs again after a preemption or interruption (the startup of every attempt after the first)",
            Kpi::Cost => "on-demand and spot cost of the share's jobs, plus the upfront cost of the training plans it owns",
            Kpi::FallbackRate => "of the share's started jobs, the fraction whose first attempt ran on an entry after their first choice",
        }
    }

    /// Whether it only means something between quota shares (borrowing, lending, reclaims): a
    /// scenario without shares leaves it out.
    pub fn between_shares(self) -> bool {
        matches!(
            self,
            Kpi::BorrowedInstanceH | Kpi::LentInstanceH | Kpi::ReclaimsMade
        )
    }

    /// Its value in one run's share; `None` when it does not exist there (no succeeded job, no
    /// started job), and for P(wait < T), which needs a study's threshold.
    pub fn of_share(self, s: &ShareResult) -> Option<f64> {
        self.of(&figures!(s,
            waits: None,
            restart_overhead_accelerator_h: Some(s.restart_overhead_accelerator_h),
            fallback_rate: (s.started > 0).then_some(s.fallback_rate),
        ))
    }

    /// Its value in one seed's sample of a share, with P(wait < T) for the study's threshold
    /// `threshold_h`; `None` where [`Kpi::of_share`] has none, and for restart overhead, which a
    /// sample does not keep (a single run's card shows it; a study does not compare it).
    pub fn of_sample(self, s: &ShareSample, threshold_h: f64) -> Option<f64> {
        self.of(&figures!(s,
            waits: Some((&*s.waits_h, threshold_h)),
            restart_overhead_accelerator_h: None,
            fallback_rate: s.fallback_rate,
        ))
    }

    /// The one definition of every KPI's value, over the numbers a run's result and a study's
    /// sample both keep.
    fn of(self, f: &Figures) -> Option<f64> {
        Some(match self {
            Kpi::JobsDone => f64::from(f.succeeded),
            Kpi::CompletionP50H => f.completion_p50_h?,
            Kpi::CompletionP90H => f.completion_p90_h?,
            Kpi::WaitMeanH => f.wait_mean_h,
            Kpi::WaitBelowThreshold => {
                let (waits_h, threshold_h) = f.waits?;
                if waits_h.is_empty() {
                    return None;
                }
                waits_h.iter().filter(|&&w| w < threshold_h).count() as f64 / waits_h.len() as f64
            }
            Kpi::BorrowedInstanceH => f.borrowed_instance_h,
            Kpi::LentInstanceH => f.lent_instance_h,
            Kpi::Preemptions => f64::from(f.preemptions),
            Kpi::Interruptions => f64::from(f.interruptions),
            Kpi::ReclaimsMade => f64::from(f.reclaims_made),
            Kpi::LostAcceleratorH => f.lost_accelerator_h,
            Kpi::RestartOverheadAcceleratorH => f.restart_overhead_accelerator_h?,
            Kpi::Cost => f.cost,
            Kpi::FallbackRate => f.fallback_rate?,
        })
    }

    /// The unit (`Currency`: the comparison's `currency`).
    pub fn unit(self) -> Unit {
        match self {
            Kpi::JobsDone => Unit::Jobs,
            Kpi::CompletionP50H | Kpi::CompletionP90H | Kpi::WaitMeanH => Unit::Hours,
            Kpi::WaitBelowThreshold | Kpi::FallbackRate => Unit::Fraction,
            Kpi::BorrowedInstanceH | Kpi::LentInstanceH => Unit::InstanceHours,
            Kpi::Preemptions | Kpi::Interruptions | Kpi::ReclaimsMade => Unit::Count,
            Kpi::LostAcceleratorH | Kpi::RestartOverheadAcceleratorH => Unit::AcceleratorHours,
            Kpi::Cost => Unit::Currency,
        }
    }

    /// Which way is better.
    pub fn direction(self) -> Direction {
        match self {
            Kpi::JobsDone | Kpi::WaitBelowThreshold => Direction::HigherIsBetter,
            Kpi::BorrowedInstanceH | Kpi::LentInstanceH | Kpi::ReclaimsMade => Direction::Neutral,
            _ => Direction::LowerIsBetter,
        }
    }

    /// Whether a change by `change` (after minus before, not zero) is good news
    /// (`Some(true)`), bad news (`Some(false)`) or neither (`None`).
    pub fn judge(self, change: f64) -> Option<bool> {
        match self.direction() {
            Direction::LowerIsBetter => Some(change < 0.0),
            Direction::HigherIsBetter => Some(change > 0.0),
            Direction::Neutral => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Kpi;
    use crate::study::sample::sample_of;
    use crate::{simulate, Scenario};

    /// Share B of the fixture (crates/engine/src/result/breakdown.rs works it by hand) has two
    /// jobs; both start and one falls back. A copy of the run in which neither started has jobs
    /// but no started job: its fallback rate does not exist, for the card and the study alike.
    #[test]
    fn the_fallback_rate_is_over_started_jobs_and_none_when_no_job_started() {
        let scenario = Scenario::from_json(include_str!(
            "../result/fixtures/fallback-reclaim-owned-plan.json"
        ))
        .expect("a valid fixture");
        let ran = simulate(&scenario);
        let b = &ran.shares[1];
        assert_eq!(Kpi::FallbackRate.of_share(b), Some(0.5));
        let sample = sample_of(&scenario, &ran);
        assert_eq!(
            Kpi::FallbackRate.of_sample(&sample.shares[1], 1.0),
            Some(0.5)
        );

        let mut never_started = ran.clone();
        for job in never_started.jobs.iter_mut() {
            if job.share.as_deref() == Some(b.name.as_str()) {
                job.attempts.clear();
            }
        }
        let b = &mut never_started.shares[1];
        (b.started, b.fallback_rate) = (0, 0.0);
        assert!(b.jobs > 0);
        assert_eq!(Kpi::FallbackRate.of_share(b), None);
        let sample = sample_of(&scenario, &never_started);
        assert!(sample.shares[1].jobs > 0);
        assert_eq!(Kpi::FallbackRate.of_sample(&sample.shares[1], 1.0), None);
    }
}
