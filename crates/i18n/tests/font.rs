//! The Chinese font the game bundles (a subset, `scripts/subset-font.sh`) has a glyph for every
//! character the translations use: new words without rerunning the script would show as boxes.

use std::path::Path;

use tengen_i18n::{Language, source};

#[test]
fn the_bundled_font_covers_every_translated_character() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/fonts/NotoSansCJKsc-Regular-subset.otf");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let face = ttf_parser::Face::parse(&bytes, 0).expect("the subset is a font");
    let mut missing: Vec<char> = Language::ALL
        .iter()
        .flat_map(|l| source(*l).chars().chain(l.native_name().chars()))
        .filter(|c| !c.is_whitespace() && face.glyph_index(*c).is_none())
        .collect();
    missing.sort_unstable();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "not in the font subset (run scripts/subset-font.sh): {missing:?}"
    );
    // Chinese is what the font is for; a few of its characters, to be sure the subset is not empty.
    for c in "五子棋连珠井字棋".chars() {
        assert!(face.glyph_index(c).is_some(), "{c}");
    }
}
