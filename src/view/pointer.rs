//! The pointer and the keyboard cursor on the board: picking on cells (hover fades in a ghost stone of
//! the side to move, a left click asks to place a stone) and the cursor's frame.

use bevy::picking::events::{Click, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use tengen_engine::Pos;

use super::animation::Fade;
use super::art::{Art, Skin};
use super::layout::fit_board_to_window;
use crate::game::board::{Cell, cell_local};
use crate::game::input::Cursor;
use crate::game::{CurrentGame, GameCommand};
use crate::screens::{InGame, Screen};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HoveredCell>()
        .add_observer(dress_cell)
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

/// Makes a cell a pickable square: hover tracks the ghost, a left click asks to place a stone.
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
        )
        .observe(
            move |click: On<Pointer<Click>>, mut writer: MessageWriter<GameCommand>| {
                if click.button == PointerButton::Primary {
                    writer.write(GameCommand::Place(pos));
                }
            },
        );
}

fn show_ghost(
    hovered: Res<HoveredCell>,
    current: Res<CurrentGame>,
    screen: Res<State<Screen>>,
    art: Option<Res<Art>>,
    mut ghosts: Query<(&mut Transform, &mut Sprite, &mut Skin, &mut Fade), With<Ghost>>,
) {
    let Some(art) = art else {
        return;
    };
    let target = hovered.0.filter(|&pos| {
        *screen.get() == Screen::Playing && current.humans_turn() && current.game.check(pos).is_ok()
    });
    let tic_tac_toe = current.game.variant().is_tic_tac_toe();
    for (mut transform, mut sprite, mut skin, mut fade) in &mut ghosts {
        match target {
            Some(pos) => {
                let at = cell_local(current.game.variant(), pos).extend(3.5);
                if transform.translation != at {
                    transform.translation = at;
                }
                let wanted = Skin::piece(current.game.to_move(), tic_tac_toe);
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
    cursor: Res<Cursor>,
    current: Res<CurrentGame>,
    mut frames: Query<(&mut Transform, &mut Visibility), With<CursorFrame>>,
) {
    for (mut transform, mut visibility) in &mut frames {
        if cursor.visible && current.game.variant().contains(cursor.pos) {
            let at = cell_local(current.game.variant(), cursor.pos).extend(5.0);
            if transform.translation != at {
                transform.translation = at;
            }
            visibility.set_if_neq(Visibility::Inherited);
        } else {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}
