#!/usr/bin/env python3
"""Write N FlinkDeployment manifests (one file each) and one operator configuration with
namespace and Flink-version defaults, for timing `flinkconf effective` (BENCHMARKS.md).

Usage: gen.py OUT_DIR [N=500]   then: flinkconf effective OUT_DIR/deploy-*.yaml --operator-config OUT_DIR/operator.yaml
"""
import os
import sys

VERSIONS = ["v1_19", "v1_20", "v2_0", "v2_1", "v2_2", "v2_3"]
NAMESPACES = [f"team-{i}" for i in range(10)]


def operator():
    lines = ["kubernetes.operator.reconcile.interval: 15 s", "taskmanager.numberOfTaskSlots: 2",
             "state.backend.type: rocksdb"]
    for ns in NAMESPACES:
        lines.append(f"kubernetes.operator.default-configuration.namespace.{ns}.execution.checkpointing.dir: s3://{ns}/checkpoints")
        lines.append(f"kubernetes.operator.default-configuration.namespace.{ns}.taskmanager.numberOfTaskSlots: 4")
    for v in VERSIONS:
        lines.append(f"kubernetes.operator.default-configuration.flink-version.{v}+.execution.checkpointing.interval: 60 s")
        lines.append(f"kubernetes.operator.default-configuration.flink-version.{v}.pipeline.operator-chaining.enabled: \"true\"")
    return "\n".join(lines) + "\n"


def deployment(i):
    return f"""apiVersion: flink.apache.org/v1beta1
kind: FlinkDeployment
metadata:
  name: job-{i}
  namespace: {NAMESPACES[i % len(NAMESPACES)]}
spec:
  image: flink:2.0
  flinkVersion: {VERSIONS[i % len(VERSIONS)]}
  serviceAccount: flink
  podTemplate:
    spec:
      containers:
        - name: flink-main-container
          env:
            - name: REGION
              value: eu-west-1
  jobManager:
    resource:
      memory: 2048m
      cpu: 1
  taskManager:
    replicas: {1 + i % 4}
    resource:
      memory: 4g
      cpu: 2
  job:
    jarURI: local:///opt/flink/usrlib/job-{i}.jar
    parallelism: {2 + i % 8}
    upgradeMode: last-state
    args: ["--id", "{i}"]
  flinkConfiguration:
    taskmanager.memory.process.size: 3g
    execution.checkpointing.interval: 30 s
    state.backend.incremental: "true"
    restart-strategy.type: exponential-delay
    metrics.reporter.prom.factory.class: org.apache.flink.metrics.prometheus.PrometheusReporterFactory
    metrics.reporter.prom.port: "9249"
    high-availability.type: kubernetes
    high-availability.storageDir: s3://ha/job-{i}
"""


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "operator.yaml"), "w") as f:
        f.write(operator())
    for i in range(n):
        with open(os.path.join(out, f"deploy-{i:04}.yaml"), "w") as f:
            f.write(deployment(i))
    return 0


if __name__ == "__main__":
    sys.exit(main())
