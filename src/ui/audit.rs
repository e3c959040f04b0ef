//! The layout audit (issue 36): every screen and mode laid out headless, in each language, at 800×560
//! and 1280×800, and what egui drew checked for words cut short, things outside the window, windows
//! over the board, text over text, a tooltip or card over another control, something drawn over the
//! board's coordinates, and controls that move when another control of the same screen is used.
//! Each screen is also laid out with the pointer resting on each of its controls, so the tooltips
//! are checked as drawn.
//!
//! The game runs as it does in a window (its egui systems, fonts and panels) with a window entity and
//! no renderer; after each frame's egui pass the shapes it drew and the widgets it laid out are kept
//! ([`Drawn`]) and checked ([`findings`]). `cargo test --workspace --lib -- audit --nocapture` prints
//! what was covered.

#![cfg(test)]

use bevy::prelude::*;
use bevy_egui::egui::{self, Rect, Shape, epaint::ClippedShape};
use bevy_egui::{EguiContext, EguiFullOutput, EguiPostUpdateSet, PrimaryEguiContext};

/// One frame as egui drew it.
#[derive(Resource, Debug, Default, Clone)]
pub struct Drawn {
    /// The window's rectangle.
    pub screen: Option<Rect>,
    /// Every piece of text: its words, where, the rectangle it was clipped to, and whether egui cut it
    /// short with an ellipsis.
    pub texts: Vec<DrawnText>,
    /// Rectangles of the widgets that take a click.
    pub clickable: Vec<Rect>,
    /// The widgets the keyboard's focus can go to (enabled and focusable): their ids and where.
    pub focusable: Vec<(egui::Id, Rect)>,
    /// Areas above the panels (windows, cards, pop-ups), by their id's debug name, and where.
    pub areas: Vec<(String, Rect)>,
    /// The widgets of the panels (the side panel, the records bar, the coordinates' layer).
    pub panels: Vec<Rect>,
    /// Surfaces (a window's or a card's frame) by their place in the painting order, with
    /// the texts': text painted under one is hidden by it, not overlapped.
    pub surfaces: Vec<(usize, Rect)>,
    /// Every filled rectangle, however small (a label's paper), by its place in the painting order.
    pub fills: Vec<(usize, Rect)>,
    /// The tooltips shown, where.
    pub tips: Vec<Rect>,
    /// Where the pointer rests, if it is over the window.
    pub pointer: Option<egui::Pos2>,
}

#[derive(Debug, Clone)]
pub struct DrawnText {
    pub text: String,
    pub rect: Rect,
    pub clip: Rect,
    pub elided: bool,
    /// Its place in the painting order (shapes painted later lie above it).
    pub order: usize,
    /// Where its lines' glyphs are: a label that wraps beside another in a row starts its first
    /// line after it, though its rectangle starts at the row's left.
    pub lines: Vec<Rect>,
    /// The words of each of its lines, as egui wrapped them.
    pub rows: Vec<String>,
}

/// Keeps each frame's [`Drawn`], between the end of egui's pass and the output being taken away.
pub fn plugin(app: &mut App) {
    app.init_resource::<Drawn>().add_systems(
        PostUpdate,
        keep_what_was_drawn
            .after(EguiPostUpdateSet::EndPass)
            .before(EguiPostUpdateSet::ProcessOutput),
    );
}

fn keep_what_was_drawn(
    mut contexts: Query<(&mut EguiContext, &EguiFullOutput), With<PrimaryEguiContext>>,
    mut drawn: ResMut<Drawn>,
) {
    let Ok((mut context, output)) = contexts.single_mut() else {
        return;
    };
    let Some(output) = output.0.as_ref() else {
        return;
    };
    *drawn = what_was_drawn(context.get_mut(), &output.shapes);
}

