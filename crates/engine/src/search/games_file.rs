//! Samples file version 3: whole self-play games, about twenty times smaller than one record per
//! position, with the recipe that made them in the header, so that a file can be remade by anyone
//! and extended or resumed by the generator that wrote it.
//!
//! Layout (little-endian): magic `TGSP`, version u16 = 3, board side u8, rule u8 (as version 2),
//! then the recipe: seed u64, mean node budget u64, flags u8 (bit 0: the learned evaluation played;
//! bit 1: the openings were judged balanced, `Recipe::balanced`), weights u64 (FNV-1a of the
//! weights file that played, 0 for the embedded table or the hand-set weights). Then one record per
//! game, in the order of the games' numbers: the game's number u32 (0, 1, 2, …), its move count
//! u8, the result for black i8 (1 win, 0 draw, −1 loss), the moves' cells (row-major index, one
//! byte each), then for each move: the search's score in the position
//! before it, from the mover's view, as i16 (`NOT_A_SAMPLE` for an opening move or a position the
//! search already saw as won or lost), the length u8 of the line the search expected from there
//! (its principal variation, the move played first) and that line's cells.
//!
//! Every scored position is a sample whose chosen cell is the move that follows it
//! (`read_samples`); the end of its line is another (`read_line_ends`: the positions the
//! evaluation judges inside the search, with the score turned to that end's side to move). About
//! 15 bytes a position in all, against 62 for a record per position.

use std::fmt;

use super::dataset::{
    GAMES_VERSION, HEADER, MAGIC, SIDE, Sample, Samples, SamplesFileError, TABLE_RULES,
    check_header, read_records, rule_code, rule_of,
};
use crate::core::{Color, Pos, Rule};

/// Header, then seed, nodes, flags and weights.
const GAMES_HEADER: usize = HEADER + 8 + 8 + 1 + 8;
/// The recipe's flag bits: the learned evaluation played, the openings were judged balanced.
const LEARNED: u8 = 1;
const BALANCED: u8 = 2;
/// The score of a move whose position is not a sample.
pub const NOT_A_SAMPLE: i16 = i16::MIN;
/// A game's record before its moves: number, move count, result.
const GAME_HEAD: usize = 4 + 1 + 1;
/// The longest line kept for a position (a principal variation is rarely half as long).
pub const LINE_CAP: usize = 60;

/// What makes a games file: the rules and the generator's settings. The same recipe and the same
/// build of the engine make the same file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recipe {
    pub rule: Rule,
    pub seed: u64,
    /// Mean node budget of a move's search.
    pub nodes: u64,
    /// The learned evaluation played (else the hand-set weights).
    pub learned: bool,
    /// Each opening was kept only if a short search judged it close to even (else the openings
    /// are random, and most favour black).
    pub balanced: bool,
    /// FNV-1a hash of the weights file that played (`weights_hash`), 0 for the embedded table.
    pub weights: u64,
}

impl fmt::Display for Recipe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?}, seed {}, {} nodes, {}",
            self.rule,
            self.seed,
            self.nodes,
            match (self.learned, self.weights) {
                (false, _) => "hand-set weights".to_owned(),
                (true, 0) => "the embedded table".to_owned(),
                (true, h) => format!("a weights file (hash {h:016x})"),
            }
        )?;
        if self.balanced {
            write!(f, ", balanced openings")?;
        }
        Ok(())
    }
}

/// The hash a recipe keeps of a weights file's bytes (64-bit FNV-1a).
pub fn weights_hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// One self-play game as a games file keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub moves: Vec<Pos>,
    /// One per move: the search's score before it (mover's view), or `NOT_A_SAMPLE`.
    pub scores: Vec<i16>,
    /// One per move: the line the search expected from the position before it (empty for a move
    /// it did not search), at most `LINE_CAP` long.
    pub lines: Vec<Vec<Pos>>,
    /// The result for black: 1 win, 0 draw, −1 loss.
    pub result: i8,
}

