use crate::error::ValueError;

pub struct Secret;

impl Secret {
    pub fn parse(&self) -> Result<(), ValueError> {
        Err(ValueError)
    }
}
