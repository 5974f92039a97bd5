//! Job mixes: turning `job_mixes` into concrete jobs named `<mix>-<k>`.
//!
//! Arrivals and durations come from two streams per mix, seeded by the scenario seed and the mix
//! name (SEMANTICS §3), so changing a mix's duration distribution keeps its arrival times, and
//! changing one mix leaves the others untouched. Generated times are rounded to the second, the
//! engine's unit, so the jobs a user sees are exactly the jobs that run.

use crate::result::Text;
use crate::rng::{Purpose, Stream};
use crate::scenario::{Arrivals, DurationDistribution, DurationSpec, JobMix, JobSpec, Scenario};
use crate::time::{hours, seconds};

/// How many jobs a mix generates.
pub fn mix_count(mix: &JobMix) -> u64 {
    match (&mix.arrivals, mix.count) {
        (Arrivals::Listed(listed), None) => listed.at_h.len() as u64,
        (_, count) => u64::from(count.unwrap_or(0)),
    }
}

/// How many jobs the scenario holds, explicit and generated.
pub fn job_count(scenario: &Scenario) -> u64 {
    scenario.jobs.len() as u64 + scenario.job_mixes.iter().map(mix_count).sum::<u64>()
}

/// How many bytes the names of all the scenario's jobs take together, explicit and generated.
pub fn names_len(scenario: &Scenario) -> u64 {
    let explicit: u64 = scenario.jobs.iter().map(|j| j.name.len() as u64).sum();
    let generated: u64 = (scenario.job_mixes.iter())
        .map(|mix| generated_names_len(&mix.name, mix_count(mix)))
        .sum();
    explicit + generated
}

/// The name of the `k`-th job (from 1) a mix called `mix` generates: `<mix>-<k>`.
pub fn generated_name(mix: &str, k: u64) -> String {
    let mut name = String::with_capacity(mix.len() + 21);
    push_generated_name(&mut name, mix, k);
    name
}

/// How many bytes the names of a mix's first `count` jobs take together, `<mix>-1` to
/// `<mix>-<count>`: what the engine reserves for them, so the one string of a run's names is
/// never grown by doubling (which for a moment held the old and the new buffer).
fn generated_names_len(mix: &str, count: u64) -> u64 {
    let mut digits = 0u64;
    let mut from = 1u64;
    let mut width = 1u64;
    while from <= count {
        let to = from.saturating_mul(10).saturating_sub(1).min(count);
        digits += (to - from + 1) * width;
        if to == count {
            break;
        }
        from = to + 1;
        width += 1;
    }
    count * (mix.len() as u64 + 1) + digits
}

/// Appends [`generated_name`]`(mix, k)` to `out`. The engine writes every generated job's name
/// into one string with it: through `format!`, a name per job was an allocation and a pass of
/// the formatting machinery, 2% of a 10,000-job run (docs/PERFORMANCE.md, "Generated jobs
/// compiled once per mix").
pub fn push_generated_name(out: &mut String, mix: &str, k: u64) {
    out.push_str(mix);
    out.push('-');
    out.extend(Digits::of(k).map(char::from));
}

/// A number's decimal digits as `format!` writes them, most significant first, without writing
/// them out: the engine's names and the result's job columns (`result::columns::names`) spell a
/// generated name's number with it.
pub(crate) struct Digits {
    number: u64,
    place: u64,
}

impl Digits {
    pub(crate) fn of(number: u64) -> Digits {
        Digits {
            number,
            place: 10u64.pow(digit_count(number) - 1),
        }
    }
}

impl Iterator for Digits {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.place == 0 {
            return None;
        }
        let digit = (self.number / self.place % 10) as u8;
        self.place /= 10;
        Some(b'0' + digit)
    }
}

/// How many decimal digits `number` is written with.
pub(crate) fn digit_count(number: u64) -> u32 {
    number.checked_ilog10().map_or(1, |log| log + 1)
}

/// How a job called `name` would read as a generated one ([`generated_name`] read back), `<mix>-<k>`: the part before its last
/// `-` and the number after it, when that number is written as `format!` writes a positive
/// number (digits, no leading zero). The number has no `-` of its own, so this is the one way to
/// read it: validation answers "is there a job called…" and "does a mix's name clash with a
/// job's" with it, without writing out every generated name (docs/PERFORMANCE.md, "Validation
/// no longer writes out the generated names").
pub fn generated_as(name: &str) -> Option<(&str, u64)> {
    let (mix, k) = name.rsplit_once('-')?;
    Some((mix, generated_number(k)?))
}

