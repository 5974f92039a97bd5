//! Paging through a long list (the explicit jobs of a trace, the jobs of a run): First, Previous,
//! Next and Last buttons and "rows 201-400 of 10,000". Every row stays reachable while only one
//! page is rendered, so an edit re-renders two hundred inputs, not ten thousand.

use crate::results::format::count;
use leptos::prelude::*;

/// How many pages `total` rows fill, at least one (an empty list has one, empty, page).
pub fn page_count(total: usize, page_size: usize) -> usize {
    total.div_ceil(page_size.max(1)).max(1)
}

/// The indices of the rows on `page` (0-based), clipped to the list.
pub fn page_rows(page: usize, total: usize, page_size: usize) -> std::ops::Range<usize> {
    let start = (page * page_size).min(total);
    start..(start + page_size).min(total)
}

/// "rows 201-400 of 10,000" (1-based, as people count).
pub fn page_label(page: usize, total: usize, page_size: usize, noun: &str) -> String {
    let rows = page_rows(page, total, page_size);
    if rows.is_empty() {
        return format!("no {noun}");
    }
    format!(
        "{noun} {}\u{2013}{} of {}",
        count(rows.start as u64 + 1),
        count(rows.end as u64),
        count(total as u64)
    )
}

/// The pager's buttons and position. `page` is 0-based and is clamped when the list shrinks
/// under it, so removing rows never leaves the user on a page past the end.
#[component]
pub fn Pager(
    page: Signal<usize>,
    set_page: Callback<usize>,
    total: Signal<usize>,
    page_size: usize,
    /// What a row is, for the position text: "rows", "jobs".
    noun: &'static str,
    /// Names the group for screen readers ("Pages of explicit jobs").
    label: &'static str,
) -> impl IntoView {
    let last = move || page_count(total.get(), page_size) - 1;
    Effect::new(move || {
        if page.get() > last() {
            set_page.run(last());
        }
    });
    let at_start = move || page.get() == 0;
    let at_end = move || page.get() >= last();
    view! {
        <div class="pager" role="group" aria-label=label data-testid="pager">
            <button type="button" disabled=at_start on:click=move |_| set_page.run(0) title="First page">"First"</button>
            <button type="button" disabled=at_start on:click=move |_| set_page.run(page.get_untracked().saturating_sub(1)) title="Previous page">"Previous"</button>
            <span aria-live="polite" data-testid="pager-position">{move || page_label(page.get(), total.get(), page_size, noun)}</span>
            <button type="button" disabled=at_end on:click=move |_| set_page.run((page.get_untracked() + 1).min(last())) title="Next page">"Next"</button>
            <button type="button" disabled=at_end on:click=move |_| set_page.run(last()) title="Last page">"Last"</button>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_cover_every_row_once() {
        assert_eq!(page_count(0, 200), 1);
        assert_eq!(page_count(200, 200), 1);
        assert_eq!(page_count(201, 200), 2);
        assert_eq!(page_count(10_000, 200), 50);
        let covered: usize = (0..page_count(10_001, 200))
            .map(|p| page_rows(p, 10_001, 200).len())
            .sum();
        assert_eq!(covered, 10_001);
        assert_eq!(page_rows(50, 10_001, 200), 10_000..10_001);
        assert_eq!(page_rows(7, 10, 200), 10..10);
    }

    #[test]
    fn the_position_counts_from_one() {
        assert_eq!(
            page_label(1, 10_000, 200, "rows"),
            "rows 201\u{2013}400 of 10,000"
        );
        assert_eq!(page_label(0, 5, 200, "jobs"), "jobs 1\u{2013}5 of 5");
        assert_eq!(page_label(0, 0, 200, "jobs"), "no jobs");
    }
}
