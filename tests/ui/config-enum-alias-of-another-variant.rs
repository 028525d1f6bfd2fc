use options_core::ConfigEnum;

/// The SQL dialect.
#[derive(Clone, Copy, Debug, ConfigEnum)]
pub enum Dialect {
    /// PostgreSQL.
    #[config(name = "postgresql", alias = "postgres")]
    PostgreSql,
    /// Amazon Redshift, which says it is Postgres.
    #[config(name = "redshift", alias = "POSTGRES")]
    Redshift,
}

fn main() {}
