//! The built-in instance catalog: the SageMaker training instance types people usually plan with.
//!
//! Prices are us-east-1 on-demand list prices per instance-hour (the price tables listed in
//! docs/TRACES.md, "Getting the full traces"); `speed` is a rough relative throughput per
//! accelerator (A10G = 1.0) and is meant to be overridden with measured numbers. A scenario's
//! `instance_types` add to or override these entries by name.

use super::InstanceType;

/// One catalog row: name, accelerator, accelerators per instance, GiB per accelerator, $/h, speed.
/// Public so that other catalogs (the trace importers' extra types) are written the same way.
pub type Row = (&'static str, &'static str, u32, f64, f64, f64);

const ROWS: &[Row] = &[
    ("ml.g5.xlarge", "A10G", 1, 24.0, 1.408, 1.0),
    ("ml.g5.2xlarge", "A10G", 1, 24.0, 1.515, 1.0),
    ("ml.g5.12xlarge", "A10G", 4, 24.0, 7.09, 1.0),
    ("ml.g5.48xlarge", "A10G", 8, 24.0, 20.36, 1.0),
    ("ml.g6.xlarge", "L4", 1, 24.0, 1.006, 0.9),
    ("ml.g6.12xlarge", "L4", 4, 24.0, 5.752, 0.9),
    ("ml.g6.48xlarge", "L4", 8, 24.0, 17.18, 0.9),
    ("ml.g6e.xlarge", "L40S", 1, 48.0, 2.24, 2.2),
    ("ml.g6e.12xlarge", "L40S", 4, 48.0, 13.12, 2.2),
    ("ml.g6e.48xlarge", "L40S", 8, 48.0, 37.66, 2.2),
    ("ml.p3.2xlarge", "V100", 1, 16.0, 3.825, 0.8),
    ("ml.p3.16xlarge", "V100", 8, 16.0, 28.152, 0.8),
    ("ml.p4d.24xlarge", "A100", 8, 40.0, 37.688, 2.5),
    ("ml.p4de.24xlarge", "A100", 8, 80.0, 47.11, 2.6),
    ("ml.p5.48xlarge", "H100", 8, 80.0, 113.07, 5.0),
    ("ml.p5e.48xlarge", "H200", 8, 141.0, 128.0, 5.6),
    ("ml.trn1.32xlarge", "Trainium", 16, 32.0, 24.725, 1.6),
    ("ml.m5.xlarge", "none", 0, 0.0, 0.23, 1.0),
    ("ml.c5.2xlarge", "none", 0, 0.0, 0.408, 1.0),
];

/// The built-in catalog, in a stable order.
pub fn builtin() -> Vec<InstanceType> {
    ROWS.iter().map(from_row).collect()
}

/// The built-in type called `name`.
pub fn builtin_type(name: &str) -> Option<InstanceType> {
    ROWS.iter().find(|r| r.0 == name).map(from_row)
}

/// The type called `name` among `own` definitions (a scenario's `instance_types`, which add to or
/// override the catalog by name), else the built-in one. The one lookup every part of Quota Lab
/// uses.
pub fn resolve(own: &[InstanceType], name: &str) -> Option<InstanceType> {
    own.iter()
        .find(|t| t.name == name)
        .cloned()
        .or_else(|| builtin_type(name))
}

/// Every type `own` definitions make available: the built-in ones in catalog order, overridden
/// by name, then the new ones in their order.
pub fn with_own(own: &[InstanceType]) -> Vec<InstanceType> {
    let mut types = builtin();
    for t in own {
        match types.iter_mut().find(|b| b.name == t.name) {
            Some(slot) => *slot = t.clone(),
            None => types.push(t.clone()),
        }
    }
    types
}

/// The instance type a catalog row describes.
pub fn from_row(&(name, accelerator, accelerators, memory, price, speed): &Row) -> InstanceType {
    InstanceType {
        name: name.to_string(),
        accelerator: accelerator.to_string(),
        accelerators,
        accelerator_memory_gib: memory,
        price_per_h: price,
        speed,
        accelerated: None,
    }
}

/// SEMANTICS §1: a type is accelerated when its family is `ml.p*`, `ml.g*` or `ml.trn*`.
pub fn family_is_accelerated(name: &str) -> bool {
    let family = name.strip_prefix("ml.").unwrap_or(name);
    family.starts_with('p') || family.starts_with('g') || family.starts_with("trn")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn own(name: &str, price_per_h: f64) -> InstanceType {
        InstanceType {
            price_per_h,
            name: name.to_string(),
            ..builtin_type("ml.g5.xlarge").expect("a built-in type")
        }
    }

    #[test]
    fn own_types_override_the_catalog_by_name_and_add_new_ones_last() {
        let own = [own("ml.g5.xlarge", 0.5), own("ml.custom", 1.0)];
        let types = with_own(&own);
        assert_eq!(types.len(), builtin().len() + 1);
        assert_eq!(types[0].name, "ml.g5.xlarge");
        assert_eq!(types[0].price_per_h, 0.5);
        assert_eq!(types.last().map(|t| t.name.as_str()), Some("ml.custom"));
        assert_eq!(
            resolve(&own, "ml.g5.xlarge").map(|t| t.price_per_h),
            Some(0.5)
        );
        assert_eq!(
            resolve(&[], "ml.g5.xlarge").map(|t| t.price_per_h),
            Some(1.408)
        );
        assert!(resolve(&own, "ml.custom").is_some() && resolve(&[], "ml.custom").is_none());
    }
}
