//! The look of every menu and panel: a custom egui style per theme, matching the board. Classic is rice
//! paper, sumi ink and lacquer red around the kaya board; contrast is white, pure black and the
//! Okabe–Ito blue and orange of the contrast sprites, with bold outlines. Both use larger type and
//! rounded frames than egui's default grey.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::audio::MenuClick;
use crate::settings::{Settings, Theme};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, apply_style);
}

/// The colours the UI paints with, besides the egui style itself.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UiPalette {
    /// Panels and dialogs.
    pub paper: egui::Color32,
    /// Text.
    pub ink: egui::Color32,
    /// Quieter text.
    pub faint: egui::Color32,
    /// Selected choices, the main button, headings.
    pub accent: egui::Color32,
    /// Text on `accent`.
    pub on_accent: egui::Color32,
    /// Good news (a hint, a win).
    pub good: egui::Color32,
    /// Warnings (a refused click).
    pub warn: egui::Color32,
    /// Coordinates around the board.
    pub coordinates: egui::Color32,
    /// Lines between sections.
    pub rule: egui::Color32,
}

pub fn ui_palette(theme: Theme) -> UiPalette {
    use egui::Color32 as C;
    match theme {
        Theme::Classic => UiPalette {
            paper: C::from_rgb(0xf4, 0xea, 0xd7),
            ink: C::from_rgb(0x2a, 0x1c, 0x10),
            faint: C::from_rgb(0x7a, 0x63, 0x4c),
            accent: C::from_rgb(0x9c, 0x35, 0x1d),
            on_accent: C::from_rgb(0xfb, 0xf4, 0xe8),
            good: C::from_rgb(0x2e, 0x7d, 0x5b),
            warn: C::from_rgb(0xb0, 0x3a, 0x14),
            coordinates: C::from_rgb(0x4a, 0x33, 0x1e),
            rule: C::from_rgb(0xcf, 0xb8, 0x94),
        },
        Theme::Contrast => UiPalette {
            paper: C::WHITE,
            ink: C::BLACK,
            faint: C::from_rgb(0x30, 0x30, 0x30),
            accent: C::from_rgb(0x00, 0x5a, 0x9c),
            on_accent: C::WHITE,
            good: C::from_rgb(0x00, 0x5a, 0x9c),
            warn: C::from_rgb(0xa8, 0x3c, 0x00),
            coordinates: C::BLACK,
            rule: C::BLACK,
        },
    }
}

/// The unfilled part of a progress bar. egui writes the bar's text in the selection's light colour
/// over the whole bar, so the track must be as dark as the fill for the text to be read on it (the
/// text fields' near-white left a review's "12 of 40" unreadable until the bar had passed it).
pub fn progress_track(theme: Theme) -> egui::Color32 {
    ui_palette(theme).faint
}

/// The text sizes and spacing, the same in every theme.
fn sizes(style: &mut egui::Style) {
    use egui::{FontFamily, FontId, TextStyle};
    style.text_styles = [
        (
            TextStyle::Heading,
            FontId::new(28.0, FontFamily::Proportional),
        ),
        (TextStyle::Body, FontId::new(17.0, FontFamily::Proportional)),
        (
            TextStyle::Button,
            FontId::new(17.0, FontFamily::Proportional),
        ),
        (
            TextStyle::Small,
            FontId::new(13.5, FontFamily::Proportional),
        ),
        (
            TextStyle::Monospace,
            FontId::new(15.0, FontFamily::Monospace),
        ),
    ]
    .into();
    style.spacing.item_spacing = egui::vec2(10.0, 9.0);
    style.spacing.button_padding = egui::vec2(14.0, 7.0);
    style.spacing.window_margin = egui::Margin::same(20);
    style.spacing.interact_size = egui::vec2(44.0, 30.0);
    style.spacing.slider_width = 180.0;
    style.spacing.combo_width = 240.0;
    style.spacing.icon_width = 20.0;
    style.spacing.icon_width_inner = 11.0;
    style.spacing.icon_spacing = 8.0;
}

