mod secret;

pub use secret::Secret;

pub struct Stored;
