//! The game itself, free of windows and rendering: the match being played, the commands that change it,
//! and the gameplay facts (events) that presentation hangs sound and animation on.
//!
//! Everything under this module runs in the headless test app (`MinimalPlugins` + `StatesPlugin`).

use bevy::prelude::*;

use crate::AppSystems;

pub use tengen_engine::Mode;

pub use current::{CurrentGame, KeptGame};
pub use tengen_match::{Clocks, End, Reason};

pub mod analyst;
pub mod arena;
pub mod board;
mod clock_instants;
mod command;
pub mod computer;
mod current;
pub mod editor;
pub mod engine_seat;
pub mod engines;
mod events;
pub mod hint;
pub mod input;
pub mod names;
mod notice;
pub mod opening;
pub mod puzzle;
mod record;
pub mod score;
mod setup;
mod state;
pub(crate) mod study;
pub mod study_edit;
pub mod swap;
pub mod turn;
pub mod viewer;
pub mod win;
pub use command::{
    AnalysisToggled, GameCommand, HintAsked, MarkTool, MoveNowAsked, NetworkAsk, OpenGame,
    StudyCommand, ViewStep,
};
pub use events::{
    FifthOffered, GameEnded, GameStarted, GameWon, HintSearch, HintShown, IllegalClick,
    RecordOpened, RecordStepped, Refusal, RemoteMoveRefused, StonePlaced, StoneRemoved,
};
pub use names::SeatName;
pub use notice::{NOTICE_MIN, Notice, NoticeKind};
pub use setup::{GameSetup, PlayerKind};
pub use state::{Autoplay, MatchedSteps, Pace, RemoteLink};
pub use study::{OpenedTree, node_of, shown_comment};
pub use study_edit::{BoardView, StudyState, shown_node};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GameCommand>()
        .add_message::<command::EditCommand>()
        .add_message::<command::PuzzleCommand>()
        .add_message::<HintAsked>()
        .add_message::<MoveNowAsked>()
        .add_message::<AnalysisToggled>()
        .add_message::<NetworkAsk>()
        .init_resource::<CurrentGame>()
        .init_resource::<KeptGame>()
        .init_resource::<OpenedTree>()
        .init_resource::<StudyState>()
        .init_resource::<BoardView>()
        .init_resource::<Notice>()
        .init_resource::<Autoplay>()
        .init_resource::<RemoteLink>()
        .init_resource::<MatchedSteps>()
        .add_systems(Update, notice::retire_notice.after(AppSystems::Think))
        .add_plugins((
            board::plugin,
            turn::plugin,
            win::plugin,
            computer::plugin,
            hint::plugin,
            score::plugin,
            input::plugin,
            viewer::plugin,
            editor::plugin,
            opening::plugin,
            puzzle::plugin,
            engine_seat::plugin,
            analyst::plugin,
            engines::plugin,
            arena::plugin,
        ));
}

pub use tengen_engine::cell_name;
