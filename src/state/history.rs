//! Undo and redo: snapshots of the whole document (docs/DESIGN.md: "Undo is always there").
//!
//! Snapshots rather than inverse operations, because every edit, the JSON view and loading a
//! link all produce a new document the same way, and a study of a few scenarios is small next
//! to the memory of a browser tab. The app keeps [`crate::state::workspace::Workspace`]s; the
//! tests below use plain scenarios, since the logic does not look inside a snapshot.
//!
//! Typing into one field makes one undo step, not one per keystroke: edits with the same key
//! close together in time are coalesced.

/// The most undo steps kept; older ones are dropped.
pub const HISTORY_CAP: usize = 200;

/// Edits to the same field within this many milliseconds form one undo step.
pub const COALESCE_MS: f64 = 1_000.0;

/// The snapshots before (`past`) and after (`future`) the one on screen.
#[derive(Debug, Clone, PartialEq)]
pub struct History<T> {
    past: Vec<T>,
    future: Vec<T>,
    /// The key and time of the last recorded edit, for coalescing.
    last_edit: Option<(String, f64)>,
}

impl<T> Default for History<T> {
    fn default() -> Self {
        History {
            past: Vec::new(),
            future: Vec::new(),
            last_edit: None,
        }
    }
}

impl<T> History<T> {
    /// Records `before`, the document an edit is about to replace. `key` names the field being
    /// edited (its JSON path); `None` never coalesces.
    pub fn record(&mut self, before: T, key: Option<&str>, now_ms: f64) {
        self.future.clear();
        let continues_last = matches!(
            (&self.last_edit, key),
            (Some((last, at)), Some(k)) if last == k && now_ms - at < COALESCE_MS
        );
        self.last_edit = key.map(|k| (k.to_string(), now_ms));
        if continues_last {
            return;
        }
        self.past.push(before);
        if self.past.len() > HISTORY_CAP {
            self.past.remove(0);
        }
    }

    /// The snapshot before `current`, if any; `current` becomes redoable.
    pub fn undo(&mut self, current: T) -> Option<T> {
        let previous = self.past.pop()?;
        self.future.push(current);
        self.last_edit = None;
        Some(previous)
    }

    /// The snapshot undone last, if any; `current` becomes undoable again.
    pub fn redo(&mut self, current: T) -> Option<T> {
        let next = self.future.pop()?;
        self.past.push(current);
        self.last_edit = None;
        Some(next)
    }

    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.future.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quotalab_engine::Scenario;

    fn named(name: &str) -> Scenario {
        Scenario::parse_json(&format!(r#"{{"version":1,"name":"{name}"}}"#)).expect("test scenario")
    }

    #[test]
    fn undo_then_redo_walks_back_and_forth() {
        let mut h = History::default();
        h.record(named("a"), None, 0.0);
        h.record(named("b"), None, 1.0);
        assert_eq!(h.undo(named("c")), Some(named("b")));
        assert_eq!(h.undo(named("b")), Some(named("a")));
        assert_eq!(h.undo(named("a")), None);
        assert_eq!(h.redo(named("a")), Some(named("b")));
        assert_eq!(h.redo(named("b")), Some(named("c")));
        assert!(!h.can_redo());
    }

    #[test]
    fn a_new_edit_drops_the_redo_branch() {
        let mut h = History::default();
        h.record(named("a"), None, 0.0);
        h.undo(named("b"));
        h.record(named("a"), None, 5.0);
        assert!(!h.can_redo());
    }

    #[test]
    fn typing_in_one_field_is_one_step() {
        let mut h = History::default();
        h.record(named("a"), Some("name"), 0.0);
        h.record(named("ab"), Some("name"), 300.0);
        h.record(named("abc"), Some("name"), 600.0);
        assert_eq!(h.undo(named("abcd")), Some(named("a")));
        assert!(!h.can_undo());
    }

    #[test]
    fn a_pause_or_another_field_starts_a_new_step() {
        let mut h = History::default();
        h.record(named("a"), Some("name"), 0.0);
        h.record(named("b"), Some("name"), 5_000.0);
        h.record(named("c"), Some("seed"), 5_100.0);
        assert_eq!(h.undo(named("d")), Some(named("c")));
        assert_eq!(h.undo(named("c")), Some(named("b")));
    }

    #[test]
    fn history_is_capped() {
        let mut h = History::default();
        for i in 0..HISTORY_CAP + 10 {
            h.record(named(&i.to_string()), None, i as f64);
        }
        let mut steps = 0;
        let mut current = named("now");
        while let Some(previous) = h.undo(current.clone()) {
            current = previous;
            steps += 1;
        }
        assert_eq!(steps, HISTORY_CAP);
        assert_eq!(current, named("10"));
    }
}
