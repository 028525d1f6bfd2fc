"""Where each generated built-in option goes: the sections (one generated module and struct each),
their families in the site's navigation, the prefix rules that put a key in a section, and the value
rules Flink states for a few options. Used by gen_builtin.py.
"""

# section id -> dict(module path under builtin/, struct, title, strip prefixes, summary)
SECTIONS = {}

# Rules Flink states for values (ports are TCP ports; a TaskManager offers at least one slot).
PORT = "min = 0, max = 65535"
CONSTRAINTS = {
    "rest.port": PORT,
    "historyserver.web.port": PORT,
    "taskmanager.data.port": PORT,
    "jobmanager.rpc.port": PORT,
    "jobmanager.rpc.bind-port": PORT,
    "taskmanager.rpc.bind-port": PORT,
    "resourcemanager.rpc.port": PORT,
    "taskmanager.collect-sink.port": PORT,
    "taskmanager.numberOfTaskSlots": "min = 1",
}

# The site's navigation groups sections into families (one menu each).
FAMILIES = {'core': 'Core & pipeline', 'pipeline': 'Core & pipeline', 'checkpointing': 'Checkpoints & state', 'state-backend': 'Checkpoints & state', 'rocksdb': 'Checkpoints & state', 'rocksdb-metrics': 'Checkpoints & state', 'changelog': 'Checkpoints & state', 'queryable-state': 'Checkpoints & state', 'cluster': 'Cluster', 'jobmanager': 'Cluster', 'taskmanager': 'Cluster', 'resource-manager': 'Cluster', 'scheduler': 'Cluster', 'fault-tolerance': 'Cluster', 'rpc': 'Cluster', 'blob-server': 'Cluster', 'high-availability': 'Cluster', 'jobmanager-memory': 'Memory', 'taskmanager-memory': 'Memory', 'network': 'Network', 'network-netty': 'Network', 'deployment': 'Deployment', 'jvm-logging': 'Deployment', 'kubernetes': 'Deployment', 'yarn': 'Deployment', 'security': 'Security', 'ssl': 'Security', 'metrics': 'Observability', 'rest': 'Observability', 'web-ui': 'Observability', 'history-server': 'Observability', 'sql-client': 'Table & SQL', 'forst': 'Checkpoints & state'}


def section(sid, module, struct, title, strip, summary):
    SECTIONS[sid] = dict(module=module, struct=struct, title=title, strip=strip, summary=summary)


section("core", "core.rs", "CoreOptions", "Core Options", ["classloader.", ""],
        "Options every Flink process reads: default parallelism, class loading, file systems and temporary directories.")

section("pipeline", "pipeline.rs", "PipelineOptions", "Pipeline Options", ["pipeline.", "execution."],
        "How a job's pipeline is built: names, ids, chaining, serialization, watermarks and the files it ships.")
section("checkpointing", "checkpointing.rs", "CheckpointingOptions", "Checkpointing Options",
        ["execution.checkpointing.", "execution.", "state."],
        "When and how checkpoints and savepoints are taken, where they are stored and how many are kept.")
section("state-backend", "state/backend.rs", "StateBackendOptions", "State Backend Options",
        ["state.backend.", "state."],
        "Which state backend keeps keyed state, and tracking of how long state accesses take and how large state grows.")
section("rocksdb", "state/rocksdb.rs", "RocksDbOptions", "RocksDB State Backend Options",
        ["state.backend.rocksdb."],
        "Tuning of the embedded RocksDB state backend: memory, compaction, files, threads and logging.")
section("rocksdb-metrics", "state/rocksdb_metrics.rs", "RocksDbMetricsOptions", "RocksDB Native Metrics Options",
        ["state.backend.rocksdb.metrics."],
        "Which of RocksDB's own statistics are reported as metrics. Each one costs a little; all are off by default.")
section("changelog", "state/changelog.rs", "ChangelogOptions", "State Changelog Options",
        ["state.backend.changelog.", "state.changelog.", "dstl.dfs."],
        "The changelog state backend, which writes state changes continuously so checkpoints finish quickly.")
section("forst", "state/forst.rs", "ForStOptions", "ForSt State Backend Options",
        ["state.backend.forst."],
        "The ForSt state backend (Flink 2.0 on), which keeps keyed state in remote storage such as S3 or HDFS and caches part of it on local disk: storage paths, the local cache, and RocksDB-style tuning of its files, memory and threads.")
section("queryable-state", "state/queryable.rs", "QueryableStateOptions", "Queryable State Options",
        ["queryable-state."],
        "The deprecated queryable state service, which lets clients read keyed state of a running job.")
