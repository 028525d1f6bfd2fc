use options_core::Options;

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options")]
pub struct LookupOptions {
    /// Operators the planner must not choose.
    #[option(key = "lookup.disabled-operators", default = "HashJoin")]
    pub disabled_operators: Option<String>,
}

fn main() {}
