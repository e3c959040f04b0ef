//! Moves are counted one way everywhere: the move list, the status line and the result card number a
//! move alike, in the player's choice of single moves or pairs; a game played on from a set-up
//! position numbers its first move after the set-up stones and puts each move in its colour's column.

use std::time::Duration;

use bevy::prelude::*;
use tengen::game::editor::{Brush, EditCommand};
use tengen::game::{GameCommand, Mode, OpenGame, ViewStep};
use tengen::i18n::Words;
use tengen::settings::{MoveNumbering, Settings};
use tengen::ui::numbering::Numbering;
use tengen::ui::{game_over, status_sentence};
use tengen_engine::{Color as Side, Game, Level, Pos, Preset};
use tengen_store::PerSide;

use crate::support::*;

/// What the side panel shows of the count: the move list's rows, the status line, and (once the game
/// is over) the card's number of moves and its comment.
struct Shown {
    rows: Vec<String>,
    status: String,
    card_moves: String,
    comment: String,
}

fn choose(app: &mut App, style: MoveNumbering) {
    app.world_mut().resource_mut::<Settings>().numbering = style;
}

/// The count as the side panel shows it, in the style the settings hold.
fn shown(app: &App) -> Shown {
    let style = app.world().resource::<Settings>().numbering;
    let words = app.world().resource::<Words>();
    let current = current(app);
    let numbering = Numbering::of(current.game(), style);
    let [(label, card_moves), ..] = game_over::numbers(current, (Duration::ZERO, style), words);
    assert_eq!(label, "game-over-moves");
    Shown {
        rows: numbering.move_rows(current.game()),
        status: status_sentence(current, words, style, (on_record(app), false)),
        card_moves,
        comment: game_over::comment(current, (Duration::ZERO, style), words),
    }
}

/// The last number the move list shows (its last row's last, "9" of "  8. i5     9. j10").
fn last_number(rows: &[String]) -> String {
    let last = rows.last().expect("a row");
    let mut numbers = last.split_whitespace().filter(|word| word.ends_with('.'));
    let number = numbers.next_back().expect("a number");
    number.trim_end_matches('.').to_owned()
}

fn play(app: &mut App, moves: &[(u8, u8)]) {
    for &(x, y) in moves {
        place(app, x, y);
    }
}

/// Three black stones set up in the editor, white to move, played on by two players here.
fn white_to_move_from_the_editor() -> App {
    let mut app = app();
    send(
        &mut app,
        GameCommand::Edit(EditCommand::Open(Preset::Freestyle15)),
    );
    send(
        &mut app,
        GameCommand::Edit(EditCommand::Brush(Brush::Black)),
    );
    play(&mut app, &[(0, 14), (1, 14), (2, 14)]);
    send(
        &mut app,
        GameCommand::Edit(EditCommand::ToMove(Side::White)),
    );
    send(
        &mut app,
        GameCommand::Edit(EditCommand::Play {
            against_computer: false,
        }),
    );
    assert_eq!(current(&app).setup().mode, Mode::HumanVsHuman);
    assert_eq!(current(&app).game().setup().len(), 3);
    app
}

/// White's five along row 5 (f10 … j10) from the editor's position, black answering on row 10.
const WHITE_FIVE: [(u8, u8); 9] = [
    (5, 5),
    (5, 10),
    (6, 5),
    (6, 10),
    (7, 5),
    (7, 10),
    (8, 5),
    (8, 10),
    (9, 5),
];

#[test]
fn played_on_from_the_editor_the_first_move_is_move_1_in_whites_column() {
    let mut app = white_to_move_from_the_editor();
    assert_eq!(shown(&app).status, "Move 1 — White to play");
    assert!(shown(&app).rows.is_empty());
    play(&mut app, &WHITE_FIVE[..3]);
    // The match numbers the stones it places after the set-up stones; single moves show its numbers.
    let numbers: Vec<usize> = seen(&app).placed.iter().map(|p| p.number).collect();
    assert_eq!(numbers, [1, 2, 3]);

    let single = shown(&app);
    assert_eq!(single.rows, ["     …      1. f10", "  2. f5     3. g10"]);
    assert_eq!(single.status, "Move 4 — Black to play");

    choose(&mut app, MoveNumbering::Pairs);
    let pairs = shown(&app);
    assert_eq!(pairs.rows, ["  1. …    f10", "  2. f5   g10"]);
    assert_eq!(pairs.status, "Move 3 — Black to play");
}

