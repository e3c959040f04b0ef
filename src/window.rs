//! The window: title, a size that fits a 15×15 board beside the side panel, a minimum size under which
//! the panel and board would overlap, and the app icon (`assets/icon.png`).
//!
//! Everything is in logical pixels, so a HiDPI screen shows the same layout with sharper pictures.
//! `TENGEN_SCALE_FACTOR=2` forces a scale factor (to check HiDPI on an ordinary screen or under Xvfb).

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw, WindowResizeConstraints, WindowResolution};
use bevy::winit::WINIT_WINDOWS;

use crate::cli::Options;
use crate::i18n::Words;

/// The game's title, shown in the window bar.
pub const TITLE: &str = "Tengen — Gomoku";
/// The app's id on the desktop: the window's class (X11) and app id (Wayland), the name of the desktop
/// entry, the icon and the AppStream metainfo under `packaging/`, so the desktop matches them up.
pub const APP_ID: &str = "io.github.tengen.Tengen";

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_icon).add_systems(
        Update,
        (
            set_icon.run_if(resource_exists::<PendingIcon>),
            title_in_language.run_if(resource_changed::<Words>),
        ),
    );
}

/// The smallest window, in logical pixels: every screen and language is laid out and checked at it.
pub const MIN_SIZE: (f32, f32) = (
    tengen_store::WINDOW_MIN.0 as f32,
    tengen_store::WINDOW_MIN.1 as f32,
);

/// The window opens where and as big as it was left: the size and place are kept in the settings.
/// Added by the app with the window (and by tests that have a window entity).
pub fn place_plugin(app: &mut App) {
    app.add_systems(Startup, restore_window_place)
        .add_systems(Update, remember_window_place);
}

/// Puts the window where the settings say it was (they are read before `Startup`). The size was
/// never kept: resized to 1280×800, the window came back at 1120×780.
fn restore_window_place(
    settings: Res<crate::settings::Settings>,
    mut window: Query<&mut Window, With<PrimaryWindow>>,
) {
    let (Some(place), Ok(mut window)) = (settings.window, window.single_mut()) else {
        return;
    };
    let place = place.clamped();
    window
        .resolution
        .set(place.width as f32, place.height as f32);
    if let Some([x, y]) = place.position {
        window.position = bevy::window::WindowPosition::At(IVec2::new(x, y));
    }
}

/// Keeps the window's size and place in the settings as the player resizes or moves it (the
/// settings are written a moment after the last change).
fn remember_window_place(
    mut resized: MessageReader<bevy::window::WindowResized>,
    mut moved: MessageReader<bevy::window::WindowMoved>,
    primary: Query<(Entity, &Window), With<PrimaryWindow>>,
    mut settings: ResMut<crate::settings::Settings>,
) {
    let Ok((primary, window)) = primary.single() else {
        return;
    };
    let resized = resized
        .read()
        .filter(|r| r.window == primary && r.width >= 1.0 && r.height >= 1.0)
        .last();
    let moved = moved.read().filter(|m| m.window == primary).last();
    if resized.is_none() && moved.is_none() {
        return;
    }
    let mut place = settings.window.unwrap_or(tengen_store::WindowPlace {
        width: window.resolution.width().round() as u32,
        height: window.resolution.height().round() as u32,
        position: None,
    });
    // A minimised window reports no size (left out above): the size it had stays.
    if let Some(size) = resized {
        place.width = size.width.round() as u32;
        place.height = size.height.round() as u32;
    }
    if let Some(at) = moved {
        place.position = Some([at.position.x, at.position.y]);
    }
    // Only a real change: the settings' change is what writes them.
    if settings.window != Some(place.clamped()) {
        settings.window = Some(place.clamped());
    }
}

pub fn primary_window(_options: &Options) -> Window {
    let mut resolution = WindowResolution::new(1120, 780);
    if let Some(factor) = std::env::var("TENGEN_SCALE_FACTOR")
        .ok()
        .and_then(|v| v.parse::<f32>().ok())
        .filter(|f| (0.5..=4.0).contains(f))
    {
        // Same logical size as on a real HiDPI screen: more physical pixels, same layout.
        resolution = resolution.with_scale_factor_override(factor);
        resolution.set(1120.0, 780.0);
    }
    Window {
        title: TITLE.into(),
        name: Some(APP_ID.into()),
        resolution,
        // The smallest size every screen is checked at (docs/screenshots: *-800x560.png).
        resize_constraints: WindowResizeConstraints {
            min_width: MIN_SIZE.0,
            min_height: MIN_SIZE.1,
            ..default()
        },
        ..default()
    }
}

