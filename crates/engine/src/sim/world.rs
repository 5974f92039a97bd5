//! The compiled scenario: names resolved to indices and hours to seconds, once, before the run.
//!
//! Pools are one flat list: on-demand per type, then spot per type, then one per training plan,
//! so "same pool" (SEMANTICS §5) is an index comparison.

use crate::amount::normalise_zero;
use crate::generate::{draws, job_count, names_len, push_generated_name};
use crate::result::{self, Text};
use crate::rng::{Purpose, Stream};
use crate::scenario::{InstanceType, JobAttributes, Scenario, Strategy};
use crate::time::{seconds, Seconds, HOUR};
use rustc_hash::FxHashMap;

pub type TypeId = usize;
pub type PoolId = usize;
pub type ShareId = usize;
pub type JobId = usize;
pub type PlanId = usize;

/// The most preference entries a job has (docs/FORMAT.md, validated).
pub const MAX_ENTRIES: usize = 5;

/// AWS: training plan instances are taken back starting 30 minutes before a block ends.
pub const PLAN_END_NOTICE: Seconds = 30 * 60;
/// AWS: a plan-only job pending for capacity on an active plan for 2 days fails.
pub const PLAN_ONLY_PATIENCE: Seconds = 48 * HOUR;

/// A priority as AWS rules hold it: validation keeps it within 0 to 9999 (docs/FORMAT.md).
pub fn aws_priority(priority: i32) -> u32 {
    priority.clamp(0, crate::validate::MAX_PRIORITY as i32) as u32
}

/// Which kind of capacity a pool is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum PoolKind {
    OnDemand,
    Spot,
    Plan(PlanId),
}

impl PoolKind {
    /// The kind as results name it (without the plan).
    pub fn result_kind(self) -> result::PoolKind {
        match self {
            PoolKind::OnDemand => result::PoolKind::OnDemand,
            PoolKind::Spot => result::PoolKind::Spot,
            PoolKind::Plan(_) => result::PoolKind::TrainingPlan,
        }
    }
}

pub struct Pool {
    pub kind: PoolKind,
    pub instance_type: TypeId,
    /// Price multiplier: 1 on demand, the spot factor on spot, 0 on a prepaid plan.
    pub price_factor: f64,
    /// The most instances the pool ever offers (for `capacity_exceeded`).
    pub ceiling: u32,
}

pub struct Plan {
    pub name: Text,
    pub pool: PoolId,
    pub count: u32,
    /// Blocks as `[start, end)` in seconds.
    pub blocks: Vec<(Seconds, Seconds)>,
    pub upfront_cost: f64,
}

/// A preference entry, resolved.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Entry {
    pub instance_type: TypeId,
    pub pool: PoolId,
    pub count: u32,
    /// The entry's own `duration_h`, if it has one; otherwise its duration is derived from the
    /// job's (`World::duration`).
    fixed: Option<Seconds>,
}

/// What a job is, apart from its name, submission and duration: shared by every job compiled
/// from the same attributes (a mix's jobs, explicit jobs alike), so a run of millions of jobs
/// holds a few of these and a small [`Submission`] per job (docs/PERFORMANCE.md, "Five million
/// jobs").
#[derive(Clone)]
pub struct Job {
    pub share: Option<ShareId>,
    pub mix: Option<usize>,
    pub priority: u32,
    pub entries: Vec<Entry>,
    pub startup: Seconds,
    /// Checkpoint interval and cost, when the job checkpoints.
    pub checkpoint: Option<(Seconds, Seconds)>,
    /// SEMANTICS §3: only when some entry is accelerated.
    pub max_pending: Option<Seconds>,
    pub preemption_retries: Option<u32>,
    pub memory_gib: Option<f64>,
    pub deadline: Option<Seconds>,
    pub max_wait: Option<Seconds>,
    /// Every entry names a training plan.
    pub plan_only: bool,
}

impl Job {
    /// Everything that tells two kinds apart (the memory need as its bits).
    #[allow(clippy::type_complexity)]
    fn key(
        &self,
    ) -> (
        (Option<ShareId>, Option<usize>, u32, &[Entry], Seconds),
        (
            Option<(Seconds, Seconds)>,
            Option<Seconds>,
            Option<u32>,
            Option<u64>,
        ),
        (Option<Seconds>, Option<Seconds>, bool),
    ) {
        (
            (
                self.share,
                self.mix,
                self.priority,
                &self.entries,
                self.startup,
            ),
            (
                self.checkpoint,
                self.max_pending,
                self.preemption_retries,
                self.memory_gib.map(f64::to_bits),
            ),
            (self.deadline, self.max_wait, self.plan_only),
        )
    }
}

