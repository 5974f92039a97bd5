//! The trace upload's options as the user types them, and their translation into the interop
//! crate's `ImportOptions`. The options and their rules are the CLI's (`quotalab import`, see
//! crates/cli/src/commands/import.rs and docs/TRACES.md); a bad value gets a message naming the
//! field and what is allowed, the way the CLI names its flag.

use quotalab_interop::traces::{ImportOptions, Sampling, ShareBy, TraceFormat};
use serde::{Deserialize, Serialize};

/// How rows of the window are kept: the CLI's `--sample N` / `--fraction F`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum SamplingChoice {
    #[default]
    All,
    OneIn,
    Fraction,
}

/// The form's fields, as typed (text), so a half-typed number is kept and explained, not lost.
/// Empty text means the CLI's default.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TraceForm {
    /// `None`: the format guessed from the files' extensions.
    pub format: Option<TraceFormat>,
    pub from_h: String,
    pub to_h: String,
    pub sampling: SamplingChoice,
    /// N for "one in N", F for "fraction".
    pub sample_value: String,
    pub seed: String,
    pub teams: String,
    pub gpus_per_node: String,
    /// `None`: the import's own choice (SWF: the queue when the log has queues, else the group).
    pub share_by: Option<ShareBy>,
    /// `MODEL=TYPE,...`; empty keeps the format's default catalog.
    pub catalog: String,
    pub name: String,
    /// The CLI's `--keep-going`: skip bad rows (listed with their line) instead of failing.
    pub skip_bad_rows: bool,
}

/// Alibaba's teams, when the user gives no number (docs/TRACES.md); SWF's default is its own.
pub const DEFAULT_TEAMS: u32 = quotalab_interop::traces::alibaba::DEFAULT_TEAMS;
/// Philly: GPUs per node when the user gives no number (docs/TRACES.md).
pub const DEFAULT_GPUS_PER_NODE: u32 = 2;

