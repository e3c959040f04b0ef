//! Reference opponents of the kind written in course projects, to place Tengen's weaker levels on a
//! familiar scale (`tengen-match medium bot:minimax`): a bot that plays the point whose own and
//! blocked threats score best, and a shallow alpha-beta minimax over a line-pattern evaluation.
//!
//! They are plain on purpose, as such projects are: a shape is a run of stones and how many of its
//! two ends are open (no gaps, no forbidden-point tactics, no threat search). Both are deterministic,
//! so a match varies only by its openings and the level's own randomness. Under renju, black bots
//! never play a forbidden point (as match judges read them: `forbidden_in_match`).

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;

use tengen_engine::{Board, Brain, Color, DIRECTIONS, Pos, ThinkTime, forbidden_in_match};

/// Which reference bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bot {
    /// One ply: the point with the best sum of the shapes it makes and the shapes it blocks.
    Threats,
    /// Alpha-beta to [`MINIMAX_DEPTH`] plies over the best-scored candidate points, evaluating the
    /// whole board's shapes at the leaves.
    Minimax,
    /// A beginner: fives, blocks of fours, else its longest line or beside the last stone
    /// ([`crate::novice`]).
    Novice,
}

impl FromStr for Bot {
    type Err = String;

    fn from_str(s: &str) -> Result<Bot, String> {
        match s.to_ascii_lowercase().as_str() {
            "threats" => Ok(Bot::Threats),
            "minimax" => Ok(Bot::Minimax),
            "novice" => Ok(Bot::Novice),
            _ => Err(format!("unknown bot '{s}': use threats, minimax or novice")),
        }
    }
}

impl fmt::Display for Bot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Bot::Threats => "threats",
            Bot::Minimax => "minimax",
            Bot::Novice => "novice",
        })
    }
}

/// Plies the minimax bot looks ahead (its move, the reply, its next move).
pub const MINIMAX_DEPTH: u32 = 3;
/// Candidate points the minimax bot searches at each node, best-scored first.
const MINIMAX_WIDTH: usize = 10;
/// A won position for the minimax bot, above any sum of shapes.
const WIN: i64 = 1 << 40;

/// The worth of a run of `len` stones with `open` free ends, the usual course-project table.
fn shape(len: usize, open: usize) -> i64 {
    match (len, open) {
        (5.., _) => 10_000_000,
        (_, 0) => 0,
        (4, 2) => 1_000_000,
        (4, _) => 10_000,
        (3, 2) => 10_000,
        (3, _) => 1_000,
        (2, 2) => 1_000,
        (2, _) => 100,
        (1, 2) => 10,
        _ => 1,
    }
}

/// The worth of the run of `len` cells from `start` along `(dx, dy)`, by how many of the cells
/// just past its two ends are empty.
fn run_worth(board: &Board, start: Pos, (dx, dy): (i32, i32), len: usize) -> i64 {
    let size = board.size();
    let open = [
        start.offset(-dx, -dy, 1, size),
        start.offset(dx, dy, len as i32, size),
    ]
    .iter()
    .filter(|end| end.is_some_and(|q| board.is_empty(q)))
    .count();
    shape(len, open)
}

/// The run through empty `pos` if `color` played there, in each direction: its shapes' sum.
fn point_score(board: &Board, pos: Pos, color: Color) -> i64 {
    DIRECTIONS
        .iter()
        .map(|&(dx, dy)| {
            let behind = board.run_from(pos, -dx, -dy, color);
            let ahead = board.run_from(pos, dx, dy, color);
            // The run's first cell is `behind` steps back, so on the board.
            let start = pos
                .offset(-dx, -dy, behind as i32, board.size())
                .unwrap_or(pos);
            run_worth(board, start, (dx, dy), 1 + behind + ahead)
        })
        .sum()
}