impl PartialEq for Job {
    fn eq(&self, other: &Job) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Job {}

impl std::hash::Hash for Job {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state)
    }
}

/// One job of the run: when it arrives, how long it takes, and what it is.
#[derive(Debug, Clone, Copy)]
pub struct Submission {
    pub submit: Seconds,
    /// The job's duration on its first entry, before any entry's duration is derived from it
    /// (SEMANTICS §3), at least a second.
    base: Seconds,
    /// Its [`Job`], in `World::kinds`.
    kind: u32,
}

pub struct ShareTerms {
    pub name: Text,
    /// Own limit per type; `None` when the type is not in the share's limits.
    pub limits: Vec<Option<u32>>,
    pub strategy: Strategy,
    pub borrow_limit: i64,
    pub in_share_preemption: bool,
}

impl ShareTerms {
    /// The most instances of `t` the share's strategy allows it to hold (SEMANTICS §2),
    /// or `None` for no cap.
    pub fn ceiling(&self, t: TypeId) -> Option<u32> {
        let own = self.limits[t].unwrap_or(0);
        match (self.strategy, self.borrow_limit) {
            (Strategy::LendAndBorrow, -1) if self.limits[t].is_some() => None,
            (Strategy::LendAndBorrow, percent) if percent >= 0 => Some(
                ((u64::from(own) * (100 + percent as u64)) / 100).min(u64::from(u32::MAX)) as u32,
            ),
            _ => Some(own),
        }
    }

    pub fn own(&self, t: TypeId) -> u32 {
        self.limits[t].unwrap_or(0)
    }
}

pub struct World {
    pub types: Vec<InstanceType>,
    /// The types' names as the result shows them, shared by every attempt and event.
    pub type_names: Vec<Text>,
    /// Every type index in order, for the phase that looks at all types.
    pub all_types: Vec<TypeId>,
    pub pools: Vec<Pool>,
    /// The pools of each type: on-demand, spot and its training plans.
    pub type_pools: Vec<Vec<PoolId>>,
    /// On-demand steps per type, `(at, count)` sorted, the first at 0.
    pub on_demand: Vec<Vec<(Seconds, u32)>>,
    /// Spot pool per type: count, interruptions per instance-hour.
    pub spot: Vec<Option<(u32, f64)>>,
    pub plans: Vec<Plan>,
    pub shares: Vec<ShareTerms>,
    /// What the jobs are, each shared by the jobs of the same attributes.
    kinds: Vec<Job>,
    /// Every job, in scenario order.
    jobs: Vec<Submission>,
    /// Every job's name, one after another; `name_ends[j]` is where job `j`'s ends. One string
    /// rather than an allocation per job.
    names: String,
    name_ends: Vec<u32>,
    /// Rank of each job's name in byte order: the tie-break of SEMANTICS §4.
    pub name_rank: Vec<u32>,
    /// The jobs in name byte order (the inverse of `name_rank`), to find a job by name without
    /// a map holding a copy of every name.
    by_name: Vec<u32>,
    pub mixes: Vec<Text>,
    /// The scripted actions, applied by index.
    pub actions: Vec<crate::scenario::Action>,
    pub seed: u64,
    pub horizon: Option<Seconds>,
    pub strict_fifo: bool,
    pub share_index: FxHashMap<String, ShareId>,
    pub type_index: FxHashMap<String, TypeId>,
}

