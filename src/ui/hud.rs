//! The in-game side panel: the two players with their stones, wins, clocks and the computer's animated
//! thinking indicator; the status, and the hint and notices in a place of fixed height ([`super::notice`])
//! so the buttons (Undo, Redo, Hint, New game, Menu, Settings) never move; the draws; the move list in
//! notation.

use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_engine::{Color as Side, Outcome, PlayError};

use super::clicked;
use super::notice::{Message, message_lines, message_place};
use super::numbering::Numbering;
use super::settings::SettingsWindow;
use super::style::{rule, section, side_panel_frame, ui_palette};
use super::tip::Tip;
use crate::analysis::live::LiveAnalysis;
use crate::analysis::review::GameReview;
use crate::game::computer::{Autoplay, Thinking};
use crate::game::hint::{Pondering, ShownHint};
use crate::game::input::{Question, Table};
use crate::game::score::Score;
use crate::game::turn::{can_redo, can_undo};
use crate::game::{CurrentGame, GameCommand, KeptGame, Mode, Notice, NoticeKind, cell_name};
use crate::i18n::Words;
use crate::persistence::SaveHealth;
use crate::screens::{Activity, Doing, InGame, OnRecord, Screen};
use crate::settings::{MoveNumbering, Settings, Theme};
use crate::view::{HoveredCell, PANEL_WIDTH};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        // The editor and the puzzles draw their own panels.
        hud_ui.run_if(
            in_state(InGame).and_then(in_state(Activity::Playing).or_else(in_state(OnRecord))),
        ),
    );
}

/// What the side panel reads.
#[derive(SystemParam)]
struct Hud<'w, 's> {
    current: Res<'w, CurrentGame>,
    kept: Res<'w, KeptGame>,
    score: Res<'w, Score>,
    notice: Res<'w, Notice>,
    save_health: Option<Res<'w, SaveHealth>>,
    autoplay: Res<'w, Autoplay>,
    hovered: Res<'w, HoveredCell>,
    settings: Res<'w, Settings>,
    // What the engine tells the player: a hint, live analysis, the review of the record on the board.
    hint: Res<'w, ShownHint>,
    live: Res<'w, LiveAnalysis>,
    review: Res<'w, GameReview>,
    // The record's tree of variations, the study tools and the board's view.
    study: super::records::viewer::StudyRead<'w>,
    thinking: Query<'w, 's, &'static Thinking>,
    pondering: Query<'w, 's, (), With<Pondering>>,
    doing: Doing<'w>,
    time: Res<'w, Time<Real>>,
    words: Res<'w, Words>,
    engine: Res<'w, crate::game::engine_seat::EngineSeat>,
}

