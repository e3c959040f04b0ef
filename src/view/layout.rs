//! Where the board is on screen: centred in the space left of the HUD and above the records bar, as
//! large as the window allows, in logical pixels (a HiDPI screen gets the same layout with sharper
//! pictures), with grid lines and the board's shadow kept crisp in window pixels.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use tengen_engine::{Pos, Variant};

use crate::game::board::{BoardRoot, Cell, cell_local};
use crate::game::{BoardView, CurrentGame};
use crate::screens::InGame;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardLayout>().add_systems(
        PostUpdate,
        (fit_board_to_window, orient_cells)
            .chain()
            .before(TransformSystems::Propagate)
            .run_if(in_state(InGame)),
    );
}

/// Width of the HUD panel on the right, in logical pixels; the board is centred in the rest.
pub const PANEL_WIDTH: f32 = 320.0;

/// Height of the strip kept free below the board for the records bar (Save / Open, History, Statistics
/// and a record's step buttons), so the bar never covers the lower coordinates.
pub const RECORDS_BAR_HEIGHT: f32 = 40.0;

/// The board was laid out anew (a new board, or the window changed size).
#[derive(Event, Debug, Clone, Copy, PartialEq)]
pub struct BoardLaidOut {
    pub layout: BoardLayout,
    /// The window's size in logical pixels.
    pub window: Vec2,
}

/// Where the board is on screen: its centre in world units, the pixels between grid lines, and how
/// it is turned or mirrored (see [`BoardView`]; its numbering part is not the layout's).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct BoardLayout {
    pub centre: Vec2,
    pub spacing: f32,
    pub size: u8,
    pub view: BoardView,
}

impl BoardLayout {
    /// Where the record's point `pos` is drawn, in window coordinates (logical pixels from the
    /// top-left corner).
    pub fn window_position(&self, pos: Pos, window: Vec2) -> Vec2 {
        let pos = self.view.shown(pos, self.size);
        let half = (self.size as f32 - 1.0) / 2.0;
        let world =
            self.centre + Vec2::new(pos.x as f32 - half, half - pos.y as f32) * self.spacing;
        Vec2::new(window.x / 2.0 + world.x, window.y / 2.0 - world.y)
    }
}

/// Half the side of the wooden board in board units, measured from its centre.
pub fn board_half_extent(variant: Variant) -> f32 {
    let size = variant.size();
    if variant.is_tic_tac_toe() {
        // Tic-tac-toe: three squares a side, and a narrow frame.
        1.5 + 0.75
    } else {
        (size as f32 - 1.0) / 2.0 + 1.2
    }
}

/// Room around the board for the coordinates, in board units from the centre.
fn layout_half_extent(variant: Variant) -> f32 {
    board_half_extent(variant) + if variant.is_tic_tac_toe() { 0.25 } else { 0.3 }
}

/// The board's soft shadow on the table: drawn in window pixels (nine-slice borders must not scale
/// with the board), so it undoes the board's scale.
#[derive(Component)]
pub(super) struct BoardShadow;

/// A grid line: `line.png` is a horizontal segment soft at top and bottom, so vertical lines are the
/// same sprite turned a quarter. Its thickness is set in window pixels by the layout, so lines stay crisp
/// and equally bold at every board size and window size.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct GridLine {
    pub length: f32,
    /// The frame of the board is drawn bolder, as on a real board.
    pub bold: bool,
}

/// A line's thickness in window pixels.
fn line_pixels(line: GridLine, variant: Variant) -> f32 {
    match (variant.is_tic_tac_toe(), line.bold) {
        (true, _) => 6.0,
        (false, true) => 3.0,
        (false, false) => 2.0,
    }
}

/// Keeps the board centred in the space left of the HUD and above the records bar, as large as the
/// window allows.
pub(super) fn fit_board_to_window(
    window: Single<&Window, With<PrimaryWindow>>,
    (current, view): (Res<CurrentGame>, Res<BoardView>),
    mut layout: ResMut<BoardLayout>,
    mut roots: Query<&mut Transform, (With<BoardRoot>, Without<BoardShadow>)>,
    mut shadows: Query<(&mut Transform, &mut Sprite), With<BoardShadow>>,
    mut lines: Query<(&GridLine, &mut Sprite), Without<BoardShadow>>,
    mut commands: Commands,
) {
    let variant = current.game().variant();
    let size = variant.size();
    let area = Vec2::new(
        (window.width() - PANEL_WIDTH).max(100.0),
        (window.height() - RECORDS_BAR_HEIGHT).max(100.0),
    );
    let extent = 2.0 * layout_half_extent(variant);
    // Whole physical pixels between lines (and whole-pixel line widths below), so every grid line
    // covers the same pixel rows on any screen, HiDPI included.
    let scale = window.scale_factor().max(0.25);
    let spacing = ((area.x.min(area.y) / extent * scale).floor() / scale).max(4.0);
    let next = BoardLayout {
        centre: Vec2::new(-PANEL_WIDTH / 2.0, RECORDS_BAR_HEIGHT / 2.0),
        spacing,
        size,
        view: BoardView {
            numbered_last: 0,
            ..*view
        },
    };
    if *layout != next {
        *layout = next;
        commands.trigger(BoardLaidOut {
            layout: next,
            window: window.size(),
        });
    }
    for mut transform in &mut roots {
        let wanted = Transform::from_translation(layout.centre.extend(0.0))
            .with_scale(Vec3::new(spacing, spacing, 1.0));
        if *transform != wanted {
            *transform = wanted;
        }
    }
    // The shadow's picture is 128 px with the board inset 40 px: drawn in window pixels, the board
    // plus 40 px a side, nudged down as if lit from above.
    let board_px = 2.0 * board_half_extent(variant) * spacing;
    for (mut transform, mut sprite) in &mut shadows {
        let wanted = Transform::from_xyz(0.0, -6.0 / spacing, -1.0).with_scale(Vec3::new(
            1.0 / spacing,
            1.0 / spacing,
            1.0,
        ));
        if *transform != wanted {
            *transform = wanted;
        }
        let size = Some(Vec2::splat(board_px + 80.0));
        if sprite.custom_size != size {
            sprite.custom_size = size;
        }
    }
    for (line, mut sprite) in &mut lines {
        // The line's ends reach half its thickness past the outer points, so the frame's corners meet.
        let thick = (line_pixels(*line, variant) * scale).round().max(1.0) / scale / spacing;
        let wanted = Some(Vec2::new(line.length + thick, thick));
        if sprite.custom_size != wanted {
            sprite.custom_size = wanted;
        }
    }
}

/// Puts each point where the board's view draws it (its stone and marks go with it): the record's
/// points keep their names, only where they are drawn changes.
fn orient_cells(
    layout: Res<BoardLayout>,
    current: Res<CurrentGame>,
    mut cells: Query<(&Cell, &mut Transform)>,
) {
    let variant = current.game().variant();
    if layout.size != variant.size() {
        return;
    }
    for (cell, mut transform) in &mut cells {
        let at = cell_local(variant, layout.view.shown(cell.pos, layout.size));
        if transform.translation.truncate() != at {
            transform.translation = at.extend(transform.translation.z);
        }
    }
}
