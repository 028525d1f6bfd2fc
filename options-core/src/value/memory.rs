//! [`MemorySize`]: a number of bytes with Flink's 1024-based unit grammar.

/// A memory size in bytes (`64 mb`, `1 gb`), at most `i64::MAX` bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct MemorySize(u64);

impl MemorySize {
    /// A size of `bytes` bytes.
    pub const fn from_bytes(bytes: u64) -> Self {
        MemorySize(bytes)
    }

    /// The size in bytes.
    pub const fn bytes(self) -> u64 {
        self.0
    }
}
