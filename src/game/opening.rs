//! Swap and swap2 at the start of a game (chosen in the new-game dialog): the player who would move
//! first places the opening stones, whatever their colour, the other player chooses a colour (or in
//! swap2 places two more stones and hands the choice back), and only then do the colours belong to
//! the players. Against the computer, the computer proposes and chooses with the engine's evaluation
//! ([`tengen_engine::propose`], [`tengen_engine::choose_after_three`]), in a background task.
//!
//! The opening stones are ordinary moves (black, white, black, ...), played through `turn`; a choice
//! is a [`super::GameCommand::Swap`], the match's `Choose` action (applied by `turn`): the seats' colours are the match's.

use bevy::prelude::*;
use bevy::tasks::{Task, futures::check_ready};
use tengen_engine::{
    Analyst, Color, Game, OpeningRule, Pos, SearchLimits, SwapChoice, choose_after_five,
    choose_after_three, declare_offers, offer_fifths, place_opening_stone, propose,
    propose_opening, select_fifth, taraguchi_offers,
};

pub use super::swap::{OpeningChoice, OpeningPhase};
use super::turn::{choose, play_stone};
use super::{CurrentGame, Notice, PlayerKind};
use crate::CommandHandlers;
use crate::i18n::Phrase;
use crate::screens::{Activity, InGame};
use crate::settings::Settings;
use tengen_match::{PROPOSAL_STONES, Player};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OpeningChoice>()
        .add_systems(PreStartup, remembered_opening)
        .add_systems(Update, computer_opening.in_set(CommandHandlers::Opening));
}

/// The New game form offers the opening rule of the last game started.
fn remembered_opening(settings: Res<Settings>, mut choice: ResMut<OpeningChoice>) {
    choice.0 = settings.0.opening;
}

/// What the computer's opening task answers.
enum Decision {
    /// Stones to place, or in a tournament opening fifth moves to offer or the one picked: each a
    /// `Place` of the match.
    Stones(Vec<Pos>),
    Choice(SwapChoice),
    Declare(u8),
}

/// The computer's opening work in the background, for the position of `generation`.
#[derive(Component)]
struct OpeningTask {
    task: Task<Decision>,
    generation: u64,
}

/// How hard the computer looks at each opening position.
fn opening_limits() -> SearchLimits {
    SearchLimits::nodes(30_000)
}

/// When the computer is to place or choose, starts its task; plays or applies its answer.
fn computer_opening(
    mut commands: Commands,
    mut current: ResMut<CurrentGame>,
    mut tasks: Query<(Entity, &mut OpeningTask)>,
    mut notice: ResMut<Notice>,
    time: Res<Time<Real>>,
    bell: Res<crate::wake::Bell>,
) {
    for (entity, mut task) in &mut tasks {
        let Some(decision) = check_ready(&mut task.task) else {
            continue;
        };
        commands.entity(entity).despawn();
        if task.generation != current.generation() {
            continue;
        }
        match decision {
            Decision::Stones(stones) => {
                for pos in stones {
                    let now = time.elapsed();
                    if let Err(error) =
                        play_stone(&mut commands, &mut current, pos, Player::Computer, now)
                    {
                        error!("the computer proposed an illegal stone: {error}");
                        break;
                    }
                }
            }
            Decision::Choice(choice) => {
                let now = time.elapsed();
                choose(&mut commands, &mut current, choice, Player::Computer, now);
                notice.post(choice_phrase(choice), now);
            }
            Decision::Declare(count) => {
                let now = time.elapsed();
                let action = tengen_match::Action::Declare {
                    count,
                    by: Player::Computer,
                };
                if let Ok(facts) = current.apply(action, now) {
                    super::turn::announce(&mut commands, &current, facts, Some(Player::Computer));
                    let count = tengen_i18n::Arg::Number(u64::from(count));
                    notice.post(
                        Phrase::with("opening-computer-declared", vec![("count", count)]),
                        now,
                    );
                }
            }
        }
        return;
    }
    if !tasks.is_empty() {
        return;
    }
    let phase = current.opening();
    let Some(seat) = phase.seat() else {
        return;
    };
    if current.seat_player(seat) != PlayerKind::Computer || current.game().is_over() {
        return;
    }
    let game: Game = current.game().clone();
    let rule = current.opening_rule();
    let offers = current.offers().to_vec();
    let seed = current.generation() ^ time.elapsed().as_nanos() as u64;
    let task = bell.spawn(async move {
        let mut analyst = Analyst::new();
        if rule.is_tournament() {
            tournament_decision(&mut analyst, phase, rule, &game, &offers, seed)
        } else {
            swap_decision(&mut analyst, phase, rule, &game, seed)
        }
    });
    commands.spawn((
        Name::new("Computer opening"),
        OpeningTask {
            task,
            generation: current.generation(),
        },
        DespawnOnExit(InGame),
        // A search for a game played: leaving play for a record, the editor or a puzzle stops it.
        DespawnOnExit(Activity::Playing),
    ));
}