impl Hud<'_, '_> {
    /// The game on the board and the one set aside (see [`Question::ask_first`]).
    fn table(&self) -> Table<'_> {
        Table {
            current: &self.current,
            kept: &self.kept,
        }
    }

    fn theme(&self) -> Theme {
        self.settings.theme
    }

    fn now(&self) -> Duration {
        self.time.elapsed()
    }

    /// What the players' cards show.
    fn cards(&self) -> super::player_card::Cards<'_> {
        super::player_card::Cards {
            current: &self.current,
            words: &self.words,
            theme: self.theme(),
            score: &self.score,
            on_record: self.doing.on_record(),
            now: self.now(),
            thinking: self.thinking.iter().next(),
            animation_factor: self.settings.animation_factor(),
            engine: [Side::Black, Side::White]
                .map(|c| self.engine.plays(&self.current, c) && !self.doing.on_record()),
            one_line: false,
        }
    }

    /// The game's result takes the place of the buttons (not in a record looked through).
    fn result_below(&self) -> bool {
        self.doing.screen() == Screen::GameOver && !self.doing.on_record()
    }

    /// What the message place says, most urgent first: the latest notice (or, without one, why the
    /// point under the pointer is forbidden, or what the computer is doing), then the hint. Each
    /// reason is said once: a refused forbidden point's notice stands in for the hover line saying
    /// the same.
    fn messages(&self) -> Vec<Message> {
        let Hud {
            current,
            notice,
            hint,
            hovered,
            settings,
            autoplay,
            words,
            ..
        } = self;
        let pondering = !self.pondering.is_empty();
        let game = &current.game();
        let forbidden = hovered
            .0
            .filter(|_| settings.show_forbidden)
            .and_then(|pos| match game.check(pos) {
                Err(PlayError::Forbidden(_, why)) => Some(words.tr_args(
                    "hud-forbidden-point",
                    &[
                        ("cell", cell_name(pos, game.variant().size()).into()),
                        ("reason", words.forbidden(why).into()),
                    ],
                )),
                _ => None,
            });
        let first = if let Some(text) = notice.current().map(|phrase| words.phrase(phrase)) {
            Some(Message::new(notice.kind, text))
        } else if let Some(text) = forbidden {
            Some(Message::new(NoticeKind::Error, text))
        } else if pondering {
            Some(Message::new(
                NoticeKind::Info,
                words.tr("hud-looking-for-hint"),
            ))
        } else if current.setup().mode == Mode::ComputerVsComputer
            && autoplay.paused
            && !game.is_over()
        {
            Some(Message::new(NoticeKind::Info, words.tr("hud-paused")))
        } else {
            None
        };
        let hint = hint.reason(current.generation()).map(|(pos, reason)| {
            Message::new(
                NoticeKind::Good,
                words.tr_args(
                    "hud-hint",
                    &[
                        ("cell", cell_name(pos, game.variant().size()).into()),
                        ("reason", reason.to_owned().into()),
                    ],
                ),
            )
            .strong()
        });
        first.into_iter().chain(hint).collect()
    }
}

/// What the side panel does: the commands it sends and the dialogs it opens (Settings, the question
/// before a new game), and the network game's own section.
#[derive(SystemParam)]
struct HudActions<'w, 's> {
    commands: Commands<'w, 's>,
    writer: MessageWriter<'w, GameCommand>,
    settings_window: ResMut<'w, SettingsWindow>,
    question: ResMut<'w, Question>,
    network: super::network::NetworkPanel<'w>,
}