impl World {
    /// Compiles a validated scenario.
    pub fn new(scenario: &Scenario) -> World {
        let types = used_types(scenario);
        let type_index: FxHashMap<String, TypeId> = types
            .iter()
            .enumerate()
            .map(|(i, t)| (t.name.clone(), i))
            .collect();
        let n = types.len();
        let mut pools: Vec<Pool> = Vec::with_capacity(2 * n + scenario.training_plans.len());
        let mut on_demand = vec![vec![(0, 0)]; n];
        for c in &scenario.capacity {
            let t = type_index[&c.instance_type];
            let mut steps = vec![(0, c.count)];
            steps.extend(c.changes.iter().map(|ch| (seconds(ch.at_h), ch.count)));
            on_demand[t] = steps;
        }
        for (t, steps) in on_demand.iter().enumerate() {
            let ceiling = steps.iter().map(|s| s.1).max().unwrap_or(0);
            pools.push(Pool {
                kind: PoolKind::OnDemand,
                instance_type: t,
                price_factor: 1.0,
                ceiling,
            });
        }
        let mut spot = vec![None; n];
        let mut spot_factor = vec![1.0; n];
        for s in &scenario.spot {
            let t = type_index[&s.instance_type];
            spot[t] = Some((s.count, s.interruptions_per_h));
            spot_factor[t] = s.price_factor;
        }
        for t in 0..n {
            let ceiling = spot[t].map_or(0, |s| s.0);
            pools.push(Pool {
                kind: PoolKind::Spot,
                instance_type: t,
                price_factor: spot_factor[t],
                ceiling,
            });
        }
        let plans: Vec<Plan> = scenario
            .training_plans
            .iter()
            .enumerate()
            .map(|(p, plan)| {
                pools.push(Pool {
                    kind: PoolKind::Plan(p),
                    instance_type: type_index[&plan.instance_type],
                    price_factor: 0.0,
                    ceiling: plan.count,
                });
                Plan {
                    name: Text::from(plan.name.as_str()),
                    pool: pools.len() - 1,
                    count: plan.count,
                    blocks: plan
                        .blocks
                        .iter()
                        .map(|b| (seconds(b.start_h), seconds(b.end_h)))
                        .collect(),
                    upfront_cost: normalise_zero(plan.upfront_cost),
                }
            })
            .collect();
        let plan_index: FxHashMap<&str, PlanId> = plans
            .iter()
            .enumerate()
            .map(|(i, p)| (p.name.as_str(), i))
            .collect();
        let shares: Vec<ShareTerms> = scenario
            .quota_shares
            .iter()
            .map(|s| ShareTerms {
                name: Text::from(s.name.as_str()),
                limits: limits_vector(&s.capacity_limits, &type_index, n),
                strategy: s.strategy,
                borrow_limit: s.effective_borrow_limit(),
                in_share_preemption: s.in_share_preemption,
            })
            .collect();
        let share_index: FxHashMap<String, ShareId> = shares
            .iter()
            .enumerate()
            .map(|(i, s)| (s.name.to_string(), i))
            .collect();
        let mixes: Vec<Text> = scenario
            .job_mixes
            .iter()
            .map(|m| Text::from(m.name.as_str()))
            .collect();
        let names = Names {
            types: &types,
            type_index: &type_index,
            plan_index: &plan_index,
            plans: &plans,
            share_index: &share_index,
        };
        // The explicit jobs, then each mix's jobs in order (as `generate::all_jobs` lists them);
        // a generated job is compiled from its draws and the mix's template, not from a copy.
        let mut jobs =
            Jobs::with_capacity(job_count(scenario) as usize, names_len(scenario) as usize);
        for spec in &scenario.jobs {
            let kind = names.compile_job(spec.share.as_deref(), None, &spec.attributes());
            let kind = jobs.kind(kind);
            jobs.push(spec.submit_h, spec.duration_h, kind, |names| {
                names.push_str(&spec.name)
            });
        }
        // A mix's jobs share its kind, compiled and looked up once; their names are written
        // straight into the one string of names (docs/PERFORMANCE.md, "Generated jobs compiled
        // once per mix").
        for (m, mix) in scenario.job_mixes.iter().enumerate() {
            let kind = names.compile_job(mix.share.as_deref(), Some(m), &mix.template);
            let kind = jobs.kind(kind);
            for drawn in draws(scenario.seed, mix) {
                jobs.push(drawn.submit_h, drawn.duration_h, kind, |names| {
                    push_generated_name(names, &mix.name, drawn.number)
                });
            }
        }
        let Jobs {
            kinds,
            jobs,
            names: job_names,
            name_ends,
            ..
        } = jobs;
        let job_count = jobs.len();
        let name = |j: u32| {
            let j = j as usize;
            let start = if j == 0 { 0 } else { name_ends[j - 1] as usize };
            &job_names.as_bytes()[start..name_ends[j] as usize]
        };
        let mut order: Vec<u32> = (0..job_count as u32).collect();
        order.sort_by(|&a, &b| name(a).cmp(name(b)));
        let mut name_rank = vec![0u32; job_count];
        for (rank, &j) in order.iter().enumerate() {
            name_rank[j as usize] = rank as u32;
        }
        let mut type_pools = vec![Vec::new(); n];
        for (p, pool) in pools.iter().enumerate() {
            type_pools[pool.instance_type].push(p);
        }
        World {
            type_names: types.iter().map(|t| Text::from(t.name.as_str())).collect(),
            all_types: (0..types.len()).collect(),
            types,
            pools,
            type_pools,
            on_demand,
            spot,
            plans,
            shares,
            kinds,
            jobs,
            names: job_names,
            name_ends,
            name_rank,
            by_name: order,
            mixes,
            actions: scenario.actions.clone(),
            seed: scenario.seed,
            horizon: scenario.horizon_h.map(seconds),
            strict_fifo: scenario.queueing == crate::scenario::Queueing::StrictFifo,
            share_index,
            type_index,
        }
    }

