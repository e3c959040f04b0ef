//! Every character the translations use has a glyph: Latin, Polish and Cyrillic letters in egui's own
//! font (Ubuntu Light), Chinese in the subset of Noto Sans CJK SC the game bundles
//! (`scripts/subset-font.sh`). New Chinese words without rerunning the script would show as boxes.

use std::path::Path;

use tengen_i18n::{Language, source};

fn bundled_font() -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/fonts/NotoSansCJKsc-Regular-subset.otf");
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_translated_character_has_a_glyph() {
    let bytes = bundled_font();
    let bundled = ttf_parser::Face::parse(&bytes, 0).expect("the subset is a font");
    let egui_own =
        ttf_parser::Face::parse(epaint_default_fonts::UBUNTU_LIGHT, 0).expect("egui's font parses");
    let mut missing: Vec<char> = Language::ALL
        .iter()
        .flat_map(|l| source(*l).chars().chain(l.native_name().chars()))
        .filter(|c| !c.is_whitespace())
        .filter(|c| egui_own.glyph_index(*c).is_none() && bundled.glyph_index(*c).is_none())
        .collect();
    missing.sort_unstable();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "no glyph for these (run scripts/subset-font.sh): {missing:?}"
    );
}

#[test]
fn chinese_comes_from_the_bundled_font() {
    let bytes = bundled_font();
    let bundled = ttf_parser::Face::parse(&bytes, 0).expect("the subset is a font");
    let egui_own =
        ttf_parser::Face::parse(epaint_default_fonts::UBUNTU_LIGHT, 0).expect("egui's font parses");
    for c in "五子棋连珠井字棋简体中文，：（）".chars() {
        assert!(egui_own.glyph_index(c).is_none(), "egui has {c} after all");
        assert!(bundled.glyph_index(c).is_some(), "the subset lacks {c}");
    }
    // Polish and Russian letters are egui's own.
    for c in "ąćęłńóśźżĄĆĘŁŃÓŚŹŻёйъЯ×—…«»".chars() {
        assert!(egui_own.glyph_index(c).is_some(), "egui's font lacks {c}");
    }
}
