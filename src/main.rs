//! Entry point of the wasm binary: it only mounts the app (everything testable is in lib.rs).

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(quotalab_app::App);
}