/// What a pass of `ctx` drew (`shapes`, its output) and laid out.
pub fn what_was_drawn(ctx: &egui::Context, shapes: &[ClippedShape]) -> Drawn {
    let mut texts = Vec::new();
    let mut fills = Vec::new();
    for (order, ClippedShape { clip_rect, shape }) in shapes.iter().enumerate() {
        collect_texts(shape, (*clip_rect, order), &mut texts);
        collect_fills(shape, (*clip_rect, order), &mut fills);
    }
    let mut surfaces: Vec<(usize, Rect)> = fills
        .iter()
        .filter(|(_, rect)| rect.height() >= SURFACE_HEIGHT)
        .copied()
        .collect();
    let (clickable, focusable, layers, panels) = ctx.viewport(|viewport| {
        let pass = &viewport.prev_pass;
        let mut clickable = Vec::new();
        let mut focusable = Vec::new();
        let mut layers = Vec::new();
        let mut panels = Vec::new();
        for layer in pass.widgets.layer_ids() {
            if layer.order != egui::Order::Background {
                layers.push(layer);
            }
            for widget in pass.widgets.get_layer(layer) {
                if widget.sense.senses_click() && widget.rect.is_positive() {
                    clickable.push(widget.rect);
                }
                if widget.sense.is_focusable() && widget.enabled && widget.rect.is_positive() {
                    focusable.push((widget.id, widget.rect));
                }
                if layer.order == egui::Order::Background {
                    panels.push(widget.rect);
                }
            }
        }
        (clickable, focusable, layers, panels)
    });
    // Where each area (window, card, pop-up, tooltip) is, as egui placed it on the screen.
    let (areas, tips): (Vec<(String, Rect)>, Vec<Rect>) = ctx.memory(|memory| {
        let placed = |layer: &&egui::LayerId| memory.areas().visible_last_frame(layer);
        let areas = layers
            .iter()
            .filter(placed)
            .filter(|layer| layer.order != egui::Order::Tooltip)
            .filter_map(|layer| Some((format!("{:?}", layer.id), memory.area_rect(layer.id)?)))
            .collect();
        let tips = layers
            .iter()
            .filter(placed)
            .filter(|layer| layer.order == egui::Order::Tooltip)
            .filter_map(|layer| memory.area_rect(layer.id))
            .collect();
        (areas, tips)
    });
    // A tip's frame hides what lies under it, however low a tip of one line is.
    surfaces.extend(fills.iter().filter(|(_, fill)| {
        tips.iter()
            .any(|tip| tip.expand(2.0).contains_rect(*fill) && fill.area() >= tip.area() / 2.0)
    }));
    Drawn {
        screen: Some(ctx.content_rect()),
        texts,
        clickable,
        focusable,
        areas,
        panels,
        surfaces,
        fills,
        tips,
        pointer: ctx.input(|input| input.pointer.hover_pos()),
    }
}

/// How tall an opaque rectangle must be to be a surface (a window, a card) rather than the paper
/// behind one label: the analysis bar's label lies on one, over the "100%" it must not cover.
const SURFACE_HEIGHT: f32 = 40.0;

fn collect_fills(shape: &Shape, (clip, order): (Rect, usize), fills: &mut Vec<(usize, Rect)>) {
    match shape {
        Shape::Vec(shapes) => {
            for shape in shapes {
                collect_fills(shape, (clip, order), fills);
            }
        }
        // Any fill: a window fades in, and the audit's frames do not wait for it.
        Shape::Rect(rect) if rect.fill.a() > 0 => {
            let visible = rect.rect.intersect(clip);
            if visible.is_positive() {
                fills.push((order, visible));
            }
        }
        _ => {}
    }
}

fn collect_texts(shape: &Shape, (clip, order): (Rect, usize), texts: &mut Vec<DrawnText>) {
    match shape {
        Shape::Vec(shapes) => {
            for shape in shapes {
                collect_texts(shape, (clip, order), texts);
            }
        }
        Shape::Text(text) if !text.galley.is_empty() => texts.push(DrawnText {
            text: text.galley.text().to_owned(),
            rect: text.galley.rect.translate(text.pos.to_vec2()),
            clip,
            elided: text.galley.elided,
            order,
            lines: text
                .galley
                .rows
                .iter()
                .map(|row| {
                    row.rect_without_leading_space()
                        .translate(text.pos.to_vec2())
                })
                .filter(|line| line.is_positive())
                .collect(),
            rows: text
                .galley
                .rows
                .iter()
                .map(|row| row.glyphs.iter().map(|glyph| glyph.chr).collect())
                .collect(),
        }),
        _ => {}
    }
}