/// The egui style of a theme.
pub fn style(theme: Theme) -> egui::Style {
    use egui::{Color32, CornerRadius, Stroke};
    let p = ui_palette(theme);
    let contrast = theme == Theme::Contrast;
    let mut style = egui::Style {
        visuals: egui::Visuals::light(),
        ..default()
    };
    sizes(&mut style);

    let v = &mut style.visuals;
    let radius = CornerRadius::same(if contrast { 4 } else { 8 });
    let stroke_width = if contrast { 2.0 } else { 1.0 };
    // Text colours come from the widget strokes below (ink), so a selected choice can still show its
    // text in the selection colour.
    v.override_text_color = None;
    v.panel_fill = p.paper;
    v.window_fill = p.paper;
    v.window_stroke = Stroke::new(stroke_width, if contrast { p.ink } else { p.rule });
    v.window_corner_radius = CornerRadius::same(if contrast { 6 } else { 14 });
    v.window_shadow = egui::Shadow {
        offset: [0, 8],
        blur: 28,
        spread: 0,
        color: Color32::from_black_alpha(if contrast { 0 } else { 110 }),
    };
    v.popup_shadow = v.window_shadow;
    v.menu_corner_radius = radius;
    v.faint_bg_color = if contrast {
        Color32::from_rgb(0xee, 0xee, 0xee)
    } else {
        Color32::from_rgb(0xec, 0xdf, 0xc6)
    };
    v.extreme_bg_color = if contrast {
        Color32::WHITE
    } else {
        Color32::from_rgb(0xfb, 0xf6, 0xec)
    };
    v.slider_trailing_fill = true;
    v.selection.bg_fill = p.accent;
    v.selection.stroke = Stroke::new(stroke_width, p.on_accent);
    v.hyperlink_color = p.accent;
    v.warn_fg_color = p.warn;
    v.error_fg_color = p.warn;

    let (idle, hover, press) = if contrast {
        (
            Color32::WHITE,
            Color32::from_rgb(0xff, 0xe0, 0x8a),
            Color32::from_rgb(0xff, 0xc9, 0x3c),
        )
    } else {
        (
            Color32::from_rgb(0xe8, 0xd6, 0xb5),
            Color32::from_rgb(0xf0, 0xdf, 0xbf),
            Color32::from_rgb(0xdb, 0xc0, 0x92),
        )
    };
    let edge = if contrast {
        p.ink
    } else {
        Color32::from_rgb(0xb8, 0x97, 0x6a)
    };
    let w = &mut v.widgets;
    w.noninteractive.bg_fill = p.paper;
    w.noninteractive.weak_bg_fill = p.paper;
    w.noninteractive.bg_stroke = Stroke::new(stroke_width, p.rule);
    w.noninteractive.fg_stroke = Stroke::new(1.0, p.ink);
    w.noninteractive.corner_radius = radius;
    for (state, fill, width) in [
        (&mut w.inactive, idle, stroke_width),
        (&mut w.hovered, hover, stroke_width + 1.0),
        (&mut w.active, press, stroke_width + 1.0),
        (&mut w.open, press, stroke_width),
    ] {
        state.bg_fill = fill;
        state.weak_bg_fill = fill;
        state.bg_stroke = Stroke::new(width, edge);
        state.fg_stroke = Stroke::new(1.5, p.ink);
        state.corner_radius = radius;
        state.expansion = 0.0;
    }
    w.hovered.expansion = 1.0;
    style
}

/// Sets the style when the UI first draws and whenever the theme changes.
fn apply_style(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut applied: Local<Option<Theme>>,
) -> Result {
    if *applied == Some(settings.theme) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let style = style(settings.theme);
    ctx.set_style_of(egui::Theme::Light, style.clone());
    ctx.set_style_of(egui::Theme::Dark, style);
    *applied = Some(settings.theme);
    Ok(())
}

