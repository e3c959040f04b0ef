//! What scripts and the real-window tests read on stdout, in one place: with `--print-moves`, a line for
//! each thing they wait for (the board laid out, a stone placed, the position on disk, the saved game
//! offered at start); with `--measure-frames`, frame-time percentiles and the start-up time. The game
//! itself never prints: this plugin reacts to its events.
//!
//! The line formats are read by `tests/app/{smoke,kill}.rs` and `docs/screenshots/take.py`: keep them.

use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use tengen_engine::{Pos, cell_name};

use crate::analysis::live::{LiveAnalysis, Studying};
use crate::analysis::review::GameReview;
use crate::audio::{SoundDevice, SoundEffect};
use crate::cli::Options;
use crate::game::computer::Thinking;
use crate::game::input::Question;
use crate::game::puzzle::{PuzzleRoom, PuzzleState};
use crate::game::{CurrentGame, GameEnded, HintShown, Mode, StonePlaced};
use crate::network::{Connection, NetworkListening, NetworkStatus};
use crate::persistence::Autosaved;
use crate::screens::{Activity, Doing, Screen};
use crate::ui::records::{FileDialogs, RecordsUi, ShowRecords, Shown, shown_window};
use crate::ui::{MenuPage, SettingsWindow};
use crate::view::animation::{Appear, Spark, Vanish};
use crate::view::{BoardLaidOut, BoardLayout, HoveredCell};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FrameLog>()
        .add_observer(print_ready)
        .add_observer(print_move)
        .add_observer(print_autosave)
        .add_observer(print_hosting)
        .add_observer(print_hint)
        .add_observer(print_end)
        .add_observer(print_counted)
        .add_systems(Startup, print_saved_game)
        .add_systems(
            Last,
            (
                print_pointer.run_if(resource_changed::<HoveredCell>),
                print_network.run_if(resource_changed::<NetworkStatus>),
                print_analysis.run_if(resource_changed::<LiveAnalysis>),
                print_review.run_if(resource_changed::<GameReview>),
                print_puzzle.run_if(resource_changed::<PuzzleRoom>),
                print_sounds,
                print_settled,
                print_question.run_if(resource_changed::<Question>),
                print_mode,
                print_tournament,
                report_startup,
                record_frames,
            ),
        );
}

fn printing_moves(options: &Option<Res<Options>>) -> bool {
    options.as_ref().is_some_and(|o| o.print_moves)
}

/// `tournament game=3/6 black=A white=B result=white reason=time`: a tournament game ended
/// (`reason` is `played` for a game played out, else the loser's forfeit: `crash`, `time`,
/// `taken-point`, `off-the-board`, `overline`, ...); `tournament ended played=6/6` or
/// `tournament stopped played=2/6` once no game is in play. Names have `_` for spaces.
fn print_tournament(
    options: Option<Res<Options>>,
    arena: Res<crate::game::arena::Arena>,
    mut seen: Local<(u64, usize, bool)>,
) {
    if !printing_moves(&options) {
        return;
    }
    let Some(progress) = arena.progress() else {
        *seen = (0, 0, false);
        return;
    };
    let (version, printed, ended) = &mut *seen;
    if progress.version == *version && *printed == progress.table.played().len() {
        return;
    }
    *version = progress.version;
    let table = &progress.table;
    let word = |text: &str| text.split_whitespace().collect::<Vec<_>>().join("_");
    let played = table.played();
    // Back to the start when the tournament shown changed (a new one after another).
    if *printed > played.len() {
        *printed = 0;
    }
    for game in &played[*printed..] {
        let result = match game.result {
            tengen_engine::GameResult::BlackWins => "black",
            tengen_engine::GameResult::WhiteWins => "white",
            tengen_engine::GameResult::Draw => "draw",
        };
        let reason = game
            .forfeit
            .as_ref()
            .map_or("played".to_owned(), |(kind, _)| {
                kind.kind_name().replace(' ', "-")
            });
        println!(
            "tournament game={}/{} black={} white={} result={result} reason={reason}",
            game.number,
            table.scheduled(),
            word(&table.names()[game.black]),
            word(&table.names()[game.white]),
        );
    }
    *printed = played.len();
    let over = progress.is_over();
    if over && !*ended {
        let state = if progress.stopped { "stopped" } else { "ended" };
        println!(
            "tournament {state} played={}/{}",
            played.len(),
            table.scheduled()
        );
    }
    *ended = over;
}

