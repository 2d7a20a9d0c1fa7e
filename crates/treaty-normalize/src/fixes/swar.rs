//! Byte tests on eight bytes at once ("SIMD within a register"), for the scans that run over
//! every byte of a text.
//!
//! Each function returns a word whose byte `i` has its high bit set exactly when byte `i` of
//! the input passes the test (no false positives from borrows between bytes).

const HIGH: u64 = 0x8080_8080_8080_8080;
const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const ONES: u64 = 0x0101_0101_0101_0101;

/// Bytes equal to `value`.
#[inline]
pub(crate) fn eq(word: u64, value: u8) -> u64 {
    let diff = word ^ (ONES * u64::from(value));
    // A byte is non-zero when its low 7 bits are or its high bit is.
    let nonzero = (((diff & LOW7) + LOW7) | diff) & HIGH;
    nonzero ^ HIGH
}

/// Bytes less than `limit` (`limit` at most 0x80).
#[inline]
pub(crate) fn lt(word: u64, limit: u8) -> u64 {
    debug_assert!(limit <= 0x80);
    let at_least = ((word & LOW7) + ONES * u64::from(0x80 - limit)) | word;
    !at_least & HIGH
}

/// Loads eight bytes (little-endian); `chunk` must be eight bytes long.
#[inline]
pub(crate) fn load(chunk: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(chunk);
    u64::from_le_bytes(word)
}

/// The index of the first byte whose flag is set in `flags`.
#[inline]
pub(crate) fn first(flags: u64) -> usize {
    (flags.trailing_zeros() / 8) as usize
}

/// The first position in `bytes` where `test` flags a byte; `slow` tests one byte and must
/// agree with `test`.
#[inline]
pub(crate) fn find(
    bytes: &[u8],
    test: impl Fn(u64) -> u64,
    slow: impl Fn(u8) -> bool,
) -> Option<usize> {
    let mut chunks = bytes.chunks_exact(8);
    let mut offset = 0;
    for chunk in &mut chunks {
        let flags = test(load(chunk));
        if flags != 0 {
            return Some(offset + first(flags));
        }
        offset += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&byte| slow(byte))
        .map(|position| offset + position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tests_are_exact_for_every_byte_and_position() {
        for byte in 0..=255u8 {
            for position in 0..8 {
                let mut chunk = [0x41u8; 8];
                chunk[position] = byte;
                let word = u64::from_le_bytes(chunk);
                let flag = 0x80u64 << (position * 8);
                for value in [0x00, 0x09, 0x41, 0x7F, 0xC2, 0xE2, 0xFF] {
                    let expected = if byte == value { flag } else { 0 }
                        | if value == 0x41 { HIGH & !flag } else { 0 };
                    assert_eq!(
                        eq(word, value),
                        expected,
                        "eq {byte:#x} {value:#x} at {position}"
                    );
                }
                for limit in [0x01, 0x20, 0x41, 0x80] {
                    let expected = if byte < limit { flag } else { 0 }
                        | if 0x41 < limit { HIGH & !flag } else { 0 };
                    assert_eq!(
                        lt(word, limit),
                        expected,
                        "lt {byte:#x} {limit:#x} at {position}"
                    );
                }
            }
        }
    }

    #[test]
    fn find_agrees_with_position() {
        let text = "Convenção — entre\to Brasil\n e a Dinamarca\u{1}; fim".as_bytes();
        for start in 0..text.len() {
            let found = find(
                &text[start..],
                |word| eq(word, b'\n') | lt(word, 0x09) | eq(word, 0xE2),
                |byte| byte == b'\n' || byte < 0x09 || byte == 0xE2,
            );
            let plain = text[start..]
                .iter()
                .position(|&byte| byte == b'\n' || byte < 0x09 || byte == 0xE2);
            assert_eq!(found, plain, "from {start}");
        }
    }
}