/// The main action of a screen: filled with the accent colour.
pub fn primary_button(theme: Theme, text: &str) -> egui::Button<'static> {
    let p = ui_palette(theme);
    egui::Button::new(
        egui::RichText::new(text.to_owned())
            .size(20.0)
            .color(p.on_accent)
            .strong(),
    )
    .fill(p.accent)
    .min_size(egui::vec2(240.0, 44.0))
}

/// A large menu button.
pub fn menu_button(text: &str) -> egui::Button<'static> {
    egui::Button::new(egui::RichText::new(text.to_owned()).size(19.0))
        .min_size(egui::vec2(240.0, 42.0))
}

/// A section title inside a panel.
pub fn section(ui: &mut egui::Ui, theme: Theme, text: &str) {
    let p = ui_palette(theme);
    ui.add_space(4.0);
    ui.label(
        egui::RichText::new(text.to_uppercase())
            .size(12.5)
            .color(p.faint)
            .strong(),
    );
}

/// The side panel's frame, the same whichever panel is up (the HUD, the position editor, the
/// puzzles): paper with a rule at its edge, bold in the contrast theme like its other outlines.
pub fn side_panel_frame(theme: Theme) -> egui::Frame {
    let p = ui_palette(theme);
    let width = if theme == Theme::Contrast { 2.0 } else { 1.0 };
    egui::Frame::new()
        .fill(p.paper)
        .inner_margin(egui::Margin::symmetric(18, 14))
        .stroke(egui::Stroke::new(width, p.rule))
}

/// Inside a scroll area that may scroll: keeps its content clear of the bar, which egui draws over
/// the content's right edge (as wide as `bar_width` once hovered) while the pointer is over the
/// area. Always kept where it is called, so nothing moves when the bar comes or goes; the area
/// must not shrink its width to the content's (`auto_shrink` false across), or the bar follows.
pub fn keep_scroll_bar_lane(ui: &mut egui::Ui) {
    let scroll = &ui.spacing().scroll;
    let lane = scroll.bar_inner_margin + scroll.bar_width + scroll.bar_outer_margin;
    ui.set_max_width(ui.available_width() - lane);
}

/// A thin rule between sections in the theme's colour.
pub fn rule(ui: &mut egui::Ui, theme: Theme) {
    let p = ui_palette(theme);
    let width = ui.available_width();
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 9.0), egui::Sense::hover());
    ui.painter().hline(
        rect.x_range(),
        rect.center().y,
        egui::Stroke::new(1.0, p.rule),
    );
}

/// Paints a stone (for decorations and the side panel) in the board's colours.
pub fn paint_stone(
    painter: &egui::Painter,
    centre: egui::Pos2,
    radius: f32,
    black: bool,
    theme: Theme,
) {
    use egui::Color32 as C;
    let (fill, edge, shine) = match (black, theme) {
        (true, _) => (
            C::from_rgb(0x1d, 0x1d, 0x20),
            C::from_rgb(0x0a, 0x0a, 0x0a),
            C::from_rgba_unmultiplied(255, 255, 255, 46),
        ),
        (false, Theme::Classic) => (
            C::from_rgb(0xf2, 0xee, 0xe4),
            C::from_rgb(0xb9, 0xae, 0x9c),
            C::from_rgba_unmultiplied(255, 255, 255, 150),
        ),
        (false, Theme::Contrast) => (C::WHITE, C::BLACK, C::TRANSPARENT),
    };
    let edge_width = if theme == Theme::Contrast { 2.0 } else { 1.0 };
    painter.circle_filled(
        centre + egui::vec2(radius * 0.08, radius * 0.14),
        radius,
        C::from_black_alpha(60),
    );
    painter.circle(centre, radius, fill, egui::Stroke::new(edge_width, edge));
    painter.circle_filled(
        centre + egui::vec2(-radius * 0.35, -radius * 0.35),
        radius * 0.3,
        shine,
    );
}