/// `ended result=white reason=resignation`: a game ended, whatever the reason (`five`, `full`,
/// `resignation`, `time`, `agreement`, `forbidden`, `abandoned`, `left`, `forfeit`; see `tengen_match::Reason`).
fn print_end(ended: On<GameEnded>, options: Option<Res<Options>>) {
    if printing_moves(&options) {
        println!("{}", ended_line(ended.end));
    }
}

/// `question question-resign`: a question waits for the player's answer (its message id), so a
/// script answers it only once it is on screen; `question none` once it is answered.
fn print_question(options: Option<Res<Options>>, question: Res<Question>) {
    if printing_moves(&options) {
        println!("question {}", question.message_id().unwrap_or("none"));
    }
}

/// `counted`: a finished game was filed and counted in the statistics and the rating (on disk).
fn print_counted(_: On<crate::persistence::StatsChanged>, options: Option<Res<Options>>) {
    if printing_moves(&options) {
        println!("counted");
    }
}

/// The line a script reads when a game ends.
pub fn ended_line(end: crate::game::End) -> String {
    format!("ended {end}")
}

/// `ready size=15 centre=480,400 spacing=44.0`: a board is on screen, its centre point at that window
/// position; printed again whenever the board moves (a new size, a resized window).
fn print_ready(
    laid_out: On<BoardLaidOut>,
    options: Option<Res<Options>>,
    current: Res<CurrentGame>,
    mut printed: Local<String>,
) {
    let BoardLaidOut { layout, window } = *laid_out;
    if !printing_moves(&options) {
        return;
    }
    let centre = layout.window_position(current.game().variant().center(), window);
    let line = format!(
        "ready size={} centre={:.0},{:.0} spacing={:.1}",
        layout.size, centre.x, centre.y, layout.spacing
    );
    if *printed != line {
        println!("{line}");
        *printed = line;
    }
}

/// `placed 1 black h8 at=480,400 by=human`: where each stone landed (cell name and window position) and
/// who put it there: `human`, `computer`, or `remote` (the other machine of a network game).
fn print_move(
    placed: On<StonePlaced>,
    options: Option<Res<Options>>,
    layout: Res<BoardLayout>,
    current: Res<CurrentGame>,
    windows: Query<&Window, With<PrimaryWindow>>,
) {
    if !printing_moves(&options) {
        return;
    }
    let Ok(window) = windows.single() else {
        return;
    };
    let at = layout.window_position(placed.pos, window.size());
    println!(
        "placed {} {} {} at={:.0},{:.0} by={}",
        placed.number,
        placed.color,
        cell_name(placed.pos, current.game().variant().size()),
        at.x,
        at.y,
        if placed.by_computer {
            "computer"
        } else if placed.by_remote {
            "remote"
        } else {
            "human"
        }
    );
}

/// `analysed depth=9 best=h8 black=62`: live analysis finished a round on the position shown: its
/// depth, best move and black's chance in percent.
fn print_analysis(
    options: Option<Res<Options>>,
    live: Res<LiveAnalysis>,
    current: Res<CurrentGame>,
    mut printed: Local<String>,
) {
    if !printing_moves(&options) {
        return;
    }
    let Some((to_move, analysis)) = live.current(current.generation()) else {
        return;
    };
    let line = format!(
        "analysed depth={} best={} black={:.0}",
        analysis.depth,
        cell_name(analysis.best, current.game().variant().size()),
        crate::ui::black_chance(to_move, analysis) * 100.0
    );
    if *printed != line {
        println!("{line}");
        *printed = line;
    }
}

