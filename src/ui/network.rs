//! Network play on screen: the menu's *Host a network game* / *Join a network game* forms, and a small
//! panel during a network game with the connection, who plays which colour, whose turn it is, a chat
//! line and Leave. Every button sends a [`NetworkRequest`]; the network plugin does the rest.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_engine::{Color, Preset};

use super::clicked;
use crate::game::{CurrentGame, Notice};
use crate::network::{Connection, NetworkRequest, NetworkStatus, words};
use crate::screens::{InGame, Screen};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NetworkForms>()
        .init_resource::<ChatLine>()
        .add_observer(open_forms)
        .add_systems(
            EguiPrimaryContextPass,
            (
                forms_ui.run_if(in_state(Screen::Menu)),
                panel_ui.run_if(in_state(InGame)),
            ),
        );
}

/// The menu's Network game button opens the forms.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenNetworkForms;

/// What the forms hold while they are edited.
#[derive(Resource, Debug, Clone)]
struct NetworkForms {
    open: bool,
    preset: Preset,
    host_color: Color,
    port: String,
    address: String,
    passphrase: String,
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
        }
    }
}

#[derive(Resource, Debug, Clone, Default)]
struct ChatLine(String);

fn open_forms(_: On<OpenNetworkForms>, mut forms: ResMut<NetworkForms>) {
    forms.open = true;
}

fn forms_ui(
    mut commands: Commands,
    mut contexts: EguiContexts,
    mut forms: ResMut<NetworkForms>,
    mut requests: MessageWriter<NetworkRequest>,
    mut notice: ResMut<Notice>,
    status: Res<NetworkStatus>,
    time: Res<Time<Real>>,
) -> Result {
    if !forms.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    egui::Window::new(words::FORMS_TITLE)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(&ctx, |ui| {
            egui::ComboBox::from_label(words::RULE)
                .selected_text(forms.preset.title())
                .show_ui(ui, |ui| {
                    for preset in Preset::ALL {
                        ui.selectable_value(&mut forms.preset, preset, preset.title());
                    }
                });
            ui.add_space(6.0);
            ui.heading(words::HOST_HEADING);
            ui.horizontal(|ui| {
                ui.label(words::HOST_PLAYS);
                ui.selectable_value(&mut forms.host_color, Color::Black, words::BLACK);
                ui.selectable_value(&mut forms.host_color, Color::White, words::WHITE);
            });
            ui.horizontal(|ui| {
                ui.label(words::PORT);
                ui.text_edit_singleline(&mut forms.port);
            });
            ui.label(egui::RichText::new(words::PORT_HINT).small());
            ui.horizontal(|ui| {
                ui.label(words::PASSPHRASE);
                ui.add(egui::TextEdit::singleline(&mut forms.passphrase).password(true));
            });
            if clicked(&mut commands, ui.button(words::HOST_BUTTON)) {
                match forms.port.trim().parse::<u16>() {
                    Ok(port) => {
                        requests.write(NetworkRequest::Host {
                            port,
                            preset: forms.preset,
                            host_color: forms.host_color,
                            passphrase: passphrase(&forms.passphrase),
                        });
                    }
                    Err(_) => notice.post(words::BAD_PORT, time.elapsed()),
                }
            }
            ui.separator();
            ui.heading(words::JOIN_HEADING);
            ui.label(egui::RichText::new(words::JOIN_RULE_HINT).small());
            ui.horizontal(|ui| {
                ui.label(words::ADDRESS);
                ui.text_edit_singleline(&mut forms.address);
            });
            if clicked(&mut commands, ui.button(words::JOIN_BUTTON)) {
                if forms.address.trim().is_empty() {
                    notice.post(words::NO_ADDRESS, time.elapsed());
                } else {
                    requests.write(NetworkRequest::Join {
                        address: forms.address.trim().to_string(),
                        preset: forms.preset,
                        passphrase: passphrase(&forms.passphrase),
                    });
                }
            }
            ui.separator();
            ui.label(status.describe());
            if let Some(text) = notice.current(time.elapsed()) {
                ui.label(egui::RichText::new(text).small());
            }
            if clicked(&mut commands, ui.button(words::CLOSE)) {
                forms.open = false;
            }
        });
    Ok(())
}

fn passphrase(text: &str) -> Option<String> {
    (!text.is_empty()).then(|| text.to_string())
}

fn colour_name(color: Color) -> &'static str {
    match color {
        Color::Black => words::BLACK,
        Color::White => words::WHITE,
    }
}

fn panel_ui(
    mut commands: Commands,
    mut contexts: EguiContexts,
    status: Res<NetworkStatus>,
    current: Res<CurrentGame>,
    mut chat: ResMut<ChatLine>,
    mut requests: MessageWriter<NetworkRequest>,
    mut forms: ResMut<NetworkForms>,
) -> Result {
    let Some(remote) = current.remote else {
        return Ok(());
    };
    // The game is on the board now: the forms are done with.
    forms.open = false;
    let ctx = contexts.ctx_mut()?.clone();
    egui::Window::new(words::PANEL_TITLE)
        .collapsible(true)
        .resizable(false)
        // Over the foot of the side panel, clear of the board.
        .anchor(egui::Align2::RIGHT_BOTTOM, [-8.0, -8.0])
        .max_width(300.0)
        .show(&ctx, |ui| {
            ui.label(status.describe());
            let peer = status.peer.as_deref().unwrap_or(words::GUEST_NAME);
            ui.label(words::seat(words::YOU, colour_name(remote.opponent())));
            ui.label(words::seat(peer, colour_name(remote)));
            if !current.game.is_over() {
                let to_move = current.game.to_move();
                let who = if to_move == remote { peer } else { words::YOU };
                ui.label(words::waiting_for(who));
            }
            if status.undo_requested && clicked(&mut commands, ui.button(words::DECLINE_UNDO)) {
                requests.write(NetworkRequest::DeclineUndo);
            }
            ui.horizontal(|ui| {
                let edit = ui.add(egui::TextEdit::singleline(&mut chat.0).desired_width(150.0));
                let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if (clicked(&mut commands, ui.button(words::SEND)) || enter)
                    && !chat.0.trim().is_empty()
                {
                    requests.write(NetworkRequest::Chat(chat.0.trim().to_string()));
                    chat.0.clear();
                }
            });
            if status.connection != Connection::Off
                && !matches!(status.connection, Connection::Closed(_))
                && clicked(&mut commands, ui.button(words::LEAVE))
            {
                requests.write(NetworkRequest::Leave);
            }
        });
    Ok(())
}