#[test]
fn from_a_set_up_position_the_list_the_status_line_and_the_card_count_alike() {
    for (style, count, last_row) in [
        (MoveNumbering::Single, "9", "  8. i5     9. j10"),
        (MoveNumbering::Pairs, "5", "  5. i5   j10"),
    ] {
        let mut app = white_to_move_from_the_editor();
        choose(&mut app, style);
        play(&mut app, &WHITE_FIVE);
        assert!(current(&app).game().is_over(), "white's five");
        let shown = shown(&app);
        assert_eq!(shown.rows.last().map(String::as_str), Some(last_row));
        assert_eq!(last_number(&shown.rows), count, "{style:?}");
        assert_eq!(shown.card_moves, count, "{style:?}");
        assert_eq!(shown.status, format!("White wins in {count} moves"));
        assert!(
            shown.comment.contains(&format!(" {count} moves")),
            "{style:?}: {}",
            shown.comment
        );
    }
}

#[test]
fn a_game_from_the_start_counts_alike_in_single_moves_and_in_pairs() {
    for (style, mid_game, count) in [
        (MoveNumbering::Single, "Move 4 — White to play", "9"),
        (MoveNumbering::Pairs, "Move 2 — White to play", "5"),
    ] {
        let mut app = hvh(Preset::Freestyle15);
        choose(&mut app, style);
        play(&mut app, &MISSED_BLOCK[..3]);
        let shown_mid = shown(&app);
        assert_eq!(shown_mid.status, mid_game, "{style:?}");
        // The move to play has the number the list gives it once played.
        place(&mut app, MISSED_BLOCK[3].0, MISSED_BLOCK[3].1);
        assert_eq!(
            last_number(&shown(&app).rows),
            mid_game.split_whitespace().nth(1).expect("a number"),
            "{style:?}"
        );
        play(&mut app, &MISSED_BLOCK[4..]);
        assert!(current(&app).game().is_over(), "black's five");
        let end = shown(&app);
        assert_eq!(last_number(&end.rows), count, "{style:?}");
        assert_eq!(end.card_moves, count, "{style:?}");
        assert_eq!(end.status, format!("Black wins in {count} moves"));
    }
}

#[test]
fn a_game_against_the_computer_counts_its_moves_as_the_match_numbers_them() {
    let mut app = game(setup(
        Mode::HumanVsComputer,
        Preset::Freestyle15,
        Level::Low,
        Side::Black,
    ));
    place(&mut app, 7, 7);
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 2
    });
    let numbering = Numbering::of(current(&app).game(), MoveNumbering::Single);
    for (index, placed) in seen(&app).placed.iter().enumerate() {
        assert_eq!(numbering.number(index), placed.number);
    }
    assert_eq!(shown(&app).status, "Move 3 — Black to play");
    assert_eq!(shown(&app).rows.len(), 1);
}

/// A record of two black set-up stones and a white one (`AB`/`AW`), white to move, and four moves.
fn set_up_record() -> Game {
    let setup = [
        (Pos::new(0, 14), Side::Black),
        (Pos::new(1, 14), Side::Black),
        (Pos::new(14, 0), Side::White),
    ];
    let moves: Vec<Pos> = WHITE_FIVE[..4]
        .iter()
        .map(|&(x, y)| Pos::new(x, y))
        .collect();
    Game::from_record(Preset::Freestyle15.variant(), &setup, Side::White, &moves).expect("legal")
}

#[test]
fn a_record_with_set_up_stones_counts_after_them_and_the_game_played_on_goes_on_counting() {
    for (style, at_end, at_two, played_on, rows) in [
        (
            MoveNumbering::Single,
            "A record: move 4 of 4",
            "A record: move 2 of 4",
            "Move 3 — White to play",
            ["     …      1. f10", "  2. f5"],
        ),
        (
            MoveNumbering::Pairs,
            "A record: move 3 of 3",
            "A record: move 2 of 3",
            "Move 2 — White to play",
            ["  1. …    f10", "  2. f5"],
        ),
    ] {
        let mut app = app();
        choose(&mut app, style);
        let open = OpenGame {
            game: set_up_record(),
            against_computer: false,
            rewind: false,
            names: PerSide::default(),
        };
        send(&mut app, GameCommand::Open(Box::new(open)));
        assert!(on_record(&app));
        assert_eq!(shown(&app).status, at_end, "{style:?}");
        send(&mut app, GameCommand::View(ViewStep::To(2)));
        assert_eq!(shown(&app).status, at_two, "{style:?}");
        send(
            &mut app,
            GameCommand::ContinueFromHere {
                against_computer: false,
            },
        );
        assert!(!on_record(&app));
        assert_eq!(shown(&app).status, played_on, "{style:?}");
        assert_eq!(shown(&app).rows, rows, "{style:?}");
    }
}
