//! Files: atomic writes and content hashes, shared by the package store, the exports and the
//! reports; reading a file under a size cap ([`read_capped`], the checker's jury files).

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

use anyhow::Context;
use sha2::{Digest, Sha256};

/// Lower-case hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .fold(String::new(), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder, flushed and
/// synced, then renamed over `path`. Readers see the old file or the new one, never half.
/// The file gets mode 0644 less the umask, as a plain `File::create` would (a temporary file
/// alone would be owner-only).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut tmp = tempfile::Builder::new()
        .permissions(std::fs::Permissions::from_mode(0o644))
        .tempfile_in(dir)
        .with_context(|| format!("cannot create a temporary file in {}", dir.display()))?;
    tmp.write_all(bytes)
        .and_then(|_| tmp.as_file().sync_all())
        .with_context(|| format!("cannot write {}", path.display()))?;
    tmp.persist(path)
        .with_context(|| format!("cannot rename into {}", path.display()))?;
    Ok(())
}

/// Largest jury file (input or jury answer) the standalone `checker` reads: 256 MiB, far above
/// any test of a judge (the tests of the problems here are kilobytes to a few megabytes). A
/// larger one (or an endless one such as `/dev/zero`) is the jury's error, FAIL, never read
/// whole.
pub const MAX_JURY_FILE: u64 = 256 << 20;

/// Why [`read_capped`] gave no bytes.
#[derive(Debug, thiserror::Error)]
pub enum CappedReadError {
    /// The file could not be opened or read.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The file holds more than `cap` bytes (only `cap + 1` were read).
    #[error("larger than {} MiB", cap >> 20)]
    TooLarge {
        /// The cap, bytes.
        cap: u64,
    },
}

/// The bytes of `path` when it holds at most `cap` bytes: at most `cap + 1` bytes are ever
/// read, whatever the file is (a pipe, `/dev/zero`). Memory O(min(size, cap)).
///
/// # Errors
/// [`CappedReadError::Io`] when it cannot be opened or read, [`CappedReadError::TooLarge`]
/// when it holds more than `cap` bytes.
pub fn read_capped(path: &Path, cap: u64) -> Result<Vec<u8>, CappedReadError> {
    use std::io::Read as _;
    let file = std::fs::File::open(path)?;
    let size = file.metadata().map(|m| m.len()).unwrap_or(0);
    let mut bytes = Vec::with_capacity(size.min(cap) as usize);
    file.take(cap.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(CappedReadError::TooLarge { cap });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_capped_stops_after_the_cap() {
        let tmp = tempfile::tempdir().unwrap();
        let p = tmp.path().join("f");
        std::fs::write(&p, b"12345").unwrap();
        assert_eq!(read_capped(&p, 5).unwrap(), b"12345");
        assert!(matches!(
            read_capped(&p, 4),
            Err(CappedReadError::TooLarge { cap: 4 })
        ));
        // An endless file: only cap + 1 bytes are read.
        assert!(matches!(
            read_capped(Path::new("/dev/zero"), 1 << 20),
            Err(CappedReadError::TooLarge { .. })
        ));
        assert!(matches!(
            read_capped(&tmp.path().join("missing"), 4),
            Err(CappedReadError::Io(_))
        ));
    }
}
