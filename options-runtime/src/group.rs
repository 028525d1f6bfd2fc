//! [`GroupMeta`]: the static metadata of one group of options (one `#[derive(Options)]` struct, one
//! docs section), and [`OptionGroup`], the trait the derive implements to hand it out.

use crate::engine::Engine;
use crate::option::OptionMeta;
use crate::release::Releases;

/// Static metadata of one group of options (one `#[derive(Options)]` struct): a docs section.
#[derive(Clone, Copy, Debug)]
pub struct GroupMeta {
    /// Section id, used in file names and anchors (`execution`).
    pub id: &'static str,
    /// Section title (`Execution Options`).
    pub title: &'static str,
    /// Markdown description of the section (may be empty).
    pub description: &'static str,
    /// The family the docs' navigation lists the section under (`State backends`); empty for a
    /// section listed on its own.
    pub family: &'static str,
    /// The options, in declaration order.
    pub options: &'static [OptionMeta],
    /// The releases the options' histories name: its engine's (`#[options(engine = ...)]`,
    /// [`Engine::releases`](crate::engine::Engine::releases)) or its own (`#[options(releases = ...)]`);
    /// `None` for a group whose options are the same in every release.
    pub releases: Option<&'static Releases>,
}

/// A group of options declared with `#[derive(Options)]`.
pub trait OptionGroup {
    /// The group's static metadata.
    fn group() -> &'static GroupMeta;

    /// The engine whose options these are, when the group names one
    /// (`#[options(engine = path::TO_ENGINE)]`); [`Catalogue::with`](crate::Catalogue::with)
    /// adopts it.
    fn engine() -> Option<&'static Engine> {
        None
    }
}
