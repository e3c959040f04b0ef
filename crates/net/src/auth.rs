//! The passphrase check: HMAC-SHA256 challenge-response over both sides' nonces; the passphrase never
//! crosses the wire.

use hmac::{Hmac, Mac};
use rand::rngs::StdRng;
use rand::{RngCore, SeedableRng};
use sha2::Sha256;

/// A fresh random nonce, as 32 hex digits.
pub fn new_nonce() -> String {
    let mut bytes = [0u8; 16];
    // Seeded from the operating system each time: nonces must not be guessable.
    StdRng::from_os_rng().fill_bytes(&mut bytes);
    to_hex(&bytes)
}

/// The proof one side sends: HMAC-SHA256 keyed by the passphrase over its role and both nonces.
/// The role ("guest" or "host") keeps one side's proof from being replayed as the other's.
pub fn proof(passphrase: &str, role: &str, guest_nonce: &str, host_nonce: &str) -> String {
    to_hex(
        &mac(passphrase, role, guest_nonce, host_nonce)
            .finalize()
            .into_bytes(),
    )
}

/// Whether `proof_hex` is the right proof, compared in constant time.
pub fn verify(
    passphrase: &str,
    role: &str,
    guest_nonce: &str,
    host_nonce: &str,
    proof_hex: &str,
) -> bool {
    match from_hex(proof_hex) {
        Some(bytes) => mac(passphrase, role, guest_nonce, host_nonce)
            .verify_slice(&bytes)
            .is_ok(),
        None => false,
    }
}

fn mac(passphrase: &str, role: &str, guest_nonce: &str, host_nonce: &str) -> Hmac<Sha256> {
    // HMAC accepts keys of any length, so this cannot fail.
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(passphrase.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC takes any key length"));
    for part in ["tengen-net-v1", role, guest_nonce, host_nonce] {
        mac.update(&(part.len() as u32).to_be_bytes());
        mac.update(part.as_bytes());
    }
    mac
}

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_right_passphrase_verifies_and_a_wrong_one_does_not() {
        let (g, h) = (new_nonce(), new_nonce());
        let p = proof("moon river", "guest", &g, &h);
        assert!(verify("moon river", "guest", &g, &h, &p));
        assert!(!verify("moon rivers", "guest", &g, &h, &p));
        assert!(!verify("moon river", "host", &g, &h, &p));
        assert!(!verify("moon river", "guest", &g, &h, "zz"));
    }
}