/// A field of the form that does not hold what its option allows, in the words the CLI uses for
/// its flag (docs/TRACES.md).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FormError {
    #[error("{field} expects a number, got \"{text}\"")]
    NotANumber { field: &'static str, text: String },
    #[error("{field} expects a whole number, got \"{text}\"")]
    NotWhole { field: &'static str, text: String },
    #[error("{field} is 0 or more, got {value}")]
    Negative { field: &'static str, value: f64 },
    #[error("{field} is at least 1, got 0")]
    Zero { field: &'static str },
    #[error("Window to (hours) must be after Window from ({from} h), got {to} h")]
    WindowBackwards { from: f64, to: f64 },
    #[error("Keep one job in N needs a whole number N of at least 1")]
    OneInN,
    #[error("Keep a fraction of jobs needs a number between 0 and 1")]
    Fraction,
    #[error("Seed is a whole number of 0 or more, got \"{0}\"")]
    Seed(String),
    /// The catalog's own message (`GpuCatalog::with_mappings`).
    #[error("GPU catalog: {0}")]
    Catalog(#[from] quotalab_interop::traces::CatalogEntryError),
}

impl TraceForm {
    /// The import options the form describes for `format`, or the first field that is wrong.
    pub fn options(&self, format: TraceFormat) -> Result<ImportOptions, FormError> {
        let from_h = hours(&self.from_h, "Window from (hours)")?;
        let to_h = hours(&self.to_h, "Window to (hours)")?;
        if let (Some(from), Some(to)) = (from_h, to_h) {
            if to <= from {
                return Err(FormError::WindowBackwards { from, to });
            }
        }
        let sampling = match self.sampling {
            SamplingChoice::All => Sampling::All,
            SamplingChoice::OneIn => match whole(&self.sample_value, "Keep one job in N")? {
                Some(n) if n >= 1 => Sampling::OneIn(n),
                _ => return Err(FormError::OneInN),
            },
            SamplingChoice::Fraction => {
                match number(&self.sample_value, "Keep a fraction of jobs")? {
                    Some(f) if (0.0..=1.0).contains(&f) => Sampling::Fraction(f),
                    _ => return Err(FormError::Fraction),
                }
            }
        };
        let seed = match self.seed.trim() {
            "" => 0,
            text => text.parse().map_err(|_| FormError::Seed(text.to_owned()))?,
        };
        let teams = at_least_one(&self.teams, "Teams")?;
        let gpus_per_node = at_least_one(&self.gpus_per_node, "GPUs per node")?;
        let catalog = match self.catalog.trim() {
            "" => None,
            spec => Some(
                format
                    .default_catalog()
                    .with_mappings(spec)
                    .map_err(FormError::Catalog)?,
            ),
        };
        let name = Some(self.name.trim())
            .filter(|n| !n.is_empty())
            .map(str::to_string);
        Ok(ImportOptions {
            from_h,
            to_h,
            sampling,
            seed,
            teams,
            catalog,
            keep_going: self.skip_bad_rows,
            name,
            gpus_per_node,
            share_by: self.share_by,
            capacity: None,
        })
    }
}

/// The catalog a format uses when the user maps nothing, as `MODEL=TYPE, ...` (shown as the
/// catalog field's placeholder, so the default is visible before it is replaced).
pub fn default_catalog_text(format: TraceFormat) -> String {
    format
        .default_catalog()
        .mappings
        .iter()
        .map(|m| format!("{}={}", m.model, m.instance_type))
        .collect::<Vec<_>>()
        .join(", ")
}

fn number(text: &str, field: &'static str) -> Result<Option<f64>, FormError> {
    match text.trim() {
        "" => Ok(None),
        t => t
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .map(Some)
            .ok_or_else(|| FormError::NotANumber {
                field,
                text: t.to_owned(),
            }),
    }
}

fn hours(text: &str, field: &'static str) -> Result<Option<f64>, FormError> {
    match number(text, field)? {
        Some(h) if h < 0.0 => Err(FormError::Negative { field, value: h }),
        other => Ok(other),
    }
}

fn whole(text: &str, field: &'static str) -> Result<Option<u32>, FormError> {
    match text.trim() {
        "" => Ok(None),
        t => t.parse().map(Some).map_err(|_| FormError::NotWhole {
            field,
            text: t.to_owned(),
        }),
    }
}

fn at_least_one(text: &str, field: &'static str) -> Result<Option<u32>, FormError> {
    match whole(text, field)? {
        Some(0) => Err(FormError::Zero { field }),
        other => Ok(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_form_is_the_clis_defaults() {
        let options = TraceForm::default()
            .options(TraceFormat::Swf)
            .expect("defaults are valid");
        assert_eq!(options, ImportOptions::default());
    }

    #[test]
    fn every_option_reaches_the_import() {
        let form = TraceForm {
            from_h: "10".into(),
            to_h: "34.5".into(),
            sampling: SamplingChoice::OneIn,
            sample_value: "3".into(),
            seed: "7".into(),
            teams: "6".into(),
            gpus_per_node: "4".into(),
            share_by: Some(ShareBy::User),
            catalog: "v100=ml.p3.8xlarge".into(),
            name: " mine ".into(),
            skip_bad_rows: true,
            ..Default::default()
        };
        let o = form.options(TraceFormat::Philly).expect("valid");
        assert_eq!((o.from_h, o.to_h), (Some(10.0), Some(34.5)));
        assert_eq!(o.sampling, Sampling::OneIn(3));
        assert_eq!((o.seed, o.teams, o.gpus_per_node), (7, Some(6), Some(4)));
        assert_eq!(o.share_by, Some(ShareBy::User));
        let catalog = o.catalog.expect("a catalog");
        assert_eq!(catalog.instance_type("V100"), Some("ml.p3.8xlarge"));
        assert_eq!(o.name.as_deref(), Some("mine"));
        assert!(o.keep_going);
    }

    #[test]
    fn bad_values_name_their_field() {
        let bad = |form: TraceForm| form.options(TraceFormat::Alibaba).unwrap_err().to_string();
        let with = |f: fn(&mut TraceForm)| {
            let mut form = TraceForm::default();
            f(&mut form);
            bad(form)
        };
        assert!(with(|f| f.from_h = "soon".into()).starts_with("Window from"));
        assert!(with(|f| f.to_h = "-1".into()).contains("0 or more"));
        assert!(with(|f| {
            f.from_h = "5".into();
            f.to_h = "5".into()
        })
        .contains("after"));
        assert!(with(|f| f.sampling = SamplingChoice::OneIn).contains("at least 1"));
        assert!(with(|f| {
            f.sampling = SamplingChoice::Fraction;
            f.sample_value = "1.5".into()
        })
        .contains("between 0 and 1"));
        assert!(with(|f| f.teams = "0".into()).starts_with("Teams"));
        assert!(with(|f| f.seed = "-3".into()).starts_with("Seed"));
        assert!(with(|f| f.catalog = "T4".into()).starts_with("GPU catalog"));
    }

    #[test]
    fn the_default_catalog_is_shown_as_the_cli_writes_it() {
        assert_eq!(
            default_catalog_text(TraceFormat::Philly),
            "v100=ml.p3.2xlarge, k80=ml.p2.xlarge"
        );
    }
}
