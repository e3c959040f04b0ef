//! Network play on screen: the menu's *Host a network game* / *Join a network game* forms (with the
//! games found on the local network), and a section of the side panel during a network game with the connection, who
//! plays which colour, whose turn it is, draw and resign, a chat line and Leave. Every button sends a
//! [`NetworkRequest`]; the network plugin does the rest.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_engine::{Color, Preset};

use super::clicked;
use super::tip::Tip;
use crate::game::{CurrentGame, Notice};
use crate::i18n::Phrase;
use crate::i18n::Words;
use crate::network::{Connection, Discovered, NetworkRequest, NetworkStatus};
use crate::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NetworkForms>()
        .init_resource::<PanelInput>()
        .add_observer(open_forms)
        .add_systems(
            Update,
            show_failed_connection
                .run_if(in_state(Screen::Menu).and_then(resource_changed::<NetworkStatus>)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (forms_ui.run_if(in_state(Screen::Menu)),),
        );
}

/// The menu's Network game button opens the forms.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenNetworkForms;

/// What the forms hold while they are edited.
#[derive(Resource, Debug, Clone)]
pub struct NetworkForms {
    open: bool,
    preset: Preset,
    host_color: Color,
    port: String,
    address: String,
    passphrase: String,
    /// The time control a hosted game is played under (the guest plays under the host's).
    time: tengen_match::TimeControl,
    /// Which form shows: hosting or joining (one at a time, so each fits a short window).
    tab: FormTab,
}

/// The network window's two forms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FormTab {
    #[default]
    Host,
    Join,
}

impl Default for NetworkForms {
    fn default() -> Self {
        NetworkForms {
            open: false,
            preset: Preset::Freestyle15,
            host_color: Color::Black,
            port: tengen_net::DEFAULT_PORT.to_string(),
            address: String::new(),
            passphrase: String::new(),
            time: tengen_match::TimeControl::None,
            tab: FormTab::Host,
        }
    }
}

impl NetworkForms {
    /// The port field as if typed (the screens' tests type no text).
    #[cfg(test)]
    pub(crate) fn type_port(&mut self, port: &str) {
        self.port = port.to_owned();
    }
}

/// The network window's id: where it lies is egui's to remember under it.
pub(crate) fn forms_window_id() -> egui::Id {
    egui::Id::new("network forms window")
}

/// What the network panel holds between frames: the chat line being typed, and whether Resign waits
/// for its confirmation (it ends the game at once for both players, so it asks first, as New game
/// does).
#[derive(Resource, Debug, Clone, Default)]
pub struct PanelInput {
    chat: String,
    resign_asked: bool,
    /// Leave waits for its confirmation while the game is being played: it ends for both players.
    leave_asked: bool,
    /// A question was just asked: the panel scrolls to show it (in a short window it would be
    /// below the fold).
    reveal: bool,
}

fn open_forms(_: On<OpenNetworkForms>, mut forms: ResMut<NetworkForms>) {
    forms.open = true;
}

/// A game that could not be hosted or joined (from the command line too: `--join nowhere:99999`)
/// opens the forms on the menu, where the reason is shown under them and the address can be mended.
fn show_failed_connection(
    status: Res<NetworkStatus>,
    mut forms: ResMut<NetworkForms>,
    options: Option<Res<crate::cli::Options>>,
) {
    let Connection::Closed(why) = &status.connection else {
        return;
    };
    if status.connects > 0 {
        return;
    }
    // A join that failed (at once, or when nothing answered) shows the join form, its address to
    // mend; open forms stay on the form the player chose.
    let joined = status.seat.as_ref().is_some_and(|seat| !seat.host);
    if !forms.open && (joined || why.id == "net-cannot-join") {
        forms.tab = FormTab::Join;
    }
    forms.open = true;
    if let Some(NetworkRequest::Join { address, .. }) = options.and_then(|o| o.network.clone())
        && forms.address.is_empty()
    {
        forms.address = address;
    }
}

/// What the network window needs under its scrolling form besides the rows said there: the
/// separator, the row of Close and Host, the window's bottom margin and a gap above the screen's
/// edge.
const BELOW_THE_FORMS: f32 = 96.0;

/// How far below the screen's top edge the window hangs.
pub(crate) const WINDOW_TOP: f32 = 14.0;

/// The window's least width: both tabs on one row in every language (Russian's are the longest),
/// and room for the port's hint to read in two lines.
const FORMS_WIDTH: f32 = 580.0;

/// The most the scrolling forms take: the host form whole, the join form with a few games found.
const FORMS_HEIGHT: f32 = 240.0;

