//! `tengen-assetgen [OUT_DIR]` writes every asset (default `assets/`);
//! `tengen-assetgen --preview FILE.png` writes a contact sheet to look at instead.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let started = Instant::now();
    match args.as_slice() {
        [flag] if flag == "--help" || flag == "-h" => {
            println!("usage: tengen-assetgen [OUT_DIR]   (default: assets/)");
            println!("       tengen-assetgen --preview FILE.png");
            ExitCode::SUCCESS
        }
        [flag, file] if flag == "--preview" => {
            match std::fs::write(file, tengen_assetgen::preview::contact_sheet()) {
                Ok(()) => {
                    println!("wrote {file} in {:.2} s", started.elapsed().as_secs_f64());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("cannot write {file}: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        [] | [_] => {
            let out = args
                .first()
                .map_or_else(|| PathBuf::from("assets"), PathBuf::from);
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
            eprintln!("usage: tengen-assetgen [OUT_DIR] | --preview FILE.png");
            ExitCode::FAILURE
        }
    }
}
