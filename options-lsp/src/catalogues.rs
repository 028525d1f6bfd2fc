//! The catalogues documents are checked against, built once per release and kept: Flink's at
//! each release a document names, and the Kubernetes operator's.

use std::collections::HashMap;
use std::sync::Arc;

use options_docs::source::Loaded;

/// Flink's catalogues by release, and the operator's.
#[derive(Default)]
pub struct Catalogues {
    flink: HashMap<String, Arc<Loaded>>,
    operator: Option<Arc<Loaded>>,
    /// The operator release to check against (the newest when `None`).
    pub operator_release: Option<String>,
}

impl std::fmt::Debug for Catalogues {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalogues")
            .field("flink", &self.flink.keys().collect::<Vec<_>>())
            .field("operator", &self.operator.is_some())
            .finish()
    }
}

impl Catalogues {
    /// Flink's catalogue at `release` (`2.0`), the newest when `None`; a release Flink never had
    /// is an error that says which ones it had.
    pub fn flink(&mut self, release: Option<&str>) -> Result<Arc<Loaded>, String> {
        let key = release.unwrap_or_default().to_owned();
        if let Some(loaded) = self.flink.get(&key) {
            return Ok(loaded.clone());
        }
        let loaded =
            Arc::new(options_check::builtin::for_checking(release).map_err(|e| e.to_string())?);
        self.flink.insert(key, loaded.clone());
        Ok(loaded)
    }

    /// The Kubernetes operator's catalogue (at [`Catalogues::operator_release`], or its newest
    /// when that release is unknown).
    pub fn operator(&mut self) -> Arc<Loaded> {
        if let Some(loaded) = &self.operator {
            return loaded.clone();
        }
        let loaded = options_check::operator::catalogue(self.operator_release.as_deref())
            .or_else(|_| options_check::operator::catalogue(None))
            .map(Arc::new)
            .unwrap_or_else(|_| unreachable_newest());
        self.operator = Some(loaded.clone());
        loaded
    }
}

/// The newest operator release always exists; this keeps the server up if that ever changes.
fn unreachable_newest() -> Arc<Loaded> {
    Arc::new(Loaded::from_doc(options_docs::model::CatalogueDoc::new(
        Vec::new(),
    )))
}

/// The newest Flink release the catalogue knows (`2.3`).
pub fn newest_flink() -> String {
    options_flink::builtin::FLINK_RELEASES.newest().to_string()
}
