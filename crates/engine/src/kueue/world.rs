//! The compiled Kueue scenario: names resolved to indices, quantities to Kueue's integer amounts
//! and hours to seconds, once, before the run (docs/KUEUE.md).
//!
//! Quota arithmetic is per flavor and resource (an FR), so every per-FR number is a dense array
//! indexed by `fr = flavor * resources + resource`. The cohort tree's nodes are the ClusterQueues
//! (leaves) and the cohorts (inner nodes), in one list.

use super::eligible;
use crate::generate::{draws, generated_name, job_count, Draw};
use crate::quantity::Quantity;
use crate::result::Text;
use crate::scenario::kueue::{
    self as k, ClusterQueue, Cohort, FlavorFungibility, Kueue, ResourceGroup, StopPolicy,
    ACCELERATOR_RESOURCES, PODS,
};
use crate::scenario::{InstanceType, JobAttributes, JobMix, Scenario};
use crate::sim::derived_duration;
use crate::time::{seconds, Seconds};
use rustc_hash::FxHashMap;

pub type FlavorId = usize;
pub type ResourceId = usize;
pub type CqId = usize;
pub type NodeId = usize;
pub type JobId = usize;
/// A flavor and a resource: `flavor * resources + resource`.
pub type Fr = usize;
/// Each pod set's flavor per resource.
pub type PodSetFlavors = Vec<Vec<(ResourceId, FlavorId)>>;
/// What makes two jobs of a queue equivalent to Kueue: per pod set its count, its requests and
/// which flavors it may use.
type Shape = (
    CqId,
    Vec<(u32, Vec<(ResourceId, i64)>, Vec<eligible::Match>)>,
);

/// A ResourceFlavor, with what its instance type says about price and speed.
pub struct Flavor {
    pub name: Text,
    pub spec: k::ResourceFlavor,
    /// The catalog type of its nodes, when it names one.
    pub instance_type: Option<InstanceType>,
    /// The type's name as results show it, or the flavor's when it has no type.
    pub type_name: Text,
    pub spot: bool,
    /// Price multiplier: the scenario's spot `price_factor` for the type on a spot flavor.
    pub price_factor: f64,
    /// Spot interruptions per pod-hour, from the scenario's spot pool of the type.
    pub interruptions_per_h: f64,
}

/// One node of the cohort tree: a ClusterQueue or a cohort.
pub struct Node {
    pub name: Text,
    pub parent: Option<NodeId>,
    /// The ClusterQueue this node is, if it is one.
    pub cq: Option<CqId>,
    pub child_cqs: Vec<NodeId>,
    pub child_cohorts: Vec<NodeId>,
    /// Per FR: the node's own nominal quota (a ClusterQueue's, or a cohort's extra quota).
    pub nominal: Vec<i64>,
    pub borrowing_limit: Vec<Option<i64>>,
    pub lending_limit: Vec<Option<i64>>,
    /// Per FR: its own quota plus what its children lend up (Kueue's SubtreeQuota).
    pub subtree_quota: Vec<i64>,
    /// `fairSharing.weight`.
    pub weight: f64,
    /// The distance to its farthest leaf (0 for a ClusterQueue).
    pub height: usize,
}

/// A resource group of a ClusterQueue: resources that take one flavor together.
pub struct Group {
    pub resources: Vec<ResourceId>,
    pub flavors: Vec<FlavorId>,
}

/// The preemption policies of a ClusterQueue.
#[derive(Clone, Copy)]
pub struct Policies {
    pub within: k::WithinClusterQueue,
    pub reclaim: k::ReclaimPolicy,
    pub borrow_within: k::BorrowWithinCohortPolicy,
    pub threshold: Option<i32>,
}

pub struct Queue {
    pub name: Text,
    pub node: NodeId,
    pub groups: Vec<Group>,
    /// The group covering each resource, if any.
    pub group_of: Vec<Option<usize>>,
    pub strict_fifo: bool,
    pub fungibility: FlavorFungibility,
    pub policies: Policies,
    pub stop: StopPolicy,
    pub covers_pods: bool,
    /// Per FR: the most it could ever get (Kueue's PotentialAvailable), fixed by the quotas.
    pub potential: Vec<i64>,
}

