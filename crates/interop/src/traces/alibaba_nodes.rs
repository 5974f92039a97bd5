//! The capacity of an Alibaba 2023 import: GPUs per model from the node lists, in instances of
//! the catalog's types (docs/TRACES.md, "Alibaba 2023"). A node listed twice (in both node files)
//! counts once; models without an instance type are left out with a note.

use super::catalog::GpuCatalog;
use super::report::ImportError;
use super::table;
use super::window::TraceReader;
use super::TraceFile;
use crate::rows::lines;
use quotalab_engine::result::numbers::counted;
use std::collections::{BTreeMap, HashSet};

/// A share holds at most 5 capacity limits (docs/FORMAT.md), so an import uses at most 5 types.
const MAX_TYPES: usize = 5;

/// GPUs per model from the node lists.
fn node_gpus<'a>(
    files: &[&TraceFile<'a>],
    reader: &mut TraceReader<'a>,
) -> Result<BTreeMap<String, u32>, ImportError> {
    let mut seen = HashSet::new();
    let records = files.iter().flat_map(|f| lines(f.name, f.text, None, 1));
    let nodes = reader.table(records, |text| {
        let f = table::csv_row(text, 5, "5 columns (sn, cpu_milli, memory_mib, gpu, model)")?;
        let count = table::number::<u32>(&f[3], "gpu")?;
        let model = f[4].trim().to_string();
        let listed = count > 0 && !model.is_empty() && seen.insert(f[0].trim().to_string());
        Ok(listed.then_some((model, count)))
    })?;
    let mut gpus: BTreeMap<String, u32> = BTreeMap::new();
    for (model, count) in nodes {
        *gpus.entry(model).or_default() += count;
    }
    Ok(gpus)
}

/// Instances per mapped type, in catalog order.
pub fn capacity<'a>(
    files: &[&TraceFile<'a>],
    catalog: &GpuCatalog,
    reader: &mut TraceReader<'a>,
) -> Result<Vec<(String, u32)>, ImportError> {
    let gpus = node_gpus(files, reader)?;
    let mut capacity: Vec<(String, u32)> = Vec::new();
    for m in &catalog.mappings {
        let Some((_, &count)) = gpus
            .iter()
            .find(|(model, _)| model.eq_ignore_ascii_case(&m.model))
        else {
            continue;
        };
        let instances = count / catalog.accelerators(&m.instance_type);
        match capacity.iter_mut().find(|(t, _)| *t == m.instance_type) {
            Some((_, n)) => *n += instances,
            None if instances > 0 => capacity.push((m.instance_type.clone(), instances)),
            None => {}
        }
    }
    for (model, count) in &gpus {
        if catalog.instance_type(model).is_none() {
            let gpus = counted(u64::from(*count), &format!("{model} GPU"));
            reader.note(format!(
                "{gpus} in the node list: no instance type in the catalog, so left out"
            ));
        }
    }
    if capacity.is_empty() {
        return Err(ImportError::Option {
            option: "--catalog",
            given: catalog
                .mappings
                .iter()
                .map(|m| format!("{}={}", m.model, m.instance_type))
                .collect::<Vec<_>>()
                .join(","),
            allowed:
                "map a GPU model of the node list to an instance type (e.g. T4=ml.g4dn.xlarge)"
                    .into(),
        });
    }
    if capacity.len() > MAX_TYPES {
        reader.note("a share holds at most 5 capacity limits; the catalog's first 5 types with capacity are used");
        capacity.truncate(MAX_TYPES);
    }
    Ok(capacity)
}
