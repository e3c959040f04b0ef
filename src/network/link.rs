//! The transport's end on this machine: a host or a guest, held by the app.

use std::sync::Mutex;

use bevy::prelude::*;
use tengen_engine::Preset;
use tengen_net::{Guest, Host, NetCommand, NetEvent};

/// One end of the transport.
pub(super) enum Endpoint {
    Host(Host),
    Guest(Guest),
}
impl Endpoint {
    pub(super) fn send(&self, command: NetCommand) {
        match self {
            Endpoint::Host(host) => host.send(command),
            Endpoint::Guest(guest) => guest.send(command),
        }
    }

    pub(super) fn try_recv(&self) -> Option<NetEvent> {
        match self {
            Endpoint::Host(host) => host.try_recv(),
            Endpoint::Guest(guest) => guest.try_recv(),
        }
    }

    pub(super) fn set_waker(&self, waker: tengen_net::Waker) {
        match self {
            Endpoint::Host(host) => host.set_waker(waker),
            Endpoint::Guest(guest) => guest.set_waker(waker),
        }
    }
}
/// The open connection and the rule it was made for. The transport's receiver is not `Sync`; the mutex
/// is only ever taken by one system at a time and never waits.
#[derive(Resource, Default)]
pub(super) struct Link(pub(super) Option<(Mutex<Endpoint>, Preset)>);
impl Link {
    pub(super) fn send(&self, command: NetCommand) {
        if let Some((endpoint, _)) = &self.0
            && let Ok(endpoint) = endpoint.lock()
        {
            endpoint.send(command);
        }
    }

    /// Whether this machine hosts the connection (and so keeps the game's time).
    pub(super) fn hosting(&self) -> bool {
        self.0.as_ref().is_some_and(|(endpoint, _)| {
            endpoint
                .lock()
                .is_ok_and(|endpoint| matches!(*endpoint, Endpoint::Host(_)))
        })
    }
}
