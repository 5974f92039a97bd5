fn main() {
    let path = std::env::args().nth(1).expect("path");
    let text = std::fs::read_to_string(path).unwrap();
    let s = quotalab_engine::Scenario::parse_json(&text).unwrap_or_else(|e| panic!("{e}"));
    let t = std::time::Instant::now();
    let r = quotalab_engine::simulate_without_events(&s);
    eprintln!(
        "simulated in {:.3} s, {} jobs, end {:.1} h",
        t.elapsed().as_secs_f64(),
        r.jobs.len(),
        r.end_h
    );
    if std::env::var("QUIET").is_ok() {
        return;
    }
    for j in &r.jobs {
        println!(
            "{} {:?} {:?} msg={:?}",
            j.name, j.status, j.waited, j.pending_message
        );
    }
}
