//! Training data for the learned evaluation: self-play samples, their compact file format, and the
//! pattern features the evaluation sees in a sample.
//!
//! Samples file, version 1 (little-endian): magic `TGSP`, version u16 = 1, board side u8, rule u8
//! (0 freestyle, 2 renju), then records of `ceil(side² / 4)` bytes of cells (row-major from the top-left, two
//! bits each, lowest bits first: 0 empty, 1 black, 2 white), the side to move u8 (0 black, 1 white),
//! the search score i16 (mover's view, evaluation units, clamped to ±20000) and the game's result
//! i8 for the mover (1 win, 0 draw, -1 loss). A 15×15 record is 61 bytes.
//!
//! Version 2 adds one byte to each record: the cell the search chose in the position (row-major
//! index, 255 for none: a position at the end of a line was not searched). It is what the move
//! scores learn from. Version-1 files still read, with no chosen cells.
//!
//! Version 3 keeps whole games instead, with the recipe that made them (`games_file.rs`); it reads
//! into the same samples.

use std::fmt;

use super::eval::Weights;
use super::learned::{self, PATTERNS};
use super::picker::Candidates;
use super::state::SearchBoard;
use crate::core::{Color, Pos, Preset, Rule, Variant};

pub(super) const MAGIC: &[u8; 4] = b"TGSP";
/// The version of one record per position.
const VERSION: u16 = 2;
/// The version of whole games (`games_file.rs`), the newest this build reads.
pub(super) const GAMES_VERSION: u16 = 3;
/// The chosen-cell byte of a record without one.
const NO_CELL: u8 = 255;
pub(super) const HEADER: usize = 8;
/// The only board the data and the table are made for.
pub(super) const SIDE: u8 = 15;
/// The rules with a learned table, and so with samples files.
pub(super) const TABLE_RULES: [Rule; 2] = [Rule::Freestyle, Rule::Renju];

/// One self-play position with what the search and the game said about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// Row-major cells: 0 empty, 1 black, 2 white.
    pub cells: Vec<u8>,
    pub to_move: Color,
    /// The search's score, from the mover's view.
    pub score: i16,
    /// The game's result for the mover: 1 win, 0 draw, -1 loss.
    pub result: i8,
    /// The move the search chose here, if this position was searched.
    pub chosen: Option<Pos>,
}

/// Why a samples file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SamplesFileError {
    BadHeader,
    UnsupportedVersion(u16),
    UnsupportedBoard {
        side: u8,
        rule: u8,
    },
    UnsupportedRule(Rule),
    Truncated {
        records: usize,
        extra: usize,
    },
    BadRecord {
        index: usize,
    },
    /// A games file's game that cannot be (number `index` from 0).
    BadGame {
        index: usize,
    },
    /// A games file whose last game was cut off (an interrupted generator: run it again to finish).
    TornGame {
        games: usize,
        extra: usize,
    },
    /// A file of one record per position where whole games were expected.
    NotGames(u16),
}

impl fmt::Display for SamplesFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SamplesFileError::BadHeader => {
                write!(f, "not a Tengen samples file (it does not start with TGSP)")
            }
            SamplesFileError::UnsupportedVersion(v) => {
                write!(
                    f,
                    "samples file version {v}; this build reads versions 1 to {GAMES_VERSION}"
                )
            }
            SamplesFileError::UnsupportedBoard { side, rule } => write!(
                f,
                "samples for a {side}×{side} board with rule code {rule}; only 15×15 freestyle (0) and renju (2) are supported"
            ),
            SamplesFileError::UnsupportedRule(rule) => write!(
                f,
                "no learned table is made for {rule:?} rules; only freestyle and renju have one"
            ),
            SamplesFileError::Truncated { records, extra } => write!(
                f,
                "the samples file ends in the middle of a record ({records} whole records, {extra} bytes left over)"
            ),
            SamplesFileError::BadRecord { index } => write!(
                f,
                "record {index} of the samples file holds an impossible cell, side to move or chosen cell"
            ),
            SamplesFileError::BadGame { index } => write!(
                f,
                "game {index} of the games file is damaged (a wrong number, an impossible move or result, or a score out of range)"
            ),
            SamplesFileError::TornGame { games, extra } => write!(
                f,
                "the games file ends in the middle of a game ({games} whole games, {extra} bytes left over): the generator was interrupted; run it again with the same recipe to finish the file"
            ),
            SamplesFileError::NotGames(v) => write!(
                f,
                "a samples file of version {v} (one record per position), not a games file (version {GAMES_VERSION}, whole games with the search's lines)"
            ),
        }
    }
}

