//! Reading an import's files: a PATH may be a file or a directory of them.

use crate::failure::Failure;
use std::path::{Path, PathBuf};

/// A file, or the files of a directory (recursively) with one of `extensions`, sorted.
pub fn expand(path: &Path, extensions: &[&str]) -> Result<Vec<PathBuf>, Failure> {
    if !path.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut out = Vec::new();
    let entries = std::fs::read_dir(path)
        .map_err(|e| Failure::Other(format!("cannot read {}: {e}", path.display())))?;
    for entry in entries {
        let p = entry
            .map_err(|e| Failure::Other(format!("cannot read {}: {e}", path.display())))?
            .path();
        if p.is_dir() {
            out.extend(expand(&p, extensions)?);
        } else if p
            .extension()
            .and_then(|x| x.to_str())
            .is_some_and(|x| extensions.contains(&x))
        {
            out.push(p);
        }
    }
    out.sort();
    Ok(out)
}

pub fn read(path: &Path) -> Result<String, Failure> {
    std::fs::read_to_string(path)
        .map_err(|e| Failure::Other(format!("cannot read {}: {e}", path.display())))
}
