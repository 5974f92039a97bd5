//! An SWF log's header: the `; Key: value` comment lines before the jobs. The import reads the
//! machine's size (`MaxProcs`) and describes the log's source from the header's own words, since
//! a log in this format may come from anywhere, not only the Parallel Workloads Archive.

/// The header fields the import uses.
#[derive(Debug, Default, PartialEq)]
pub struct Header {
    pub max_procs: Option<u32>,
    /// `Computer`, `Installation`, `Acknowledge`, `Information`, `Conversion`, as written.
    pub source: Vec<(&'static str, String)>,
}

/// The fields that say where a log comes from, in the order they are described.
const SOURCE_KEYS: [&str; 5] = [
    "Computer",
    "Installation",
    "Acknowledge",
    "Information",
    "Conversion",
];

impl Header {
    pub fn of(text: &str) -> Header {
        let mut header = Header::default();
        for line in text.lines() {
            let Some(comment) = line.trim().strip_prefix(';') else {
                continue;
            };
            let Some((key, value)) = comment.split_once(':') else {
                continue;
            };
            let (key, value) = (key.trim(), value.trim());
            if key == "MaxProcs" {
                header.max_procs = header.max_procs.or(value.parse().ok());
            } else if let Some(k) = SOURCE_KEYS.iter().find(|k| **k == key) {
                if !value.is_empty() && !header.source.iter().any(|(s, _)| s == k) {
                    header.source.push((k, value.to_string()));
                }
            }
        }
        header
    }

    /// The source in words: `computer "Intel iPSC/860", installation "NASA Ames Research
    /// Center"`, or that the header names none.
    pub fn describe(&self) -> String {
        if self.source.is_empty() {
            return "its header names no source".into();
        }
        self.source
            .iter()
            .map(|(k, v)| format!("{} \"{v}\"", k.to_ascii_lowercase()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_source_is_the_headers_own_words() {
        let header = Header::of("; Computer: Intel iPSC/860\n; Installation: NASA Ames\n;   more\n; MaxProcs: 128\n1 2 3\n");
        assert_eq!(header.max_procs, Some(128));
        assert_eq!(
            header.describe(),
            "computer \"Intel iPSC/860\", installation \"NASA Ames\""
        );
        assert_eq!(
            Header::of("1 2 3\n").describe(),
            "its header names no source"
        );
    }
}
