//! Reclaim impact: preemptions and interruptions suffered per kind and share, the work lost to each cause
//! (`shares[].lost_by_cause`), the restart overhead they cost
//! (`shares[].restart_overhead_accelerator_h`) and the restarts, and who reclaimed from whom
//! (`shares[].reclaimed_from`).

use crate::results::charts::bars::{Bars, Layout, Series};
use crate::results::charts::canvas::{
    bold_style, empty, marked, share_summaries, shorten, small_style, Area, DrawResult, ShareKey,
    GRID, INK,
};
use crate::results::charts::marks::{Mark, Marked};
use crate::results::format::{counted, round_for_people};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use quotalab_engine::result::view::Drawn;
use quotalab_engine::result::{LostByCause, PreemptionCounts, ShareResult, StopKind};

/// A kind in SEMANTICS' words.
fn kind_label(kind: StopKind) -> &'static str {
    match kind {
        StopKind::Reclaim => "reclaim",
        StopKind::InShare => "in-share preemption",
        StopKind::LimitLowered => "limit lowered",
        StopKind::PlanEnd => "plan end",
        StopKind::Spot => "spot interruption",
        StopKind::InClusterQueue => "InClusterQueue",
        StopKind::InCohortReclamation => "InCohortReclamation",
        StopKind::InCohortReclaimWhileBorrowing => "InCohortReclaimWhileBorrowing",
        StopKind::InCohortFairSharing => "InCohortFairSharing",
    }
}

/// The kinds a run's rules give: Kueue's eviction reasons and spot for a Kueue run (its result
/// has the `kueue` summary), SEMANTICS §5's otherwise.
fn kinds_of(result: &Drawn) -> [StopKind; 5] {
    if result.kueue.is_some() {
        StopKind::KUEUE
    } else {
        StopKind::AWS
    }
}

fn by_kind(p: &PreemptionCounts, kinds: [StopKind; 5]) -> [f64; 5] {
    kinds.map(|kind| f64::from(p.of(kind)))
}

pub fn draw(result: &Drawn) -> Marked {
    let shares = ShareKey::of(result).len() as u32;
    marked(440 + 40 * shares, |area, marks| {
        draw_on(area, result, marks)
    })
}

fn draw_on(area: &Area, result: &Drawn, marks: &mut Vec<Mark>) -> DrawResult {
    if result.totals.preemptions + result.totals.interruptions == 0 {
        return empty(
            area,
            "No job was preempted or interrupted: no share lost work.",
        );
    }
    let key = ShareKey::of(result);
    let (left, right) = area.split_horizontally(area.dim_in_pixel().0 * 11 / 20);
    let (lost, matrix) = right.split_vertically(area.dim_in_pixel().1 * 9 / 20);
    let summaries = share_summaries(result);
    let stop_kinds = kinds_of(result);
    let series = Series::per_share(&key, |s| {
        by_kind(&summaries[s].preempted, stop_kinds).to_vec()
    });
    let kinds: Vec<String> = stop_kinds.map(|k| kind_label(k).to_owned()).to_vec();
    Bars {
        title: if result.kueue.is_some() {
            "Evictions by Kueue's reason, and spot interruptions"
        } else {
            "Preemptions and interruptions, by kind"
        },
        categories: &kinds,
        series: &series,
        axis: "attempts ended",
        layout: Layout::Grouped,
        label_width: 230,
        reads: &|share, kind, n| {
            format!(
                "{share} · {}: {} ended",
                kinds[kind],
                counted(n.round() as u64, "attempt")
            )
        },
    }
    .draw(&left, marks)?;
    let rows = lost_rows(&summaries);
    let lost_series = Series::per_share(&key, |s| {
        rows.iter().map(|row| row.value(&summaries[s])).collect()
    });
    let labels: Vec<String> = rows.iter().map(|row| row.label.to_owned()).collect();
    Bars {
        title: "Work lost by cause, restart overhead, restarts",
        categories: &labels,
        series: &lost_series,
        // Short enough for the half-width plot: the KPI cards call the unit GPU-h too.
        axis: "GPU-h (restarts: count)",
        layout: Layout::Grouped,
        label_width: 230,
        reads: &|share, r, v| {
            let row = &rows[r];
            format!(
                "{share} · {}: {}{}",
                row.label,
                round_for_people(v),
                row.unit
            )
        },
    }
    .draw(&lost, marks)?;
    if result.shares.is_empty() {
        return empty(&matrix, "No quota shares: nobody reclaims.");
    }
    draw_matrix(&matrix, result, &key, marks)
}

/// A row of the lost-work bars: its label, the unit its readout gives, and what it measures.
struct Row {
    label: &'static str,
    unit: &'static str,
    measure: Measure,
}

