//! What the operator's `FlinkConfigBuilder.buildFrom` writes over a deployment's defaults, in its
//! order: `spec.flinkConfiguration`, then every spec field, then the keys it sets itself. Each
//! write names its row of [`super::mappings`], so the source of every value cites the line of the
//! operator's source that writes it.

use options_core::key_index::KeyRole;
use options_core::{Catalogue, Release};

use super::layer::{ConfigLayer, Stack, ValueSource};
use super::mappings::{self as m, Mapping};
use super::memory::process_size;
use super::versions::FlinkVersion;
use crate::input::nodes::Pos;
use crate::report::Finding;
use crate::resource::{Field, Resource};
use crate::rules::{Level, Rule};

/// What one build reads.
pub struct Context<'a> {
    /// The resource.
    pub resource: &'a Resource,
    /// Its file, as sources name it.
    pub file: &'a str,
    /// The operator release whose rules apply.
    pub release: Release,
    /// `spec.flinkVersion`, when it names a version.
    pub version: Option<FlinkVersion>,
    /// Flink's catalogue at the deployment's release: the defaults the builder reads
    /// (`taskmanager.numberOfTaskSlots`) and the spellings of each option.
    pub flink: &'a Catalogue,
}

impl Context<'_> {
    /// A source of `mapping` written by the spec field at `keys` (at its position when written).
    fn field_source(&self, mapping: &Mapping, keys: &[&str]) -> ValueSource {
        let path = format!("spec.{}", keys.join("."));
        let source = mapping.source(self.release, &path);
        // A scalar at its value; a mapping (`spec.job`) at its first field's key.
        match self.resource.spec_field(keys) {
            Some(f) => source.at(self.file, f.pos.line, f.pos.column),
            None => match self.resource.under(keys).next() {
                Some(f) => source.at(self.file, f.key_pos.line, f.key_pos.column),
                None => source,
            },
        }
    }

    /// A source of `mapping` at the resource's `metadata` field `name` (or its document).
    fn metadata_source(&self, mapping: &Mapping, name: &str) -> ValueSource {
        let source = mapping.source(self.release, &format!("metadata.{name}"));
        let located = match name {
            "name" => self.resource.metadata_name.as_ref(),
            "namespace" => self.resource.metadata_namespace.as_ref(),
            _ => None,
        };
        match located {
            Some(l) => source.at(self.file, l.pos.line, l.pos.column),
            None => source.at(self.file, self.resource.line, 1),
        }
    }

    /// A source of `mapping` that no single field writes, named `path`.
    fn rule_source(&self, mapping: &Mapping, path: &str) -> ValueSource {
        mapping.source(self.release, path)
    }

    fn text(&self, keys: &[&str]) -> Option<&str> {
        self.resource.spec_text(keys)
    }

    fn field(&self, keys: &[&str]) -> Option<&Field> {
        self.resource.spec_field(keys)
    }

    /// Whether the spec holds `keys` with a value other than null (`jobManager: {}` counts).
    fn present(&self, keys: &[&str]) -> bool {
        self.resource.has(keys)
    }

    fn standalone(&self) -> bool {
        self.text(&["mode"]) == Some("standalone")
    }

    fn new_keys(&self) -> bool {
        self.version.is_none_or(FlinkVersion::has_new_keys)
    }

    /// The value Flink reads for the option `key` names: its key, then its fallback and
    /// deprecated keys, as written to `stack`, else its default.
    pub fn read(&self, stack: &Stack, key: &str) -> Option<String> {
        let Some(resolved) = self
            .flink
            .resolve(key)
            .filter(|r| r.role != KeyRole::Pattern)
        else {
            return stack.value(key, None).map(str::to_owned);
        };
        let meta = resolved.meta;
        std::iter::once(&meta.key)
            .chain(meta.fallback_keys)
            .chain(meta.deprecated_keys)
            .find_map(|k| stack.value(k.name(), None))
            .map(str::to_owned)
            .or_else(|| match meta.default {
                options_core::DefaultDoc::Value(v) => Some(v.to_owned()),
                _ => None,
            })
    }

    fn finding(&self, rule: Rule, level: Level, pos: Pos, message: String) -> Finding {
        Finding {
            rule,
            level,
            line: pos.line,
            column: Some(pos.column),
            message,
            suggestions: Vec::new(),
            fixes: Vec::new(),
        }
    }
}

