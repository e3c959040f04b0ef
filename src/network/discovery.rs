//! Games on the local network: while this machine hosts and waits for a player, it advertises its game
//! over mDNS; while the Join form is open, it browses for games and keeps their list in [`Discovered`].
//! `mdns-sd` runs on its own thread; each frame only polls it.

use std::sync::Mutex;

use bevy::prelude::*;
use tengen_net::{Advert, Advertiser, Browser, Discovery, FoundGame};

use super::{Connection, Link, NetworkStatus};
use crate::AppSystems;
use crate::i18n::Words;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Discovered>()
        .init_resource::<Mdns>()
        .add_systems(Update, (advertise, browse).in_set(AppSystems::RecordInput));
}

/// Games found on the local network, for the Join form.
#[derive(Resource, Debug, Default)]
pub struct Discovered {
    /// Set while the player looks at the Join form: only then does this machine browse.
    pub wanted: bool,
    pub games: Vec<FoundGame>,
    /// Why discovery does not work here (no multicast, no network), for the form to say.
    pub problem: Option<String>,
}

/// The advertisement and the browse in progress. The mutexes make them `Sync`; only these systems take
/// them, never waiting.
#[derive(Resource, Default)]
struct Mdns {
    advertiser: Option<(Mutex<Advertiser>, u16)>,
    /// The port whose advertisement failed: not retried every frame.
    failed: Option<u16>,
    browser: Option<Mutex<Browser>>,
}

/// The name this machine goes by on the network, for the joiner's list.
fn machine_name() -> Option<String> {
    let from_env = std::env::var("HOSTNAME").or_else(|_| std::env::var("COMPUTERNAME"));
    from_env
        .ok()
        .or_else(|| std::fs::read_to_string("/etc/hostname").ok())
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty())
}

/// Advertises while this machine hosts and waits for its player; withdraws once the player is there.
fn advertise(
    mut discovery: ResMut<Mdns>,
    status: Res<NetworkStatus>,
    link: Res<Link>,
    words: Res<Words>,
) {
    let hosting = status.connection == Connection::Listening
        && status.seat.as_ref().is_some_and(|seat| seat.host);
    let port = status.port.unwrap_or_default();
    let Some((_, preset)) = link.0.as_ref().filter(|_| hosting) else {
        discovery.advertiser = None;
        return;
    };
    if discovery
        .advertiser
        .as_ref()
        .is_some_and(|(_, p)| *p == port)
        || discovery.failed == Some(port)
    {
        return;
    }
    let advert = Advert {
        name: machine_name().unwrap_or_else(|| words.tr("net-host-name")),
        preset: *preset,
        port,
        passphrase: status
            .seat
            .as_ref()
            .is_some_and(|seat| seat.passphrase.is_some()),
    };
    match Advertiser::start(&advert) {
        Ok(advertiser) => {
            info!("advertising the game as {}", advertiser.service());
            discovery.advertiser = Some((Mutex::new(advertiser), port));
        }
        Err(e) => {
            warn!("{e}");
            // The game is still reachable by its address.
            discovery.failed = Some(port);
        }
    }
}

/// Browses while the Join form is open, keeping the list of games found up to date.
fn browse(
    mut discovery: ResMut<Mdns>,
    mut discovered: ResMut<Discovered>,
    background: crate::wake::Background,
) {
    if !discovered.wanted {
        if discovery.browser.take().is_some() {
            discovered.games.clear();
        }
        return;
    }
    if discovery.browser.is_none() {
        if discovered.problem.is_some() {
            return;
        }
        // A game found is drawn at once, not at the next input.
        let wake = background.wake();
        match Browser::start_waking(Box::new(move || wake.now())) {
            Ok(browser) => discovery.browser = Some(Mutex::new(browser)),
            Err(e) => {
                warn!("{e}");
                discovered.problem = Some(e.to_string());
                return;
            }
        }
    }
    let Some(Ok(browser)) = discovery.browser.as_ref().map(|b| b.lock()) else {
        return;
    };
    while let Some(event) = browser.try_recv() {
        match event {
            Discovery::Found(game) => {
                discovered.games.retain(|g| g.service != game.service);
                discovered.games.push(game);
            }
            Discovery::Gone(service) => discovered.games.retain(|g| g.service != service),
        }
    }
}
