//! The platform folders follow `XDG_CONFIG_HOME` and `XDG_DATA_HOME` on Linux, so tests and players can
//! move them. One test in this file: it sets environment variables, which is only safe while no other
//! thread of the process reads them.

#[cfg(target_os = "linux")]
#[test]
fn platform_paths_follow_xdg_variables() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = dir.path().join("cfg");
    let data = dir.path().join("share");
    // SAFETY: the only test in this binary, so no other thread reads the environment meanwhile.
    unsafe {
        std::env::set_var("XDG_CONFIG_HOME", &config);
        std::env::set_var("XDG_DATA_HOME", &data);
    }
    let paths = tengen_store::Paths::platform().expect("a home");
    assert_eq!(paths.config_dir(), config.join("tengen"));
    assert_eq!(paths.data_dir(), data.join("tengen"));

    // And the store really writes there.
    tengen_store::save_settings(&paths, &tengen_store::Settings::default()).expect("save");
    assert!(config.join("tengen/settings.json").is_file());
}