/// The header of a games file made by `recipe` (freestyle or renju: the rules with a table).
pub fn games_header(recipe: &Recipe) -> Result<Vec<u8>, SamplesFileError> {
    if !TABLE_RULES.contains(&recipe.rule) {
        return Err(SamplesFileError::UnsupportedRule(recipe.rule));
    }
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&GAMES_VERSION.to_le_bytes());
    out.extend_from_slice(&[SIDE, rule_code(recipe.rule)]);
    out.extend_from_slice(&recipe.seed.to_le_bytes());
    out.extend_from_slice(&recipe.nodes.to_le_bytes());
    out.push((u8::from(recipe.learned) * LEARNED) | (u8::from(recipe.balanced) * BALANCED));
    out.extend_from_slice(&recipe.weights.to_le_bytes());
    Ok(out)
}

impl GameRecord {
    /// Appends this game's record, as game number `number`, to `out`.
    pub fn write(&self, number: u32, out: &mut Vec<u8>) {
        debug_assert_eq!(self.moves.len(), self.scores.len());
        debug_assert_eq!(self.moves.len(), self.lines.len());
        out.extend_from_slice(&number.to_le_bytes());
        out.push(self.moves.len() as u8);
        out.push(self.result as u8);
        out.extend(self.moves.iter().map(|&p| cell_byte(p)));
        for (score, line) in self.scores.iter().zip(&self.lines) {
            let line = &line[..line.len().min(LINE_CAP)];
            out.extend_from_slice(&score.to_le_bytes());
            out.push(line.len() as u8);
            out.extend(line.iter().map(|&p| cell_byte(p)));
        }
    }

    /// How many of the game's positions are samples (searched, and not already won or lost).
    pub fn sample_count(&self) -> usize {
        self.scores.iter().filter(|&&s| s != NOT_A_SAMPLE).count()
    }

    /// The result for `mover`.
    fn result_for(&self, mover: Color) -> i8 {
        if mover == Color::Black {
            self.result
        } else {
            -self.result
        }
    }

    /// The game's samples: each scored position, with the move played from it as the chosen cell
    /// and the result from its mover's view.
    pub fn samples(&self) -> Vec<Sample> {
        let mut stones: Vec<(Pos, Color)> = Vec::with_capacity(self.moves.len());
        let mut out = Vec::new();
        for (i, (&pos, &score)) in self.moves.iter().zip(&self.scores).enumerate() {
            let mover = Color::to_move_at(i);
            if score != NOT_A_SAMPLE {
                let result = self.result_for(mover);
                let mut sample = Sample::new(stones.iter().copied(), mover, score.into(), result);
                sample.chosen = Some(pos);
                out.push(sample);
            }
            stones.push((pos, mover));
        }
        out
    }
}

impl GameRecord {
    /// The ends of the lines of the game's scored positions: each position with its line played
    /// out (up to a cell the line would play twice), the score and the result from the side to
    /// move there. They were not searched, so they have no chosen cell.
    pub fn line_ends(&self) -> Vec<Sample> {
        let mut stones: Vec<(Pos, Color)> = Vec::with_capacity(self.moves.len());
        let mut out = Vec::new();
        for (i, &pos) in self.moves.iter().enumerate() {
            let mover = Color::to_move_at(i);
            if self.scores[i] != NOT_A_SAMPLE {
                let mut end = stones.clone();
                let (mut to_move, mut score) = (mover, i32::from(self.scores[i]));
                for &p in &self.lines[i] {
                    if end.iter().any(|&(q, _)| q == p) {
                        break;
                    }
                    end.push((p, to_move));
                    to_move = to_move.opponent();
                    score = -score;
                }
                out.push(Sample::new(end, to_move, score, self.result_for(to_move)));
            }
            stones.push((pos, mover));
        }
        out
    }
}

fn cell_byte(p: Pos) -> u8 {
    p.y * SIDE + p.x
}

/// A games file read: its recipe, its whole games, and how many bytes they fill (header included:
/// where a resumed generator goes on writing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamesFile {
    pub recipe: Recipe,
    pub games: Vec<GameRecord>,
    pub whole_bytes: usize,
    /// Bytes after the last whole game: what an interrupted write left.
    pub torn_bytes: usize,
}