/// What the network forms read and change.
#[derive(SystemParam)]
struct FormsUi<'w, 's> {
    commands: Commands<'w, 's>,
    forms: ResMut<'w, NetworkForms>,
    requests: MessageWriter<'w, NetworkRequest>,
    notice: ResMut<'w, Notice>,
    discovered: ResMut<'w, Discovered>,
    status: Res<'w, NetworkStatus>,
    words: Res<'w, Words>,
    time: Res<'w, Time<Real>>,
}

fn forms_ui(mut contexts: EguiContexts, mut f: FormsUi) -> Result {
    // The local network is searched only while the forms are open.
    if f.discovered.wanted != f.forms.open {
        f.discovered.wanted = f.forms.open;
    }
    if !f.forms.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    // Esc closes the forms, as it closes the other windows; an open list (the rules) takes it first.
    if super::escape_closes(&ctx) {
        f.forms.open = false;
        return Ok(());
    }
    let room = ctx.content_rect().bottom();
    let id = forms_window_id();
    // Where the window's edge lay last frame: what its title bar takes is the gap to its content.
    let last_top = ctx.memory(|m| m.area_rect(id)).map(|r| r.top());
    egui::Window::new(f.words.tr("net-forms-title"))
        .id(id)
        .collapsible(false)
        .resizable(false)
        // Hung from the top, with the room under its forms kept for what is said: nothing in it
        // moves when a join fails and its reason comes.
        .anchor(egui::Align2::CENTER_TOP, [0.0, WINDOW_TOP])
        .min_width(FORMS_WIDTH.min(ctx.content_rect().width() - 32.0))
        .show(&ctx, |ui| {
            // A short window scrolls the forms in what the screen has left under the tabs; Close,
            // the status (with why a join failed) and the latest notice stay in view under them.
            let said_room = ui.text_style_height(&egui::TextStyle::Body) * SAID_ROWS;
            rule_and_tabs(ui, &mut f);
            // Measured from where the anchor puts the window, not from where it lies now: a window
            // too tall for the screen is pushed up, and would then keep the room it took.
            let above = ui.cursor().top() - last_top.unwrap_or(ui.max_rect().top());
            let left = room - WINDOW_TOP - above - said_room - BELOW_THE_FORMS;
            egui::ScrollArea::vertical()
                .id_salt("network forms")
                // As wide as the window, so the lane for the bar lies beside the forms, and as tall
                // on both tabs, so Close and the action stay put when the tab changes.
                .auto_shrink([false, false])
                .max_height(left.clamp(90.0, FORMS_HEIGHT))
                .show(ui, |ui| {
                    super::style::keep_scroll_bar_lane(ui);
                    match f.forms.tab {
                        FormTab::Host => host_form(ui, &mut f),
                        FormTab::Join => join_form(ui, &mut f),
                    }
                });
            ui.separator();
            close_and_act(ui, &mut f);
            said_under_the_forms(ui, &f, said_room);
        });
    Ok(())
}

/// The rows kept under the forms for the status and the latest notice: a failed join's reason takes
/// three (a longer one, or one beside a notice, is set smaller); no more, so that the whole host
/// form, its clock last, is in view at the smallest size.
const SAID_ROWS: f32 = 3.0;

/// The status and the latest notice (unless it only repeats the status, as a failed join's does), in
/// a place `height` tall that is always there; each is set smaller before it is cut short.
fn said_under_the_forms(ui: &mut egui::Ui, f: &FormsUi, height: f32) {
    let status = f.status.describe(&f.words);
    let notice = f
        .notice
        .current()
        .map(|phrase| f.words.phrase(phrase))
        .filter(|text| *text != status);
    super::notice::kept_place(ui, height, |ui, width| {
        let notice_room = if notice.is_some() { height * 0.4 } else { 0.0 };
        let status = egui::RichText::new(status);
        let said = super::notice::fitted(ui, status, width, height - notice_room);
        ui.label(said);
        if let Some(text) = notice {
            let text = egui::RichText::new(text).small();
            ui.label(super::notice::fitted(ui, text, width, notice_room));
        }
    });
}

/// The rule (both forms need it: a join names the host's) and the choice of form, which stay above
/// the scrolling form.
fn rule_and_tabs(ui: &mut egui::Ui, f: &mut FormsUi) {
    let FormsUi {
        commands,
        forms,
        words,
        ..
    } = f;
    egui::ComboBox::from_label(words.tr("net-rule"))
        .selected_text(words.preset(forms.preset))
        .show_ui(ui, |ui| {
            for preset in Preset::ALL {
                ui.selectable_value(&mut forms.preset, preset, words.preset(preset));
            }
        });
    ui.horizontal_wrapped(|ui| {
        for (tab, id) in [
            (FormTab::Host, "net-host-heading"),
            (FormTab::Join, "net-join-heading"),
        ] {
            let label = egui::RichText::new(words.tr(id)).strong();
            if clicked(commands, ui.selectable_label(forms.tab == tab, label)) {
                forms.tab = tab;
            }
        }
    });
    ui.separator();
}

