//! What the app edits, as one undoable value: a scenario, or a study of 2 to 6 variants of it
//! (docs/STUDY.md), with the variant that BUILD shows.
//!
//! One value for both, so that undo, autosave, links and files treat a study exactly like a
//! scenario: "Duplicate as variant" is an edit like any other and Undo takes it back. A workspace
//! of one variant is written as a plain scenario, so links and files of people who never compare
//! stay what they were; with two or more, or with an advisor search set up (its targets travel
//! in the study's `advise` field, docs/ADVISOR.md), it is written as a study (docs/STUDY.md).
//!
//! Variants are held behind `Arc`: the undo history keeps up to 200 snapshots, and an edit to one
//! variant then shares the untouched ones with every earlier snapshot instead of copying them.

use quotalab_engine::scenario::Rules;
use quotalab_engine::study::advise::AdviseSpec;
use quotalab_engine::study::{
    Document, Study, Sweep, DEFAULT_SEEDS, DEFAULT_WAIT_THRESHOLD_H, VARIANTS,
};
use quotalab_engine::Scenario;
use std::sync::Arc;

/// The most variants a study holds.
pub const MAX_VARIANTS: usize = *VARIANTS.end();

/// How the room names variant `index` in tabs, charts and tables: "V1", "V2"…
pub fn variant_tag(index: usize) -> String {
    format!("V{}", index + 1)
}

/// A scenario or a study, and which variant is on screen.
#[derive(Debug, Clone, PartialEq)]
pub struct Workspace {
    /// One to [`MAX_VARIANTS`] scenarios; the first is the baseline of every comparison.
    pub variants: Vec<Arc<Scenario>>,
    /// The variant BUILD shows and edits.
    pub active: usize,
    /// The study's own settings. Kept while the study is down to one variant, so duplicating
    /// again brings back the seeds and sweep the user chose.
    pub settings: StudySettings,
}

/// Everything a study holds besides its variants.
#[derive(Debug, Clone, PartialEq)]
pub struct StudySettings {
    /// The study's title. Empty until the study is born (the first "Duplicate as variant"
    /// names it after the baseline), and then shown as "Variants of <baseline>".
    pub name: String,
    /// K: runs per variant, with the same seeds for every variant.
    pub seeds: u32,
    /// The T of P(wait < T), in hours.
    pub wait_threshold_h: f64,
    /// The parameter sweep of the variant on screen, if one was set up.
    pub sweep: Option<Sweep>,
    /// The advisor's targets, budgets and knobs for the first variant, if set up.
    pub advise: Option<AdviseSpec>,
}

impl Default for StudySettings {
    fn default() -> Self {
        StudySettings {
            name: String::new(),
            seeds: DEFAULT_SEEDS,
            wait_threshold_h: DEFAULT_WAIT_THRESHOLD_H,
            sweep: None,
            advise: None,
        }
    }
}

/// Why a variant cannot be added or removed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum VariantError {
    #[error("A study holds at most {MAX_VARIANTS} variants; remove one first.")]
    TooMany,
    #[error("The last variant cannot be removed.")]
    LastOne,
}

impl Workspace {
    /// The variants' names, in order: what the variant tabs and the baseline choice list.
    pub fn names(&self) -> Vec<String> {
        self.variants.iter().map(|v| v.name.clone()).collect()
    }

    /// Each variant's rules, when the variants do not all run under the same ones: the variant
    /// tabs then show them beside the names, so that a comparison of AWS Batch's rules with
    /// Kueue's tells its variants apart whatever their names (a translated variant keeps its
    /// name and adds "under Kueue rules", which a tab cuts off). `None` when all agree.
    pub fn rules_when_mixed(&self) -> Option<Vec<Rules>> {
        let rules: Vec<Rules> = self.variants.iter().map(|v| v.rules).collect();
        rules
            .windows(2)
            .any(|pair| pair[0] != pair[1])
            .then_some(rules)
    }