section("jobmanager-memory", "memory/jobmanager.rs", "JobManagerMemoryOptions", "JobManager Memory Options",
        ["jobmanager.memory.", "jobmanager."],
        "How much memory the JobManager process gets and how it is divided between heap, off-heap, metaspace and overhead.")
section("taskmanager-memory", "memory/taskmanager.rs", "TaskManagerMemoryOptions", "TaskManager Memory Options",
        ["taskmanager.memory.", "taskmanager."],
        "How much memory a TaskManager process gets and how it is divided: heap, managed, network, metaspace and overhead.")
section("jobmanager", "cluster/jobmanager.rs", "JobManagerOptions", "JobManager Options",
        ["jobmanager.", "$internal.", "internal."],
        "The JobManager's address, RPC, failover, archiving and the job result store.")
section("scheduler", "cluster/scheduler.rs", "SchedulerOptions", "Scheduler Options",
        ["jobmanager.adaptive-batch-scheduler.", "jobmanager.adaptive-scheduler.", "execution.batch.", "jobmanager."],
        "How the JobManager schedules tasks: the adaptive scheduler, automatic parallelism for batch jobs and speculative execution.")
section("fault-tolerance", "cluster/fault_tolerance.rs", "FaultToleranceOptions", "Fault Tolerance Options",
        ["restart-strategy.", ],
        "How failed jobs are restarted and how the resources of finished jobs are cleaned up.")
section("taskmanager", "cluster/taskmanager.rs", "TaskManagerOptions", "TaskManager Options",
        ["taskmanager.", "internal.taskmanager."],
        "The TaskManager's slots, addresses, registration, task cancellation and batch runtime algorithms.")
section("resource-manager", "cluster/resource_manager.rs", "ResourceManagerOptions", "Resource Manager Options",
        ["resourcemanager.", ],
        "How the resource manager starts, keeps and releases workers and slots, and which external resources they have.")
section("cluster", "cluster/common.rs", "ClusterOptions", "Cluster Options",
        ["cluster."],
        "Cluster-wide behaviour: registration timeouts, heartbeats, working directories and fatal-error handling.")
section("rpc", "cluster/rpc.rs", "RpcOptions", "RPC Options",
        ["pekko.", "akka."],
        "The actor-based RPC system (Pekko) that JobManager and TaskManagers talk through.")
section("blob-server", "cluster/blob.rs", "BlobServerOptions", "Blob Server Options",
        ["blob."],
        "The blob server, which distributes jars and large messages to TaskManagers.")
section("network", "network/shuffle.rs", "NetworkOptions", "Network and Shuffle Options",
        ["taskmanager.network.", "taskmanager."],
        "Data exchange between tasks: network buffers, buffer debloating, compression and the blocking and hybrid shuffles.")
section("network-netty", "network/netty.rs", "NettyOptions", "Netty Transport Options",
        ["taskmanager.network.netty."],
        "Threads, sockets and keep-alive of the Netty transport that carries shuffle data.")
section("rest", "web/rest.rs", "RestOptions", "REST Options",
        ["rest."],
        "The REST endpoint of the JobManager and the REST client: addresses, ports, limits, retries and profiling.")
section("web-ui", "web/ui.rs", "WebUiOptions", "Web UI Options",
        ["web."],
        "The web dashboard: what it allows (submit, cancel, rescale) and what it shows.")
section("high-availability", "high_availability.rs", "HighAvailabilityOptions", "High Availability Options",
        ["high-availability.", "zookeeper."],
        "Leader election and recovery metadata storage with ZooKeeper or Kubernetes.")
section("kubernetes", "deployment/kubernetes.rs", "KubernetesOptions", "Kubernetes Options",
        ["kubernetes."],
        "Native Kubernetes deployment: the cluster id, images, pods, services, resources and mounts.")
section("yarn", "deployment/yarn.rs", "YarnOptions", "YARN Options",
        ["yarn.", "$internal.yarn."],
        "Deployment on Hadoop YARN: the application, containers, shipped files and queues.")
section("security", "security/kerberos.rs", "SecurityOptions", "Security Options",
        ["security.", "zookeeper.sasl."],
        "Kerberos login, delegation tokens, security modules and ZooKeeper SASL.")
section("ssl", "security/ssl.rs", "SslOptions", "SSL Options",
        ["security.ssl."],
        "TLS for internal connections (RPC, blob, data) and for the REST endpoint: keystores, truststores and protocols.")
section("metrics", "metrics.rs", "MetricsOptions", "Metrics, Traces and Events Options",
        ["metrics.", "traces.", "events."],
        "Which metrics, traces and events are collected, how they are scoped and named, and which reporters send them.")
section("history-server", "history_server.rs", "HistoryServerOptions", "History Server Options",
        ["historyserver."],
        "The history server, which serves the web UI of finished jobs from their archives.")
