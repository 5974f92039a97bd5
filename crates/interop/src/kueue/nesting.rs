//! A cheap look at Kueue YAML before the YAML parser sees it. Deeply nested flow collections
//! (`{a: {a: {a: ...}}}`) make the parser's time grow with the square of the depth, so a hostile
//! file of 500 KB would take minutes before failing. Kueue configuration nests a handful of
//! levels; this scan refuses anything nested deeper than [`MAX_DEPTH`], or larger than
//! [`MAX_BYTES`], in one linear pass.

/// Flow collections (`[...]`, `{...}`) and block indentation levels together, at most.
pub const MAX_DEPTH: usize = 64;
/// The largest Kueue file read: configuration for 20 queues is a few kilobytes.
pub const MAX_BYTES: usize = 4 * 1024 * 1024;

/// Why the text is refused before parsing: its size, or the line nested too deep.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NestingError {
    #[error(
        "the file is {bytes} bytes; Kueue configuration read here is at most {MAX_BYTES} bytes"
    )]
    TooLarge { bytes: usize },
    /// `line` counts from 1.
    #[error("line {line}: nested more than {MAX_DEPTH} levels deep; Kueue configuration nests only a few")]
    TooDeep { line: usize },
}

/// Why the text is refused, naming the line.
pub fn check(yaml: &str) -> Result<(), NestingError> {
    if yaml.len() > MAX_BYTES {
        return Err(NestingError::TooLarge { bytes: yaml.len() });
    }
    for (index, line) in yaml.lines().enumerate() {
        let indent = line.len() - line.trim_start_matches([' ', '-']).len();
        if indent / 2 > MAX_DEPTH {
            return Err(too_deep(index));
        }
    }
    let mut depth = 0usize;
    let mut line = 0usize;
    let mut quote: Option<char> = None;
    let mut chars = yaml.chars().peekable();
    let mut previous = '\n';
    while let Some(c) = chars.next() {
        if c == '\n' {
            line += 1;
        }
        match quote {
            Some('"') if c == '\\' => {
                chars.next();
            }
            Some(q) if c == q => {
                // '' inside a single-quoted scalar is an escaped quote.
                if q == '\'' && chars.peek() == Some(&'\'') {
                    chars.next();
                } else {
                    quote = None;
                }
            }
            Some(_) => {}
            None => match c {
                '#' if previous.is_whitespace() => {
                    while chars.peek().is_some_and(|&n| n != '\n') {
                        chars.next();
                    }
                }
                '"' | '\'' if depth > 0 || previous.is_whitespace() || previous == ':' => {
                    quote = Some(c)
                }
                '[' | '{' => {
                    depth += 1;
                    if depth > MAX_DEPTH {
                        return Err(too_deep(line));
                    }
                }
                ']' | '}' => depth = depth.saturating_sub(1),
                _ => {}
            },
        }
        previous = c;
    }
    Ok(())
}

/// `index` counts from 0.
fn too_deep(index: usize) -> NestingError {
    NestingError::TooDeep { line: index + 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_configuration_passes() {
        let yaml = "kind: ClusterQueue\nspec:\n  resourceGroups:\n  - coveredResources: [\"cpu\", 'it''s {not} nested']\n    flavors: [{name: a, resources: [{name: pods, nominalQuota: 2}]}] # {[\n";
        assert_eq!(check(yaml), Ok(()));
    }

    #[test]
    fn deep_flow_nesting_is_refused_with_its_line() {
        let yaml = format!(
            "a: 1\nb: {}{}",
            "{a: ".repeat(MAX_DEPTH + 1),
            "}".repeat(MAX_DEPTH + 1)
        );
        let error = check(&yaml).unwrap_err();
        assert_eq!(error, NestingError::TooDeep { line: 2 });
        assert_eq!(
            error.to_string(),
            format!("line 2: nested more than {MAX_DEPTH} levels deep; Kueue configuration nests only a few")
        );
        let yaml = format!("a: {}", "[".repeat(MAX_DEPTH));
        assert_eq!(check(&yaml), Ok(()));
    }

    #[test]
    fn deep_block_indentation_is_refused() {
        let yaml: String = (0..=MAX_DEPTH + 1)
            .map(|i| format!("{}k{i}:\n", "  ".repeat(i)))
            .collect();
        assert!(check(&yaml).is_err());
    }
}
