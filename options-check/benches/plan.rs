//! `plan/500`: what `flinkconf plan` costs for 500 changed FlinkDeployments (the issue asks for
//! under a second): both sides read into the resource model, every pair compared by the operator's
//! rules, the meaning of each worked out and the checker run over every new
//! `spec.flinkConfiguration`. The fleet is built here: each deployment changes in one of four
//! ways (a checkpoint interval, the same interval spelled another way, an autoscaler key, the
//! parallelism overrides).

use criterion::{criterion_group, criterion_main, Criterion};
use options_check::plan::sides::Side;
use options_check::plan::{plan, PlanOptions};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const DEPLOYMENTS: usize = 500;

/// Deployment `i` with `config` lines in its `spec.flinkConfiguration`.
fn deployment(i: usize, config: &str) -> String {
    format!(
        "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: job-{i}\n  namespace: team{}\nspec:\n  image: flink:1.20\n  flinkVersion: v1_20\n  serviceAccount: flink\n  jobManager:\n    resource:\n      memory: 2048m\n      cpu: 1\n  taskManager:\n    resource:\n      memory: 4096m\n      cpu: 2\n  job:\n    jarURI: local:///opt/flink/usrlib/job.jar\n    parallelism: 4\n    upgradeMode: savepoint\n  flinkConfiguration:\n    taskmanager.numberOfTaskSlots: \"2\"\n    state.backend.type: rocksdb\n    jobmanager.scheduler: adaptive\n{config}",
        i % 10
    )
}

fn sides() -> (Side, Side) {
    let before = "    execution.checkpointing.interval: 60 s\n    pipeline.jobvertex-parallelism-overrides: \"a:2\"\n";
    let after = [
        "    execution.checkpointing.interval: 30 s\n    pipeline.jobvertex-parallelism-overrides: \"a:2\"\n",
        "    execution.checkpointing.interval: 1 min\n    pipeline.jobvertex-parallelism-overrides: \"a:2\"\n",
        "    execution.checkpointing.interval: 60 s\n    pipeline.jobvertex-parallelism-overrides: \"a:2\"\n    job.autoscaler.enabled: \"true\"\n",
        "    execution.checkpointing.interval: 60 s\n    pipeline.jobvertex-parallelism-overrides: \"a:4\"\n",
    ];
    let old = (0..DEPLOYMENTS).map(|i| (format!("job-{i}.yaml"), deployment(i, before)));
    let new = (0..DEPLOYMENTS).map(|i| (format!("job-{i}.yaml"), deployment(i, after[i % 4])));
    (Side::of_texts(old), Side::of_texts(new))
}

fn bench(c: &mut Criterion) {
    let options = PlanOptions::newest();
    let mut group = c.benchmark_group("plan");
    group.sample_size(10);
    group.bench_function("500", |b| {
        b.iter(|| {
            let (old, new) = sides();
            let planned = plan(&old, &new, &options);
            assert_eq!(planned.deployments.len(), DEPLOYMENTS);
            planned
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
