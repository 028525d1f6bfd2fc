//! Values written as YAML: the natural YAML form of each option type (numbers, booleans, lists and
//! maps as YAML, text quoted only where YAML would read it differently), and the lines of a
//! `config.yaml` with their comments. Shared by the config template and by `migrate`.

pub mod emit;
pub mod value;