/// What the notice says of the computer's choice of colour.
fn choice_phrase(choice: SwapChoice) -> Phrase {
    let side = |c: Color| Phrase::new(tengen_i18n::side_id(c, false)).into();
    match choice {
        SwapChoice::PlaceTwo => Phrase::new("swap-computer-two"),
        SwapChoice::Black => {
            Phrase::with("swap-computer-chose", vec![("side", side(Color::Black))])
        }
        SwapChoice::White => {
            Phrase::with("swap-computer-chose", vec![("side", side(Color::White))])
        }
    }
}

/// The computer's step of a swap or swap2 opening.
fn swap_decision(
    analyst: &mut Analyst,
    phase: OpeningPhase,
    rule: OpeningRule,
    game: &Game,
    seed: u64,
) -> Decision {
    let limits = opening_limits();
    match phase {
        OpeningPhase::Placing { until, .. } => {
            let count = until.saturating_sub(game.moves().len());
            Decision::Stones(propose(analyst, game, count, seed, &limits))
        }
        OpeningPhase::Choosing {
            after: PROPOSAL_STONES,
            ..
        } => Decision::Choice(choose_after_three(
            analyst,
            game,
            rule == OpeningRule::Swap2,
            &limits,
        )),
        _ => Decision::Choice(colour_choice(choose_after_five(analyst, game, &limits))),
    }
}

fn colour_choice(color: Color) -> SwapChoice {
    match color {
        Color::Black => SwapChoice::Black,
        Color::White => SwapChoice::White,
    }
}

/// The computer's step of a renju tournament opening (see [`tengen_engine::propose_opening`] and
/// its neighbours for how it decides).
fn tournament_decision(
    analyst: &mut Analyst,
    phase: OpeningPhase,
    rule: OpeningRule,
    game: &Game,
    offers: &[Pos],
    seed: u64,
) -> Decision {
    let limits = opening_limits();
    let placed = game.moves().len();
    match phase {
        OpeningPhase::Placing { until, .. } if until == PROPOSAL_STONES && placed == 0 => {
            Decision::Stones(propose_opening(game, seed))
        }
        OpeningPhase::Placing { .. } => {
            let reach = rule.stone_reach(placed + 1);
            Decision::Stones(
                place_opening_stone(analyst, game, reach, &limits)
                    .into_iter()
                    .collect(),
            )
        }
        OpeningPhase::Choosing { .. } => {
            Decision::Choice(colour_choice(choose_after_five(analyst, game, &limits)))
        }
        OpeningPhase::Declaring { .. } => Decision::Declare(match rule {
            OpeningRule::Taraguchi(n) if taraguchi_offers(analyst, game, rule, &limits) => n,
            OpeningRule::Taraguchi(_) => 1,
            _ => {
                let most = tengen_match::declarable(rule).last().copied().unwrap_or(1);
                declare_offers(analyst, game, most, &limits)
            }
        }),
        OpeningPhase::Offering { count, .. } => {
            let wanted = usize::from(count).saturating_sub(offers.len());
            let mut more = offer_fifths(analyst, game, usize::from(count), &limits);
            // Offers a person made before handing over (a resumed game) stay; only new ones go.
            more.retain(|p| !offers.contains(p));
            more.truncate(wanted);
            Decision::Stones(more)
        }
        OpeningPhase::Selecting { .. } => Decision::Stones(
            select_fifth(analyst, game, offers, &limits)
                .into_iter()
                .collect(),
        ),
        OpeningPhase::Settled => Decision::Stones(Vec::new()),
    }
}
