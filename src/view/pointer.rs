//! The pointer and the keyboard cursor on the board: picking on cells (hover fades in a ghost stone of
//! the side to move), a left click or a tap on a point asks to place a stone, and the cursor's frame.
//! A pointer that leaves the window leaves the board too: picking sends no `Out` for it, so the ghost
//! would stay.
//!
//! Clicks are read from where the pointer is when the button goes down and up, not from picking's
//! hover: that needs a pointer move first, so a click without one (a tap, the first click after the
//! window gained focus, a move and a click in one frame) was lost.

use bevy::ecs::system::SystemParam;
use bevy::picking::events::{Out, Over, Pointer};
use bevy::prelude::*;
use bevy::window::{CursorLeft, PrimaryWindow};
use bevy_egui::EguiPostUpdateSet;
use bevy_egui::input::EguiWantsInput;
use tengen_engine::{Pos, Variant};

use super::animation::Fade;
use super::art::{Art, Skin};
use super::layout::{BoardLayout, fit_board_to_window};
use crate::game::board::{Cell, cell_local};
use crate::game::input::Cursor;
use crate::game::{CurrentGame, GameCommand};
use crate::screens::{Doing, InGame, Screen};

pub(super) fn plugin(app: &mut App) {
    // The window plugin registers it; a headless app has none, and the game must run there too.
    app.add_message::<CursorLeft>()
        .init_resource::<HoveredCell>()
        .add_observer(dress_cell)
        .add_systems(PreUpdate, leave_the_board)
        // After egui's pass of this frame has said whether the pointer is over the UI: a click that
        // lands on a button (moved there in the same frame) is the button's alone. The stone goes
        // down in the next frame's turn.
        .add_systems(
            PostUpdate,
            click_to_place
                .after(EguiPostUpdateSet::ProcessOutput)
                .run_if(in_state(InGame)),
        )
        .add_systems(
            PostUpdate,
            (show_ghost, show_cursor)
                .chain()
                .after(fit_board_to_window)
                .before(TransformSystems::Propagate)
                .run_if(in_state(InGame)),
        );
}

/// The point under the mouse, if any.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct HoveredCell(pub Option<Pos>);

/// Marks the translucent stone that follows the mouse.
#[derive(Component)]
pub struct Ghost;

/// Marks the keyboard cursor's frame.
#[derive(Component)]
pub struct CursorFrame;

/// Makes a cell a pickable square whose hover tracks the ghost.
fn dress_cell(added: On<Add, Cell>, mut commands: Commands, cells: Query<&Cell>) {
    let Ok(&Cell { pos }) = cells.get(added.entity) else {
        return;
    };
    commands
        .entity(added.entity)
        .insert((
            Sprite::from_color(Color::NONE, Vec2::ONE),
            Pickable::default(),
        ))
        .observe(
            move |_: On<Pointer<Over>>, mut hovered: ResMut<HoveredCell>| {
                hovered.0 = Some(pos);
            },
        )
        .observe(
            move |_: On<Pointer<Out>>, mut hovered: ResMut<HoveredCell>| {
                if hovered.0 == Some(pos) {
                    hovered.0 = None;
                }
            },
        );
}

/// The point whose cell (the square of one spacing around it) holds a window position, in logical
/// pixels from the window's top-left corner.
pub fn cell_at(layout: &BoardLayout, variant: Variant, at: Vec2, window: Vec2) -> Option<Pos> {
    if layout.spacing <= 0.0 || layout.size != variant.size() {
        return None;
    }
    let world = Vec2::new(at.x - window.x / 2.0, window.y / 2.0 - at.y) - layout.centre;
    let half = (variant.size() as f32 - 1.0) / 2.0;
    let x = (world.x / layout.spacing + half).round();
    let y = (half - world.y / layout.spacing).round();
    let on_board =
        (0.0..variant.size() as f32).contains(&x) && (0.0..variant.size() as f32).contains(&y);
    on_board.then(|| {
        layout
            .view
            .record(Pos::new(x as u8, y as u8), variant.size())
    })
}

/// The mouse and touch input over the window, and whether the UI has the pointer.
#[derive(SystemParam)]
struct PointerInput<'w, 's> {
    buttons: Res<'w, ButtonInput<MouseButton>>,
    touches: Res<'w, Touches>,
    windows: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
    egui: Option<Res<'w, EguiWantsInput>>,
}

