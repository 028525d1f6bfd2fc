use crate::loading::Strictness;

pub fn load(_strictness: Strictness) {}