section("deployment", "deployment/client.rs", "DeploymentOptions", "Deployment and Client Options",
        ["execution.", "client.", "$internal."],
        "Where and how jobs are submitted: the deployment target, attached mode, client timeouts and user artifacts.")
section("jvm-logging", "deployment/jvm.rs", "JvmLoggingOptions", "JVM and Logging Options",
        ["env."],
        "Settings read by Flink's start scripts: JVM arguments, configuration directories and log files.")
section("sql-client", "sql_client.rs", "SqlClientOptions", "SQL Client and Gateway Options",
        ["sql-client.", "sql-gateway.", "materialized-table."],
        "The SQL client's display and result modes, the SQL gateway's sessions and worker threads, and how materialized tables are refreshed.")


def section_of(key, cls):
    """The section of `key` by its prefix (`cls`, the declaring Java class, settles a few
    `execution.*` keys). gen_builtin.py may move a key next to the option that reads it as a
    deprecated key (see `same_group`)."""
    p = key.startswith
    if cls == "bin/config.sh":
        return "jvm-logging"
    if p("execution.checkpointing.") or p("state.checkpoint") or p("state.savepoints.") or p("state.storage.fs.") or p("execution.savepoint") or p("execution.state-recovery."):
        return "checkpointing"
    if p("state.backend.forst."):
        return "forst"
    if p("state.backend.rocksdb.metrics."):
        return "rocksdb-metrics"
    if p("state.backend.rocksdb."):
        return "rocksdb"
    if p("state.backend.changelog.") or p("dstl.") or p("state.changelog."):
        return "changelog"
    if p("state.backend.") or p("state.latency-track.") or p("state.size-track.") or key in ("taskmanager.state.local.root-dirs", "statebackend.useManagedMemory"):
        return "state-backend"
    if p("queryable-state."):
        return "queryable-state"
    if p("jobmanager.memory.") or p("jobmanager.heap."):
        return "jobmanager-memory"
    if p("taskmanager.memory.") or p("taskmanager.heap.") or p("taskmanager.debug.memory."):
        return "taskmanager-memory"
    if p("taskmanager.network.netty."):
        return "network-netty"
    if p("taskmanager.network.") or p("taskmanager.data.") or key == "shuffle-service-factory.class":
        return "network"
    if p("jobmanager.adaptive-batch-scheduler.") or p("jobmanager.adaptive-scheduler.") or p("execution.batch.") or p("$internal.execution.batch.") or p("slow-task-detector.") or key == "scheduler-mode" or key in ("jobmanager.scheduler", "jobmanager.partition.hybrid.partition-data-consume-constraint", "jobmanager.execution.failover-strategy"):
        return "scheduler"
    if p("restart-strategy.") or p("cleanup-strategy."):
        return "fault-tolerance"
    if p("jobmanager.") or p("job-result-store.") or p("jobstore.") or p("slot.") or p("completed-application-store.") or p("application-result-store.") or p("job-event.store.") or key in ("$internal.dispatcher.client-aliveness-check.interval", "internal.jobgraph-path"):
        return "jobmanager"
    if p("taskmanager.") or p("task.") or p("minicluster.") or p("internal.taskmanager."):
        return "taskmanager"
    if p("resourcemanager.") or p("slotmanager.") or key in ("external-resources", "local.number-resourcemanager"):
        return "resource-manager"
    if p("pekko.") or p("akka."):
        return "rpc"
    if p("cluster.") or p("fine-grained.") or p("process.") or p("heartbeat.") or p("internal.cluster.") or p("jmx."):
        return "cluster"
    if p("blob."):
        return "blob-server"
    if p("rest."):
        return "rest"
    if p("web."):
        return "web-ui"
    if p("high-availability.") or (p("zookeeper.") and not p("zookeeper.sasl.")) or p("recovery."):
        return "high-availability"
    if p("kubernetes."):
        return "kubernetes"
    if p("yarn.") or p("$internal.yarn."):
        return "yarn"
    if p("security.ssl."):
        return "ssl"
    if p("security.") or p("zookeeper.sasl."):
        return "security"
    if p("metrics.") or p("traces.") or p("events.") or key == "class":
        return "metrics"
    if p("historyserver."):
        return "history-server"
    if p("execution.") and cls in ("DeploymentOptions",) or p("client.") or p("user.artifacts.") or p("$internal.application.") or p("$internal.deployment."):
        return "deployment"
    if p("sql-client.") or p("sql-gateway.") or p("materialized-table."):
        return "sql-client"
    if p("env."):
        return "jvm-logging"
    if p("pipeline.") or p("$internal.pipeline.") or p("hidden.execution.") or p("execution.") or key == "sink.committer.retries":
        return "pipeline"
    return "core"