fn hud_ui(mut contexts: EguiContexts, hud: Hud, mut act: HudActions) -> Result {
    let ctx = contexts.ctx_mut()?;
    let theme = hud.theme();
    let mut root = egui::Ui::new(
        ctx.clone(),
        "hud root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::Panel::right("hud")
        .exact_size(PANEL_WIDTH)
        .resizable(false)
        .frame(side_panel_frame(theme))
        .show(&mut root, |ui| {
            // The title names the game being played, whole (the window's title bar names the app;
            // the computer's level is on its player card below), and its terms after it in a
            // lighter type, in one label that wraps: a line of their own pushed the move list out
            // of a short window.
            let title = hud.words.preset(hud.current.setup().preset);
            let mut heading = egui::text::LayoutJob::default();
            let strong = egui::TextFormat {
                font_id: egui::FontId::proportional(20.0),
                color: ui.visuals().strong_text_color(),
                ..Default::default()
            };
            heading.append(&title, 0.0, strong);
            if let Some(terms) = terms_line(&hud.current, &hud.words) {
                let light = egui::TextFormat {
                    font_id: egui::FontId::proportional(13.0),
                    color: ui_palette(theme).faint,
                    valign: egui::Align::BOTTOM,
                    ..Default::default()
                };
                heading.append(&format!(" · {terms}"), 0.0, light);
            }
            ui.add(egui::Label::new(heading).wrap());
            rule(ui, theme);
            // A review in a short window gives its graph, summary and legend the room (issue 62,
            // item 21: the legend needed a scroll): the cards take one line each, and the status
            // line ("A record: move 8 of 9") is left out, as the bar under the board and the
            // review's verdict say which move is shown.
            let review = hud.doing.is(Activity::Review) && super::notice::short_window(ui.ctx());
            let mut cards = hud.cards();
            cards.one_line = review;
            for side in [Side::Black, Side::White] {
                super::player_card::player_card(ui, &cards, side);
            }
            ui.add_space(2.0);
            if !hud.result_below() && !review {
                part(ui, egui::Id::new("hud status"), |ui| {
                    status_line(ui, &hud, &mut act)
                });
            }
            part(ui, egui::Id::new("hud messages"), |ui| {
                message_area(ui, &hud)
            });
            rule(ui, theme);
            // A finished game shows its result where the buttons were (they have nothing left to do:
            // the result's own New game, Rematch and Menu take their place), in the panel, so the
            // board and its winning line stay in view.
            if hud.result_below() {
                let current = &hud.current;
                part(ui, egui::Id::new("hud result"), |ui| {
                    super::game_over::result_section(
                        ui,
                        &mut act.commands,
                        current,
                        (current.duration(hud.now()), theme, hud.settings.numbering),
                        &hud.words,
                        &mut act.writer,
                    )
                });
            } else {
                part(ui, egui::Id::new("hud buttons"), |ui| {
                    buttons(ui, &hud, &mut act)
                });
            }
            rule(ui, theme);
            part(ui, egui::Id::new("hud mode"), |ui| {
                mode_section(ui, &hud, &mut act)
            });
        });
    Ok(())
}

/// Lays out a part of the panel under an id of its own. egui numbers the controls it has no name
/// for in the order they come, so a line that comes or goes above them (a notice, "Move now", the
/// computer's move) would renumber them, and the control the keyboard is on would lose the focus.
fn part<R>(ui: &mut egui::Ui, id: egui::Id, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    ui.scope_builder(egui::UiBuilder::new().id(id), add).inner
}

/// The game's terms beyond its rule, when there are any: its opening rule (swap, swap2), its time
/// control and the renju opening its first stones make ("Swap2 · Blitz 3+2").
pub fn terms_line(current: &CurrentGame, words: &Words) -> Option<String> {
    let opening = current.opening_rule();
    let time = current.setup().time;
    let mut terms = Vec::new();
    if opening != tengen_engine::OpeningRule::Free {
        terms.push(words.opening_rule(opening));
    }
    if time.is_timed() {
        terms.push(super::time_control::describe(time, words));
    }
    terms.extend(super::editor::opening_text(current.game(), words));
    (!terms.is_empty()).then(|| terms.join(" · "))
}

/// What the position says: whose move, who won, where a record stands.
fn status_text(hud: &Hud) -> String {
    let doing = (hud.doing.on_record(), !hud.thinking.is_empty());
    status_sentence(&hud.current, &hud.words, hud.settings.numbering, doing)
}

/// The status line of `current`: whose move (its number in `style`), who won, where a record stands.
/// `on_record`: a record is looked through; `thinking`: the computer is thinking.
pub fn status_sentence(
    current: &CurrentGame,
    words: &Words,
    style: MoveNumbering,
    (on_record, thinking): (bool, bool),
) -> String {
    let game = current.game();
    let numbering = Numbering::of(game, style);
    let tic_tac_toe = game.variant().is_tic_tac_toe();
    let next = numbering.number(game.moves().len());
    match game.outcome() {
        // A game resigned, agreed drawn or left ends off the board: why, in words.
        _ if current.ended_off_board() => {
            super::game_over::reason_line(current, words).unwrap_or_default()
        }
        Some(Outcome::Win { winner, .. }) => words.tr_args(
            "hud-wins-in",
            &[
                ("side", words.side(*winner, tic_tac_toe).into()),
                ("moves", numbering.count(game.moves().len()).into()),
            ],
        ),
        Some(Outcome::Draw) if game.black_is_stuck() => words.tr("hud-draw-black-stuck"),
        Some(Outcome::Draw) => words.tr("hud-draw-board-full"),
        // A record is looked through, not played: where it stands, not whose turn it is.
        None if on_record => {
            let (shown, total) = current.record_position();
            words.tr_args(
                "hud-record-at",
                &[
                    ("shown", numbering.count(shown).into()),
                    ("total", numbering.count(total).into()),
                ],
            )
        }
        // An opening's step belongs to a seat, whatever colour moves next on the board.
        None if !current.opening().settled() => {
            let seat = current.opening().seat().map_or(0, |s| s.index());
            let player = current.seat_names_in(words)[seat].clone();
            words.tr_args("hud-opening-step", &[("player", player.into())])
        }
        None if thinking => words.tr_args("hud-move-computer-thinking", &[("move", next.into())]),
        None => words.tr_args(
            "hud-move-to-play",
            &[
                ("move", next.into()),
                ("side", words.side(game.to_move(), tic_tac_toe).into()),
            ],
        ),
    }
}

/// The status in one line whatever the language: a longer one is set smaller, and only one that
/// does not fit even so is cut short (the whole of it on hover), rather than widening the panel or
/// pushing the buttons down. While the computer thinks, "Move now" at its end makes it play its best
/// move so far.
fn status_line(ui: &mut egui::Ui, hud: &Hud, act: &mut HudActions) {
    let status = status_text(hud);
    let one_line = |ui: &mut egui::Ui| {
        let text = egui::RichText::new(&status).strong();
        let row = ui.text_style_height(&egui::TextStyle::Body);
        let galley = super::notice::fitted(ui, text, ui.available_width(), row);
        let elided = galley.elided;
        let label = ui.add(egui::Label::new(galley));
        if elided {
            label.tip(&status);
        }
    };
    ui.horizontal(|ui| {
        if hud.thinking.is_empty() {
            one_line(ui);
            return;
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let now = ui
                .link(hud.words.tr("hud-move-now"))
                .tip(hud.words.tr("hud-move-now-tip"));
            if clicked(&mut act.commands, now) {
                act.writer.write(GameCommand::MoveNow);
            }
            one_line(ui);
        });
    });
}