/// The passphrase both forms share (a host's asks a joiner for it).
fn passphrase_row(ui: &mut egui::Ui, forms: &mut NetworkForms, words: &Words) {
    ui.horizontal(|ui| {
        ui.label(words.tr("net-passphrase"));
        ui.add(egui::TextEdit::singleline(&mut forms.passphrase).password(true));
    });
}

/// Hosting a game: the colour, the port, a passphrase and the clock (Host is under the form).
fn host_form(ui: &mut egui::Ui, f: &mut FormsUi) {
    let FormsUi {
        commands,
        forms,
        words,
        ..
    } = f;
    ui.horizontal(|ui| {
        ui.label(words.tr("net-you-play"));
        ui.selectable_value(&mut forms.host_color, Color::Black, words.tr("net-black"));
        ui.selectable_value(&mut forms.host_color, Color::White, words.tr("net-white"));
    });
    ui.horizontal(|ui| {
        ui.label(words.tr("net-port"));
        ui.text_edit_singleline(&mut forms.port);
    });
    ui.label(egui::RichText::new(words.tr("net-port-hint")).small());
    passphrase_row(ui, forms, words);
    // The game's clock, the host's to choose: the guest plays under it.
    egui::Grid::new("host clock").show(ui, |ui| {
        super::time_control::row(ui, commands, &mut forms.time);
    });
}

/// Close, and the form's own action (Host or Join) at the other end of the row, under the scrolling
/// form: in view at any height, Close in one place on both forms.
fn close_and_act(ui: &mut egui::Ui, f: &mut FormsUi) {
    ui.horizontal(|ui| {
        if clicked(&mut f.commands, ui.button(f.words.tr("net-close"))) {
            f.forms.open = false;
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let (key, act): (_, fn(&mut FormsUi)) = match f.forms.tab {
                FormTab::Host => ("net-host-button", host_the_game),
                FormTab::Join => ("net-join-button", join_the_game),
            };
            // The form's main action, in the colours of a chosen tab.
            let chosen = ui.visuals().selection;
            let text = egui::RichText::new(f.words.tr(key)).color(chosen.stroke.color);
            if clicked(
                &mut f.commands,
                ui.add(egui::Button::new(text).fill(chosen.bg_fill)),
            ) {
                act(f);
            }
        });
    });
}

/// Join: the game at the form's address, or a word that an address is wanted.
fn join_the_game(f: &mut FormsUi) {
    let forms = &f.forms;
    if forms.address.trim().is_empty() {
        f.notice
            .post(Phrase::new("net-no-address"), f.time.elapsed());
    } else {
        f.requests.write(NetworkRequest::Join {
            address: forms.address.trim().to_string(),
            preset: forms.preset,
            passphrase: passphrase(&forms.passphrase),
        });
    }
}

/// Host: a game on the form's port, rule, colour, passphrase and clock, or why the port is no port.
fn host_the_game(f: &mut FormsUi) {
    let forms = &f.forms;
    match forms.port.trim().parse::<u16>() {
        Ok(port) => {
            f.requests.write(NetworkRequest::Host {
                port,
                preset: forms.preset,
                host_color: forms.host_color,
                passphrase: passphrase(&forms.passphrase),
                time: forms.time,
            });
        }
        Err(_) => f.notice.post(Phrase::new("net-bad-port"), f.time.elapsed()),
    }
}

/// Joining a game: the games found on the local network, or an address.
fn join_form(ui: &mut egui::Ui, f: &mut FormsUi) {
    let FormsUi {
        commands,
        forms,
        requests,
        discovered,
        words,
        ..
    } = f;
    // The address first: after a failed join it is what is mended, in view in a short window
    // (Join is under the form); the games found nearby below it.
    ui.horizontal(|ui| {
        ui.label(words.tr("net-address"));
        ui.add(egui::TextEdit::singleline(&mut forms.address).desired_width(220.0));
    });
    passphrase_row(ui, forms, words);
    ui.label(egui::RichText::new(words.tr("net-join-rule-hint")).small());
    found_games(commands, ui, discovered, forms, requests, words);
}

