//! Notation examples: cell names, position strings, SGF and PSQ, with their error messages.

use super::*;
use crate::core::{Color, Pos, Preset, Rule, Variant};
use crate::game::{Game, PlayError};

fn p(x: u8, y: u8) -> Pos {
    Pos::new(x, y)
}

#[test]
fn h8_is_the_centre_of_15x15() {
    let h8: Cell = "h8".parse().unwrap();
    assert_eq!(h8.to_pos(15, RowOrigin::Bottom), Some(p(7, 7)));
    assert_eq!(
        "a1".parse::<Cell>().unwrap().to_pos(15, RowOrigin::Bottom),
        Some(p(0, 14))
    );
    assert_eq!(
        "a1".parse::<Cell>().unwrap().to_pos(15, RowOrigin::Top),
        Some(p(0, 0))
    );
    assert_eq!(
        "O15".parse::<Cell>().unwrap().to_pos(15, RowOrigin::Bottom),
        Some(p(14, 0))
    );
    assert_eq!(cell_name(p(7, 7), 15), "h8");
    assert_eq!(cell_name(p(0, 0), 15), "a15");
}

#[test]
fn no_column_letter_is_skipped_up_to_t() {
    // Unlike go's notation there is an `i`, and 20×20 ends at `t`.
    assert_eq!(cell_name(p(8, 0), 20), "i20");
    assert_eq!(cell_name(p(19, 19), 20), "t1");
    assert_eq!(
        "t20".parse::<Cell>().unwrap().to_pos(20, RowOrigin::Bottom),
        Some(p(19, 0))
    );
    assert_eq!(
        "t20".parse::<Cell>().unwrap().to_pos(15, RowOrigin::Bottom),
        None
    );
}

#[test]
fn bad_cells_say_what_is_wrong() {
    let e = "u5".parse::<Cell>().unwrap_err().to_string();
    assert!(
        e.contains("column letter a to t") && e.contains("'u'"),
        "{e}"
    );
    let e = "h".parse::<Cell>().unwrap_err().to_string();
    assert!(e.contains("row number"), "{e}");
    let e = "h0".parse::<Cell>().unwrap_err().to_string();
    assert!(e.contains("\"0\""), "{e}");
    let e = "h21".parse::<Cell>().unwrap_err().to_string();
    assert!(e.contains("\"21\""), "{e}");
    let e = "h8x".parse::<Cell>().unwrap_err().to_string();
    assert!(e.contains("\"x\""), "{e}");
    assert!("".parse::<Cell>().is_err());
    assert!("8h".parse::<Cell>().is_err());
    assert!("é3".parse::<Cell>().is_err());
}

#[test]
fn position_strings_need_an_explicit_row_origin() {
    let s: PositionString = "h8i9j10".parse().unwrap();
    assert_eq!(s.to_string(), "h8i9j10");
    assert_eq!(
        s.to_moves(15, RowOrigin::Bottom).unwrap(),
        vec![p(7, 7), p(8, 6), p(9, 5)]
    );
    assert_eq!(
        s.to_moves(15, RowOrigin::Top).unwrap(),
        vec![p(7, 7), p(8, 8), p(9, 9)]
    );
    let spaced = PositionString::parse_moves(" h8 i9\tj10 ", 15, RowOrigin::Bottom).unwrap();
    assert_eq!(spaced, vec![p(7, 7), p(8, 6), p(9, 5)]);
    assert_eq!(
        PositionString::from_moves(&[p(7, 7), p(8, 8)], 15, RowOrigin::Top).map(|s| s.to_string()),
        Some("h8i9".to_owned())
    );
    assert!("".parse::<PositionString>().unwrap().cells.is_empty());
}

