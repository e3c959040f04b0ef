//! Property tests over random games of every preset: the incremental win check against a brute-force scan,
//! undo/redo against snapshots, the renju point filter against checking every point, notation round trips,
//! and parsers that never panic.

use proptest::prelude::*;

use crate::board::{Board, zobrist_key};
use crate::core::{Color, DIRECTIONS, Pos, Preset, Variant};
use crate::game::{Game, Outcome};
use crate::notation::{
    Cell, GameResult, MoveList, PositionString, Psq, PsqMove, RowOrigin, Sgf, SgfTree, read_renlib,
};
use crate::renju::{forbidden, forbidden_points};

/// Plays a random legal game: each pick chooses among the empty points (the next legal one at or after
/// the chosen index, so renju black skips forbidden points). Stops when the picks run out or the game ends.
fn random_game(variant: Variant, picks: &[u16]) -> Game {
    let mut game = Game::new(variant);
    for &pick in picks {
        if game.is_over() {
            break;
        }
        let empties: Vec<Pos> = game.board().empty_points().collect();
        let n = empties.len();
        let start = pick as usize % n;
        let legal = (0..n)
            .map(|k| empties[(start + k) % n])
            .find(|&p| game.check(p).is_ok());
        match legal {
            Some(p) => {
                game.play(p).expect("checked move");
            }
            None => break,
        }
    }
    game
}

/// Random games biased towards the centre (like real play) on the busier presets: a pick is an offset
/// from the previous move.
fn clustered_game(variant: Variant, picks: &[(i8, i8)]) -> Game {
    let mut game = Game::new(variant);
    let size = variant.size() as i32;
    let mut last = variant.center();
    for &(dx, dy) in picks {
        if game.is_over() {
            break;
        }
        let x = (last.x as i32 + dx as i32).clamp(0, size - 1);
        let y = (last.y as i32 + dy as i32).clamp(0, size - 1);
        let p = Pos::new(x as u8, y as u8);
        if game.play(p).is_ok() {
            last = p;
        }
    }
    game
}

fn any_preset() -> impl Strategy<Value = Preset> {
    prop::sample::select(Preset::ALL.to_vec())
}

fn any_game() -> impl Strategy<Value = Game> {
    prop_oneof![
        (any_preset(), prop::collection::vec(any::<u16>(), 0..120))
            .prop_map(|(preset, picks)| random_game(preset.variant(), &picks)),
        (
            any_preset(),
            prop::collection::vec((-3i8..=3, -3i8..=3), 0..160)
        )
            .prop_map(|(preset, picks)| clustered_game(preset.variant(), &picks)),
    ]
}

/// Every maximal run of one colour on the board that wins under the rule (brute force, whole board).
fn winning_runs(board: &Board) -> Vec<(Color, Vec<Pos>)> {
    let v = board.variant();
    let size = v.size() as i32;
    let mut runs = Vec::new();
    for (dx, dy) in DIRECTIONS {
        for y in 0..size {
            for x in 0..size {
                let p = Pos::new(x as u8, y as u8);
                let Some(c) = board.get(p) else { continue };
                // Start only at the first stone of a run.
                if let Some(prev) = p.offset(-dx, -dy, 1, v.size())
                    && board.get(prev) == Some(c)
                {
                    continue;
                }
                let mut run = vec![p];
                while let Some(next) = run[run.len() - 1].offset(dx, dy, 1, v.size()) {
                    if board.get(next) != Some(c) {
                        break;
                    }
                    run.push(next);
                }
                if v.rule().is_win(c, run.len(), v.win_len() as usize) {
                    runs.push((c, run));
                }
            }
        }
    }
    runs
}

