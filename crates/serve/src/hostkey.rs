//! The server's host key: Ed25519, made at the first start from the OS's random source,
//! written in OpenSSH's format (readable 0600 by the server's user alone), and read again at
//! every later start, so that clients see the same key and their `known_hosts` stays right.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result, bail};
use russh::keys::ssh_key::private::{Ed25519Keypair, KeypairData};
use russh::keys::ssh_key::{HashAlg, LineEnding, PrivateKey};

/// The file's name in the server's folder.
pub const FILE: &str = "host_ed25519";

/// The host key in `folder`, made (and said so) when there is none yet. True when it was made.
pub fn load_or_make(folder: &Path) -> Result<(PrivateKey, bool)> {
    let path = folder.join(FILE);
    match fs::read_to_string(&path) {
        Ok(text) => {
            let key = PrivateKey::from_openssh(&text).with_context(|| {
                format!(
                    "cannot read the host key {} (move it away to make a new one; clients will \
                     then see a new fingerprint)",
                    path.display()
                )
            })?;
            if key.is_encrypted() {
                bail!(
                    "the host key {} has a passphrase; hotseat serve needs one without",
                    path.display()
                );
            }
            Ok((key, false))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let mut seed = [0u8; 32];
            getrandom::fill(&mut seed)
                .map_err(|e| anyhow::anyhow!("no random source for the host key: {e}"))?;
            let pair = Ed25519Keypair::from_seed(&seed);
            let key = PrivateKey::new(KeypairData::Ed25519(pair), "hotseat serve")
                .context("cannot make the host key")?;
            let text = key
                .to_openssh(LineEnding::LF)
                .context("cannot write the host key")?;
            fs::create_dir_all(folder)
                .with_context(|| format!("cannot create {}", folder.display()))?;
            write_private(&path, text.as_bytes())
                .with_context(|| format!("cannot write the host key {}", path.display()))?;
            Ok((key, true))
        }
        Err(e) => Err(e).with_context(|| format!("cannot read the host key {}", path.display())),
    }
}

/// Writes a new file that only its owner may read (0600), never over an existing one, and
/// never in place: the bytes go to a temporary file beside it (0600 from its creation), synced,
/// then linked under its name, so that a server killed mid-write leaves no half key that
/// would stop every later start.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_private_with(path, |file| file.write_all(bytes))
}

/// [`write_private`], the content written by `write`.
fn write_private_with(
    path: &Path,
    write: impl FnOnce(&mut fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let temp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let mut options = OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let written = options.open(&temp).and_then(|mut file| {
        #[cfg(unix)]
        {
            // A leftover of a dead process with this id may have other permissions.
            use std::os::unix::fs::PermissionsExt;
            file.set_permissions(fs::Permissions::from_mode(0o600))?;
        }
        write(&mut file)?;
        file.sync_all()
    });
    // A link, not a rename: a key another start made meanwhile is never replaced.
    let published = written.and_then(|()| fs::hard_link(&temp, path));
    let _ = fs::remove_file(&temp);
    published?;
    if let Some(folder) = path.parent()
        && let Ok(folder) = fs::File::open(folder)
    {
        let _ = folder.sync_all();
    }
    Ok(())
}

/// The key's SHA-256 fingerprint as `ssh` shows it (`SHA256:…`).
pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_made_once_private_and_kept_across_starts() {
        let dir = std::env::temp_dir().join(format!("hotseat-serve-key-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let (first, made) = load_or_make(&dir).unwrap();
        assert!(made);
        let (second, made) = load_or_make(&dir).unwrap();
        assert!(!made);
        assert_eq!(fingerprint(&first), fingerprint(&second));
        assert!(fingerprint(&first).starts_with("SHA256:"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(dir.join(FILE)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        fs::write(dir.join(FILE), "not a key").unwrap();
        let err = load_or_make(&dir).unwrap_err();
        assert!(format!("{err:#}").contains("move it away"), "{err:#}");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_write_that_fails_half_way_leaves_no_half_key_and_the_next_start_makes_one() {
        let dir = std::env::temp_dir().join(format!("hotseat-serve-torn-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join(FILE);
        let failed = write_private_with(&path, |file| {
            file.write_all(b"-----BEGIN OPENSSH PRIVATE KEY-----\n")?;
            Err(std::io::Error::other("the disk is full"))
        });
        assert!(failed.is_err());
        assert!(!path.exists(), "a half key was left under its name");
        assert_eq!(
            fs::read_dir(&dir).unwrap().count(),
            0,
            "a temporary file was left"
        );
        let (_, made) = load_or_make(&dir).unwrap();
        assert!(made);
        let _ = fs::remove_dir_all(&dir);
    }
}
