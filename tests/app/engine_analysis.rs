//! The engine chosen for hints (an outside Gomocup engine) also does live analysis and the game
//! review: its rounds and its review name it, a position that moves on stops its study, and an
//! engine that fails the review is told in words while Tengen's own engine reviews instead.

use bevy::prelude::*;
use tengen::analysis::live::Studying;
use tengen::analysis::review::ReviewEffort;
use tengen::game::GameCommand;
use tengen::game::analyst::Analyst;
use tengen_engine::{MoveClass, Pos, Preset, SearchLimits};

use crate::support::*;

/// Tengen's own engine as an outside one, quick and the same on any machine.
fn quick_engine() -> String {
    format!(
        "{} --step 3 --nodes 3000 --nodes-only",
        built("pbrain-tengen")
    )
}

/// Two people at the board, the outside `engine` giving hints and analysis.
fn with_engine(engine: String) -> App {
    let mut app = hvh(Preset::Freestyle15);
    app.insert_resource(Analyst::new(Some(engine)));
    app
}

/// The best move live analysis shows for the position on the board, once it shows one.
fn shown_best(app: &App) -> Option<Pos> {
    shown_analysis(app).map(|analysis| analysis.best)
}

#[test]
fn live_analysis_by_the_chosen_engine_names_it_and_follows_the_position() {
    let mut app = with_engine(quick_engine());
    for pos in MIDDLE_GAME {
        place(&mut app, pos.x, pos.y);
    }
    send(&mut app, GameCommand::Analyse);
    run_until(&mut app, SEARCH_FRAMES, |app| shown_best(app).is_some());
    let best = shown_best(&app).expect("a round");
    assert!(current(&app).game().board().is_empty(best), "{best:?}");
    assert_eq!(live(&app).by(), Some("Tengen"), "the engine that speaks");
    let studying = app
        .world_mut()
        .query::<&Studying>()
        .iter(app.world())
        .count();
    assert_eq!(studying, 0, "Tengen's own analyst is not started beside it");
    let pid = app
        .world_mut()
        .resource_mut::<Analyst>()
        .pid()
        .expect("the engine runs");
    // A move: the engine studies the new position, the same process still.
    place(&mut app, best.x, best.y);
    assert_eq!(shown_best(&app), None, "the old round is not shown");
    run_until(&mut app, SEARCH_FRAMES, |app| shown_best(app).is_some());
    assert_eq!(app.world_mut().resource_mut::<Analyst>().pid(), Some(pid));
    // Off: the study ends, and no more rounds come.
    send(&mut app, GameCommand::Analyse);
    assert!(!live(&app).on);
    assert_eq!(app.world().resource::<Analyst>().studying(), None);
}

#[test]
fn a_review_by_the_chosen_engine_names_it_and_finds_the_missed_block() {
    let mut app = with_engine(quick_engine());
    app.insert_resource(ReviewEffort(SearchLimits::nodes(3_000)));
    for (x, y) in MISSED_BLOCK {
        place(&mut app, x, y);
    }
    send(&mut app, GameCommand::Review);
    assert_eq!(review(&app).by.as_deref(), Some("pbrain-tengen"));
    run_until(&mut app, SEARCH_FRAMES, |app| review(app).moves.is_some());
    assert_the_missed_block_is_found(review(&app).moves.as_deref().expect("reviewed"));
}

#[test]
fn an_engine_that_fails_the_review_is_told_and_tengens_own_reviews_instead() {
    let mut app = with_engine(format!("{} --mode crash", built("tengen-misbehave")));
    app.insert_resource(ReviewEffort(SearchLimits::nodes(3_000)));
    for (x, y) in MISSED_BLOCK {
        place(&mut app, x, y);
    }
    send(&mut app, GameCommand::Review);
    run_until(&mut app, SEARCH_FRAMES, |app| review(app).moves.is_some());
    let notice = notice_text(&app);
    assert!(
        notice.starts_with("tengen-misbehave could not review the game (")
            && notice.ends_with("); Tengen's own engine reviews it instead."),
        "{notice}"
    );
    assert_eq!(review(&app).by, None, "the review is Tengen's own");
    let moves = review(&app).moves.clone().expect("reviewed");
    assert_eq!(moves.len(), 9);
    assert_eq!(moves[7].class, MoveClass::Blunder);
}

#[test]
fn an_engine_that_fails_while_it_analyses_turns_live_analysis_off_with_a_notice() {
    let mut app = with_engine(format!("{} --mode crash", built("tengen-misbehave")));
    place(&mut app, 7, 7);
    send(&mut app, GameCommand::Analyse);
    run_until(&mut app, SEARCH_FRAMES, |app| !live(app).on);
    assert_eq!(
        notice_text(&app),
        "Misbehave stopped answering and was closed; live analysis is off until you turn it on \
         again."
    );
    assert_eq!(app.world_mut().resource_mut::<Analyst>().pid(), None);
}
