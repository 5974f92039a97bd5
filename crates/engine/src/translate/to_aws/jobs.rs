//! Kueue jobs as AWS jobs: each in the share of its ClusterQueue (named directly, or through
//! its LocalQueue), with its preference list and counts from `entries`, its priority mapped
//! into AWS's range; a job admitted in the cluster's state starts again as a pending job.

use super::super::notes::{JobPlace, Notes};
use super::super::NoteKind;
use super::entries::attributes;
use super::Context;
use crate::result::Text;
use crate::scenario::kueue::{ClusterQueue, DEFAULT_NAMESPACE};
use crate::scenario::{JobAttributes, JobMix, JobSpec};

impl Context<'_> {
    /// The ClusterQueue a job names, directly or through the LocalQueue in its namespace.
    fn cluster_queue(&self, share: Option<&str>, a: &JobAttributes) -> Option<&ClusterQueue> {
        let namespace = a.namespace.as_deref().unwrap_or(DEFAULT_NAMESPACE);
        let name = share.map(str::to_string).or_else(|| {
            let lq = a.local_queue.as_deref()?;
            self.kueue
                .local_queues
                .iter()
                .find(|l| l.name == lq && l.namespace == namespace)
                .map(|l| l.cluster_queue.clone())
        })?;
        self.kueue.cluster_queues.iter().find(|q| q.name == name)
    }

    /// The share and AWS fields of a job or template; `None` (with a note) when it has no AWS form.
    fn place(
        &self,
        place: JobPlace,
        share: Option<&str>,
        a: &JobAttributes,
        notes: &mut Notes,
    ) -> Option<(Option<String>, JobAttributes)> {
        let Some(q) = self.cluster_queue(share, a) else {
            notes.per_job(
                place,
                "share",
                NoteKind::Dropped,
                "it names no ClusterQueue of the scenario: dropped",
            );
            return None;
        };
        let Some(aws_share) = self.queues.get(&q.name) else {
            notes.per_job(
                place,
                "share",
                NoteKind::Dropped,
                "its ClusterQueue has no AWS share: dropped",
            );
            return None;
        };
        let Some(fields) = attributes(place, a, q, self, notes) else {
            notes.per_job(
                place,
                "",
                NoteKind::Dropped,
                "no flavor of its ClusterQueue names an instance type: dropped",
            );
            return None;
        };
        Some((aws_share.clone(), fields))
    }

    pub(super) fn job(&self, i: usize, spec: &JobSpec, notes: &mut Notes) -> Option<JobSpec> {
        let place = JobPlace::Job(i);
        let (share, fields) =
            self.place(place, spec.share.as_deref(), &spec.attributes(), notes)?;
        if spec.admitted.is_some() {
            notes.per_job(place, "admitted", NoteKind::Dropped, "AWS has no current-state import: the job admitted in the cluster's state is submitted at its time and waits to start like any other");
        }
        let mut out = JobSpec::from_attributes(
            spec.name.clone(),
            share.map(Text::from),
            spec.submit_h,
            spec.duration_h,
            &fields,
        );
        out.observed = spec.observed.clone();
        Some(out)
    }

    pub(super) fn mix(&self, i: usize, mix: &JobMix, notes: &mut Notes) -> Option<JobMix> {
        let (share, template) = self.place(
            JobPlace::Template(i),
            mix.share.as_deref(),
            &mix.template,
            notes,
        )?;
        Some(JobMix {
            share,
            template,
            ..mix.clone()
        })
    }
}