fn hash_from_scratch(board: &Board) -> u64 {
    board.stones().fold(0, |h, (p, c)| h ^ zobrist_key(p, c))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn win_check_agrees_with_a_brute_force_scan(game in any_game()) {
        // Replay move by move: no winning row exists before the last move, and after each move the outcome
        // matches the scan.
        let mut replay = Game::new(game.variant());
        for &m in game.moves() {
            let mover = replay.to_move();
            replay.play(m).expect("replaying a legal game");
            let runs = winning_runs(replay.board());
            match replay.outcome() {
                Some(Outcome::Win { winner, line }) => {
                    prop_assert_eq!(*winner, mover);
                    prop_assert!(line.contains(&m));
                    prop_assert!(runs.iter().any(|(c, r)| c == winner && r == line), "line {:?} not in {:?}", line, runs);
                    prop_assert!(runs.iter().all(|(_, r)| r.contains(&m)), "an older row already won");
                }
                Some(Outcome::Draw) => {
                    prop_assert!(runs.is_empty());
                    prop_assert!(replay.board().is_full());
                }
                None => prop_assert!(runs.is_empty(), "missed win: {:?}\n{}", runs, replay.board().diagram()),
            }
        }
    }

    #[test]
    fn undo_restores_the_exact_previous_position_and_hash(game in any_game()) {
        let mut replay = Game::new(game.variant());
        let mut snapshots = vec![replay.board().clone()];
        for &m in game.moves() {
            replay.play(m).expect("legal");
            prop_assert_eq!(replay.hash(), hash_from_scratch(replay.board()));
            snapshots.push(replay.board().clone());
        }
        while let Some(_undone) = replay.undo() {
            snapshots.pop();
            let before = snapshots.last().expect("a snapshot per ply");
            prop_assert_eq!(replay.board(), before);
            prop_assert_eq!(replay.hash(), before.hash());
            prop_assert!(!replay.is_over());
        }
        prop_assert_eq!(replay.hash(), 0);
    }

    #[test]
    fn play_undo_redo_is_the_identity(game in any_game(), back in 0usize..200) {
        let mut g = game.clone();
        let k = back.min(g.moves().len());
        for _ in 0..k {
            g.undo();
        }
        prop_assert_eq!(g.redo_moves().len(), k);
        for _ in 0..k {
            prop_assert!(g.redo().is_some());
        }
        prop_assert_eq!(g.redo(), None);
        prop_assert_eq!(g.moves(), game.moves());
        prop_assert_eq!(g.board(), game.board());
        prop_assert_eq!(g.outcome(), game.outcome());
        prop_assert_eq!(g.hash(), game.hash());
    }

    #[test]
    fn forbidden_point_listing_checks_every_point_that_matters(
        picks in prop::collection::vec((-2i8..=2, -2i8..=2), 20..200),
    ) {
        let game = clustered_game(Preset::Renju15.variant(), &picks);
        let board = game.board();
        let every: Vec<_> = board.empty_points().filter_map(|p| forbidden(board, p).map(|f| (p, f))).collect();
        prop_assert_eq!(forbidden_points(board), every);
        // An exact five is never forbidden.
        for p in board.empty_points() {
            let mut b = board.clone();
            b.place(p, Color::Black);
            let five = DIRECTIONS.iter().any(|&(dx, dy)| b.line_len(p, dx, dy, Color::Black) == 5);
            if five {
                prop_assert_eq!(forbidden(board, p), None);
            }
        }
    }

    #[test]
    fn cells_round_trip(size in 3u8..=20, x in 0u8..20, y in 0u8..20, top in any::<bool>()) {
        let origin = if top { RowOrigin::Top } else { RowOrigin::Bottom };
        let pos = Pos::new(x % size, y % size);
        let cell = Cell::from_pos(pos, size, origin).expect("on the board");
        let parsed: Cell = cell.to_string().parse().expect("a printed cell parses");
        prop_assert_eq!(parsed, cell);
        prop_assert_eq!(parsed.to_pos(size, origin), Some(pos));
    }

    #[test]
    fn position_strings_round_trip(game in any_game(), top in any::<bool>()) {
        let origin = if top { RowOrigin::Top } else { RowOrigin::Bottom };
        let size = game.variant().size();
        let s = PositionString::from_moves(game.moves(), size, origin).expect("moves are on the board");
        let text = s.to_string();
        prop_assert_eq!(PositionString::parse_moves(&text, size, origin).expect("parses"), game.moves().to_vec());
    }

    #[test]
    fn sgf_round_trips(
        game in any_game(),
        black in any::<Option<String>>(),
        white in ".*",
        date in any::<Option<String>>(),
        application in proptest::option::of("[ -~]*"),
    ) {
        let mut sgf = Sgf::from_game(&game);
        sgf.black = black;
        sgf.white = Some(white);
        sgf.date = date;
        sgf.application = application;
        let text = sgf.to_string();
        let back: Sgf = text.parse().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &sgf);
        let replayed = back.to_game().expect("a legal game replays");
        prop_assert_eq!(replayed.board(), game.board());
        prop_assert_eq!(GameResult::of(&replayed), sgf.result);
    }

    #[test]
    fn psq_round_trips(
        game in any_game(),
        times in prop::collection::vec(any::<u32>(), 200),
        header in "[0-9:, ]{0,12}",
        trailer in prop::collection::vec("[a-zA-Z_. -]{0,16}", 0..4),
    ) {
        let mut psq = Psq::from_game(&game);
        for (m, &t) in psq.moves.iter_mut().zip(&times) {
            m.time_ms = t;
        }
        psq.header = header.trim().trim_start_matches(',').trim().to_owned();
        psq.trailer = trailer;
        let text = psq.to_string();
        let back: Psq = text.parse().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &psq);
        let replayed = back.to_game(game.variant()).expect("a legal game replays");
        prop_assert_eq!(replayed.board(), game.board());
        prop_assert!(back.moves.iter().all(|m: &PsqMove| game.variant().contains(m.pos)));
    }

    #[test]
    fn parsers_never_panic_on_strings(s in ".*") {
        let _ = s.parse::<Cell>();
        let _ = s.parse::<PositionString>().map(|p| p.to_moves(15, RowOrigin::Bottom));
        let _ = s.parse::<Sgf>().map(|g| g.to_game());
        let _ = s.parse::<Psq>().map(|p| p.to_game(Preset::Freestyle20.variant()));
        let _ = s.parse::<SgfTree>().map(|t| t.to_string());
        let _ = s.parse::<MoveList>();
    }

    #[test]
    fn parsers_never_panic_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let s = String::from_utf8_lossy(&bytes);
        let _ = s.parse::<Cell>();
        let _ = s.parse::<PositionString>().map(|p| p.to_moves(20, RowOrigin::Top));
        let _ = s.parse::<Sgf>().map(|g| g.to_game());
        let _ = s.parse::<Psq>().map(|p| p.to_game(Preset::Renju15.variant()));
        let _ = s.parse::<SgfTree>().map(|t| t.to_string());
        let _ = MoveList::parse_moves(&s, 15);
        // A library's header, then anything.
        let mut library = b"\xFFRenLib\xFF\x03\x04".to_vec();
        library.extend([0xFF; 10]);
        library.extend(&bytes);
        let _ = read_renlib(&library).map(|t| t.main_line());
        let _ = read_renlib(&bytes);
    }

    #[test]
    fn parsers_never_panic_on_near_miss_records(
        s in r"(\(|\)|;|\[|\]|\\|B|W|C|LB|TR|SZ|RU|GM|RE|PB|AB|XY|[a-u]|[0-9]|:|,|x|\n| |Piskvorky 15x15, 11:11, 0\n|renju|-){0,80}",
    ) {
        // Whatever parses prints back to text that parses to the same value.
        if let Ok(p) = s.parse::<PositionString>() {
            prop_assert_eq!(p.to_string().parse::<PositionString>().ok(), Some(p.clone()));
            let _ = p.to_moves(15, RowOrigin::Bottom);
        }
        if let Ok(g) = s.parse::<Sgf>() {
            prop_assert_eq!(g.to_string().parse::<Sgf>().ok(), Some(g.clone()));
            let _ = g.to_game();
        }
        if let Ok(t) = s.parse::<SgfTree>() {
            // Written once, the tree's text is a fixed point.
            let text = t.to_string();
            let back: SgfTree = text.parse().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(back.to_string(), text);
        }
        if let Ok(p) = s.parse::<Psq>() {
            prop_assert_eq!(p.to_string().parse::<Psq>().ok(), Some(p.clone()));
            let _ = p.to_game(Preset::Freestyle15.variant());
        }
    }
}