/// Reads a games file's recipe and its whole games. A torn last record (an interrupted write) is
/// not an error here: it is counted in `torn_bytes`, for the generator to cut and play again.
pub fn read_games(bytes: &[u8]) -> Result<GamesFile, SamplesFileError> {
    let version = check_header(bytes)?;
    if version != GAMES_VERSION {
        return Err(SamplesFileError::NotGames(version));
    }
    if bytes.len() < GAMES_HEADER {
        return Err(SamplesFileError::BadHeader);
    }
    // Any flag but the recipe's two is damage.
    let flags = bytes[HEADER + 16];
    if flags & !(LEARNED | BALANCED) != 0 {
        return Err(SamplesFileError::BadHeader);
    }
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let rule = rule_of(bytes)?;
    let recipe = Recipe {
        rule,
        seed: word(HEADER),
        nodes: word(HEADER + 8),
        learned: flags & LEARNED != 0,
        balanced: flags & BALANCED != 0,
        weights: word(HEADER + 17),
    };
    let mut at = GAMES_HEADER;
    let mut games = Vec::new();
    while let Some((game, len)) = read_game(&bytes[at..], games.len())? {
        games.push(game);
        at += len;
    }
    Ok(GamesFile {
        recipe,
        games,
        whole_bytes: at,
        torn_bytes: bytes.len() - at,
    })
}

/// The game record at the start of `bytes`, which must be game number `index`, and its length;
/// `None` if `bytes` does not hold a whole record.
fn read_game(bytes: &[u8], index: usize) -> Result<Option<(GameRecord, usize)>, SamplesFileError> {
    if bytes.len() < GAME_HEAD {
        return Ok(None);
    }
    let count = bytes[4] as usize;
    let bad = SamplesFileError::BadGame { index };
    let area = SIDE as usize * SIDE as usize;
    let cell = |c: u8| (usize::from(c) < area).then(|| Pos::new(c % SIDE, c / SIDE));
    // The moves' scores and lines, each line as long as its length byte says.
    let mut at = GAME_HEAD + count;
    let (mut scores, mut lines) = (Vec::with_capacity(count), Vec::with_capacity(count));
    for _ in 0..count {
        let Some(head) = bytes.get(at..at + 3) else {
            return Ok(None);
        };
        let (score, length) = (i16::from_le_bytes([head[0], head[1]]), head[2] as usize);
        let Some(line) = bytes.get(at + 3..at + 3 + length) else {
            return Ok(None);
        };
        let line: Option<Vec<Pos>> = line.iter().map(|&c| cell(c)).collect();
        if score != NOT_A_SAMPLE && !(-20_000..=20_000).contains(&score) || length > LINE_CAP {
            return Err(bad);
        }
        scores.push(score);
        lines.push(line.ok_or(bad.clone())?);
        at += 3 + length;
    }
    let len = at;
    let number = u32::from_le_bytes(bytes[0..4].try_into().expect("4 bytes"));
    let result = bytes[5] as i8;
    if number as usize != index || !(-1..=1).contains(&result) {
        return Err(bad);
    }
    let mut seen = vec![false; area];
    let mut moves = Vec::with_capacity(count);
    for &c in &bytes[GAME_HEAD..GAME_HEAD + count] {
        match cell(c) {
            Some(p) if !std::mem::replace(&mut seen[c as usize], true) => moves.push(p),
            _ => return Err(bad),
        }
    }
    Ok(Some((
        GameRecord {
            moves,
            scores,
            lines,
            result,
        },
        len,
    )))
}

/// Reads every sample of a samples file: each record of a file of one record a position (versions 1
/// and 2), or each searched position of a games file, game by game. A games file's torn last game
/// is refused here (the trainer reads finished files).
pub fn read_samples(bytes: &[u8]) -> Result<Samples, SamplesFileError> {
    let version = check_header(bytes)?;
    if version != GAMES_VERSION {
        return read_records(bytes, version);
    }
    let file = finished_games(bytes)?;
    Ok(Samples {
        rule: file.recipe.rule,
        samples: file.games.iter().flat_map(GameRecord::samples).collect(),
    })
}

/// The ends of the search's lines in a games file, game by game (`GameRecord::line_ends`). Only
/// a games file keeps the lines.
pub fn read_line_ends(bytes: &[u8]) -> Result<Samples, SamplesFileError> {
    let file = finished_games(bytes)?;
    Ok(Samples {
        rule: file.recipe.rule,
        samples: file.games.iter().flat_map(GameRecord::line_ends).collect(),
    })
}

