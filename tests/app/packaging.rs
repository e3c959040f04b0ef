//! What a desktop needs to list, show and launch the game: the desktop entry and the AppStream
//! metainfo under `packaging/` pass their validators (`desktop-file-validate` from
//! `desktop-file-utils`, `appstreamcli` from `appstream`), name the same app id as the window, and the
//! files they and the Debian package refer to exist.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn packaging(file: &str) -> PathBuf {
    repository().join("packaging").join(file)
}

fn desktop_entry() -> PathBuf {
    packaging(&format!("{}.desktop", tengen::APP_ID))
}

fn metainfo() -> PathBuf {
    packaging(&format!("{}.metainfo.xml", tengen::APP_ID))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path:?}: {e}"))
}

/// Runs a validator; a missing tool fails with what to install.
fn validate(tool: &str, package: &str, args: &[&str], file: &Path) {
    let output = Command::new(tool)
        .args(args)
        .arg(file)
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "cannot run `{tool}` ({e}): install the `{package}` package (scripts/setup-debian.sh does)"
            )
        });
    assert!(
        output.status.success(),
        "{tool} rejects {file:?}:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn the_desktop_entry_is_valid() {
    validate(
        "desktop-file-validate",
        "desktop-file-utils",
        &[],
        &desktop_entry(),
    );
}

#[test]
fn the_appstream_metainfo_is_valid() {
    validate(
        "appstreamcli",
        "appstream",
        &["validate", "--no-net"],
        &metainfo(),
    );
}

/// The value of `key=` in the desktop entry.
fn desktop_key(entry: &str, key: &str) -> String {
    entry
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{key}=")))
        .unwrap_or_else(|| panic!("the desktop entry has no {key}="))
        .to_owned()
}

#[test]
fn the_desktop_entry_and_metainfo_name_the_app_its_icons_and_screenshots() {
    let entry = read(&desktop_entry());
    assert_eq!(desktop_key(&entry, "Exec"), "tengen");
    assert_eq!(desktop_key(&entry, "StartupWMClass"), tengen::APP_ID);
    let icon = desktop_key(&entry, "Icon");
    assert_eq!(icon, tengen::APP_ID);
    for size in [16, 22, 24, 32, 48, 64, 128, 256] {
        let png = packaging(&format!("icons/hicolor/{size}x{size}/apps/{icon}.png"));
        assert!(png.is_file(), "no {size} px icon at {png:?}");
    }

    let meta = read(&metainfo());
    assert!(meta.contains(&format!("<id>{}</id>", tengen::APP_ID)));
    assert!(meta.contains(&format!(
        "<launchable type=\"desktop-id\">{}.desktop</launchable>",
        tengen::APP_ID
    )));
    // Screenshots are web addresses of files in docs/screenshots: each must exist in the repository.
    let shots: Vec<&str> = meta
        .split("<image>")
        .skip(1)
        .filter_map(|rest| rest.split("</image>").next())
        .collect();
    assert!(!shots.is_empty(), "the metainfo shows screenshots");
    for url in shots {
        let file = url
            .split_once("/main/")
            .map(|(_, path)| repository().join(path))
            .unwrap_or_else(|| panic!("screenshot {url} is not a file of the main branch"));
        assert!(file.is_file(), "screenshot {url}: no {file:?}");
    }
}

#[test]
fn every_file_the_debian_package_takes_from_the_repository_exists() {
    let manifest = read(&repository().join("Cargo.toml"));
    let metadata = manifest
        .split("[package.metadata.deb]")
        .nth(1)
        .expect("Cargo.toml has [package.metadata.deb]");
    let sources: Vec<&str> = metadata
        .split('"')
        .filter(|s| {
            ["packaging/", "assets/", "README", "LICENSE"]
                .iter()
                .any(|prefix| s.starts_with(prefix))
        })
        .collect();
    for wanted in [desktop_entry(), metainfo()] {
        let wanted = wanted
            .strip_prefix(repository())
            .expect("in the repository")
            .to_string_lossy()
            .into_owned();
        assert!(
            sources.contains(&wanted.as_str()),
            "the package installs {wanted}"
        );
    }
    for source in sources {
        assert!(
            repository().join(source).exists(),
            "the Debian package wants {source}, which is missing"
        );
    }
}
