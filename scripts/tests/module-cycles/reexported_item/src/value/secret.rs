use crate::option::MASK;

pub struct Secret;

impl Secret {
    pub fn shown(&self) -> &'static str {
        MASK
    }
}