/// SGF-shaped text: a root node with a size and rule, then nodes with moves (mostly alternating and on
/// the board, some not), unknown properties, escapes and side variations.
fn sgf_like() -> impl Strategy<Value = String> {
    let node = prop_oneof![
        40 => "[a-o]{2}".prop_map(|m| (true, m)),
        1 => "[a-v]{0,3}".prop_map(|m| (false, m)),
        1 => "[A-Z]{1,2}\\[([^\\]\\\\]|\\\\.){0,6}\\]".prop_map(|p| (false, format!("#{p}"))),
        1 => Just((false, "(;B[aa])".to_owned())),
    ];
    (
        prop::sample::select(vec!["15", "19", "20", "3", "7:7", "15:16", "30", "x"]),
        prop::sample::select(vec![
            "renju",
            "standard",
            "freestyle",
            "gomoku",
            "freestyle 4",
            "chess",
        ]),
        prop::collection::vec(node, 0..40),
    )
        .prop_map(|(size, rule, nodes)| {
            let mut text = format!("(;GM[4]SZ[{size}]RU[{rule}]");
            let mut ply = 0;
            for (in_turn, n) in nodes {
                if let Some(prop) = n.strip_prefix('#') {
                    text.push_str(&format!(";{prop}"));
                } else if n.starts_with('(') {
                    text.push_str(&n);
                } else {
                    let colour = if (ply % 2 == 0) == in_turn { 'B' } else { 'W' };
                    text.push_str(&format!(";{colour}[{n}]"));
                    ply += 1;
                }
            }
            text.push(')');
            text
        })
}

