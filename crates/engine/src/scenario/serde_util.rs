//! Small serde adapters shared by the scenario types.
//!
//! docs/FORMAT.md, "Conventions": an optional field set to `null` means the same as leaving it
//! out, so every defaulted field reads `null` as its default rather than failing.

use serde::{Deserialize, Deserializer};

/// Reads `null` (or an absent field, together with `#[serde(default)]`) as `T::default()`.
pub fn null_as_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}

/// `skip_serializing_if` helper: leave a field out when it holds its default value, so the JSON
/// a user exports stays as short as the one they wrote.
pub fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}
