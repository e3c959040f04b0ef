//! The position editor, the renju opening names and the board exported as a picture: stones put and
//! taken away freely, a five refused in words, renju forbidden points marked as usual, the position
//! played on against the computer or a friend; every opening named in every language; a PNG whose
//! stones are where the stones are.

use bevy::prelude::*;
use tengen::export::{ExportBoard, ImageOptions, board_png, picture_side, point_centre};
use tengen::game::board::Mark;
use tengen::game::editor::{Brush, EditCommand, Editor};
use tengen::game::input::Question;
use tengen::game::{GameCommand, Mode, PlayerKind};
use tengen::screens::{Activity, Screen};
use tengen_engine::{Color as Side, Forbidden, Game, Pos, Preset, RenjuOpening};
use tengen_i18n::{Language, Messages, message_ids};

use crate::support::*;

fn edit(app: &mut App, command: EditCommand) {
    send(app, GameCommand::Edit(command));
}

/// An app with the editor open on an empty board of `preset`.
fn editor(preset: Preset) -> App {
    let mut app = app();
    edit(&mut app, EditCommand::Open(preset));
    assert_eq!(screen(&app), Screen::Playing);
    assert!((activity(&app) == Activity::Editor));
    app
}

fn notice(app: &App) -> String {
    notice_text(app)
}

#[test]
fn stones_of_either_colour_go_down_and_come_off_with_clicks() {
    let mut app = editor(Preset::Freestyle15);
    place(&mut app, 7, 7);
    place(&mut app, 8, 7);
    edit(&mut app, EditCommand::Brush(Brush::White));
    place(&mut app, 0, 0);
    // A white click on a black stone turns it white; on a white stone takes it away.
    place(&mut app, 8, 7);
    place(&mut app, 0, 0);
    assert_eq!(
        stones(&mut app),
        vec![(Pos::new(7, 7), Side::Black), (Pos::new(8, 7), Side::White)]
    );
    edit(&mut app, EditCommand::Brush(Brush::Erase));
    place(&mut app, 7, 7);
    assert_eq!(stones(&mut app), vec![(Pos::new(8, 7), Side::White)]);
    // No move was played, nothing is live (no Continue, no autosave, no clock).
    assert!(current(&app).game().moves().is_empty());
    assert!(!current(&app).live());
    assert!(seen(&app).placed.is_empty());
    edit(&mut app, EditCommand::Clear);
    assert!(stones(&mut app).is_empty());
}

#[test]
fn another_rule_keeps_the_stones_where_they_fit_and_else_starts_empty() {
    let mut app = editor(Preset::Freestyle15);
    place(&mut app, 7, 7);
    edit(&mut app, EditCommand::Brush(Brush::White));
    place(&mut app, 8, 8);
    let set_up = vec![(Pos::new(7, 7), Side::Black), (Pos::new(8, 8), Side::White)];
    for preset in [Preset::Renju15, Preset::Freestyle20, Preset::Standard15] {
        edit(&mut app, EditCommand::Rule(preset));
        assert_eq!(current(&app).setup().preset, preset);
        assert_eq!(activity(&app), Activity::Editor, "still setting up");
        assert_eq!(stones(&mut app), set_up, "{preset:?}");
    }
    // Off a 3×3 board: an empty one.
    edit(&mut app, EditCommand::Rule(Preset::TicTacToe));
    assert_eq!(current(&app).setup().preset, Preset::TicTacToe);
    assert!(stones(&mut app).is_empty());
    assert!(!current(&app).live());
}

#[test]
fn a_five_is_refused_in_plain_words() {
    let mut app = editor(Preset::Freestyle15);
    for x in 0..4 {
        place(&mut app, x, 0);
    }
    place(&mut app, 4, 0);
    assert_eq!(
        current(&app).game().setup().len(),
        4,
        "the fifth stone stays off"
    );
    assert!(notice(&app).contains("winning row"), "{}", notice(&app));
    assert!(current(&app).game().outcome().is_none());
}

