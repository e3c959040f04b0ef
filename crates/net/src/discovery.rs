//! Discovery on the local network with mDNS / DNS-SD (`mdns-sd`): a host advertises its game as a
//! `_tengen._tcp.local.` service whose TXT record names the rule, board size, host name and whether a
//! passphrase is set; a joiner browses and lists what it finds. Both run on `mdns-sd`'s own thread and
//! are polled with `try_recv`, so a game frame never waits on them; a browse wakes the game when it
//! finds one.

use std::collections::HashMap;
use std::fmt;
use std::net::{IpAddr, SocketAddr};

use mdns_sd::{ResolvedService, ServiceDaemon, ServiceEvent, ServiceInfo};
use tengen_engine::Preset;

use crate::transport::Waker;
use crate::wire::{APP_NAME, PROTOCOL_VERSION};

/// The DNS-SD service type every Tengen host advertises.
pub const SERVICE_TYPE: &str = "_tengen._tcp.local.";

/// What a host tells the local network about its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advert {
    /// The host player's name, shown in the joiner's list.
    pub name: String,
    pub preset: Preset,
    pub port: u16,
    /// Whether joining needs a passphrase (never the passphrase itself).
    pub passphrase: bool,
}

/// A game found on the local network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundGame {
    /// The service's full DNS-SD name: what a later "gone" names.
    pub service: String,
    pub name: String,
    pub preset: Preset,
    pub passphrase: bool,
    /// Where to join it: the first IPv4 address the host announced, else an IPv6 one.
    pub address: SocketAddr,
}

/// What a browse reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Discovery {
    Found(FoundGame),
    /// The host stopped advertising (its game began or it left); names [`FoundGame::service`].
    Gone(String),
}

/// Why discovery could not start, or why an advertisement is not a game this program can join.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiscoveryError(pub String);

impl fmt::Display for DiscoveryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DiscoveryError {}

fn daemon_error(e: mdns_sd::Error) -> DiscoveryError {
    DiscoveryError(format!("local network discovery is not available: {e}"))
}

impl Advert {
    /// The TXT record's key-value pairs.
    pub fn properties(&self) -> Vec<(&'static str, String)> {
        vec![
            ("app", APP_NAME.to_string()),
            ("protocol", PROTOCOL_VERSION.to_string()),
            ("rule", self.preset.key().to_string()),
            ("size", self.preset.variant().size().to_string()),
            ("name", self.name.clone()),
            (
                "passphrase",
                if self.passphrase { "yes" } else { "no" }.to_string(),
            ),
        ]
    }
}

/// Reads a TXT record (`key` → value) announced at `port` on `ips` as a game, or says why it is not one
/// this program can join (another application, another protocol version, an unknown rule, no address).
pub fn parse_advert(
    service: &str,
    properties: &HashMap<String, String>,
    ips: &[IpAddr],
    port: u16,
) -> Result<FoundGame, DiscoveryError> {
    let get = |key: &str| properties.get(key).map(String::as_str).unwrap_or_default();
    if get("app") != APP_NAME {
        return Err(DiscoveryError(format!(
            "\"{service}\" is not a {APP_NAME} game"
        )));
    }
    if get("protocol") != PROTOCOL_VERSION.to_string() {
        return Err(DiscoveryError(format!(
            "\"{service}\" speaks protocol version {:?}, this program {PROTOCOL_VERSION}",
            get("protocol")
        )));
    }
    let preset = Preset::from_key(get("rule"))
        .filter(|p| p.variant().size().to_string() == get("size"))
        .ok_or_else(|| {
            DiscoveryError(format!(
                "\"{service}\" plays an unknown rule {:?} on size {:?}",
                get("rule"),
                get("size")
            ))
        })?;
    // IPv4 first: it is what a typed address would be, and it needs no interface scope.
    let ip = ips
        .iter()
        .find(|ip| ip.is_ipv4())
        .or_else(|| ips.first())
        .ok_or_else(|| DiscoveryError(format!("\"{service}\" announced no address")))?;
    let name = match get("name").trim() {
        "" => service.split('.').next().unwrap_or(service).to_string(),
        name => name.chars().take(40).collect(),
    };
    Ok(FoundGame {
        service: service.to_string(),
        name,
        preset,
        passphrase: get("passphrase") == "yes",
        address: SocketAddr::new(*ip, port),
    })
}

fn found(resolved: &ResolvedService) -> Result<FoundGame, DiscoveryError> {
    let properties: HashMap<String, String> = resolved
        .txt_properties
        .iter()
        .map(|p| (p.key().to_string(), p.val_str().to_string()))
        .collect();
    let mut ips: Vec<IpAddr> = resolved
        .addresses
        .iter()
        .map(|ip| ip.to_ip_addr())
        .collect();
    ips.sort();
    parse_advert(&resolved.fullname, &properties, &ips, resolved.port)
}

fn discovery(event: ServiceEvent) -> Option<Discovery> {
    match event {
        ServiceEvent::ServiceResolved(resolved) => found(&resolved).ok().map(Discovery::Found),
        ServiceEvent::ServiceRemoved(_, service) => Some(Discovery::Gone(service)),
        _ => None,
    }
}

/// A host's advertisement; withdrawn when dropped.
pub struct Advertiser {
    daemon: ServiceDaemon,
    service: String,
}