/// A pod set of a job, resolved.
#[derive(Clone)]
pub struct PodSet {
    pub name: Text,
    pub count: u32,
    /// Per resource the whole set asks for: per pod times count, `pods` added when the queue
    /// covers it.
    pub total: Vec<(ResourceId, i64)>,
    /// Accelerators per pod, for lost work and cost.
    pub accelerators_per_pod: f64,
    /// Per flavor: whether the pods fit its taints, node selector, affinity and the job's
    /// instance-type preferences.
    pub eligible: Vec<eligible::Match>,
}

pub struct Job {
    pub name: Text,
    pub cq: CqId,
    pub mix: Option<usize>,
    pub submit: Seconds,
    pub priority: i32,
    pub pod_sets: Vec<PodSet>,
    /// The resource of the first pod set an attempt is reported by (its accelerators, or its
    /// first covered resource).
    pub primary: Option<ResourceId>,
    /// Uninterrupted compute on each instance type it lists, and elsewhere.
    pub entries: Vec<(Text, Seconds)>,
    pub base_duration: Seconds,
    pub startup: Seconds,
    pub checkpoint: Option<(Seconds, Seconds)>,
    pub memory_gib: Option<f64>,
    pub deadline: Option<Seconds>,
    /// Whether its queue's namespace selector selects its namespace.
    pub namespace_selected: bool,
    /// The cluster's recorded admission: its time and each pod set's flavor per resource.
    pub admitted: Option<(Seconds, PodSetFlavors)>,
    /// Jobs of one queue that Kueue holds equivalent (same pod sets): its scheduling hash
    /// without the priority, which the queue adds as it changes.
    pub shape: u32,
}

pub struct World {
    pub resources: Vec<String>,
    pub flavors: Vec<Flavor>,
    pub nodes: Vec<Node>,
    pub queues: Vec<Queue>,
    pub jobs: Vec<Job>,
    pub name_rank: Vec<u32>,
    by_name: Vec<JobId>,
    pub mixes: Vec<Text>,
    pub actions: Vec<crate::scenario::Action>,
    pub seed: u64,
    pub horizon: Option<Seconds>,
    pub fair_sharing: Option<Vec<k::FairSharingStrategy>>,
    /// Per node with a parent, per resource: what the parent could lend it, summed over
    /// flavors, the denominator of its fair share (Kueue's `calculateLendable`).
    pub lendable: Vec<Vec<i64>>,
}

impl World {
    /// How many FRs there are.
    pub fn frs(&self) -> usize {
        self.flavors.len() * self.resources.len()
    }

    pub fn fr(&self, flavor: FlavorId, resource: ResourceId) -> Fr {
        flavor * self.resources.len() + resource
    }

    pub fn fr_parts(&self, fr: Fr) -> (FlavorId, ResourceId) {
        (fr / self.resources.len(), fr % self.resources.len())
    }

    /// The root of the tree a node is in.
    pub fn root_of(&self, mut n: NodeId) -> NodeId {
        while let Some(p) = self.nodes[n].parent {
            n = p;
        }
        n
    }

    /// The job with this name; actions name jobs of the scenario (validated).
    pub fn job_named(&self, name: &str) -> JobId {
        let at = self
            .by_name
            .partition_point(|&j| self.jobs[j].name.as_bytes() < name.as_bytes());
        self.by_name[at.min(self.by_name.len().saturating_sub(1))]
    }