#[test]
fn position_string_errors_name_the_move_and_column() {
    let e = "h8i9?10".parse::<PositionString>().unwrap_err();
    assert_eq!(e.move_number(), 3);
    assert_eq!(
        e.to_string(),
        "move 3 (column 5): expected a column letter a to t, found '?'"
    );
    let e = PositionString::parse_moves("h8p3", 15, RowOrigin::Bottom).unwrap_err();
    assert_eq!(e.to_string(), "move 2: p3 is off a 15x15 board");
}

#[test]
fn sgf_reads_a_renju_record() {
    let text = "(;FF[4]GM[4]SZ[15]RU[renju]PB[Alice]PW[Bob \\] the second]RE[W+Resign]\n  ;B[hh];W[ih] ;B[ii]\n)";
    let sgf: Sgf = text.parse().unwrap();
    assert_eq!(sgf.variant, Preset::Renju15.variant());
    assert_eq!(sgf.black.as_deref(), Some("Alice"));
    assert_eq!(sgf.white.as_deref(), Some("Bob ] the second"));
    assert_eq!(sgf.result, Some(GameResult::WhiteWins));
    assert_eq!(sgf.moves, vec![p(7, 7), p(8, 7), p(8, 8)]);
    let again: Sgf = sgf.to_string().parse().unwrap();
    assert_eq!(again, sgf);
}

#[test]
fn sgf_skips_unknown_properties_and_side_variations() {
    let text = "junk before (;GM[4]SZ[15]XX[what ever]C[a comment with \\\\ backslash]\
                ;B[hh]C[good](;W[ii];B[jj])(;W[aa]))";
    let sgf: Sgf = text.parse().unwrap();
    assert_eq!(sgf.variant, Preset::Freestyle15.variant());
    assert_eq!(sgf.moves, vec![p(7, 7), p(8, 8), p(9, 9)]);
}

#[test]
fn sgf_writes_the_documented_shape() {
    let game = Game::from_moves(Preset::Standard15.variant(), &[p(7, 7), p(8, 7)]).unwrap();
    let mut sgf = Sgf::from_game(&game);
    sgf.black = Some("me".into());
    assert_eq!(
        sgf.to_string(),
        "(;FF[4]GM[4]CA[UTF-8]SZ[15]RU[standard]PB[me];B[hh];W[ih])\n"
    );
    let small = Variant::new(7, 4, Rule::Freestyle).unwrap();
    let sgf = Sgf::from_game(&Game::new(small));
    assert_eq!(
        sgf.to_string(),
        "(;FF[4]GM[4]CA[UTF-8]SZ[7]RU[freestyle 4])\n"
    );
    assert_eq!(sgf.to_string().parse::<Sgf>().unwrap().variant, small);
    let ttt = Sgf::from_game(&Game::new(Preset::TicTacToe.variant()));
    assert_eq!(
        ttt.to_string().parse::<Sgf>().unwrap().variant,
        Preset::TicTacToe.variant()
    );
}

#[test]
fn sgf_errors_give_line_and_column() {
    let e = "(;GM[4]SZ[15]\n;B[hh];W[hh".parse::<Sgf>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2, column 9: this '[' value is never closed with ']'"
    );
    let e = "(;GM[1]SZ[19];B[dd])".parse::<Sgf>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1, column 6: GM[1] is not a gomoku record (GM[4])"
    );
    let e = "(;GM[4]SZ[15];B[hh];B[ii])".parse::<Sgf>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 2 (line 1, column 21): B[..] but white is to play"
    );
    let e = "(;GM[4]SZ[15];B[hh];W[zz])".parse::<Sgf>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 2 (line 1, column 23): [zz] is off the 15x15 board"
    );
    let e = "(;GM[4];B[])".parse::<Sgf>().unwrap_err();
    assert!(e.to_string().contains("pass"), "{e}");
    let e = "(;GM[4]SZ[30])".parse::<Sgf>().unwrap_err();
    assert!(e.to_string().contains("board size 30"), "{e}");
    let e = "(;GM[4]RU[chess])".parse::<Sgf>().unwrap_err();
    assert!(e.to_string().contains("unknown rule"), "{e}");
    let e = "(;GM[4]AB[hh];W[ii]AB[jj])".parse::<Sgf>().unwrap_err();
    assert!(
        e.to_string()
            .contains("setup stones (AB) after the first node"),
        "{e}"
    );
    let e = "(;GM[4]AE[hh])".parse::<Sgf>().unwrap_err();
    assert!(e.to_string().contains("AE"), "{e}");
    let e = "(;GM[4]AB[hh]PL[X])".parse::<Sgf>().unwrap_err();
    assert_eq!(e.to_string(), "line 1, column 17: PL[X] is not B or W");
    let e = "(;GM[4]SZ[15]AW[hh][pp])".parse::<Sgf>().unwrap_err();
    assert!(e.to_string().contains("[pp] is off the 15x15 board"), "{e}");
    assert!("no tree here".parse::<Sgf>().is_err());
    assert!("(;B[hh]".parse::<Sgf>().is_err());
    assert!("(B[hh])".parse::<Sgf>().is_err());
}