/// Paints tic-tac-toe's mark for a side (X for black, O for white) as strokes, the same in every
/// language (the side's name, "Крестики", would not fit where the mark goes).
pub fn paint_mark(
    painter: &egui::Painter,
    centre: egui::Pos2,
    radius: f32,
    black: bool,
    ink: egui::Color32,
) {
    let stroke = egui::Stroke::new((radius * 0.22).max(2.0), ink);
    if black {
        let d = radius * 0.75;
        painter.line_segment(
            [centre + egui::vec2(-d, -d), centre + egui::vec2(d, d)],
            stroke,
        );
        painter.line_segment(
            [centre + egui::vec2(-d, d), centre + egui::vec2(d, -d)],
            stroke,
        );
    } else {
        painter.circle_stroke(centre, radius * 0.8, stroke);
    }
}

/// A button that plays the menu tick when pressed.
pub(crate) fn clicked(commands: &mut Commands, response: egui::Response) -> bool {
    let clicked = response.clicked();
    if clicked {
        commands.trigger(MenuClick);
    }
    clicked
}

/// A centred card on the table, like a sheet of paper laid beside the board.
pub(crate) fn card(
    ctx: &egui::Context,
    id: &str,
    width: f32,
    theme: Theme,
    add: impl FnOnce(&mut egui::Ui),
) {
    let p = ui_palette(theme);
    // Centred in the room above the records bar; a short window gets a thinner frame.
    let margin = if ctx.content_rect().height() >= 640.0 {
        28
    } else {
        16
    };
    egui::Area::new(egui::Id::new(id))
        .anchor(
            egui::Align2::CENTER_CENTER,
            [0.0, -crate::view::RECORDS_BAR_HEIGHT / 2.0],
        )
        .show(ctx, |ui| {
            egui::Frame::window(ui.style())
                .fill(p.paper)
                .inner_margin(egui::Margin::symmetric(36, margin))
                .show(ui, |ui| {
                    ui.set_width(width);
                    add(ui);
                });
        });
}

/// A card's title and the line under it.
pub(crate) fn title(ui: &mut egui::Ui, theme: Theme, text: &str, subtitle: &str) {
    let p = ui_palette(theme);
    // Smaller in a short window, where every row counts.
    let size = if ui.ctx().content_rect().height() >= 640.0 {
        44.0
    } else {
        30.0
    };
    ui.vertical_centered(|ui| {
        ui.label(egui::RichText::new(text).size(size).strong().color(p.ink));
        ui.label(egui::RichText::new(subtitle).size(16.0).color(p.faint));
    });
}

/// WCAG's contrast ratio of two opaque colours: 1 (the same) to 21 (black on white); the tests
/// hold text to 4.5, WCAG AA for text of the game's sizes.
#[cfg(test)]
pub(crate) fn contrast_ratio(a: egui::Color32, b: egui::Color32) -> f32 {
    let luminance = |c: egui::Color32| {
        let channel = |v: u8| {
            let v = f32::from(v) / 255.0;
            if v <= 0.040_45 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(c.r()) + 0.7152 * channel(c.g()) + 0.0722 * channel(c.b())
    };
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_progress_bars_text_reads_on_its_fill_and_on_its_track() {
        for theme in [Theme::Classic, Theme::Contrast] {
            let visuals = style(theme).visuals;
            let text = visuals.selection.stroke.color;
            let fill = contrast_ratio(text, visuals.selection.bg_fill);
            let track = contrast_ratio(text, progress_track(theme));
            assert!(fill >= 4.5, "{theme:?}: {fill:.1} on the fill");
            assert!(track >= 4.5, "{theme:?}: {track:.1} on the track");
            // What egui would have drawn it on, for the record: the text fields' white.
            assert!(contrast_ratio(text, visuals.extreme_bg_color) < 1.5);
        }
    }
}