/// The number of the job called `name` when it reads as one the mix called `mix` generates:
/// [`generated_as`] for a mix known beforehand, which the job columns ask of every job
/// (`result::columns::names`).
pub fn generated_number_in(name: &str, mix: &str) -> Option<u64> {
    generated_number(name.strip_prefix(mix)?.strip_prefix('-')?)
}

/// `k` as a number, when it is written as `format!` writes a positive number.
fn generated_number(k: &str) -> Option<u64> {
    if k.is_empty() || k.starts_with('0') {
        return None;
    }
    // A number too large for u64 is more than any mix makes: it reads as u64::MAX.
    k.bytes().try_fold(0u64, |n, b| {
        b.is_ascii_digit()
            .then(|| n.saturating_mul(10).saturating_add(u64::from(b - b'0')))
    })
}

/// The scenario's explicit jobs followed by each mix's generated jobs, in scenario order.
pub fn all_jobs(scenario: &Scenario) -> Vec<JobSpec> {
    let mut jobs = scenario.jobs.to_vec();
    for mix in &scenario.job_mixes {
        jobs.extend(expand(scenario.seed, mix));
    }
    jobs
}

/// The jobs one mix generates.
pub fn expand(seed: u64, mix: &JobMix) -> Vec<JobSpec> {
    let share = mix.share.as_deref().map(Text::from);
    draws(seed, mix)
        .map(|draw| {
            JobSpec::from_attributes(
                generated_name(&mix.name, draw.number),
                share.clone(),
                draw.submit_h,
                draw.duration_h,
                &mix.template,
            )
        })
        .collect()
}

/// What a mix draws for one job; the rest of the job is the mix's template, and its name is
/// its mix's and its number ([`generated_name`]), written by whoever needs it as text.
pub(crate) struct Draw {
    /// The job's number in its mix, from 1.
    pub number: u64,
    pub submit_h: f64,
    pub duration_h: f64,
}

/// The draws of one mix's jobs, in order. The engine compiles them against the template
/// directly, without a copy of the template per job.
pub(crate) fn draws(seed: u64, mix: &JobMix) -> impl Iterator<Item = Draw> + '_ {
    let count = mix_count(mix);
    let mut arrivals = Stream::new(seed, Purpose::JobMix, &format!("{}/arrivals", mix.name));
    let mut durations = Stream::new(seed, Purpose::JobMix, &format!("{}/durations", mix.name));
    let mut clock = match &mix.arrivals {
        Arrivals::Poisson(p) => p.start_h,
        Arrivals::Periodic(p) => p.start_h,
        Arrivals::Listed(_) => 0.0,
    };
    (0..count).map(move |k| {
        let submit_h = match &mix.arrivals {
            Arrivals::Poisson(p) => {
                clock += arrivals.exponential(p.poisson_per_h);
                clock
            }
            Arrivals::Periodic(p) => p.start_h + k as f64 * p.every_h,
            Arrivals::Listed(listed) => listed.at_h.get(k as usize).copied().unwrap_or(0.0),
        };
        let duration_h = draw_duration(&mix.duration_h, &mut durations);
        Draw {
            number: k + 1,
            submit_h: to_second(submit_h),
            duration_h: to_second(duration_h).max(hours(1)),
        }
    })
}

fn draw_duration(spec: &DurationSpec, stream: &mut Stream) -> f64 {
    match spec {
        DurationSpec::Fixed(h) => *h,
        DurationSpec::Distribution(DurationDistribution::Uniform { min_h, max_h }) => {
            min_h + (max_h - min_h) * stream.uniform()
        }
        DurationSpec::Distribution(DurationDistribution::Lognormal { median_h, p90_h }) => {
            stream.lognormal(*median_h, *p90_h)
        }
    }
}

