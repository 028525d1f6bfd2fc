mod error;
mod secret;

pub use error::ValueError;
pub use secret::Secret;
