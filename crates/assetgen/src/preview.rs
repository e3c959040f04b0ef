//! A contact sheet for looking at the assets the way the game shows them: a 9x9 position at
//! 64 px per cell, a 2x HiDPI close-up, and every sprite on light and dark grounds, per theme.
//! Written only on request (`--preview DIR`), never into `assets/`.

use crate::canvas::Canvas;
use crate::math::{coverage, hex};
use crate::sprites::{self, Theme};
use crate::{WOOD_SIZE, theme_images, wood};

struct Scene {
    black: Vec<(i32, i32)>,
    white: Vec<(i32, i32)>,
    win: Vec<(i32, i32)>,
    last: (i32, i32),
    hint: (i32, i32),
    forbidden: Vec<(i32, i32)>,
    cursor: (i32, i32),
    ghost: (i32, i32),
}

fn scene() -> Scene {
    Scene {
        black: vec![(1, 6), (2, 6), (3, 6), (4, 6), (5, 6), (4, 3), (6, 5)],
        white: vec![(2, 5), (3, 5), (4, 4), (5, 5), (3, 3), (5, 4)],
        win: vec![(1, 6), (2, 6), (3, 6), (4, 6), (5, 6)],
        last: (5, 6),
        hint: (6, 2),
        forbidden: vec![(7, 7), (1, 1)],
        cursor: (4, 4),
        ghost: (6, 3),
    }
}

/// Renders `cells` x `cells` intersections of a 9x9 board starting at `first`, `cell` px apart.
fn board_view(
    theme: Theme,
    images: &[(&'static str, Canvas)],
    cell: f64,
    first: (i32, i32),
    cells: i32,
) -> Canvas {
    let margin = cell * 0.75;
    let n = (margin * 2.0 + cell * (cells - 1) as f64).round() as usize;
    let mut canvas = match theme {
        Theme::Classic => {
            let wood = wood::Wood::new(0x6b61_7961);
            Canvas::from_fn(n, n, |x, y| {
                (wood.color(x / WOOD_SIZE as f64, y / WOOD_SIZE as f64), 1.0)
            })
        }
        Theme::Contrast => {
            let mut c = Canvas::new(n, n);
            let board = sprites::plain_board();
            c.draw(&board, 0.0, 0.0, n as f64, n as f64);
            c
        }
    };
    let at = |p: (i32, i32)| {
        (
            margin + (p.0 - first.0) as f64 * cell,
            margin + (p.1 - first.1) as f64 * cell,
        )
    };
    let ink = hex(theme.ink());
    let width = match theme {
        Theme::Classic => cell / 40.0,
        Theme::Contrast => cell / 28.0,
    };
    let extent_lo = at((0, 0));
    let extent_hi = at((8, 8));
    canvas.layer(|x, y| {
        let mut d = f64::MAX;
        for i in 0..9 {
            let (gx, gy) = at((i, i));
            if y >= extent_lo.1 - width && y <= extent_hi.1 + width {
                d = d.min((x - gx).abs());
            }
            if x >= extent_lo.0 - width && x <= extent_hi.0 + width {
                d = d.min((y - gy).abs());
            }
        }
        let opacity = match theme {
            Theme::Classic => 0.9,
            Theme::Contrast => 1.0,
        };
        (ink, coverage(d - width / 2.0) * opacity)
    });
    let image = |name: &str| {
        images
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, c)| c.clone())
            .unwrap_or_else(|| Canvas::new(1, 1))
    };
    let put = |canvas: &mut Canvas, img: &Canvas, p: (i32, i32), scale: f64, offset: (f64, f64)| {
        let (x, y) = at(p);
        let w = cell * scale;
        canvas.draw(
            img,
            x - w / 2.0 + offset.0 * cell,
            y - w / 2.0 + offset.1 * cell,
            w,
            w,
        );
    };
    let star = image("star.png");
    for p in [(2, 2), (6, 2), (2, 6), (6, 6), (4, 4)] {
        put(&mut canvas, &star, p, 0.22, (0.0, 0.0));
    }
    let s = scene();
    let glow = image("win_glow.png");
    for &p in &s.win {
        put(&mut canvas, &glow, p, 1.5, (0.0, 0.0));
    }
    let shadow = image("shadow.png");
    for &p in s.black.iter().chain(&s.white) {
        put(&mut canvas, &shadow, p, 1.25, (0.04, 0.06));
    }
    let black = image("stone_black.png");
    let white = image("stone_white.png");
    for &p in &s.black {
        put(&mut canvas, &black, p, 1.0, (0.0, 0.0));
    }
    for &p in &s.white {
        put(&mut canvas, &white, p, 1.0, (0.0, 0.0));
    }
    put(
        &mut canvas,
        &image("ghost_white.png"),
        s.ghost,
        1.0,
        (0.0, 0.0),
    );
    put(
        &mut canvas,
        &image("last_move.png"),
        s.last,
        1.0,
        (0.0, 0.0),
    );
    put(
        &mut canvas,
        &image("last_move.png"),
        (4, 4),
        1.0,
        (0.0, 0.0),
    );
    put(&mut canvas, &image("hint.png"), s.hint, 1.0, (0.0, 0.0));
    for &p in &s.forbidden {
        put(&mut canvas, &image("forbidden.png"), p, 1.0, (0.0, 0.0));
    }
    put(&mut canvas, &image("cursor.png"), s.cursor, 1.0, (0.0, 0.0));
    // Particles as the game would tint them: gold sparks beside the winning line.
    let spark = image("particle.png").tinted(hex(0xffd36a), 0.9);
    put(&mut canvas, &spark, (7, 5), 0.4, (0.1, -0.2));
    put(&mut canvas, &spark, (7, 5), 0.25, (-0.3, 0.2));
    canvas
}