/// The games found on the local network, one button each: a click joins with the game's own rule (and
/// the passphrase typed above, if it asks for one).
fn found_games(
    commands: &mut Commands,
    ui: &mut egui::Ui,
    discovered: &Discovered,
    forms: &NetworkForms,
    requests: &mut MessageWriter<NetworkRequest>,
    words: &Words,
) {
    ui.label(words.tr("net-found-games"));
    if let Some(problem) = &discovered.problem {
        ui.label(
            egui::RichText::new(
                words.tr_args("net-discovery-off", &[("reason", problem.clone().into())]),
            )
            .small(),
        );
    } else if discovered.games.is_empty() {
        ui.label(egui::RichText::new(words.tr("net-looking-for-games")).small());
    }
    for game in &discovered.games {
        let id = if game.passphrase {
            "net-found-game-passphrase"
        } else {
            "net-found-game"
        };
        let label = words.tr_args(
            id,
            &[
                ("name", game.name.clone().into()),
                ("rule", words.preset(game.preset).into()),
                ("address", game.address.to_string().into()),
            ],
        );
        if clicked(commands, ui.button(label)) {
            requests.write(NetworkRequest::Join {
                address: game.address.to_string(),
                preset: game.preset,
                passphrase: passphrase(&forms.passphrase),
            });
        }
    }
}

fn passphrase(text: &str) -> Option<String> {
    (!text.is_empty()).then(|| text.to_string())
}

/// What the network game's section of the side panel reads and sends.
#[derive(SystemParam)]
pub struct NetworkPanel<'w> {
    status: Option<Res<'w, NetworkStatus>>,
    input: ResMut<'w, PanelInput>,
    forms: ResMut<'w, NetworkForms>,
    requests: MessageWriter<'w, NetworkRequest>,
}

/// The network game's part of the side panel (above the move list): the connection, who plays which
/// colour, whose turn it is, draw and resign, a chat line and Leave. In the panel, not in a window
/// over it or the board.
pub fn section(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    current: &CurrentGame,
    net: &mut NetworkPanel,
    words: &Words,
) {
    if current.remote().is_none() {
        return;
    }
    let Some(status) = net.status.as_deref() else {
        return;
    };
    // The game is on the board now: the forms are done with.
    if net.forms.open {
        net.forms.open = false;
    }
    let input = &mut *net.input;
    let requests = &mut net.requests;
    let playing = !current.is_over();
    if !(playing && status.connected()) {
        input.resign_asked = false;
        input.leave_asked = false;
    }
    // Who plays which colour is on the panel's player cards, and whose turn it is on its status
    // line: said once. Here: the connection (the section's title), and what only a network game
    // has. Folded at first in a short window, so the move list keeps some room; the player opens
    // and folds it, and it opens by itself whenever the other player asks something.
    let asks =
        status.draw_offered || status.undo_requested || input.resign_asked || input.leave_asked;
    let tall = !super::notice::short_window(ui.ctx());
    egui::CollapsingHeader::new(egui::RichText::new(words.tr("net-panel-title")).strong())
        .id_salt("network section")
        .default_open(tall)
        .open(asks.then_some(true))
        .show(ui, |ui| {
            // Anything but a plain connection in a sentence, wrapped to the panel (as the header
            // it would run past the panel's edge).
            if !status.connected() {
                ui.add(egui::Label::new(status.describe(words)).wrap());
            }
            if playing && status.connected() {
                answer_the_other_player(ui, commands, status, words, requests);
            }
            let open = status.connection != Connection::Off
                && !matches!(status.connection, Connection::Closed(_));
            // One row that never changes shape under the pointer: the draw, resigning (greyed
            // while its question waits below), and leaving (or connecting again).
            ui.horizontal_wrapped(|ui| {
                if playing && status.connected() {
                    let can_offer = !status.draw_asked && !status.draw_offered;
                    let offer = egui::Button::new(words.tr("net-offer-draw"));
                    if clicked(commands, ui.add_enabled(can_offer, offer)) {
                        requests.write(NetworkRequest::OfferDraw);
                    }
                    let resign = egui::Button::new(words.tr("net-resign"));
                    if clicked(commands, ui.add_enabled(!input.resign_asked, resign)) {
                        input.resign_asked = true;
                        input.reveal = true;
                    }
                }
                if open && clicked(commands, ui.button(words.tr("net-leave"))) {
                    // A game being played ends for both: ask first, as Resign does.
                    if playing && status.connected() {
                        input.leave_asked = true;
                        input.reveal = true;
                    } else {
                        requests.write(NetworkRequest::Leave);
                    }
                }
                // A saved game whose other side was not there yet: try again.
                if !open && playing && clicked(commands, ui.button(words.tr("net-reconnect"))) {
                    requests.write(NetworkRequest::Reconnect);
                }
            });
            answer_what_was_asked(ui, commands, words, input, requests);
            chat_lines(ui, status, words);
            ui.horizontal(|ui| {
                let edit = ui.add(egui::TextEdit::singleline(&mut input.chat).desired_width(150.0));
                let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if (clicked(commands, ui.button(words.tr("net-send"))) || enter)
                    && !input.chat.trim().is_empty()
                {
                    requests.write(NetworkRequest::Chat(input.chat.trim().to_string()));
                    input.chat.clear();
                }
            });
        });
}