/// A point's worth to `me` about to move there: its own shapes, and (a little less) the opponent's
/// shapes it takes away.
fn threat_score(board: &Board, pos: Pos, me: Color) -> i64 {
    point_score(board, pos, me) + point_score(board, pos, me.opponent()) * 9 / 10
}

/// The empty points next to a stone (at most two steps away) that `me` may play, best-scored
/// first; the centre on an empty board.
fn candidates(board: &Board, me: Color) -> Vec<(Pos, i64)> {
    let size = board.size();
    if board.stone_count() == 0 {
        return vec![(Pos::new(size / 2, size / 2), 0)];
    }
    let near = |p: Pos| {
        (-2..=2).any(|dy| {
            (-2..=2).any(|dx| {
                p.offset(dx, dy, 1, size)
                    .is_some_and(|q| !board.is_empty(q))
            })
        })
    };
    let mut out: Vec<(Pos, i64)> = board
        .empty_points()
        .filter(|&p| near(p))
        .filter(|&p| !(me == Color::Black && forbidden_in_match(board, p).is_some()))
        .map(|p| (p, threat_score(board, p, me)))
        .collect();
    // Stable: equal scores keep row-major order, so the bot is deterministic.
    out.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
    out
}

/// Every maximal run of `color`'s stones on the board, scored by its shape.
fn board_shapes(board: &Board, color: Color) -> i64 {
    let size = board.size();
    let mut total = 0;
    for p in (0..size as usize * size as usize).map(|i| Pos::from_index(i, size)) {
        if board.get(p) != Some(color) {
            continue;
        }
        for &(dx, dy) in &DIRECTIONS {
            // Count each run once, from its first stone.
            if p.offset(-dx, -dy, 1, size)
                .is_some_and(|q| board.get(q) == Some(color))
            {
                continue;
            }
            total += run_worth(board, p, (dx, dy), 1 + board.run_from(p, dx, dy, color));
        }
    }
    total
}

/// The minimax bot's leaf value for `me`: its shapes against the opponent's.
fn evaluate(board: &Board, me: Color) -> i64 {
    board_shapes(board, me) - board_shapes(board, me.opponent())
}

/// Negamax with alpha-beta from `me`'s point of view: the score (no lower than a loss next move,
/// 0 where `me` may play nowhere), and the first move that reached it (`None` at a leaf).
fn negamax(
    board: &mut Board,
    me: Color,
    depth: u32,
    mut alpha: i64,
    beta: i64,
) -> (i64, Option<Pos>) {
    if depth == 0 {
        return (evaluate(board, me), None);
    }
    let (mut best, mut best_move) = (-WIN - 1, None);
    for &(p, _) in candidates(board, me).iter().take(MINIMAX_WIDTH) {
        board.place(p, me);
        let score = if board.is_win_at(p) {
            WIN + depth as i64
        } else {
            -negamax(board, me.opponent(), depth - 1, -beta, -alpha).0
        };
        board.remove(p);
        if best_move.is_none() || score > best {
            best_move = Some(p);
        }
        best = best.max(score);
        alpha = alpha.max(score);
        if alpha >= beta {
            break;
        }
    }
    (if best_move.is_some() { best } else { 0 }, best_move)
}

impl Bot {
    /// The bot's move for `me`, or `None` when it may play nowhere.
    pub fn choose(self, board: &Board, me: Color) -> Option<Pos> {
        match self {
            Bot::Threats => candidates(board, me).first().map(|&(p, _)| p),
            Bot::Minimax => {
                let mut board = board.clone();
                negamax(&mut board, me, MINIMAX_DEPTH, -WIN - 1, WIN + 1).1
            }
            Bot::Novice => crate::novice::novice_move(board, me, None),
        }
    }
}

/// A reference bot as a protocol brain; it ignores the clock (it answers in milliseconds).
pub struct BotBrain {
    bot: Bot,
    /// The stones of the board it last saw: the novice answers next to the one the opponent added.
    seen: Vec<Pos>,
}

