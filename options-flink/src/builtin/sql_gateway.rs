//! The SQL gateway's endpoints (`flink-sql-gateway`, started by `bin/sql-gateway.sh`): which
//! endpoints start and where the REST endpoint listens. The gateway's session and worker options
//! (`sql-gateway.session.*`, `sql-gateway.worker.*`) are in Flink's release tables and live with
//! the SQL client's ([`super::sql_client`]).
//!
//! Facts follow Flink's `SqlGatewayRestOptions` and the gateway's configuration page; the
//! descriptions are this project's own.

use options_core::Options;

/// Endpoints of the SQL gateway.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "sql-gateway-endpoints",
    title = "SQL Gateway Endpoints (module)",
    family = "Plugins and Modules",
    engine = crate::ENGINE,
    change_class = crate::engine::change::CLUSTER_START
)]
pub struct SqlGatewayEndpointOptions {
    /// Which endpoints the gateway starts, by identifier: `rest` (the default), `hiveserver2`, or
    /// both.
    ///
    /// Flink's table lists it among the `WITH (...)` options because the gateway discovers
    /// endpoints through table factories, but it is set in the gateway's configuration.
    #[option(key = "sql-gateway.endpoint.type", default = "rest")]
    pub endpoint_type: Vec<String>,

    /// Address clients use to reach the gateway's REST endpoint.
    #[option(key = "sql-gateway.endpoint.rest.address")]
    pub rest_address: Option<String>,

    /// Network address the REST endpoint listens on; unset listens where `address` points.
    #[option(key = "sql-gateway.endpoint.rest.bind-address")]
    pub rest_bind_address: Option<String>,

    /// Port clients connect to; the endpoint also listens on it unless `bind-port` says otherwise.
    #[option(
        key = "sql-gateway.endpoint.rest.port",
        default = 8083,
        min = 0,
        max = 65535
    )]
    pub rest_port: i32,

    /// Port or ports the REST endpoint may listen on: one port, a list (`50100,50101`), a range
    /// (`50100-50200`) or a mix. A range lets several gateways share a machine.
    #[option(key = "sql-gateway.endpoint.rest.bind-port", default = "8083")]
    pub rest_bind_port: String,
}
