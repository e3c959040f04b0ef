//! Measures the time from a move sent on one side to the move received on the other, over loopback.
//!
//! `cargo run -p tengen-net --example latency -- [moves]` (default 200).

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use tengen_engine::{Color, Pos, Preset};
use tengen_net::{
    Action, Guest, GuestSetup, Host, HostSetup, NetCommand, NetEvent, SessionEvent, Side,
};

const LOOPBACK: SocketAddr =
    SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), 0);
const WAIT: Duration = Duration::from_secs(10);

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let moves: usize = std::env::args()
        .nth(1)
        .map(|n| n.parse())
        .transpose()?
        .unwrap_or(200);
    let mut samples = Vec::with_capacity(moves);
    while samples.len() < moves {
        // A fresh game whenever the board fills up: a 20×20 board holds many moves.
        let host = Host::listen_on(
            HostSetup {
                name: "host".into(),
                preset: Preset::Freestyle20,
                host_color: Color::Black,
                passphrase: None,
                game_id: "latency".into(),
                time: "none".to_string(),
            },
            LOOPBACK,
        )?;
        let guest = Guest::connect(
            GuestSetup {
                name: "guest".into(),
                preset: Preset::Freestyle20,
                passphrase: None,
            },
            ("127.0.0.1", host.port()),
        )?;
        wait(
            || host.recv_timeout(WAIT),
            |e| matches!(e, NetEvent::Connected { .. }),
        )?;
        wait(
            || guest.recv_timeout(WAIT),
            |e| matches!(e, NetEvent::Connected { .. }),
        )?;
        // Stones go in columns two apart so nobody makes five: black on even columns, white on odd ones.
        for i in 0..(20 * 10).min(moves - samples.len()) {
            let pos = Pos::new((i % 20) as u8, (i / 20) as u8 * 2 + (i % 2) as u8);
            let sent = Instant::now();
            if i % 2 == 0 {
                host.send(NetCommand::Act(Action::Play(pos)));
                wait(|| guest.recv_timeout(WAIT), |e| is_remote_move(e, pos))?;
            } else {
                guest.send(NetCommand::Act(Action::Play(pos)));
                wait(|| host.recv_timeout(WAIT), |e| is_remote_move(e, pos))?;
            }
            samples.push(sent.elapsed());
        }
    }
    samples.sort();
    let median = samples[samples.len() / 2];
    let max = samples[samples.len() - 1];
    println!("moves={} median={:?} max={:?}", samples.len(), median, max);
    Ok(())
}

fn is_remote_move(event: &NetEvent, pos: Pos) -> bool {
    matches!(event, NetEvent::Game(SessionEvent::MovePlayed { pos: p, by: Side::Remote, .. }) if *p == pos)
}

fn wait(
    next: impl Fn() -> Option<NetEvent>,
    want: impl Fn(&NetEvent) -> bool,
) -> Result<(), String> {
    while let Some(event) = next() {
        if want(&event) {
            return Ok(());
        }
        if let NetEvent::Closed { reason } | NetEvent::Rejected { reason } = &event {
            return Err(reason.to_string());
        }
    }
    Err("no event within the time limit".into())
}
