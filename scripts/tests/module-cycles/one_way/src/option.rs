use crate::value::Stored;

pub use crate::sensitive::MASK;

pub struct OptionMeta(pub Stored);
