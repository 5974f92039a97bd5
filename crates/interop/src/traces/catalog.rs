//! The instance catalog of an import: which SageMaker instance type stands in for each GPU model a
//! trace names, and the definitions of types the engine's built-in catalog lacks.
//!
//! Defaults follow the mapping suggested with the AWS GPU price tables of docs/TRACES.md ("K80 ->
//! p2, T4 -> g4dn, V100 -> p3, V100M32 -> p3dn, A10 -> g5"). P100 has no AWS instance and
//! G1/G2/G3 are undisclosed, so they are unmapped unless the user maps them. Prices of the added
//! types are the us-east-1 EC2 on-demand prices of those tables times 1.25, the ratio of
//! SageMaker's `ml.p3.2xlarge` to EC2's `p3.2xlarge`; `speed` follows the engine's scale (A10G =
//! 1.0).

use quotalab_engine::scenario::{catalog, InstanceType};

/// One GPU model of a trace and the instance type that represents it.
#[derive(Debug, Clone, PartialEq)]
pub struct GpuMapping {
    /// The model as the trace spells it (`V100`, `V100M32`, `T4`, `k80`); matched ignoring case.
    pub model: String,
    pub instance_type: String,
}

/// GPU models to instance types, in preference order, plus definitions of extra types.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GpuCatalog {
    pub mappings: Vec<GpuMapping>,
    /// Types to add to the scenario's `instance_types` (those the built-in catalog lacks).
    pub instance_types: Vec<InstanceType>,
}

impl GpuCatalog {
    /// The instance type for a GPU model, if mapped.
    pub fn instance_type(&self, model: &str) -> Option<&str> {
        self.mappings
            .iter()
            .find(|m| m.model.eq_ignore_ascii_case(model.trim()))
            .map(|m| m.instance_type.as_str())
    }

    /// The definition of an instance type: the catalog's own, else the engine's built-in one.
    pub fn definition(&self, name: &str) -> Option<InstanceType> {
        catalog::resolve(&self.instance_types, name)
    }

    /// Accelerators per instance of a type (1 when the type is unknown or has none).
    pub fn accelerators(&self, name: &str) -> u32 {
        self.definition(name)
            .map(|t| t.accelerators.max(1))
            .unwrap_or(1)
    }

    /// The extra definitions a scenario needs for the types it uses.
    pub fn definitions_for<'a>(
        &self,
        used: impl IntoIterator<Item = &'a str>,
    ) -> Vec<InstanceType> {
        let mut out: Vec<InstanceType> = Vec::new();
        for name in used {
            if out.iter().any(|t| t.name == name) {
                continue;
            }
            if let Some(t) = self.instance_types.iter().find(|t| t.name == name) {
                out.push(t.clone());
            }
        }
        out
    }

    /// Philly: V100 first, K80 as the fallback (Gavel's throughput table covers k80, p100, v100).
    pub fn philly_default() -> GpuCatalog {
        GpuCatalog {
            mappings: vec![map("v100", "ml.p3.2xlarge"), map("k80", "ml.p2.xlarge")],
            instance_types: vec![k80()],
        }
    }

    /// Alibaba 2023: the disclosed models; an empty `gpu_spec` accepts them in this order.
    pub fn alibaba_default() -> GpuCatalog {
        GpuCatalog {
            mappings: vec![
                map("V100M16", "ml.p3.2xlarge"),
                map("T4", "ml.g4dn.xlarge"),
                map("A10", "ml.g5.xlarge"),
                map("V100M32", "ml.p3dn.24xlarge"),
            ],
            instance_types: vec![t4(), v100_32()],
        }
    }

    /// SWF logs are CPU logs; each processor becomes one single-GPU instance.
    pub fn swf_default() -> GpuCatalog {
        GpuCatalog {
            mappings: vec![map("processor", "ml.g5.xlarge")],
            instance_types: Vec::new(),
        }
    }

    /// The mappings as `MODEL=TYPE,MODEL=TYPE`, the way `--catalog` takes them.
    pub fn spec(&self) -> String {
        self.mappings
            .iter()
            .map(|m| format!("{}={}", m.model, m.instance_type))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The import cannot use this catalog: `allowed` says what it needs.
    pub(crate) fn refused(&self, allowed: &str) -> super::ImportError {
        super::ImportError::Option {
            option: "--catalog",
            given: self.spec(),
            allowed: allowed.to_string(),
        }
    }

    /// Parses `MODEL=TYPE,MODEL=TYPE` (the CLI's `--catalog`), keeping this catalog's extra
    /// definitions so mapped types stay defined.
    pub fn with_mappings(&self, spec: &str) -> Result<GpuCatalog, CatalogEntryError> {
        let mut mappings = Vec::new();
        for pair in spec.split(',').filter(|p| !p.trim().is_empty()) {
            let (model, instance_type) = pair.split_once('=').ok_or_else(|| CatalogEntryError {
                entry: pair.to_string(),
            })?;
            mappings.push(map(model.trim(), instance_type.trim()));
        }
        Ok(GpuCatalog {
            mappings,
            instance_types: self.instance_types.clone(),
        })
    }
}

/// A `--catalog` entry that is not `MODEL=INSTANCE_TYPE` (docs/TRACES.md, "What every import
/// shares"): the CLI and the app's trace dialog show it as it reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("catalog entry \"{entry}\": write MODEL=INSTANCE_TYPE, e.g. V100=ml.p3.2xlarge")]
pub struct CatalogEntryError {
    pub entry: String,
}

fn map(model: &str, instance_type: &str) -> GpuMapping {
    GpuMapping {
        model: model.to_string(),
        instance_type: instance_type.to_string(),
    }
}

/// `p2.xlarge` $0.90 x 1.25; Gavel's table puts a K80 at roughly a quarter of a V100.
fn k80() -> InstanceType {
    catalog::from_row(&("ml.p2.xlarge", "K80", 1, 12.0, 1.125, 0.2))
}

/// `g4dn.xlarge` $0.526 x 1.25.
fn t4() -> InstanceType {
    catalog::from_row(&("ml.g4dn.xlarge", "T4", 1, 16.0, 0.658, 0.5))
}

/// `p3dn.24xlarge` $31.212 x 1.25.
fn v100_32() -> InstanceType {
    catalog::from_row(&("ml.p3dn.24xlarge", "V100", 8, 32.0, 39.015, 0.8))
}
