mod error;
mod secret;

pub use error::ValueError;
pub use secret::Secret;

pub struct Stored;
