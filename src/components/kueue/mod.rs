//! The BUILD zone's editors for a scenario written as Kueue objects (docs/KUEUE.md, "In the
//! app"): the Queues tab (`queues_section`) with the manager's fair sharing (`fair_sharing`),
//! its cohort cards and ClusterQueue cards, each
//! ClusterQueue's quotas per flavor (`quota_table`) and the bar of what they reach (`reach_bar`).
//! `bind` binds Kueue fields by JSON path, as `components::binding` does for the rest.

pub mod bind;
pub mod cluster_queue_card;
pub mod cohort_card;
pub mod fair_sharing;
pub mod queues_section;
pub mod quota_table;
pub mod reach_bar;
