//! A minute of a monkey in the real window (scripts/monkey.py): random clicks, keys, resizes and menu
//! use against the binary this test build made, under Xvfb. It must not panic, log an ERROR or lose
//! the autosave (killed at the end, `--continue` must bring back what was saved). The seed is fixed
//! so a failure can be replayed; `TENGEN_MONKEY_SEED` tries another.

use std::path::Path;
use std::process::Command;

#[test]
fn a_minute_of_random_play_in_the_real_window_breaks_nothing() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/monkey.py");
    let seed = std::env::var("TENGEN_MONKEY_SEED").unwrap_or_else(|_| "1".to_owned());
    let shots = env!("CARGO_TARGET_TMPDIR");
    let run = Command::new("python3")
        .arg(&script)
        .args(["--binary", env!("CARGO_BIN_EXE_tengen")])
        .args(["--seconds", "60", "--seed", &seed, "--shots", shots])
        .output()
        .expect("cannot run python3 (install the `python3` package)");
    let printed = String::from_utf8_lossy(&run.stdout);
    println!("{printed}{}", String::from_utf8_lossy(&run.stderr));
    assert!(run.status.success(), "the monkey found a fault:\n{printed}");
    assert!(
        printed.contains("monkey: passed"),
        "the monkey did not finish:\n{printed}"
    );
}