/// Writes `spec.flinkConfiguration` and the spec's fields over `stack` (which holds the
/// operator's defaults), in `buildFrom`'s order; problems that stop the operator from building
/// the configuration go to `findings`.
pub fn build(cx: &Context<'_>, stack: &mut Stack, findings: &mut Vec<Finding>) {
    apply_flink_configuration(cx, stack, findings);
    apply_log_configuration(cx, stack);
    apply_image(cx, stack);
    apply_service_account(cx, stack);
    apply_pod_templates(cx, stack);
    apply_job_manager(cx, stack, findings);
    apply_task_manager(cx, stack, findings);
    apply_job_or_session(cx, stack, findings);
    apply_cluster(cx, stack);
}

/// `applyFlinkConfiguration` (l.140-153).
fn apply_flink_configuration(cx: &Context<'_>, stack: &mut Stack, findings: &mut Vec<Finding>) {
    if let Some(conf) = &cx.resource.flink_configuration {
        // l.143: `spec.getFlinkConfiguration().asFlatMap().forEach(effectiveConfig::setString)`
        // (1.10-1.12: `getFlinkConfiguration().forEach`, a map of strings).
        if conf.nested && cx.release.index() < 3 {
            findings.push(cx.finding(
                Rule::Note,
                Level::Note,
                conf.pos,
                format!(
                    "operator {} takes spec.flinkConfiguration as a map of strings: nested mappings are read from operator 1.13, so the API server refuses this resource",
                    cx.release
                ),
            ));
        }
        for s in &conf.settings {
            let source = ValueSource {
                operator_source: m::FLINK_CONFIGURATION.cite(cx.release),
                ..ValueSource::of(ConfigLayer::FlinkConfiguration).at(cx.file, s.line, s.column)
            };
            stack.write(&s.key, s.value.clone(), source);
        }
    }
    // l.147-150: `setDefaultConf(REST_SERVICE_EXPOSED_TYPE, ClusterIP)`,
    // `setDefaultConf(CANCEL_ENABLE, false)`.
    let always = "(every deployment)";
    stack.write(
        m::REST_SERVICE_TYPE.key,
        "ClusterIP",
        cx.rule_source(&m::REST_SERVICE_TYPE, always),
    );
    stack.write(
        m::CANCEL_ENABLE.key,
        "false",
        cx.rule_source(&m::CANCEL_ENABLE, always),
    );
    // l.151: `effectiveConfig.set(FLINK_VERSION, spec.getFlinkVersion())`
    if let Some(version) = cx.text(&["flinkVersion"]) {
        stack.write(
            m::FLINK_VERSION.key,
            version,
            cx.field_source(&m::FLINK_VERSION, &["flinkVersion"]),
        );
    }
}

/// `applyLogConfiguration` (l.188-197): the log files are written to a directory of the
/// operator's, which becomes the configuration directory.
fn apply_log_configuration(cx: &Context<'_>, stack: &mut Stack) {
    if !cx.present(&["logConfiguration"]) {
        return;
    }
    let files: Vec<String> = cx
        .resource
        .under(&["logConfiguration"])
        .filter_map(|f| match f.path.0.get(2) {
            Some(crate::resource::Segment::Key(k)) => Some(k.clone()),
            _ => None,
        })
        .collect();
    stack.write(
        m::LOG_CONFIGURATION.key,
        format!("<directory the operator writes: {}>", files.join(", ")),
        cx.field_source(&m::LOG_CONFIGURATION, &["logConfiguration"]),
    );
}

/// `applyImage`, `applyImagePullPolicy` (l.118-138).
fn apply_image(cx: &Context<'_>, stack: &mut Stack) {
    if let Some(image) = cx.text(&["image"]).filter(|i| !i.trim().is_empty()) {
        // l.121-126: `kubernetes.container.image.ref` from Flink 1.17, else the old key.
        let mapping = match cx.new_keys() {
            true => &m::IMAGE,
            false => &m::IMAGE_OLD,
        };
        stack.write(mapping.key, image, cx.field_source(mapping, &["image"]));
    }
    if let Some(policy) = cx
        .text(&["imagePullPolicy"])
        .filter(|p| !p.trim().is_empty())
    {
        stack.write(
            m::IMAGE_PULL_POLICY.key,
            policy,
            cx.field_source(&m::IMAGE_PULL_POLICY, &["imagePullPolicy"]),
        );
    }
}