/// PSQ-shaped text: a header, move lines with numbers mostly in range, then trailer lines.
fn psq_like() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "15x15, 11:11, 0",
            "20x20",
            "15x20, 1",
            "2x2",
            "15x15,",
            "abc",
        ]),
        prop::collection::vec(
            prop_oneof![
                30 => (1i32..=15, 1i32..=15, prop::option::of(0i64..100_000)),
                1 => (-1i32..22, -1i32..22, prop::option::of(-5i64..5_000_000_000)),
            ],
            0..40,
        ),
        prop::collection::vec("[ -~]{0,10}", 0..4),
    )
        .prop_map(|(head, moves, trailer)| {
            let mut text = format!("Piskvorky {head}\r\n");
            for (x, y, ms) in moves {
                match ms {
                    Some(ms) => text.push_str(&format!("{x},{y},{ms}\n")),
                    None => text.push_str(&format!("{x}, {y}\n")),
                }
            }
            for t in trailer {
                text.push_str(&t);
                text.push('\n');
            }
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn record_shaped_text_parses_or_fails_cleanly_and_round_trips(sgf in sgf_like(), psq in psq_like()) {
        if let Ok(g) = sgf.parse::<Sgf>() {
            prop_assert_eq!(g.to_string().parse::<Sgf>().ok(), Some(g.clone()));
            let _ = g.to_game();
        }
        if let Ok(p) = psq.parse::<Psq>() {
            prop_assert_eq!(p.to_string().parse::<Psq>().ok(), Some(p.clone()));
            let _ = p.to_game(Preset::Freestyle20.variant());
        }
    }
}

/// The generators must reach the interesting cases (wins for both sides, draws on 3×3), or the properties
/// above would hold vacuously.
#[test]
fn random_games_reach_wins_and_draws() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for preset in Preset::ALL {
        let mut results = std::collections::HashSet::new();
        for _ in 0..300 {
            let picks: Vec<(i8, i8)> = (0..200)
                .map(|_| ((next() % 7) as i8 - 3, (next() % 7) as i8 - 3))
                .collect();
            let game = clustered_game(preset.variant(), &picks);
            results.insert(GameResult::of(&game));
        }
        assert!(
            results.contains(&Some(GameResult::BlackWins)),
            "{preset:?}: {results:?}"
        );
        assert!(
            results.contains(&Some(GameResult::WhiteWins)),
            "{preset:?}: {results:?}"
        );
        if preset == Preset::TicTacToe {
            assert!(results.contains(&Some(GameResult::Draw)), "{results:?}");
        }
    }
}