/// The icon while it loads; removed once winit has it.
#[derive(Resource)]
struct PendingIcon(Handle<Image>);

fn load_icon(mut commands: Commands, server: Res<AssetServer>) {
    commands.insert_resource(PendingIcon(server.load("icon.png")));
}

/// Hands the decoded icon to winit. Bevy 0.19's `Window` has no icon field; winit's windows live in a
/// main-thread-only thread local, hence `NonSendMarker`. Asks for frames until it is done (the window
/// otherwise sleeps until input comes).
fn set_icon(
    mut commands: Commands,
    mut redraw: MessageWriter<RequestRedraw>,
    pending: Res<PendingIcon>,
    images: Res<Assets<Image>>,
    server: Res<AssetServer>,
    window: Query<Entity, With<PrimaryWindow>>,
    _main_thread: bevy::ecs::system::NonSendMarker,
) {
    if let Some(bevy::asset::LoadState::Failed(error)) = server.get_load_state(&pending.0) {
        warn!("no window icon: {error}");
        commands.remove_resource::<PendingIcon>();
        return;
    }
    let (Some(image), Ok(entity)) = (images.get(&pending.0), window.single()) else {
        redraw.write(RequestRedraw);
        return;
    };
    let (width, height) = (image.width(), image.height());
    let Some(rgba) = image.data.clone() else {
        warn!("no window icon: the icon's pixels are not kept in memory");
        commands.remove_resource::<PendingIcon>();
        return;
    };
    let done = WINIT_WINDOWS.with_borrow(|windows| {
        let Some(window) = windows.get_window(entity) else {
            debug!("window icon: the window is not created yet");
            return false;
        };
        match winit::window::Icon::from_rgba(rgba, width, height) {
            Ok(icon) => {
                window.set_window_icon(Some(icon));
                info!("window icon set ({width}x{height})");
            }
            Err(error) => warn!("bad window icon: {error}"),
        }
        true
    });
    if done {
        commands.remove_resource::<PendingIcon>();
    } else {
        redraw.write(RequestRedraw);
    }
}

/// The window's title in the player's language ("Tengen — Гомоку").
fn title_in_language(words: Res<Words>, mut window: Query<&mut Window, With<PrimaryWindow>>) {
    let title = words.tr("window-title");
    for mut window in &mut window {
        if window.title != title {
            window.title.clone_from(&title);
        }
    }
}

/// Why no window can be opened here, in the player's words, or `None` when a display is named.
/// Checked before the app starts, so a start with no desktop (a plain console, an SSH session) says
/// what is wrong instead of ending in a panic deep inside the windowing library. The display itself
/// is not probed (a stray connection to the X server is not free: it made the next window fail to
/// open right after a killed one); one that does not answer is caught by [`explain_window_failures`].
pub fn display_problem(var: impl Fn(&str) -> Option<String>, words: &Words) -> Option<String> {
    let named = |value: Option<String>| value.is_some_and(|v| !v.is_empty());
    if named(var("WAYLAND_DISPLAY")) || named(var("DISPLAY")) {
        return None;
    }
    Some(words.tr("startup-no-display"))
}

/// The windowing library panics when the display named does not answer (`Failed to build event
/// loop`); the player reads that in their words instead, and the game exits with status 1. Every
/// other panic is reported as before.
pub fn explain_window_failures(words: Words) {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if message.starts_with(WINIT_NO_DISPLAY) {
            let display = [
                ("WAYLAND_DISPLAY", std::env::var("WAYLAND_DISPLAY")),
                ("DISPLAY", std::env::var("DISPLAY")),
            ]
            .into_iter()
            .filter_map(|(key, value)| value.ok().map(|v| format!("{key}={v}")))
            .collect::<Vec<_>>()
            .join(", ");
            let said = words.tr_args(
                "startup-display-unreachable",
                &[
                    ("display", display.into()),
                    ("detail", message.to_owned().into()),
                ],
            );
            eprintln!("{said}");
            std::process::exit(1);
        }
        default(info);
    }));
}