impl Advertiser {
    /// Starts announcing `advert` on every interface.
    pub fn start(advert: &Advert) -> Result<Advertiser, DiscoveryError> {
        let daemon = ServiceDaemon::new().map_err(daemon_error)?;
        // The instance name must be unique on the network: the name plus the port, plus randomness for
        // two hosts of one name on one port (two machines).
        let instance = format!(
            "{} {} {}",
            advert.name,
            advert.port,
            &crate::auth::new_nonce()[..6]
        );
        let host = format!("tengen-{}.local.", &crate::auth::new_nonce()[..12]);
        let properties = advert.properties();
        let info = ServiceInfo::new(
            SERVICE_TYPE,
            &instance,
            &host,
            "",
            advert.port,
            &properties[..],
        )
        .map_err(daemon_error)?
        .enable_addr_auto();
        let service = info.get_fullname().to_string();
        daemon.register(info).map_err(daemon_error)?;
        Ok(Advertiser { daemon, service })
    }

    /// The advertised service's full name.
    pub fn service(&self) -> &str {
        &self.service
    }
}

impl Drop for Advertiser {
    fn drop(&mut self) {
        // Best effort: a goodbye packet, then the daemon's thread ends; nothing here waits for either.
        let _ = self.daemon.unregister(&self.service);
        let _ = self.daemon.shutdown();
    }
}

/// A joiner's search for games; stops when dropped.
pub struct Browser {
    daemon: ServiceDaemon,
    found: std::sync::mpsc::Receiver<Discovery>,
}

impl Browser {
    pub fn start() -> Result<Browser, DiscoveryError> {
        Browser::start_waking(Box::new(|| {}))
    }

    /// Browses, calling `waker` after each game found or gone (a game whose window sleeps until
    /// input is woken this way, so a game appears in the list at once).
    pub fn start_waking(waker: Waker) -> Result<Browser, DiscoveryError> {
        let daemon = ServiceDaemon::new().map_err(daemon_error)?;
        let events = daemon.browse(SERVICE_TYPE).map_err(daemon_error)?;
        let (sender, found) = std::sync::mpsc::channel();
        // mdns-sd answers on its own channel; this thread keeps the games among its events and wakes
        // the game. It ends when the browse stops (the Browser dropped) or nobody listens.
        std::thread::Builder::new()
            .name("tengen-mdns-browse".into())
            .spawn(move || {
                while let Ok(event) = events.recv() {
                    if matches!(event, ServiceEvent::SearchStopped(_)) {
                        break;
                    }
                    if let Some(discovery) = discovery(event) {
                        if sender.send(discovery).is_err() {
                            break;
                        }
                        waker();
                    }
                }
            })
            .map_err(|e| DiscoveryError(format!("local network discovery could not start: {e}")))?;
        Ok(Browser { daemon, found })
    }

    /// The next game found or gone, if any; never blocks. Announcements that are not games this
    /// program can join are skipped.
    pub fn try_recv(&self) -> Option<Discovery> {
        self.found.try_recv().ok()
    }

    /// Waits at most `timeout` for the next game found or gone (for tools and tests, not a frame).
    pub fn recv_timeout(&self, timeout: std::time::Duration) -> Option<Discovery> {
        self.found.recv_timeout(timeout).ok()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.daemon.stop_browse(SERVICE_TYPE);
        let _ = self.daemon.shutdown();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(advert: &Advert) -> HashMap<String, String> {
        advert
            .properties()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect()
    }

    #[test]
    fn an_advertisement_reads_back_as_the_game_it_announces() {
        let advert = Advert {
            name: "Hana".into(),
            preset: Preset::Renju15,
            port: 47015,
            passphrase: true,
        };
        let ips: Vec<IpAddr> = vec!["fe80::1".parse().unwrap(), "192.168.1.20".parse().unwrap()];
        let game = parse_advert("Hana._tengen._tcp.local.", &record(&advert), &ips, 47015)
            .expect("a game");
        assert_eq!(game.name, "Hana");
        assert_eq!(game.preset, Preset::Renju15);
        assert!(game.passphrase);
        assert_eq!(game.address.to_string(), "192.168.1.20:47015");
    }

    #[test]
    fn other_apps_versions_rules_and_addressless_adverts_are_not_games() {
        let advert = Advert {
            name: "Hana".into(),
            preset: Preset::Freestyle15,
            port: 1,
            passphrase: false,
        };
        let ip: Vec<IpAddr> = vec!["10.0.0.2".parse().unwrap()];
        let read = |change: &dyn Fn(&mut HashMap<String, String>), ips: &[IpAddr]| {
            let mut properties = record(&advert);
            change(&mut properties);
            parse_advert("x._tengen._tcp.local.", &properties, ips, 1)
        };
        assert!(read(&|_| {}, &ip).is_ok());
        let not_ours = read(&|p| drop(p.insert("app".into(), "other".into())), &ip);
        assert!(not_ours.is_err_and(|e| e.0.contains("not a tengen game")));
        let newer = read(&|p| drop(p.insert("protocol".into(), "9".into())), &ip);
        assert!(newer.is_err_and(|e| e.0.contains("protocol version")));
        let rule = read(&|p| drop(p.insert("rule".into(), "go".into())), &ip);
        assert!(rule.is_err_and(|e| e.0.contains("unknown rule")));
        let size = read(&|p| drop(p.insert("size".into(), "19".into())), &ip);
        assert!(size.is_err_and(|e| e.0.contains("unknown rule")));
        assert!(read(&|_| {}, &[]).is_err_and(|e| e.0.contains("no address")));
    }
}
