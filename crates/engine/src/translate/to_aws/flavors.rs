//! Which instance type each ResourceFlavor stands for, and whether it is spot (docs/FORMAT.md,
//! "A ResourceFlavor's instance type and spot"). A flavor naming a type the catalog lacks gets a
//! placeholder definition, since AWS capacity needs a known type; a flavor naming no type has no
//! AWS counterpart.

use super::super::notes::Notes;
use crate::scenario::kueue::{Kueue, ResourceFlavor};
use crate::scenario::{InstanceType, Scenario};
use std::collections::BTreeMap;

/// A flavor's instance type and capacity kind.
#[derive(Clone)]
pub(super) struct FlavorType {
    pub def: InstanceType,
    pub spot: bool,
}

/// The flavors of a Kueue scenario, by name.
pub(super) struct Flavors<'a> {
    by_name: BTreeMap<&'a str, (&'a ResourceFlavor, Option<FlavorType>)>,
    /// Definitions made for types the catalog lacks, to add to the AWS scenario.
    pub placeholders: Vec<InstanceType>,
}

/// A type Quota Lab does not know: 1 accelerator, price 0, to be edited (the importers' rule
/// too, so a type reads the same whichever way it came in).
pub fn placeholder_type(name: &str) -> InstanceType {
    InstanceType {
        name: name.to_string(),
        accelerator: "unknown".into(),
        accelerators: 1,
        accelerator_memory_gib: 0.0,
        price_per_h: 0.0,
        speed: 1.0,
        accelerated: None,
    }
}

impl<'a> Flavors<'a> {
    pub fn read(k: &Scenario, kueue: &'a Kueue, notes: &mut Notes) -> Flavors<'a> {
        let mut out = Flavors {
            by_name: BTreeMap::new(),
            placeholders: Vec::new(),
        };
        for (i, f) in kueue.resource_flavors.iter().enumerate() {
            let path = format!("kueue.resource_flavors[{i}]");
            let def = match (
                f.resolved_instance_type(&k.instance_types),
                f.written_instance_type(),
            ) {
                (Some(def), _) => Some(def),
                (None, Some(name)) => Some(out.placeholder(&path, &f.name, name, notes)),
                (None, None) => {
                    notes.dropped(&path, format!("flavor {} names no instance type (no instance_type, no node.kubernetes.io/instance-type label): its quotas are no AWS capacity", f.name));
                    None
                }
            };
            let typed = def.map(|def| FlavorType {
                def,
                spot: f.is_spot(),
            });
            out.by_name.insert(f.name.as_str(), (f, typed));
        }
        out
    }

    fn placeholder(
        &mut self,
        path: &str,
        flavor: &str,
        name: &str,
        notes: &mut Notes,
    ) -> InstanceType {
        if let Some(t) = self.placeholders.iter().find(|t| t.name == name) {
            return t.clone();
        }
        notes.approximated(path, format!("flavor {flavor} is instance type {name}, which the catalog lacks: a placeholder definition (1 accelerator, price 0) to edit"));
        let t = placeholder_type(name);
        self.placeholders.push(t.clone());
        t
    }

    /// The instance type of the flavor called `name`, if it has one.
    pub fn get(&self, name: &str) -> Option<&FlavorType> {
        self.by_name.get(name).and_then(|(_, t)| t.as_ref())
    }

    /// The flavor object called `name`.
    pub fn object(&self, name: &str) -> Option<&'a ResourceFlavor> {
        self.by_name.get(name).map(|(f, _)| *f)
    }
}
