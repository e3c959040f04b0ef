//! `tengen-match --round-robin`: three or more outside engines (`cmd:` players), each pairing
//! over the openings with colours swapped, played by the tournament code the game's Tournament
//! screen uses (`tengen_host::tournament`), ending with the same cross table.

use std::path::PathBuf;
use std::time::Duration;

use tengen_engine::Variant;
use tengen_host::tournament::{Opening, Plan, Seat, TimeControl, Tournament, wall_clock};

use crate::player::PlayerSpec;

/// What `tengen-match` passes on to a round robin.
pub struct RoundRobin<'a> {
    pub players: &'a [PlayerSpec],
    pub variant: Variant,
    pub openings: Vec<Opening>,
    /// Games per pairing.
    pub games: usize,
    pub time_ms: u64,
    pub tolerance_ms: u64,
    pub concurrency: usize,
    /// Where each game's SGF and the resume file go.
    pub out: Option<PathBuf>,
    pub verbose: bool,
}

/// An engine's name in the table: its program's file name and its arguments
/// (`pbrain-tengen --level expert`), so two entries of one program tell apart.
pub fn seat_name(command: &str) -> String {
    let mut words = command.split_whitespace();
    let program = words.next().unwrap_or("");
    let file = program.rsplit(['/', '\\']).next().unwrap_or(program);
    std::iter::once(file)
        .chain(words)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The seats of the players: each must be an outside engine.
fn seats(players: &[PlayerSpec]) -> Result<Vec<Seat>, String> {
    let mut seats: Vec<Seat> = Vec::new();
    for player in players {
        let PlayerSpec::Command(command) = player else {
            return Err(format!(
                "--round-robin plays outside engines only (cmd:...); '{player}' is not one (pbrain-tengen --level X plays a level)"
            ));
        };
        let mut name = seat_name(command);
        let same = seats.iter().filter(|s| s.name.starts_with(&name)).count();
        if same > 0 {
            name = format!("{name} #{}", same + 1);
        }
        seats.push(Seat {
            name,
            command: command.clone(),
            extra: Vec::new(),
        });
    }
    Ok(seats)
}

/// Plays the round robin to its end, printing each game with `verbose`, and returns the cross
/// table.
pub fn run(rr: RoundRobin) -> Result<String, String> {
    let plan = Plan {
        entrants: seats(rr.players)?,
        games_per_pairing: rr.games,
        variant: rr.variant,
        openings: rr.openings,
        time: TimeControl {
            per_move: Duration::from_millis(rr.time_ms),
            per_game: Duration::ZERO,
            increment: Duration::ZERO,
            margin: Duration::from_millis(rr.tolerance_ms),
        },
        concurrency: rr.concurrency.max(1),
        folder: rr.out,
    };
    let names = plan.names();
    let scheduled = plan.schedule().len();
    let tournament = Tournament::start(plan, wall_clock())?;
    let mut printed = 0;
    loop {
        let (over, played) = {
            let progress = tournament.progress();
            (progress.is_over(), progress.table.played().to_vec())
        };
        for game in &played[printed..] {
            if rr.verbose {
                let reason = game.forfeit.as_ref().map_or(String::new(), |(_, why)| {
                    let loser = game.loser().map_or("", |l| names[l].as_str());
                    format!(" ({loser} lost: {why})")
                });
                println!(
                    "game {:>3}/{scheduled}: black {} vs white {}: {}{reason}",
                    game.number, names[game.black], names[game.white], game.result
                );
            }
        }
        printed = played.len();
        if over {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let progress = tournament.join();
    let mut report = progress.table.render();
    for problem in &progress.problems {
        report.push_str(&format!("problem: {problem}\n"));
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_named_by_program_and_arguments() {
        assert_eq!(
            seat_name("/opt/x/pbrain-tengen --level expert"),
            "pbrain-tengen --level expert"
        );
        let players = [
            PlayerSpec::Command("/a/pbrain-x".to_owned()),
            PlayerSpec::Command("/b/pbrain-x".to_owned()),
        ];
        let names: Vec<String> = seats(&players)
            .unwrap_or_default()
            .into_iter()
            .map(|s| s.name)
            .collect();
        assert_eq!(names, ["pbrain-x", "pbrain-x #2"]);
        let level: Result<PlayerSpec, _> = "expert".parse();
        let level = level.map(|l| seats(&[l]));
        assert!(matches!(level, Ok(Err(e)) if e.contains("outside engines only")));
    }
}
