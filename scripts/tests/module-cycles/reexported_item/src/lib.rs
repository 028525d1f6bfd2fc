pub mod option;
pub mod sensitive;
pub mod value;