    /// How many jobs the run has.
    pub fn job_count(&self) -> usize {
        self.jobs.len()
    }

    /// What job `j` is: its share, priority, entries and the rest of its attributes.
    pub fn job(&self, j: JobId) -> &Job {
        &self.kinds[self.jobs[j].kind as usize]
    }

    /// When job `j` is submitted.
    pub fn submit(&self, j: JobId) -> Seconds {
        self.jobs[j].submit
    }

    /// Uninterrupted compute time of the whole of job `j` on its entry `e`: the entry's own
    /// duration, or the job's derived for the entry (SEMANTICS §3), at least a second.
    pub fn duration(&self, j: JobId, e: usize) -> Seconds {
        let submission = self.jobs[j];
        let entries = &self.job(j).entries;
        let entry = &entries[e];
        let duration = entry.fixed.unwrap_or_else(|| {
            let first = &entries[0];
            derived_duration(
                submission.base,
                &self.types[first.instance_type],
                first.count,
                &self.types[entry.instance_type],
                entry.count,
            )
        });
        duration.max(1)
    }

    /// Job `j`'s name.
    pub fn job_name(&self, j: JobId) -> &str {
        let start = if j == 0 { 0 } else { self.name_ends[j - 1] };
        &self.names[start as usize..self.name_ends[j] as usize]
    }

    /// The job whose name has rank `rank` in byte order (`name_rank`'s inverse).
    pub fn job_ranked(&self, rank: u32) -> JobId {
        self.by_name[rank as usize] as usize
    }

    /// The job with this name; the scenario was validated, so every name an action uses exists.
    pub fn job_named(&self, name: &str) -> JobId {
        let at = self
            .by_name
            .partition_point(|&j| self.job_name(j as usize).as_bytes() < name.as_bytes());
        self.by_name
            .get(at)
            .map(|&j| j as usize)
            .filter(|&j| self.job_name(j) == name)
            .expect("actions name jobs of the scenario (validated)")
    }

    /// A fresh spot-interruption stream for a job (SEMANTICS §3: per-job streams).
    pub fn spot_stream(&self, job: JobId) -> Stream {
        Stream::new(self.seed, Purpose::SpotInterruptions, self.job_name(job))
    }
}

/// The instance types the scenario mentions, in a stable order: scenario types first, then the
/// catalog types other fields name.
fn used_types(scenario: &Scenario) -> Vec<InstanceType> {
    let mut types: Vec<InstanceType> = scenario.instance_types.clone();
    let catalog = crate::scenario::catalog::builtin();
    let mentioned = scenario
        .capacity
        .iter()
        .map(|c| c.instance_type.as_str())
        .chain(scenario.spot.iter().map(|s| s.instance_type.as_str()))
        .chain(
            scenario
                .training_plans
                .iter()
                .map(|p| p.instance_type.as_str()),
        )
        .chain(
            scenario
                .quota_shares
                .iter()
                .flat_map(|s| s.capacity_limits.iter().map(|l| l.instance_type.as_str())),
        )
        .chain(
            scenario
                .actions
                .iter()
                .filter_map(|a| a.update_share.as_ref())
                .flat_map(|u| {
                    u.capacity_limits
                        .iter()
                        .flatten()
                        .map(|l| l.instance_type.as_str())
                }),
        )
        .chain(
            scenario
                .jobs
                .iter()
                .flat_map(|j| j.preferences.iter().map(|p| p.instance_type.as_str())),
        )
        .chain(scenario.job_mixes.iter().flat_map(|m| {
            m.template
                .preferences
                .iter()
                .map(|p| p.instance_type.as_str())
        }));
    for name in mentioned {
        if !types.iter().any(|t| t.name == name) {
            if let Some(t) = catalog.iter().find(|t| t.name == name) {
                types.push(t.clone());
            }
        }
    }
    types
}

pub(crate) fn limits_vector(
    limits: &[crate::scenario::CapacityLimit],
    type_index: &FxHashMap<String, TypeId>,
    n: usize,
) -> Vec<Option<u32>> {
    let mut v = vec![None; n];
    for l in limits {
        if let Some(&t) = type_index.get(&l.instance_type) {
            v[t] = Some(l.max_capacity);
        }
    }
    v
}

