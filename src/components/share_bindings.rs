//! A quota share's strategy and borrow limit as controls bind them, with their tooltips. The share
//! card and the presenter view's live controls both edit these fields, so they bind them here,
//! once, and behave alike (the same undo steps, the same rule that only LEND_AND_BORROW keeps a
//! borrow limit).

use super::binding::{bind, Binding};
use super::tip::tip;
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::scenario::{Strategy, UNLIMITED_BORROW};

/// The strategy's tooltip: plain words first, the AWS field second.
pub const STRATEGY_TIP: &str = tip!("Whether the team lends its idle instances and may borrow others': Reserve keeps them, Lend lends them, Lend and borrow does both", api = "resourceSharingConfiguration.strategy");
/// The borrow limit's tooltip.
pub const BORROW_LIMIT_TIP: &str = tip!("How far beyond its own limits the team may borrow, in percent of them; empty or -1 means no limit. Only when it lends and borrows", api = "borrowLimit");

fn parse_strategy(text: &str) -> Option<Strategy> {
    serde_json::from_value(serde_json::Value::String(text.to_string())).ok()
}

/// `quota_shares[index].strategy`, in AWS spelling.
pub fn strategy(index: usize) -> Binding<String> {
    bind(
        format!("quota_shares[{index}].strategy"),
        move |s| Some(s.quota_shares.get(index)?.strategy.as_str().to_string()),
        move |s, v: String| {
            if let (Some(share), Some(strategy)) =
                (s.quota_shares.get_mut(index), parse_strategy(&v))
            {
                share.strategy = strategy;
                // SEMANTICS §2: a borrow limit is only valid with LEND_AND_BORROW.
                if strategy != Strategy::LendAndBorrow {
                    share.borrow_limit = None;
                }
            }
        },
    )
}

/// `quota_shares[index].borrow_limit`, with no cap (-1, or left out) shown as an empty field whose
/// placeholder says "no cap", so nobody has to know the -1 convention to read it. Clearing the
/// field writes -1 back, so the agreement says the same either way.
pub fn borrow_limit(index: usize) -> Binding<Option<f64>> {
    bind(
        format!("quota_shares[{index}].borrow_limit"),
        move |s| {
            let limit = s.quota_shares.get(index)?.effective_borrow_limit();
            Some((limit != UNLIMITED_BORROW).then_some(limit as f64))
        },
        move |s, v: Option<f64>| {
            if let Some(share) = s.quota_shares.get_mut(index) {
                share.borrow_limit = Some(v.map_or(UNLIMITED_BORROW, |b| b as i64));
            }
        },
    )
}

/// Whether the share may borrow at all, which is when a borrow limit means something.
pub fn may_borrow(index: usize) -> Signal<bool> {
    let state = use_editor();
    Memo::new(move |_| {
        state.scenario.with(|s| {
            s.quota_shares
                .get(index)
                .is_some_and(|q| q.strategy == Strategy::LendAndBorrow)
        })
    })
    .into()
}