    /// Compiles a validated scenario whose agreement is written as Kueue objects.
    pub fn new(scenario: &Scenario) -> World {
        let spec = scenario.kueue.clone().unwrap_or_default();
        let resources = resource_names(&spec, scenario);
        let resource_index: FxHashMap<&str, ResourceId> = resources
            .iter()
            .enumerate()
            .map(|(i, r)| (r.as_str(), i))
            .collect();
        let flavors = compile_flavors(scenario, &spec);
        let flavor_index: FxHashMap<&str, FlavorId> = flavors
            .iter()
            .enumerate()
            .map(|(i, f)| (f.name.as_str(), i))
            .collect();
        let names = Names {
            resources: &resource_index,
            flavors: &flavor_index,
            frs: flavors.len() * resources.len(),
            width: resources.len(),
        };
        let (mut nodes, roots) = compile_tree(&spec, &names);
        let mut queues: Vec<Queue> = spec
            .cluster_queues
            .iter()
            .enumerate()
            .map(|(c, cq)| compile_queue(cq, c, &names))
            .collect();
        for (c, q) in queues.iter().enumerate() {
            nodes[q.node].cq = Some(c);
        }
        for &root in &roots {
            accumulate(&mut nodes, root);
        }
        for q in &mut queues {
            q.potential = (0..names.frs)
                .map(|fr| super::tree::potential_available(&nodes, q.node, fr))
                .collect();
        }
        let lendable = (0..nodes.len())
            .map(|n| {
                let mut per_resource = vec![0i64; names.width];
                if let Some(parent) = nodes[n].parent {
                    for fr in 0..names.frs {
                        let lent = super::tree::potential_available(&nodes, parent, fr);
                        per_resource[fr % names.width] =
                            per_resource[fr % names.width].saturating_add(lent);
                    }
                }
                per_resource
            })
            .collect();
        let cq_index: FxHashMap<&str, CqId> = spec
            .cluster_queues
            .iter()
            .enumerate()
            .map(|(i, q)| (q.name.as_str(), i))
            .collect();
        let mut compiler = JobCompiler {
            scenario,
            spec: &spec,
            names: &names,
            flavors: &flavors,
            queues: &queues,
            cq_index: &cq_index,
            shapes: FxHashMap::default(),
        };
        let mut jobs: Vec<Job> = Vec::with_capacity(job_count(scenario) as usize);
        for job in &scenario.jobs {
            let drawn = Drawn {
                name: Text::from(job.name.as_str()),
                submit_h: job.submit_h,
                duration_h: job.duration_h,
            };
            let mut compiled =
                compiler.compile(drawn, job.share.as_deref(), None, &job.attributes());
            compiled.admitted = job
                .admitted
                .as_ref()
                .map(|a| compiler.admission(a, &compiled));
            jobs.push(compiled);
        }
        for (m, mix) in scenario.job_mixes.iter().enumerate() {
            let mut drawn = draws(scenario.seed, mix).map(|d| Drawn::of_mix(mix, d));
            let Some(first) = drawn.next() else { continue };
            let at = jobs.len();
            jobs.push(compiler.compile(first, mix.share.as_deref(), Some(m), &mix.template));
            // A mix's jobs differ only in name, submission and duration: the rest is its first
            // job's, compiled once (its queue, pod sets and eligible flavors were a tenth of a
            // 100,000-job run's time when compiled job by job).
            for d in drawn {
                let job = compiler.again(&jobs[at], d, &mix.template);
                jobs.push(job);
            }
        }
        let mut order: Vec<JobId> = (0..jobs.len()).collect();
        order.sort_by(|&a, &b| jobs[a].name.as_bytes().cmp(jobs[b].name.as_bytes()));
        let mut name_rank = vec![0u32; jobs.len()];
        for (rank, &j) in order.iter().enumerate() {
            name_rank[j] = rank as u32;
        }
        World {
            resources,
            flavors,
            nodes,
            queues,
            jobs,
            name_rank,
            by_name: order,
            mixes: scenario
                .job_mixes
                .iter()
                .map(|m| Text::from(m.name.as_str()))
                .collect(),
            actions: scenario.actions.clone(),
            seed: scenario.seed,
            horizon: scenario.horizon_h.map(seconds),
            fair_sharing: spec.fair_sharing.as_ref().map(|fs| {
                if fs.preemption_strategies.is_empty() {
                    vec![
                        k::FairSharingStrategy::LessThanOrEqualToFinalShare,
                        k::FairSharingStrategy::LessThanInitialShare,
                    ]
                } else {
                    fs.preemption_strategies.clone()
                }
            }),
            lendable,
        }
    }
}

