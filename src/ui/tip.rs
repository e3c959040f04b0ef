//! Every tooltip of the game, placed where it covers no other control (issue 62): egui puts a tip
//! under its control, as wide as a long line, and on the forms and the game's panel it hid the
//! controls below. A tip here goes beside its control where that is clear, else above or below it,
//! else to the nearest clear place in the window; always whole and inside the window.

use bevy_egui::egui::{self, Pos2, Rect, Vec2};

/// Tips through [`Tip::tip`] instead of egui's `on_hover_text`.
pub trait Tip: Sized {
    /// Shows `text` while the pointer rests on an enabled control (as `on_hover_text` would).
    fn tip(self, text: impl Into<egui::WidgetText>) -> Self;
    /// Shows `text` while the pointer rests on the control, enabled or not (a greyed button says why).
    fn tip_even_disabled(self, text: impl Into<egui::WidgetText>) -> Self;
}

impl Tip for egui::Response {
    fn tip(self, text: impl Into<egui::WidgetText>) -> Self {
        if self.enabled() {
            show(&self, text.into());
        }
        self
    }

    fn tip_even_disabled(self, text: impl Into<egui::WidgetText>) -> Self {
        show(&self, text.into());
        self
    }
}

/// Room between a tip and its control, and between a tip and the window's edge.
const GAP: f32 = 4.0;

/// The widths a tip may wrap at, tried in turn: a narrow tip finds a clear place beside its
/// control where one as wide as egui's (500 px) spans the menu's column and the form's fields.
const WIDTHS: [f32; 7] = [280.0, 400.0, 250.0, 220.0, 170.0, 140.0, 120.0];

fn show(response: &egui::Response, text: egui::WidgetText) {
    let mut tip = if response.enabled() {
        egui::Tooltip::for_enabled(response)
    } else {
        egui::Tooltip::for_disabled(response)
    };
    if !tip.popup.is_open() {
        return;
    }
    let ctx = &response.ctx;
    let style = ctx.global_style();
    let frame = egui::Frame::popup(&style).total_margin().sum();
    // The tip's size wrapped at each width it may take: the widest first, narrower ones where a
    // packed form leaves only a narrow clear place.
    let widths = WIDTHS.map(|w| w.min(style.spacing.tooltip_width));
    let sizes = widths.map(|width| {
        let wrap = egui::text::TextWrapping::wrap_at_width(width);
        let galley = text.clone().into_galley_impl(
            ctx,
            &style,
            wrap,
            egui::FontSelection::Default,
            egui::Align::Min,
        );
        galley.size() + frame
    });
    let pointer = ctx.pointer_hover_pos();
    let obstacles = controls(ctx, pointer);
    let (at, chosen) = spot(response.rect, &sizes, ctx.content_rect(), &obstacles);
    let width = widths[chosen];
    // Anchored at the place chosen, its top left there: egui's own choices would move it.
    tip.popup = tip
        .popup
        .anchor(Rect::from_min_size(at, Vec2::ZERO))
        .align(egui::RectAlign {
            parent: egui::Align2::LEFT_TOP,
            child: egui::Align2::LEFT_TOP,
        })
        .align_alternatives(&[])
        .gap(0.0)
        .width(width);
    tip.show(|ui| {
        ui.set_max_width(width);
        ui.label(text);
    });
}

/// The controls the last pass laid out (what takes a click, on every layer but the tips'), less
/// those under the pointer (the control itself, the window around it).
fn controls(ctx: &egui::Context, pointer: Option<Pos2>) -> Vec<Rect> {
    ctx.viewport(|viewport| {
        let widgets = &viewport.prev_pass.widgets;
        widgets
            .layer_ids()
            .filter(|layer| layer.order != egui::Order::Tooltip)
            .flat_map(|layer| widgets.get_layer(layer))
            .filter(|w| w.sense.senses_click() && w.rect.is_positive())
            .map(|w| w.rect)
            .filter(|rect| pointer.is_none_or(|at| !rect.contains(at)))
            .collect()
    })
}

