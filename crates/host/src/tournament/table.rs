//! The cross table: each pairing's score, each entrant's points, games, Elo against the field with
//! its error bars, and forfeits by kind.

use std::fmt::Write as _;

use tengen_engine::GameResult;

use super::stats::{Forfeit, PlayerStats, Record, elo_difference};

/// How one game of a tournament ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The schedule's game number (1-based).
    pub number: usize,
    /// Entrants' indices.
    pub black: usize,
    pub white: usize,
    pub result: GameResult,
    /// The forfeit that ended the game (the loser's), with why in words.
    pub forfeit: Option<(Forfeit, String)>,
    /// Moves played after the opening.
    pub moves: usize,
}

impl Played {
    /// The winner's index, `None` for a draw.
    pub fn winner(&self) -> Option<usize> {
        match self.result {
            GameResult::BlackWins => Some(self.black),
            GameResult::WhiteWins => Some(self.white),
            GameResult::Draw => None,
        }
    }

    /// The loser's index, `None` for a draw.
    pub fn loser(&self) -> Option<usize> {
        match self.result {
            GameResult::BlackWins => Some(self.white),
            GameResult::WhiteWins => Some(self.black),
            GameResult::Draw => None,
        }
    }
}

/// The results so far of a tournament's entrants.
#[derive(Clone, Debug, Default)]
pub struct CrossTable {
    names: Vec<String>,
    scheduled: usize,
    played: Vec<Played>,
    /// `pairs[a][b]`: a's record against b.
    pairs: Vec<Vec<Record>>,
    stats: Vec<PlayerStats>,
}

impl CrossTable {
    /// An empty table of these entrants, `scheduled` games in all.
    pub fn new(names: Vec<String>, scheduled: usize) -> CrossTable {
        let n = names.len();
        CrossTable {
            names,
            scheduled,
            played: Vec::new(),
            pairs: vec![vec![Record::default(); n]; n],
            stats: vec![PlayerStats::default(); n],
        }
    }

    /// Counts one finished game.
    pub fn add(&mut self, game: Played) {
        let n = self.names.len();
        if game.black >= n || game.white >= n || game.black == game.white {
            return;
        }
        let black_won = game.winner().map(|w| w == game.black);
        let (b, w) = (game.black, game.white);
        self.pairs[b][w] = self.pairs[b][w] + Record::one_game(black_won);
        self.pairs[w][b] = self.pairs[w][b] + Record::one_game(black_won.map(|won| !won));
        self.stats[b].as_black = self.stats[b].as_black + Record::one_game(black_won);
        self.stats[w].as_white = self.stats[w].as_white + Record::one_game(black_won.map(|x| !x));
        if let (Some((kind, _)), Some(loser)) = (&game.forfeit, game.loser()) {
            self.stats[loser].count_forfeit(*kind);
        }
        self.played.push(game);
    }

    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Games in the whole schedule.
    pub fn scheduled(&self) -> usize {
        self.scheduled
    }

    /// The finished games, in the order they ended.
    pub fn played(&self) -> &[Played] {
        &self.played
    }

    /// `a`'s record against `b`.
    pub fn pair(&self, a: usize, b: usize) -> Record {
        self.pairs
            .get(a)
            .and_then(|row| row.get(b))
            .copied()
            .unwrap_or_default()
    }

    /// One entrant's results by colour and forfeits by kind.
    pub fn stats(&self, entrant: usize) -> PlayerStats {
        self.stats.get(entrant).cloned().unwrap_or_default()
    }

    /// Points: a win 1, a draw ½.
    pub fn points(&self, entrant: usize) -> f64 {
        let record = self.stats(entrant).total();
        f64::from(record.wins) + f64::from(record.draws) / 2.0
    }

    /// Games played by the entrant.
    pub fn games(&self, entrant: usize) -> u32 {
        self.stats(entrant).total().games()
    }

    /// Elo against the whole field with a 95% interval, as [`elo_difference`] gives it.
    pub fn elo(&self, entrant: usize) -> Option<(f64, f64, f64)> {
        elo_difference(self.stats(entrant).total())
    }

    /// The Elo as `+120 ± 85` (half the interval), `+∞`/`-∞` when every point went one way
    /// (the symbols read the same in every language the game speaks),
    /// `-` before any game.
    pub fn elo_words(&self, entrant: usize) -> String {
        let record = self.stats(entrant).total();
        match (self.elo(entrant), record.score()) {
            (Some((low, mid, high)), _) if low.is_finite() && high.is_finite() => {
                format!("{:+.0} ± {:.0}", no_minus_zero(mid), (high - low) / 2.0)
            }
            (Some((_, mid, _)), _) => format!("{:+.0} ± ∞", no_minus_zero(mid)),
            (None, Some(score)) if score >= 1.0 => "+∞".to_owned(),
            (None, Some(_)) => "-∞".to_owned(),
            (None, None) => "-".to_owned(),
        }
    }

    /// A pairing's cell: `1.5/2`, `-` on the diagonal, `.` before they met.
    pub fn cell(&self, a: usize, b: usize) -> String {
        if a == b {
            return "-".to_owned();
        }
        let record = self.pair(a, b);
        if record.games() == 0 {
            return ".".to_owned();
        }
        let points = f64::from(record.wins) + f64::from(record.draws) / 2.0;
        format!("{}/{}", points_words(points), record.games())
    }