/// `reviewed moves=9 blunders=1`: the game review is finished.
fn print_review(options: Option<Res<Options>>, review: Res<GameReview>, mut printed: Local<bool>) {
    if !printing_moves(&options) {
        return;
    }
    let Some(moves) = &review.moves else {
        *printed = false;
        return;
    };
    if !*printed {
        *printed = true;
        let blunders = moves
            .iter()
            .filter(|m| m.class == tengen_engine::MoveClass::Blunder)
            .count();
        println!("reviewed moves={} blunders={blunders}", moves.len());
    }
}

/// `puzzle number=12 state=solving left=3 solution=h8 wrong=a1`: the puzzle on the board and how its
/// try stands (`left`: the attacker's moves left to the five); `solution` is its winning first move and `wrong` a point that does not win (for scripts that
/// play it in the real window).
fn print_puzzle(options: Option<Res<Options>>, room: Res<PuzzleRoom>, mut printed: Local<String>) {
    if !printing_moves(&options) {
        return;
    }
    let Some(run) = room.run.as_ref() else {
        return;
    };
    let puzzle = run.puzzle();
    let size = puzzle.variant().size();
    let state = match run.state {
        PuzzleState::Solving => "solving",
        PuzzleState::Solved => "solved",
        PuzzleState::Missed { .. } => "missed",
    };
    let board = puzzle.board();
    let wrong = (0..size)
        .flat_map(|y| (0..size).map(move |x| Pos::new(x, y)))
        .find(|&p| p != puzzle.solution && board.is_empty(p));
    let line = format!(
        "puzzle number={} state={state} left={} solution={} wrong={}",
        run.number,
        run.moves_left(),
        cell_name(puzzle.solution, size),
        wrong.map_or_else(|| "-".to_owned(), |p| cell_name(p, size)),
    );
    if *printed != line {
        println!("{line}");
        *printed = line;
    }
}

/// `sound place`, `sound undo`, `sound win`...: a sound started playing on the audio device;
/// `sound-device missing` once, when sound has nowhere to go.
fn print_sounds(
    options: Option<Res<Options>>,
    started: Query<&SoundEffect, Added<bevy::audio::AudioSink>>,
    device: Option<Res<SoundDevice>>,
    mut told: Local<bool>,
) {
    if !printing_moves(&options) {
        return;
    }
    for effect in &started {
        let name = match effect {
            SoundEffect::Place(_) => "place",
            SoundEffect::Undo => "undo",
            SoundEffect::Hint => "hint",
            SoundEffect::Illegal => "illegal",
            SoundEffect::Win => "win",
            SoundEffect::Loss => "loss",
            SoundEffect::Draw => "draw",
            SoundEffect::MenuClick => "click",
        };
        println!("sound {name}");
    }
    if !*told && device.is_some_and(|d| *d == SoundDevice::Missing) {
        *told = true;
        println!("sound-device missing");
    }
}

/// `hint h8`: a hint was marked on the board.
fn print_hint(hint: On<HintShown>, options: Option<Res<Options>>, current: Res<CurrentGame>) {
    if printing_moves(&options) {
        println!(
            "hint {}",
            cell_name(hint.pos, current.game().variant().size())
        );
    }
}

/// `hosting port=47015`: the network game's host listens on this port.
fn print_hosting(listening: On<NetworkListening>, options: Option<Res<Options>>) {
    if printing_moves(&options) {
        println!("hosting port={}", listening.port);
    }
}

/// `network connected`, `network paused`, ...: the network game's connection changed state.
fn print_network(
    options: Option<Res<Options>>,
    status: Res<NetworkStatus>,
    mut printed: Local<Option<Connection>>,
) {
    if !printing_moves(&options) || printed.as_ref() == Some(&status.connection) {
        return;
    }
    *printed = Some(status.connection.clone());
    let state = match status.connection {
        Connection::Off => "off",
        Connection::Listening => "listening",
        Connection::Connecting => "connecting",
        Connection::Connected => "connected",
        Connection::Paused(_) => "paused",
        Connection::Reconnecting(_) => "reconnecting",
        Connection::Closed(_) => "closed",
    };
    println!("network {state}");
}

/// `autosaved moves=4 redo=0 ms=11.8`: the position on screen is on disk.
fn print_autosave(saved: On<Autosaved>, options: Option<Res<Options>>) {
    if printing_moves(&options) {
        println!(
            "autosaved moves={} redo={} ms={:.1}",
            saved.moves, saved.redo, saved.ms
        );
    }
}

