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

/// Writes a new file that only its owner may read (0600), never over an existing one.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
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
}
