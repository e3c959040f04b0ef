//! The engine's vocabulary: colours, board points, rules and game presets.
//!
//! Every other module speaks in these types. Coordinates are stored the way the Gomocup protocol and SGF
//! count them (`x` = column from the left, `y` = row from the top, both 0-based); human notation (`h8`,
//! rows counted from the bottom) is a presentation concern handled in `notation`.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::time::Duration;

/// The largest board side the engine supports (the Gomocup tournament board).
pub const MAX_SIZE: u8 = 20;
/// The smallest board side the engine supports (tic-tac-toe).
pub const MIN_SIZE: u8 = 3;

/// A side. Black (or X in tic-tac-toe) always moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black,
    White,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for black, 1 for white: an index into per-side tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side that plays move number `ply` (0-based) of a game.
    #[inline]
    pub const fn to_move_at(ply: usize) -> Color {
        if ply.is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// A point of the board: `x` is the column from the left, `y` the row from the top, both 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    pub x: u8,
    pub y: u8,
}

impl Pos {
    #[inline]
    pub const fn new(x: u8, y: u8) -> Pos {
        Pos { x, y }
    }

    /// The row-major index of this point on a board of side `size`.
    #[inline]
    pub const fn index(self, size: u8) -> usize {
        self.y as usize * size as usize + self.x as usize
    }

    /// The point at row-major `index` on a board of side `size`.
    #[inline]
    pub const fn from_index(index: usize, size: u8) -> Pos {
        Pos {
            x: (index % size as usize) as u8,
            y: (index / size as usize) as u8,
        }
    }

    /// The point `steps` steps away along direction `(dx, dy)`, if it is still on a board of side `size`.
    #[inline]
    pub fn offset(self, dx: i32, dy: i32, steps: i32, size: u8) -> Option<Pos> {
        let x = self.x as i32 + dx * steps;
        let y = self.y as i32 + dy * steps;
        let s = size as i32;
        (x >= 0 && y >= 0 && x < s && y < s).then(|| Pos::new(x as u8, y as u8))
    }
}

/// The four line directions through a point: horizontal, vertical and the two diagonals.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// How a line of stones wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// A row of the win length or longer wins.
    Freestyle,
    /// Exactly the win length wins; an overline wins for nobody.
    Standard,
    /// Black must make exactly five and may not make double-three, double-four or overline;
    /// white wins with five or more.
    Renju,
}

impl Rule {
    /// Whether a row of `len` stones of `color` wins when the win length is `win_len`.
    #[inline]
    pub const fn is_win(self, color: Color, len: usize, win_len: usize) -> bool {
        match self {
            Rule::Freestyle => len >= win_len,
            Rule::Standard => len == win_len,
            Rule::Renju => match color {
                Color::Black => len == win_len,
                Color::White => len >= win_len,
            },
        }
    }

    /// A short lowercase name, as used on the command line and in saved games.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What went wrong building a [`Variant`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// The board side is outside 3..=20.
    Size(u8),
    /// The win length is outside 3..=5 or longer than the board side.
    WinLength { win_len: u8, size: u8 },
    /// Renju's forbidden shapes are defined for five in a row only.
    RenjuNeedsFive { win_len: u8 },
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::Size(s) => {
                write!(
                    f,
                    "board size {s} is not supported (use {MIN_SIZE} to {MAX_SIZE})"
                )
            }
            VariantError::WinLength { win_len, size } => write!(
                f,
                "a win length of {win_len} does not fit a {size}x{size} board (use 3 to 5, at most the board size)"
            ),
            VariantError::RenjuNeedsFive { win_len } => {
                write!(f, "renju is played to five in a row, not {win_len}")
            }
        }
    }
}

impl std::error::Error for VariantError {}

/// A game variant: board side, win length and rule. Every preset and custom m,n,k-game is one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    size: u8,
    win_len: u8,
    rule: Rule,
}