/// Every resource a queue, a cohort or a job names, in first-mention order (queues first).
fn resource_names(spec: &Kueue, scenario: &Scenario) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let mut add = |r: &str| {
        if !names.iter().any(|n| n == r) {
            names.push(r.to_string());
        }
    };
    let groups = spec
        .cluster_queues
        .iter()
        .flat_map(|q| &q.resource_groups)
        .chain(spec.cohorts.iter().flat_map(|c| &c.resource_groups));
    for g in groups {
        g.covered_resources.iter().for_each(|r| add(r));
    }
    for ps in k::every_pod_set(scenario) {
        ps.requests.keys().for_each(|r| add(r));
    }
    names
}

fn compile_flavors(scenario: &Scenario, spec: &Kueue) -> Vec<Flavor> {
    spec.resource_flavors
        .iter()
        .map(|f| {
            let instance_type = f.resolved_instance_type(&scenario.instance_types);
            let spot = f.is_spot();
            let pool = instance_type
                .as_ref()
                .and_then(|t| scenario.spot.iter().find(|p| p.instance_type == t.name));
            Flavor {
                name: Text::from(f.name.as_str()),
                type_name: Text::from(
                    instance_type
                        .as_ref()
                        .map_or(f.name.as_str(), |t| t.name.as_str()),
                ),
                instance_type,
                spot,
                price_factor: if spot {
                    pool.map_or(1.0, |p| p.price_factor)
                } else {
                    1.0
                },
                interruptions_per_h: if spot {
                    pool.map_or(0.0, |p| p.interruptions_per_h)
                } else {
                    0.0
                },
                spec: f.clone(),
            }
        })
        .collect()
}

/// Name lookups the compilation shares.
struct Names<'a> {
    resources: &'a FxHashMap<&'a str, ResourceId>,
    flavors: &'a FxHashMap<&'a str, FlavorId>,
    frs: usize,
    width: usize,
}

impl Names<'_> {
    /// Kueue's amounts of the groups' quotas, per FR.
    fn quotas(&self, groups: &[ResourceGroup]) -> Quotas {
        let mut q = Quotas {
            nominal: vec![0; self.frs],
            borrowing_limit: vec![None; self.frs],
            lending_limit: vec![None; self.frs],
        };
        for g in groups {
            for f in &g.flavors {
                let Some(&flavor) = self.flavors.get(f.name.as_str()) else {
                    continue;
                };
                for r in &f.resources {
                    let Some(&resource) = self.resources.get(r.name.as_str()) else {
                        continue;
                    };
                    let fr = flavor * self.width + resource;
                    let amount = |q: &Quantity| q.amount_of(&r.name);
                    q.nominal[fr] = r.nominal_quota.amount_of(&r.name);
                    q.borrowing_limit[fr] = r.borrowing_limit.as_ref().map(amount);
                    q.lending_limit[fr] = r.lending_limit.as_ref().map(amount);
                }
            }
        }
        q
    }
}

struct Quotas {
    nominal: Vec<i64>,
    borrowing_limit: Vec<Option<i64>>,
    lending_limit: Vec<Option<i64>>,
}

fn node(name: &str, quotas: Quotas, weight: f64) -> Node {
    Node {
        name: Text::from(name),
        parent: None,
        cq: None,
        child_cqs: Vec::new(),
        child_cohorts: Vec::new(),
        subtree_quota: quotas.nominal.clone(),
        nominal: quotas.nominal,
        borrowing_limit: quotas.borrowing_limit,
        lending_limit: quotas.lending_limit,
        weight,
        height: 0,
    }
}

fn weight(fs: &Option<k::FairSharing>) -> f64 {
    fs.as_ref().map_or(1.0, |f| f.weight.as_f64())
}