#[test]
fn c_gomoku_clis_rule_codes_are_read() {
    // Its games file names the rule by the Gomocup protocol's code.
    let game = "(;FF[4]GM[4]GN[1]EV[Rapfi x Tengen]RO[1.1]RU[4]SZ[15]PB[Rapfi]PW[Tengen]RE[B+1]\
                ;B[hh]C[opening move];W[jf]C[opening move];B[ff]C[12ms])";
    let sgf: Sgf = game.parse().expect("read");
    assert_eq!(sgf.variant.rule(), Rule::Renju);
    assert_eq!(sgf.moves.len(), 3);
    let free: Sgf = "(;GM[4]RU[0]SZ[15];B[hh])".parse().expect("read");
    assert_eq!(free.variant.rule(), Rule::Freestyle);
    let exact: Sgf = "(;GM[4]RU[1]SZ[15];B[hh])".parse().expect("read");
    assert_eq!(exact.variant.rule(), Rule::Standard);
    let e = "(;GM[4]RU[2]SZ[15])".parse::<Sgf>().unwrap_err();
    assert!(
        e.to_string().contains("continuous games are not supported"),
        "{e}"
    );
}

#[test]
fn parse_errors_and_rule_errors_are_separate() {
    // This parses (the format is fine) but black plays the same point twice.
    let sgf: Sgf = "(;GM[4]SZ[15];B[hh];W[ii];B[hh])".parse().unwrap();
    assert_eq!(sgf.to_game().err(), Some((2, PlayError::Occupied(p(7, 7)))));
    // A renju record with a forbidden black move: black double three at h8.
    let sgf: Sgf = "(;GM[4]SZ[15]RU[renju];B[fh];W[aa];B[gh];W[ac];B[hf];W[ae];B[hg];W[ag];B[hh])"
        .parse()
        .unwrap();
    let err = sgf.to_game().unwrap_err();
    assert_eq!(err.0, 8);
    assert!(matches!(err.1, PlayError::Forbidden(..)));
}

#[test]
fn psq_reads_a_piskvork_file() {
    let text = "Piskvorky 20x20, 11:11, 0\r\n10,10,0\r\n11,11,1234\r\n 9 , 9 \r\npbrain-a.exe\r\npbrain-b.exe\r\n-1\r\n";
    let psq: Psq = text.parse().unwrap();
    assert_eq!(psq.size, 20);
    assert_eq!(psq.header, "11:11, 0");
    assert_eq!(psq.positions(), vec![p(9, 9), p(10, 10), p(8, 8)]);
    assert_eq!(psq.moves[1].time_ms, 1234);
    assert_eq!(psq.trailer, vec!["pbrain-a.exe", "pbrain-b.exe", "-1"]);
    assert_eq!(
        psq.to_string(),
        "Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,1234\n9,9,0\npbrain-a.exe\npbrain-b.exe\n-1\n"
    );
    let game = psq.to_game(Preset::Freestyle20.variant()).unwrap();
    assert_eq!(game.moves().len(), 3);
    // A 15×15 game cannot hold the 20×20 record's move 2 (11,11 is fine) — but 16,16 would not fit.
    let far: Psq = "Piskvorky 20x20, 11:11, 0\n16,16,0\n".parse().unwrap();
    assert_eq!(
        far.to_game(Preset::Freestyle15.variant()).err(),
        Some((0, PlayError::OffBoard(p(15, 15))))
    );
}

