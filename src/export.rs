//! The board as a PNG picture to share: the wooden board, its grid and star points, the stones, and if
//! asked the coordinates around it and the move numbers on the stones. Drawn here in plain code (no
//! window or GPU needed, so it works the same everywhere), encoded with the `png` crate Bevy already
//! brings.
//!
//! [`ExportBoard`] asks for the picture of the game on the board; the answer is a notice.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use tengen_engine::{Cell, Color, Game, Pos, RowOrigin};

use crate::game::{CurrentGame, Notice};
use crate::i18n::Phrase;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(export_board);
}

/// Save the picture of the game on the board at `path` (`.png` is added when missing).
#[derive(Event, Debug, Clone, PartialEq, Eq)]
pub struct ExportBoard {
    pub path: PathBuf,
    pub options: ImageOptions,
}

/// What the picture shows besides the stones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ImageOptions {
    /// Column letters and row numbers around the board, as players write points (`h8`).
    pub coordinates: bool,
    /// Each played stone's move number (set-up stones have none).
    pub numbers: bool,
}

/// Pixels between grid lines.
pub const SPACING: u32 = 40;
/// A stone's radius in pixels.
const STONE_RADIUS: f32 = 18.0;

type Rgb = [u8; 3];
const WOOD: Rgb = [0xdc, 0xb3, 0x5c];
const LINE: Rgb = [0x4a, 0x36, 0x1c];
const BLACK_STONE: Rgb = [0x1d, 0x1d, 0x20];
const WHITE_STONE: Rgb = [0xf4, 0xf1, 0xe8];
const WHITE_EDGE: Rgb = [0x8a, 0x80, 0x70];
const LAST_MOVE: Rgb = [0xd0, 0x3a, 0x2a];

/// An RGB picture being drawn.
struct Picture {
    width: u32,
    height: u32,
    rgb: Vec<u8>,
}

impl Picture {
    fn new(width: u32, height: u32, fill: Rgb) -> Picture {
        let rgb = fill
            .iter()
            .copied()
            .cycle()
            .take(width as usize * height as usize * 3)
            .collect();
        Picture { width, height, rgb }
    }

    /// Blends `color` over the pixel at `(x, y)` with `alpha` (0 to 1); off the picture does nothing.
    fn blend(&mut self, x: i64, y: i64, color: Rgb, alpha: f32) {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 || alpha <= 0.0 {
            return;
        }
        let i = (y as usize * self.width as usize + x as usize) * 3;
        let a = alpha.min(1.0);
        for (c, &new) in self.rgb[i..i + 3].iter_mut().zip(&color) {
            *c = (*c as f32 * (1.0 - a) + new as f32 * a).round() as u8;
        }
    }

    fn rect(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, color: Rgb) {
        for y in y0.floor() as i64..y1.ceil() as i64 {
            for x in x0.floor() as i64..x1.ceil() as i64 {
                // Coverage of the pixel square by the rectangle, for crisp half-pixel edges.
                let cover_x = (x1.min(x as f32 + 1.0) - x0.max(x as f32)).clamp(0.0, 1.0);
                let cover_y = (y1.min(y as f32 + 1.0) - y0.max(y as f32)).clamp(0.0, 1.0);
                self.blend(x, y, color, cover_x * cover_y);
            }
        }
    }

    /// A filled disc, its edge smoothed over one pixel.
    fn disc(&mut self, cx: f32, cy: f32, radius: f32, color: Rgb) {
        let reach = radius.ceil() as i64 + 1;
        for y in cy as i64 - reach..=cy as i64 + reach {
            for x in cx as i64 - reach..=cx as i64 + reach {
                let d = ((x as f32 + 0.5 - cx).powi(2) + (y as f32 + 0.5 - cy).powi(2)).sqrt();
                self.blend(x, y, color, radius + 0.5 - d);
            }
        }
    }

    /// Text in the built-in pixel font, centred on `(cx, cy)`, each font pixel `scale` pixels wide.
    fn text(&mut self, text: &str, cx: f32, cy: f32, scale: f32, color: Rgb) {
        let glyphs: Vec<&[&str; 7]> = text.chars().filter_map(glyph).collect();
        let advance = 6.0 * scale;
        let width = glyphs.len() as f32 * advance - scale;
        let left = cx - width / 2.0;
        let top = cy - 3.5 * scale;
        for (i, rows) in glyphs.iter().enumerate() {
            for (row, line) in rows.iter().enumerate() {
                for (col, bit) in line.bytes().enumerate() {
                    if bit == b'#' {
                        let x = left + i as f32 * advance + col as f32 * scale;
                        let y = top + row as f32 * scale;
                        self.rect(x, y, x + scale, y + scale, color);
                    }
                }
            }
        }
    }

    fn png(&self) -> Result<Vec<u8>, png::EncodingError> {
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, self.width, self.height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header()?;
        writer.write_image_data(&self.rgb)?;
        writer.finish()?;
        Ok(bytes)
    }
}

/// The margin between the picture's edge and the outer grid lines.
fn margin(options: ImageOptions) -> f32 {
    if options.coordinates {
        SPACING as f32 * 1.4
    } else {
        SPACING as f32 * 0.8
    }
}

