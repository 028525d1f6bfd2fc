pub enum Strictness {
    Lenient,
    Strict,
}
