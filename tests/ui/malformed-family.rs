use options_core::Options;

/// RocksDB options.
#[derive(Options)]
#[options(section = "rocksdb", title = "RocksDB", family = " ")]
pub struct RocksDbOptions {
    /// How many background threads flush and compact.
    #[option(key = "state.backend.rocksdb.thread.num", default = 2)]
    pub threads: i32,
}

fn main() {}
