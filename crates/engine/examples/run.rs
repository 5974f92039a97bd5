fn main() {
    let path = std::env::args().nth(1).expect("path");
    let text = std::fs::read_to_string(path).unwrap();
    let s = quotalab_engine::Scenario::from_json(&text).unwrap_or_else(|e| panic!("{e}"));
    let r = quotalab_engine::simulate(&s);
    for j in &r.jobs {
        println!(
            "{:16} {:10} {:?} start={:?} end={:?} pre={} lost={:.2} cost={:.2} waited={:?}",
            j.name,
            j.status,
            j.reason,
            j.first_start_h,
            j.end_h,
            j.preemptions,
            j.lost_h,
            j.cost,
            j.waited
        );
    }
    for s in &r.shares {
        println!("{:?}", s);
    }
}
