//! The digest the tests keep of a document's bytes: FNV-1a with the length, as the engine's
//! study digests are made, so that a fixture line is short and a changed byte shows.

/// FNV-1a of `bytes`, with their length.
pub fn fnv(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}-{}", bytes.len())
}