/// The jobs as `World::new` compiles them: each job's submission, the kinds they share (one
/// each for equal attributes) and the names one after another.
struct Jobs {
    kinds: Vec<Job>,
    index: FxHashMap<Job, u32>,
    jobs: Vec<Submission>,
    names: String,
    name_ends: Vec<u32>,
}

/// Job names together stay below 4 GiB, so their offsets fit a `u32`.
const _: () = assert!(
    crate::validate::MAX_JOBS * crate::validate::MAX_NAME_CHARS as u64 * 4 < u32::MAX as u64
);

impl Jobs {
    /// Room for `n` jobs whose names take `name_bytes` together.
    fn with_capacity(n: usize, name_bytes: usize) -> Jobs {
        Jobs {
            kinds: Vec::new(),
            index: FxHashMap::default(),
            jobs: Vec::with_capacity(n),
            names: String::with_capacity(name_bytes),
            name_ends: Vec::with_capacity(n),
        }
    }

    /// The index of `kind` among the kinds, added if it is new.
    fn kind(&mut self, kind: Job) -> u32 {
        let kinds = &mut self.kinds;
        *self.index.entry(kind).or_insert_with_key(|kind| {
            kinds.push(kind.clone());
            (kinds.len() - 1) as u32
        })
    }

    /// The next job: its times, its kind (from [`Jobs::kind`]), and its name, which
    /// `write_name` appends to the names.
    fn push(
        &mut self,
        submit_h: f64,
        duration_h: f64,
        kind: u32,
        write_name: impl FnOnce(&mut String),
    ) {
        self.jobs.push(Submission {
            submit: seconds(submit_h),
            base: seconds(duration_h).max(1),
            kind,
        });
        write_name(&mut self.names);
        self.name_ends.push(self.names.len() as u32);
    }
}

/// The scenario's names resolved to indices, for compiling its jobs.
struct Names<'a> {
    types: &'a [InstanceType],
    type_index: &'a FxHashMap<String, TypeId>,
    plan_index: &'a FxHashMap<&'a str, PlanId>,
    plans: &'a [Plan],
    share_index: &'a FxHashMap<String, ShareId>,
}

impl Names<'_> {
    /// What a job of `share` and `mix` with these attributes (an explicit job's own, or its
    /// mix's template) is.
    fn compile_job(&self, share: Option<&str>, mix: Option<usize>, attrs: &JobAttributes) -> Job {
        let types = self.types;
        let n = types.len();
        let entries: Vec<Entry> = attrs
            .preferences
            .iter()
            .map(|p| {
                let t = self.type_index[p.instance_type.as_str()];
                let count = p.instance_count.or(attrs.instance_count).unwrap_or(1);
                let pool = match (&p.training_plan, attrs.spot) {
                    (Some(plan), _) => self.plans[self.plan_index[plan.as_str()]].pool,
                    (None, true) => n + t,
                    (None, false) => t,
                };
                Entry {
                    instance_type: t,
                    pool,
                    count,
                    fixed: p.duration_h.map(seconds),
                }
            })
            .collect();
        let accelerated = entries
            .iter()
            .any(|e| types[e.instance_type].is_accelerated());
        Job {
            share: share.map(|s| self.share_index[s]),
            mix,
            priority: aws_priority(attrs.priority),
            startup: seconds(attrs.startup_h),
            checkpoint: attrs
                .checkpoint_interval_h
                .map(|i| (seconds(i).max(1), seconds(attrs.checkpoint_cost_h))),
            max_pending: attrs.max_pending_h.filter(|_| accelerated).map(seconds),
            preemption_retries: attrs.preemption_retries,
            memory_gib: attrs.accelerator_memory_gib,
            deadline: attrs.deadline_h.map(seconds),
            max_wait: attrs.max_wait_h.map(seconds),
            plan_only: attrs.preferences.iter().all(|p| p.training_plan.is_some()),
            entries,
        }
    }
}

/// SEMANTICS §3: `d_i = d_0 * (speed_0 * accel_0 * count_0) / (speed_i * accel_i * count_i)`.
/// A type without accelerators counts as one, so CPU entries scale by instance count and speed.
pub(crate) fn derived_duration(
    base: Seconds,
    first: &InstanceType,
    first_count: u32,
    entry: &InstanceType,
    count: u32,
) -> Seconds {
    let power =
        |t: &InstanceType, c: u32| t.speed * f64::from(t.accelerators.max(1)) * f64::from(c);
    crate::time::nearest_second(base as f64 * power(first, first_count) / power(entry, count))
}
