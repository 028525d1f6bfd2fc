//! Where the shell keeps its history.

use std::path::PathBuf;

/// `$OPTIONS_SHELL_HISTORY`, else `$XDG_DATA_HOME/options-shell/history`, else
/// `$HOME/.local/share/options-shell/history`; `None` when none of these is set.
pub fn path() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(explicit) = var("OPTIONS_SHELL_HISTORY") {
        return Some(PathBuf::from(explicit));
    }
    let data = var("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| var("HOME").map(|home| PathBuf::from(home).join(".local/share")))?;
    Some(data.join("options-shell").join("history"))
}