/// Where a tip for `control` goes (its top left), and which of its `sizes` (the same words wrapped
/// at different widths) it takes there: beside the control, above or below it, else the clear place
/// in `screen` nearest to it; always inside `screen`. Clear means over none of `obstacles` and not
/// over the control itself. Where no place is clear, the one that covers least.
pub fn spot(control: Rect, sizes: &[Vec2], screen: Rect, obstacles: &[Rect]) -> (Pos2, usize) {
    let room = screen.shrink(GAP);
    // A control that holds the whole tip is a window's background, not one the tip hides: its
    // own controls are obstacles of their own.
    let covered = |at: Pos2, size: Vec2| -> f32 {
        let tip = Rect::from_min_size(at, size);
        obstacles
            .iter()
            .filter(|o| !o.contains_rect(tip))
            .chain([&control])
            .map(|o| tip.expand(1.0).intersect(*o))
            .filter(|both| both.is_positive())
            .map(|both| both.area())
            .sum()
    };
    for (i, size) in sizes.iter().enumerate() {
        if let Some(at) = beside(control, *size, room)
            .into_iter()
            .find(|at| covered(*at, *size) == 0.0)
        {
            return (at, i);
        }
    }
    // Anywhere in the window: the clear place nearest the control, else the one that covers least.
    let mut best: Option<(f32, f32, Pos2, usize)> = None;
    for (i, size) in sizes.iter().enumerate() {
        let mut y = room.min.y;
        while y <= room.max.y - size.y {
            let mut x = room.min.x;
            while x <= room.max.x - size.x {
                let at = Pos2::new(x, y);
                let distance = Rect::from_min_size(at, *size).distance_sq_to_pos(control.center());
                let cover = covered(at, *size);
                if best.is_none_or(|(c, d, ..)| (cover, distance) < (c, d)) {
                    best = Some((cover, distance, at, i));
                }
                x += STEP;
            }
            y += STEP;
        }
        if best.is_some_and(|(cover, ..)| cover == 0.0) {
            break;
        }
    }
    best.map_or((room.min, 0), |(_, _, at, i)| (at, i))
}

/// How far apart the places tried across the window are.
const STEP: f32 = 6.0;

