//! `Waited`: a job's waiting time per reason, a JSON object keyed by reason.
//!
//! A job waits for one to three reasons at most, so a sorted vector holds them: a `BTreeMap` gave
//! each job a node of several hundred bytes, a tenth of a 100k-job result's memory.

use super::vocab::Reason;
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Hours waited per reason, in the byte order of the reasons' names (the order the JSON object
/// has always had), each reason once.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Waited(Vec<(Reason, f64)>);

impl Waited {
    /// The hours per reason, in any order; a reason given twice keeps its last hours.
    pub fn new(mut hours: Vec<(Reason, f64)>) -> Self {
        hours.reverse();
        hours.sort_by(|a, b| a.0.as_str().cmp(b.0.as_str()));
        hours.dedup_by(|later, earlier| later.0 == earlier.0);
        Waited(hours)
    }

    /// Hours waited for `reason`, if the job waited for it.
    pub fn get(&self, reason: Reason) -> Option<f64> {
        self.0.iter().find(|(r, _)| *r == reason).map(|&(_, h)| h)
    }

    /// Each reason with its hours, in reason order.
    pub fn iter(&self) -> impl Iterator<Item = (Reason, f64)> + '_ {
        self.0.iter().map(|&(r, h)| (r, h))
    }

    /// The reasons, in order.
    pub fn keys(&self) -> impl Iterator<Item = Reason> + '_ {
        self.0.iter().map(|&(r, _)| r)
    }

    /// Whether the job never waited.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many reasons the job waited for.
    pub fn len(&self) -> usize {
        self.0.len()
    }
}

impl Serialize for Waited {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (reason, hours) in &self.0 {
            map.serialize_entry(reason.as_str(), hours)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Waited {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct WaitedVisitor;
        impl<'de> Visitor<'de> for WaitedVisitor {
            type Value = Waited;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of hours per reason")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Waited, A::Error> {
                let mut hours = Vec::new();
                while let Some(entry) = access.next_entry::<Reason, f64>()? {
                    hours.push(entry);
                }
                Ok(Waited::new(hours))
            }
        }
        deserializer.deserialize_map(WaitedVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_keeps_reasons_in_byte_order_and_round_trips_as_an_object() {
        let waited = Waited::new(vec![(Reason::ShareLimit, 2.0), (Reason::NoCapacity, 1.5)]);
        let json = serde_json::to_string(&waited).unwrap();
        assert_eq!(json, r#"{"no_capacity":1.5,"share_limit":2.0}"#);
        let back: Waited = serde_json::from_str(&json).unwrap();
        assert_eq!(back, waited);
        assert_eq!(back.get(Reason::ShareLimit), Some(2.0));
        assert_eq!(back.get(Reason::BorrowLimit), None);
    }

    #[test]
    fn a_reason_given_twice_keeps_its_last_hours_as_a_json_object_would() {
        let back: Waited =
            serde_json::from_str(r#"{"share_limit":1.0,"borrow_limit":2.0,"share_limit":3.0}"#)
                .unwrap();
        assert_eq!(
            back.iter().collect::<Vec<_>>(),
            [(Reason::BorrowLimit, 2.0), (Reason::ShareLimit, 3.0)]
        );
    }
}