fn to_second(h: f64) -> f64 {
    hours(seconds(h.min(crate::time::MAX_TIME_H)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mix(json: &str) -> JobMix {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn periodic_mix_names_and_times() {
        let m = mix(
            r#"{"name":"ev","count":3,"arrivals":{"every_h":2,"start_h":1},"duration_h":1.5,
                       "template":{"instance_count":1,"preferences":[{"instance_type":"ml.g5.xlarge"}]}}"#,
        );
        let jobs = expand(7, &m);
        let got: Vec<(String, f64)> = jobs.iter().map(|j| (j.name.clone(), j.submit_h)).collect();
        assert_eq!(
            got,
            vec![
                ("ev-1".into(), 1.0),
                ("ev-2".into(), 3.0),
                ("ev-3".into(), 5.0)
            ]
        );
        assert!(jobs.iter().all(|j| j.duration_h == 1.5));
    }

    #[test]
    fn changing_durations_keeps_arrivals() {
        let a = mix(
            r#"{"name":"m","count":5,"arrivals":{"poisson_per_h":2},"duration_h":1,
                       "template":{"instance_count":1,"preferences":[{"instance_type":"ml.g5.xlarge"}]}}"#,
        );
        let mut b = a.clone();
        b.duration_h = DurationSpec::Distribution(DurationDistribution::Uniform {
            min_h: 1.0,
            max_h: 3.0,
        });
        let times = |m: &JobMix| expand(1, m).iter().map(|j| j.submit_h).collect::<Vec<_>>();
        assert_eq!(times(&a), times(&b));
    }

    #[test]
    fn a_generated_name_reads_back_as_its_mix_and_number_one_way_only() {
        assert_eq!(generated_as("bg-train-12"), Some(("bg-train", 12)));
        for not_generated in ["bg", "bg-", "bg-0", "bg-07", "bg-1x", "bg-+1", "bg- 1"] {
            assert_eq!(generated_as(not_generated), None, "{not_generated}");
        }
        assert_eq!(
            generated_as("bg-18446744073709551616"),
            Some(("bg", u64::MAX))
        );
        // With the mix known, the same reading.
        let names = [
            "bg-train-12",
            "bg-train-1x",
            "bg-12",
            "bg-train-",
            "bg-train-0",
            "x",
        ];
        for name in names {
            for mix in ["bg-train", "bg", "x", ""] {
                assert_eq!(
                    generated_number_in(name, mix),
                    generated_as(name)
                        .filter(|&(m, _)| m == mix)
                        .map(|(_, k)| k),
                    "{name} of {mix}"
                );
            }
        }
        assert_eq!(generated_name("bg", 12), "bg-12");
    }

    #[test]
    fn the_names_length_of_a_mix_is_the_sum_of_its_names() {
        for count in [0, 1, 9, 10, 11, 99, 100, 101, 12_345] {
            let written: usize = (1..=count).map(|k| generated_name("gpu", k).len()).sum();
            assert_eq!(generated_names_len("gpu", count), written as u64, "{count}");
        }
        // Ten million names, counted by the width of their numbers: 9 of one digit, 90 of two,
        // and so on, and 10,000,000 itself; each with its `-`.
        let digits =
            9 + 90 * 2 + 900 * 3 + 9_000 * 4 + 90_000 * 5 + 900_000 * 6 + 9_000_000 * 7 + 8;
        assert_eq!(generated_names_len("", 10_000_000), 10_000_000 + digits);
        // Every number of up to seventeen digits, far past any run.
        let count = 10u64.pow(17) - 1;
        let digits: u64 = (1..=17).map(|w| 9 * 10u64.pow(w - 1) * u64::from(w)).sum();
        assert_eq!(generated_names_len("bg", count), count * 3 + digits);
    }

    #[test]
    fn the_names_length_of_every_bundled_scenario_is_that_of_its_jobs_names() {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
        let mut read = 0;
        for file in std::fs::read_dir(folder).unwrap() {
            let text = std::fs::read_to_string(file.unwrap().path()).unwrap();
            let scenario = Scenario::from_json(&text).unwrap();
            let written: usize = all_jobs(&scenario).iter().map(|j| j.name.len()).sum();
            assert_eq!(names_len(&scenario), written as u64, "{}", scenario.name);
            read += 1;
        }
        assert!(read >= 10, "the bundled scenarios were not found");
    }

    #[test]
    fn a_generated_name_is_written_as_format_writes_it() {
        for k in [
            0,
            1,
            9,
            10,
            99,
            100,
            12_345,
            1_000_000,
            u64::from(u32::MAX),
            u64::from(u32::MAX) + 1,
            10u64.pow(19),
            u64::MAX,
        ] {
            assert_eq!(generated_name("bg-train", k), format!("bg-train-{k}"));
        }
        let mut out = String::from("a|");
        push_generated_name(&mut out, "", 7);
        assert_eq!(out, "a|-7");
    }
}
