//! The desktop's own file chooser (GNOME's, KDE's…) through the XDG desktop portal
//! (org.freedesktop.portal.FileChooser, by `ashpd`), asked on a thread of its own so the game keeps
//! drawing while the player chooses. Where no session bus is there (Xvfb, a bare window manager) or
//! no portal answers in a few seconds, the game's own dialog is shown instead (see `dialogs`). Built
//! with the feature `desktop-portal` (the packages are); without it the game's own dialog always.

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};

use super::state::{Desktop, PortalAnswer};
use crate::wake::Wake;

impl PortalAnswer {
    /// The answer of a chooser whose thread ended without one (for the log).
    pub(crate) fn thread_gone() -> PortalAnswer {
        PortalAnswer::Unavailable("the chooser's thread ended without an answer".into())
    }
}

/// Whether a session bus could answer here: its address is in the environment, or its socket is in
/// the runtime folder (where the bus library looks when the variable is not set).
pub(crate) fn session_bus(var: impl Fn(&str) -> Option<OsString>) -> bool {
    let set = |name: &str| var(name).is_some_and(|value| !value.is_empty());
    set("DBUS_SESSION_BUS_ADDRESS")
        || var("XDG_RUNTIME_DIR").is_some_and(|dir| Path::new(&dir).join("bus").exists())
}

/// The desktop's chooser, asked on a thread of its own and waking the window with its answer; none
/// when the game is built without the portal.
#[cfg(feature = "desktop-portal")]
pub(crate) fn desktop(wake: Wake) -> Option<Desktop> {
    Some(Box::new(move |question| dbus::ask(question, wake.clone())))
}

#[cfg(not(feature = "desktop-portal"))]
pub(crate) fn desktop(_wake: Wake) -> Option<Desktop> {
    None
}

#[cfg(feature = "desktop-portal")]
mod dbus {
    use std::path::Path;
    use std::sync::mpsc::{Receiver, channel};
    use std::time::Duration;

    use ashpd::desktop::file_chooser::{FileFilter, SelectedFiles};
    use ashpd::zbus;

    use crate::ui::records::portal::path_of_uri;
    use crate::ui::records::state::{DialogPurpose, PathFor, PortalAnswer, PortalQuestion};
    use crate::wake::Wake;

    /// How long the portal may take to take the request (not the player to choose): a desktop
    /// with a portal answers in a fraction of a second, one starting it on demand in about one.
    const PORTAL_WAIT: Duration = Duration::from_secs(4);

    /// Asks the desktop's chooser on a thread of its own; the answer comes on the returned channel, and
    /// `wake` wakes the window for it.
    pub(super) fn ask(question: PortalQuestion, wake: Wake) -> Receiver<PortalAnswer> {
        let (send, answers) = channel();
        let started = std::thread::Builder::new()
            .name("file chooser".into())
            .spawn(move || {
                let answer = futures_lite::future::block_on(asked(question));
                // The game may have closed meanwhile: nobody left to tell.
                let _ = send.send(answer);
                wake.now();
            });
        if let Err(error) = started {
            let (send, failed) = channel();
            let _ = send.send(PortalAnswer::Unavailable(error.to_string()));
            return failed;
        }
        answers
    }

    /// The request, given up when the portal does not answer in [`PORTAL_WAIT`]; once it has, the
    /// player takes as long as they like.
    async fn asked(question: PortalQuestion) -> PortalAnswer {
        let late = async {
            async_io::Timer::after(PORTAL_WAIT).await;
            Err(format!("no answer in {} s", PORTAL_WAIT.as_secs()))
        };
        let connection = match futures_lite::future::or(reachable(), late).await {
            Ok(connection) => connection,
            Err(why) => return PortalAnswer::Unavailable(why),
        };
        let request = match send(&question, connection).await {
            Ok(request) => request,
            Err(why) => return PortalAnswer::Unavailable(why),
        };
        match request.response() {
            Ok(files) => match files.uris().first() {
                Some(uri) => path_of_uri(uri.as_str()).map_or_else(
                    || PortalAnswer::Unavailable(format!("not a local file: {uri}")),
                    PortalAnswer::Picked,
                ),
                None => PortalAnswer::Cancelled,
            },
            Err(ashpd::Error::Response(ashpd::desktop::ResponseError::Cancelled)) => {
                PortalAnswer::Cancelled
            }
            Err(error) => PortalAnswer::Unavailable(error.to_string()),
        }
    }