    /// A workspace of one scenario.
    pub fn single(scenario: Scenario) -> Workspace {
        Workspace {
            variants: vec![Arc::new(scenario)],
            active: 0,
            settings: StudySettings::default(),
        }
    }

    /// The workspace a loaded document describes, showing its first variant.
    pub fn from_document(document: Document) -> Workspace {
        match document {
            Document::Scenario(scenario) => Workspace::single(scenario),
            Document::Study(study) => Workspace {
                variants: study.variants.into_iter().map(Arc::new).collect(),
                active: 0,
                settings: StudySettings {
                    name: study.name,
                    seeds: study.seeds,
                    wait_threshold_h: study.wait_threshold_h,
                    sweep: study.sweep,
                    advise: study.advise.map(|a| *a),
                },
            },
        }
    }

    /// The document to write: a plain scenario for one variant without an advisor search, else
    /// a study (a study with an `advise` field may hold a single variant).
    pub fn to_document(&self) -> Document {
        match self.variants.as_slice() {
            [only] if self.settings.advise.is_none() => Document::Scenario((**only).clone()),
            _ => Document::Study(self.to_study()),
        }
    }

    /// The study of these variants (also for one variant, which a study file would refuse).
    pub fn to_study(&self) -> Study {
        let variants = self.variants.iter().map(|v| (**v).clone()).collect();
        let mut study = Study::new(self.settings.name.clone(), variants);
        study.seeds = self.settings.seeds;
        study.wait_threshold_h = self.settings.wait_threshold_h;
        study.sweep = self.settings.sweep.clone();
        study.advise = self.settings.advise.clone().map(Box::new);
        study
    }

    /// The document as indented JSON, for files and the JSON view of a study.
    pub fn to_json_pretty(&self) -> String {
        match self.to_document() {
            Document::Scenario(scenario) => scenario.to_json_pretty(),
            Document::Study(study) => study.to_json_pretty(),
        }
    }

    /// The study's title: its own, or the baseline's name.
    pub fn study_name(&self) -> String {
        if self.settings.name.is_empty() {
            self.baseline_title()
        } else {
            self.settings.name.clone()
        }
    }

    pub fn is_study(&self) -> bool {
        self.variants.len() > 1
    }

    /// The variant on screen.
    pub fn active_scenario(&self) -> &Scenario {
        &self.variants[self.active]
    }

    /// Replaces the variant on screen.
    /// A study still named after its baseline ("Variants of …") follows a rename of the baseline.
    pub fn set_active_scenario(&mut self, scenario: Scenario) {
        if self.active == 0 && self.settings.name == self.baseline_title() {
            self.settings.name = format!("Variants of {}", scenario.name);
        }
        self.variants[self.active] = Arc::new(scenario);
    }

    /// The title a study gets from its baseline when it is born.
    fn baseline_title(&self) -> String {
        format!("Variants of {}", self.variants[0].name)
    }

    /// "Duplicate as variant": a copy of the variant on screen under a new name, shown next.
    pub fn duplicate_active(&mut self) -> Result<(), VariantError> {
        if self.variants.len() >= MAX_VARIANTS {
            return Err(VariantError::TooMany);
        }
        if self.settings.name.is_empty() {
            self.settings.name = self.study_name();
        }
        let mut copy = self.active_scenario().clone();
        copy.name = self.unused_name(&copy.name);
        self.variants.insert(self.active + 1, Arc::new(copy));
        self.active += 1;
        Ok(())
    }

    /// Adds `scenario` as the last variant and shows it; it keeps its name unless a variant has
    /// it already (variant names are unique in a study).
    pub fn add_variant(&mut self, mut scenario: Scenario) -> Result<(), VariantError> {
        if self.variants.len() >= MAX_VARIANTS {
            return Err(VariantError::TooMany);
        }
        if self.settings.name.is_empty() {
            self.settings.name = self.study_name();
        }
        if self.variants.iter().any(|v| v.name == scenario.name) {
            scenario.name = self.unused_name(&scenario.name);
        }
        self.variants.push(Arc::new(scenario));
        self.active = self.variants.len() - 1;
        Ok(())
    }