/// `pointer over h8` or `pointer off the board`: where the pointer is, so a script clicks only once the
/// game knows the pointer is over the point it means.
fn print_pointer(
    options: Option<Res<Options>>,
    hovered: Res<HoveredCell>,
    current: Res<CurrentGame>,
) {
    if !printing_moves(&options) {
        return;
    }
    match hovered.0 {
        Some(pos) => println!(
            "pointer over {}",
            cell_name(pos, current.game().variant().size())
        ),
        None => println!("pointer off the board"),
    }
}

/// Frames the board must stay at rest before it counts as shown: the renderer draws a frame while the
/// next one is computed, so a few frames later the picture is on screen.
const SETTLED_FRAMES: u32 = 3;

/// `settled moves=2`: the board shows this position at rest (every picture loaded, no animation
/// running) and has for a few frames, so a screenshot now shows it.
#[allow(clippy::type_complexity)]
fn print_settled(
    options: Option<Res<Options>>,
    current: Res<CurrentGame>,
    moving: Query<(), Or<(With<Appear>, With<Vanish>, With<Spark>)>>,
    sprites: Query<&Sprite>,
    images: Option<Res<Assets<Image>>>,
    mut still: Local<(u32, Option<usize>, Option<usize>)>,
) {
    if !printing_moves(&options) || !current.live() {
        return;
    }
    let (frames, counting, printed) = &mut *still;
    let moves = current.game().moves().len();
    let loaded = images.is_some_and(|images| sprites.iter().all(|s| images.contains(&s.image)));
    if !moving.is_empty() || !loaded || *counting != Some(moves) {
        *frames = 0;
        *counting = Some(moves);
        return;
    }
    *frames += 1;
    if *frames >= SETTLED_FRAMES && *printed != Some(moves) {
        *printed = Some(moves);
        println!("settled moves={moves}");
    }
}

/// `saved game moves=h8,i9 redo= to_move=black`: the saved game the menu offers to continue.
fn print_saved_game(options: Option<Res<Options>>, current: Res<CurrentGame>) {
    if !printing_moves(&options) || !current.live() {
        return;
    }
    let size = current.game().variant().size();
    let names = |moves: &[Pos]| {
        moves
            .iter()
            .map(|&p| cell_name(p, size))
            .collect::<Vec<_>>()
            .join(",")
    };
    println!(
        "saved game moves={} redo={} to_move={}",
        names(current.game().moves()),
        names(current.game().redo_moves()),
        current.game().to_move().to_string().to_lowercase()
    );
}

/// `--measure-frames`: how long each frame took, apart for frames while the computer thinks (proves, or
/// disproves, that the main thread never waits for the AI).
#[derive(Resource, Default)]
struct FrameLog {
    frames: u64,
    idle: Vec<f32>,
    thinking: Vec<f32>,
    analysing: Vec<f32>,
}

/// Prints when the first frames happened, measured from the start of `main`.
fn report_startup(options: Res<Options>, mut log: ResMut<FrameLog>) {
    log.frames += 1;
    if options.measure_frames.is_none() && !options.print_moves {
        return;
    }
    // Frame 1 ends before anything was presented; by the end of frame 3 the first image is on screen.
    if log.frames == 1 || log.frames == 3 {
        println!(
            "startup: frame {} done {:.0} ms after start",
            log.frames,
            options.started.elapsed().as_secs_f64() * 1000.0
        );
    }
}

fn percentile(sorted: &[f32], p: f32) -> f32 {
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() - 1) as f32 * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

fn summary(name: &str, frames: &mut [f32]) -> String {
    frames.sort_by(f32::total_cmp);
    format!(
        "{name}: {} frames, p50 {:.2} ms, p95 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        frames.len(),
        percentile(frames, 0.5),
        percentile(frames, 0.95),
        percentile(frames, 0.99),
        frames.last().copied().unwrap_or(0.0)
    )
}