/// The notices, the hint and a file that cannot be written, in their place of fixed height; live
/// analysis reads out in its lower part, so turning it on or off moves nothing below.
fn message_area(ui: &mut egui::Ui, hud: &Hud) {
    let mut shown = hud.messages();
    // A file that cannot be written (a full disk) is said for as long as it lasts, right after the
    // latest notice.
    if let Some(trouble) = hud.save_health.as_ref().and_then(|h| h.line()) {
        let line = Message::new(NoticeKind::Error, hud.words.phrase(&trouble));
        shown.insert(shown.len().min(1), line);
    }
    // Between computers, the chances the last move's search saw take the same place.
    let chances = (hud.current.setup().mode == Mode::ComputerVsComputer && !hud.live.on)
        .then_some(hud.autoplay.black_chance)
        .flatten();
    let readout = hud.live.on || chances.is_some();
    if readout {
        shown.truncate(1);
    }
    let lines = message_lines(ui.ctx(), hud.doing.is(Activity::Review));
    let place = message_place(ui, &ui_palette(hud.theme()), &shown, (lines, readout));
    let (current, theme) = (&hud.current, hud.theme());
    if hud.live.on {
        super::analysis::readout_in(ui, place, &hud.live, current, theme, &hud.words);
    } else if let Some(black) = chances {
        super::analysis::chances_in(ui, place, black, theme, &hud.words);
    }
}

/// The first row while a game is played: Undo, Redo, Hint (greyed out when they have nothing to do).
fn play_buttons(
    ui: &mut egui::Ui,
    hud: &Hud,
    act: &mut HudActions,
    playing: bool,
    send: &impl Fn(&mut egui::Ui, &mut HudActions, bool, &str, &str, GameCommand),
) {
    let (current, words) = (&hud.current, &hud.words);
    let undo = playing && can_undo(current, false);
    send(
        ui,
        act,
        undo,
        &words.tr("hud-undo"),
        "Ctrl+Z",
        GameCommand::Undo,
    );
    let redo = playing && can_redo(current, false);
    send(
        ui,
        act,
        redo,
        &words.tr("hud-redo"),
        "Ctrl+Y",
        GameCommand::Redo,
    );
    // A network game is played without the engine's help: no Hint (the H key is refused).
    if current.remote().is_some() {
        ui.end_row();
        return;
    }
    let hint = playing && current.humans_turn(false);
    send(
        ui,
        act,
        hint,
        &words.tr("hud-hint-button"),
        "H",
        GameCommand::Hint,
    );
    ui.end_row();
}