    /// "Compare with Kueue rules" (or AWS Batch's): the variant on screen again with only its
    /// `rules` switched, added last and shown. The engine runs it through its translation
    /// (docs/FORMAT.md, "Kueue"), so the study compares the same agreement and workload under
    /// both rule sets.
    pub fn add_rules_variant(&mut self) -> Result<(), VariantError> {
        let mut other = self.active_scenario().clone();
        other.rules = other_rules(other.rules);
        other.name = format!("{} under {} rules", other.name, other.rules.title());
        self.add_variant(other)
    }

    /// Removes variant `index`; the one before it (or the new first) is shown.
    pub fn remove(&mut self, index: usize) -> Result<(), VariantError> {
        if self.variants.len() <= 1 {
            return Err(VariantError::LastOne);
        }
        if index < self.variants.len() {
            self.variants.remove(index);
        }
        if self.active >= index && self.active > 0 {
            self.active -= 1;
        }
        Ok(())
    }

    /// Shows variant `index` in BUILD.
    pub fn select(&mut self, index: usize) {
        if index < self.variants.len() {
            self.active = index;
        }
    }

    /// `base` with " (variant N)" for the first N that no variant uses, since variant names
    /// must be unique in a study.
    fn unused_name(&self, base: &str) -> String {
        let stem = base
            .rsplit_once(" (variant ")
            .filter(|(_, rest)| rest.ends_with(')'))
            .map_or(base, |(stem, _)| stem);
        (2..)
            .map(|n| format!("{stem} (variant {n})"))
            .find(|name| self.variants.iter().all(|v| &v.name != name))
            .expect("an unused name exists among finitely many variants")
    }
}

