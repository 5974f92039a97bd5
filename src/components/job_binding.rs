//! One job attribute bound to a control: [`bind`] over a [`JobRef`]'s attributes, by the JSON
//! path of the field (docs/FORMAT.md, "A job").
//!
//! The job attributes editor and the preference list builder inside it both bind fields this way;
//! the helper stands on its own so the list does not reach back into the editor that contains it.

use super::binding::{bind, Binding};
use super::job_ref::JobRef;
use quotalab_engine::scenario::JobAttributes;

/// Binds attribute `name` of `job` through a getter and setter on its attributes.
pub fn attr<T>(
    job: JobRef,
    name: &str,
    get: fn(&JobAttributes) -> T,
    set: fn(&mut JobAttributes, T),
) -> Binding<T>
where
    T: Clone + Default + PartialEq + Send + Sync + 'static,
{
    bind(
        job.field(name),
        move |s| job.get(s).map(|a| get(&a)),
        move |s, v| job.update(s, |a| set(a, v)),
    )
}

/// Binds attribute `field` of `job` as the control reads and writes it, unconverted: the JSON
/// path, the getter and the setter all come from the one name, so they cannot disagree.
macro_rules! attr_field {
    ($job:expr, $field:ident) => {
        $crate::components::job_binding::attr(
            $job,
            stringify!($field),
            |a| a.$field,
            |a, v| a.$field = v,
        )
    };
}
pub(crate) use attr_field;