#[test]
fn renju_forbidden_points_of_the_set_up_position_are_marked() {
    let mut app = editor(Preset::Renju15);
    // f8, g8, h10, h9: h8 makes two open threes for black.
    for (x, y) in [(5, 7), (6, 7), (7, 5), (7, 6)] {
        place(&mut app, x, y);
    }
    edit(&mut app, EditCommand::ToMove(Side::Black));
    let forbidden: Vec<Pos> = marks(&mut app)
        .into_iter()
        .filter(|(_, m)| matches!(m, Mark::Forbidden(Forbidden::DoubleThree)))
        .map(|(p, _)| p)
        .collect();
    assert!(forbidden.contains(&Pos::new(7, 7)), "{forbidden:?}");
    // With white to move, black's forbidden points are not marked.
    edit(&mut app, EditCommand::ToMove(Side::White));
    assert!(
        !marks(&mut app)
            .iter()
            .any(|(_, m)| matches!(m, Mark::Forbidden(_)))
    );
}

#[test]
fn the_position_is_played_on_against_the_computer_from_the_side_to_move() {
    let mut app = editor(Preset::Freestyle15);
    place(&mut app, 7, 7);
    place(&mut app, 8, 8);
    place(&mut app, 9, 9);
    edit(&mut app, EditCommand::ToMove(Side::White));
    edit(
        &mut app,
        EditCommand::Play {
            against_computer: true,
        },
    );
    assert!(!(activity(&app) == Activity::Editor));
    let game = &current(&app).game();
    assert_eq!(game.setup().len(), 3);
    assert_eq!(game.to_move(), Side::White);
    assert!(current(&app).live());
    assert_eq!(current(&app).setup().mode, Mode::HumanVsComputer);
    // You play white, the side to move; your click is a move now, and the computer answers.
    assert_eq!(current(&app).player_to_move(), PlayerKind::Human);
    place(&mut app, 6, 6);
    // A newcomer's step answers at once: its reply may already be on the board.
    assert_eq!(current(&app).game().moves().first(), Some(&Pos::new(6, 6)));
    run_until(&mut app, SEARCH_FRAMES, |app| {
        current(app).game().moves().len() == 2
    });
    assert!(seen(&app).placed[1].by_computer);
    assert_eq!(stones(&mut app).len(), 5);
}

#[test]
fn two_players_play_on_and_the_menu_closes_the_editor() {
    let mut app = editor(Preset::Freestyle15);
    place(&mut app, 7, 7);
    // The side to move is the player's choice, not the stone count's.
    assert_eq!(current(&app).game().to_move(), Side::Black);
    edit(&mut app, EditCommand::ToMove(Side::White));
    edit(
        &mut app,
        EditCommand::Play {
            against_computer: false,
        },
    );
    assert_eq!(current(&app).setup().mode, Mode::HumanVsHuman);
    assert_eq!(current(&app).game().to_move(), Side::White);
    place(&mut app, 8, 8);
    assert_eq!(current(&app).game().mover_of(0), Side::White);

    let mut app = editor(Preset::Freestyle15);
    send(&mut app, GameCommand::Menu);
    assert_eq!(screen(&app), Screen::Menu);
    assert!(!(activity(&app) == Activity::Editor));
    // A new game afterwards places moves again, not set-up stones.
    send(&mut app, GameCommand::Restart);
    place(&mut app, 7, 7);
    assert_eq!(current(&app).game().moves(), &[Pos::new(7, 7)]);
}

#[test]
fn every_renju_opening_has_a_name_in_every_language() {
    for language in Language::ALL {
        let ids = message_ids(language);
        let words = Messages::new(language);
        for opening in RenjuOpening::all() {
            let id = format!("opening-{}", opening.key());
            assert!(ids.contains(&id), "{language}: no {id}");
            assert!(!words.tr(&id).is_empty());
        }
    }
    assert_eq!(
        Messages::new(Language::Chinese).tr("opening-kagetsu"),
        "花月"
    );
    assert_eq!(
        Messages::new(Language::Chinese).tr("opening-hogetsu"),
        "浦月"
    );
    assert_eq!(
        Messages::new(Language::Russian).tr("opening-kagetsu"),
        "Кагэцу"
    );
}

/// The picture's pixel at `(x, y)`, decoded from the PNG bytes.
fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buffer).expect("a frame");
    assert_eq!(info.color_type, png::ColorType::Rgb);
    buffer.truncate(info.buffer_size());
    (info.width, info.height, buffer)
}

fn brightness(picture: &(u32, u32, Vec<u8>), x: f32, y: f32) -> u32 {
    let (width, _, rgb) = picture;
    let i = (y as usize * *width as usize + x as usize) * 3;
    (rgb[i] as u32 + rgb[i + 1] as u32 + rgb[i + 2] as u32) / 3
}