fn record_frames(
    options: Res<Options>,
    time: Res<Time<Real>>,
    thinking: Query<(), With<Thinking>>,
    studying: Query<&Studying>,
    mut log: ResMut<FrameLog>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(seconds) = options.measure_frames else {
        return;
    };
    // Skip the start-up frames (shader compilation, first upload): they measure loading, not play.
    if log.frames <= 10 {
        return;
    }
    let ms = time.delta_secs() * 1000.0;
    if !thinking.is_empty() {
        log.thinking.push(ms);
    } else if studying.iter().any(Studying::working) {
        log.analysing.push(ms);
    } else {
        log.idle.push(ms);
    }
    if options.started.elapsed() >= Duration::from_secs_f32(seconds) {
        let FrameLog {
            idle,
            thinking,
            analysing,
            ..
        } = &mut *log;
        println!("frames {}", summary("idle", idle));
        println!("frames {}", summary("while the computer thinks", thinking));
        println!("frames {}", summary("while live analysis runs", analysing));
        exit.write(AppExit::Success);
    }
}

/// The facts that together say what the player is doing.
#[derive(SystemParam)]
struct ModeFacts<'w> {
    screen: Res<'w, State<Screen>>,
    page: Res<'w, MenuPage>,
    settings: Res<'w, SettingsWindow>,
    current: Res<'w, CurrentGame>,
    doing: Doing<'w>,
    records: Res<'w, RecordsUi>,
    dialogs: Res<'w, FileDialogs>,
}

impl ModeFacts<'_> {
    /// `menu`, `new-game`, `vs-computer`, `review`, ...: one name for what the player is doing.
    fn name(&self) -> &'static str {
        let current = &self.current;
        match *self.screen.get() {
            Screen::Menu if self.settings.0 => "settings",
            Screen::Menu => match *self.page {
                MenuPage::Main => "menu",
                MenuPage::NewGame => "new-game",
                MenuPage::Settings => "settings",
                MenuPage::Engines => "engines",
                MenuPage::Tournament => "tournament",
            },
            _ if self.doing.is(Activity::Editor) => "editor",
            _ if self.doing.is(Activity::Puzzle) => "puzzle",
            _ if self.doing.is(Activity::Review) => "review",
            _ if self.doing.is(Activity::Record) => "record",
            _ if !current.opening().settled() => "swap",
            Screen::GameOver => "game-over",
            _ if current.remote().is_some() => "network",
            Screen::Playing => match current.setup().mode {
                Mode::HumanVsComputer => "vs-computer",
                Mode::HumanVsHuman => "two-players",
                Mode::ComputerVsComputer => "computer-vs-computer",
            },
        }
    }
}

/// `mode review window=file-dialog`: what the player is doing changed (the monkey counts its actions
/// per mode and window).
fn print_mode(options: Option<Res<Options>>, facts: ModeFacts, mut printed: Local<String>) {
    if !printing_moves(&options) {
        return;
    }
    let mut line = format!("mode {}", facts.name());
    if let Some(shown) = shown_window(&facts.records, &facts.dialogs) {
        let window = match shown {
            Shown::FileDialog => "file-dialog",
            Shown::Window(ShowRecords::SaveOpen) => "save-open",
            Shown::Window(ShowRecords::History) => "history",
            Shown::Window(ShowRecords::Statistics) => "statistics",
        };
        line.push_str(&format!(" window={window}"));
    } else if facts.settings.0 && *facts.screen.get() != Screen::Menu {
        line.push_str(" window=settings");
    }
    if *printed != line {
        println!("{line}");
        *printed = line;
    }
}

#[cfg(test)]
mod tests {
    use tengen_engine::Color;
    use tengen_match::{End, Reason};

    #[test]
    fn a_games_end_is_one_line_with_its_result_and_reason() {
        let resigned = End::lost_by(Color::Black, Reason::Resignation);
        assert_eq!(
            super::ended_line(resigned),
            "ended result=white reason=resignation"
        );
        let draw = End::draw(Reason::Agreement);
        assert_eq!(
            super::ended_line(draw),
            "ended result=draw reason=agreement"
        );
        let time = End::lost_by(Color::White, Reason::Time);
        assert_eq!(super::ended_line(time), "ended result=black reason=time");
    }
}