/// The tree: one node per ClusterQueue (in order, so a queue's node is its index), then one per
/// cohort (named ones first, then any a queue or cohort names without defining, with no quota,
/// as Kueue makes them). Returns the nodes and the roots.
fn compile_tree(spec: &Kueue, names: &Names) -> (Vec<Node>, Vec<NodeId>) {
    let mut nodes: Vec<Node> = spec
        .cluster_queues
        .iter()
        .map(|q| {
            node(
                &q.name,
                names.quotas(&q.resource_groups),
                weight(&q.fair_sharing),
            )
        })
        .collect();
    let mut cohort_index: FxHashMap<String, NodeId> = FxHashMap::default();
    let mut cohort_node = |nodes: &mut Vec<Node>, name: &str, c: Option<&Cohort>| -> NodeId {
        if let Some(&n) = cohort_index.get(name) {
            return n;
        }
        let quotas = c.map_or_else(|| names.quotas(&[]), |c| names.quotas(&c.resource_groups));
        nodes.push(node(
            name,
            quotas,
            c.map_or(1.0, |c| weight(&c.fair_sharing)),
        ));
        cohort_index.insert(name.to_string(), nodes.len() - 1);
        nodes.len() - 1
    };
    for c in &spec.cohorts {
        cohort_node(&mut nodes, &c.name, Some(c));
    }
    for c in &spec.cohorts {
        if let Some(parent) = &c.parent {
            let child = cohort_node(&mut nodes, &c.name, Some(c));
            let p = cohort_node(&mut nodes, parent, None);
            nodes[child].parent = Some(p);
            nodes[p].child_cohorts.push(child);
        }
    }
    for (q, cq) in spec.cluster_queues.iter().enumerate() {
        if let Some(cohort) = &cq.cohort {
            let p = cohort_node(&mut nodes, cohort, None);
            nodes[q].parent = Some(p);
            nodes[p].child_cqs.push(q);
        }
    }
    let roots: Vec<NodeId> = (spec.cluster_queues.len()..nodes.len())
        .filter(|&n| nodes[n].parent.is_none())
        .collect();
    (nodes, roots)
}

/// Fills SubtreeQuota and heights bottom-up (Kueue's `updateCohortResourceNode`).
fn accumulate(nodes: &mut [Node], n: NodeId) {
    let children: Vec<NodeId> = nodes[n]
        .child_cohorts
        .iter()
        .chain(&nodes[n].child_cqs)
        .copied()
        .collect();
    let mut height = usize::from(!children.is_empty());
    for &child in &children {
        if nodes[child].cq.is_none() {
            accumulate(nodes, child);
            height = height.max(nodes[child].height + 1);
        }
        for fr in 0..nodes[n].subtree_quota.len() {
            let lent = nodes[child].subtree_quota[fr]
                .saturating_sub(super::tree::local_quota(&nodes[child], fr));
            nodes[n].subtree_quota[fr] = nodes[n].subtree_quota[fr].saturating_add(lent);
        }
    }
    nodes[n].height = height;
}

fn compile_queue(cq: &ClusterQueue, node: NodeId, names: &Names) -> Queue {
    let groups: Vec<Group> = cq
        .resource_groups
        .iter()
        .map(|g| Group {
            resources: g
                .covered_resources
                .iter()
                .filter_map(|r| names.resources.get(r.as_str()).copied())
                .collect(),
            flavors: g
                .flavors
                .iter()
                .filter_map(|f| names.flavors.get(f.name.as_str()).copied())
                .collect(),
        })
        .collect();
    let mut group_of = vec![None; names.width];
    for (i, g) in groups.iter().enumerate() {
        for &r in &g.resources {
            group_of[r] = Some(i);
        }
    }
    let covers_pods = names
        .resources
        .get(PODS)
        .is_some_and(|&r| group_of[r].is_some());
    let p = &cq.preemption;
    Queue {
        name: Text::from(cq.name.as_str()),
        node,
        groups,
        group_of,
        strict_fifo: cq.queueing_strategy == k::QueueingStrategy::StrictFIFO,
        fungibility: cq.flavor_fungibility.clone(),
        policies: Policies {
            within: p.within_cluster_queue,
            reclaim: p.reclaim_within_cohort,
            borrow_within: p.borrow_within_cohort.policy,
            threshold: p.borrow_within_cohort.max_priority_threshold,
        },
        stop: cq.stop_policy,
        covers_pods,
        potential: Vec::new(),
    }
}

