//! The BUILD zone and the page frame, one component per file.
//!
//! Controls are bound to scenario fields by JSON path (`binding`), so every control shows the
//! engine's diagnostics for its field and can be focused from the summary.

pub mod actions_section;
pub mod allocation_bar;
pub mod arrivals_editor;
pub mod binding;
pub mod build_zone;
pub mod capacity_limits;
pub mod capacity_section;
pub mod capacity_timeline;
pub mod catalog_table;
pub mod choice_inputs;
pub mod concepts;
pub mod diagnostics_summary;
pub mod dialogs;
pub mod duration_editor;
pub mod field_messages;
pub mod focus;
pub mod header;
pub mod how_it_works;
pub mod job_attributes;
pub mod job_binding;
pub mod job_mix_card;
pub mod job_ref;
pub mod jobs_table;
pub mod json_view;
pub mod keyboard;
pub mod kueue;
pub mod modal;
pub mod notice_bar;
pub mod number_input;
pub mod options;
pub mod pager;
pub mod paste_drop;
pub mod preference_list;
pub mod presenter;
pub mod quantity_input;
pub mod remove_button;
pub mod rules_dialog;
pub mod rules_switch;
pub mod scenario_files;
pub mod scenario_qr;
pub mod scenario_section;
pub mod share_bindings;
pub mod share_card;
pub mod shares_section;
pub mod spot_pools;
pub mod status_bar;
pub mod tablist;
pub mod time_axis;
pub mod tip;
pub mod training_plans;
pub mod workload_section;
