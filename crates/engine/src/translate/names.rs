//! Kubernetes names made from Quota Lab's free-text names (docs/FORMAT.md, "Conventions": any
//! text of 1 to 128 characters). The translation names its Cohort after the scenario with
//! [`dns_label`]; the Kueue YAML export writes every object under such a name and keeps the
//! original beside it, so an import restores it.

/// A DNS-1123 label (what Kubernetes requires of a namespace, and Kueue of a cohort's name
/// segment): lowercase letters, digits and `-`, starting and ending with a letter or digit, at
/// most 63 characters. Other characters become `-` (one for a run of them); `None` when nothing
/// is left.
pub fn dns_label(text: &str) -> Option<String> {
    let mapped: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let mut collapsed = String::with_capacity(mapped.len());
    for c in mapped.chars() {
        if !(c == '-' && collapsed.ends_with('-')) {
            collapsed.push(c);
        }
    }
    let trimmed: String = collapsed.trim_matches('-').chars().take(63).collect();
    let out = trimmed.trim_end_matches('-');
    (!out.is_empty()).then(|| out.to_string())
}

/// A DNS-1123 subdomain (what Kubernetes requires of most object names): labels of
/// [`dns_label`]'s characters joined by dots, at most 253 characters, so `ml.g5.xlarge` stays as
/// it is. `None` when nothing is left.
pub fn dns_subdomain(text: &str) -> Option<String> {
    let labels: Vec<String> = text.split('.').filter_map(dns_label).collect();
    let joined = labels.join(".");
    let clipped: String = joined.chars().take(253).collect();
    let out = clipped.trim_end_matches(['-', '.']);
    (!out.is_empty()).then(|| out.to_string())
}

/// Whether `name` is already a DNS-1123 subdomain, so that it can be written as it is.
pub fn is_dns_subdomain(name: &str) -> bool {
    dns_subdomain(name).as_deref() == Some(name)
}

/// Whether `name` is already a DNS-1123 label.
pub fn is_dns_label(name: &str) -> bool {
    dns_label(name).as_deref() == Some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_lowercase_and_trimmed() {
        assert_eq!(dns_label("  Team_A! ").as_deref(), Some("team-a"));
        assert_eq!(
            dns_label("Two teams share 3 g5").as_deref(),
            Some("two-teams-share-3-g5")
        );
        assert_eq!(dns_label("!!!"), None);
        assert_eq!(dns_label(&"a".repeat(70)).map(|l| l.len()), Some(63));
    }

    #[test]
    fn subdomains_keep_dots_between_labels() {
        assert_eq!(
            dns_subdomain("ml.g5.xlarge").as_deref(),
            Some("ml.g5.xlarge")
        );
        assert_eq!(dns_subdomain("Team A/B..x").as_deref(), Some("team-a-b.x"));
        assert!(is_dns_subdomain("ml.p4d.24xlarge-spot"));
        assert!(!is_dns_subdomain("Team A"));
        assert!(is_dns_label("research"));
        assert!(!is_dns_label("ml.g5.xlarge"));
    }
}
