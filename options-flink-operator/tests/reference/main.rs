//! Checks the operator's catalogue against the facts of every release it knows, in `tests/data/`
//! (copied from the project's `shared/reference/flink-operator/`):
//!
//! * `tables`: under each release (`catalogue_at`), every row of `operator-RELEASE-options.tsv`
//!   against the declaration: the key set, type, default, fallback keys, deprecated keys, closed
//!   set of values, documented or not, and the section (which carries `doc_section`). Every
//!   difference must be listed with its reason in `differences.tsv`, and every listed difference
//!   must still exist;
//! * `changes`: `CHANGES.md` reproduced from the catalogues of consecutive releases: row counts,
//!   keys added and removed (renames still read under the new key), default and type changes,
//!   and the sizes and memberships of the docs' subset tables;
//! * `behaviour`: what the declarations do at run time that the tables state in words: the
//!   lookup order of old spellings, pattern keys, placements, descriptions.

mod behaviour;
mod changes;
mod facts;
mod tables;
