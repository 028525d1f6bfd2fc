pub use crate::value::ValueError;

pub struct ConfigError(pub ValueError);