impl BotBrain {
    pub fn new(bot: Bot) -> BotBrain {
        BotBrain {
            bot,
            seen: Vec::new(),
        }
    }
}

impl Brain for BotBrain {
    fn think(
        &mut self,
        board: &Board,
        to_move: Color,
        _time: ThinkTime,
        _stop: &AtomicBool,
    ) -> Option<Pos> {
        if self.bot != Bot::Novice {
            return self.bot.choose(board, to_move);
        }
        let last = board
            .stones()
            .find(|&(p, c)| c == to_move.opponent() && !self.seen.contains(&p))
            .map(|(p, _)| p);
        self.seen = board.stones().map(|(p, _)| p).collect();
        crate::novice::novice_move(board, to_move, last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_engine::{Rule, Variant};

    fn board(rule: Rule, stones: &[(u8, u8, Color)]) -> Board {
        let mut b = Board::new(Variant::new(15, 5, rule).unwrap_or_else(|e| panic!("{e:?}")));
        for &(x, y, c) in stones {
            b.place(Pos::new(x, y), c);
        }
        b
    }

    const BOTS: [Bot; 2] = [Bot::Threats, Bot::Minimax];

    #[test]
    fn bots_parse_and_print_their_names() {
        for bot in BOTS {
            assert_eq!(bot.to_string().parse(), Ok(bot));
        }
        assert_eq!("Minimax".parse(), Ok(Bot::Minimax));
        assert!("alphazero".parse::<Bot>().is_err());
    }

    #[test]
    fn both_bots_open_in_the_centre_win_in_one_and_block_a_four() {
        use Color::{Black, White};
        for bot in BOTS {
            assert_eq!(
                bot.choose(&board(Rule::Freestyle, &[]), Black),
                Some(Pos::new(7, 7))
            );
            // Black's four on row 7 (x 3..=6, x 2 taken by white): black completes it at x 7,
            // and white, to move instead, blocks there.
            let four = board(
                Rule::Freestyle,
                &[
                    (3, 7, Black),
                    (4, 7, Black),
                    (5, 7, Black),
                    (6, 7, Black),
                    (2, 7, White),
                    (3, 3, White),
                    (9, 3, White),
                    (5, 11, White),
                ],
            );
            assert_eq!(bot.choose(&four, Black), Some(Pos::new(7, 7)), "{bot} wins");
            assert_eq!(
                bot.choose(&four, White),
                Some(Pos::new(7, 7)),
                "{bot} blocks"
            );
        }
    }

    /// Black to move can make two open threes at once on (7, 7) (row 7 and column 7); white's
    /// stones stand in the corners, out of the way.
    const DOUBLE_THREE_AT_CENTRE: [(u8, u8, Color); 8] = [
        (5, 7, Color::Black),
        (6, 7, Color::Black),
        (7, 5, Color::Black),
        (7, 6, Color::Black),
        (0, 0, Color::White),
        (14, 0, Color::White),
        (0, 14, Color::White),
        (14, 14, Color::White),
    ];

    #[test]
    fn both_bots_make_two_open_threes_at_once_in_freestyle() {
        let b = board(Rule::Freestyle, &DOUBLE_THREE_AT_CENTRE);
        for bot in BOTS {
            assert_eq!(bot.choose(&b, Color::Black), Some(Pos::new(7, 7)), "{bot}");
        }
    }

    #[test]
    fn black_bots_never_play_a_renju_forbidden_point() {
        // The double three on (7, 7) that both bots make in freestyle is forbidden to black.
        let b = board(Rule::Renju, &DOUBLE_THREE_AT_CENTRE);
        assert!(forbidden_in_match(&b, Pos::new(7, 7)).is_some());
        for bot in BOTS {
            let p = bot.choose(&b, Color::Black);
            assert!(
                p.is_some_and(|p| b.is_empty(p) && forbidden_in_match(&b, p).is_none()),
                "{bot} played {p:?}"
            );
        }
    }
}
