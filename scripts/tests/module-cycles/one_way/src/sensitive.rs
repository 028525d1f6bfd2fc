pub const MASK: &str = "******";
