//! Hints: the computer suggests a move for the human to play, computed in an async task like its own
//! moves, shown as a marker with the engine's reason, and counted.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::tasks::{Task, futures::check_ready};
use tengen_engine::Pos;

use super::analyst::Analyst;
use super::computer::{Brains, StopOnDrop};
use super::{CurrentGame, HintAsked, HintSearch, HintShown, Notice};
use crate::AppSystems;
use crate::i18n::Phrase;
use crate::screens::{Activity, Doing, InGame, Screen};
use tengen_engine::{Level, SearchLimits};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShownHint>()
        .add_observer(mark_hint)
        .add_systems(
            Update,
            (
                drop_stale_hint,
                (request_hint.in_set(HintSearch), receive_hint)
                    .chain()
                    .run_if(in_state(Screen::Playing)),
            )
                .chain()
                .in_set(AppSystems::Think),
        );
}

/// The computer is working out a hint. Despawning this entity cancels it.
#[derive(Component)]
pub struct Pondering {
    task: Task<Option<(Pos, tengen_engine::MoveReason)>>,
    _stop: StopOnDrop,
    generation: u64,
}

/// The hint on the board, valid for one position only.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct ShownHint {
    pub hint: Option<(Pos, String)>,
    generation: u64,
}

impl ShownHint {
    /// A hint at `pos` for the position of `generation`.
    pub fn at(pos: Pos, reason: String, generation: u64) -> ShownHint {
        ShownHint {
            hint: Some((pos, reason)),
            generation,
        }
    }

    /// The hinted point, if the hint belongs to the position of `generation`.
    pub fn current(&self, generation: u64) -> Option<Pos> {
        self.reason(generation).map(|(pos, _)| pos)
    }

    /// The hinted point and the engine's reason, if still valid.
    pub fn reason(&self, generation: u64) -> Option<(Pos, &str)> {
        match &self.hint {
            Some((pos, reason)) if self.generation == generation => Some((*pos, reason)),
            _ => None,
        }
    }
}

/// Any hint shown (the computer's, or a puzzle's winning move) is marked on the board for the
/// position it was given in.
fn mark_hint(shown: On<HintShown>, current: Res<CurrentGame>, mut hint: ResMut<ShownHint>) {
    *hint = ShownHint::at(shown.pos, shown.reason.clone(), current.generation());
}

/// How long a hint may take: quick, since the player is waiting for it.
fn hint_limits() -> SearchLimits {
    SearchLimits::for_level(Level::Medium)
}

/// What a hint is searched with: the computer's brains, the bell a search rings when it is done, and
/// the search already under way (one at a time).
#[derive(SystemParam)]
struct HintEngine<'w, 's> {
    brains: ResMut<'w, Brains>,
    /// An outside engine that gives the hints instead, when one is chosen.
    analyst: ResMut<'w, Analyst>,
    bell: Res<'w, crate::wake::Bell>,
    pondering: Query<'w, 's, (), With<Pondering>>,
}

fn request_hint(
    mut commands: Commands,
    mut asked: MessageReader<HintAsked>,
    current: Res<CurrentGame>,
    doing: Doing,
    mut engine: HintEngine,
    mut notice: ResMut<Notice>,
    time: Res<Time<Real>>,
) {
    if asked.read().count() == 0 {
        return;
    }
    // The other player of a network game plays without the engine's help, and so does this one.
    if current.remote().is_some() {
        notice.post(Phrase::new("notice-hints-not-in-network"), time.elapsed());
        return;
    }
    // A record is looked through, not played: nobody's turn.
    if !current.humans_turn(doing.on_record()) {
        notice.post(Phrase::new("notice-hints-own-turn"), time.elapsed());
        return;
    }
    if !engine.pondering.is_empty() || engine.analyst.busy() {
        return;
    }
    if engine.analyst.speaks() {
        engine.analyst.ask(current.generation());
        notice.post(Phrase::new("notice-looking-for-move"), time.elapsed());
        return;
    }
    let brain = engine.brains.hint_brain();
    let board = current.game().board().clone();
    let to_move = current.game().to_move();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let task = engine.bell.spawn(async move {
        brain.with_ai(|ai| {
            ai.hint(&board, to_move, &hint_limits(), &flag)
                .map(|hint| (hint.pos, hint.reason))
        })
    });
    notice.post(Phrase::new("notice-looking-for-move"), time.elapsed());
    commands.spawn((
        Name::new("Hint search"),
        Pondering {
            task,
            _stop: StopOnDrop(stop),
            generation: current.generation(),
        },
        DespawnOnExit(InGame),
        // A search for a game played: leaving play for a record, the editor or a puzzle stops it.
        DespawnOnExit(Activity::Playing),
    ));
}

/// A hint for a position that has moved on is dropped at once (which stops its search), on any screen.
fn drop_stale_hint(
    mut commands: Commands,
    tasks: Query<(Entity, &Pondering)>,
    current: Res<CurrentGame>,
) {
    for (entity, pondering) in &tasks {
        if pondering.generation != current.generation() {
            commands.entity(entity).despawn();
        }
    }
}

fn receive_hint(
    mut commands: Commands,
    mut tasks: Query<(Entity, &mut Pondering)>,
    mut current: ResMut<CurrentGame>,
    mut notice: ResMut<Notice>,
    time: Res<Time<Real>>,
    words: Res<crate::i18n::Words>,
) {
    for (entity, mut pondering) in &mut tasks {
        let Some(answer) = check_ready(&mut pondering.task) else {
            continue;
        };
        commands.entity(entity).despawn();
        if pondering.generation != current.generation() {
            continue;
        }
        let Some((pos, reason)) = answer else {
            notice.post(Phrase::new("notice-no-move-to-suggest"), time.elapsed());
            continue;
        };
        let reason = words.hint_reason(reason);
        current.count_hint();
        // The HUD shows the hint itself; clear the "looking" notice.
        notice.clear();
        // Marked on the board by `mark_hint`.
        commands.trigger(HintShown { pos, reason });
    }
}