/// A games file whose last game is whole.
fn finished_games(bytes: &[u8]) -> Result<GamesFile, SamplesFileError> {
    let file = read_games(bytes)?;
    if file.torn_bytes > 0 {
        return Err(SamplesFileError::TornGame {
            games: file.games.len(),
            extra: file.torn_bytes,
        });
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recipe(rule: Rule) -> Recipe {
        Recipe {
            rule,
            seed: 7,
            nodes: 6000,
            learned: true,
            balanced: false,
            weights: weights_hash(b"a table"),
        }
    }

    /// Black h8, white i8, black h9 (the opening, not samples), then white h10 and black h7 scored.
    fn game() -> GameRecord {
        GameRecord {
            moves: [(7, 7), (8, 7), (7, 6), (7, 5), (7, 8)]
                .map(|(x, y)| Pos::new(x, y))
                .to_vec(),
            scores: vec![NOT_A_SAMPLE, NOT_A_SAMPLE, NOT_A_SAMPLE, -40, 90],
            // White's line: h10, h7 and g7; black's line plays h10 again, which ends it at once.
            lines: vec![
                vec![],
                vec![],
                vec![],
                [(7, 5), (7, 8), (6, 8)]
                    .map(|(x, y)| Pos::new(x, y))
                    .to_vec(),
                vec![Pos::new(7, 5)],
            ],
            result: 1,
        }
    }

    #[test]
    fn games_round_trip_and_give_the_samples_of_their_scored_positions() {
        for rule in [Rule::Freestyle, Rule::Renju] {
            let mut bytes = games_header(&recipe(rule)).expect("a rule with a table");
            game().write(0, &mut bytes);
            game().write(1, &mut bytes);
            assert_eq!(
                bytes.len(),
                GAMES_HEADER + 2 * (GAME_HEAD + 5 + 5 * 3 + 3 + 1)
            );
            let file = read_games(&bytes).expect("readable");
            assert_eq!(file.recipe, recipe(rule));
            assert_eq!(file.games, vec![game(), game()]);
            assert_eq!((file.whole_bytes, file.torn_bytes), (bytes.len(), 0));
            // The balanced openings' flag is kept beside the learned one.
            for learned in [false, true] {
                let judged = Recipe {
                    learned,
                    balanced: true,
                    ..recipe(rule)
                };
                let header = games_header(&judged).expect("a rule with a table");
                assert_eq!(read_games(&header).map(|f| f.recipe), Ok(judged));
                assert!(judged.to_string().ends_with(", balanced openings"));
            }

            let samples = read_samples(&bytes).expect("readable as samples");
            assert_eq!(samples.rule, rule);
            assert_eq!(samples.samples.len(), 4);
            let [white, black] = [&samples.samples[0], &samples.samples[1]];
            // White to move after three stones, the game lost for it; then black, won.
            assert_eq!(white.to_move, Color::White);
            assert_eq!((white.score, white.result), (-40, -1));
            assert_eq!(white.chosen, Some(Pos::new(7, 5)));
            assert_eq!(white.cells.iter().filter(|&&c| c != 0).count(), 3);
            assert_eq!(white.cells[7 * 15 + 8], 2, "white's i8");
            assert_eq!(
                (black.to_move, black.score, black.result),
                (Color::Black, 90, 1)
            );
            assert_eq!(black.cells[5 * 15 + 7], 2, "white's h10 is on the board");
            // The same as version 2 records of the same positions.
            let mut v2 = crate::search::dataset::samples_header(rule).expect("v2");
            for s in &samples.samples {
                s.write(&mut v2);
            }
            assert_eq!(read_samples(&v2).as_ref(), Ok(&samples));

            // The ends of the lines: white's three moves on, black to move, the score and the
            // result turned to black's view; black's line is cut where it repeats a stone.
            let ends = read_line_ends(&bytes).expect("the lines' ends").samples;
            assert_eq!(ends.len(), 4);
            let [white_end, black_end] = [&ends[0], &ends[1]];
            assert_eq!(white_end.cells.iter().filter(|&&c| c != 0).count(), 6);
            assert_eq!(white_end.cells[8 * 15 + 6], 2, "white's g9");
            assert_eq!(
                (white_end.to_move, white_end.score, white_end.result),
                (Color::Black, 40, 1)
            );
            assert_eq!(white_end.chosen, None);
            assert_eq!(
                (black_end.to_move, black_end.score, black_end.result),
                (Color::Black, 90, 1)
            );
            assert_eq!(black_end.cells, black.cells);
        }
    }

    #[test]
    fn a_torn_game_is_counted_for_the_generator_and_refused_to_the_trainer() {
        let mut bytes = games_header(&recipe(Rule::Freestyle)).expect("freestyle");
        game().write(0, &mut bytes);
        let whole = bytes.len();
        game().write(1, &mut bytes);
        for cut in [whole + 1, whole + GAME_HEAD, bytes.len() - 1] {
            let file = read_games(&bytes[..cut]).expect("the whole games read");
            assert_eq!(file.games.len(), 1);
            assert_eq!((file.whole_bytes, file.torn_bytes), (whole, cut - whole));
            let refused = read_samples(&bytes[..cut]).unwrap_err();
            assert!(refused.to_string().contains("1 whole games"), "{refused}");
        }
    }

    #[test]
    fn impossible_games_are_refused() {
        let header = games_header(&recipe(Rule::Renju)).expect("renju");
        let with = |edit: &dyn Fn(&mut Vec<u8>)| {
            let mut bytes = header.clone();
            game().write(0, &mut bytes);
            edit(&mut bytes);
            read_games(&bytes)
        };
        let bad = Err(SamplesFileError::BadGame { index: 0 });
        let at = GAMES_HEADER;
        // Another game's number, a result of 2, a cell off the board, a cell played twice, a
        // score beyond the clamp, and a line's cell off the board.
        assert_eq!(with(&|b| b[at] = 1), bad);
        assert_eq!(with(&|b| b[at + 5] = 2), bad);
        assert_eq!(with(&|b| b[at + GAME_HEAD] = 225), bad);
        assert_eq!(with(&|b| b[at + GAME_HEAD + 1] = b[at + GAME_HEAD]), bad);
        assert_eq!(
            with(&|b| {
                let end = b.len();
                b[end - 4..end - 2].copy_from_slice(&25_000i16.to_le_bytes());
            }),
            bad
        );
        assert_eq!(
            with(&|b| {
                let end = b.len();
                b[end - 1] = 240;
            }),
            bad
        );
        // A version-2 file is not a games file; a games file without its recipe is damaged.
        let v2 = crate::search::dataset::samples_header(Rule::Renju).expect("v2");
        assert_eq!(read_games(&v2), Err(SamplesFileError::NotGames(2)));
        // A flag no generator writes is damage.
        let mut flagged = header.clone();
        flagged[HEADER + 16] = 4;
        assert_eq!(read_games(&flagged), Err(SamplesFileError::BadHeader));
        assert_eq!(
            read_games(&header[..HEADER + 3]),
            Err(SamplesFileError::BadHeader)
        );
        let standard = Recipe {
            rule: Rule::Standard,
            ..recipe(Rule::Renju)
        };
        assert!(games_header(&standard).is_err());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 400, ..Default::default() })]

        /// Any damage to a games file, bytes changed and the end cut anywhere, is read without a
        /// panic, and whatever reads as whole games writes back to exactly the bytes it came from.
        #[test]
        fn damaged_games_files_read_cleanly(
            edits in proptest::collection::vec((0usize..200, proptest::prelude::any::<u8>()), 0..6),
            cut in 0usize..200,
        ) {
            let mut bytes = games_header(&recipe(Rule::Renju)).expect("renju");
            game().write(0, &mut bytes);
            game().write(1, &mut bytes);
            for (at, value) in edits {
                let at = at % bytes.len();
                bytes[at] = value;
            }
            bytes.truncate(cut.min(bytes.len()));
            let _ = read_samples(&bytes);
            let _ = read_line_ends(&bytes);
            if let Ok(file) = read_games(&bytes) {
                let mut again = games_header(&file.recipe).expect("a rule with a table");
                for (number, game) in file.games.iter().enumerate() {
                    game.write(number as u32, &mut again);
                }
                proptest::prop_assert_eq!(&again[..], &bytes[..file.whole_bytes]);
            }
        }
    }
}
