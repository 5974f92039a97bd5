//! The charts of the RESULTS zone. Each chart is a function from the `SimResult` to an SVG string
//! (plotters, SVG backend) and its marks, the data it can name on hover and focus (`marks`),
//! drawn on the main thread; `ChartCard` frames it with its title, the sentence that says how to
//! read it, and its export buttons, and `answers` makes the picture answer.

pub mod answers;
mod bars;
pub mod canvas;
mod card;
pub mod completion;
pub mod cost;
pub mod fallback;
pub mod legend;
pub mod marks;
pub mod reclaim;
pub mod tabs;
pub mod timeline;
mod timeline_view;
pub mod utilisation;
pub mod waiting;
pub mod zoom;

pub use card::ChartCard;
pub use timeline_view::TimelineCard;

use marks::Marked;
use quotalab_engine::result::view::Drawn;

/// The charts, in the order the panel shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chart {
    Completion,
    Fallback,
    Reclaim,
    Cost,
    Utilisation,
    Timeline,
    Waiting,
}

impl Chart {
    pub const ALL: [Chart; 7] = [
        Chart::Completion,
        Chart::Fallback,
        Chart::Reclaim,
        Chart::Cost,
        Chart::Utilisation,
        Chart::Timeline,
        Chart::Waiting,
    ];

    /// The name in file names and test ids.
    pub fn slug(self) -> &'static str {
        match self {
            Chart::Completion => "completion",
            Chart::Fallback => "fallback",
            Chart::Reclaim => "reclaim",
            Chart::Cost => "cost",
            Chart::Utilisation => "utilisation",
            Chart::Timeline => "timeline",
            Chart::Waiting => "waiting",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Chart::Completion => "Completion time by share",
            Chart::Fallback => "Fallback frequency",
            Chart::Reclaim => "Reclaim impact",
            Chart::Cost => "Cost across instance configurations",
            Chart::Utilisation => "Utilisation over time",
            Chart::Timeline => "Job timeline",
            Chart::Waiting => "Waiting time by reason",
        }
    }

    /// One sentence: how to read the chart.
    pub fn caption(self) -> &'static str {
        match self {
            Chart::Completion => "Each line climbs as a share's succeeded jobs finish: the further left a line reaches 100%, the sooner that share's work is done; the circle marks p50 and the triangle p90.",
            Chart::Fallback => "Per team, its started jobs by the entry of their instance preference list they first ran on: rows below #1 are jobs that fell back to a later choice. The title gives each team's fallback rate.",
            Chart::Reclaim => "Left: attempts each share lost, by kind; top right: accelerator-hours of work lost since the last checkpoint, by cause, accelerator-hours spent starting jobs again (restart overhead), and restarts (attempts after a job's first); bottom right: how often the row's jobs took capacity from the column's.",
            Chart::Cost => "Instance-hours and money per instance type and pool; the training plans' upfront cost is prepaid and shown as its own bar.",
            Chart::Utilisation => "Per instance type. Left: instances each share holds on any pool (what its limits count), stacked: solid is within the share's own limit, lighter is borrowed; dashed lines are share limits. Right: instances in use per pool (on demand, training plan, spot), each against what that pool offers (lines). A run with more changes than the chart has room for is drawn from each slice of time's first, last, highest and lowest point; Result JSON has every one.",
            Chart::Timeline => "Each bar is one attempt of a job, coloured by the preference entry it ran on; a cross marks a preemption, a circle an interruption. Click a bar to open the job's story; Ctrl+wheel (or a pinch) zooms around the pointer, dragging pans, and + / - and the arrow keys work when the chart has focus.",
            Chart::Waiting => "Hours jobs spent pending, summed per share and split by the engine's reason, so you can see what held each share back.",
        }
    }

    /// Draws the chart as SVG, for files, slides and the report.
    pub fn draw(self, result: &Drawn) -> String {
        self.marked(result).svg
    }

    /// Draws the chart with its marks, what it answers on hover and focus. The timeline is drawn
    /// over the whole run; its own view (zoom, clicks) draws its window itself.
    pub fn marked(self, result: &Drawn) -> Marked {
        match self {
            Chart::Completion => completion::draw(result),
            Chart::Fallback => fallback::draw(result),
            Chart::Reclaim => reclaim::draw(result),
            Chart::Cost => cost::draw(result),
            Chart::Utilisation => utilisation::draw(result),
            Chart::Timeline => timeline::draw(result, 0.0, result.end_h.max(1e-3)).marked(),
            Chart::Waiting => waiting::draw(result),
        }
    }
}
