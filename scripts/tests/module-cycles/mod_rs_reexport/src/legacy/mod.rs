use crate::layers::Strictness;

pub fn load(_strictness: Strictness) {}
