//! Choosing victims (SEMANTICS §5): reclaim across shares, then in-share preemption, each taking
//! candidates greedily in its victim order until the job fits, then pruning from the last chosen
//! to the first. If even every candidate would not make room, nobody is preempted.

use super::fit;
use super::order::{in_share_victim_key, reclaim_victim_key};
use super::world::JobId;
use super::Sim;
use crate::common::ending::Stop;
use crate::common::Phase;

impl Sim<'_> {
    /// Victims that let `j` start on entry `e`: reclaim first, then in-share (SEMANTICS §5).
    pub(super) fn find_victims(&mut self, j: JobId, e: usize) -> Option<(Vec<JobId>, Stop)> {
        self.reclaim_victims(j, e)
            .map(|v| (v, Stop::Reclaim))
            .or_else(|| self.in_share_victims(j, e).map(|v| (v, Stop::InShare)))
    }

    /// Reclaim: a job of a lending share whose entry stays within its own limit takes back
    /// capacity from other shares borrowing the type on the same pool.
    fn reclaim_victims(&mut self, j: JobId, e: usize) -> Option<Vec<JobId>> {
        let world = self.world;
        let job = world.job(j);
        let s = job.share?;
        let entry = &job.entries[e];
        let t = entry.instance_type;
        let terms = &self.cap.terms[s];
        if !terms.strategy.lends()
            || terms.limits[t].is_none_or(|own| self.cap.share_used[s][t] + entry.count > own)
        {
            return None;
        }
        let mut candidates: Vec<JobId> = self
            .running
            .on_pool(entry.pool)
            .iter()
            .copied()
            .filter(|&v| {
                world
                    .job(v)
                    .share
                    .is_some_and(|vs| vs != s && self.cap.borrowed(vs, t) > 0)
                    && self.preemptible_now(v)
            })
            .collect();
        candidates.sort_by_key(|&v| {
            let run = self.jobs[v]
                .running
                .as_ref()
                .expect("candidates are running");
            reclaim_victim_key(
                run.borrowed,
                self.jobs[v].priority,
                run.plan.start,
                world.name_rank[v],
            )
        });
        // A share stops being a candidate as soon as the victims chosen so far end its borrowing.
        self.choose(j, e, candidates, |sim, v| {
            let vs = world
                .job(v)
                .share
                .expect("reclaim victims belong to a share");
            sim.cap.borrowed(vs, t) > 0
        })
    }

    /// In-share: running jobs of the same share, on the same type and pool, with strictly lower
    /// priority.
    fn in_share_victims(&mut self, j: JobId, e: usize) -> Option<Vec<JobId>> {
        let world = self.world;
        let job = world.job(j);
        let s = job.share?;
        if !self.cap.terms[s].in_share_preemption {
            return None;
        }
        let entry = &job.entries[e];
        let priority = self.jobs[j].priority;
        let mut candidates: Vec<JobId> = self
            .running
            .of_share(s, entry.pool)
            .iter()
            .take_while(|&&(p, _)| p < priority)
            .map(|&(_, v)| v)
            .filter(|&v| self.preemptible_now(v))
            .collect();
        candidates.sort_by_key(|&v| {
            let started = self.jobs[v].running.as_ref().map_or(0, |r| r.plan.start);
            in_share_victim_key(self.jobs[v].priority, started, world.name_rank[v])
        });
        self.choose(j, e, candidates, |_, _| true)
    }

    /// A job started by preemption at this instant cannot be preempted at this instant.
    fn preemptible_now(&self, v: JobId) -> bool {
        self.jobs[v].phase == Phase::Running
            && self.jobs[v]
                .running
                .as_ref()
                .is_some_and(|r| r.by_preemption_at != Some(self.now))
    }

    /// Greedy choice then pruning, on tentatively released capacity; the state is restored
    /// before returning, and the caller preempts the returned victims for real.
    fn choose(
        &mut self,
        j: JobId,
        e: usize,
        candidates: Vec<JobId>,
        still_candidate: impl Fn(&Sim, JobId) -> bool,
    ) -> Option<Vec<JobId>> {
        let job = self.world.job(j);
        let mut chosen = Vec::new();
        let mut fits = false;
        for v in candidates {
            if !still_candidate(self, v) {
                continue;
            }
            self.hold(v, false);
            chosen.push(v);
            if fit::check(self.world, &self.cap, job, e).is_ok() {
                fits = true;
                break;
            }
        }
        if !fits {
            for &v in &chosen {
                self.hold(v, true);
            }
            return None;
        }
        // Walk back from the last chosen: give back each victim whose removal is not needed.
        let mut needed = Vec::new();
        for &v in chosen.iter().rev() {
            self.hold(v, true);
            if fit::check(self.world, &self.cap, job, e).is_ok() {
                continue; // not needed: it keeps its place
            }
            self.hold(v, false);
            needed.push(v);
        }
        for &v in &needed {
            self.hold(v, true);
        }
        needed.reverse();
        Some(needed)
    }

    /// Tentatively gives a running job's instances back (`occupied = false`) or takes them again.
    fn hold(&mut self, v: JobId, occupied: bool) {
        let job = self.world.job(v);
        let entry = &job.entries[self.jobs[v]
            .running
            .as_ref()
            .expect("victims are running")
            .entry];
        if occupied {
            self.cap
                .occupy(entry.pool, entry.instance_type, job.share, entry.count);
        } else {
            self.cap
                .release(entry.pool, entry.instance_type, job.share, entry.count);
        }
    }
}