impl Variant {
    /// A checked variant: side 3..=20, win length 3..=5 and at most the side, renju only to five.
    pub fn new(size: u8, win_len: u8, rule: Rule) -> Result<Variant, VariantError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(VariantError::Size(size));
        }
        if !(3..=5).contains(&win_len) || win_len > size {
            return Err(VariantError::WinLength { win_len, size });
        }
        if rule == Rule::Renju && win_len != 5 {
            return Err(VariantError::RenjuNeedsFive { win_len });
        }
        Ok(Variant {
            size,
            win_len,
            rule,
        })
    }

    #[inline]
    pub const fn size(self) -> u8 {
        self.size
    }

    #[inline]
    pub const fn win_len(self) -> u8 {
        self.win_len
    }

    #[inline]
    pub const fn rule(self) -> Rule {
        self.rule
    }

    /// Number of points on the board.
    #[inline]
    pub const fn cells(self) -> usize {
        self.size as usize * self.size as usize
    }

    /// Whether `pos` lies on this board.
    #[inline]
    pub const fn contains(self, pos: Pos) -> bool {
        pos.x < self.size && pos.y < self.size
    }

    /// The centre point (tengen), rounded towards the top-left on even boards.
    pub const fn center(self) -> Pos {
        Pos::new((self.size - 1) / 2, (self.size - 1) / 2)
    }

    /// A 3×3 board: tic-tac-toe, drawn with X and O and played from the keypad.
    pub const fn is_tic_tac_toe(self) -> bool {
        self.size == 3
    }
}

/// The named game presets a player picks from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// 3×3, three in a row.
    TicTacToe,
    /// 15×15, five or more.
    Freestyle15,
    /// 15×15, exactly five.
    Standard15,
    /// 15×15 renju: black has forbidden moves.
    Renju15,
    /// 19×19 (go board), five or more.
    Freestyle19,
    /// 20×20, five or more: the Gomocup board.
    Freestyle20,
}

impl Preset {
    pub const ALL: [Preset; 6] = [
        Preset::TicTacToe,
        Preset::Freestyle15,
        Preset::Standard15,
        Preset::Renju15,
        Preset::Freestyle19,
        Preset::Freestyle20,
    ];

    pub const fn variant(self) -> Variant {
        let (size, win_len, rule) = match self {
            Preset::TicTacToe => (3, 3, Rule::Freestyle),
            Preset::Freestyle15 => (15, 5, Rule::Freestyle),
            Preset::Standard15 => (15, 5, Rule::Standard),
            Preset::Renju15 => (15, 5, Rule::Renju),
            Preset::Freestyle19 => (19, 5, Rule::Freestyle),
            Preset::Freestyle20 => (20, 5, Rule::Freestyle),
        };
        Variant {
            size,
            win_len,
            rule,
        }
    }

    /// The name a player reads in menus.
    pub const fn title(self) -> &'static str {
        match self {
            Preset::TicTacToe => "Tic-tac-toe 3×3",
            Preset::Freestyle15 => "Gomoku 15×15 freestyle",
            Preset::Standard15 => "Gomoku 15×15 standard (exactly five)",
            Preset::Renju15 => "Renju 15×15",
            Preset::Freestyle19 => "Gomoku 19×19 freestyle",
            Preset::Freestyle20 => "Gomoku 20×20 freestyle",
        }
    }

    /// The short name used on the command line and in files.
    pub const fn key(self) -> &'static str {
        match self {
            Preset::TicTacToe => "tictactoe",
            Preset::Freestyle15 => "freestyle",
            Preset::Standard15 => "standard",
            Preset::Renju15 => "renju",
            Preset::Freestyle19 => "freestyle19",
            Preset::Freestyle20 => "freestyle20",
        }
    }

    /// The preset with this short name.
    pub fn from_key(key: &str) -> Option<Preset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.key().eq_ignore_ascii_case(key))
    }
}

/// How long a player may let the strongest level think per move: long enough to be worth choosing, short
/// enough that the game never seems hung. The command line, the menu and the settings file all use it.
pub const THINK_TIME: RangeInclusive<Duration> =
    Duration::from_millis(100)..=Duration::from_secs(60);

/// Who sits at the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// You against the computer.
    #[default]
    HumanVsComputer,
    /// Two players taking turns on one machine.
    HumanVsHuman,
    /// Watch the computer play itself, with pause and step.
    ComputerVsComputer,
}

impl Mode {
    pub const ALL: [Mode; 3] = [
        Mode::HumanVsComputer,
        Mode::HumanVsHuman,
        Mode::ComputerVsComputer,
    ];

