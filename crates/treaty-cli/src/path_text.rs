//! Names and paths as text, without loss: what the run manifest, `failures.jsonl`, the
//! document JSON and the terminal show for a file, also when its name is not UTF-8.

use std::path::Path;

/// A path as text, without loss (see [`os_text`]): what the run manifest, `failures.jsonl`
/// and the document JSON record.
pub fn path_text(path: &Path) -> String {
    os_text(path.as_os_str())
}

/// A file name as text, without loss: as it is when it is UTF-8; otherwise each byte that is
/// not part of a UTF-8 character written `\xNN` (two upper-case hexadecimal digits) and each
/// backslash `\\`, so that two names never give one text (`\xff.txt` and `\xfe.txt` give
/// `\xFF.txt` and `\xFE.txt`, where a lossy conversion gave `�.txt` for both) and the name
/// can be read back.
pub fn os_text(name: &std::ffi::OsStr) -> String {
    if let Some(text) = name.to_str() {
        return text.to_owned();
    }
    #[cfg(unix)]
    {
        use std::fmt::Write as _;
        use std::os::unix::ffi::OsStrExt;
        let mut text = String::new();
        for chunk in name.as_bytes().utf8_chunks() {
            text.push_str(&chunk.valid().replace('\\', "\\\\"));
            for byte in chunk.invalid() {
                let _ = write!(text, "\\x{byte:02X}");
            }
        }
        text
    }
    #[cfg(not(unix))]
    {
        name.to_string_lossy().into_owned()
    }
}