/// Every sprite of the theme on a light, then a dark, ground.
fn strip(images: &[(&'static str, Canvas)], tile: f64) -> Canvas {
    let images: Vec<_> = images.iter().filter(|(n, _)| *n != "board.png").collect();
    let w = (tile * images.len() as f64) as usize;
    let h = (tile * 2.0) as usize;
    let mut canvas = Canvas::from_fn(w, h, |_, y| {
        if y < tile {
            (hex(0xd9c9a8), 1.0)
        } else {
            (hex(0x2b2b30), 1.0)
        }
    });
    for (i, (_, img)) in images.iter().enumerate() {
        let aspect = img.height as f64 / img.width as f64;
        let (iw, ih) = if aspect > 1.0 {
            (tile * 0.9 / aspect, tile * 0.9)
        } else {
            (tile * 0.9, tile * 0.9 * aspect)
        };
        for row in 0..2 {
            let x = i as f64 * tile + (tile - iw) / 2.0;
            let y = row as f64 * tile + (tile - ih) / 2.0;
            canvas.draw(img, x, y, iw, ih);
        }
    }
    canvas
}

/// Pastes `src` (opaque) at integer position.
fn paste(dst: &mut Canvas, src: &Canvas, x: usize, y: usize) {
    dst.draw(src, x as f64, y as f64, src.width as f64, src.height as f64);
}

/// Preview images as (file name, PNG bytes): the contact sheet and each theme's game-scale board
/// at full resolution.
pub fn previews() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for theme in Theme::ALL {
        let images = theme_images(theme);
        out.push((
            format!("{}-64px.png", theme.key()),
            board_view(theme, &images, 64.0, (0, 0), 9).to_png(),
        ));
        out.push((
            format!("{}-128px.png", theme.key()),
            board_view(theme, &images, 128.0, (2, 3), 4).to_png(),
        ));
        out.push((
            format!("{}-sprites.png", theme.key()),
            strip(&images, 128.0).to_png(),
        ));
    }
    out.push(("tictactoe.png".into(), tic_tac_toe().to_png()));
    out.push(("board-on-table.png".into(), board_on_table().to_png()));
    out.push(("sheet.png".into(), contact_sheet()));
    out
}

/// The whole contact sheet as PNG bytes.
pub fn contact_sheet() -> Vec<u8> {
    let mut parts = Vec::new();
    for theme in Theme::ALL {
        let images = theme_images(theme);
        let board = board_view(theme, &images, 64.0, (0, 0), 9);
        let zoom = board_view(theme, &images, 128.0, (2, 3), 4);
        let strip = strip(&images, 72.0);
        parts.push((board, zoom, strip));
    }
    let gap = 16;
    let width = parts
        .iter()
        .map(|(b, z, s)| (b.width + z.width + gap * 3).max(s.width + gap * 2))
        .max()
        .unwrap_or(1);
    let height: usize = parts
        .iter()
        .map(|(b, z, s)| b.height.max(z.height) + s.height + gap * 3)
        .sum();
    let mut sheet = Canvas::from_fn(width, height, |_, _| (hex(0x4a4a50), 1.0));
    let mut y = gap;
    for (board, zoom, strip) in &parts {
        paste(&mut sheet, board, gap, y);
        paste(&mut sheet, zoom, gap * 2 + board.width, y);
        y += board.height.max(zoom.height) + gap;
        paste(&mut sheet, strip, gap, y);
        y += strip.height + gap * 2;
    }
    sheet.to_png()
}

/// A finished tic-tac-toe game at 128 px per cell in each theme, side by side.
fn tic_tac_toe() -> Canvas {
    let cell = 128.0;
    let side = cell * 3.0 + 64.0;
    let mut sheet = Canvas::new((side * 2.0) as usize, side as usize);
    let marks = [
        (0, 0, true),
        (1, 1, false),
        (2, 0, true),
        (1, 0, false),
        (0, 2, true),
        (1, 2, false),
    ];
    for (i, theme) in Theme::ALL.into_iter().enumerate() {
        let images = theme_images(theme);
        let x0 = i as f64 * side;
        let wood = wood::Wood::new(0x6b61_7961);
        let ink = hex(theme.ink());
        sheet.layer(|x, y| {
            let ground = match theme {
                Theme::Classic => wood.color(x / WOOD_SIZE as f64, y / WOOD_SIZE as f64),
                Theme::Contrast => hex(0xf7f4ec),
            };
            if x < x0 || x >= x0 + side {
                return (ground, 0.0);
            }
            // The two inner lines each way, as tic-tac-toe is drawn.
            let (lx, ly) = (x - x0 - 32.0, y - 32.0);
            let mut d = f64::MAX;
            for k in [1.0, 2.0] {
                if (0.0..=cell * 3.0).contains(&ly) {
                    d = d.min((lx - k * cell).abs());
                }
                if (0.0..=cell * 3.0).contains(&lx) {
                    d = d.min((ly - k * cell).abs());
                }
            }
            let line = coverage(d - 2.0);
            (crate::math::mix3(ground, ink, line), 1.0)
        });
        let find = |name: &str| {
            images
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, c)| c.clone())
        };
        if let (Some(x), Some(o)) = (find("mark_x.png"), find("mark_o.png")) {
            for &(cx, cy, is_o) in &marks {
                let img = if is_o { &o } else { &x };
                sheet.draw(
                    img,
                    x0 + 32.0 + cx as f64 * cell,
                    32.0 + cy as f64 * cell,
                    cell,
                    cell,
                );
            }
        }
    }
    sheet
}