/// What the audit found wrong on one screen.
#[derive(Debug, Clone, PartialEq)]
pub enum Finding {
    /// egui cut the words short with an ellipsis.
    CutShort(String),
    /// Words wider than the place they are drawn in: their ends are clipped away.
    Clipped(String),
    /// Words partly outside the window.
    OutsideWindow(String),
    /// An area (window, card, pop-up) over the board.
    OverTheBoard(String),
    /// A panel's widget over the board.
    PanelOverTheBoard(String),
    /// An area (window, card) partly outside the window.
    AreaOutsideWindow(String),
    /// A control's label moved when another control of the same screen was used.
    Moved(String),
    /// Words drawn over other text (a label, a number, the board's coordinates).
    TextOverText(String),
    /// A tooltip or a card over another control than the one it belongs to.
    CoversControl(String),
    /// Something drawn over the board's coordinates (a label, its paper, a number).
    OverCoordinates(String),
    /// A scroll bar over words: egui draws it over the content's edge while the pointer is over
    /// a part that scrolls.
    BarOverWords(String),
}

/// Where the board is drawn: its wood, and the square its outer lines make (the coordinates lie
/// between the two).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Board {
    pub wood: Rect,
    pub grid: Rect,
}

const SLACK: f32 = 0.5;

/// How far a control may shift and still be where it was: a selected or hovered button's frame
/// grows by a pixel or two on each side.
const MOVE_SLACK: f32 = 2.0;

/// The findings on a screen: `board` is where the board is drawn (none on the menu), and `dialogs`
/// the areas that may cover it (a dialog holds the game while it is open).
pub fn findings(drawn: &Drawn, board: Option<Board>, dialogs: &[&str]) -> Vec<Finding> {
    let mut found = Vec::new();
    let screen = drawn.screen.unwrap_or(Rect::EVERYTHING);
    for text in drawn.texts.iter().filter(|t| is_words(&t.text)) {
        let visible = text.rect.intersect(text.clip);
        // Past the window's edge where nothing scrolls (its clip reaches that edge): cut off.
        let past =
            |clip_edge: f32, edge: f32, beyond: bool| beyond && (clip_edge - edge).abs() <= 1.0;
        if past(
            text.clip.max.y,
            screen.max.y,
            text.rect.max.y > screen.max.y + SLACK,
        ) || past(
            text.clip.max.x,
            screen.max.x,
            text.rect.max.x > screen.max.x + SLACK,
        ) {
            found.push(Finding::OutsideWindow(text.text.clone()));
            continue;
        }
        if !visible.is_positive() {
            continue; // scrolled out of sight
        }
        if text.elided {
            found.push(Finding::CutShort(text.text.clone()));
        } else if text.rect.min.x < text.clip.min.x - SLACK
            || text.rect.max.x > text.clip.max.x + SLACK
        {
            found.push(Finding::Clipped(text.text.clone()));
        }
        if !screen.expand(SLACK).contains_rect(visible) {
            found.push(Finding::OutsideWindow(text.text.clone()));
        }
    }
    found.extend(texts_over_texts(drawn));
    found.extend(bars_over_words(drawn));
    found.extend(covered_controls(drawn, dialogs));
    if let Some(board) = board {
        found.extend(over_coordinates(drawn, board, dialogs));
    }
    for (name, rect) in &drawn.areas {
        if !screen.expand(SLACK).contains_rect(*rect) {
            found.push(Finding::AreaOutsideWindow(format!("{name} at {rect:?}")));
        }
    }
    if let Some(Board { wood: board, .. }) = board {
        for (name, rect) in &drawn.areas {
            let dialog = dialogs.iter().any(|d| name.contains(d));
            if !dialog && rect.shrink(SLACK).intersects(board) {
                found.push(Finding::OverTheBoard(name.clone()));
            }
        }
        // The panel behind everything covers the whole window; the board is drawn over it.
        for rect in drawn.panels.iter().filter(|r| !r.contains_rect(screen)) {
            if rect.shrink(SLACK).intersects(board) {
                found.push(Finding::PanelOverTheBoard(format!("{rect:?}")));
            }
        }
    }
    found
}