/// How winit's panic begins when no display answers (matched, never shown).
const WINIT_NO_DISPLAY: &str = "Failed to build event loop";

#[cfg(test)]
mod tests {
    use super::*;

    /// A headless app with a window of the default size and the settings given.
    fn app_with(settings: tengen_store::Settings) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<bevy::window::WindowResized>()
            .add_message::<bevy::window::WindowMoved>()
            .insert_resource(crate::settings::Settings(settings))
            .add_plugins(place_plugin);
        app.world_mut().spawn((
            Window {
                resolution: WindowResolution::new(1120, 780),
                ..default()
            },
            PrimaryWindow,
        ));
        app.update();
        app
    }

    fn window(app: &mut App) -> Window {
        app.world_mut()
            .query_filtered::<&Window, With<PrimaryWindow>>()
            .single(app.world())
            .expect("the window")
            .clone()
    }

    fn settings_window(app: &App) -> Option<tengen_store::WindowPlace> {
        app.world().resource::<crate::settings::Settings>().window
    }

    #[test]
    fn the_window_opens_at_the_size_and_place_it_was_left() {
        let place = tengen_store::WindowPlace {
            width: 1280,
            height: 800,
            position: Some([40, 30]),
        };
        let mut app = app_with(tengen_store::Settings {
            window: Some(place),
            ..default()
        });
        let shown = window(&mut app);
        assert_eq!(
            (shown.resolution.width(), shown.resolution.height()),
            (1280.0, 800.0)
        );
        assert_eq!(
            shown.position,
            bevy::window::WindowPosition::At(IVec2::new(40, 30))
        );
        // A size under the smallest window is brought up to it.
        let mut app = app_with(tengen_store::Settings {
            window: Some(tengen_store::WindowPlace {
                width: 300,
                height: 200,
                position: None,
            }),
            ..default()
        });
        let shown = window(&mut app);
        assert_eq!(
            (shown.resolution.width(), shown.resolution.height()),
            MIN_SIZE
        );
    }

    #[test]
    fn resizing_or_moving_the_window_is_kept_in_the_settings() {
        let mut app = app_with(tengen_store::Settings::default());
        assert_eq!(settings_window(&app), None, "nothing to keep yet");
        let primary = app
            .world_mut()
            .query_filtered::<Entity, With<PrimaryWindow>>()
            .single(app.world())
            .expect("the window");
        app.world_mut().write_message(bevy::window::WindowResized {
            window: primary,
            width: 1280.0,
            height: 800.0,
        });
        app.update();
        let kept = settings_window(&app).expect("kept");
        assert_eq!((kept.width, kept.height, kept.position), (1280, 800, None));
        app.world_mut().write_message(bevy::window::WindowMoved {
            window: primary,
            position: IVec2::new(12, 34),
        });
        // Minimised: no size, which is not kept.
        app.world_mut().write_message(bevy::window::WindowResized {
            window: primary,
            width: 0.0,
            height: 0.0,
        });
        app.update();
        let kept = settings_window(&app).expect("kept");
        assert_eq!(
            (kept.width, kept.height, kept.position),
            (1280, 800, Some([12, 34]))
        );
    }

    fn words() -> Words {
        Words::new(crate::i18n::Language::English)
    }

    fn env_of(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |key| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
    }

    #[test]
    fn no_display_at_all_is_said_in_plain_words() {
        let problem = display_problem(env_of(&[]), &words()).expect("a problem");
        assert!(problem.starts_with("No display was found"), "{problem}");
        let empty = display_problem(env_of(&[("DISPLAY", "")]), &words()).expect("a problem");
        assert!(empty.starts_with("No display was found"), "{empty}");
    }

    #[test]
    fn a_named_display_is_left_to_the_connection() {
        let wayland = env_of(&[("WAYLAND_DISPLAY", "wayland-0")]);
        assert_eq!(
            display_problem(env_of(&[("DISPLAY", ":0")]), &words()),
            None
        );
        assert_eq!(display_problem(wayland, &words()), None);
    }
}
