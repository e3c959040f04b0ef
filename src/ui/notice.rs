//! The side panel's place for messages (notices, the hint, why a point is forbidden): always the same
//! height, so a message coming or going never moves the buttons under it (a moved button once took a
//! double-click on Undo for *New game*).

use bevy_egui::egui;

use super::style::UiPalette;
use super::tip::Tip;
use crate::game::NoticeKind;

/// How many lines the place holds: a long message wraps onto the next line; one longer than the place
/// is cut short and shown whole on hover. Three where the window is tall enough, two in a short one
/// (at 800×560 a third line would leave the move list no room); fixed for a window's size, so nothing
/// below moves as messages come and go. A review in a short window keeps one: its graph, verdict,
/// summary and legend take the room (issue 62, item 21: the legend needed a scroll).
pub fn message_lines(ctx: &egui::Context, review: bool) -> usize {
    match (short_window(ctx), review) {
        (true, true) => 1,
        (true, false) => 2,
        (false, _) => 3,
    }
}

/// A window under 700 px tall (800×560 among them): the side panel keeps two message lines and a
/// finished game its choices in two rows, so what is under them still has room.
pub fn short_window(ctx: &egui::Context) -> bool {
    ctx.content_rect().height() < 700.0
}

/// A line for the message place: its text, and whether it is news, good news or a refusal.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    pub text: String,
    pub kind: NoticeKind,
    /// The hint stands out from the notices.
    pub strong: bool,
}

impl Message {
    pub fn new(kind: NoticeKind, text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            kind,
            strong: false,
        }
    }

    pub fn strong(self) -> Message {
        Message {
            strong: true,
            ..self
        }
    }
}

/// The colour a message of `kind` is written in.
pub fn message_color(kind: NoticeKind, p: &UiPalette) -> egui::Color32 {
    match kind {
        NoticeKind::Info => p.ink,
        NoticeKind::Good => p.good,
        NoticeKind::Error => p.warn,
    }
}

/// A place the full width of `ui` and `height` tall, there whether or not anything is said in it, so
/// nothing around it moves when words come or go; `add` lays them out in it, given its width.
pub fn kept_place(ui: &mut egui::Ui, height: f32, add: impl FnOnce(&mut egui::Ui, f32)) {
    let width = ui.available_width();
    ui.allocate_ui(egui::vec2(width, height), |ui| {
        ui.set_min_size(egui::vec2(width, height));
        add(ui, width);
    });
}

/// `text` laid out in `width` and at most `height`: in the body size, or a smaller one where that does
/// not fit (down to three quarters, with the rows a smaller size leaves room for), so an error or an
/// instruction is read whole. Only text that does not fit even then ends in "…".
pub fn fitted(
    ui: &egui::Ui,
    text: egui::RichText,
    width: f32,
    height: f32,
) -> std::sync::Arc<egui::Galley> {
    let body = egui::TextStyle::Body.resolve(ui.style()).size;
    let row = ui.text_style_height(&egui::TextStyle::Body);
    let lay_out = |scale: f32| {
        let wrapping = egui::text::TextWrapping {
            max_width: width,
            max_rows: ((height / (row * scale)).floor() as usize).max(1),
            break_anywhere: false,
            overflow_character: Some('…'),
        };
        egui::WidgetText::from(text.clone().size(body * scale)).into_galley_impl(
            ui.ctx(),
            ui.style(),
            wrapping,
            egui::FontSelection::Default,
            ui.text_valign(),
        )
    };
    let mut galley = lay_out(1.0);
    for scale in [0.9, 0.82, 0.75] {
        if !galley.elided {
            break;
        }
        galley = lay_out(scale);
    }
    galley
}

/// Draws `messages` top-down, most urgent first, in a place of [`message_lines`] lines whatever they
/// say. Returns the place's rectangle.
pub fn message_place(
    ui: &mut egui::Ui,
    palette: &UiPalette,
    messages: &[Message],
    (lines, readout): (usize, bool),
) -> egui::Rect {
    let line = ui.text_style_height(&egui::TextStyle::Body);
    let height = lines as f32 * line + (lines - 1) as f32 * ui.spacing().item_spacing.y;
    let (rect, _) = ui.allocate_exact_size(
        egui::vec2(ui.available_width(), height),
        egui::Sense::hover(),
    );
    // A child that is not allocated in the panel: what it holds can never push what follows.
    let mut place = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect)
            .layout(egui::Layout::top_down(egui::Align::Min)),
    );
    place.set_clip_rect(rect.intersect(ui.clip_rect()));
    // Each message wraps onto the lines left: an error or an instruction is read whole, and only a
    // message that needs more than the place holds ends in "…" (whole on hover).
    // A readout (live analysis, the chances) takes the lowest line where there are two or more:
    // a message wraps above it, not behind it.
    let mut height_left = if readout && lines >= 2 {
        height - line - ui.spacing().item_spacing.y
    } else {
        height
    };
    for message in messages {
        if height_left < line * 0.75 {
            break;
        }
        let mut text =
            egui::RichText::new(&message.text).color(message_color(message.kind, palette));
        if message.strong {
            text = text.strong();
        }
        let galley = fitted(&place, text, rect.width(), height_left);
        height_left -= galley.rect.height() + place.spacing().item_spacing.y;
        let elided = galley.elided;
        let label = place.add(egui::Label::new(galley));
        if elided {
            label.tip(&message.text);
        }
    }
    rect
}
