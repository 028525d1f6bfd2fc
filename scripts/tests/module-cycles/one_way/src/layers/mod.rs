mod builder;

pub use crate::loading::Strictness;
pub use builder::Builder;