/// A left button pressed and released over the same point, or a tap that starts and ends on it,
/// places a stone there. Not while the pointer is over the UI.
fn click_to_place(
    input: PointerInput,
    layout: Res<BoardLayout>,
    current: Res<CurrentGame>,
    mut pressed_on: Local<Option<Pos>>,
    mut writer: MessageWriter<GameCommand>,
) {
    let PointerInput {
        buttons,
        touches,
        windows,
        egui,
    } = &input;
    let Ok(window) = windows.single() else {
        return;
    };
    if egui
        .as_ref()
        .is_some_and(|egui| egui.wants_any_pointer_input())
    {
        *pressed_on = None;
        return;
    }
    let variant = current.game().variant();
    let cell = |at: Vec2| cell_at(&layout, variant, at, window.size());
    let under_pointer = window.cursor_position().and_then(cell);
    if buttons.just_pressed(MouseButton::Left) {
        *pressed_on = under_pointer;
    }
    if buttons.just_released(MouseButton::Left)
        && let Some(pos) = pressed_on.take().filter(|&pos| under_pointer == Some(pos))
    {
        writer.write(GameCommand::Place(pos));
    }
    for touch in touches.iter_just_released() {
        if let Some(pos) =
            cell(touch.start_position()).filter(|&pos| cell(touch.position()) == Some(pos))
        {
            writer.write(GameCommand::Place(pos));
        }
    }
}

fn leave_the_board(mut left: MessageReader<CursorLeft>, mut hovered: ResMut<HoveredCell>) {
    if left.read().count() > 0 {
        hovered.set_if_neq(HoveredCell(None));
    }
}

fn show_ghost(
    (hovered, layout): (Res<HoveredCell>, Res<BoardLayout>),
    current: Res<CurrentGame>,
    doing: Doing,
    art: Option<Res<Art>>,
    mut ghosts: Query<(&mut Transform, &mut Sprite, &mut Skin, &mut Fade), With<Ghost>>,
) {
    let Some(art) = art else {
        return;
    };
    let target = hovered.0.filter(|&pos| {
        doing.screen() == Screen::Playing
            && current.humans_turn(doing.on_record())
            && current.game().check(pos).is_ok()
    });
    let tic_tac_toe = current.game().variant().is_tic_tac_toe();
    for (mut transform, mut sprite, mut skin, mut fade) in &mut ghosts {
        match target {
            Some(pos) => {
                let shown = layout.view.shown(pos, layout.size);
                let at = cell_local(current.game().variant(), shown).extend(3.5);
                if transform.translation != at {
                    transform.translation = at;
                }
                let wanted = Skin::piece(current.game().to_move(), tic_tac_toe);
                if *skin != wanted {
                    *skin = wanted;
                    sprite.image = art.get(wanted);
                }
                if fade.target != 0.5 {
                    fade.target = 0.5;
                }
            }
            None => {
                if fade.target != 0.0 {
                    fade.target = 0.0;
                }
            }
        }
    }
}

fn show_cursor(
    (cursor, layout): (Res<Cursor>, Res<BoardLayout>),
    current: Res<CurrentGame>,
    mut frames: Query<(&mut Transform, &mut Visibility), With<CursorFrame>>,
) {
    for (mut transform, mut visibility) in &mut frames {
        if cursor.visible && current.game().variant().contains(cursor.pos) {
            let shown = layout.view.shown(cursor.pos, layout.size);
            let at = cell_local(current.game().variant(), shown).extend(5.0);
            if transform.translation != at {
                transform.translation = at;
            }
            visibility.set_if_neq(Visibility::Inherited);
        } else {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

#[cfg(test)]
mod tests {
    use bevy::math::Vec2;
    use tengen_engine::{Pos, Preset};

    use super::cell_at;
    use crate::game::BoardView;
    use crate::view::BoardLayout;

    #[test]
    fn a_click_on_a_turned_or_mirrored_board_finds_the_records_point() {
        let variant = Preset::Freestyle15.variant();
        let window = Vec2::new(800.0, 560.0);
        for quarter_turns in 0..4 {
            for flipped in [false, true] {
                let layout = BoardLayout {
                    centre: Vec2::new(-160.0, 20.0),
                    spacing: 28.0,
                    size: 15,
                    view: BoardView {
                        quarter_turns,
                        flipped,
                        numbered_last: 0,
                    },
                };
                for pos in [Pos::new(0, 0), Pos::new(7, 8), Pos::new(14, 3)] {
                    let at = layout.window_position(pos, window);
                    assert_eq!(
                        cell_at(&layout, variant, at, window),
                        Some(pos),
                        "{layout:?}"
                    );
                }
                let plain = BoardLayout {
                    view: BoardView::default(),
                    ..layout
                };
                let corner = plain.window_position(Pos::new(0, 0), window);
                let drawn = layout.window_position(Pos::new(0, 0), window);
                assert_eq!(
                    corner == drawn,
                    layout.view.shown(Pos::new(0, 0), 15) == Pos::new(0, 0),
                    "the top-left point is drawn elsewhere exactly when the view moves it"
                );
            }
        }
    }
}