/// One job's name and times, explicit or drawn by its mix; the rest is its attributes.
struct Drawn {
    name: Text,
    submit_h: f64,
    duration_h: f64,
}

impl Drawn {
    /// A mix's draw, named as the mix names its jobs.
    fn of_mix(mix: &JobMix, draw: Draw) -> Drawn {
        Drawn {
            name: Text::from(generated_name(&mix.name, draw.number)),
            submit_h: draw.submit_h,
            duration_h: draw.duration_h,
        }
    }
}

struct JobCompiler<'a> {
    scenario: &'a Scenario,
    spec: &'a Kueue,
    names: &'a Names<'a>,
    flavors: &'a [Flavor],
    queues: &'a [Queue],
    cq_index: &'a FxHashMap<&'a str, CqId>,
    /// Interned pod-set shapes per queue.
    shapes: FxHashMap<Shape, u32>,
}

impl JobCompiler<'_> {
    fn compile(
        &mut self,
        drawn: Drawn,
        share: Option<&str>,
        mix: Option<usize>,
        attrs: &JobAttributes,
    ) -> Job {
        let cq = self.queue_of(share, attrs);
        let queue = &self.queues[cq];
        let own = &self.scenario.instance_types;
        let specs = k::pod_sets_of(own, attrs).unwrap_or_default();
        let pod_sets: Vec<PodSet> = specs
            .iter()
            .map(|ps| self.pod_set(ps, queue, attrs))
            .collect();
        let primary = pod_sets
            .first()
            .and_then(|ps| primary_resource(ps, queue, self.names));
        let base = seconds(drawn.duration_h).max(1);
        let key = (
            cq,
            pod_sets
                .iter()
                .map(|p| (p.count, p.total.clone(), p.eligible.clone()))
                .collect(),
        );
        let next = self.shapes.len() as u32;
        let shape = *self.shapes.entry(key).or_insert(next);
        Job {
            name: drawn.name,
            cq,
            mix,
            submit: seconds(drawn.submit_h),
            priority: attrs.priority,
            primary,
            entries: entries(own, attrs, base),
            base_duration: base,
            startup: seconds(attrs.startup_h),
            checkpoint: attrs
                .checkpoint_interval_h
                .map(|i| (seconds(i).max(1), seconds(attrs.checkpoint_cost_h))),
            memory_gib: attrs.accelerator_memory_gib,
            deadline: attrs.deadline_h.map(seconds),
            namespace_selected: eligible::namespace_selected(
                self.spec,
                &self.spec.cluster_queues[cq],
                attrs.namespace.as_deref().unwrap_or(k::DEFAULT_NAMESPACE),
            ),
            admitted: None,
            shape,
            pod_sets,
        }
    }

    /// Another job of the same template as `compiled`: its name, submission and durations.
    fn again(&self, compiled: &Job, drawn: Drawn, attrs: &JobAttributes) -> Job {
        let base = seconds(drawn.duration_h).max(1);
        Job {
            name: drawn.name,
            submit: seconds(drawn.submit_h),
            entries: entries(&self.scenario.instance_types, attrs, base),
            base_duration: base,
            pod_sets: compiled.pod_sets.clone(),
            admitted: None,
            ..*compiled
        }
    }

    /// The job's ClusterQueue: its `share`, else the one its LocalQueue leads to.
    fn queue_of(&self, share: Option<&str>, attrs: &JobAttributes) -> CqId {
        self.spec
            .cluster_queue_of(
                share,
                attrs.local_queue.as_deref(),
                attrs.namespace.as_deref(),
            )
            .and_then(|name| self.cq_index.get(name).copied())
            .unwrap_or(0)
    }

    fn pod_set(&self, ps: &k::PodSet, queue: &Queue, attrs: &JobAttributes) -> PodSet {
        let count = i64::from(ps.count);
        let mut total: Vec<(ResourceId, i64)> = ps
            .requests
            .iter()
            .filter_map(|(name, q)| {
                let r = *self.names.resources.get(name.as_str())?;
                Some((r, q.amount_of(name).saturating_mul(count)))
            })
            .collect();
        if queue.covers_pods {
            let pods = self.names.resources[PODS];
            total.retain(|&(r, _)| r != pods);
            total.push((pods, count));
        }
        total.sort_unstable();
        let accelerators_per_pod = ps
            .requests
            .iter()
            .filter(|(name, _)| ACCELERATOR_RESOURCES.contains(&name.as_str()))
            .map(|(_, q)| q.as_f64())
            .sum();
        let preferred: Vec<&str> = attrs
            .preferences
            .iter()
            .map(|p| p.instance_type.as_str())
            .collect();
        PodSet {
            name: Text::from(ps.name.as_str()),
            count: ps.count,
            total,
            accelerators_per_pod,
            eligible: self
                .flavors
                .iter()
                .map(|f| eligible::flavor_fits(f, ps, &preferred))
                .collect(),
        }
    }

    /// The recorded admission of a job the cluster had admitted (docs/KUEUE.md, "The cluster's
    /// current state").
    fn admission(&self, admitted: &k::Admitted, job: &Job) -> (Seconds, PodSetFlavors) {
        let flavors = job
            .pod_sets
            .iter()
            .enumerate()
            .map(|(p, _)| {
                admitted
                    .pod_sets
                    .get(p)
                    .into_iter()
                    .flatten()
                    .filter_map(|(r, f)| {
                        Some((
                            *self.names.resources.get(r.as_str())?,
                            *self.names.flavors.get(f.as_str())?,
                        ))
                    })
                    .collect()
            })
            .collect();
        (seconds(admitted.at_h), flavors)
    }
}