impl std::error::Error for SamplesFileError {}

fn cells_bytes() -> usize {
    (SIDE as usize * SIDE as usize).div_ceil(4)
}

fn record_len(version: u16) -> usize {
    cells_bytes() + if version == 1 { 4 } else { 5 }
}

/// The rule byte of a samples file (the rules' order in `Rule`).
pub(super) fn rule_code(rule: Rule) -> u8 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 2,
    }
}

/// The 15×15 five-in-a-row board of `rule`, the board every sample is played on.
fn board_variant(rule: Rule) -> Variant {
    match rule {
        Rule::Freestyle => Preset::Freestyle15,
        Rule::Standard => Preset::Standard15,
        Rule::Renju => Preset::Renju15,
    }
    .variant()
}

/// The header of a samples file for 15×15 boards under `rule` (freestyle or renju: the rules with a
/// learned table).
pub fn samples_header(rule: Rule) -> Result<Vec<u8>, SamplesFileError> {
    if !TABLE_RULES.contains(&rule) {
        return Err(SamplesFileError::UnsupportedRule(rule));
    }
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&[SIDE, rule_code(rule)]);
    Ok(out)
}

impl Sample {
    /// The sample of a position given by its stones.
    pub fn new(
        stones: impl IntoIterator<Item = (Pos, Color)>,
        to_move: Color,
        score: i32,
        result: i8,
    ) -> Sample {
        let mut cells = vec![0u8; SIDE as usize * SIDE as usize];
        for (pos, color) in stones {
            cells[pos.y as usize * SIDE as usize + pos.x as usize] = color.index() as u8 + 1;
        }
        Sample {
            cells,
            to_move,
            score: score.clamp(-20_000, 20_000) as i16,
            result,
            chosen: None,
        }
    }

    /// Appends this sample's record to `out`.
    pub fn write(&self, out: &mut Vec<u8>) {
        let mut packed = vec![0u8; cells_bytes()];
        for (i, &c) in self.cells.iter().enumerate() {
            packed[i / 4] |= c << (2 * (i % 4));
        }
        out.extend_from_slice(&packed);
        out.push(self.to_move.index() as u8);
        out.extend_from_slice(&self.score.to_le_bytes());
        out.push(self.result as u8);
        out.push(self.chosen.map_or(NO_CELL, |p| p.y * SIDE + p.x));
    }

    /// The search board of this position under `rule`.
    fn board(&self, rule: Rule) -> SearchBoard {
        self.board_with(rule, Weights::default())
    }

    fn board_with(&self, rule: Rule, weights: Weights) -> SearchBoard {
        let mut b = SearchBoard::new(board_variant(rule), weights);
        for (i, &c) in self.cells.iter().enumerate() {
            if c != 0 {
                let pos = Pos::new((i % SIDE as usize) as u8, (i / SIDE as usize) as u8);
                let color = if c == 1 { Color::Black } else { Color::White };
                let cell = b.cell(pos);
                b.play(cell, color);
            }
        }
        b
    }

    /// What the move scores see of this position under `rule`: the cells the search would consider
    /// for the side to move, each with the mover's and the opponent's pattern index there, and which
    /// of them the search chose. `None` without a chosen cell, or if the search chose a cell it
    /// would not consider now (the root sees more than a node inside the search).
    pub fn move_choice(&self, rule: Rule) -> Option<MoveChoice> {
        let chosen = self.chosen?;
        let b = self.board_with(
            rule,
            Weights {
                learned: learned::table_for(rule).map(|_| rule),
                ..Weights::default()
            },
        );
        let (me, opp) = (self.to_move, self.to_move.opponent());
        let candidates = Candidates::of(&b, me);
        let target = b.cell(chosen);
        let mut choice = MoveChoice {
            cells: Vec::new(),
            chosen: usize::MAX,
            at: Vec::new(),
            state: Vec::with_capacity(self.cells.len()),
            order: Vec::new(),
        };
        for &c in &b.board_cells {
            let pos = b.pos(c);
            let at = (pos.y as usize * SIDE as usize + pos.x as usize) as u8;
            choice.state.push(match self.cells[at as usize] {
                0 => b.class(me, c) * 9 + b.class(opp, c),
                s if s == me.index() as u8 + 1 => 81,
                _ => 82,
            });
            if candidates.admits(&b, c) {
                if c == target {
                    choice.chosen = choice.cells.len();
                }
                choice.cells.push([
                    learned::pattern_index(b.levels(me, c)) as u16,
                    learned::pattern_index(b.levels(opp, c)) as u16,
                ]);
                choice.at.push(at);
                choice
                    .order
                    .push(super::picker::static_order_score(&b, me, c));
            }
        }
        (choice.chosen < choice.cells.len()).then_some(choice)
    }

