//! `quotalab import kueue FILE.yaml [--from-state] [--default-runtime H] [--rules aws|kueue]`:
//! a Kueue cluster's YAML (`kubectl get ... -o yaml`, or `quotalab export kueue`) as a scenario
//! under Kueue's rules that keeps every field, or with `--rules aws` its translation to AWS quota
//! shares (docs/KUEUE-TRANSLATION.md), whose notes on stderr say what AWS cannot state.

use super::files::read;
use crate::args::{Output, RulesArg};
use crate::failure::Failure;
use quotalab_engine::time::MAX_TIME_H;
use quotalab_engine::Scenario;
use quotalab_interop::kueue::{import_for_rules, ImportOptions, DEFAULT_RUNTIME_H};
use std::path::Path;

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  quotalab import kueue cluster.yaml -o cluster.json\n  \
                        quotalab import kueue cluster.yaml --from-state --default-runtime 4\n  \
                        quotalab import kueue agreement.yaml --rules aws -o shares.json"
)]
pub struct Args {
    /// The YAML file: Kueue objects and Workloads, several documents or a kind: List
    #[arg(value_name = "FILE.yaml")]
    path: String,
    /// Read the cluster as it is: Workloads admitted now hold their flavors from hour 0,
    /// finished ones are left out (without it every Workload is replayed from its creation)
    #[arg(long)]
    from_state: bool,
    /// Hours a Workload runs when neither maximumExecutionTimeSeconds nor its end says
    #[arg(long, value_name = "H", default_value_t = DEFAULT_RUNTIME_H)]
    default_runtime: f64,
    /// Write the scenario for these rules: kueue keeps every Kueue field, aws translates to
    /// quota shares and lists what is lost on stderr
    #[arg(long, value_enum, default_value = "kueue")]
    rules: RulesArg,
    /// Write the scenario even when it does not validate, listing the problems
    #[arg(long)]
    keep_going: bool,
    #[command(flatten)]
    pub output: Output,
}

pub fn import(args: &Args) -> Result<Scenario, Failure> {
    let h = args.default_runtime;
    if !(h.is_finite() && h > 0.0 && h <= MAX_TIME_H) {
        return Err(Failure::Usage(format!(
            "--default-runtime must be a number of hours above 0 and at most {MAX_TIME_H}, got {h}"
        )));
    }
    let text = read(Path::new(&args.path))?;
    let options = ImportOptions {
        from_state: args.from_state,
        default_runtime_h: h,
    };
    let result = import_for_rules(&text, &options, args.rules.into());
    super::config_result(result, args.keep_going)
}
