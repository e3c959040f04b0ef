//! The generated sprites of both themes (`assets/themes/<theme>/`, 128 px to a cell) and the runtime
//! theme switch: every sprite says which picture it shows with a [`Skin`], so changing the theme only
//! swaps image handles.

use bevy::prelude::*;
use tengen_engine::Color as Side;

use crate::settings::{Settings, Theme, theme_folder};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_art)
        .add_systems(PostUpdate, apply_theme.run_if(resource_changed::<Settings>));
}

/// Which picture a sprite shows; the handle comes from the current theme's [`Art`].
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Skin {
    Board,
    BoardShadow,
    Line,
    Star,
    Stone(Side),
    /// Tic-tac-toe: black plays X, white plays O.
    Letter(Side),
    StoneShadow,
    LastMove,
    Hint,
    Cursor,
    Forbidden,
    WinGlow,
    Particle,
}

impl Skin {
    /// The piece a side plays with: a stone, or X/O on the 3×3 board.
    pub fn piece(side: Side, tic_tac_toe: bool) -> Skin {
        if tic_tac_toe {
            Skin::Letter(side)
        } else {
            Skin::Stone(side)
        }
    }

    fn file(self) -> &'static str {
        match self {
            Skin::Board => "board.png",
            Skin::BoardShadow => "board_shadow.png",
            Skin::Line => "line.png",
            Skin::Star => "star.png",
            Skin::Stone(Side::Black) => "stone_black.png",
            Skin::Stone(Side::White) => "stone_white.png",
            Skin::Letter(Side::Black) => "mark_x.png",
            Skin::Letter(Side::White) => "mark_o.png",
            Skin::StoneShadow => "shadow.png",
            Skin::LastMove => "last_move.png",
            Skin::Hint => "hint.png",
            Skin::Cursor => "cursor.png",
            Skin::Forbidden => "forbidden.png",
            Skin::WinGlow => "win_glow.png",
            Skin::Particle => "particle.png",
        }
    }

    const ALL: [Skin; 15] = [
        Skin::Board,
        Skin::BoardShadow,
        Skin::Line,
        Skin::Star,
        Skin::Stone(Side::Black),
        Skin::Stone(Side::White),
        Skin::Letter(Side::Black),
        Skin::Letter(Side::White),
        Skin::StoneShadow,
        Skin::LastMove,
        Skin::Hint,
        Skin::Cursor,
        Skin::Forbidden,
        Skin::WinGlow,
        Skin::Particle,
    ];
}

/// Colours that go with a theme's pictures: the table around the board, the ink of the coordinates,
/// the tint of the winning sparks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Palette {
    pub table: Color,
    pub ink: Color,
    pub spark: Color,
    pub cursor: Color,
}

pub fn palette(theme: Theme) -> Palette {
    match theme {
        Theme::Classic => Palette {
            table: Color::srgb_u8(0x2b, 0x22, 0x1b),
            ink: Color::srgb_u8(0x2a, 0x1c, 0x10),
            spark: Color::srgb_u8(0xff, 0xd9, 0x7a),
            cursor: Color::WHITE,
        },
        Theme::Contrast => Palette {
            table: Color::srgb_u8(0x1a, 0x1a, 0x1a),
            ink: Color::BLACK,
            spark: Color::srgb_u8(0xe6, 0x9f, 0x00),
            cursor: Color::WHITE,
        },
    }
}

/// One theme's pictures, by [`Skin`].
#[derive(Debug, Clone, Default)]
pub struct ThemeArt {
    images: Vec<(Skin, Handle<Image>)>,
}

impl ThemeArt {
    fn load(server: &AssetServer, theme: Theme) -> ThemeArt {
        let folder = theme_folder(theme);
        let images = Skin::ALL
            .into_iter()
            .map(|skin| {
                (
                    skin,
                    server.load(format!("themes/{folder}/{}", skin.file())),
                )
            })
            .collect();
        ThemeArt { images }
    }

    pub fn get(&self, skin: Skin) -> Handle<Image> {
        self.images
            .iter()
            .find(|(s, _)| *s == skin)
            .map(|(_, handle)| handle.clone())
            .unwrap_or_default()
    }
}

/// Both themes' pictures (both stay loaded, so switching is instant) and which one is shown.
#[derive(Resource, Debug, Clone)]
pub struct Art {
    pub theme: Theme,
    classic: ThemeArt,
    contrast: ThemeArt,
}

impl Art {
    /// The current theme's picture for `skin`.
    pub fn get(&self, skin: Skin) -> Handle<Image> {
        self.of(self.theme).get(skin)
    }

    pub fn of(&self, theme: Theme) -> &ThemeArt {
        match theme {
            Theme::Classic => &self.classic,
            Theme::Contrast => &self.contrast,
        }
    }

    pub fn palette(&self) -> Palette {
        palette(self.theme)
    }
}

fn load_art(mut commands: Commands, server: Res<AssetServer>, settings: Res<Settings>) {
    commands.insert_resource(Art {
        theme: settings.theme,
        classic: ThemeArt::load(&server, Theme::Classic),
        contrast: ThemeArt::load(&server, Theme::Contrast),
    });
    commands.insert_resource(ClearColor(palette(settings.theme).table));
}

/// Swaps every sprite's picture (and the table colour) when the player picks another theme.
fn apply_theme(
    settings: Res<Settings>,
    art: Option<ResMut<Art>>,
    mut clear: ResMut<ClearColor>,
    mut sprites: Query<(&Skin, &mut Sprite)>,
) {
    let Some(mut art) = art else {
        return;
    };
    if art.theme == settings.theme {
        return;
    }
    art.theme = settings.theme;
    for (skin, mut sprite) in &mut sprites {
        sprite.image = art.get(*skin);
    }
    clear.0 = art.palette().table;
}