    /// The search board's line windows (`LineWindows`) of every empty cell, from the side to
    /// move's view, cell by cell in reading order: what the engine reads window values by, for the
    /// trainer's own reading (`tengen_tools::windows`) to be checked against.
    pub fn window_codes(&self, rule: Rule) -> Vec<[u16; 4]> {
        let b = self.board(rule);
        (b.board_cells.iter())
            .filter(|&&c| b.is_empty(c))
            .map(|&c| b.window_codes(self.to_move, c))
            .collect()
    }

    /// The pattern features of this position under `rule`: for every empty cell, its
    /// sorted-combination index for the side to move and for the opponent. Renju black's forbidden
    /// points are left out: they are worth nothing to black.
    pub fn features(&self, rule: Rule) -> Features {
        let b = self.board(rule);
        let mut f = Features {
            mover: Vec::new(),
            opponent: Vec::new(),
            threat: b.threat_mask(self.to_move) as u16,
        };
        let index = |color: Color, c| {
            (!b.is_forbidden(color, c)).then(|| learned::pattern_index(b.levels(color, c)) as u16)
        };
        for &c in &b.board_cells {
            if b.is_empty(c) {
                f.mover.extend(index(self.to_move, c));
                f.opponent.extend(index(self.to_move.opponent(), c));
            }
        }
        f
    }
}

/// A samples file: the rules its games were played under, and its records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Samples {
    pub rule: Rule,
    pub samples: Vec<Sample>,
}

/// The version of a samples file, once its magic and version are known good.
pub(super) fn check_header(bytes: &[u8]) -> Result<u16, SamplesFileError> {
    if bytes.len() < HEADER || &bytes[0..4] != MAGIC {
        return Err(SamplesFileError::BadHeader);
    }
    let version = u16::from_le_bytes([bytes[4], bytes[5]]);
    if !(1..=GAMES_VERSION).contains(&version) {
        return Err(SamplesFileError::UnsupportedVersion(version));
    }
    Ok(version)
}

/// The rules of a samples file's games (15×15 freestyle or renju).
pub(super) fn rule_of(bytes: &[u8]) -> Result<Rule, SamplesFileError> {
    let rule = TABLE_RULES.into_iter().find(|&r| rule_code(r) == bytes[7]);
    match (rule, bytes[6]) {
        (Some(rule), SIDE) => Ok(rule),
        _ => Err(SamplesFileError::UnsupportedBoard {
            side: bytes[6],
            rule: bytes[7],
        }),
    }
}