/// The picture's side in pixels for a board of side `size`.
pub fn picture_side(size: u8, options: ImageOptions) -> u32 {
    ((size as f32 - 1.0) * SPACING as f32 + 2.0 * margin(options)).round() as u32
}

/// Where the centre of point `pos` is in the picture, in pixels from the top left.
pub fn point_centre(pos: Pos, options: ImageOptions) -> (f32, f32) {
    let m = margin(options);
    (
        m + pos.x as f32 * SPACING as f32,
        m + pos.y as f32 * SPACING as f32,
    )
}

/// The star points of a board of side `size`: the centre, and the 3-3 or 4-4 points of a large board.
fn star_points(size: u8) -> Vec<Pos> {
    let c = size / 2;
    if size < 9 {
        return vec![Pos::new(c, c)];
    }
    let near = if size >= 13 { 3 } else { 2 };
    let far = size - 1 - near;
    vec![
        Pos::new(c, c),
        Pos::new(near, near),
        Pos::new(near, far),
        Pos::new(far, near),
        Pos::new(far, far),
    ]
}

/// The picture of `game`'s board as PNG bytes.
pub fn board_png(game: &Game, options: ImageOptions) -> Result<Vec<u8>, String> {
    let size = game.variant().size();
    let side = picture_side(size, options);
    let mut picture = Picture::new(side, side, WOOD);
    let (first, _) = point_centre(Pos::new(0, 0), options);
    let (last, _) = point_centre(Pos::new(size - 1, size - 1), options);
    for i in 0..size {
        let (at, _) = point_centre(Pos::new(i, 0), options);
        let width = if i == 0 || i == size - 1 { 2.0 } else { 1.0 };
        picture.rect(at - width / 2.0, first, at + width / 2.0, last, LINE);
        picture.rect(first, at - width / 2.0, last, at + width / 2.0, LINE);
    }
    for star in star_points(size) {
        let (x, y) = point_centre(star, options);
        picture.disc(x, y, 3.5, LINE);
    }
    if options.coordinates {
        let m = margin(options);
        for i in 0..size {
            let Some(cell) = Cell::from_pos(Pos::new(i, i), size, RowOrigin::Bottom) else {
                continue;
            };
            let name = cell.to_string();
            // The column as the board writes it ("h", not "H").
            let letter: String = name.chars().filter(char::is_ascii_alphabetic).collect();
            let number: String = name.chars().filter(char::is_ascii_digit).collect();
            let (x, y) = point_centre(Pos::new(i, i), options);
            for edge in [m * 0.45, side as f32 - m * 0.45] {
                picture.text(&letter, x, edge, 2.0, LINE);
                picture.text(&number, edge, y, 2.0, LINE);
            }
        }
    }
    let numbered: Vec<(Pos, usize)> = game
        .moves()
        .iter()
        .enumerate()
        .map(|(i, &p)| (p, i + 1))
        .collect();
    for (pos, color) in game.board().stones() {
        let (x, y) = point_centre(pos, options);
        if color == Color::White {
            picture.disc(x, y, STONE_RADIUS, WHITE_EDGE);
            picture.disc(x, y, STONE_RADIUS - 1.5, WHITE_STONE);
        } else {
            picture.disc(x, y, STONE_RADIUS, BLACK_STONE);
        }
        let ink = if color == Color::White {
            BLACK_STONE
        } else {
            WHITE_STONE
        };
        let number = numbered.iter().rev().find(|n| n.0 == pos).map(|n| n.1);
        match number {
            Some(n) if options.numbers => {
                let text = n.to_string();
                let scale = if text.len() >= 3 { 1.5 } else { 2.0 };
                picture.text(&text, x, y, scale, ink);
            }
            _ if game.last_move() == Some(pos) => picture.disc(x, y, 4.5, LAST_MOVE),
            _ => {}
        }
    }
    picture.png().map_err(|e| e.to_string())
}

/// Writes the picture of `game` at `path`, with `.png` added when the name has no extension.
pub fn save_board_png(path: &Path, game: &Game, options: ImageOptions) -> Result<PathBuf, String> {
    let mut path = path.to_owned();
    if path.extension().is_none() {
        path.set_extension("png");
    }
    let bytes = board_png(game, options)?;
    std::fs::write(&path, bytes).map_err(|e| e.to_string())?;
    Ok(path)
}

fn export_board(
    export: On<ExportBoard>,
    current: Res<CurrentGame>,
    mut notice: ResMut<Notice>,
    time: Res<Time<Real>>,
) {
    let now = time.elapsed();
    match save_board_png(&export.path, current.game(), export.options) {
        Ok(path) => {
            info!("board picture saved as {}", path.display());
            let shown = path.display().to_string();
            notice.post_good(
                Phrase::with("export-saved", vec![("path", shown.into())]),
                now,
            );
        }
        Err(error) => {
            warn!("board picture not saved: {error}");
            notice.post_error(
                Phrase::with("export-failed", vec![("error", error.into())]),
                now,
            );
        }
    }
}