/// What a row of the lost-work bars measures of a share.
#[derive(Clone, Copy)]
enum Measure {
    /// Work lost to a cause (`LostByCause::CAUSES`), in GPU-hours.
    Lost(Option<StopKind>),
    /// Startup time of the attempts after each job's first, in GPU-hours.
    RestartOverhead,
    Restarts,
}

impl Row {
    fn value(&self, s: &ShareResult) -> f64 {
        match self.measure {
            Measure::Lost(cause) => s.lost_by_cause.of(cause),
            Measure::RestartOverhead => s.restart_overhead_accelerator_h,
            Measure::Restarts => f64::from(s.restarts),
        }
    }
}

/// A cause of lost work as its row is labelled. Kueue's eviction reasons are named as Kueue
/// names them, alone: under the chart's title, "Work lost by cause", they say what they are, and
/// with "lost to" in front the longest would not fit the label column.
fn lost_label(cause: Option<StopKind>) -> &'static str {
    match cause {
        Some(StopKind::Reclaim) => "lost to reclaim",
        Some(StopKind::InShare) => "lost in-share",
        Some(StopKind::LimitLowered) => "lost to limit lowered",
        Some(StopKind::PlanEnd) => "lost at plan end",
        Some(StopKind::Spot) => "lost to spot",
        Some(kueue) => kind_label(kueue),
        None => "lost when ended early",
    }
}

/// The lost-work causes some share suffered (`shares[].lost_by_cause`, Kueue's eviction reasons
/// among them), then the restart overhead and the restarts (`shares[].restarts`), all as the
/// engine counted them.
fn lost_rows(shares: &[ShareResult]) -> Vec<Row> {
    let causes = LostByCause::CAUSES.map(|cause| Row {
        label: lost_label(cause),
        unit: " GPU-h",
        measure: Measure::Lost(cause),
    });
    let always = [
        Row {
            label: "restart overhead",
            unit: " GPU-h",
            measure: Measure::RestartOverhead,
        },
        Row {
            label: "restarts",
            unit: "",
            measure: Measure::Restarts,
        },
    ];
    causes
        .into_iter()
        .filter(|row| shares.iter().any(|s| row.value(s) > 0.0))
        .chain(always)
        .collect()
}

/// A grid: row = the share whose jobs preempted, column = the share that lost the attempt.
fn draw_matrix(area: &Area, result: &Drawn, key: &ShareKey, marks: &mut Vec<Mark>) -> DrawResult {
    let area = area.margin(8, 8, 12, 8);
    // Cells are drawn in the area's own pixels; marks are in the whole picture's.
    let base = area.get_base_pixel();
    let (w, h) = area.dim_in_pixel();
    area.draw(&Text::new(
        "Who preempted whom (row took from column)",
        (0, 0),
        bold_style(),
    ))?;
    let n = key.len() as i32;
    let label_w = 130;
    let cell_w = ((w as i32 - label_w) / n.max(1)).min(110);
    let cell_h = ((h as i32 - 60) / n.max(1)).min(34);
    let most = result
        .shares
        .iter()
        .flat_map(|s| s.reclaimed_from.values())
        .copied()
        .max()
        .unwrap_or(0)
        .max(1);
    let centre = small_style().pos(Pos::new(HPos::Center, VPos::Center));
    for (c, name) in key.names.iter().enumerate() {
        let x = label_w + c as i32 * cell_w + cell_w / 2;
        area.draw(&Text::new(
            shorten(name, 14),
            (x, 36),
            centre.clone().color(&key.colours[c]),
        ))?;
    }
    for (r, share) in result.shares.iter().enumerate() {
        let y = 50 + r as i32 * cell_h;
        area.draw(&Text::new(
            shorten(&share.name, 14),
            (0, y + cell_h / 2 - 7),
            small_style().color(&key.colours[r]),
        ))?;
        for (c, victim) in key.names.iter().enumerate() {
            let count = share
                .reclaimed_from
                .get(victim.as_str())
                .copied()
                .unwrap_or(0);
            let x = label_w + c as i32 * cell_w;
            let shade = key.colours[r].mix(0.08 + 0.7 * f64::from(count) / f64::from(most));
            area.draw(&Rectangle::new(
                [(x, y), (x + cell_w - 2, y + cell_h - 2)],
                shade.filled(),
            ))?;
            area.draw(&Rectangle::new(
                [(x, y), (x + cell_w - 2, y + cell_h - 2)],
                GRID.mix(0.5),
            ))?;
            area.draw(&Text::new(
                count.to_string(),
                (x + cell_w / 2, y + cell_h / 2),
                centre.clone().color(&INK),
            ))?;
            let corner = |dx: i32, dy: i32| (base.0 + x + dx, base.1 + y + dy);
            marks.push(Mark::bar(
                corner(0, 0),
                corner(cell_w - 2, cell_h - 2),
                format!("{} took {count} attempts from {victim}", share.name),
            ));
        }
    }
    Ok(())
}
