//! Small serde adapters shared by the scenario types, and by the interop crate's spellings of
//! other tools' documents.
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

/// Reads a list as `null_as_default` does, then gives back the spare room it grew into: a list
/// read from JSON starts with room for four, and a trace's million jobs each hold a preference
/// list of one or two entries (docs/PERFORMANCE.md, "A trace's jobs shared by every copy of
/// the scenario").
pub fn list_without_spare_room<'de, D, T>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    let mut list: Vec<T> = null_as_default(deserializer)?;
    list.shrink_to_fit();
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Lists {
        #[serde(default, deserialize_with = "list_without_spare_room")]
        entries: Vec<u32>,
    }

    #[test]
    fn a_list_keeps_no_spare_room_and_null_reads_as_empty() {
        let read: Lists = serde_json::from_str(r#"{"entries":[1,2]}"#).unwrap();
        assert_eq!((read.entries.len(), read.entries.capacity()), (2, 2));
        let null: Lists = serde_json::from_str(r#"{"entries":null}"#).unwrap();
        assert!(null.entries.is_empty());
        let absent: Lists = serde_json::from_str("{}").unwrap();
        assert!(absent.entries.is_empty());
    }
}
