use super::ValueError;
use crate::sensitive::MASK;

pub struct Secret;

impl Secret {
    pub fn shown(&self) -> &'static str {
        MASK
    }

    pub fn parse(&self) -> Result<(), ValueError> {
        Err(ValueError)
    }
}
