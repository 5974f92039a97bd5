//! Kubernetes names made from Quota Lab's free-text names (docs/FORMAT.md, "Conventions": any
//! text of 1 to 128 characters). The translation names its Cohort after the scenario with
//! [`dns_label`]; the Kueue YAML export writes every object under such a name and keeps the
//! original beside it, so an import restores it.

/// A DNS-1123 label (what Kubernetes requires of a namespace, and Kueue of a cohort's name
/// segment): lowercase letters, digits and `-`, starting and ending with a letter or digit, at
/// most 63 characters. Other characters become `-` (one for a run of them); `None` when nothing
/// is left.
pub fn dns_label(text: &str) -> Option<String> {
    let slug = slug(text, |c| c.is_ascii_alphanumeric());
    let clipped: String = slug.chars().take(63).collect();
    let out = clipped.trim_end_matches('-');
    (!out.is_empty()).then(|| out.to_string())
}

/// `text` with the characters `keep` takes in lowercase, every run of the others made one
/// `-`, and no `-` at either end: a name made from free text, for a Kubernetes object here and
/// for a file the app writes. Empty when `keep` takes none of it.
pub fn slug(text: &str, keep: impl Fn(char) -> bool) -> String {
    let mut slug = String::with_capacity(text.len());
    for c in text.chars() {
        if keep(c) {
            slug.extend(c.to_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let kept = slug.trim_end_matches('-').len();
    slug.truncate(kept);
    slug
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
    fn a_slug_keeps_what_it_is_told_and_joins_the_rest_with_one_dash() {
        assert_eq!(
            slug(" -Équipe  A / GPU!- ", char::is_alphanumeric),
            "équipe-a-gpu"
        );
        assert_eq!(
            slug(" -Équipe  A / GPU!- ", |c| c.is_ascii_alphanumeric()),
            "quipe-a-gpu"
        );
        assert_eq!(slug("!?", char::is_alphanumeric), "");
    }

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
