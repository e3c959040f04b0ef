//! Every notation parser fed arbitrary text (invalid UTF-8 replaced): a cell name, a position
//! string, SGF and `.psq`. A parser must return an error, never panic; whatever parses must print
//! and parse back to the same value, and turning it into moves or a game must not panic either.
//!
//! Shared by the fuzz target and the stable test that replays the committed corpus.

use tengen_engine::{Cell, PositionString, Preset, Psq, RowOrigin, Sgf};

pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(cell) = text.parse::<Cell>() {
        assert_eq!(cell.to_string().parse::<Cell>().ok(), Some(cell));
    }
    if let Ok(pos) = text.parse::<PositionString>() {
        assert_eq!(
            pos.to_string().parse::<PositionString>().ok(),
            Some(pos.clone())
        );
        let _ = pos.to_moves(15, RowOrigin::Bottom);
        let _ = pos.to_moves(20, RowOrigin::Top);
    }
    if let Ok(sgf) = text.parse::<Sgf>() {
        assert_eq!(sgf.to_string().parse::<Sgf>().ok(), Some(sgf.clone()));
        let _ = sgf.to_game();
    }
    if let Ok(psq) = text.parse::<Psq>() {
        assert_eq!(psq.to_string().parse::<Psq>().ok(), Some(psq.clone()));
        let _ = psq.to_game(Preset::Freestyle20.variant());
        let _ = psq.to_game(Preset::Renju15.variant());
    }
}
