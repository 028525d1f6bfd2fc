#!/usr/bin/env python3
"""Writes two versions of a fleet of Flink Kubernetes operator manifests, `DIR/old/` and `DIR/new/`,
for `flinkconf plan DIR/old DIR/new` (the examples of docs/plan.md, the CLI's snapshot test, and the
500-deployment timing).

Usage: gen_plan_fleet.py DIR [N=20]

One file per resource, `teamNN/NAME.yaml`. Every 10th resource is a session cluster with one session
job; the rest are application FlinkDeployments in native mode (every 7th standalone), on Flink 1.20,
with upgradeMode savepoint, last-state or stateless in turn. The new version changes each resource
in one of the ways the operator tells apart, by its index: a checkpoint interval (UPGRADE), the
same interval spelled another way (UPGRADE, spelling only), an autoscaler key (IGNORE), the
parallelism overrides with or without the adaptive scheduler (SCALE, in place or not), the
TaskManager replicas of a standalone deployment (SCALE), the image (UPGRADE), a savepoint redeploy,
upgradeMode alone (IGNORE), a bad value the checker reports, or nothing. The last resource of the old
side is removed and the last one of the new side added. The same N writes the same files.
"""
import os
import sys

MODES = ["savepoint", "last-state", "stateless"]


def app(i, config="", image="flink:1.20", mode="native", upgrade=None, job_extra=""):
    upgrade = upgrade or MODES[i % 3]
    return f"""apiVersion: flink.apache.org/v1beta1
kind: FlinkDeployment
metadata:
  name: job-{i:04d}
  namespace: team{i % 5:02d}
spec:
  image: {image}
  flinkVersion: v1_20
  mode: {mode}
  serviceAccount: flink
  jobManager:
    resource:
      memory: 2048m
      cpu: 1
  taskManager:
    resource:
      memory: 4096m
      cpu: 2
  job:
    jarURI: local:///opt/flink/usrlib/job-{i:04d}.jar
    parallelism: 4
    upgradeMode: {upgrade}
{job_extra}  flinkConfiguration:
    taskmanager.numberOfTaskSlots: "2"
    state.backend.type: rocksdb
    execution.checkpointing.dir: s3://checkpoints/job-{i:04d}
{config}"""


def session(i, image="flink:1.20", parallelism=2):
    return f"""apiVersion: flink.apache.org/v1beta1
kind: FlinkDeployment
metadata:
  name: session-{i:04d}
  namespace: team{i % 5:02d}
spec:
  image: {image}
  flinkVersion: v1_20
  serviceAccount: flink
  jobManager:
    resource:
      memory: 2048m
      cpu: 1
  taskManager:
    resource:
      memory: 4096m
      cpu: 2
---
apiVersion: flink.apache.org/v1beta1
kind: FlinkSessionJob
metadata:
  name: adhoc-{i:04d}
  namespace: team{i % 5:02d}
spec:
  deploymentName: session-{i:04d}
  job:
    jarURI: https://artifacts/adhoc-{i:04d}.jar
    parallelism: {parallelism}
    upgradeMode: savepoint
"""


def versions(i):
    """(old text, new text) of resource i."""
    if i % 10 == 9:
        kind = i // 10 % 2
        return session(i), (session(i, image="flink:1.20.1") if kind else session(i, parallelism=4))
    mode = "standalone" if i % 7 == 6 else "native"
    interval = "    execution.checkpointing.interval: 60 s\n"
    base = dict(mode=mode, config=interval)
    old = app(i, **base)
    change = i % 9
    if change == 0:
        new = app(i, mode=mode, config="    execution.checkpointing.interval: 30 s\n")
    elif change == 1:
        new = app(i, mode=mode, config="    execution.checkpointing.interval: 1 min\n")
    elif change == 2:
        new = app(i, mode=mode, config=interval + "    job.autoscaler.enabled: \"true\"\n")
    elif change == 3:
        adaptive = "    jobmanager.scheduler: adaptive\n" if i % 2 else ""
        before = interval + adaptive + "    pipeline.jobvertex-parallelism-overrides: \"a1b2:4,c3d4:4\"\n"
        after = interval + adaptive + "    pipeline.jobvertex-parallelism-overrides: \"a1b2:8,c3d4:4\"\n"
        old, new = app(i, mode="native", config=before), app(i, mode="native", config=after)
    elif change == 4:
        reactive = app(i, mode="standalone", config=interval + "    scheduler-mode: reactive\n")
        old = reactive.replace("      cpu: 2\n  job:", "      cpu: 2\n    replicas: 2\n  job:")
        new = reactive.replace("      cpu: 2\n  job:", "      cpu: 2\n    replicas: 4\n  job:")
    elif change == 5:
        new = app(i, image="flink:1.20.1", **base)
    elif change == 6:
        path = f"    initialSavepointPath: s3://savepoints/job-{i:04d}/savepoint-1\n"
        old = app(i, job_extra=path, **base)
        new = app(i, job_extra=path + "    savepointRedeployNonce: 1\n", **base)
    elif change == 7:
        new = app(i, upgrade=MODES[(i + 1) % 3], **base)
    else:
        new = app(i, mode=mode, config=interval + "    execution.checkpointing.timeout: soon\n")
    return old, new


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main():
    if not 2 <= len(sys.argv) <= 3:
        sys.exit(__doc__)
    root, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) == 3 else 20
    for i in range(n):
        old, new = versions(i)
        name = f"team{i % 5:02d}/{'session' if i % 10 == 9 else 'job'}-{i:04d}.yaml"
        # The first resource is removed (old side only), the last one added (new side only).
        if i < n - 1 or n == 1:
            write(os.path.join(root, "old", name), old)
        if i > 0 or n == 1:
            write(os.path.join(root, "new", name), new)


if __name__ == "__main__":
    main()