/// The resource an attempt of a pod set is reported by: its first accelerator resource, else
/// its first resource the queue covers.
fn primary_resource(ps: &PodSet, queue: &Queue, names: &Names) -> Option<ResourceId> {
    let accelerator = ps.total.iter().map(|&(r, _)| r).find(|&r| {
        names
            .resources
            .iter()
            .any(|(name, &i)| i == r && ACCELERATOR_RESOURCES.contains(name))
    });
    accelerator.or_else(|| {
        ps.total
            .iter()
            .map(|&(r, _)| r)
            .find(|&r| queue.group_of[r].is_some())
    })
}

/// The job's compute on each type it lists, as SEMANTICS §3 derives it for preference entries.
fn entries(own: &[InstanceType], attrs: &JobAttributes, base: Seconds) -> Vec<(Text, Seconds)> {
    let Some(first) = attrs.preferences.first() else {
        return Vec::new();
    };
    let Some(first_type) = crate::scenario::catalog::resolve(own, &first.instance_type) else {
        return Vec::new();
    };
    let first_count = first.instance_count.or(attrs.instance_count).unwrap_or(1);
    attrs
        .preferences
        .iter()
        .filter_map(|p| {
            let t = crate::scenario::catalog::resolve(own, &p.instance_type)?;
            let count = p.instance_count.or(attrs.instance_count).unwrap_or(1);
            let duration = match p.duration_h {
                Some(h) => seconds(h),
                None => derived_duration(base, &first_type, first_count, &t, count),
            };
            Some((Text::from(p.instance_type.as_str()), duration.max(1)))
        })
        .collect()
}

impl Job {
    /// Its compute on a flavor: the entry of the flavor's type, else its own duration.
    pub fn duration_on(&self, flavor: &Flavor) -> Seconds {
        flavor
            .instance_type
            .as_ref()
            .and_then(|t| {
                self.entries
                    .iter()
                    .find(|(name, _)| name.as_str() == t.name)
            })
            .map_or(self.base_duration, |&(_, d)| d)
    }
}
