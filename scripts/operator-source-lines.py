#!/usr/bin/env python3
"""Check the operator source lines that options-check/src/effective/mappings.rs cites.

Each mapping of the table names, per operator release 1.10 ... 1.15, the line of
FlinkConfigBuilder.java, FlinkConfigManager.java or DefaultValidator.java that makes it. This
script reads the table, opens each file at each release's tag in a git checkout of
apache/flink-kubernetes-operator, and checks that the cited line holds the statement the mapping
stands for (a pattern per mapping, below). Rows that hold in some releases only (pipeline.jars
in any mode or in native mode, the parallelism overrides in any mode or in standalone mode) are
also checked for the condition that tells their releases apart.

Usage: scripts/operator-source-lines.py PATH_TO_OPERATOR_GIT_DIR   (exit 1 on a mismatch)
"""
import re
import subprocess
import sys
from pathlib import Path

TAGS = ["release-1.10.0", "release-1.11.0", "release-1.12.1", "release-1.13.0", "release-1.14.0", "release-1.15.0"]
BASE = "flink-kubernetes-operator/src/main/java/org/apache/flink/kubernetes/operator/"
FILES = {
    "Builder": BASE + "config/FlinkConfigBuilder.java",
    "Manager": BASE + "config/FlinkConfigManager.java",
    "Validator": BASE + "validation/DefaultValidator.java",
}
# What the cited line holds, per mapping constant.
PATTERNS = {
    "FLINK_CONFIGURATION": r"getFlinkConfiguration\(\)(\.asFlatMap\(\))?\.forEach\(effectiveConfig::setString\)",
    "REST_SERVICE_TYPE": r"setDefaultConf\($",
    "CANCEL_ENABLE": r"setDefaultConf\(CANCEL_ENABLE, false\)",
    "FLINK_VERSION": r"effectiveConfig\.set\(FLINK_VERSION, spec\.getFlinkVersion\(\)\)",
    "LOG_CONFIGURATION": r"effectiveConfig\.setString\(CONF_DIR, confDir\)",
    "IMAGE": r"effectiveConfig\.setString\(configKey, spec\.getImage\(\)\)",
    "IMAGE_OLD": r"effectiveConfig\.setString\(configKey, spec\.getImage\(\)\)",
    "IMAGE_PULL_POLICY": r"CONTAINER_IMAGE_PULL_POLICY,",
    "SERVICE_ACCOUNT": r"KUBERNETES_SERVICE_ACCOUNT, spec\.getServiceAccount\(\)",
    "JM_POD_TEMPLATE": r"JOB_MANAGER_POD_TEMPLATE, jmTemplateFile",
    "TM_POD_TEMPLATE": r"TASK_MANAGER_POD_TEMPLATE,",
    "JM_MEMORY": r"memoryConfigOption\.key\(\), parseResourceMemoryString",
    "TM_MEMORY": r"memoryConfigOption\.key\(\), parseResourceMemoryString",
    "JM_CPU": r"conf\.setDouble\(KubernetesConfigOptions\.JOB_MANAGER_CPU\.key\(\)",
    "JM_CPU_OLD": r"conf\.setDouble\(configKey, resource\.getCpu\(\)\)",
    "TM_CPU": r"conf\.setDouble\(KubernetesConfigOptions\.TASK_MANAGER_CPU\.key\(\)",
    "TM_CPU_OLD": r"conf\.setDouble\(configKey, resource\.getCpu\(\)\)",
    "JM_REPLICAS": r"KUBERNETES_JOBMANAGER_REPLICAS,",
    "TM_REPLICAS": r"KUBERNETES_TASKMANAGER_REPLICAS,$",
    "TM_REPLICAS_DERIVED": r"FlinkUtils\.getNumTaskManagers\(effectiveConfig, getParallelism\(\)\)",
    "TARGET_APPLICATION": r"KubernetesDeploymentTarget\.APPLICATION\.getName\(\)",
    "JARS_ANY_MODE": r"PipelineOptions\.JARS,",
    "JARS_NATIVE": r"PipelineOptions\.JARS,",
    "PARALLELISM": r"effectiveConfig\.set\(CoreOptions\.DEFAULT_PARALLELISM, getParallelism\(\)\)",
    "PARALLELISM_FROM_REPLICAS": r"return spec\.getTaskManager\(\)\.getReplicas\(\)",
    "PARALLELISM_FROM_OVERRIDES_ANY_MODE": r"getMaxParallelismFromOverrideConfig\(\);",
    "PARALLELISM_FROM_OVERRIDES_STANDALONE": r"getMaxParallelismFromOverrideConfig\(\);",
    "SHUTDOWN_ON_FINISH": r"effectiveConfig\.set\(SHUTDOWN_ON_APPLICATION_FINISH, false\)",
    "SUBMIT_FAILED_JOB": r"setDefaultConf\(SUBMIT_FAILED_JOB_ON_APPLICATION_ERROR, true\)",
    "PIPELINE_NAME": r"setDefaultConf\(conf, PipelineOptions\.NAME, name\)",
    "CHECKPOINT_INTERVAL": r"ExecutionCheckpointingOptions\.CHECKPOINTING_INTERVAL,",
    "EXTERNALIZED_CHECKPOINTS": r"ExecutionCheckpointingOptions\.EXTERNALIZED_CHECKPOINT,",
    "ALLOW_NON_RESTORED_STATE": r"SAVEPOINT_IGNORE_UNCLAIMED_STATE,",
    "ENTRY_CLASS": r"APPLICATION_MAIN_CLASS, jobSpec\.getEntryClass\(\)",
    "ARGS": r"APPLICATION_ARGS, Arrays\.asList\(jobSpec\.getArgs\(\)\)",
    "TARGET_SESSION": r"KubernetesDeploymentTarget\.SESSION\.getName\(\)",
    "TARGET_REMOTE": r'effectiveConfig\.set\(DeploymentOptions\.TARGET, "remote"\)',
    "CLUSTER_MODE": r"StandaloneKubernetesConfigOptionsInternal\.CLUSTER_MODE,",
    "CLASSPATHS": r"PipelineOptions\.CLASSPATHS,",
    "NAMESPACE": r"effectiveConfig\.setString\(KubernetesConfigOptions\.NAMESPACE, namespace\)",
    "CLUSTER_ID": r"effectiveConfig\.setString\(KubernetesConfigOptions\.CLUSTER_ID, clusterId\)",
    "HA_CLUSTER_ID": r"effectiveConfig\.setString\(HighAvailabilityOptions\.HA_CLUSTER_ID, clusterId\)",
    "GENERATION": r"FlinkUtils\.setGenerationAnnotation\(conf, objectMeta\.getGeneration\(\)\)",
    "OPERATOR_DEFAULTS": r"var conf = new Configuration\(defaultConfig\)",
    "NAMESPACE_DEFAULTS": r"applyDefault\(NAMESPACE_CONF_PREFIX \+ namespace",
    "VERSION_DEFAULTS": r"applyDefault\((versionPrefix|VERSION_CONF_PREFIX \+ flinkVersion)",
    "SESSION_JOB_CONFIGURATION": r"sessionJobFlinkConfiguration(\.asFlatMap\(\))?\.forEach\(sessionJobConfig::setString\)",
    "FORBIDDEN": r"FORBIDDEN_CONF_KEYS =",
}
# Rows that hold only in some releases, and what the others hold on that line instead.
RELEASE_ONLY = {
    "JARS_ANY_MODE": (304, r"if \(jobSpec\.getJarURI\(\) != null\)"),
    "JARS_NATIVE": (304, r"deploymentMode == KubernetesDeploymentMode\.NATIVE && jobSpec\.getJarURI\(\) != null"),
    "PARALLELISM_FROM_OVERRIDES_STANDALONE": (None, r"if \(KubernetesDeploymentMode\.STANDALONE\.equals\(spec\.getMode\(\)\)\)"),
}


