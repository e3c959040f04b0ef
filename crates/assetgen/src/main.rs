//! `tengen-assetgen [OUT_DIR]` writes every asset (default: the repository's `assets/`);
//! `tengen-assetgen --preview DIR` writes a contact sheet to look at instead.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let started = Instant::now();
    match args.as_slice() {
        [flag] if flag == "--help" || flag == "-h" => {
            println!("usage: tengen-assetgen [OUT_DIR]   (default: the repository's assets/)");
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
        [] | [_] => {
            // Default to the repository's assets/ wherever cargo is run from, so running it from a
            // subfolder cannot scatter a second assets/ folder around the tree.
            let out = args.first().map_or_else(
                || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets"),
                PathBuf::from,
            );
            match tengen_assetgen::write_all(&out) {
                Ok(files) => {
                    println!(
                        "wrote {} files under {} in {:.2} s",
                        files.len(),
                        out.display(),
                        started.elapsed().as_secs_f64()
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("cannot write assets under {}: {e}", out.display());
                    ExitCode::FAILURE
                }
            }
        }
        _ => {
            eprintln!("usage: tengen-assetgen [OUT_DIR] | --preview DIR");
            ExitCode::FAILURE
        }
    }
}