/// `applyServiceAccount` (l.252-258).
fn apply_service_account(cx: &Context<'_>, stack: &mut Stack) {
    if let Some(account) = cx.text(&["serviceAccount"]) {
        stack.write(
            m::SERVICE_ACCOUNT.key,
            account,
            cx.field_source(&m::SERVICE_ACCOUNT, &["serviceAccount"]),
        );
    }
}

/// `applyPodTemplate` (l.199-250): a file the operator writes per component from the merged
/// templates; the JobManager's also for its startup probe alone.
fn apply_pod_templates(cx: &Context<'_>, stack: &mut Stack) {
    // What goes into a component's template: each as (what, its spec path).
    let parts = |component: &'static str| {
        let candidates: [(String, Vec<&str>); 3] = [
            ("spec.podTemplate".to_owned(), vec!["podTemplate"]),
            (
                format!("spec.{component}.podTemplate"),
                vec![component, "podTemplate"],
            ),
            (
                format!("spec.{component}.resource.ephemeralStorage"),
                vec![component, "resource", "ephemeralStorage"],
            ),
        ];
        candidates
            .into_iter()
            .filter(|(_, keys)| cx.present(keys))
            .collect::<Vec<_>>()
    };
    let mut jm = parts("jobManager");
    // l.216-222: the startup probe (kubernetes.operator.jm-deployment.startup.probe.enabled,
    // default true) is added to the JobManager's template, making one when there is none.
    let probe = cx
        .read(
            stack,
            "kubernetes.operator.jm-deployment.startup.probe.enabled",
        )
        .is_none_or(|v| v.eq_ignore_ascii_case("true"));
    if probe {
        jm.push(("the startup probe".to_owned(), Vec::new()));
    }
    for (mapping, parts) in [
        (&m::JM_POD_TEMPLATE, jm),
        (&m::TM_POD_TEMPLATE, parts("taskManager")),
    ] {
        let Some((first, keys)) = parts.first() else {
            continue;
        };
        let source = match cx.resource.under(keys).next().filter(|_| !keys.is_empty()) {
            Some(f) => cx
                .rule_source(mapping, first)
                .at(cx.file, f.key_pos.line, f.key_pos.column),
            None => cx.rule_source(
                mapping,
                "kubernetes.operator.jm-deployment.startup.probe.enabled",
            ),
        };
        let what: Vec<&str> = parts.iter().map(|(w, _)| w.as_str()).collect();
        stack.write(
            mapping.key,
            format!(
                "<pod template file the operator writes: {}>",
                what.join(" + ")
            ),
            source,
        );
    }
}

/// `applyJobManagerSpec` (l.260-270).
fn apply_job_manager(cx: &Context<'_>, stack: &mut Stack, findings: &mut Vec<Finding>) {
    if !cx.present(&["jobManager"]) {
        return;
    }
    set_resource(
        cx,
        stack,
        findings,
        "jobManager",
        (&m::JM_MEMORY, &m::JM_CPU, &m::JM_CPU_OLD),
    );
    // `replicas` defaults to 1 and is written when above 0.
    let replicas = match cx.field(&["jobManager", "replicas"]) {
        Some(f) => integer(cx, f, findings),
        None => Some(1),
    };
    if let Some(n) = replicas.filter(|n| *n > 0) {
        let mut source = cx.field_source(&m::JM_REPLICAS, &["jobManager", "replicas"]);
        if cx.field(&["jobManager", "replicas"]).is_none() {
            source.path = Some("spec.jobManager.replicas (default 1)".to_owned());
        }
        stack.write(m::JM_REPLICAS.key, n.to_string(), source);
    }
}