    /// The name files use: `human-vs-computer`.
    pub const fn name(self) -> &'static str {
        match self {
            Mode::HumanVsComputer => "human-vs-computer",
            Mode::HumanVsHuman => "human-vs-human",
            Mode::ComputerVsComputer => "computer-vs-computer",
        }
    }

    /// The short name the command line takes: `hvc`, `hvh`, `cvc`.
    pub const fn key(self) -> &'static str {
        match self {
            Mode::HumanVsComputer => "hvc",
            Mode::HumanVsHuman => "hvh",
            Mode::ComputerVsComputer => "cvc",
        }
    }

    /// What the menu calls it.
    pub const fn title(self) -> &'static str {
        match self {
            Mode::HumanVsComputer => "You vs computer",
            Mode::HumanVsHuman => "Two players",
            Mode::ComputerVsComputer => "Computer vs computer",
        }
    }

    /// The names of the two seats. Seat 0 is "you" against the computer; the score is kept per seat, so
    /// a rematch with colours swapped keeps counting for the same player.
    pub const fn seat_names(self) -> [&'static str; 2] {
        match self {
            Mode::HumanVsComputer => ["You", "Computer"],
            Mode::HumanVsHuman => ["Player 1", "Player 2"],
            Mode::ComputerVsComputer => ["Computer A", "Computer B"],
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A mode name that is none of `hvc`, `hvh`, `cvc` (or their long names).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseModeError(pub String);

impl fmt::Display for ParseModeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown mode {:?} (use hvc, hvh or cvc: you vs computer, two players, computer vs computer)",
            self.0
        )
    }
}

impl std::error::Error for ParseModeError {}

impl FromStr for Mode {
    type Err = ParseModeError;

    /// Either name: `hvc` or `human-vs-computer`, in any case.
    fn from_str(s: &str) -> Result<Mode, ParseModeError> {
        let s = s.trim();
        Mode::ALL
            .into_iter()
            .find(|m| m.key().eq_ignore_ascii_case(s) || m.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseModeError(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_read_back_by_either_name() {
        for mode in Mode::ALL {
            assert_eq!(mode.to_string().parse(), Ok(mode));
            assert_eq!(mode.key().to_uppercase().parse(), Ok(mode));
        }
        assert!("chess".parse::<Mode>().is_err());
    }

    #[test]
    fn only_the_3x3_board_is_tic_tac_toe() {
        for p in Preset::ALL {
            assert_eq!(p.variant().is_tic_tac_toe(), p == Preset::TicTacToe);
        }
    }

    #[test]
    fn variant_rejects_what_the_engine_cannot_play() {
        assert_eq!(
            Variant::new(2, 3, Rule::Freestyle),
            Err(VariantError::Size(2))
        );
        assert_eq!(
            Variant::new(21, 5, Rule::Freestyle),
            Err(VariantError::Size(21))
        );
        assert!(matches!(
            Variant::new(4, 5, Rule::Freestyle),
            Err(VariantError::WinLength { .. })
        ));
        assert!(matches!(
            Variant::new(15, 6, Rule::Freestyle),
            Err(VariantError::WinLength { .. })
        ));
        assert_eq!(
            Variant::new(15, 4, Rule::Renju),
            Err(VariantError::RenjuNeedsFive { win_len: 4 })
        );
        assert!(Variant::new(7, 4, Rule::Standard).is_ok());
    }

    #[test]
    fn presets_have_the_documented_shapes() {
        assert_eq!(
            Preset::TicTacToe.variant(),
            Variant::new(3, 3, Rule::Freestyle).unwrap()
        );
        assert_eq!(Preset::Renju15.variant().center(), Pos::new(7, 7));
        for p in Preset::ALL {
            assert_eq!(Preset::from_key(p.key()), Some(p));
            let v = p.variant();
            assert_eq!(Variant::new(v.size(), v.win_len(), v.rule()), Ok(v));
        }
    }

    #[test]
    fn win_length_depends_on_rule_and_colour() {
        assert!(Rule::Freestyle.is_win(Color::Black, 6, 5));
        assert!(!Rule::Standard.is_win(Color::White, 6, 5));
        assert!(!Rule::Renju.is_win(Color::Black, 6, 5));
        assert!(Rule::Renju.is_win(Color::White, 6, 5));
        assert!(!Rule::Freestyle.is_win(Color::Black, 4, 5));
    }

    #[test]
    fn offsets_stay_on_the_board() {
        let p = Pos::new(0, 14);
        assert_eq!(p.offset(1, -1, 2, 15), Some(Pos::new(2, 12)));
        assert_eq!(p.offset(-1, 0, 1, 15), None);
        assert_eq!(p.offset(0, 1, 1, 15), None);
        assert_eq!(
            Pos::from_index(Pos::new(3, 4).index(15), 15),
            Pos::new(3, 4)
        );
    }
}
