fn main() {
    let path = std::env::args().nth(1).expect("path");
    let text = std::fs::read_to_string(path).unwrap();
    let s = quotalab_engine::Scenario::parse_json(&text).unwrap_or_else(|e| panic!("{e}"));
    let r = quotalab_engine::simulate(&s);
    for e in &r.events {
        println!("{}", serde_json::to_string(e).unwrap());
    }
    for j in &r.jobs {
        println!(
            "{} {:?} {:?} msg={:?}",
            j.name, j.status, j.waited, j.pending_message
        );
    }
}
