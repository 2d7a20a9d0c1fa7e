//! Byte searches over whole texts, for the scans that read every byte.

/// The position of the first byte of `bytes` at or after `from` for which `wanted` is true.
///
/// Sixteen bytes are tested at once (the compiler vectorizes the test of a whole block when
/// `wanted` is a simple comparison), so the long stretches of prose between the bytes looked
/// for (digits, in a treaty) cost a few instructions a block, not a few a byte.
#[inline]
pub fn find_byte(bytes: &[u8], from: usize, wanted: impl Fn(u8) -> bool) -> Option<usize> {
    const BLOCK: usize = 16;
    let mut at = from;
    while let Some(block) = bytes.get(at..at + BLOCK) {
        // A block of fixed length, tested without a branch per byte: vectorized.
        let block: &[u8; BLOCK] = block.try_into().expect("a whole block");
        if block
            .iter()
            .fold(0u8, |any, &byte| any | u8::from(wanted(byte)))
            != 0
        {
            break;
        }
        at += BLOCK;
    }
    let offset = bytes.get(at..)?.iter().position(|&byte| wanted(byte))?;
    Some(at + offset)
}
