//! Per-resource options of external resources (GPUs, FPGAs, ...): pattern keys such as
//! `external-resource.<resource_name>.amount`, one instance per resource named in
//! `external-resources`. See [`options_core::pattern`] for how keys match.
//!
//! Facts follow Apache Flink's `ExternalResourceOptions` of 1.19 to 2.3 (and the Kubernetes and
//! YARN keys of the same resources); the descriptions are this project's own.

use options_core::Options;

/// Settings of each external resource, named by the `<resource_name>` in its keys.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "external-resources",
    title = "External Resources",
    family = "Deployment", engine = crate::ENGINE,
    change_class = crate::engine::change::CLUSTER_START)]
pub struct ExternalResourceOptions {
    /// How many units of the resource each TaskManager asks for. Required for every resource
    /// listed in `external-resources`.
    #[option(key = "external-resource.<resource_name>.amount")]
    pub amount: Option<i64>,

    /// Factory class of the driver that discovers the resource on a TaskManager; without it the
    /// resource is requested but no information about it reaches tasks.
    #[option(key = "external-resource.<resource_name>.driver-factory.class")]
    pub driver_factory_class: Option<String>,

    /// Name under which Kubernetes knows the resource (e.g. `nvidia.com/gpu`); needed to request
    /// it for TaskManager pods.
    #[option(key = "external-resource.<resource_name>.kubernetes.config-key")]
    pub kubernetes_config_key: Option<String>,

    /// Name under which YARN knows the resource (e.g. `yarn.io/gpu`); needed to request it for
    /// TaskManager containers.
    #[option(key = "external-resource.<resource_name>.yarn.config-key")]
    pub yarn_config_key: Option<String>,

    /// Any setting of the resource's driver (`external-resource.gpu.param.discovery-script.path`),
    /// passed to it as a string.
    #[option(key = "external-resource.<resource_name>.param.<param>")]
    pub param: Option<String>,
}