/// Reads every record of a samples file of one record a position (versions 1 and 2; the header is
/// known good). `read_samples` reads any version.
pub(super) fn read_records(bytes: &[u8], version: u16) -> Result<Samples, SamplesFileError> {
    let rule = rule_of(bytes)?;
    let body = &bytes[HEADER..];
    let len = record_len(version);
    if !body.len().is_multiple_of(len) {
        return Err(SamplesFileError::Truncated {
            records: body.len() / len,
            extra: body.len() % len,
        });
    }
    let n = SIDE as usize * SIDE as usize;
    let samples = body
        .chunks_exact(len)
        .enumerate()
        .map(|(index, r)| {
            let cells: Vec<u8> = (0..n).map(|i| (r[i / 4] >> (2 * (i % 4))) & 3).collect();
            let tail = &r[cells_bytes()..];
            let to_move = match tail[0] {
                0 => Color::Black,
                1 => Color::White,
                _ => return Err(SamplesFileError::BadRecord { index }),
            };
            let result = tail[3] as i8;
            let chosen = match tail.get(4) {
                None | Some(&NO_CELL) => None,
                Some(&i) if (i as usize) < n && cells[i as usize] == 0 => {
                    Some(Pos::new(i % SIDE, i / SIDE))
                }
                Some(_) => return Err(SamplesFileError::BadRecord { index }),
            };
            if cells.contains(&3) || !(-1..=1).contains(&result) {
                return Err(SamplesFileError::BadRecord { index });
            }
            Ok(Sample {
                cells,
                to_move,
                score: i16::from_le_bytes([tail[1], tail[2]]),
                result,
                chosen,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Samples { rule, samples })
}

/// What the move scores see of a searched position (`Sample::move_choice`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveChoice {
    /// Per candidate cell: the mover's pattern index there, and the opponent's.
    pub cells: Vec<[u16; 2]>,
    /// Which of `cells` the search chose.
    pub chosen: usize,
    /// Per candidate cell: its row-major index on the 15×15 board.
    pub at: Vec<u8>,
    /// Per board cell, row-major: 81 the mover's stone, 82 the opponent's, else the mover's
    /// threat class × 9 + the opponent's (what a move score that sees a candidate's
    /// neighbourhood reads).
    pub state: Vec<u8>,
    /// Per candidate cell: the engine's own order score before any search (cell values and
    /// threat classes, no history), with the learned table's cell values as Expert plays.
    pub order: Vec<i32>,
}

/// What the evaluation sees of a position: one pattern index per empty cell and side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    pub mover: Vec<u16>,
    pub opponent: Vec<u16>,
    /// The position's threat mask (`learned::threat_mask`), the side to move's view.
    pub threat: u16,
}

/// The hand-set evaluation for `rule` in the shape of a learned table (the trainer's starting point),
/// and its mover's scale `attack_num / 16` and tempo: the evaluation is
/// `attack × Σ table[mover] − Σ table[opponent] + tempo`. Renju starts from black's view of the
/// shapes (a double three is a forbidden point, worth no class bonus), which fitted the renju games
/// better than the freestyle view (held-out loss 0.692 against 0.695).
pub fn hand_table(rule: Rule) -> (Vec<i32>, f64, i32) {
    use super::pattern::LineRule;
    let w = Weights::default();
    let line_rule = if rule == Rule::Renju {
        LineRule::RenjuBlack
    } else {
        LineRule::Free
    };
    let classes = super::pattern::class_table(line_rule);
    let table = learned::pattern_levels()
        .into_iter()
        .map(|l| w.cell_value(l, classes[super::pattern::combo_key(l)]))
        .collect::<Vec<_>>();
    debug_assert_eq!(table.len(), PATTERNS);
    (table, w.attack_num as f64 / 16.0, w.tempo)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::net::VALUE_UNIT;

    /// A file of one record a position, read.
    fn read_samples(bytes: &[u8]) -> Result<Samples, SamplesFileError> {
        read_records(bytes, check_header(bytes)?)
    }

    #[test]
    fn samples_round_trip_and_bad_files_are_refused() {
        let stones = [
            (Pos::new(7, 7), Color::Black),
            (Pos::new(8, 7), Color::White),
            (Pos::new(14, 14), Color::Black),
        ];
        let s = Sample::new(stones, Color::White, 123, -1);
        let chose = Sample {
            chosen: Some(Pos::new(9, 7)),
            ..s.clone()
        };
        for rule in [Rule::Freestyle, Rule::Renju] {
            let mut bytes = samples_header(rule).expect("a rule with a table");
            s.write(&mut bytes);
            chose.write(&mut bytes);
            assert_eq!(bytes.len(), HEADER + 2 * 62);
            let samples = vec![s.clone(), chose.clone()];
            assert_eq!(read_samples(&bytes), Ok(Samples { rule, samples }));
            let cut = read_samples(&bytes[..bytes.len() - 3]).unwrap_err();
            assert!(cut.to_string().contains("middle of a record"));
        }
        assert_eq!(read_samples(b"hello"), Err(SamplesFileError::BadHeader));
        // A chosen cell that holds a stone is refused.
        let mut bytes = samples_header(Rule::Freestyle).expect("freestyle");
        Sample {
            chosen: Some(Pos::new(8, 7)),
            ..s.clone()
        }
        .write(&mut bytes);
        assert_eq!(
            read_samples(&bytes),
            Err(SamplesFileError::BadRecord { index: 0 })
        );
        // Version 1 (no chosen cell) still reads.
        let mut v1 = samples_header(Rule::Freestyle).expect("freestyle");
        v1[4] = 1;
        chose.write(&mut v1);
        v1.pop();
        assert_eq!(read_samples(&v1).map(|f| f.samples), Ok(vec![s.clone()]));
        let standard = samples_header(Rule::Standard).unwrap_err();
        assert!(standard.to_string().contains("only freestyle and renju"));
        let mut bytes = samples_header(Rule::Freestyle).expect("freestyle");
        bytes[7] = 1;
        assert!(matches!(
            read_samples(&bytes),
            Err(SamplesFileError::UnsupportedBoard { side: 15, rule: 1 })
        ));
    }

    #[test]
    fn features_see_the_mover_and_the_opponent() {
        // Black has an open three on row 7; White to move sees it as the opponent's.
        let stones = (6..9).map(|x| (Pos::new(x, 7), Color::Black));
        let s = Sample::new(stones, Color::White, 0, 0);
        let f = s.features(Rule::Freestyle);
        assert_eq!(f.mover.len(), 225 - 3);
        let (table, _, _) = hand_table(Rule::Freestyle);
        let sum = |ix: &[u16]| ix.iter().map(|&i| table[i as usize]).sum::<i32>();
        assert!(sum(&f.opponent) > sum(&f.mover));
    }

    #[test]
    fn the_move_choice_is_among_the_cells_the_search_would_consider() {
        // Black has an open three on row 7; White must answer it: only its blocks are candidates.
        let mut stones: Vec<(Pos, Color)> =
            (6..9).map(|x| (Pos::new(x, 7), Color::Black)).collect();
        stones.push((Pos::new(7, 8), Color::White));
        stones.push((Pos::new(0, 0), Color::White));
        let mut s = Sample::new(stones.iter().copied(), Color::White, 0, 0);
        assert_eq!(s.move_choice(Rule::Freestyle), None, "no chosen cell");
        s.chosen = Some(Pos::new(9, 7));
        let choice = s
            .move_choice(Rule::Freestyle)
            .expect("a block is a candidate");
        // The two ends, the two cells beyond them (blocking a four's completion) and nothing else.
        assert_eq!(choice.cells.len(), 4, "{choice:?}");
        let b = s.board(Rule::Freestyle);
        let c = b.cell(Pos::new(9, 7));
        let expected = [
            learned::pattern_index(b.levels(Color::White, c)) as u16,
            learned::pattern_index(b.levels(Color::Black, c)) as u16,
        ];
        assert_eq!(choice.cells[choice.chosen], expected);
        // Where each candidate stands, what every cell holds (the mover is White), and the
        // engine's order before search: the open three's ends, which stop an open four, first.
        assert_eq!(choice.at[choice.chosen], 7 * 15 + 9);
        assert_eq!(choice.state.len(), 225);
        assert_eq!(choice.state[7 * 15 + 7], 82, "a Black stone");
        assert_eq!(choice.state[8 * 15 + 7], 81, "a White stone");
        let end = choice.state[7 * 15 + 5];
        assert_eq!(
            end % 9,
            super::super::pattern::C_FLEX4,
            "Black makes an open four at the end: {end}"
        );
        let rank = |at: u8| {
            let j = choice
                .at
                .iter()
                .position(|&a| a == at)
                .expect("a candidate");
            choice
                .order
                .iter()
                .filter(|&&o| o > choice.order[j])
                .count()
        };
        assert!(
            rank(7 * 15 + 5) < 2 && rank(7 * 15 + 9) < 2,
            "{:?}",
            choice.order
        );
        // A cell far from the fight is not one the search would consider.
        s.chosen = Some(Pos::new(14, 14));
        assert_eq!(s.move_choice(Rule::Freestyle), None);
    }

    #[test]
    fn renju_features_leave_out_black_forbidden_points() {
        // Black at (5,7), (6,7), (7,5) and (7,6): (7,7) would make a double three, forbidden to black.
        let stones = [
            (Pos::new(5, 7), Color::Black),
            (Pos::new(6, 7), Color::Black),
            (Pos::new(7, 5), Color::Black),
            (Pos::new(7, 6), Color::Black),
            (Pos::new(0, 0), Color::White),
            (Pos::new(14, 0), Color::White),
            (Pos::new(0, 14), Color::White),
            (Pos::new(14, 14), Color::White),
        ];
        let s = Sample::new(stones, Color::Black, 0, 0);
        let f = s.features(Rule::Renju);
        let empty = 225 - stones.len();
        // Black (the mover) has one forbidden point fewer than there are empty cells.
        assert_eq!(f.mover.len(), empty - 1);
        assert_eq!(f.opponent.len(), empty);
        let free = s.features(Rule::Freestyle);
        assert_eq!(free.mover.len(), empty);
        // White's double three at the same point is a feature like any other.
        let s = Sample::new(stones.map(|(p, c)| (p, c.opponent())), Color::White, 0, 0);
        assert_eq!(s.features(Rule::Renju).mover.len(), empty);
    }

    /// The trainer's model, summed over `table`, equals the search board's evaluation.
    fn model_matches_the_board(rule: Rule, stones: &[(u8, u8)]) {
        let mut b = SearchBoard::new(board_variant(rule), Weights::default());
        let mut lb = SearchBoard::new(
            board_variant(rule),
            Weights {
                learned: Some(rule),
                hidden_layer: true,
                ..Weights::default()
            },
        );
        let mut placed = Vec::new();
        for (i, &(x, y)) in stones.iter().enumerate() {
            let color = Color::to_move_at(i);
            for board in [&mut b, &mut lb] {
                let cell = board.cell(Pos::new(x, y));
                board.play(cell, color);
            }
            placed.push((Pos::new(x, y), color));
        }
        let (table, attack, tempo) = hand_table(Rule::Freestyle);
        let learned = learned::table_for(rule).expect("embedded weights");
        for to_move in [Color::Black, Color::White] {
            // The hook: with `learned` set, the board sums the embedded table instead.
            let f = Sample::new(placed.iter().copied(), to_move, 0, 0).features(rule);
            let lsum = |ix: &[u16]| {
                ix.iter()
                    .map(|&i| learned.values[i as usize] as i32)
                    .sum::<i32>()
            };
            let model = match &learned.net {
                None => {
                    (lsum(&f.mover) * 20) / 16 - lsum(&f.opponent)
                        + tempo
                        + learned.threat_value(f.threat as usize)
                }
                // The net's own values, and its sums over the same patterns.
                Some(net) => {
                    let side = |ix: &[u16]| net.sums_of(ix.iter().map(|&i| i as usize));
                    let ((mover, mover_value), (opponent, opponent_value)) =
                        (side(&f.mover), side(&f.opponent));
                    (mover_value * 20 / 16 - opponent_value) / VALUE_UNIT
                        + tempo
                        + net.value(&mover, &opponent, f.threat as usize)
                }
            };
            assert_eq!(model, lb.evaluate(to_move), "{rule:?}, {to_move:?} to move");
            assert_eq!(f.threat as usize, lb.threat_mask(to_move));
            if rule == Rule::Freestyle {
                // The hand-set weights count forbidden points, so only freestyle compares.
                let sum = |ix: &[u16]| ix.iter().map(|&i| table[i as usize]).sum::<i32>();
                let model = attack * sum(&f.mover) as f64 - sum(&f.opponent) as f64 + tempo as f64;
                assert!(
                    (model - b.evaluate(to_move) as f64).abs() <= 1.0,
                    "{model} vs {}",
                    b.evaluate(to_move)
                );
            }
        }
    }

    #[test]
    fn the_tables_reproduce_the_search_evaluation() {
        let stones = [(7, 7), (8, 8), (7, 8), (6, 6), (7, 9), (9, 9), (5, 7)];
        model_matches_the_board(Rule::Freestyle, &stones);
        model_matches_the_board(Rule::Renju, &stones);
        // Black threatens a double three at (7, 7) (forbidden): renju leaves it out on both sides.
        let forbidden = [
            (5, 7),
            (0, 0),
            (6, 7),
            (14, 0),
            (7, 5),
            (0, 14),
            (7, 6),
            (14, 14),
        ];
        model_matches_the_board(Rule::Renju, &forbidden);
    }
}