/// What the other player asks (to take back a move, a draw), with both answers, on a line of its
/// own above the panel's buttons.
fn answer_the_other_player(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    status: &NetworkStatus,
    words: &Words,
    requests: &mut MessageWriter<NetworkRequest>,
) {
    let asked = [
        (
            status.undo_requested,
            ("net-asks-undo", "net-accept-undo", "net-decline-undo"),
            NetworkRequest::AnswerUndo as fn(bool) -> NetworkRequest,
        ),
        (
            status.draw_offered,
            ("net-asks-draw", "net-accept-draw", "net-decline-draw"),
            NetworkRequest::AnswerDraw,
        ),
    ];
    for (waiting, (question, yes, no), answer) in asked {
        if !waiting {
            continue;
        }
        // The question itself is the notice's; here only its answers, on a row of their own.
        if let Some(yes) = answers(ui, commands, words, (yes, no), Some(question)) {
            requests.write(answer(yes));
        }
    }
}

/// Resign and Leave, each asked before it is sent: the question and its answers while it waits.
fn answer_what_was_asked(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    words: &Words,
    input: &mut PanelInput,
    requests: &mut MessageWriter<NetworkRequest>,
) {
    let asked = [
        (
            &mut input.resign_asked,
            ("net-resign-sure", "net-resign-yes", "net-resign-no"),
            NetworkRequest::Resign,
        ),
        (
            &mut input.leave_asked,
            ("net-leave-sure", "net-leave-yes", "net-resign-no"),
            NetworkRequest::Leave,
        ),
    ];
    for (waiting, sure, request) in asked {
        if !*waiting {
            continue;
        }
        if let Some(yes) = confirm(ui, commands, words, sure) {
            if yes {
                requests.write(request);
            }
            *waiting = false;
        }
    }
    if std::mem::take(&mut input.reveal) {
        ui.scroll_to_cursor(Some(egui::Align::BOTTOM));
    }
}

/// A question with its two answers, `(question, yes, no)` by message id: the answer once one is
/// clicked.
fn confirm(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    words: &Words,
    (question, yes, no): (&str, &str, &str),
) -> Option<bool> {
    ui.add(egui::Label::new(egui::RichText::new(words.tr(question)).strong()).wrap());
    answers(ui, commands, words, (yes, no), None)
}

/// Two answers by message id on a row that wraps (`hover`: words on Yes's hover): the answer
/// once one is clicked.
fn answers(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    words: &Words,
    (yes, no): (&str, &str),
    hover: Option<&str>,
) -> Option<bool> {
    ui.horizontal_wrapped(|ui| {
        let mut accept = ui.button(words.tr(yes));
        if let Some(hover) = hover {
            accept = accept.tip(words.tr(hover));
        }
        if clicked(commands, accept) {
            return Some(true);
        }
        clicked(commands, ui.button(words.tr(no))).then_some(false)
    })
    .inner
}

/// The conversation so far, newest at the bottom, in a place of two lines that is there from the
/// start and scrolls: nothing below it (the chat field under the pointer) moves as it grows. The
/// lines use the chat line's own words (`net-chat`), so each language writes them its way.
fn chat_lines(ui: &mut egui::Ui, status: &NetworkStatus, words: &Words) {
    let line_height = ui.text_style_height(&egui::TextStyle::Small) + ui.spacing().item_spacing.y;
    let height = line_height * 2.0;
    egui::ScrollArea::vertical()
        .id_salt("network chat")
        .min_scrolled_height(height)
        .max_height(height)
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            if status.chat.is_empty() {
                let empty = egui::RichText::new(words.tr("net-chat-empty")).small();
                ui.add(egui::Label::new(empty.weak()).wrap());
            }
            for (who, text) in &status.chat {
                let line = words.tr_args(
                    "net-chat",
                    &[("who", who.clone().into()), ("text", text.clone().into())],
                );
                ui.add(egui::Label::new(egui::RichText::new(line).small()).wrap());
            }
        });
}