    /// The table as text, one line per entrant, for terminals and the resume folder.
    pub fn render(&self) -> String {
        let n = self.names.len();
        let mut out = format!(
            "Cross table: {} of {} games played\n",
            self.played.len(),
            self.scheduled
        );
        // As wide as the longest name, within reason.
        let width = self
            .names
            .iter()
            .map(|n| n.chars().count())
            .max()
            .unwrap_or(0);
        let width = width.clamp(6, 40);
        let _ = write!(out, "{:>2}  {:<width$}", "#", "Engine");
        for b in 0..n {
            let _ = write!(out, " {:>7}", b + 1);
        }
        let _ = writeln!(
            out,
            " {:>7} {:>6}  {:<14} Forfeits",
            "Points", "Games", "Elo"
        );
        for a in 0..n {
            let name: String = self.names[a].chars().take(width).collect();
            let _ = write!(out, "{:>2}  {name:<width$}", a + 1);
            for b in 0..n {
                let _ = write!(out, " {:>7}", self.cell(a, b));
            }
            let _ = writeln!(
                out,
                " {:>7} {:>6}  {:<14} {}",
                points_words(self.points(a)),
                self.games(a),
                self.elo_words(a),
                self.stats(a).forfeits_by_kind()
            );
        }
        out
    }
}

/// An even score reads `+0`, not `-0`.
fn no_minus_zero(elo: f64) -> f64 {
    if elo.round() == 0.0 { 0.0 } else { elo }
}

/// `2`, `1.5`: points with a half only where there is one.
pub fn points_words(points: f64) -> String {
    if points.fract() == 0.0 {
        format!("{points:.0}")
    } else {
        format!("{points:.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(number: usize, black: usize, white: usize, result: GameResult) -> Played {
        Played {
            number,
            black,
            white,
            result,
            forfeit: None,
            moves: 10,
        }
    }

    #[test]
    fn the_table_counts_pairings_points_and_forfeits() {
        let names = vec!["A".to_owned(), "B".to_owned(), "C".to_owned()];
        let mut table = CrossTable::new(names, 6);
        table.add(game(1, 0, 1, GameResult::BlackWins));
        table.add(game(2, 1, 0, GameResult::Draw));
        table.add(game(3, 0, 2, GameResult::WhiteWins));
        let mut forfeit = game(4, 2, 1, GameResult::BlackWins);
        forfeit.forfeit = Some((Forfeit::Time, "no move within 1 s".to_owned()));
        table.add(forfeit);
        assert_eq!(table.cell(0, 1), "1.5/2");
        assert_eq!(table.cell(1, 0), "0.5/2");
        assert_eq!(table.cell(0, 2), "0/1");
        assert_eq!(table.cell(2, 0), "1/1");
        assert_eq!(table.cell(1, 1), "-");
        assert_eq!(table.points(0), 1.5);
        assert_eq!(table.points(2), 2.0);
        assert_eq!(table.games(1), 3);
        assert_eq!(table.stats(1).forfeits_by_kind(), "time 1");
        assert_eq!(table.stats(2).forfeits_by_kind(), "none");
        assert_eq!(table.played().len(), 4);
        // 1.5 of 3: even, with a wide interval.
        assert!(
            table.elo_words(0).starts_with("+0 ± "),
            "{}",
            table.elo_words(0)
        );
        assert_eq!(table.elo_words(2), "+∞");
        assert!(
            table.elo_words(1).starts_with("-280 ± "),
            "{}",
            table.elo_words(1)
        );
        let text = table.render();
        assert!(
            text.starts_with("Cross table: 4 of 6 games played\n"),
            "{text}"
        );
        assert!(text.contains("time 1"), "{text}");
        // A game naming no entrant of the table is passed over, not a panic.
        table.add(game(5, 0, 7, GameResult::Draw));
        assert_eq!(table.played().len(), 4);
        // A clean sweep reads as infinity both ways, in symbols every language shares.
        let mut sweep = CrossTable::new(vec!["A".to_owned(), "B".to_owned()], 2);
        assert_eq!(sweep.elo_words(1), "-");
        sweep.add(game(1, 0, 1, GameResult::BlackWins));
        assert_eq!(
            (sweep.elo_words(0), sweep.elo_words(1)),
            ("+∞".to_owned(), "-∞".to_owned())
        );
    }

    #[test]
    fn elo_against_the_field_has_error_bars() {
        let mut table = CrossTable::new(vec!["A".to_owned(), "B".to_owned()], 20);
        for i in 0..20 {
            let result = if i % 4 == 0 {
                GameResult::WhiteWins
            } else {
                GameResult::BlackWins
            };
            let (black, white) = if i % 2 == 0 { (0, 1) } else { (1, 0) };
            let result = match (result, black) {
                // A wins 15 of 20.
                (GameResult::BlackWins, 1) => GameResult::WhiteWins,
                (r, _) => r,
            };
            table.add(game(i + 1, black, white, result));
        }
        let (low, mid, high) = table.elo(0).unwrap_or_default();
        assert!((mid - 190.8).abs() < 0.5, "{mid}");
        assert!(low < mid && mid < high);
        assert_eq!(table.elo(1).map(|(_, m, _)| m.round()), Some(-191.0));
    }
}
