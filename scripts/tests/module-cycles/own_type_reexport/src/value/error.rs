pub struct ValueError;
