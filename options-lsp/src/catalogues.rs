//! The catalogues documents are checked against, built once per release and kept for the life
//! of the process, shared by every server it runs (a server checks against a handful of
//! releases, and every check then reuses the catalogue's key index instead of building it
//! again): Flink's at each release a document names, and the Kubernetes operator's.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use options_docs::keys::ModelKeyIndex;
use options_docs::source::Loaded;

/// A catalogue and its key index, kept for the life of the process.
#[derive(Clone, Copy, Debug)]
pub struct IndexedCatalogue {
    /// The catalogue.
    pub loaded: &'static Loaded,
    /// Its key index.
    pub index: &'static ModelKeyIndex<'static>,
}

/// Every catalogue built in this process, by name (`flink 2.0`, `operator`).
static KEPT: OnceLock<Mutex<HashMap<String, IndexedCatalogue>>> = OnceLock::new();

impl IndexedCatalogue {
    /// The catalogue kept as `name`, built by `build` the first time.
    fn kept<E>(
        name: String,
        build: impl FnOnce() -> Result<Loaded, E>,
    ) -> Result<IndexedCatalogue, E> {
        let kept = KEPT.get_or_init(Mutex::default);
        let mut kept = kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(catalogue) = kept.get(&name) {
            return Ok(*catalogue);
        }
        let loaded: &'static Loaded = Box::leak(Box::new(build()?));
        let catalogue = IndexedCatalogue {
            loaded,
            index: Box::leak(Box::new(ModelKeyIndex::new(&loaded.doc))),
        };
        kept.insert(name, catalogue);
        Ok(catalogue)
    }
}

/// Flink's catalogues by release, and the operator's.
#[derive(Default)]
pub struct Catalogues {
    flink: HashMap<String, IndexedCatalogue>,
    operator: Option<IndexedCatalogue>,
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
    pub fn flink(&mut self, release: Option<&str>) -> Result<IndexedCatalogue, String> {
        let key = release.unwrap_or_default().to_owned();
        if let Some(catalogue) = self.flink.get(&key) {
            return Ok(*catalogue);
        }
        let catalogue = IndexedCatalogue::kept(format!("flink {key}"), || {
            options_check::builtin::for_checking(release).map_err(|e| e.to_string())
        })?;
        self.flink.insert(key, catalogue);
        Ok(catalogue)
    }

    /// The Kubernetes operator's catalogue (at [`Catalogues::operator_release`], or its newest
    /// when that release is unknown).
    pub fn operator(&mut self) -> IndexedCatalogue {
        if let Some(catalogue) = self.operator {
            return catalogue;
        }
        let release = self.operator_release.clone();
        let name = format!("operator {}", release.as_deref().unwrap_or_default());
        let catalogue = IndexedCatalogue::kept(name, || {
            options_check::operator::catalogue(release.as_deref())
                .or_else(|_| options_check::operator::catalogue(None))
        })
        .expect("the newest operator release has a catalogue");
        self.operator = Some(catalogue);
        catalogue
    }
}

/// The newest Flink release the catalogue knows (`2.3`).
pub fn newest_flink() -> String {
    options_flink::FLINK_RELEASES.newest().to_string()
}
