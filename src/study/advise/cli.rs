//! The `quotalab advise` command line that runs the Advise view's search on the file "Export"
//! saves (docs/ADVISOR.md, "The command line"), for searches too large for the browser or for a
//! batch system. The exported file carries the `advise` field already; the options spell the
//! search out anyway, so the line says what it runs and works on any file of the same agreement.

use crate::components::scenario_files::export_file_name;
use crate::state::workspace::Workspace;
use quotalab_engine::study::advise::AdviseSpec;

/// `word` quoted for a POSIX shell: targets hold `<`, `>` and `*`, names may hold anything.
fn quoted(word: &str) -> String {
    format!("'{}'", word.replace('\'', r"'\''"))
}

/// The command line of `spec` on `workspace`'s exported file, with the workspace's seeds.
pub fn cli_command(workspace: &Workspace, spec: &AdviseSpec) -> String {
    let mut words = vec![
        "quotalab advise".to_owned(),
        quoted(&export_file_name(workspace)),
    ];
    words.extend(
        spec.targets
            .iter()
            .map(|t| format!("--target {}", quoted(t))),
    );
    for budget in &spec.budgets {
        let amount = match &budget.share {
            Some(share) => format!("{share}:{}", budget.max),
            None => budget.max.to_string(),
        };
        words.push(format!("--budget {}", quoted(&amount)));
    }
    let rules = workspace.variants[0].rules;
    let knobs: Vec<String> = spec.knobs(rules).iter().map(|k| k.name()).collect();
    words.push(format!("--vary {}", quoted(&knobs.join(","))));
    for max in &spec.capacity_max {
        words.push(format!(
            "--max-capacity {}",
            quoted(&format!("{}={}", max.instance_type, max.count))
        ));
    }
    words.push(format!("--seeds {}", workspace.settings.seeds));
    if let Some(seed) = spec.seed {
        words.push(format!("--seed {seed}"));
    }
    if let Some(starts) = spec.starts {
        words.push(format!("--starts {starts}"));
    }
    if let Some(n) = spec.max_simulations {
        words.push(format!("--max-simulations {n}"));
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::default_scenario;
    use quotalab_engine::study::advise::{Budget, Knob};

    #[test]
    fn the_command_spells_out_targets_budgets_and_knobs_quoted_for_the_shell() {
        let scenario = default_scenario();
        let mut workspace = Workspace::single(scenario);
        workspace.settings.seeds = 10;
        let mut spec = AdviseSpec::new(vec!["*:wait_below_threshold>=0.9".into()]);
        spec.targets.push("o'brien:cost<=10".into());
        spec.budgets.push(Budget {
            share: None,
            max: 250.0,
        });
        spec.vary = Some(vec![Knob::Limits, Knob::Capacity]);
        spec.starts = Some(2);
        assert_eq!(
            cli_command(&workspace, &spec),
            "quotalab advise 'three-teams-share-a-g5-pool.json' \
             --target '*:wait_below_threshold>=0.9' --target 'o'\\''brien:cost<=10' \
             --budget '250' --vary 'limits,capacity' --seeds 10 --starts 2"
        );
    }
}
