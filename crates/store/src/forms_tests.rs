//! The pasted forms, detected and written back, and SGF records with variations.

use tengen_engine::{Color, Game, Pos, Preset};

use crate::records::*;

fn p(x: u8, y: u8) -> Pos {
    Pos::new(x, y)
}

/// h8 i9 j10 on 15×15 freestyle, in each pasted form.
const FORMS: [(&str, TextForm); 6] = [
    ("h8i9j10", TextForm::Moves),
    ("h8 i9 j10", TextForm::Moves),
    ("H8, I9, J10", TextForm::Moves),
    ("7,7\n8,6\n9,5\n", TextForm::Gomocup),
    ("AB[h8]AW[i9]PL[B]j10", TextForm::Position),
    (
        "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,7,0\n10,6,0\n",
        TextForm::Psq,
    ),
];

#[test]
fn each_pasted_form_is_detected_and_read() {
    let v = Preset::Freestyle15.variant();
    for (text, form) in FORMS {
        assert_eq!(text_form(text), form, "{text:?}");
        let record = parse_pasted(text, v).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let stones: Vec<Pos> = record
            .game
            .setup()
            .iter()
            .map(|s| s.0)
            .chain(record.game.moves().iter().copied())
            .collect();
        assert_eq!(stones, vec![p(7, 7), p(8, 6), p(9, 5)], "{text:?}");
    }
    assert_eq!(text_form("(;GM[4];B[hh])"), TextForm::Sgf);
}

#[test]
fn each_form_round_trips() {
    let v = Preset::Freestyle15.variant();
    let game = Game::from_moves(v, &[p(7, 7), p(8, 6), p(9, 5), p(0, 14)]).unwrap();
    let record = GameRecord::new(game.clone(), None, None);
    for form in [
        TextForm::Sgf,
        TextForm::Psq,
        TextForm::Gomocup,
        TextForm::Moves,
        TextForm::Position,
    ] {
        let text = write_form(&record, form);
        if form != TextForm::Position {
            // Without set-up stones Tengen's position string is a plain move order.
            assert_eq!(text_form(&text), form, "{text:?}");
        }
        let back = parse_pasted(&text, v).unwrap_or_else(|e| panic!("{form:?}: {e}"));
        assert_eq!(back.game.moves(), game.moves(), "{form:?}");
        assert_eq!(
            write_form(&back, form),
            text,
            "{form:?} is written back the same"
        );
    }
    assert_eq!(move_order_string(&game), "h8i9j10a1");
    assert_eq!(gomocup_text(&game), "7,7\n8,6\n9,5\n0,14\n");
    assert_eq!(position_string(&game), "h8i9j10a1");
}

#[test]
fn a_set_up_position_in_the_plain_forms_comes_first_as_moves() {
    let v = Preset::Freestyle15.variant();
    let record = parse_pasted("AB[h8]AW[i9]PL[B]j10", v).unwrap();
    assert_eq!(position_string(&record.game), "AB[h8]AW[i9]PL[B]j10");
    assert_eq!(move_order_string(&record.game), "h8i9j10");
    assert_eq!(gomocup_text(&record.game), "7,7\n8,6\n9,5\n");
    assert_eq!(
        record.game.setup(),
        &[(p(7, 7), Color::Black), (p(8, 6), Color::White)]
    );
    let text = write_form(&record, TextForm::Position);
    assert_eq!(text_form(&text), TextForm::Position);
    let back = parse_pasted(&text, v).unwrap();
    assert_eq!(write_form(&back, TextForm::Position), text);
}

#[test]
fn malformed_pasted_text_is_refused_in_plain_words() {
    let v = Preset::Freestyle15.variant();
    let cases = [
        (
            "7,7\n8,x\n",
            "not a Gomocup move list of x,y lines: line 2:",
        ),
        (
            "7,7\n15,3\n",
            "line 2: \"15\" is not a coordinate from 0 to 14",
        ),
        ("7,7\n7,7\n", "move 2 breaks the rules"),
        ("h8 i9 ?", "move 3 (column 7)"),
        ("AB[h8", "AB[ has no closing ]"),
        (
            "h8i9j10k11l12m13n14o15p16",
            "move 9: p16 is off a 15x15 board",
        ),
    ];
    for (text, want) in cases {
        let e = parse_pasted(text, v).expect_err(text).to_string();
        assert!(e.contains(want), "{text:?}: {e}");
    }
}

const STUDY: &str = "(;FF[4]GM[4]CA[UTF-8]SZ[15]RU[freestyle]PB[Ann];B[hh]C[centre](;W[ig];B[jf])(;W[gi]C[or this]))\n";

#[test]
fn an_sgf_with_variations_opens_with_its_tree() {
    let (record, tree) = parse_sgf_tree(STUDY).unwrap();
    assert_eq!(record.game.moves(), &[p(7, 7), p(8, 6), p(9, 5)]);
    assert_eq!(record.black.as_deref(), Some("Ann"));
    assert_eq!(tree.tree.len(), 5);
    assert_eq!(tree.to_string(), STUDY);
    // The line reader still opens the same text as its main line.
    assert_eq!(parse_sgf(STUDY).unwrap().game.moves(), record.game.moves());
    // A variation that breaks the rules opens (a study may show a forbidden move); the line says
    // so when it is played out.
    let study = "(;GM[4]SZ[15];B[hh](;W[ig])(;W[hh]))";
    let (_, tree) = parse_sgf_tree(study).expect("opens");
    let bad_line = tree.tree.len() - 1;
    let (index, _) = tree
        .tree
        .game_at(record.game.variant(), bad_line)
        .expect_err("h8 twice");
    assert_eq!(index, 1);
    // A main line that does is refused, as the line reader refuses it.
    let e = parse_sgf_tree("(;GM[4]SZ[15];B[hh];W[hh])").expect_err("occupied");
    assert!(
        matches!(e, OpenError::Illegal { move_number: 2, .. }),
        "{e}"
    );
}

#[test]
fn a_record_saves_with_the_variations_of_its_tree() {
    let (record, tree) = parse_sgf_tree(STUDY).unwrap();
    assert!(tree_fits(&record, &tree));
    let text = sgf_with_tree(&record, &tree);
    assert!(text.contains("PB[Ann]"), "{text}");
    assert!(text.contains("(;W[ig];B[jf])(;W[gi]C[or this])"), "{text}");
    let (_, back) = parse_sgf_tree(&text).unwrap();
    assert_eq!(back.tree, tree.tree);
    // A game that went another way no longer fits the tree.
    let other = parse_pasted("h8i9", Preset::Freestyle15.variant()).unwrap();
    assert!(!tree_fits(&other, &tree));
}
