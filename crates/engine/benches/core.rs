//! Core engine costs: play+undo pairs, the win check and renju forbidden-point listing on realistic
//! 15×15 positions. Run with `cargo bench -p tengen-engine --bench core`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tengen_engine::{Board, Color, Game, Pos, Preset, forbidden, forbidden_points};

/// A game of `plies` random legal moves near the stones already played (how real games look: a cluster
/// around the centre), never ending the game. Deterministic for a given seed.
fn clustered_game(preset: Preset, plies: usize, seed: u64) -> Game {
    let variant = preset.variant();
    let size = variant.size() as i32;
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(variant);
    game.play(variant.center()).expect("centre");
    let mut tries = 0;
    while game.moves().len() < plies && tries < 100_000 {
        tries += 1;
        let moves = game.moves();
        let anchor = moves[rng.random_range(0..moves.len())];
        let x = anchor.x as i32 + rng.random_range(-2..=2);
        let y = anchor.y as i32 + rng.random_range(-2..=2);
        if x < 0 || y < 0 || x >= size || y >= size {
            continue;
        }
        let pos = Pos::new(x as u8, y as u8);
        if game.check(pos).is_err() {
            continue;
        }
        if game.play(pos).ok().flatten().is_some() {
            game.undo();
        }
    }
    game
}

/// The crowded renju position of mintaka's test set ("complex-forbid"), many forbidden points.
fn mintaka_complex() -> Board {
    const ROWS: [&str; 15] = [
        "..............O",
        "...............",
        "...............",
        "...............",
        "....X.X........",
        ".........X.....",
        "...............",
        "......XX.......",
        "....X...XX.....",
        "....X.X.X......",
        ".........XXX...",
        "........X......",
        "...............",
        "...............",
        "...............",
    ];
    let mut b = Board::new(Preset::Renju15.variant());
    for (y, row) in ROWS.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let pos = Pos::new(x as u8, y as u8);
            match c {
                'X' => b.place(pos, Color::Black),
                'O' => b.place(pos, Color::White),
                _ => {}
            }
        }
    }
    b
}

fn play_undo(c: &mut Criterion) {
    let mut group = c.benchmark_group("play+undo");
    for (name, preset, plies) in [
        ("board 15x15, 40 stones", Preset::Freestyle15, 40),
        ("board 15x15, 100 stones", Preset::Freestyle15, 100),
    ] {
        let game = clustered_game(preset, plies, 7);
        let mut board = game.board().clone();
        let empties: Vec<Pos> = board.empty_points().collect();
        group.throughput(Throughput::Elements(empties.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for &p in &empties {
                    board.place(p, Color::Black);
                    black_box(board.hash());
                    board.remove(p);
                }
            })
        });
    }
    for (name, preset) in [
        ("game freestyle, 40 stones (win check)", Preset::Freestyle15),
        (
            "game renju, 40 stones (win + legality check)",
            Preset::Renju15,
        ),
    ] {
        let mut game = clustered_game(preset, 40, 11);
        let empties: Vec<Pos> = game.board().empty_points().collect();
        group.throughput(Throughput::Elements(empties.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for &p in &empties {
                    if game.play(p).is_ok() {
                        game.undo();
                    }
                }
            })
        });
    }
    group.finish();
}

fn win_check(c: &mut Criterion) {
    let mut group = c.benchmark_group("win check");
    let game = clustered_game(Preset::Freestyle15, 60, 3);
    let board = game.board().clone();
    let stones: Vec<Pos> = board.stones().map(|(p, _)| p).collect();
    group.throughput(Throughput::Elements(stones.len() as u64));
    group.bench_function("is_win_at, every stone of a 60-stone position", |b| {
        b.iter(|| {
            stones
                .iter()
                .filter(|&&p| board.is_win_at(black_box(p)))
                .count()
        })
    });
    let mut won = board.clone();
    let y = 0;
    for x in 0..5 {
        if won.is_empty(Pos::new(x, y)) {
            won.place(Pos::new(x, y), Color::White);
        }
    }
    group.throughput(Throughput::Elements(1));
    group.bench_function("winning_line of a five", |b| {
        b.iter(|| won.winning_line(black_box(Pos::new(2, 0))))
    });
    group.finish();
}

fn forbidden_listing(c: &mut Criterion) {
    let mut group = c.benchmark_group("renju forbidden points");
    let complex = mintaka_complex();
    println!(
        "complex-forbid: {} stones, {} forbidden points",
        complex.stone_count(),
        forbidden_points(&complex).len()
    );
    group.bench_function(
        "list, mintaka complex-forbid (16 black stones, 8 forbidden)",
        |b| b.iter(|| forbidden_points(black_box(&complex))),
    );
    for plies in [60, 120] {
        let game = clustered_game(Preset::Renju15, plies, 5);
        let board = game.board().clone();
        println!(
            "random renju game: {} stones, {} forbidden points",
            board.stone_count(),
            forbidden_points(&board).len()
        );
        let name = format!("list, random crowded game ({plies} stones)");
        group.bench_function(&name, |b| b.iter(|| forbidden_points(black_box(&board))));
    }
    let empties: Vec<Pos> = complex.empty_points().collect();
    group.throughput(Throughput::Elements(empties.len() as u64));
    group.bench_function("forbidden(), every empty point of complex-forbid", |b| {
        b.iter(|| {
            empties
                .iter()
                .filter(|&&p| forbidden(&complex, p).is_some())
                .count()
        })
    });
    group.finish();
}

criterion_group!(benches, play_undo, win_check, forbidden_listing);
criterion_main!(benches);