/// Draws `src` nine-sliced into the rectangle (x, y, w, h): corners of `border` pixels keep their
/// size, edges stretch along one axis and the middle along both, as Bevy's sliced sprites do.
fn nine_slice(dst: &mut Canvas, src: &Canvas, border: usize, x: f64, y: f64, w: f64, h: f64) {
    let b = border as f64;
    let mid = src.width - 2 * border;
    let cols = [
        (0, border, x, b),
        (border, mid, x + b, w - 2.0 * b),
        (border + mid, border, x + w - b, b),
    ];
    let rows = [
        (0, border, y, b),
        (border, mid, y + b, h - 2.0 * b),
        (border + mid, border, y + h - b, b),
    ];
    for &(sy, sh, dy, dh) in &rows {
        for &(sx, sw, dx, dw) in &cols {
            dst.draw(&src.crop(sx, sy, sw, sh), dx, dy, dw, dh);
        }
    }
}

/// Each theme's board on a table with its nine-sliced shadow, as the game would lay it out.
fn board_on_table() -> Canvas {
    let (w, h) = (900usize, 460usize);
    let mut sheet = Canvas::from_fn(w, h, |_, _| (hex(0x3b3f46), 1.0));
    for (i, theme) in Theme::ALL.into_iter().enumerate() {
        let images = theme_images(theme);
        let find = |name: &str| {
            images
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, c)| c.clone())
        };
        let (bx, by, side) = (60.0 + i as f64 * 440.0, 50.0, 340.0);
        if let Some(shadow) = find("board_shadow.png") {
            let m = sprites::BOARD_SHADOW_MARGIN;
            nine_slice(
                &mut sheet,
                &shadow,
                48,
                bx - m,
                by - m + 8.0,
                side + 2.0 * m,
                side + 2.0 * m,
            );
        }
        let board = board_view(theme, &images, 48.0, (0, 0), 9);
        let board = board.crop(0, 0, side as usize, side as usize);
        sheet.draw(&board, bx, by, side, side);
    }
    sheet
}
