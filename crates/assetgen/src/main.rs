//! `tengen-assetgen` writes every asset into the repository's `assets/` and the desktop icons into its
//! `packaging/icons/`; `tengen-assetgen OUT_DIR` writes the assets only, there;
//! `tengen-assetgen --icons DIR` writes the desktop icons only, there;
//! `tengen-assetgen --preview DIR` writes a contact sheet to look at instead.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let started = Instant::now();
    match args.as_slice() {
        [flag] if flag == "--help" || flag == "-h" => {
            println!(
                "usage: tengen-assetgen [OUT_DIR]   (default: the repository's assets/ and packaging/icons/)"
            );
            println!("       tengen-assetgen --icons DIR");
            println!("       tengen-assetgen --preview DIR");
            ExitCode::SUCCESS
        }
        [flag, dir] if flag == "--preview" => {
            let dir = PathBuf::from(dir);
            let result = std::fs::create_dir_all(&dir).and_then(|()| {
                for (name, bytes) in tengen_assetgen::preview::previews() {
                    std::fs::write(dir.join(name), bytes)?;
                }
                Ok(())
            });
            match result {
                Ok(()) => {
                    println!(
                        "wrote previews under {} in {:.2} s",
                        dir.display(),
                        started.elapsed().as_secs_f64()
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("cannot write previews under {}: {e}", dir.display());
                    ExitCode::FAILURE
                }
            }
        }
        [flag, dir] if flag == "--icons" => exit_code(write_icons(&PathBuf::from(dir), started)),
        [] => {
            // The repository's folders wherever cargo is run from, so running it from a subfolder
            // cannot scatter a second assets/ folder around the tree.
            let repository = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
            exit_code(
                write_assets(&repository.join("assets"), started)
                    && write_icons(&repository.join("packaging/icons"), started),
            )
        }
        [dir] => exit_code(write_assets(&PathBuf::from(dir), started)),
        _ => {
            eprintln!("usage: tengen-assetgen [OUT_DIR] | --icons DIR | --preview DIR");
            ExitCode::FAILURE
        }
    }
}

fn exit_code(success: bool) -> ExitCode {
    if success {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn write_assets(out: &Path, started: Instant) -> bool {
    report(
        "assets",
        out,
        tengen_assetgen::write_all(out).map(|files| files.len()),
        started,
    )
}

fn write_icons(out: &Path, started: Instant) -> bool {
    report(
        "desktop icons",
        out,
        tengen_assetgen::write_desktop_icons(out).map(|files| files.len()),
        started,
    )
}

/// Says what was written, or why not; true when it was.
fn report(what: &str, out: &Path, written: std::io::Result<usize>, started: Instant) -> bool {
    match written {
        Ok(files) => {
            println!(
                "wrote {files} files under {} in {:.2} s",
                out.display(),
                started.elapsed().as_secs_f64()
            );
            true
        }
        Err(e) => {
            eprintln!("cannot write {what} under {}: {e}", out.display());
            false
        }
    }
}