/// The pixel font: 5×7 glyphs for digits and the column letters, a to t as the board writes them
/// (and A to T).
fn glyph(c: char) -> Option<&'static [&'static str; 7]> {
    let index = match c {
        '0'..='9' => c as usize - '0' as usize,
        'A'..='T' => 10 + c as usize - 'A' as usize,
        'a'..='t' => 30 + c as usize - 'a' as usize,
        _ => return None,
    };
    FONT.get(index)
}

#[rustfmt::skip]
const FONT: [[&str; 7]; 50] = [
    [" ### ", "#   #", "#  ##", "# # #", "##  #", "#   #", " ### "],
    ["  #  ", " ##  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### "],
    [" ### ", "#   #", "    #", "   # ", "  #  ", " #   ", "#####"],
    ["#####", "   # ", "  #  ", "   # ", "    #", "#   #", " ### "],
    ["   # ", "  ## ", " # # ", "#  # ", "#####", "   # ", "   # "],
    ["#####", "#    ", "#### ", "    #", "    #", "#   #", " ### "],
    ["  ## ", " #   ", "#    ", "#### ", "#   #", "#   #", " ### "],
    ["#####", "    #", "   # ", "  #  ", " #   ", " #   ", " #   "],
    [" ### ", "#   #", "#   #", " ### ", "#   #", "#   #", " ### "],
    [" ### ", "#   #", "#   #", " ####", "    #", "   # ", " ##  "],
    [" ### ", "#   #", "#   #", "#####", "#   #", "#   #", "#   #"],
    ["#### ", "#   #", "#   #", "#### ", "#   #", "#   #", "#### "],
    [" ### ", "#   #", "#    ", "#    ", "#    ", "#   #", " ### "],
    ["#### ", "#   #", "#   #", "#   #", "#   #", "#   #", "#### "],
    ["#####", "#    ", "#    ", "#### ", "#    ", "#    ", "#####"],
    ["#####", "#    ", "#    ", "#### ", "#    ", "#    ", "#    "],
    [" ### ", "#   #", "#    ", "# ###", "#   #", "#   #", " ####"],
    ["#   #", "#   #", "#   #", "#####", "#   #", "#   #", "#   #"],
    [" ### ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### "],
    ["  ###", "   # ", "   # ", "   # ", "   # ", "#  # ", " ##  "],
    ["#   #", "#  # ", "# #  ", "##   ", "# #  ", "#  # ", "#   #"],
    ["#    ", "#    ", "#    ", "#    ", "#    ", "#    ", "#####"],
    ["#   #", "## ##", "# # #", "# # #", "#   #", "#   #", "#   #"],
    ["#   #", "#   #", "##  #", "# # #", "#  ##", "#   #", "#   #"],
    [" ### ", "#   #", "#   #", "#   #", "#   #", "#   #", " ### "],
    ["#### ", "#   #", "#   #", "#### ", "#    ", "#    ", "#    "],
    [" ### ", "#   #", "#   #", "#   #", "# # #", "#  # ", " ## #"],
    ["#### ", "#   #", "#   #", "#### ", "# #  ", "#  # ", "#   #"],
    [" ####", "#    ", "#    ", " ### ", "    #", "    #", "#### "],
    ["#####", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  "],
    ["     ", "     ", " ### ", "    #", " ####", "#   #", " ####"],
    ["#    ", "#    ", "# ## ", "##  #", "#   #", "#   #", "#### "],
    ["     ", "     ", " ### ", "#    ", "#    ", "#   #", " ### "],
    ["    #", "    #", " ## #", "#  ##", "#   #", "#   #", " ####"],
    ["     ", "     ", " ### ", "#   #", "#####", "#    ", " ### "],
    ["  ## ", " #  #", " #   ", "###  ", " #   ", " #   ", " #   "],
    ["     ", " ####", "#   #", "#   #", " ####", "    #", " ### "],
    ["#    ", "#    ", "# ## ", "##  #", "#   #", "#   #", "#   #"],
    ["  #  ", "     ", " ##  ", "  #  ", "  #  ", "  #  ", " ### "],
    ["   # ", "     ", "  ## ", "   # ", "   # ", "#  # ", " ##  "],
    ["#    ", "#    ", "#  # ", "# #  ", "##   ", "# #  ", "#  # "],
    [" ##  ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### "],
    ["     ", "     ", "## # ", "# # #", "# # #", "#   #", "#   #"],
    ["     ", "     ", "# ## ", "##  #", "#   #", "#   #", "#   #"],
    ["     ", "     ", " ### ", "#   #", "#   #", "#   #", " ### "],
    ["     ", "#### ", "#   #", "#   #", "#### ", "#    ", "#    "],
    ["     ", " ####", "#   #", "#   #", " ####", "    #", "    #"],
    ["     ", "     ", "# ## ", "##  #", "#    ", "#    ", "#    "],
    ["     ", "     ", " ####", "#    ", " ### ", "    #", "#### "],
    [" #   ", " #   ", "###  ", " #   ", " #   ", " #  #", "  ## "],
];
