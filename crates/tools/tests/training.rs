//! The learned table's pipeline end to end, for renju: `tengen-selfplay --rule renju` writes renju
//! samples, and `tengen-train` fits a table to them that the engine can read. Node budgets and
//! seeds, so the run is the same on any machine. A rule without a table is refused in plain words.
//! Freestyle runs the threat-table options.

mod support;

use support::{folder, run, stderr_of_failure, stdout_of};
use tengen_engine::{
    LearnedTable, NOT_A_SAMPLE, PATTERNS, Pos, Rule, Sample, THREAT_MASKS, read_games,
    read_line_ends, read_samples, samples_header, weights_hash,
};

#[test]
fn renju_self_play_trains_a_renju_table() {
    let dir = folder("training", "renju");
    let data = dir.join("renju.bin");
    let table = dir.join("eval-renju.bin");
    let data_arg = data.to_str().expect("a UTF-8 path");
    let said = stdout_of(&run(
        env!("CARGO_BIN_EXE_tengen-selfplay"),
        &[
            "--rule", "renju", "--games", "6", "--nodes", "300", "--seed", "1", "--out", data_arg,
        ],
    ));
    assert!(said.starts_with("6 games"), "{said}");
    let samples = read_samples(&std::fs::read(&data).expect("the samples file")).expect("readable");
    assert_eq!(samples.rule, Rule::Renju);
    assert!(
        samples.samples.len() >= 20,
        "{} samples",
        samples.samples.len()
    );

    let said = stdout_of(&run(
        env!("CARGO_BIN_EXE_tengen-train"),
        &[
            data_arg,
            "--steps",
            "20",
            "--out",
            table.to_str().expect("a UTF-8 path"),
        ],
    ));
    assert!(said.starts_with("Renju: "), "{said}");
    let trained = LearnedTable::parse(&std::fs::read(&table).expect("the table")).expect("parses");
    assert_eq!(trained.values.len(), PATTERNS);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn another_rule_is_refused_in_plain_words() {
    let dir = folder("training", "standard");
    let data = dir.join("standard.bin");
    // A samples header that claims the exact-five rule (code 1), which has no table.
    std::fs::write(&data, b"TGSP\x01\x00\x0f\x01").expect("write");
    let output = run(
        env!("CARGO_BIN_EXE_tengen-train"),
        &[
            data.to_str().expect("a UTF-8 path"),
            "--out",
            dir.join("x.bin").to_str().expect("a UTF-8 path"),
        ],
    );
    let said = stderr_of_failure(&output);
    assert!(
        said.contains("only 15×15 freestyle (0) and renju (2)"),
        "{said}"
    );
    assert!(!dir.join("x.bin").exists());
    // Self-play refuses the rule before playing a game.
    let output = run(
        env!("CARGO_BIN_EXE_tengen-selfplay"),
        &[
            "--rule",
            "standard",
            "--out",
            data.to_str().expect("a UTF-8 path"),
        ],
    );
    let said = stderr_of_failure(&output);
    assert!(
        said.contains("no learned table is made for Standard rules"),
        "{said}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// `tengen-selfplay --learned --weights FILE` makes data with another table than the embedded one
/// (a new net's data without a rebuild), and refuses a damaged file before it plays.
#[test]
fn self_play_takes_a_weights_file() {
    let dir = folder("training", "weights");
    let path = |name: &str| dir.join(name).to_str().expect("a UTF-8 path").to_owned();
    let round_4 = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/weights/eval-v4.bin");
    let play = |out: &str, weights: Option<&str>| {
        let mut args = vec!["--learned", "--games", "2", "--nodes", "300", "--seed", "4"];
        args.extend(weights.map(|w| ["--weights", w]).into_iter().flatten());
        let out = path(out);
        args.extend(["--out", &out]);
        run(env!("CARGO_BIN_EXE_tengen-selfplay"), &args)
    };
    stdout_of(&play("embedded.bin", None));
    stdout_of(&play("round4.bin", Some(round_4)));
    let read = |name: &str| {
        read_games(&std::fs::read(path(name)).expect("a games file")).expect("readable")
    };
    let (embedded, round4) = (read("embedded.bin"), read("round4.bin"));
    // The recipe names the table that played, and the games differ.
    assert_eq!(embedded.recipe.weights, 0);
    assert_eq!(
        round4.recipe.weights,
        weights_hash(&std::fs::read(round_4).expect("round 4"))
    );
    assert_ne!(embedded.games, round4.games);

    let bytes = std::fs::read(round_4).expect("round 4's table");
    std::fs::write(path("cut.bin"), &bytes[..100]).expect("a damaged copy");
    let said = stderr_of_failure(&play("none.bin", Some(&path("cut.bin"))));
    assert!(
        said.contains("cut.bin: the weights file should be"),
        "{said}"
    );
    assert!(!dir.join("none.bin").exists());
    let _ = std::fs::remove_dir_all(dir);
}

/// Freestyle, the options of the threat-table experiments: a games file gives the searched
/// positions and, with `--leaf`, the positions at the end of each search's expected line (more
/// stones than the searched positions of the same games); `tengen-train --threat --start …
/// --freeze-table` keeps the starting cell values and fits only a threat table, written as a
/// version-2 file the engine reads; `--policy` then fits move scores to the cells the search chose,
/// written beside them as a version-3 file.
#[test]
fn leaf_samples_and_a_threat_table_on_a_frozen_table() {
    let dir = folder("training", "threat");
    let path = |name: &str| dir.join(name).to_str().expect("a UTF-8 path").to_owned();
    // Thirty games hold out some 70 samples: with fewer the noisy held-out loss can keep the
    // trainer's start, an empty threat table (20 games did on two seeds of three; 30 on none).
    let games = path("games.bin");
    let args = [
        "--games", "30", "--nodes", "300", "--seed", "2", "--out", &games,
    ];
    stdout_of(&run(env!("CARGO_BIN_EXE_tengen-selfplay"), &args));
    let bytes = std::fs::read(&games).expect("the games file");
    let root = read_samples(&bytes).expect("readable").samples;
    let leaf = read_line_ends(&bytes).expect("readable").samples;
    assert!(root.len() >= 20, "{} samples", root.len());
    assert_eq!(
        root.len(),
        leaf.len(),
        "one line's end for each searched position"
    );
    // Searched positions carry the move the search chose; a line's end was not searched.
    assert!(root.iter().all(|s| s.chosen.is_some()));
    assert!(leaf.iter().all(|s| s.chosen.is_none()));
    let stones = |samples: &[Sample]| -> usize {
        samples
            .iter()
            .map(|s| s.cells.iter().filter(|&&c| c != 0).count())
            .sum()
    };
    assert!(
        stones(&leaf) > stones(&root),
        "stones in root and leaf samples: {} and {}",
        stones(&root),
        stones(&leaf)
    );

    // The start: a table trained on the root samples.
    let start = path("start.bin");
    stdout_of(&run(
        env!("CARGO_BIN_EXE_tengen-train"),
        &[&games, "--steps", "20", "--out", &start],
    ));
    let threat = path("threat.bin");
    let said = stdout_of(&run(
        env!("CARGO_BIN_EXE_tengen-train"),
        &[
            &games,
            "--leaf",
            "--steps",
            "20",
            "--threat",
            "--start",
            &start,
            "--freeze-table",
            "--out",
            &threat,
        ],
    ));
    assert!(said.contains("start: "), "{said}");
    let start = LearnedTable::parse(&std::fs::read(&start).expect("the start")).expect("parses");
    let fitted = LearnedTable::parse(&std::fs::read(&threat).expect("the table")).expect("parses");
    assert_eq!(fitted.values, start.values);
    assert_eq!(fitted.threat.len(), THREAT_MASKS);
    assert!(fitted.threat.iter().any(|&v| v != 0), "{said}");

    // Move scores fitted to the root samples' chosen cells, on top of the threat table's file.
    let scored = path("scored.bin");
    let said = stdout_of(&run(
        env!("CARGO_BIN_EXE_tengen-train"),
        &[
            &games, "--steps", "20", "--policy", "--start", &threat, "--out", &scored,
        ],
    ));
    assert!(said.contains("move scores: "), "{said}");
    let scored = LearnedTable::parse(&std::fs::read(&scored).expect("the table")).expect("parses");
    assert_eq!(
        (&scored.values, &scored.threat),
        (&fitted.values, &fitted.threat)
    );
    assert!(scored.has_policy() && scored.policy.iter().any(|&v| v != 0));
    // Samples of one record a position (version 2) have no lines to take the ends of, and no
    // chosen cells if they are such ends: refused in plain words, nothing written.
    let mut ends = samples_header(Rule::Freestyle).expect("freestyle");
    leaf.iter().for_each(|s| s.write(&mut ends));
    std::fs::write(path("ends.bin"), &ends).expect("a version-2 file");
    for (extra, refusal) in [
        ("--leaf", "not a games file"),
        ("--policy", "samples with a chosen move"),
    ] {
        let mut args = vec![
            path("ends.bin"),
            extra.to_owned(),
            "--out".into(),
            path("none.bin"),
        ];
        if extra == "--policy" {
            args.extend(["--start".into(), threat.clone()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let said = stderr_of_failure(&run(env!("CARGO_BIN_EXE_tengen-train"), &args));
        assert!(said.contains(refusal), "{said}");
        assert!(!dir.join("none.bin").exists());
    }

    // A hidden layer on the leaf samples, from the scored file: its values, threat table and move
    // scores are written unchanged (the move order reads them), beside the net, as version 4. The
    // same seed makes the same file.
    let hidden = |out: &str| {
        stdout_of(&run(
            env!("CARGO_BIN_EXE_tengen-train"),
            &[
                &games,
                "--leaf",
                "--hidden",
                "--epochs",
                "2",
                "--seed",
                "3",
                "--start",
                &path("scored.bin"),
                "--out",
                &path(out),
            ],
        ))
    };
    let said = hidden("hidden.bin");
    assert!(said.contains("hidden layer of 16: scale "), "{said}");
    assert!(said.contains("start held-out loss"), "{said}");
    assert!(said.contains("epoch 2: train loss"), "{said}");
    let bytes = std::fs::read(path("hidden.bin")).expect("the table");
    assert_eq!(u16::from_le_bytes([bytes[4], bytes[5]]), 4);
    let net_table = LearnedTable::parse(&bytes).expect("parses");
    assert_eq!(
        (&net_table.values, &net_table.threat, &net_table.policy),
        (&scored.values, &scored.threat, &scored.policy)
    );
    let net = net_table.net.expect("a hidden layer");
    assert!(net.out.iter().any(|&v| v != 0));
    assert!(net.rows.iter().flatten().any(|&v| v != 0));
    hidden("again.bin");
    assert_eq!(std::fs::read(path("again.bin")).expect("the table"), bytes);
    // Freezing the values with nothing else to fit is refused.
    let output = run(
        env!("CARGO_BIN_EXE_tengen-train"),
        &[&games, "--freeze-table", "--out", &path("none.bin")],
    );
    let said = stderr_of_failure(&output);
    assert!(said.contains("needs --threat or --hidden"), "{said}");
    assert!(!dir.join("none.bin").exists());
    let _ = std::fs::remove_dir_all(dir);
}

/// The generator plays on several cores and goes on where it stopped: the same recipe gives the
/// same file, byte for byte, on one core in one run as on two cores in three runs with an
/// interrupted write between them. A file of another recipe, or not a games file, is left alone.
#[test]
fn self_play_on_several_cores_resumes_to_the_same_file() {
    let dir = folder("training", "resume");
    let path = |name: &str| dir.join(name).to_str().expect("a UTF-8 path").to_owned();
    let play = |out: &str, games: &str, jobs: &str, seed: &str| {
        let out = path(out);
        let args = [
            "--games", games, "--jobs", jobs, "--nodes", "300", "--seed", seed, "--out", &out,
        ];
        run(env!("CARGO_BIN_EXE_tengen-selfplay"), &args)
    };
    let said = stdout_of(&play("one.bin", "8", "1", "5"));
    assert!(said.starts_with("8 games"), "{said}");
    let whole = std::fs::read(path("one.bin")).expect("the games file");
    let file = read_games(&whole).expect("a games file");
    assert_eq!(file.games.len(), 8);
    assert_eq!((file.recipe.seed, file.recipe.nodes), (5, 300));
    let samples = read_samples(&whole).expect("readable as samples").samples;
    assert!(samples.len() >= 20, "{} samples", samples.len());
    assert!(samples.iter().all(|s| s.chosen.is_some()));

    // A run given no time plays nothing and leaves a file with no games, to go on with later.
    let said = stdout_of(&run(
        env!("CARGO_BIN_EXE_tengen-selfplay"),
        &[
            "--games",
            "8",
            "--nodes",
            "300",
            "--seed",
            "5",
            "--minutes",
            "0",
            "--out",
            &path("two.bin"),
        ],
    ));
    assert!(said.starts_with("0 games"), "{said}");
    assert_eq!(
        read_games(&std::fs::read(path("two.bin")).expect("a header"))
            .expect("a games file")
            .games
            .len(),
        0
    );
    // Three games on two cores, then an interruption in the middle of writing the fourth…
    stdout_of(&play("two.bin", "3", "2", "5"));
    let three = std::fs::read(path("two.bin")).expect("three games");
    let torn_at = three.len() + 9;
    std::fs::write(path("two.bin"), &whole[..torn_at]).expect("a torn fourth game");
    // …and the same recipe goes on after the last whole game, to the same file.
    let output = play("two.bin", "8", "2", "5");
    let said = String::from_utf8_lossy(&output.stderr).into_owned();
    stdout_of(&output);
    assert!(said.contains("holds 3 games of this recipe"), "{said}");
    assert!(said.contains("cut the 9 bytes"), "{said}");
    assert_eq!(std::fs::read(path("two.bin")).expect("eight games"), whole);
    // Run again, it has nothing left to play and changes nothing.
    let said = stdout_of(&play("two.bin", "8", "2", "5"));
    assert!(said.starts_with("8 games"), "{said}");
    assert_eq!(std::fs::read(path("two.bin")).expect("eight games"), whole);

    // Another seed is another recipe: refused, the file untouched.
    let said = stderr_of_failure(&play("two.bin", "9", "2", "6"));
    assert!(said.contains("holds games of another recipe"), "{said}");
    assert!(said.contains("seed 5"), "{said}");
    assert_eq!(std::fs::read(path("two.bin")).expect("eight games"), whole);
    std::fs::write(path("notes.txt"), "my notes").expect("a file of the player's");
    let said = stderr_of_failure(&play("notes.txt", "2", "1", "5"));
    assert!(said.contains("is not a games file to go on with"), "{said}");
    assert_eq!(
        std::fs::read_to_string(path("notes.txt")).expect("kept"),
        "my notes"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// `--balanced` draws wider openings and keeps those a short search judges close to even: the
/// recipe says so, the stones lie in the central 7×7 square, the positions right after the
/// openings are nearer even than random openings' of the same seed, and a run without the flag is
/// another recipe that leaves the file alone.
#[test]
fn balanced_openings_are_judged_and_recorded() {
    let dir = folder("training", "balanced");
    let path = |name: &str| dir.join(name).to_str().expect("a UTF-8 path").to_owned();
    let play = |out: &str, balanced: bool| {
        let out = path(out);
        let mut args = vec![
            "--learned",
            "--games",
            "12",
            "--nodes",
            "1000",
            "--seed",
            "3",
            "--out",
            &out,
        ];
        if balanced {
            args.push("--balanced");
        }
        run(env!("CARGO_BIN_EXE_tengen-selfplay"), &args)
    };
    stdout_of(&play("judged.games", true));
    stdout_of(&play("random.games", false));
    let read = |name: &str| read_games(&std::fs::read(path(name)).expect("a games file"));
    let judged = read("judged.games").expect("a games file");
    let random = read("random.games").expect("a games file");
    assert!(judged.recipe.balanced && !random.recipe.balanced);
    assert_eq!(judged.games.len(), 12);
    let central = |v: u8| (4..=10).contains(&v);
    for game in &judged.games {
        assert!(game.moves[..3].iter().all(|p| central(p.x) && central(p.y)));
    }
    // Random openings always start in the centre; these are drawn from the whole square.
    assert!(judged.games.iter().any(|g| g.moves[0] != Pos::new(7, 7)));
    // White's first search after the opening: how far from even the game starts.
    let mean_start = |games: &[tengen_engine::GameRecord]| {
        let starts: Vec<f64> = games
            .iter()
            .filter(|g| g.scores[3] != NOT_A_SAMPLE)
            .map(|g| f64::from(g.scores[3]).abs())
            .collect();
        starts.iter().sum::<f64>() / starts.len().max(1) as f64
    };
    let (even, lopsided) = (mean_start(&judged.games), mean_start(&random.games));
    assert!(even < lopsided, "balanced {even:.0}, random {lopsided:.0}");

    let said = stderr_of_failure(&play("judged.games", false));
    assert!(said.contains("balanced openings"), "{said}");
    assert_eq!(read("judged.games").expect("untouched").games.len(), 12);
    let _ = std::fs::remove_dir_all(dir);
}

/// `scripts/make-data.sh`, the recipe for a lent machine, end to end on a few small games: a games
/// file of its recipe, and a net fitted on its lines' ends that the engine reads, with line windows
/// asked for through `FIT_ARGS`.
#[test]
fn the_data_script_makes_games_and_fits_a_net() {
    let dir = folder("training", "script");
    let bin_dir = std::path::Path::new(env!("CARGO_BIN_EXE_tengen-selfplay"))
        .parent()
        .expect("the tools' folder");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/make-data.sh");
    let output = std::process::Command::new("bash")
        .arg(script)
        .arg(&*dir)
        .env("BIN_DIR", bin_dir)
        .envs([
            ("NODES", "300"),
            ("GAMES", "24"),
            ("SEED", "3"),
            ("JOBS", "2"),
            ("FIT_ARGS", "--windows --epochs 3"),
        ])
        .output()
        .expect("bash runs the script");
    let said = stdout_of(&output);
    assert!(said.contains("--sprt 0,40"), "{said}");
    let games =
        read_games(&std::fs::read(dir.join("freestyle-seed3-nodes300.games")).expect("games"))
            .expect("a games file");
    assert_eq!(games.games.len(), 24);
    assert_eq!(
        (
            games.recipe.seed,
            games.recipe.nodes,
            games.recipe.learned,
            games.recipe.balanced
        ),
        (3, 300, true, true)
    );
    let net = LearnedTable::parse(&std::fs::read(dir.join("freestyle-net.bin")).expect("the net"))
        .expect("parses");
    assert!(net.net.is_some(), "a hidden layer was fitted");
    assert!(net.windows.is_some(), "FIT_ARGS reached the fit");
    let _ = std::fs::remove_dir_all(dir);
}

/// A small tmpfs mounted for one test (`mount` needs root; CI runs as root), unmounted when dropped.
struct SmallDisk(std::path::PathBuf);

impl SmallDisk {
    fn mount(dir: &std::path::Path, size: &str) -> Option<SmallDisk> {
        let at = dir.join("disk");
        std::fs::create_dir_all(&at).expect("a mount point");
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(&at)
            .status()
            .is_ok_and(|s| s.success());
        mounted.then_some(SmallDisk(at))
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
    }
}

/// A full disk stops the generator with a plain message and loses no whole game: what it wrote
/// goes on, elsewhere, to the same file as a run that never met the full disk. A file holding only
/// the start of the header (the disk filled while writing it) is begun again.
#[test]
fn a_full_disk_stops_self_play_and_loses_no_game() {
    let dir = folder("training", "full-disk");
    let Some(disk) = SmallDisk::mount(&dir, "8k") else {
        eprintln!("SKIPPED: could not mount an 8 KiB tmpfs (this needs root; CI runs as root)");
        return;
    };
    let play = |out: &std::path::Path, games: &str| {
        let out = out.to_str().expect("a UTF-8 path");
        let args = [
            "--games", games, "--nodes", "300", "--seed", "8", "--jobs", "2", "--out", out,
        ];
        run(env!("CARGO_BIN_EXE_tengen-selfplay"), &args)
    };
    let on_disk = disk.0.join("full.games");
    let said = stderr_of_failure(&play(&on_disk, "400"));
    assert!(said.contains("No space left on device"), "{said}");
    assert!(said.contains("games before are kept"), "{said}");
    let kept = std::fs::read(&on_disk).expect("the file on the full disk");
    let held = read_games(&kept)
        .expect("whole games and perhaps a torn one")
        .games
        .len();
    assert!(held > 3, "{held} games fitted on the disk");
    drop(disk);

    // Moved to a disk with room, the same recipe goes on to the file of a run without a full disk.
    let moved = dir.join("moved.games");
    std::fs::write(&moved, &kept).expect("moved");
    let games = (held + 2).to_string();
    stdout_of(&play(&moved, &games));
    let straight = dir.join("straight.games");
    stdout_of(&play(&straight, &games));
    assert_eq!(
        std::fs::read(&moved).expect("moved"),
        std::fs::read(&straight).expect("straight")
    );

    // Only the start of the header: begun again.
    let started = dir.join("started.games");
    std::fs::write(&started, &kept[..12]).expect("a header's start");
    stdout_of(&play(&started, &games));
    assert_eq!(
        std::fs::read(&started).expect("begun"),
        std::fs::read(&straight).expect("straight")
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Line windows: without `--hidden` they are measured and nothing is written; with it they join
/// the net, the file is version 5, and the engine plays with them (its games differ from those of
/// the same net fitted without windows).
#[test]
fn line_windows_are_measured_or_fitted_into_the_net() {
    let dir = folder("training", "windows");
    let path = |name: &str| dir.join(name).to_str().expect("a UTF-8 path").to_owned();
    let games = path("g.games");
    let args = [
        "--games", "16", "--nodes", "300", "--seed", "6", "--out", &games,
    ];
    stdout_of(&run(env!("CARGO_BIN_EXE_tengen-selfplay"), &args));
    let said = stdout_of(&run(
        env!("CARGO_BIN_EXE_tengen-train"),
        &[&games, "--windows", "--steps", "20"],
    ));
    assert!(said.contains("kept step"), "{said}");
    let codes: usize = said
        .lines()
        .find_map(|l| l.strip_prefix("line windows: "))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count of window codes: {said}"));
    assert!(codes > 100, "{codes} window codes in the data");
    let said = stderr_of_failure(&run(
        env!("CARGO_BIN_EXE_tengen-train"),
        &[&games, "--windows", "--out", &path("x.bin")],
    ));
    assert!(said.contains("only measures and writes nothing"), "{said}");
    assert!(!dir.join("x.bin").exists());

    let embedded = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/weights/eval-v9.bin");
    let fit = |out: &str, windows: bool| {
        let out = path(out);
        let mut args = vec![
            games.as_str(),
            "--hidden",
            "--epochs",
            "2",
            "--start",
            embedded,
            "--out",
            &out,
        ];
        if windows {
            args.push("--windows");
        }
        stdout_of(&run(env!("CARGO_BIN_EXE_tengen-train"), &args));
        std::fs::read(&out).expect("the table")
    };
    let (plain, windowed) = (fit("plain.bin", false), fit("windows.bin", true));
    assert_eq!(u16::from_le_bytes([windowed[4], windowed[5]]), 5);
    let table = LearnedTable::parse(&windowed).expect("parses");
    let entries = table.windows.as_ref().expect("line windows").entries();
    assert!(entries.len() > 100, "{} window values", entries.len());
    assert!(table.net.is_some());
    let play = |weights: &str| {
        let out = path(&format!("{weights}.games"));
        let weights = path(weights);
        let args = [
            "--learned",
            "--games",
            "2",
            "--nodes",
            "300",
            "--seed",
            "5",
            "--weights",
            &weights,
            "--out",
            &out,
        ];
        stdout_of(&run(env!("CARGO_BIN_EXE_tengen-selfplay"), &args));
        read_games(&std::fs::read(out).expect("a games file")).expect("readable")
    };
    assert_eq!(u16::from_le_bytes([plain[4], plain[5]]), 4);
    assert_ne!(play("plain.bin").games, play("windows.bin").games);
    // --freeze-net keeps the start's net word for word and fits only the windows; a start
    // without a net is refused.
    let frozen = path("frozen.bin");
    let args = [
        games.as_str(),
        "--hidden",
        "--windows",
        "--freeze-net",
        "--epochs",
        "1",
        "--start",
        embedded,
        "--out",
        &frozen,
    ];
    stdout_of(&run(env!("CARGO_BIN_EXE_tengen-train"), &args));
    let frozen = LearnedTable::parse(&std::fs::read(&frozen).expect("the table")).expect("parses");
    let start = LearnedTable::parse(&std::fs::read(embedded).expect("eval-v9")).expect("parses");
    assert_eq!(frozen.net, start.net);
    assert!(frozen.windows.is_some_and(|w| !w.entries().is_empty()));
    let round_4 = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/weights/eval-v4.bin");
    let none = path("none.bin");
    let mut args = args.to_vec();
    args[7] = round_4;
    args[9] = &none;
    let said = stderr_of_failure(&run(env!("CARGO_BIN_EXE_tengen-train"), &args));
    assert!(said.contains("the start has none"), "{said}");
    assert!(!dir.join("none.bin").exists());

    // A codebook on the frozen net is measured: each pass's losses, the best held-out loss against
    // the net's, nothing written; --out is refused, and so is a start without a net.
    let codebook = |start: &str, out: Option<&str>| {
        let mut args = vec![
            games.as_str(),
            "--leaf",
            "--codebook",
            "4",
            "--epochs",
            "2",
            "--start",
            start,
        ];
        args.extend(out.map(|o| ["--out", o]).into_iter().flatten());
        run(env!("CARGO_BIN_EXE_tengen-train"), &args)
    };
    let said = stdout_of(&codebook(embedded, None));
    let held_out = |line: &str| -> f64 {
        let (_, loss) = line.split_once("held-out loss ").expect("a held-out loss");
        loss.split([' ', ','])
            .next()
            .and_then(|l| l.parse().ok())
            .expect("a number")
    };
    let start = held_out(
        said.lines()
            .find(|l| l.starts_with("codebook of 4"))
            .expect(&said),
    );
    let passes: Vec<f64> = said
        .lines()
        .filter(|l| l.starts_with("pass "))
        .map(held_out)
        .collect();
    assert_eq!(passes.len(), 2, "{said}");
    let best = said
        .lines()
        .find(|l| l.starts_with("codebook: best"))
        .expect(&said);
    assert!(best.contains("nothing written"), "{best}");
    // The codebook moved the evaluation (its output starts at 0, the net's loss), and the best
    // reported is the least of the start and the passes.
    assert!(passes.iter().all(|&p| p != start), "{said}");
    let least = passes.iter().fold(start, |a, &b| a.min(b));
    assert!(
        (held_out(&best.replace("best held-out", "held-out")) - least).abs() < 1e-5,
        "{best}"
    );
    let said = stderr_of_failure(&codebook(embedded, Some(&path("c.bin"))));
    assert!(said.contains("--codebook only measures"), "{said}");
    let said = stderr_of_failure(&codebook(round_4, None));
    assert!(said.contains("the start has none"), "{said}");
    assert!(!dir.join("c.bin").exists());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn move_scores_that_see_the_neighbourhood_are_measured_and_nothing_is_written() {
    let dir = folder("training", "near");
    let path = |name: &str| dir.join(name).to_str().expect("a UTF-8 path").to_owned();
    let games = path("g.games");
    let args = [
        "--games", "16", "--nodes", "300", "--seed", "7", "--out", &games,
    ];
    stdout_of(&run(env!("CARGO_BIN_EXE_tengen-selfplay"), &args));
    let near = |extra: &[&str]| {
        let mut args = vec![
            games.as_str(),
            "--policy-near",
            "--epochs",
            "20",
            "--lr",
            "4",
        ];
        args.extend_from_slice(extra);
        run(env!("CARGO_BIN_EXE_tengen-train"), &args)
    };
    let said = stdout_of(&near(&[]));
    // The shares of "chosen first", "within 3" and "within 6" on a line that starts with `head`.
    let shares = |head: &str| -> [f64; 3] {
        let line = said
            .lines()
            .find(|l| l.starts_with(head))
            .unwrap_or_else(|| panic!("no line {head:?}: {said}"));
        let numbers: Vec<f64> = ["chosen first ", "within 3 ", "within 6 "]
            .iter()
            .map(|key| {
                let rest = &line[line.find(key).expect("a share") + key.len()..];
                let n = rest.split([',', ' ']).next().expect("a number");
                n.parse().unwrap_or_else(|_| panic!("{n:?} in {line}"))
            })
            .collect();
        [numbers[0], numbers[1], numbers[2]]
    };
    let order = shares("engine's order before search");
    // The search's own order finds its choice far more often than chance (a tenth or less here).
    assert!(order[0] > 0.25, "{said}");
    for head in ["engine's order", "Cell: best", "Near: best", "Joint: best"] {
        let [first, three, six] = shares(head);
        assert!(
            (0.0..=1.0).contains(&first) && first <= three && three <= six,
            "{said}"
        );
    }
    // Fitted, the one-cell scores rank the chosen cell in the first six more often than not.
    assert!(shares("Cell: best")[2] > 0.5, "{said}");
    assert_eq!(said.matches(" pass 20:").count(), 3, "{said}");
    let said = stderr_of_failure(&near(&["--out", &path("x.bin")]));
    assert!(said.contains("--policy-near only measures"), "{said}");
    assert!(!dir.join("x.bin").exists());
    let _ = std::fs::remove_dir_all(dir);
}