/// The places beside `control` for a tip of `size`, in order: right, left, above, below; each
/// pushed back inside `room`.
fn beside(c: Rect, s: Vec2, room: Rect) -> [Pos2; 8] {
    let inside = |at: Pos2| {
        let x = at.x.min(room.max.x - s.x).max(room.min.x);
        let y = at.y.min(room.max.y - s.y).max(room.min.y);
        Pos2::new(x, y)
    };
    [
        Pos2::new(c.max.x + GAP, c.min.y),
        Pos2::new(c.max.x + GAP, c.max.y - s.y),
        Pos2::new(c.min.x - GAP - s.x, c.min.y),
        Pos2::new(c.min.x - GAP - s.x, c.max.y - s.y),
        Pos2::new(c.min.x, c.min.y - GAP - s.y),
        Pos2::new(c.max.x - s.x, c.min.y - GAP - s.y),
        Pos2::new(c.min.x, c.max.y + GAP),
        Pos2::new(c.max.x - s.x, c.max.y + GAP),
    ]
    .map(inside)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCREEN: Rect = Rect {
        min: Pos2::new(0.0, 0.0),
        max: Pos2::new(800.0, 560.0),
    };

    fn rect(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect::from_min_size(Pos2::new(x, y), egui::vec2(w, h))
    }

    fn clear(tip: Rect, control: Rect, obstacles: &[Rect]) -> bool {
        SCREEN.contains_rect(tip)
            && !tip.intersects(control)
            && obstacles.iter().all(|o| !tip.intersects(*o))
    }

    #[test]
    fn a_tip_goes_beside_its_button_in_a_column_not_over_the_next() {
        let button = rect(300.0, 100.0, 200.0, 30.0);
        let next = rect(300.0, 134.0, 200.0, 30.0);
        let size = egui::vec2(220.0, 40.0);
        let at = spot(button, &[size], SCREEN, &[next]);
        let right = (Pos2::new(504.0, 100.0), 0);
        assert_eq!(at, right, "to the right, on the button's row");
    }

    #[test]
    fn in_the_side_panel_a_tip_goes_left_over_the_board() {
        // A button at the window's right edge, in a panel of rows of buttons from top to bottom.
        let button = rect(700.0, 300.0, 96.0, 26.0);
        let mut panel = Vec::new();
        for row in 0..18 {
            for x in [600.0, 700.0] {
                let other = rect(x, row as f32 * 30.0, 96.0, 26.0);
                if other != button {
                    panel.push(other);
                }
            }
        }
        let size = egui::vec2(240.0, 60.0);
        let (at, _) = spot(button, &[size], SCREEN, &panel);
        let tip = Rect::from_min_size(at, size);
        assert!(clear(tip, button, &panel), "{tip:?}");
        assert!(tip.max.x <= 600.0, "left of the panel: {tip:?}");
    }

    #[test]
    fn a_form_packed_round_its_control_sends_the_tip_to_the_nearest_clear_place() {
        // A grid of fields around the hovered one, with free room only far below.
        let control = rect(300.0, 200.0, 100.0, 20.0);
        let mut fields = Vec::new();
        for row in 0..12 {
            for column in 0..8 {
                let field = rect(column as f32 * 100.0, row as f32 * 40.0, 96.0, 36.0);
                if !field.intersects(control) {
                    fields.push(field);
                }
            }
        }
        let size = egui::vec2(300.0, 50.0);
        let (at, _) = spot(control, &[size], SCREEN, &fields);
        let tip = Rect::from_min_size(at, size);
        assert!(clear(tip, control, &fields), "{tip:?}");
        assert!(tip.min.y >= 476.0, "in the free strip below: {tip:?}");
    }

    #[test]
    fn where_only_a_narrow_place_is_clear_the_tip_wraps_narrower_to_fit_it() {
        let control = rect(80.0, 400.0, 40.0, 20.0);
        // Fields everywhere but in a strip 200 px wide at the right and round the control.
        let mut fields = Vec::new();
        for row in 0..14 {
            for column in 0..6 {
                let (x, y) = (column as f32 * 100.0, row as f32 * 40.0);
                let field = rect(x, y, 96.0, 36.0);
                if (x < 590.0 && y < 390.0) || (x >= 130.0 && y >= 390.0) {
                    fields.push(field);
                }
            }
        }
        let (wide, narrow) = (egui::vec2(280.0, 60.0), egui::vec2(190.0, 100.0));
        let (at, chosen) = spot(control, &[wide, narrow], SCREEN, &fields);
        assert_eq!(chosen, 1, "the narrow one");
        let tip = Rect::from_min_size(at, narrow);
        assert!(clear(tip, control, &fields), "{tip:?}");
    }

    #[test]
    fn a_tip_stays_whole_in_the_window_where_nothing_is_clear() {
        let control = rect(10.0, 10.0, 50.0, 20.0);
        let everything = [SCREEN];
        let size = egui::vec2(500.0, 80.0);
        let tip = Rect::from_min_size(spot(control, &[size], SCREEN, &everything).0, size);
        assert!(SCREEN.contains_rect(tip), "{tip:?}");
    }

    #[test]
    fn no_tip_is_shown_but_through_this_module() {
        let mut found = Vec::new();
        let mut folders = vec![std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src"
        ))];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder)
                .expect("the source folder")
                .flatten()
            {
                let path = entry.path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).expect("a source file");
                    let egui_tips = [
                        concat!("on_hover", "_text("),
                        concat!("on_disabled", "_hover_text("),
                        concat!("on_hover", "_ui("),
                    ];
                    if egui_tips.iter().any(|t| text.contains(t)) {
                        found.push(path.display().to_string());
                    }
                }
            }
        }
        assert_eq!(
            found,
            Vec::<String>::new(),
            "tips through egui's own placing"
        );
    }
}
