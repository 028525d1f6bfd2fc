pub mod layers;
pub mod legacy;
pub mod loading;