/// `applyTaskManagerSpec` (l.272-294).
fn apply_task_manager(cx: &Context<'_>, stack: &mut Stack, findings: &mut Vec<Finding>) {
    if cx.present(&["taskManager"]) {
        set_resource(
            cx,
            stack,
            findings,
            "taskManager",
            (&m::TM_MEMORY, &m::TM_CPU, &m::TM_CPU_OLD),
        );
        if let Some(f) = cx.field(&["taskManager", "replicas"]) {
            if let Some(n) = integer(cx, f, findings).filter(|n| *n > 0) {
                stack.write(
                    m::TM_REPLICAS.key,
                    n.to_string(),
                    cx.field_source(&m::TM_REPLICAS, &["taskManager", "replicas"]),
                );
            }
        }
    }
    // l.283-292: a standalone application without replicas gets enough TaskManagers for its
    // parallelism.
    if cx.present(&["job"]) && cx.standalone() && !stack.contains(m::TM_REPLICAS_DERIVED.key) {
        let (parallelism, _) = parallelism(cx, stack, findings);
        let slots = slots(cx, stack);
        let replicas = match slots {
            0 => 0,
            s => (parallelism.max(0) + s - 1) / s,
        };
        stack.write(
            m::TM_REPLICAS_DERIVED.key,
            replicas.to_string(),
            cx.field_source(&m::TM_REPLICAS_DERIVED, &["job", "parallelism"]),
        );
    }
}

/// `setResource` and `configureCpu` (l.423-481).
fn set_resource(
    cx: &Context<'_>,
    stack: &mut Stack,
    findings: &mut Vec<Finding>,
    component: &str,
    (memory, cpu, cpu_old): (&Mapping, &Mapping, &Mapping),
) {
    if let Some(f) = cx.field(&[component, "resource", "memory"]) {
        if let Some(text) = f.value.text() {
            match process_size(text) {
                Some(size) => stack.write(
                    memory.key,
                    size,
                    cx.field_source(memory, &[component, "resource", "memory"]),
                ),
                None => findings.push(cx.finding(
                    Rule::InvalidValue,
                    Level::Error,
                    f.pos,
                    format!(
                        "spec.{component}.resource.memory \"{text}\" is neither a Flink memory size (2048m) nor a Kubernetes quantity (2Gi): the operator cannot build the configuration"
                    ),
                )),
            }
        }
    }
    if let Some(f) = cx.field(&[component, "resource", "cpu"]) {
        let Some(text) = f.value.text() else {
            return;
        };
        let Ok(amount) = text.trim().parse::<f64>() else {
            findings.push(cx.finding(
                Rule::InvalidValue,
                Level::Error,
                f.pos,
                format!("spec.{component}.resource.cpu \"{text}\" is not a number (1, 0.5)"),
            ));
            return;
        };
        // `conf.setDouble(...)`: Java prints a double with at least one decimal (`1.0`).
        let value = java_double(amount);
        let keys = [component, "resource", "cpu"];
        stack.write(cpu.key, value.clone(), cx.field_source(cpu, &keys));
        if !cx.new_keys() {
            stack.write(cpu_old.key, value, cx.field_source(cpu_old, &keys));
        }
    }
}

/// How Java's `Double.toString` prints a double of the usual sizes (`1.0`, `0.5`, `2.25`).
fn java_double(v: f64) -> String {
    let text = format!("{v:?}");
    match text.contains(['.', 'e', 'N', 'i']) {
        true => text,
        false => format!("{text}.0"),
    }
}

/// An integer field, or a finding.
fn integer(cx: &Context<'_>, f: &Field, findings: &mut Vec<Finding>) -> Option<i64> {
    let text = f.value.text()?;
    match text.trim().parse::<i64>() {
        Ok(n) => Some(n),
        Err(_) => {
            findings.push(cx.finding(
                Rule::InvalidValue,
                Level::Error,
                f.pos,
                format!("{} \"{text}\" is not a whole number", f.path),
            ));
            None
        }
    }
}

/// `taskmanager.numberOfTaskSlots` as Flink reads it.
fn slots(cx: &Context<'_>, stack: &Stack) -> i64 {
    cx.read(stack, "taskmanager.numberOfTaskSlots")
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(1)
}