/// Words drawn over other text (a label, a number, the board's coordinates), with no surface (a
/// window's frame) painted between them to hide the lower one: both show, and neither reads.
pub fn texts_over_texts(drawn: &Drawn) -> Vec<Finding> {
    let mut shown: Vec<(&DrawnText, Rect)> = drawn
        .texts
        .iter()
        .filter(|t| !t.text.trim().is_empty())
        .map(|t| (t, t.rect.intersect(t.clip)))
        .filter(|(_, visible)| visible.is_positive())
        .collect();
    shown.sort_by_key(|(t, _)| t.order);
    let mut found = Vec::new();
    for (i, (a, a_rect)) in shown.iter().enumerate() {
        for (b, b_rect) in &shown[i + 1..] {
            if !(is_words(&a.text) || is_words(&b.text)) {
                continue;
            }
            let same = a.text == b.text && a.rect == b.rect;
            let Some(both) = overlap(a, *a_rect, b, *b_rect).filter(|_| !same) else {
                continue;
            };
            let hidden = drawn.surfaces.iter().any(|(order, surface)| {
                (a.order..=b.order).contains(order)
                    && *order != a.order
                    && surface.contains_rect(both)
            });
            if !hidden {
                found.push(Finding::TextOverText(format!(
                    "{:?} / {:?}",
                    a.text, b.text
                )));
            }
        }
    }
    found
}

/// The widest a scroll bar is drawn (egui's `bar_width`, hovered), and it is at least three
/// times as tall as it is wide: no other fill of the game is that thin and tall.
const BAR_WIDTH: f32 = 10.5;

/// The scroll bars drawn, with their places in the painting order.
pub fn scroll_bars(drawn: &Drawn) -> impl Iterator<Item = &(usize, Rect)> {
    drawn
        .fills
        .iter()
        .filter(|(_, r)| r.width() <= BAR_WIDTH && r.height() >= 3.0 * r.width().max(4.0))
}

/// Scroll bars over words painted before them with no surface between (a window's frame hides
/// the panel's words under it): the bar runs through the words of its own part.
pub fn bars_over_words(drawn: &Drawn) -> Vec<Finding> {
    let mut found = Vec::new();
    for (bar_order, bar) in scroll_bars(drawn) {
        for text in drawn
            .texts
            .iter()
            .filter(|t| t.order <= *bar_order && is_words(&t.text))
        {
            let visible = text.rect.intersect(text.clip);
            let under = text.lines.iter().any(|line| {
                let both = line.intersect(visible).intersect(*bar);
                both.is_positive()
                    && !drawn.surfaces.iter().any(|(order, surface)| {
                        (text.order + 1..=*bar_order).contains(order) && surface.contains_rect(both)
                    })
            });
            if under {
                found.push(Finding::BarOverWords(text.text.clone()));
            }
        }
    }
    found.sort_by_key(|f| format!("{f:?}"));
    found.dedup();
    found
}

/// Tooltips over another control than the one the pointer rests on, and cards (areas that are not
/// dialogs) over the panels' controls: the control under them cannot be read or reached.
pub fn covered_controls(drawn: &Drawn, dialogs: &[&str]) -> Vec<Finding> {
    let mut found = Vec::new();
    let label = |control: &Rect| {
        drawn
            .texts
            .iter()
            .find(|t| is_words(&t.text) && control.contains(t.rect.center()))
            .map_or_else(|| format!("{control:?}"), |t| format!("{:?}", t.text))
    };
    for tip in &drawn.tips {
        for control in &drawn.clickable {
            let own = drawn.pointer.is_some_and(|at| control.contains(at));
            let inside = tip.contains_rect(*control) || control.contains_rect(*tip);
            if !own && !inside && tip.shrink(SLACK).intersects(*control) {
                found.push(Finding::CoversControl(format!(
                    "a tip at {tip:?} over {}",
                    label(control)
                )));
            }
        }
    }
    let screen = drawn.screen.unwrap_or(Rect::EVERYTHING);
    for (name, rect) in &drawn.areas {
        if dialogs.iter().any(|d| name.contains(d)) {
            continue;
        }
        let under = drawn.panels.iter().filter(|p| !p.contains_rect(screen));
        for control in under.filter(|c| drawn.clickable.contains(c)) {
            if rect.shrink(SLACK).intersects(*control) {
                found.push(Finding::CoversControl(format!(
                    "{name} at {rect:?} over {}",
                    label(control)
                )));
            }
        }
    }
    found.dedup();
    found
}