def lines_of(expr):
    expr = expr.strip()
    if m := re.fullmatch(r"all\((\d+)\)", expr):
        return [int(m[1])] * 6
    if m := re.fullmatch(r"moved\((\d+)\)", expr):
        n = int(m[1])
        return [n, n, n, n, n + 2, n + 2]
    if m := re.fullmatch(r"\[([\d,\s]+)\]", expr):
        return [int(x) for x in m[1].split(",") if x.strip()]
    raise ValueError(expr)


def table(path):
    text = path.read_text()
    rows = {}
    for m in re.finditer(r"pub const ([A-Z_]+): Mapping = (?:absent\()?mapping\((.*?)\n\)\)?;", text, re.S):
        name, body = m[1], m[2]
        args = [a.strip() for a in re.split(r",\n", body.strip()) if a.strip()]
        file = args[4].strip().rstrip(",")
        rows[name] = (file, lines_of(args[5].rstrip(",")))
    return rows


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    git = sys.argv[1]
    root = Path(__file__).resolve().parent.parent
    rows = table(root / "options-check/src/effective/mappings.rs")
    missing = sorted(set(PATTERNS) - set(rows)) + sorted(set(rows) - set(PATTERNS))
    bad = [f"no pattern or no row: {n}" for n in missing]
    sources = {}
    for name, (file, lines) in sorted(rows.items()):
        for tag, line in zip(TAGS, lines):
            key = (tag, file)
            if key not in sources:
                out = subprocess.run(["git", "--git-dir", git, "show", f"{tag}:{FILES[file]}"],
                                     capture_output=True, text=True, check=True)
                sources[key] = out.stdout.split("\n")
            src = sources[key]
            if line == 0:
                continue
            text = src[line - 1] if line <= len(src) else ""
            if not re.search(PATTERNS[name], text):
                bad.append(f"{name} at {tag} {file}:{line}: {text.strip()!r}")
            elif name in RELEASE_ONLY:
                at, pattern = RELEASE_ONLY[name]
                window = src[(at or line) - 4:(at or line) + 1]
                if not any(re.search(pattern, w) for w in window):
                    bad.append(f"{name} at {tag}: the release's condition {pattern!r} is not there")
    for b in bad:
        print(b)
    print(f"{len(rows)} mappings x {len(TAGS)} releases checked, {len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