/// `getParallelism` (l.357-374 at 1.15): `taskManager.replicas` x slots when replicas are
/// written; else (1.14 and later: standalone only) the largest
/// `pipeline.jobvertex-parallelism-overrides` value above 0; else `job.parallelism`. With the
/// mapping that decided.
fn parallelism(
    cx: &Context<'_>,
    stack: &Stack,
    findings: &mut Vec<Finding>,
) -> (i64, (&'static Mapping, ValueSource)) {
    if let Some(f) = cx.field(&["taskManager", "replicas"]) {
        if let Some(replicas) = integer(cx, f, &mut Vec::new()) {
            let source =
                cx.field_source(&m::PARALLELISM_FROM_REPLICAS, &["taskManager", "replicas"]);
            return (
                replicas * slots(cx, stack),
                (&m::PARALLELISM_FROM_REPLICAS, source),
            );
        }
    }
    let overrides = match cx.release.index() >= 4 {
        true => (&m::PARALLELISM_FROM_OVERRIDES_STANDALONE, cx.standalone()),
        false => (&m::PARALLELISM_FROM_OVERRIDES_ANY_MODE, true),
    };
    if overrides.1 {
        let largest = cx
            .read(stack, "pipeline.jobvertex-parallelism-overrides")
            .and_then(|text| options_core::grammar::parse_map(&text).ok())
            .and_then(|map| {
                map.iter()
                    .filter_map(|(_, v)| v.trim().parse::<i64>().ok())
                    .max()
            });
        if let Some(n) = largest.filter(|n| *n > 0) {
            let mut source =
                cx.rule_source(overrides.0, "pipeline.jobvertex-parallelism-overrides");
            if let Some(w) = stack.get("pipeline.jobvertex-parallelism-overrides") {
                source.file = w.source.file.clone();
                source.line = w.source.line;
                source.column = w.source.column;
            }
            return (n, (overrides.0, source));
        }
    }
    let parallelism = match cx.field(&["job", "parallelism"]) {
        Some(f) => integer(cx, f, findings).unwrap_or(0),
        None => 0,
    };
    let mut source = cx.field_source(&m::PARALLELISM, &["job", "parallelism"]);
    if cx.field(&["job", "parallelism"]).is_none() {
        source.path = Some("spec.job.parallelism (unwritten: 0)".to_owned());
    }
    (parallelism, (&m::PARALLELISM, source))
}

/// `applyJobOrSessionSpec` (l.296-335).
fn apply_job_or_session(cx: &Context<'_>, stack: &mut Stack, findings: &mut Vec<Finding>) {
    let job = cx.present(&["job"]);
    let jar = cx.text(&["job", "jarURI"]);
    if job {
        stack.write(
            m::TARGET_APPLICATION.key,
            "kubernetes-application",
            cx.field_source(&m::TARGET_APPLICATION, &["job"]),
        );
        // l.304: native mode only from 1.11 (1.10: `if (jobSpec.getJarURI() != null)`).
        let jars = match cx.release.index() >= 1 {
            true => (&m::JARS_NATIVE, !cx.standalone()),
            false => (&m::JARS_ANY_MODE, true),
        };
        if let (Some(jar), true) = (jar, jars.1) {
            stack.write(jars.0.key, jar, cx.field_source(jars.0, &["job", "jarURI"]));
        }
        let (n, (_, source)) = parallelism(cx, stack, findings);
        stack.write(m::PARALLELISM.key, n.to_string(), source);
        stack.write(
            m::SHUTDOWN_ON_FINISH.key,
            "false",
            cx.field_source(&m::SHUTDOWN_ON_FINISH, &["job"]),
        );
        stack.write(
            m::SUBMIT_FAILED_JOB.key,
            "true",
            cx.field_source(&m::SUBMIT_FAILED_JOB, &["job"]),
        );
        apply_job_config(cx, stack, cx.resource.name());
    } else {
        stack.write(
            m::TARGET_SESSION.key,
            "kubernetes-session",
            cx.rule_source(&m::TARGET_SESSION, "spec.job (none)"),
        );
    }
    if cx.standalone() {
        stack.write(
            m::TARGET_REMOTE.key,
            "remote",
            cx.field_source(&m::TARGET_REMOTE, &["mode"]),
        );
        stack.write(
            m::CLUSTER_MODE.key,
            if job { "APPLICATION" } else { "SESSION" },
            cx.field_source(&m::CLUSTER_MODE, &["mode"]),
        );
        if let (true, Some(jar)) = (job, jar) {
            // l.337-355: `local://` is read as `file://` in standalone mode.
            let uri = match jar.strip_prefix("local://") {
                Some(rest) => format!("file://{rest}"),
                None => jar.to_owned(),
            };
            stack.write(
                m::CLASSPATHS.key,
                uri,
                cx.field_source(&m::CLASSPATHS, &["job", "jarURI"]),
            );
        }
    }
}

/// `applyJobConfig(name, conf, jobSpec)` (l.155-186): the job's defaults and fields, for an
/// application deployment (its own name) and a session job (the session job's name).
pub fn apply_job_config(cx: &Context<'_>, stack: &mut Stack, name: &str) {
    stack.write(
        m::PIPELINE_NAME.key,
        name,
        cx.metadata_source(&m::PIPELINE_NAME, "name"),
    );
    if cx.text(&["job", "upgradeMode"]) == Some("last-state") {
        stack.write(
            m::CHECKPOINT_INTERVAL.key,
            "5 min",
            cx.field_source(&m::CHECKPOINT_INTERVAL, &["job", "upgradeMode"]),
        );
    }
    stack.write(
        m::EXTERNALIZED_CHECKPOINTS.key,
        "RETAIN_ON_CANCELLATION",
        cx.field_source(&m::EXTERNALIZED_CHECKPOINTS, &["job"]),
    );
    if let Some(allow) = cx.text(&["job", "allowNonRestoredState"]) {
        stack.write(
            m::ALLOW_NON_RESTORED_STATE.key,
            allow.to_ascii_lowercase(),
            cx.field_source(
                &m::ALLOW_NON_RESTORED_STATE,
                &["job", "allowNonRestoredState"],
            ),
        );
    }
    if let Some(class) = cx.text(&["job", "entryClass"]) {
        stack.write(
            m::ENTRY_CLASS.key,
            class,
            cx.field_source(&m::ENTRY_CLASS, &["job", "entryClass"]),
        );
    }
    // `args` defaults to an empty array, so it is always written.
    let args: Vec<String> = cx
        .resource
        .under(&["job", "args"])
        .filter_map(|f| f.value.text().map(str::to_owned))
        .collect();
    let mut source = cx.field_source(&m::ARGS, &["job", "args"]);
    if let Some(f) = cx.resource.under(&["job", "args"]).next() {
        source = source.at(cx.file, f.key_pos.line, f.key_pos.column);
    } else {
        source.path = Some("spec.job.args (unwritten: none)".to_owned());
    }
    stack.write(m::ARGS.key, options_core::grammar::join_list(&args), source);
}

/// `build()` (l.386-395 at 1.15) and `getDeployConfig`'s generation annotation.
fn apply_cluster(cx: &Context<'_>, stack: &mut Stack) {
    stack.write(
        m::NAMESPACE.key,
        cx.resource.namespace(),
        cx.metadata_source(&m::NAMESPACE, "namespace"),
    );
    stack.write(
        m::CLUSTER_ID.key,
        cx.resource.name(),
        cx.metadata_source(&m::CLUSTER_ID, "name"),
    );
    // `HighAvailabilityMode.isHighAvailabilityModeActivated`: any mode but NONE.
    let ha = cx
        .read(stack, "high-availability.type")
        .is_some_and(|mode| !mode.trim().eq_ignore_ascii_case("none"));
    if ha {
        stack.write(
            m::HA_CLUSTER_ID.key,
            cx.resource.name(),
            cx.metadata_source(&m::HA_CLUSTER_ID, "name"),
        );
    }
    // FlinkConfigManager.getDeployConfig: `FlinkUtils.setGenerationAnnotation(conf, generation)`
    // adds the resource's generation (set by the API server) to the JobManager's annotations.
    let mut annotations = stack
        .value(m::GENERATION.key, None)
        .map(str::to_owned)
        .unwrap_or_default();
    if !annotations.is_empty() {
        annotations.push(',');
    }
    annotations.push_str("flinkdeployment.flink.apache.org/generation:<metadata.generation>");
    stack.write(
        m::GENERATION.key,
        annotations,
        cx.rule_source(&m::GENERATION, "metadata.generation"),
    );
}