/// The rule set that is not `rules`: what "Compare with … rules" offers.
pub fn other_rules(rules: Rules) -> Rules {
    match rules {
        Rules::Aws => Rules::Kueue,
        Rules::Kueue => Rules::Aws,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_study_name_follows_a_rename_of_the_baseline_until_it_is_renamed_itself() {
        let base = crate::state::default_scenario();
        let mut w = Workspace::single(base.clone());
        w.duplicate_active().expect("room");
        w.select(0);
        let mut renamed = base.clone();
        renamed.name = "NLP and vision".into();
        w.set_active_scenario(renamed.clone());
        assert_eq!(w.study_name(), "Variants of NLP and vision");
        w.settings.name = "Workshop".into();
        renamed.name = "Again".into();
        w.set_active_scenario(renamed);
        assert_eq!(w.study_name(), "Workshop", "a name of its own stays");
    }

    fn default_workspace() -> Workspace {
        Workspace::single(crate::state::default_scenario())
    }

    #[test]
    fn one_variant_is_written_as_a_plain_scenario() {
        let ws = default_workspace();
        assert!(matches!(ws.to_document(), Document::Scenario(_)));
        assert_eq!(ws.to_json_pretty(), ws.active_scenario().to_json_pretty());
    }

    #[test]
    fn duplicates_get_unique_names_and_become_a_study() {
        let mut ws = default_workspace();
        ws.duplicate_active().expect("room for a variant");
        ws.duplicate_active().expect("room for a variant");
        let names = ws.names();
        let base = &names[0];
        assert_eq!(
            names[1..],
            [format!("{base} (variant 2)"), format!("{base} (variant 3)")]
        );
        assert_eq!(ws.active, 2);
        let Document::Study(study) = ws.to_document() else {
            panic!("three variants make a study")
        };
        assert!(study.validate().is_valid(), "{:?}", study.validate());
        let reread = Document::parse_json(&study.to_json_pretty()).expect("own study parses");
        assert_eq!(Workspace::from_document(reread).variants, ws.variants);
    }

    #[test]
    fn the_rules_are_named_only_when_the_variants_differ_in_them() {
        let mut ws = default_workspace();
        assert_eq!(ws.rules_when_mixed(), None, "one variant");
        ws.duplicate_active().expect("room");
        assert_eq!(
            ws.rules_when_mixed(),
            None,
            "two variants under AWS's rules"
        );
        let mut kueue = ws.active_scenario().clone();
        kueue.rules = Rules::Kueue;
        ws.set_active_scenario(kueue);
        assert_eq!(ws.rules_when_mixed(), Some(vec![Rules::Aws, Rules::Kueue]));
    }

    #[test]
    fn a_study_holds_at_most_six_variants_and_at_least_one() {
        let mut ws = default_workspace();
        for _ in 1..MAX_VARIANTS {
            ws.duplicate_active().expect("room");
        }
        assert_eq!(ws.duplicate_active(), Err(VariantError::TooMany));
        for _ in 1..MAX_VARIANTS {
            ws.remove(ws.active).expect("more than one left");
        }
        assert_eq!(ws.remove(0), Err(VariantError::LastOne));
        assert_eq!(ws.active, 0);
    }

    #[test]
    fn removing_a_variant_before_the_active_one_keeps_showing_it() {
        let mut ws = default_workspace();
        ws.duplicate_active().expect("room");
        ws.duplicate_active().expect("room");
        let shown = ws.active_scenario().name.clone();
        ws.remove(0).expect("three variants");
        assert_eq!(ws.active_scenario().name, shown);
    }

    #[test]
    fn the_advise_field_travels_with_one_variant_and_with_many() {
        let mut ws = default_workspace();
        let share = ws.variants[0].quota_shares[0].name.clone();
        let spec = AdviseSpec::new(vec![format!("{share}:completion_p90_h<=24")]);
        ws.settings.advise = Some(spec.clone());
        let Document::Study(study) = ws.to_document() else {
            panic!("an advisor search makes a study even of one variant")
        };
        assert!(study.validate().is_valid(), "{:?}", study.validate());
        let reread = Document::parse_json(&ws.to_json_pretty()).expect("own study parses");
        assert_eq!(Workspace::from_document(reread), ws);
        ws.duplicate_active().expect("room");
        let reread = Document::parse_json(&ws.to_json_pretty()).expect("own study parses");
        assert_eq!(Workspace::from_document(reread).settings.advise, Some(spec));
    }

    #[test]
    fn an_added_variant_keeps_its_name_unless_it_is_taken() {
        let mut ws = default_workspace();
        let mut proposal = (*ws.variants[0]).clone();
        proposal.name = "today (proposal 1)".into();
        ws.add_variant(proposal.clone()).expect("room");
        assert_eq!(ws.active_scenario().name, "today (proposal 1)");
        ws.add_variant(proposal).expect("room");
        assert_eq!(ws.active, 2);
        assert_eq!(ws.active_scenario().name, "today (proposal 1) (variant 2)");
    }

    #[test]
    fn a_rules_variant_is_the_same_scenario_under_the_other_rules_and_makes_a_valid_study() {
        let mut ws = default_workspace();
        ws.add_rules_variant().expect("room");
        assert_eq!(ws.active, 1);
        let (aws, kueue) = (&ws.variants[0], &ws.variants[1]);
        assert_eq!(kueue.rules, Rules::Kueue);
        assert_eq!(kueue.name, format!("{} under Kueue rules", aws.name));
        let mut same = (**kueue).clone();
        same.rules = Rules::Aws;
        same.name = aws.name.clone();
        assert_eq!(&same, &**aws, "only the rules and the name differ");
        let study = ws.to_study();
        assert!(study.validate().is_valid(), "{:?}", study.validate());
        ws.add_rules_variant().expect("room");
        assert_eq!(ws.active_scenario().rules, Rules::Aws, "and back again");
    }
}
