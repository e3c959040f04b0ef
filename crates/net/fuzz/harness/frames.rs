//! The frame decoder fed a byte stream as a peer could send it: frame after frame until the bytes
//! run out. Nothing may panic; an oversized length or a bad body is an error; every message that
//! decodes must encode to a frame that decodes to the same message.
//!
//! Shared by the fuzz target and the stable test that replays the committed corpus.

use tengen_net::{MAX_FRAME, Message, WireError, read_message, write_message};

pub fn run(data: &[u8]) {
    let mut input = data;
    loop {
        match read_message(&mut input) {
            Ok(message) => round_trip(&message),
            // The bytes ran out: the connection closed.
            Err(WireError::Io(_)) => break,
            // The transport closes on these; reading on tests the decoder on what follows.
            Err(WireError::TooLarge(n)) => assert!(n > MAX_FRAME, "{n} bytes refused"),
            Err(WireError::Malformed(_)) => {}
        }
    }
}

fn round_trip(message: &Message) {
    let frame = message.to_frame();
    let back = read_message(&mut &frame[..]);
    assert_eq!(
        back.ok().as_ref(),
        Some(message),
        "a frame we write reads back"
    );
    let mut written = Vec::new();
    if write_message(&mut written, message).is_ok() {
        assert_eq!(written, frame);
    }
}