#[test]
fn the_exported_picture_shows_the_stones_where_they_are() {
    let moves = [Pos::new(7, 7), Pos::new(3, 11), Pos::new(12, 2)];
    let game = Game::from_moves(Preset::Freestyle15.variant(), &moves).expect("legal");
    for options in [
        ImageOptions::default(),
        ImageOptions {
            coordinates: true,
            numbers: true,
        },
    ] {
        let picture = decode(&board_png(&game, options).expect("drawn"));
        let side = picture_side(15, options);
        assert_eq!((picture.0, picture.1), (side, side));
        // A little off each centre, clear of a number or the last-move dot.
        let at = |pos| {
            let (x, y) = point_centre(pos, options);
            (x + 11.0, y + 11.0)
        };
        let (x, y) = at(Pos::new(7, 7));
        assert!(brightness(&picture, x, y) < 60, "black stone at h8");
        let (x, y) = at(Pos::new(3, 11));
        assert!(brightness(&picture, x, y) > 200, "white stone at d4");
        let (x, y) = at(Pos::new(12, 2));
        assert!(brightness(&picture, x, y) < 60, "black stone at m13");
        let (x, y) = at(Pos::new(10, 10));
        let wood = brightness(&picture, x, y);
        assert!((100..200).contains(&wood), "an empty point is wood: {wood}");
        // The move number 1 is written in light ink on the black stone at h8.
        let (cx, cy) = point_centre(Pos::new(7, 7), options);
        let light = (-6..=6)
            .flat_map(|dy| (-6..=6).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| brightness(&picture, cx + dx as f32, cy + dy as f32) > 200)
            .count();
        assert_eq!(
            light > 0,
            options.numbers,
            "number 1 on h8: {light} light pixels"
        );
    }
    // Coordinates make room around the board.
    assert!(
        picture_side(15, ImageOptions::default())
            < picture_side(
                15,
                ImageOptions {
                    coordinates: true,
                    numbers: false
                }
            )
    );
}

#[test]
fn export_writes_the_board_on_the_table_and_says_where() {
    let files = tempfile::tempdir().expect("temp dir");
    let mut app = hvh(Preset::Freestyle15);
    place(&mut app, 7, 7);
    let path = files.path().join("shared");
    app.world_mut().trigger(ExportBoard {
        path: path.clone(),
        options: ImageOptions::default(),
    });
    app.update();
    let written = files.path().join("shared.png");
    let picture = decode(&std::fs::read(&written).expect("written with .png added"));
    let (x, y) = point_centre(Pos::new(7, 7), ImageOptions::default());
    assert!(brightness(&picture, x + 11.0, y + 11.0) < 60);
    assert!(notice(&app).contains("shared.png"), "{}", notice(&app));
    // A folder that does not exist is a failure in words, not a panic.
    app.world_mut().trigger(ExportBoard {
        path: files.path().join("missing/board.png"),
        options: ImageOptions::default(),
    });
    app.update();
    assert!(
        notice(&app).starts_with("Could not save the image"),
        "{}",
        notice(&app)
    );
}

#[test]
fn keys_open_the_editor_and_pick_the_stone() {
    use crate::keyboard::press;
    let mut app = hvh(Preset::Renju15);
    place(&mut app, 7, 7);
    // E over an unfinished game asks nothing (the game waits for Continue: see `leaving.rs`) and
    // opens the editor on the same rule, from the position on the board.
    press(&mut app, &[], KeyCode::KeyE);
    assert!(app.world().resource::<Question>().0.is_none());
    assert_eq!(activity(&app), Activity::Editor);
    assert_eq!(current(&app).setup().preset, Preset::Renju15);
    let board: Vec<_> = current(&app).game().board().stones().collect();
    assert_eq!(board, vec![(Pos::new(7, 7), Side::Black)]);
    assert_eq!(current(&app).game().to_move(), Side::White);
    // The game's stone can be taken off like any other.
    press(&mut app, &[], KeyCode::KeyX);
    place(&mut app, 7, 7);
    press(&mut app, &[], KeyCode::KeyW);
    assert_eq!(app.world().resource::<Editor>().brush, Brush::White);
    place(&mut app, 3, 3);
    press(&mut app, &[], KeyCode::KeyX);
    assert_eq!(app.world().resource::<Editor>().brush, Brush::Erase);
    press(&mut app, &[], KeyCode::KeyB);
    place(&mut app, 4, 4);
    assert_eq!(
        stones(&mut app),
        vec![(Pos::new(3, 3), Side::White), (Pos::new(4, 4), Side::Black)]
    );
}

