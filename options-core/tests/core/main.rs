//! The integration tests of options-core, one module per subject, in one binary.

mod catalogue_suggest;
mod const_handles;
mod key_index;
mod reload;
mod text_defaults;
mod values_collections;
mod values_durations;
mod values_memory;
mod values_proptest;
mod values_scalars;
