//! `effective`: what `flinkconf effective` costs for 500 FlinkDeployment manifests (each read
//! into the resource model and built through the operator's layers) with one operator
//! configuration of namespace and version defaults (`effective/manifests_500`), and the JSON of
//! the result (`effective/json_500`). The manifests are those of
//! `scripts/bench-effective/gen.py`.

use criterion::{criterion_group, criterion_main, Criterion};
use options_check::effective::render::{self, View};
use options_check::effective::{self, operator_config, Manifest, Request};
use options_check::resource;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const VERSIONS: [&str; 6] = ["v1_19", "v1_20", "v2_0", "v2_1", "v2_2", "v2_3"];

fn operator() -> String {
    let mut lines = vec![
        "kubernetes.operator.reconcile.interval: 15 s".to_owned(),
        "taskmanager.numberOfTaskSlots: 2".to_owned(),
    ];
    for ns in 0..10 {
        lines.push(format!("kubernetes.operator.default-configuration.namespace.team-{ns}.execution.checkpointing.dir: s3://team-{ns}/checkpoints"));
        lines.push(format!("kubernetes.operator.default-configuration.namespace.team-{ns}.taskmanager.numberOfTaskSlots: 4"));
    }
    for v in VERSIONS {
        lines.push(format!("kubernetes.operator.default-configuration.flink-version.{v}+.execution.checkpointing.interval: 60 s"));
    }
    lines.join("\n") + "\n"
}

fn deployment(i: usize) -> String {
    format!(
        "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: job-{i}\n  namespace: team-{}\nspec:\n  image: flink:2.0\n  flinkVersion: {}\n  serviceAccount: flink\n  jobManager:\n    resource:\n      memory: 2048m\n      cpu: 1\n  taskManager:\n    replicas: {}\n    resource:\n      memory: 4g\n      cpu: 2\n  job:\n    jarURI: local:///opt/flink/usrlib/job-{i}.jar\n    parallelism: {}\n    upgradeMode: last-state\n  flinkConfiguration:\n    taskmanager.memory.process.size: 3g\n    execution.checkpointing.interval: 30 s\n    high-availability.type: kubernetes\n    high-availability.storageDir: s3://ha/job-{i}\n",
        i % 10,
        VERSIONS[i % VERSIONS.len()],
        1 + i % 4,
        2 + i % 8
    )
}

fn bench(c: &mut Criterion) {
    let operator_text = operator();
    let texts: Vec<String> = (0..500).map(deployment).collect();
    let build = || {
        let operator = operator_config::read("operator.yaml", &operator_text).unwrap();
        let manifests: Vec<Manifest> = texts
            .iter()
            .enumerate()
            .map(|(i, t)| Manifest::new(format!("deploy-{i}.yaml"), resource::read(t)))
            .collect();
        let run = effective::effective(&manifests, Some(&operator), &Request::default());
        (operator, run)
    };
    let mut group = c.benchmark_group("effective");
    group.sample_size(10);
    group.bench_function("manifests_500", |b| b.iter(build));
    let (operator, run) = build();
    group.bench_function("json_500", |b| {
        b.iter(|| {
            let view = View {
                key: None,
                operator_release: Some("1.15"),
                operator_file: Some(operator.file.as_str()),
            };
            render::json(&run, &view)
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
