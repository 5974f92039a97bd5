//! Turning Quota Lab's free-text names (docs/FORMAT.md: up to 128 characters, any text) into the
//! names AWS and Kubernetes accept, keeping them unique. The exports also carry the original name
//! (an AWS tag, a Kubernetes annotation), so an import gives back exactly what was exported.

use quotalab_engine::translate::names::{dns_label, dns_subdomain};
use std::collections::HashSet;

/// AWS Batch names: letters, digits, `-` and `_`, 1 to 128 characters.
pub fn aws(name: &str, taken: &mut HashSet<String>) -> String {
    let mut out: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .take(128)
        .collect();
    if out.is_empty() {
        out.push('x');
    }
    unique(out, 128, taken)
}

/// A Kubernetes DNS-1123 label (namespaces), unique among `taken`.
pub fn k8s_label(name: &str, taken: &mut HashSet<String>) -> String {
    let base = dns_label(name).unwrap_or_else(|| "x".to_string());
    unique(base, 63, taken)
}

/// A Kubernetes DNS-1123 subdomain (dots allowed: most object names, so that `ml.g5.xlarge`
/// keeps its name), unique among `taken`.
pub fn k8s_subdomain(name: &str, taken: &mut HashSet<String>) -> String {
    let base = dns_subdomain(name).unwrap_or_else(|| "x".to_string());
    unique(base, 253, taken)
}

/// Appends `-2`, `-3`, ... until the name is not taken, keeping within `max` characters.
fn unique(base: String, max: usize, taken: &mut HashSet<String>) -> String {
    if taken.insert(base.clone()) {
        return base;
    }
    for k in 2.. {
        let suffix = format!("-{k}");
        let keep = max.saturating_sub(suffix.len());
        let candidate = format!("{}{suffix}", base.chars().take(keep).collect::<String>());
        if taken.insert(candidate.clone()) {
            return candidate;
        }
    }
    unreachable!("some suffix is always free")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aws_names_keep_safe_characters_and_stay_unique() {
        let mut taken = HashSet::new();
        assert_eq!(aws("team a/b", &mut taken), "team-a-b");
        assert_eq!(aws("team a-b", &mut taken), "team-a-b-2");
    }

    #[test]
    fn kubernetes_labels_are_lowercase_and_trimmed() {
        let mut taken = HashSet::new();
        assert_eq!(k8s_label("  Team_A! ", &mut taken), "team-a");
        assert_eq!(k8s_subdomain("ml.g5.xlarge", &mut taken), "ml.g5.xlarge");
    }
}
