//! Opening files for matches: one opening per line as a position string in human notation
//! (`h8i9j10`: column letters from `a` on the left, no letter skipped, rows from 1 at the BOTTOM)
//! or in c-gomoku-cli's offset notation (`0,0, 1,-1, 2,-2`, as `scripts/rapfi/` keeps its
//! balanced openings), with `#` starting a comment.
//!
//! Each opening is checked to be a legal, undecided game under the match's variant, so a match never
//! starts from a position the rules forbid. The built-in balanced sets (freestyle and renju, 15×15)
//! are compiled in: [`builtin_openings`].

use std::fmt;

use tengen_engine::{Game, Pos, PositionString, RowOrigin, Variant};

/// An opening file problem, with the 1-based line it is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for OpeningError {}

/// One opening: its moves in order and the text it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub text: String,
    pub moves: Vec<Pos>,
}

/// The human position string of `moves` on a board of side `size` (rows from the bottom).
pub fn position_string(moves: &[Pos], size: u8) -> String {
    PositionString::from_moves(moves, size, RowOrigin::Bottom)
        .map_or_else(|| format!("{moves:?}"), |p| p.to_string())
}

/// The moves as c-gomoku-cli's "offset" opening notation (`x,y, x,y`, offsets from the centre
/// `size / 2`, y growing downwards), so the same openings can be played by c-gomoku-cli.
pub fn offset_string(moves: &[Pos], size: u8) -> String {
    let half = i32::from(size / 2);
    moves
        .iter()
        .map(|p| format!("{},{}", i32::from(p.x) - half, i32::from(p.y) - half))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The moves of an opening in offset notation (`x,y, x,y`: [`offset_string`]'s form).
fn parse_offsets(body: &str, size: u8) -> Result<Vec<Pos>, String> {
    let numbers: Vec<&str> = body.split(',').map(str::trim).collect();
    if !numbers.len().is_multiple_of(2) {
        return Err(format!("\"{body}\" has an x without its y"));
    }
    let half = i32::from(size / 2);
    numbers
        .chunks(2)
        .map(|xy| {
            let at = |n: &str| {
                (n.parse::<i32>().ok())
                    .map(|n| n + half)
                    .filter(|v| (0..i32::from(size)).contains(v))
                    .ok_or_else(|| format!("\"{n}\" is not an offset on a board of {size}"))
            };
            Ok(Pos::new(at(xy[0])? as u8, at(xy[1])? as u8))
        })
        .collect()
}

/// The built-in balanced openings for `variant`'s rule (renju's set for renju, else the
/// freestyle set), checked against it; an error when the board is not 15×15.
pub fn builtin_openings(variant: Variant) -> Result<Vec<Opening>, OpeningError> {
    let text = match variant.rule() {
        tengen_engine::Rule::Renju => RENJU15,
        _ => FREESTYLE15,
    };
    parse_openings(text, variant)
}

/// The committed balanced openings (`crates/tools/openings/`), compiled in.
pub const FREESTYLE15: &str = include_str!("../../../tools/openings/freestyle15.txt");
pub const RENJU15: &str = include_str!("../../../tools/openings/renju15.txt");

/// Reads an opening file's text, checking every opening against `variant`.
pub fn parse_openings(text: &str, variant: Variant) -> Result<Vec<Opening>, OpeningError> {
    let mut openings = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let body = raw.split('#').next().unwrap_or("").trim();
        if body.is_empty() {
            continue;
        }
        let moves = if body.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
            parse_offsets(body, variant.size())
        } else {
            PositionString::parse_moves(body, variant.size(), RowOrigin::Bottom)
                .map_err(|e| e.to_string())
        }
        .map_err(|message| OpeningError { line, message })?;
        let game = Game::from_moves(variant, &moves).map_err(|(ply, e)| OpeningError {
            line,
            message: format!("move {} is illegal under {}: {e}", ply + 1, variant.rule()),
        })?;
        if game.is_over() {
            return Err(OpeningError {
                line,
                message: "the opening is already decided".to_owned(),
            });
        }
        openings.push(Opening {
            text: body.to_owned(),
            moves,
        });
    }
    if openings.is_empty() {
        return Err(OpeningError {
            line: 0,
            message: "the file holds no opening".to_owned(),
        });
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use tengen_engine::{Preset, Rule};

    use super::*;

    #[test]
    fn openings_count_rows_from_the_bottom() {
        let variant = Preset::Freestyle15.variant();
        let openings = parse_openings("h8i9j10\na1o15h10\n", variant).unwrap_or_default();
        assert_eq!(openings.len(), 2);
        assert_eq!(
            openings[0].moves,
            [Pos::new(7, 7), Pos::new(8, 6), Pos::new(9, 5)]
        );
        assert_eq!(
            openings[1].moves,
            [Pos::new(0, 14), Pos::new(14, 0), Pos::new(7, 5)]
        );
        assert_eq!(position_string(&openings[0].moves, 15), "h8i9j10");
        assert_eq!(offset_string(&openings[0].moves, 15), "0,0, 1,-1, 2,-2");
        for bad in ["p1", "a0", "a16", "8h", "h", "hh8"] {
            assert!(parse_openings(bad, variant).is_err(), "{bad}");
        }
    }

    #[test]
    fn offset_openings_read_as_cgomoku_cli_writes_them() {
        let variant = Preset::Freestyle15.variant();
        let openings = parse_openings("0,0, 1,-1, 2,-2\n-1,-2, 1,2, 0,3 # c\n", variant);
        let openings = openings.unwrap_or_default();
        assert_eq!(openings.len(), 2);
        assert_eq!(position_string(&openings[0].moves, 15), "h8i9j10");
        assert_eq!(offset_string(&openings[1].moves, 15), "-1,-2, 1,2, 0,3");
        for bad in ["0,0, 1", "0,0, 8,0", "0,0, x,1", "0,0, 0,0", "-"] {
            let said = parse_openings(bad, variant).map_err(|e| e.to_string());
            assert!(said.is_err(), "{bad}");
        }
        let said = parse_openings("0,0, 8,0", variant).map_err(|e| e.to_string());
        assert_eq!(
            said,
            Err("line 1: \"8\" is not an offset on a board of 15".to_owned())
        );
        // The balanced openings of the Rapfi matches read as they are.
        for (file, preset) in [
            ("openings-freestyle.txt", Preset::Freestyle15),
            ("openings-renju.txt", Preset::Renju15),
        ] {
            let path = format!("{}/../../scripts/rapfi/{file}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let read = parse_openings(&text, preset.variant());
            assert_eq!(
                read.map(|o| o.len()).map_err(|e| e.to_string()),
                Ok(100),
                "{file}"
            );
        }
    }

    #[test]
    fn opening_files_skip_comments_and_name_the_bad_line() {
        let variant = Preset::Freestyle15.variant();
        let openings = parse_openings("# comment\n\nh8i9j10  # direct\nh8h9\n", variant);
        assert_eq!(openings.map(|o| o.len()), Ok(2));
        let err = parse_openings("h8i9\nh8h8\n", variant);
        assert_eq!(err.map_err(|e| e.line), Err(2));
        assert!(parse_openings("# nothing\n", variant).is_err());
        // A renju opening with a forbidden black move is refused.
        let renju = Variant::new(15, 5, Rule::Renju).unwrap_or(variant);
        let double_three = "f8a1g8a15h6o1h7o15h8";
        assert!(parse_openings(double_three, variant).is_ok());
        assert!(parse_openings(double_three, renju).is_err());
    }

    #[test]
    fn the_committed_opening_files_are_valid_and_big_enough() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tools/openings/");
        for (file, preset) in [
            ("freestyle15.txt", Preset::Freestyle15),
            ("renju15.txt", Preset::Renju15),
        ] {
            let text = std::fs::read_to_string(format!("{dir}{file}"));
            assert!(text.is_ok(), "{file} is missing");
            let openings = parse_openings(&text.unwrap_or_default(), preset.variant());
            assert!(
                openings.as_ref().is_ok_and(|o| o.len() >= 20),
                "{file}: {openings:?}"
            );
            let mut texts: Vec<_> = openings
                .unwrap_or_default()
                .into_iter()
                .map(|o| o.text)
                .collect();
            texts.sort();
            texts.dedup();
            assert!(texts.len() >= 20, "{file} repeats openings");
        }
    }
}