    /// The session bus, once the portal's file chooser has said its version on it (a bus without a
    /// portal says the name is unknown; a portal started on demand answers once it runs).
    async fn reachable() -> Result<zbus::Connection, String> {
        let connection = zbus::Connection::session()
            .await
            .map_err(|error| error.to_string())?;
        let chooser = zbus::Proxy::new(
            &connection,
            "org.freedesktop.portal.Desktop",
            "/org/freedesktop/portal/desktop",
            "org.freedesktop.portal.FileChooser",
        )
        .await
        .map_err(|error| error.to_string())?;
        chooser
            .get_property::<u32>("version")
            .await
            .map_err(|error| error.to_string())?;
        Ok(connection)
    }

    /// Sends the request to the portal (the chooser shows when it is taken).
    async fn send(
        question: &PortalQuestion,
        connection: zbus::Connection,
    ) -> Result<ashpd::desktop::Request<SelectedFiles>, String> {
        let records = FileFilter::new(&question.filter)
            .glob("*.sgf")
            .glob("*.psq")
            .glob("*.txt");
        let folder = question.folder.as_deref().filter(|folder| folder.is_dir());
        let sent = match question.purpose {
            DialogPurpose::Open { .. } => {
                SelectedFiles::open_file()
                    .connection(Some(connection))
                    .title(question.title.as_str())
                    .modal(true)
                    .filter(records.clone())
                    .current_filter(records)
                    .current_folder::<&Path>(folder)
                    .map_err(|error| error.to_string())?
                    .send()
                    .await
            }
            DialogPurpose::Pick(what) => {
                SelectedFiles::open_file()
                    .connection(Some(connection))
                    .title(question.title.as_str())
                    .modal(true)
                    .directory(what == PathFor::Folder)
                    .current_folder::<&Path>(folder)
                    .map_err(|error| error.to_string())?
                    .send()
                    .await
            }
            DialogPurpose::Save => {
                SelectedFiles::save_file()
                    .connection(Some(connection))
                    .title(question.title.as_str())
                    .modal(true)
                    .current_name(question.name.as_str())
                    .current_folder::<&Path>(folder)
                    .map_err(|error| error.to_string())?
                    .send()
                    .await
            }
        };
        sent.map_err(|error| error.to_string())
    }
}

/// The path of a `file://` URI, its %-escapes decoded to bytes (a name need not be UTF-8).
#[cfg_attr(not(feature = "desktop-portal"), allow(dead_code))]
pub(crate) fn path_of_uri(uri: &str) -> Option<PathBuf> {
    let escaped = uri.strip_prefix("file://")?;
    // A host part ("file://localhost/…") is the local machine's.
    let escaped = &escaped[escaped.find('/')?..];
    let mut bytes = Vec::with_capacity(escaped.len());
    let mut rest = escaped.as_bytes();
    while let Some((&byte, tail)) = rest.split_first() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match (byte, tail) {
            (b'%', [high, low, tail @ ..]) => {
                let (high, low) = (hex(*high)?, hex(*low)?);
                bytes.push((high * 16 + low) as u8);
                rest = tail;
            }
            _ => {
                bytes.push(byte);
                rest = tail;
            }
        }
    }
    Some(PathBuf::from(OsString::from_vec(bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_uri_becomes_its_path_with_escapes_decoded_to_bytes() {
        assert_eq!(
            path_of_uri("file:///home/hana/game%20one.sgf"),
            Some(PathBuf::from("/home/hana/game one.sgf"))
        );
        assert_eq!(
            path_of_uri("file://localhost/tmp/a.psq"),
            Some(PathBuf::from("/tmp/a.psq"))
        );
        let latin1 = path_of_uri("file:///tmp/partie-%E9.sgf").expect("a path");
        assert_eq!(
            latin1.as_os_str().as_encoded_bytes(),
            b"/tmp/partie-\xe9.sgf"
        );
        assert_eq!(path_of_uri("https://example.org/a.sgf"), None);
        assert_eq!(path_of_uri("file:///bad%zz"), None, "a broken escape");
    }

    #[test]
    fn a_session_bus_is_there_only_where_its_address_or_socket_is() {
        let none = |_: &str| None;
        assert!(!session_bus(none), "Xvfb here: no bus");
        let address = |name: &str| {
            (name == "DBUS_SESSION_BUS_ADDRESS").then(|| OsString::from("unix:path=/run/bus"))
        };
        assert!(session_bus(address));
        let empty = |name: &str| (name == "DBUS_SESSION_BUS_ADDRESS").then(OsString::new);
        assert!(!session_bus(empty), "an empty address is none");
        let runtime = tempfile::tempdir().expect("a temporary folder");
        let dir = runtime.path().as_os_str().to_owned();
        let in_runtime = move |name: &str| (name == "XDG_RUNTIME_DIR").then(|| dir.clone());
        assert!(!session_bus(&in_runtime), "no socket in the runtime folder");
        std::fs::write(runtime.path().join("bus"), b"").expect("a stand-in socket");
        assert!(session_bus(&in_runtime));
    }
}
