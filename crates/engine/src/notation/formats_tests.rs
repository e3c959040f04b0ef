//! Round trips of the plain formats: `.psq` at every board size with its header and trailer, move-order
//! strings with and without separators, and Gomocup move lists, with their errors.

use super::*;
use crate::core::{Pos, Preset, Rule, Variant};

fn p(x: u8, y: u8) -> Pos {
    Pos::new(x, y)
}

#[test]
fn psq_round_trips_at_15_19_and_20_with_header_and_trailer() {
    for size in [15u8, 19, 20] {
        let far = size - 1;
        let text = format!(
            "Piskvorky {size}x{size}, 11:11, 0\n8,8,0\n9,9,1200\n{size},{size},35\n1,1,7\npbrain-a.exe\npbrain-b.exe\n-1\n"
        );
        let psq: Psq = text.parse().unwrap();
        assert_eq!(psq.size, size);
        assert_eq!(psq.header, "11:11, 0");
        assert_eq!(psq.moves[2].pos, p(far, far));
        assert_eq!(psq.moves[1].time_ms, 1200);
        assert_eq!(psq.trailer, vec!["pbrain-a.exe", "pbrain-b.exe", "-1"]);
        assert_eq!(
            psq.to_string(),
            text,
            "{size}x{size} is written back as read"
        );
        let variant = Variant::new(size, 5, Rule::Freestyle).unwrap();
        assert_eq!(psq.to_game(variant).unwrap().moves().len(), 4);
    }
}

#[test]
fn psq_keeps_other_sizes_and_refuses_what_the_game_cannot_hold() {
    let psq: Psq = "Piskvorky 10x10, 5:5, 1\n1,1,0\n".parse().unwrap();
    assert_eq!((psq.size, psq.header.as_str()), (10, "5:5, 1"));
    assert_eq!(psq.to_string(), "Piskvorky 10x10, 5:5, 1\n1,1,0\n");
    let e = "Piskvorky 32x32, 11:11, 0\n".parse::<Psq>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1: board size 32 is not supported (use 3 to 20)"
    );
    let e = "Piskvorky 20x20\n21,1,0\n".parse::<Psq>().unwrap_err();
    assert!(
        e.to_string()
            .starts_with("line 2: move 1 at 21,1 is off the 20x20"),
        "{e}"
    );
}

#[test]
fn move_order_strings_read_with_or_without_separators() {
    let want = vec![p(7, 7), p(8, 6), p(9, 5)];
    for text in [
        "h8i9j10",
        "H8I9J10",
        "h8 i9 j10",
        "h8, i9, j10",
        "h8;i9;j10\n",
    ] {
        let moves = PositionString::parse_moves(text, 15, RowOrigin::Bottom).unwrap();
        assert_eq!(moves, want, "{text:?}");
    }
    let written = PositionString::from_moves(&want, 15, RowOrigin::Bottom)
        .unwrap()
        .to_string();
    assert_eq!(written, "h8i9j10");
    assert_eq!(
        PositionString::parse_moves(&written, 15, RowOrigin::Bottom).unwrap(),
        want
    );
    let e = "h8, i9, 10".parse::<PositionString>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 3 (column 9): expected a column letter a to t, found '1'"
    );
}

#[test]
fn gomocup_move_lists_round_trip() {
    let text = "7,7\n8,6\n\n9,5,1\n";
    let list: MoveList = text.parse().unwrap();
    assert_eq!(list.moves, vec![p(7, 7), p(8, 6), p(9, 5)]);
    assert_eq!(list.to_string(), "7,7\n8,6\n9,5\n");
    assert_eq!(list.to_string().parse::<MoveList>().unwrap(), list);
    assert!(MoveList::looks_like(text));
    assert!(!MoveList::looks_like("h8i9"));
    assert!(!MoveList::looks_like("AB[h8]i9"));
    assert_eq!(MoveList::parse_moves(text, 15).unwrap().len(), 3);
    let game = crate::game::Game::from_moves(Preset::Freestyle15.variant(), &list.moves).unwrap();
    assert_eq!(game.moves().len(), 3);
}

#[test]
fn gomocup_move_list_errors_name_the_line() {
    let e = "7,7\n8;6\n".parse::<MoveList>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2: expected a move as x,y (two numbers from 0), found \"8;6\""
    );
    let e = "7,7\n-1,3\n".parse::<MoveList>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2: \"-1\" is not a coordinate from 0 to 19 (move 2)"
    );
    let e = "7,7,x\n".parse::<MoveList>().unwrap_err();
    assert_eq!(e.line(), 1);
    let e = MoveList::parse_moves("\n15,2\n", 15).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2: \"15\" is not a coordinate from 0 to 14 (move 1)"
    );
}

/// A library made by hand to the format: root (comment), h8, then i9 (best, a comment) j10 and g7
/// (with a board text) as the two answers.
fn small_library() -> Vec<u8> {
    let mut bytes = b"\xFFRenLib\xFF\x03\x04".to_vec();
    bytes.extend([0xFF; 10]);
    bytes.extend([0x00, 0x08]);
    bytes.extend(b"Study\x08notes \xE9t\xE9\0");
    bytes.extend([0x78, 0x00]);
    bytes.extend([0x69, 0x88]);
    bytes.extend(b"best\0\0");
    bytes.extend([0x5A, 0x40]);
    bytes.extend([0x87, 0x41, 0x00, 0x01]);
    bytes.extend(b"A\0");
    bytes
}

#[test]
fn a_renlib_library_reads_as_a_tree_with_comments() {
    let tree = read_renlib(&small_library()).unwrap();
    assert_eq!(tree.len(), 5);
    let root = tree.node(tree.root()).unwrap();
    assert_eq!(
        root.comment, "Study\nnotes été",
        "Latin-1 bytes, the first-line marker a break"
    );
    let h8 = tree.node(1).unwrap();
    assert_eq!(h8.mv, Some((p(7, 7), crate::core::Color::Black)));
    assert_eq!(h8.children().len(), 2);
    assert_eq!(h8.marks.labels, vec![(p(6, 8), "A".to_owned())]);
    let i9 = tree.node(h8.children()[0]).unwrap();
    assert_eq!(i9.mv, Some((p(8, 6), crate::core::Color::White)));
    assert_eq!(i9.comment, "best");
    assert_eq!(tree.main_line(), vec![p(7, 7), p(8, 6), p(9, 5)]);
    let g7 = tree.node(h8.children()[1]).unwrap();
    assert_eq!(g7.mv, Some((p(6, 8), crate::core::Color::White)));
    assert!(g7.children().is_empty());
}

#[test]
fn bad_renlib_files_say_where() {
    let e = read_renlib(b"(;GM[4])").unwrap_err();
    assert_eq!(
        e.to_string(),
        "byte 0: not a RenLib library (no \\xFFRenLib\\xFF header)"
    );
    let mut bytes = small_library();
    bytes.truncate(bytes.len() - 3);
    let e = read_renlib(&bytes).unwrap_err();
    assert!(
        e.to_string().contains("ends inside a node's extension"),
        "{e}"
    );
    let mut bytes = small_library();
    bytes.extend([0x70, 0x00]);
    let e = read_renlib(&bytes).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "byte {}: point byte 0x70 is off the 15x15 board",
            bytes.len() - 2
        )
    );
    let mut bytes = small_library();
    bytes[9] = 0x05;
    bytes[8] = 0x04;
    assert!(
        read_renlib(&bytes)
            .unwrap_err()
            .to_string()
            .contains("version 4.5")
    );
}
