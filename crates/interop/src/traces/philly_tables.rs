//! The two lookup tables of a Philly import: Gavel's isolated throughputs (GPU type, job type,
//! scale factor to steps per second) and the VCs' node counts. Both are read with the row reader's
//! table loop, so their bad rows are reported like a trace's (docs/TRACES.md, "Philly").

use super::table::{self, RowError};
use super::window::RowBad;
use super::window::TraceReader;
use super::TraceFile;
use crate::rows::lines;
use std::collections::HashMap;

/// The throughput table's scale factors; larger jobs are extrapolated linearly from the largest.
const TABLE_SCALES: [u32; 4] = [1, 2, 4, 8];

/// Gavel's isolated throughputs: (GPU type, job type, scale factor) to steps per second.
#[derive(Debug, Default)]
pub struct Throughputs(HashMap<(String, String, u32), f64>);

impl Throughputs {
    pub fn read<'a>(
        file: &TraceFile<'a>,
        reader: &mut TraceReader<'a>,
    ) -> Result<Self, RowBad<'a>> {
        let rows = reader.table(lines(file.name, file.text, None, 1), |text| {
            let f = table::csv_row(
                text,
                4,
                "4 columns (worker_type, job_type, scale_factor, isolated_throughput_steps_per_s)",
            )?;
            let scale: u32 = table::number(&f[2], "scale_factor")?;
            let steps = table::real(&f[3], "isolated_throughput_steps_per_s")?;
            if steps < 0.0 {
                return Err(RowError::OutOfRange {
                    column: "isolated_throughput_steps_per_s",
                    allowed: "0 or more",
                });
            }
            let key = (
                f[0].trim().to_ascii_lowercase(),
                f[1].trim().to_string(),
                scale,
            );
            // Gavel writes 0.0 where a job type cannot run at that scale on that GPU.
            Ok((steps > 0.0).then_some((key, steps)))
        })?;
        Ok(Throughputs(rows.into_iter().collect()))
    }

    /// Whether the table has any row for this GPU type.
    pub fn knows(&self, gpu: &str) -> bool {
        self.0.keys().any(|(g, _, _)| g.eq_ignore_ascii_case(gpu))
    }

    /// Steps per second of `job_type` on `gpu` with `scale` GPUs: the table's value at the largest
    /// listed scale not above `scale`, times `scale / that scale` (linear, ours). Job types with
    /// only a scale-1 entry scale linearly from it.
    pub fn steps_per_s(&self, gpu: &str, job_type: &str, scale: u32) -> Option<f64> {
        TABLE_SCALES
            .iter()
            .rev()
            .filter(|&&s| s <= scale)
            .find_map(|&s| {
                self.0
                    .get(&(gpu.to_string(), job_type.to_string(), s))
                    .map(|t| t * f64::from(scale) / f64::from(s))
            })
    }
}

/// Node counts per VC from `philly_vc_nodes.csv`.
pub fn nodes<'a>(
    file: &TraceFile<'a>,
    reader: &mut TraceReader<'a>,
) -> Result<HashMap<String, u32>, RowBad<'a>> {
    let rows = reader.table(lines(file.name, file.text, None, 1), |text| {
        let f = table::csv_row(text, 2, "2 columns (vc, node num)")?;
        let n = table::number::<u32>(&f[1], "node num")?;
        Ok(Some((f[0].trim().to_string(), n)))
    })?;
    Ok(rows.into_iter().collect())
}