/// Three equal columns of buttons filling the panel's width: Undo, Redo, Hint (not in a record; no
/// Hint in a network game); New game, Menu, Settings; Analysis (not in a network game), and Pause and
/// Step when the computer plays both sides.
fn buttons(ui: &mut egui::Ui, hud: &Hud, act: &mut HudActions) {
    let (current, words) = (&hud.current, &hud.words);
    let playing = hud.doing.screen() == Screen::Playing;
    let width = ((ui.available_width() - 16.0) / 3.0).floor();
    ui.spacing_mut().button_padding = egui::vec2(4.0, 6.0);
    let button = |text: &str| {
        egui::Button::new(egui::RichText::new(text.to_owned()).size(14.5))
            .wrap_mode(egui::TextWrapMode::Extend)
            .min_size(egui::vec2(width, 31.0))
    };
    // A button that sends a command when clicked.
    let send =
        |ui: &mut egui::Ui, act: &mut HudActions, enabled: bool, text: &str, key: &str, command| {
            let response = ui.add_enabled(enabled, button(text)).tip(key);
            if clicked(&mut act.commands, response) {
                act.writer.write(command);
            }
        };
    egui::Grid::new("hud buttons")
        .num_columns(3)
        .spacing([8.0, 6.0])
        .min_col_width(width)
        .max_col_width(width)
        .show(ui, |ui| {
            // A record is stepped with ◀ ▶ under the board (and the arrow keys); nobody plays in
            // it, so it has no Undo, Redo or Hint.
            if !hud.doing.on_record() {
                play_buttons(ui, hud, act, playing, &send);
            }
            let new_game = ui.add(button(&words.tr("hud-new-game"))).tip("N");
            if clicked(&mut act.commands, new_game) {
                act.question.ask_first(
                    GameCommand::Restart,
                    hud.table(),
                    &hud.doing,
                    &mut act.writer,
                );
            }
            // Asks first in a network game, which the menu ends for both players.
            let menu = ui.add(button(&words.tr("hud-menu"))).tip("Esc");
            if clicked(&mut act.commands, menu) {
                act.question
                    .ask_first(GameCommand::Menu, hud.table(), &hud.doing, &mut act.writer);
            }
            if clicked(&mut act.commands, ui.add(button(&words.tr("hud-settings")))) {
                act.settings_window.0 = !act.settings_window.0;
            }
            ui.end_row();
            // Not in a network game, where the engine does not help either player.
            if current.remote().is_none() {
                let analysis = button(&words.tr("hud-analysis")).selected(hud.live.on);
                let analysis = ui.add(analysis).tip(words.tr("hud-analysis-tip"));
                if clicked(&mut act.commands, analysis) {
                    act.writer.write(GameCommand::Analyse);
                }
            }
            // Against the computer or another person here; a network game resigns in its panel.
            let resigns = current.setup().mode != Mode::ComputerVsComputer
                && current.remote().is_none()
                && !hud.doing.on_record();
            if resigns {
                let enabled = playing && !current.is_over();
                let resign = ui.add_enabled(enabled, button(&words.tr("hud-resign")));
                if clicked(&mut act.commands, resign.tip(words.tr("hud-resign-tip"))) {
                    act.question.ask_to_resign();
                }
            }
            if current.setup().mode == Mode::ComputerVsComputer {
                let paused = hud.autoplay.paused;
                let label = words.tr(if paused { "hud-resume" } else { "hud-pause" });
                // A finished game has nothing left to pause.
                let over = current.game().is_over();
                send(ui, act, !over, &label, "P", GameCommand::TogglePause);
                let step = paused && playing;
                send(ui, act, step, &words.tr("hud-step"), "S", GameCommand::Step);
                ui.end_row();
                // How long each move stays before the next: a click steps to the next pace.
                let pace = hud.autoplay.pace;
                let seconds = format!("{:.1}", pace.duration().as_secs_f32());
                let label = words.tr_args("hud-pace", &[("seconds", seconds.into())]);
                let tip = words.tr("hud-pace-tip");
                send(ui, act, true, &label, &tip, GameCommand::Pace(pace.next()));
            }
            ui.end_row();
        });
}