#[test]
fn an_opened_set_up_record_shows_its_stones_and_plays_on_from_them() {
    use tengen::game::OpenGame;
    let record =
        tengen_store::parse_pasted("AB[h8i9]AW[j10]PL[W]a1", Preset::Freestyle15.variant())
            .expect("a set-up position string");
    let mut app = app();
    let open = OpenGame::record(record, false, false, &own_name(&app));
    send(&mut app, GameCommand::Open(Box::new(open)));
    assert_eq!(
        stones(&mut app),
        vec![
            (Pos::new(0, 14), Side::White),
            (Pos::new(7, 7), Side::Black),
            (Pos::new(8, 6), Side::Black),
            (Pos::new(9, 5), Side::White),
        ]
    );
    // Continue from before the move: the set-up stones stay, white to move.
    send(&mut app, GameCommand::View(tengen::game::ViewStep::First));
    send(
        &mut app,
        GameCommand::ContinueFromHere {
            against_computer: false,
        },
    );
    let game = &current(&app).game();
    assert_eq!(game.setup().len(), 3);
    assert!(game.moves().is_empty());
    assert_eq!(game.to_move(), Side::White);
    assert_eq!(stones(&mut app).len(), 3);
}

#[test]
fn the_exported_picture_writes_the_columns_as_the_board_does() {
    // Every column letter up to the largest board's (t) has its lowercase glyph: drawn, not skipped.
    let game = Game::new(Preset::Freestyle20.variant());
    let with = ImageOptions {
        coordinates: true,
        numbers: false,
    };
    let picture = decode(&board_png(&game, with).expect("drawn"));
    let (x, _) = point_centre(Pos::new(19, 0), with);
    let margin = picture_side(20, with) as f32 - point_centre(Pos::new(19, 19), with).1;
    // The letter "t" above the last column: some ink in the top margin there.
    let ink = (0..(margin * 0.9) as i32)
        .flat_map(|y| (-6..=6).map(move |dx| (x + dx as f32, y as f32)))
        .filter(|&(px, py)| brightness(&picture, px, py) < 90)
        .count();
    assert!(ink > 0, "the column letter t is drawn");
}

#[test]
fn a_rematch_of_a_set_up_game_starts_from_the_same_position() {
    let mut app = app();
    edit(&mut app, EditCommand::Open(Preset::Freestyle15));
    place(&mut app, 7, 7);
    edit(&mut app, EditCommand::Brush(Brush::White));
    place(&mut app, 8, 8);
    edit(&mut app, EditCommand::ToMove(Side::Black));
    edit(
        &mut app,
        EditCommand::Play {
            against_computer: false,
        },
    );
    let set_up = vec![(Pos::new(7, 7), Side::Black), (Pos::new(8, 8), Side::White)];
    place(&mut app, 6, 6);
    assert_eq!(current(&app).game().moves().len(), 1);
    send(&mut app, GameCommand::Rematch);
    let game = current(&app).game();
    assert!(game.moves().is_empty(), "a new game");
    assert_eq!(game.setup(), set_up.as_slice(), "from the same position");
    assert_eq!(game.to_move(), Side::Black);
    assert_eq!(stones(&mut app), set_up);
    // A new game (not a rematch) starts on an empty board.
    send(&mut app, GameCommand::Restart);
    assert!(current(&app).game().setup().is_empty());
}

#[test]
fn the_editor_plays_the_computer_at_the_level_chosen_in_it() {
    use tengen_engine::Level;
    let mut app = editor(Preset::Freestyle15);
    assert_eq!(
        app.world().resource::<Editor>().level,
        Level::Low,
        "the settings' level at first (a fresh player's: the first step is on Low's card)"
    );
    place(&mut app, 7, 7);
    edit(&mut app, EditCommand::Level(Level::Expert));
    edit(
        &mut app,
        EditCommand::Play {
            against_computer: true,
        },
    );
    let setup = current(&app).setup();
    assert_eq!(setup.mode, Mode::HumanVsComputer);
    assert_eq!((setup.level, setup.step), (Level::Expert, None));
}
