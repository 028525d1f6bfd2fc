pub mod error;
pub mod layers;
pub mod legacy;
pub mod loading;
pub mod option;
pub mod sensitive;
pub mod value;
