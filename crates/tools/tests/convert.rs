//! `tengen-convert` end to end on the files in `tests/data/convert`: SGF with variations to SGF
//! unchanged, each form to each other, `.psq` at 15, 19 and 20, and bad files refused with the file,
//! line and column and the documented exit code.

mod support;

use std::process::Output;

use support::{run, stderr_of_failure, stdout_of};

fn data(name: &str) -> String {
    format!("{}/tests/data/convert/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn folder(name: &str) -> support::Folder {
    support::folder("convert", name)
}

fn convert(args: &[&str]) -> Output {
    run(env!("CARGO_BIN_EXE_tengen-convert"), args)
}

fn code(output: &Output) -> Option<i32> {
    output.status.code()
}

#[test]
fn an_sgf_study_converts_to_sgf_unchanged() {
    let dir = folder("study");
    let out = dir.join("copy.sgf");
    let out = out.to_string_lossy();
    stdout_of(&convert(&[&data("study.sgf"), &out]));
    let original = std::fs::read_to_string(data("study.sgf")).expect("the study");
    let copy = std::fs::read_to_string(&*out).expect("the copy");
    assert_eq!(
        copy, original,
        "variations, comments, marks and unknown properties kept"
    );
    // Its main line in the other forms.
    let moves = stdout_of(&convert(&["--to", "moves", &data("study.sgf"), "-"]));
    assert_eq!(moves, "h8i9j10k11\n");
    let list = stdout_of(&convert(&["--to", "gomocup", &data("study.sgf"), "-"]));
    assert_eq!(list, "7,7\n8,6\n9,5\n10,4\n");
}

#[test]
fn psq_at_15_19_and_20_survives_a_trip_through_sgf() {
    let dir = folder("psq");
    for (name, size) in [("game15.psq", 15), ("game19.psq", 19), ("game20.psq", 20)] {
        let sgf = dir.join(format!("{size}.sgf"));
        let sgf = sgf.to_string_lossy();
        stdout_of(&convert(&[&data(name), &sgf]));
        let text = std::fs::read_to_string(&*sgf).expect("written");
        assert!(text.contains(&format!("SZ[{size}]")), "{text}");
        let back = stdout_of(&convert(&[&sgf, "--to", "psq", "-"]));
        let original = std::fs::read_to_string(data(name)).expect("the psq");
        let moves = |t: &str| -> Vec<String> {
            t.lines()
                .skip(1)
                .take_while(|l| l.contains(','))
                .map(|l| l.rsplit_once(',').map_or("", |x| x.0).to_owned())
                .collect()
        };
        assert_eq!(moves(&back), moves(&original), "{name}");
        assert!(
            back.starts_with(&format!("Piskvorky {size}x{size}")),
            "{back}"
        );
        // .psq to .psq keeps the header, the times and the trailer.
        let same = stdout_of(&convert(&[&data(name), "--to", "psq", "-"]));
        assert_eq!(same, original, "{name}");
    }
}

#[test]
fn position_strings_convert_each_way() {
    let sgf = stdout_of(&convert(&[&data("moves.txt"), "--to", "sgf", "-"]));
    assert!(sgf.contains(";B[hh];W[ig];B[jf];W[ke])"), "{sgf}");
    let list = stdout_of(&convert(&[&data("moves.txt"), "--to", "gomocup", "-"]));
    assert_eq!(list, "7,7\n8,6\n9,5\n10,4\n");
    let moves = stdout_of(&convert(&[&data("gomocup.txt"), "--to", "moves", "-"]));
    assert_eq!(moves, "h8i9j10\n");
    let pos = stdout_of(&convert(&[&data("setup.txt"), "--to", "pos", "-"]));
    assert_eq!(pos, "AB[h8i9]AW[j10]PL[W]k11\n");
    let sgf = stdout_of(&convert(&[&data("setup.txt"), "--to", "sgf", "-"]));
    assert!(sgf.contains("AB[hh][ig]AW[jf]PL[W];W[ke])"), "{sgf}");
    let big = stdout_of(&convert(&[
        "--size",
        "20",
        &data("moves.txt"),
        "--to",
        "sgf",
        "-",
    ]));
    assert!(big.contains("SZ[20]"), "{big}");
}

#[test]
fn bad_files_are_refused_with_where_and_exit_code_2() {
    let cases = [
        (
            "bad-point.sgf",
            "bad-point.sgf: not a readable SGF game record: move 2 (line 3, column 4): [zz] is off the 15x15 board",
        ),
        (
            "bad-unclosed.sgf",
            "bad-unclosed.sgf: not a readable SGF game record: line 1, column 20: this '(' is never closed",
        ),
        (
            "bad-occupied.psq",
            "bad-occupied.psq: move 2 breaks the rules",
        ),
        (
            "bad-list.txt",
            "bad-list.txt: not a Gomocup move list of x,y lines: line 2: expected a move as x,y",
        ),
        ("missing.sgf", "missing.sgf: could not read the file"),
    ];
    for (name, want) in cases {
        let out = convert(&[&data(name), "--to", "sgf", "-"]);
        let err = stderr_of_failure(&out);
        assert!(err.contains(want), "{name}: {err}");
        assert_eq!(code(&out), Some(2), "{name}");
    }
}

#[test]
fn usage_and_write_errors_have_their_own_exit_codes() {
    let out = convert(&[&data("study.sgf"), "out.txt"]);
    assert!(stderr_of_failure(&out).contains("give --to sgf, psq, moves, gomocup or pos"));
    assert_eq!(code(&out), Some(1));
    let out = convert(&["--to", "png", &data("study.sgf"), "-"]);
    assert_eq!(code(&out), Some(1), "an unknown --to");
    let out = convert(&["--size", "40", &data("moves.txt"), "--to", "sgf", "-"]);
    assert_eq!(code(&out), Some(1), "a board the game cannot hold");
    let out = convert(&[&data("study.sgf"), "/nonexistent-folder/out.sgf"]);
    assert!(stderr_of_failure(&out).contains("cannot write /nonexistent-folder/out.sgf"));
    assert_eq!(code(&out), Some(3));
    let help = convert(&["--help"]);
    assert_eq!(code(&help), Some(0));
    assert!(String::from_utf8_lossy(&help.stdout).contains("Exit codes"));
}

#[test]
fn a_renlib_library_converts_to_sgf() {
    let dir = folder("renlib");
    // Root (a comment), h8, then i9 (commented) j10 and the other answer g7.
    let mut bytes = b"\xFFRenLib\xFF\x03\x04".to_vec();
    bytes.extend([0xFF; 10]);
    bytes.extend([0x00, 0x08]);
    bytes.extend(b"Study\0");
    bytes.extend([0x78, 0x00, 0x69, 0x88]);
    bytes.extend(b"best\0\0");
    bytes.extend([0x5A, 0x40, 0x87, 0x40]);
    let lib = dir.join("small.lib");
    std::fs::write(&lib, &bytes).expect("write the library");
    let lib = lib.to_string_lossy();
    let sgf = stdout_of(&convert(&[&lib, "--to", "sgf", "-"]));
    assert_eq!(
        sgf,
        "(;FF[4]GM[4]CA[UTF-8]SZ[15]RU[renju]C[Study];B[hh](;W[ig]C[best];B[jf])(;W[gi]))\n"
    );
    let out = convert(&[&lib, "--to", "moves", "-"]);
    assert_eq!(code(&out), Some(1), "a library converts to SGF only");
    let bad = dir.join("bad.lib");
    std::fs::write(&bad, b"not a library").expect("write");
    let out = convert(&[&bad.to_string_lossy(), "--to", "sgf", "-"]);
    assert!(stderr_of_failure(&out).contains("bad.lib: not a readable RenLib library: byte 0:"));
    assert_eq!(code(&out), Some(2));
}