#[test]
fn psq_errors_give_the_line() {
    let e = "".parse::<Psq>().unwrap_err();
    assert_eq!(e.line(), 1);
    let e = "Gomoku 15x15".parse::<Psq>().unwrap_err();
    assert!(
        e.to_string().starts_with("line 1: expected \"Piskvorky"),
        "{e}"
    );
    let e = "Piskvorky 15x16, 11:11, 0".parse::<Psq>().unwrap_err();
    assert!(e.to_string().contains("square"), "{e}");
    let e = "Piskvorky 15x15, 11:11, 0\n8,8,0\n16,1,0\n"
        .parse::<Psq>()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 3: move 2 at 16,1 is off the 15x15 board (coordinates count from 1)"
    );
    let e = "Piskvorky 15x15\n8,8,-5\n".parse::<Psq>().unwrap_err();
    assert_eq!(e.line(), 2);
    let e = "Piskvorky 99x99\n".parse::<Psq>().unwrap_err();
    assert!(e.to_string().contains("99"), "{e}");
}

#[test]
fn a_setup_position_opens_as_set_up() {
    // Black h8 i9 and a 2x1 rectangle g7:h7, white j10 and a1; white to play first, then black.
    let text = "(;GM[4]SZ[15]RU[renju]AB[hh][ii][gi:hi]AW[jj][ao]PL[W]C[from a book];W[kk]C[a block];B[ll])";
    let sgf: Sgf = text.parse().unwrap();
    assert_eq!(
        sgf.setup,
        vec![
            (p(7, 7), Color::Black),
            (p(8, 8), Color::Black),
            (p(6, 8), Color::Black),
            (p(7, 8), Color::Black),
            (p(9, 9), Color::White),
            (p(0, 14), Color::White),
        ]
    );
    assert_eq!(sgf.first_to_move(), Color::White);
    assert_eq!(sgf.comment.as_deref(), Some("from a book"));
    assert_eq!(sgf.move_comments, ["a block"]);
    let game = sgf.to_game().unwrap();
    assert_eq!(game.board().get(p(6, 8)), Some(Color::Black));
    assert_eq!(game.board().get(p(0, 14)), Some(Color::White));
    assert_eq!(game.board().get(p(10, 10)), Some(Color::White));
    assert_eq!(game.board().get(p(11, 11)), Some(Color::Black));
    assert_eq!(game.board().stone_count(), 8);
    assert_eq!(game.to_move(), Color::White);
    assert_eq!(game.moves(), [p(10, 10), p(11, 11)]);

    // Written and read again: the same record.
    let again: Sgf = Sgf {
        move_comments: sgf.move_comments.clone(),
        comment: sgf.comment.clone(),
        ..Sgf::from_game(&game)
    }
    .to_string()
    .parse()
    .unwrap();
    assert_eq!(again.setup, sgf.setup);
    assert_eq!(again.to_move, Some(Color::White));
    assert_eq!(again.moves, sgf.moves);
    assert_eq!(again.move_comments, sgf.move_comments);
    assert_eq!(again.comment, sgf.comment);
    let replayed = again.to_game().unwrap();
    assert_eq!(replayed.board(), game.board());
    assert_eq!(replayed.to_move(), game.to_move());
}

