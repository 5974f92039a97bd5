//! A quota share's strategy and borrow limit as controls bind them, with their tooltips. The share
//! card and the presenter view's live controls both edit these fields, so they bind them here,
//! once, and behave alike (the same undo steps, the same rule that only LEND_AND_BORROW keeps a
//! borrow limit).

use super::binding::{Binding, ListItem};
use super::tip::tip;
use crate::state::use_editor;
use leptos::prelude::*;
use quotalab_engine::scenario::{QuotaShare, Strategy, UNLIMITED_BORROW};

/// The strategy's tooltip: plain words first, the AWS field second.
pub const STRATEGY_TIP: &str = tip!("Whether the team lends its idle instances and may borrow others': Reserve keeps them, Lend lends them, Lend and borrow does both", api = "resourceSharingConfiguration.strategy");
/// The borrow limit's tooltip.
pub const BORROW_LIMIT_TIP: &str = tip!("How far beyond its own limits the team may borrow, in percent of them; empty or -1 means no limit. Only when it lends and borrows", api = "borrowLimit");

fn parse_strategy(text: &str) -> Option<Strategy> {
    serde_json::from_value(serde_json::Value::String(text.to_string())).ok()
}

/// Quota share `index`, whose fields the share card and the presenter's controls bind.
pub fn share_item(index: usize) -> ListItem<QuotaShare> {
    ListItem::new(
        "quota_shares",
        index,
        |s| &s.quota_shares,
        |s| &mut s.quota_shares,
    )
}

/// `quota_shares[index].strategy`, in AWS spelling.
pub fn strategy(index: usize) -> Binding<String> {
    share_item(index).bind(
        "strategy",
        |share| share.strategy.as_str().to_string(),
        |share, v: String| {
            if let Some(strategy) = parse_strategy(&v) {
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
    share_item(index).bind(
        "borrow_limit",
        |share| {
            let limit = share.effective_borrow_limit();
            (limit != UNLIMITED_BORROW).then_some(limit as f64)
        },
        |share, v: Option<f64>| {
            share.borrow_limit = Some(v.map_or(UNLIMITED_BORROW, |b| b as i64));
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