/// The board's coordinates (a letter or a number between the outer lines and the wood's edge) with
/// something drawn over them: any text, or a fill painted after them (a label's paper). A dialog
/// (which holds the game) and a tip (there while the pointer rests) may cover them.
pub fn over_coordinates(drawn: &Drawn, board: Board, dialogs: &[&str]) -> Vec<Finding> {
    let mut allowed: Vec<Rect> = drawn.tips.clone();
    allowed.extend(
        drawn
            .areas
            .iter()
            .filter(|(name, _)| dialogs.iter().any(|d| name.contains(d)))
            .map(|(_, rect)| *rect),
    );
    // A frame's fill reaches a little past its area (its stroke, its shadow): the middle decides.
    let allowed = |rect: Rect| allowed.iter().any(|a| a.contains(rect.center()));
    let coordinate = |t: &DrawnText| {
        let short = t.text.chars().count() <= 2 && t.text.chars().all(char::is_alphanumeric);
        let centre = t.rect.center();
        short && board.wood.contains(centre) && !board.grid.expand(4.0).contains(centre)
    };
    let mut found = Vec::new();
    for c in drawn.texts.iter().filter(|t| coordinate(t)) {
        let visible = c.rect.intersect(c.clip);
        if !visible.is_positive() {
            continue;
        }
        let by_text = drawn.texts.iter().find(|t| {
            !std::ptr::eq(*t, c)
                && !t.text.trim().is_empty()
                && !allowed(t.rect.intersect(t.clip))
                && overlap(c, visible, t, t.rect.intersect(t.clip)).is_some()
        });
        let by_fill = drawn.fills.iter().find(|(order, fill)| {
            let both = fill.intersect(visible);
            *order > c.order && both.width() > OVERLAP && both.height() > OVERLAP && !allowed(*fill)
        });
        if let Some(t) = by_text {
            found.push(Finding::OverCoordinates(format!(
                "{:?} over {:?}",
                t.text, c.text
            )));
        } else if let Some((_, fill)) = by_fill {
            found.push(Finding::OverCoordinates(format!(
                "a fill at {fill:?} over {:?}",
                c.text
            )));
        }
    }
    found
}

/// Where the glyphs of `a` and `b` (visible in `a_rect`, `b_rect`) overlap by more than a glyph's
/// edge, if they do.
fn overlap(a: &DrawnText, a_rect: Rect, b: &DrawnText, b_rect: Rect) -> Option<Rect> {
    a.lines.iter().find_map(|line_a| {
        b.lines.iter().find_map(|line_b| {
            let both = line_a.intersect(a_rect).intersect(line_b.intersect(b_rect));
            (both.width() > OVERLAP && both.height() > OVERLAP).then_some(both)
        })
    })
}

/// How far two texts may overlap and still both read: a glyph's edge, not a letter.
const OVERLAP: f32 = 1.0;

/// Text that says something (not a lone symbol or number, which cannot be cut in a way that hides
/// words).
fn is_words(text: &str) -> bool {
    text.chars().filter(|c| c.is_alphabetic()).count() >= 2
}

/// The controls by their labels, and where the labels are: words drawn inside a widget that takes a
/// click (a disabled button takes none, so a greyed control is left out).
pub fn controls(drawn: &Drawn) -> Vec<(String, Rect)> {
    let mut found: Vec<(String, Rect)> = drawn
        .texts
        .iter()
        .filter(|t| is_words(&t.text))
        .filter(|t| drawn.clickable.iter().any(|w| w.contains(t.rect.center())))
        .map(|t| (t.text.clone(), t.rect))
        .collect();
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

/// Controls whose label is on both screens at different places.
pub fn moved(before: &[(String, Rect)], after: &[(String, Rect)]) -> Vec<Finding> {
    let mut found = Vec::new();
    for (label, _) in before {
        let places = |list: &[(String, Rect)]| -> Vec<Rect> {
            list.iter()
                .filter(|(l, _)| l == label)
                .map(|(_, r)| *r)
                .collect()
        };
        let (was, is) = (places(before), places(after));
        // A label drawn once on each screen: the same control, so it must stay.
        if was.len() == 1 && is.len() == 1 && was[0].center().distance(is[0].center()) > MOVE_SLACK
        {
            if std::env::var_os("TENGEN_AUDIT_DEBUG").is_some() {
                eprintln!("moved {label:?}: {:?} -> {:?}", was[0], is[0]);
            }
            found.push(Finding::Moved(label.clone()));
        }
    }
    found.dedup();
    found
}

#[cfg(test)]
mod tests;
