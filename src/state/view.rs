//! What a link says about the view it was copied from, besides the document: the variant on
//! screen, the RESULTS tab (Results, Compare, Sweep or Advise) and the chart. The study settings travel in
//! the document itself (`link`). The view is appended to the link's fragment as `&v=TAB.VARIANT`
//! or `&v=TAB.VARIANT.CHART` (`#s=1.<payload>&v=compare.1.completion`); base64url never holds `&`,
//! so the two parts split unambiguously, and a link without a view (or with one this app cannot
//! read) opens as before, on the first variant's results.

/// The RESULTS zone's tabs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tab {
    #[default]
    Results,
    Compare,
    Sweep,
    Advise,
}

impl Tab {
    pub const ALL: [Tab; 4] = [Tab::Results, Tab::Compare, Tab::Sweep, Tab::Advise];

    /// The tab's word in a link.
    pub fn slug(self) -> &'static str {
        match self {
            Tab::Results => "results",
            Tab::Compare => "compare",
            Tab::Sweep => "sweep",
            Tab::Advise => "advise",
        }
    }

    fn parse(slug: &str) -> Option<Tab> {
        Tab::ALL.into_iter().find(|t| t.slug() == slug)
    }
}

/// The view a link reopens.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct View {
    /// Index of the variant on screen.
    pub variant: usize,
    pub tab: Tab,
    /// The chart shown on the Results tab, by its slug (`results::charts::Chart::slug`).
    pub chart: Option<String>,
}

const MARK: &str = "&v=";

/// `fragment` (a link's `#s=…`) with `view` appended.
pub fn append(fragment: &str, view: &View) -> String {
    let chart = view
        .chart
        .as_deref()
        .map_or_else(String::new, |c| format!(".{c}"));
    format!(
        "{fragment}{MARK}{}.{}{chart}",
        view.tab.slug(),
        view.variant
    )
}

/// A URL fragment split into the link part and the view it carries, if it carries a readable one.
pub fn split(hash: &str) -> (&str, Option<View>) {
    let Some((link, view)) = hash.split_once(MARK) else {
        return (hash, None);
    };
    let mut parts = view.split('.');
    let tab = parts.next().and_then(Tab::parse);
    let variant = parts.next().and_then(|v| v.parse::<usize>().ok());
    let chart = parts
        .next()
        .filter(|c| !c.is_empty() && c.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '-'))
        .map(str::to_owned);
    let view = tab.zip(variant).map(|(tab, variant)| View {
        variant,
        tab,
        chart,
    });
    (link, view)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_view_round_trips_through_the_fragment() {
        let view = View {
            variant: 1,
            tab: Tab::Compare,
            chart: Some("completion".into()),
        };
        let hash = append("#s=1.abc-_", &view);
        assert_eq!(hash, "#s=1.abc-_&v=compare.1.completion");
        assert_eq!(split(&hash), ("#s=1.abc-_", Some(view)));
        let advise = View {
            variant: 0,
            tab: Tab::Advise,
            chart: None,
        };
        assert_eq!(split(&append("#s=1.x", &advise)), ("#s=1.x", Some(advise)));
        let plain = View::default();
        assert_eq!(split(&append("#s=1.x", &plain)), ("#s=1.x", Some(plain)));
    }

    #[test]
    fn a_link_without_a_view_or_with_a_bad_one_opens_as_before() {
        assert_eq!(split("#s=1.abc"), ("#s=1.abc", None));
        assert_eq!(split("#s=1.abc&v=nonsense"), ("#s=1.abc", None));
        assert_eq!(split("#s=1.abc&v=sweep.x"), ("#s=1.abc", None));
        let (_, view) = split("#s=1.abc&v=results.0.<b>");
        assert_eq!(
            view.map(|v| v.chart),
            Some(None),
            "a chart that is no slug is dropped"
        );
    }
}