#[test]
fn setup_stones_without_pl_give_the_turn_as_alternating_play_would() {
    let two_one: Sgf = "(;GM[4]AB[hh][ii]AW[jj];W[kk])".parse().unwrap();
    assert_eq!(two_one.first_to_move(), Color::White);
    let equal: Sgf = "(;GM[4]AB[hh]AW[jj];B[kk])".parse().unwrap();
    assert_eq!(equal.first_to_move(), Color::Black);
    // The moves must then alternate from that side.
    let e = "(;GM[4]AB[hh]AW[jj];W[kk])".parse::<Sgf>().unwrap_err();
    assert!(e.to_string().contains("W[..] but black is to play"), "{e}");
    // A setup point given twice is refused when the game is built, not silently merged.
    let twice: Sgf = "(;GM[4]AB[hh]AW[hh])".parse().unwrap();
    assert_eq!(
        twice.to_game().err(),
        Some((0, PlayError::Occupied(p(7, 7))))
    );
}

#[test]
fn a_setup_through_a_forbidden_order_is_still_a_position() {
    // Black's double three at h8 as set-up stones, black to move: h8 is forbidden now, but the
    // setup itself is fine, and a record of moves without setup writes no AB, AW or PL.
    let sgf: Sgf = "(;GM[4]RU[renju]AB[fh][gh][hf][hg][hh]AW[aa][ac][ae][ag];W[oo])"
        .parse()
        .unwrap();
    let game = sgf.to_game().unwrap();
    assert_eq!(game.to_move(), Color::Black);
    let plain = Sgf::from_game(&Game::new(Preset::Freestyle15.variant())).to_string();
    assert!(!plain.contains("AB") && !plain.contains("PL"), "{plain}");
}

#[test]
fn psq_keeps_setup_stones_as_leading_lines_and_a_setup_line() {
    // Three black stones and one white, white to move (no alternating game reaches it), then a move.
    let v = Preset::Renju15.variant();
    let stones = [
        (p(7, 7), Color::Black),
        (p(8, 7), Color::Black),
        (p(9, 7), Color::Black),
        (p(0, 0), Color::White),
    ];
    let mut game = Game::from_setup(v, &stones, Color::White).unwrap();
    game.play(p(6, 7)).unwrap();
    let text = Psq::from_game(&game).to_string();
    // Alternating while both colours last: B, W, then the rest of black.
    assert!(
        text.starts_with("Piskvorky 15x15, 11:11, 0\n8,8,0\n1,1,0\n9,8,0\n10,8,0\n7,8,0\n"),
        "{text}"
    );
    assert!(text.contains("\nSetup BWBB, white to move\n"), "{text}");
    let back: Psq = text.parse().unwrap();
    let replayed = back.to_game(v).unwrap();
    assert_eq!(replayed.board(), game.board());
    assert_eq!(replayed.setup().len(), 4);
    assert_eq!(replayed.moves(), &[p(6, 7)]);
    assert_eq!(replayed.to_move(), Color::Black);
    // A plain record writes no setup line.
    let plain = Psq::from_game(&Game::from_moves(v, &[p(7, 7)]).unwrap()).to_string();
    assert!(!plain.contains("Setup"), "{plain}");
}

#[test]
fn psq_setup_errors_name_the_line() {
    let e = "Piskvorky 15x15\n8,8\nSetup BW, black to move\n"
        .parse::<Psq>()
        .unwrap_err();
    assert_eq!(e.line(), 3, "{e}");
    assert!(e.to_string().contains("names 2 stones"), "{e}");
    // A point given twice in the setup is refused at that line.
    let twice: Psq = "Piskvorky 15x15\n8,8\n8,8\nSetup BW, black to move\n"
        .parse()
        .unwrap();
    assert_eq!(
        twice.to_game(Preset::Freestyle15.variant()).err(),
        Some((1, PlayError::Occupied(p(7, 7))))
    );
}