/// The panel's lower part, by mode: a review, or a record's own section while one is looked through
/// (its moves, the way into a live game); else a swap opening's choice and a network game's
/// controls above the draws and the move list.
fn mode_section(ui: &mut egui::Ui, hud: &Hud, act: &mut HudActions) {
    let (current, words, theme) = (&hud.current, &hud.words, hud.theme());
    if hud.doing.is(Activity::Review) {
        let looks = (theme, hud.settings.numbering);
        super::review::section(ui, &hud.review, current, looks, words, &mut act.writer);
        return;
    }
    if hud.doing.on_record() {
        super::records::viewer::record_section(
            ui,
            &mut act.commands,
            current,
            (&hud.settings, &hud.review, current.is_changed()),
            hud.study.panel(),
            words,
            &mut act.writer,
        );
        return;
    }
    // The room left is the move list's; where the window is too short for the controls above it
    // and a few moves (a swap's choices, a network game's, at 800×560), the whole part scrolls
    // instead of running past the window's edge.
    let room = ui.available_height();
    egui::ScrollArea::vertical()
        .id_salt("hud play part")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            // In a short window the part may scroll: its bar would run through Reset score and
            // "Hints 0".
            if super::notice::short_window(ui.ctx()) {
                super::style::keep_scroll_bar_lane(ui);
            }
            let top = ui.min_rect().top();
            if !current.opening().settled() {
                super::swap::section(
                    ui,
                    &mut act.commands,
                    current,
                    theme,
                    words,
                    &mut act.writer,
                );
                rule(ui, theme);
            }
            // A network game's own controls come before the draws and the move list.
            if current.remote().is_some() {
                super::network::section(ui, &mut act.commands, current, &mut act.network, words);
            }
            score_and_moves(ui, hud, act, room - (ui.min_rect().bottom() - top));
        });
}

/// The draws and the reset in one row (the wins are on the player cards), then the move list, whose
/// header carries the game's counts, taking the room left (`room`, of which this part takes some),
/// three lines at least.
fn score_and_moves(ui: &mut egui::Ui, hud: &Hud, act: &mut HudActions, room: f32) {
    let top = ui.min_rect().bottom();
    let (current, words) = (&hud.current, &hud.words);
    let p = ui_palette(hud.theme());
    ui.horizontal(|ui| {
        let draws = format!("{} {}", words.tr("hud-draws"), hud.score.draws);
        ui.label(egui::RichText::new(draws).color(p.faint));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            // A button of the panel's own size: a small one crammed its words in.
            let reset =
                egui::Button::new(words.tr("hud-reset-score")).min_size(egui::vec2(0.0, 26.0));
            if clicked(&mut act.commands, ui.add(reset)) {
                act.question.ask_before_reset(&hud.score);
            }
        });
    });
    // A finished game in a short window shows its result in the moves' room: its moves are one
    // click away in the review.
    if hud.result_below() && super::notice::short_window(ui.ctx()) {
        return;
    }
    ui.horizontal(|ui| {
        section(ui, hud.theme(), &words.tr("hud-moves"));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Max), |ui| {
            let tally = words.tr_args(
                "hud-game-tally",
                &[
                    ("undos", current.undos().into()),
                    ("hints", current.hints().into()),
                ],
            );
            ui.label(egui::RichText::new(tally).small().color(p.faint));
        });
    });
    let rows = Numbering::of(current.game(), hud.settings.numbering).move_rows(current.game());
    let line = ui.text_style_height(&egui::TextStyle::Monospace) + ui.spacing().item_spacing.y;
    // Less the space before the list itself: without it the part ran a few pixels past its room,
    // and the part's own scroll bar drew a stray line through "Hints 0" and Reset score.
    let spacing = ui.spacing().item_spacing.y;
    let height = (room - (ui.min_rect().bottom() - top) - spacing).max(3.0 * line);
    egui::ScrollArea::vertical()
        .id_salt("hud moves")
        .max_height(height)
        .min_scrolled_height(height)
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            if rows.is_empty() {
                ui.label(egui::RichText::new(words.tr("hud-no-moves-yet")).color(p.faint));
            }
            for row in rows {
                ui.label(egui::RichText::new(row).monospace());
            }
        });
}
