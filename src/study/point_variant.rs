//! A sweep point opened as a variant: the scenario the sweep ran at that value of its parameter,
//! named after the point ("V1 · nlp limit on ml.g5.12xlarge = 12"), added to the study next to
//! the variant that was swept, so Compare shows it beside the others.
//!
//! The scenario is the engine's (`apply_parameter`, the same call the sweep's runs use), so the
//! variant is exactly what that point simulated. Opening the same point twice shows the variant
//! already opened rather than a copy under another name.

use crate::results::format::round_for_people;
use crate::state::workspace::{variant_tag, VariantError, Workspace};
use quotalab_engine::study::apply_parameter;
use quotalab_engine::Diagnostic;

/// The variant's name: the swept variant's tag, the parameter in words, and the value.
pub fn point_name(swept: usize, label: &str, value: f64) -> String {
    format!(
        "{} \u{b7} {label} = {}",
        variant_tag(swept),
        round_for_people(value)
    )
}

/// Why a sweep point could not be opened as a variant.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PointError {
    /// The point's value does not apply: its name, then the engine's reason and the JSON path.
    #[error("{name}: {} (JSON path {})", .diagnostic.message, .diagnostic.path)]
    Refused {
        name: String,
        diagnostic: Diagnostic,
    },
    /// There is no room for another variant.
    #[error(transparent)]
    Variant(#[from] VariantError),
}

/// Adds the variant on screen with `param` set to `value` (named by `point_name`) and shows it;
/// if a variant of that name exists, shows that one. An error leads with the point's name, then
/// the engine's reason and the JSON path.
pub fn open_point(
    workspace: &mut Workspace,
    param: &str,
    label: &str,
    value: f64,
) -> Result<(), PointError> {
    let name = point_name(workspace.active, label, value);
    if let Some(existing) = workspace.variants.iter().position(|v| v.name == name) {
        workspace.select(existing);
        return Ok(());
    }
    let mut scenario =
        apply_parameter(workspace.active_scenario(), param, value).map_err(|diagnostic| {
            PointError::Refused {
                name: name.clone(),
                diagnostic,
            }
        })?;
    scenario.name = name;
    workspace.duplicate_active()?;
    workspace.set_active_scenario(scenario);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::default_scenario;
    use quotalab_engine::study::params::parameter_value;

    #[test]
    fn a_point_opens_as_a_variant_at_that_value_named_after_it() {
        let scenario = default_scenario();
        let mut workspace = Workspace::single(scenario);
        open_point(&mut workspace, "capacity[0].count", "pool size", 7.0).unwrap();
        assert_eq!(workspace.variants.len(), 2);
        assert_eq!(workspace.active, 1);
        let opened = workspace.active_scenario();
        assert_eq!(opened.name, "V1 \u{b7} pool size = 7");
        assert_eq!(
            parameter_value(opened, "capacity[0].count").unwrap(),
            Some(7.0)
        );
        assert!(opened.validate().is_valid());
        // The baseline is untouched.
        assert_ne!(
            parameter_value(&workspace.variants[0], "capacity[0].count").unwrap(),
            Some(7.0)
        );
    }

    #[test]
    fn opening_the_same_point_again_shows_the_variant_already_opened() {
        let scenario = default_scenario();
        let mut workspace = Workspace::single(scenario);
        open_point(&mut workspace, "capacity[0].count", "pool size", 7.0).unwrap();
        workspace.select(0);
        open_point(&mut workspace, "capacity[0].count", "pool size", 7.0).unwrap();
        assert_eq!(workspace.variants.len(), 2);
        assert_eq!(workspace.active, 1);
    }

    #[test]
    fn a_value_the_scenario_refuses_is_an_error_and_adds_nothing() {
        let scenario = default_scenario();
        let mut workspace = Workspace::single(scenario);
        let err = open_point(&mut workspace, "capacity[0].count", "pool size", -3.0)
            .unwrap_err()
            .to_string();
        assert!(err.contains("capacity[0].count"), "{err}");
        assert_eq!(workspace.variants.len(), 1);
    }
}
