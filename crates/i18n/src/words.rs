//! The message ids for the engine's structured values: the engine says what (a rule, a level, why a
//! hint), the game says it in the player's language.

use fluent_bundle::FluentValue;
use tengen_engine::{
    Color, Forbidden, GameResult, Level, Mode, MoveReason, OpeningRule, Preset, RenjuOpening,
};

pub const fn preset_id(preset: Preset) -> &'static str {
    match preset {
        Preset::TicTacToe => "preset-tictactoe",
        Preset::Freestyle15 => "preset-freestyle15",
        Preset::Standard15 => "preset-standard15",
        Preset::Renju15 => "preset-renju15",
        Preset::Freestyle19 => "preset-freestyle19",
        Preset::Freestyle20 => "preset-freestyle20",
    }
}

pub const fn mode_id(mode: Mode) -> &'static str {
    match mode {
        Mode::HumanVsComputer => "mode-hvc",
        Mode::HumanVsHuman => "mode-hvh",
        Mode::ComputerVsComputer => "mode-cvc",
    }
}

pub const fn level_id(level: Level) -> &'static str {
    match level {
        Level::Low => "level-low",
        Level::Medium => "level-medium",
        Level::Expert => "level-expert",
    }
}

/// A side's name: black and white, or X and O in tic-tac-toe.
pub const fn side_id(color: Color, tic_tac_toe: bool) -> &'static str {
    match (color, tic_tac_toe) {
        (Color::Black, false) => "side-black",
        (Color::White, false) => "side-white",
        (Color::Black, true) => "side-x",
        (Color::White, true) => "side-o",
    }
}

/// The names of a mode's two seats (seat 0 first), as `Mode::seat_names` lists them.
pub const fn seat_ids(mode: Mode) -> [&'static str; 2] {
    match mode {
        Mode::HumanVsComputer => ["seat-you", "seat-computer"],
        Mode::HumanVsHuman => ["seat-player-1", "seat-player-2"],
        Mode::ComputerVsComputer => ["seat-computer-a", "seat-computer-b"],
    }
}

pub const fn forbidden_id(why: Forbidden) -> &'static str {
    match why {
        Forbidden::DoubleThree => "forbidden-double-three",
        Forbidden::DoubleFour => "forbidden-double-four",
        Forbidden::Overline => "forbidden-overline",
    }
}

/// An opening rule's name in the new-game dialog: free, swap or swap2.
pub const fn opening_rule_id(rule: OpeningRule) -> &'static str {
    match rule {
        OpeningRule::Free => "swap-rule-free",
        OpeningRule::Swap => "swap-rule-swap",
        OpeningRule::Swap2 => "swap-rule-swap2",
        OpeningRule::Rif => "swap-rule-rif",
        OpeningRule::Yamaguchi => "swap-rule-yamaguchi",
        OpeningRule::Soosorv(_) => "swap-rule-soosorv",
        OpeningRule::Taraguchi(_) => "swap-rule-taraguchi",
    }
}

/// One of renju's 26 canonical openings by name (the label over the board).
pub const fn renju_opening_id(opening: RenjuOpening) -> &'static str {
    use RenjuOpening::*;
    match opening {
        Kansei => "opening-kansei",
        Keigetsu => "opening-keigetsu",
        Sosei => "opening-sosei",
        Kagetsu => "opening-kagetsu",
        Zangetsu => "opening-zangetsu",
        Ugetsu => "opening-ugetsu",
        Kinsei => "opening-kinsei",
        Shogetsu => "opening-shogetsu",
        Kyugetsu => "opening-kyugetsu",
        Shingetsu => "opening-shingetsu",
        Zuisei => "opening-zuisei",
        Sangetsu => "opening-sangetsu",
        Yusei => "opening-yusei",
        Chosei => "opening-chosei",
        Kyogetsu => "opening-kyogetsu",
        Kosei => "opening-kosei",
        Suigetsu => "opening-suigetsu",
        Ryusei => "opening-ryusei",
        Ungetsu => "opening-ungetsu",
        Hogetsu => "opening-hogetsu",
        Rangetsu => "opening-rangetsu",
        Gingetsu => "opening-gingetsu",
        Myojo => "opening-myojo",
        Shagetsu => "opening-shagetsu",
        Meigetsu => "opening-meigetsu",
        Suisei => "opening-suisei",
    }
}

/// A finished game's result in the history list.
pub const fn result_id(result: GameResult) -> &'static str {
    match result {
        GameResult::BlackWins => "records-result-black-wins",
        GameResult::WhiteWins => "records-result-white-wins",
        GameResult::Draw => "records-result-draw",
    }
}

/// Why the hint suggests its move: the message id and its arguments.
pub fn hint_reason(
    reason: MoveReason,
) -> (&'static str, Vec<(&'static str, FluentValue<'static>)>) {
    let moves = |n: u32| vec![("moves", FluentValue::from(n))];
    match reason {
        MoveReason::Opening => ("hint-reason-opening", vec![]),
        MoveReason::MakeFive => ("hint-reason-make-five", vec![]),
        MoveReason::BlockFive => ("hint-reason-block-five", vec![]),
        MoveReason::MakeOpenFour => ("hint-reason-make-open-four", vec![]),
        MoveReason::ForcedWinFours(n) => ("hint-reason-forced-win-fours", moves(n)),
        MoveReason::ForcedWin(n) => ("hint-reason-forced-win", moves(n)),
        MoveReason::ForcedWinThreats => ("hint-reason-forced-win-threats", vec![]),
        MoveReason::MakeFourThree => ("hint-reason-make-four-three", vec![]),
        MoveReason::MakeFour => ("hint-reason-make-four", vec![]),
        MoveReason::MakeDoubleThree => ("hint-reason-make-double-three", vec![]),
        MoveReason::MakeOpenThree => ("hint-reason-make-open-three", vec![]),
        MoveReason::BlockOpenThree => ("hint-reason-block-open-three", vec![]),
        MoveReason::BlockDoubleThreat => ("hint-reason-block-double-threat", vec![]),
        MoveReason::TakeKeyPoint => ("hint-reason-take-key-point", vec![]),
        MoveReason::LosingAnyway => ("hint-reason-losing-anyway", vec![]),
        MoveReason::GoodShape => ("hint-reason-good-shape", vec![]),
    }
}
