//! `table.exec.*`: options that tune how queries execute (state, sources, sinks, sorting,
//! spilling, lookups, mini-batches, operator ids).
//!
//! Facts follow Apache Flink's `ExecutionConfigOptions` of each release 1.19 to 2.3 (`since`,
//! `removed` and `changed` say what differs); the descriptions are this project's own. The enum
//! value types live in a module of their own and are re-exported here.

use std::time::Duration;

use options_core::{MemorySize, Options};

mod enums;

pub use enums::{
    AsyncOutputMode, LegacyCastBehaviour, NestedConstraintEnforcer, NotNullEnforcer, RetryStrategy,
    RowtimeInserter, SinkKeyedShuffle, TypeLengthEnforcer, UidGeneration, UpsertMaterialize,
    UpsertMaterializeStrategy,
};

/// Options that tune how queries execute: state retention, sources and sinks, sorting and
/// spilling, lookups, mini-batching and operator ids.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "execution",
    title = "Execution Options",
    family = "Table & SQL", engine = crate::ENGINE,
    change_class = crate::engine::change::JOB_SUBMISSION)]
pub struct ExecutionOptions {
    /// Shortest time a piece of state is kept after it was last updated; after that it may be
    /// removed.
    ///
    /// Unbounded streaming queries (joins, aggregations, deduplication) keep state per key forever
    /// unless this is set. Removing state that is still needed changes results, so pick a time
    /// longer than the longest gap between updates of one key. `0 ms` (the default) never removes
    /// state.
    #[option(
        key = "table.exec.state.ttl",
        default = "0 ms",
        scope = "streaming",
        fallback_keys = ["sql.state-ttl"]
    )]
    pub state_ttl: Duration,

    /// Time without records after which a source split is marked idle, so watermarks downstream
    /// can advance without it.
    ///
    /// Set it when some partitions are quiet for long periods and event-time results stall. `0
    /// ms` (the default) never marks a source idle.
    #[option(
        key = "table.exec.source.idle-timeout",
        default = "0 ms",
        scope = "streaming"
    )]
    pub source_idle_timeout: Duration,

    /// Declares that change-data-capture sources may deliver an event more than once (for example
    /// after a failover with at-least-once delivery).
    ///
    /// When `true`, the planner adds an operator that removes duplicates by the table's primary
    /// key, which then must be declared. It costs state, so enable it only for sources that really
    /// repeat events.
    #[option(
        key = "table.exec.source.cdc-events-duplicate",
        default = false,
        scope = "streaming"
    )]
    pub source_cdc_events_duplicate: bool,

    /// What happens when a `NULL` is written to a `NOT NULL` column of a sink.
    ///
    /// `ERROR` (the default) fails the job; `DROP` skips the record without notice.
    #[option(
        key = "table.exec.sink.not-null-enforcer",
        default = "ERROR",
        scope = "batch, streaming"
    )]
    pub sink_not_null_enforcer: NotNullEnforcer,

    /// What happens when a value written to a `CHAR`, `VARCHAR`, `BINARY` or `VARBINARY` column
    /// does not match the column's length.
    ///
    /// `IGNORE` (the default) writes the value as it is; `TRIM_PAD` cuts values that are too long
    /// and pads fixed-length values that are too short; `ERROR` (from 2.1) fails the job on a value
    /// that is too long.
    #[option(
        key = "table.exec.sink.type-length-enforcer",
        default = "IGNORE",
        scope = "batch, streaming",
        changed(release = "2.1", values = ["IGNORE", "TRIM_PAD"])
    )]
    pub sink_type_length_enforcer: TypeLengthEnforcer,

    /// Whether a materializing operator is placed in front of sinks with a primary key, to put
    /// changes that arrive out of order back in order.
    ///
    /// `AUTO` (the default) adds it when the planner sees that the changes' key differs from the
    /// sink's key; `FORCE` always adds it; `NONE` never does. The operator keeps state, so `NONE`
    /// saves resources when you know the order is already right.
    #[option(
        key = "table.exec.sink.upsert-materialize",
        default = "AUTO",
        scope = "streaming"
    )]
    pub sink_upsert_materialize: UpsertMaterialize,

    /// Whether rows are redistributed by primary key before a sink, so that all changes of one key
    /// reach the same sink instance in order.
    ///
    /// `AUTO` (the default) does this when the sink runs with a parallelism different from its
    /// input and the input only inserts rows; `FORCE` always does it; `NONE` never does.
    #[option(
        key = "table.exec.sink.keyed-shuffle",
        default = "AUTO",
        scope = "streaming"
    )]
    pub sink_keyed_shuffle: SinkKeyedShuffle,

    /// Whether the event time of each row is attached to the record passed to a sink.
    ///
    /// `ENABLED` (the default) attaches it when the query has exactly one event-time column;
    /// `DISABLED` leaves it out, for sinks that must not see it.
    #[option(
        key = "table.exec.sink.rowtime-inserter",
        default = "ENABLED",
        scope = "streaming"
    )]
    pub sink_rowtime_inserter: RowtimeInserter,

    /// How deep a sink checks `NOT NULL` and length constraints: `IGNORE` (the default; top-level
    /// columns only), `ROWS` (also the fields of nested rows) or `ROWS_AND_COLLECTIONS` (also the
    /// elements of arrays, maps and multisets).
    ///
    /// What happens on a violation follows `table.exec.sink.not-null-enforcer` and
    /// `table.exec.sink.type-length-enforcer`. Deeper checks cost more per record.
    #[option(
        key = "table.exec.sink.nested-constraint-enforcer",
        default = "IGNORE",
        scope = "batch, streaming",
        since = "2.1"
    )]
    pub sink_nested_constraint_enforcer: NestedConstraintEnforcer,

    /// Makes planning fail when a sink's primary key differs from the key the query updates by and
    /// the `INSERT` has no `ON CONFLICT` clause, so the user chooses how conflicts are resolved.
    ///
    /// Off, a missing clause falls back to deduplication, as before 2.3.
    #[option(
        key = "table.exec.sink.require-on-conflict",
        default = true,
        scope = "streaming",
        since = "2.3"
    )]
    pub sink_require_on_conflict: bool,

    /// Which implementation of the sink upsert materializer (the operator that puts out-of-order
    /// changes into order before an upsert sink) is used.
    ///
    /// `LEGACY` (the default) keeps the implementation of earlier releases, whose cost can grow
    /// steeply with many changes per key. `MAP` and `VALUE` are the newer implementation with the
    /// history of a key kept in a map or in a single value; `ADAPTIVE` switches between the two per
    /// key, using the two thresholds.
    #[option(
        key = "table.exec.sink.upsert-materialize-strategy.type",
        default = "LEGACY",
        scope = "streaming",
        since = "2.2"
    )]
    pub sink_upsert_materialize_strategy_type: UpsertMaterializeStrategy,

    /// Number of history entries per key at which the `ADAPTIVE` upsert materializer switches a key
    /// from the `VALUE` layout to the `MAP` layout.
    ///
    /// Unset, a default suited to the state backend is used; the value is read when the job
    /// (re)starts.
    #[option(
        key = "table.exec.sink.upsert-materialize-strategy.adaptive.threshold.high",
        scope = "streaming",
        since = "2.2",
        only_when = "table.exec.sink.upsert-materialize-strategy.type = ADAPTIVE"
    )]
    pub sink_upsert_materialize_strategy_adaptive_threshold_high: Option<i64>,

    /// Number of history entries per key at which the `ADAPTIVE` upsert materializer switches a key
    /// back from the `MAP` layout to the `VALUE` layout.
    ///
    /// Unset, a default suited to the state backend is used; the value is read when the job
    /// (re)starts.
    #[option(
        key = "table.exec.sink.upsert-materialize-strategy.adaptive.threshold.low",
        scope = "streaming",
        since = "2.2",
        only_when = "table.exec.sink.upsert-materialize-strategy.type = ADAPTIVE"
    )]
    pub sink_upsert_materialize_strategy_adaptive_threshold_low: Option<i64>,

    /// Limit applied to `ORDER BY` queries that have no `LIMIT` of their own.
    ///
    /// `-1` (the default) applies none.
    #[option(key = "table.exec.sort.default-limit", default = -1, scope = "batch")]
    pub sort_default_limit: i32,

    /// Most spill files an external sort merges at once (its fan-in), which bounds the open file
    /// handles per operator.
    ///
    /// Too small causes extra merge passes; too large opens many files at once, costs memory and
    /// makes disk reads random.
    #[option(
        key = "table.exec.sort.max-num-file-handles",
        default = 128,
        scope = "batch"
    )]
    pub sort_max_num_file_handles: i32,

    /// Merges sorted spill files in the background while sorting continues.
    #[option(
        key = "table.exec.sort.async-merge-enabled",
        default = true,
        scope = "batch"
    )]
    pub sort_async_merge_enabled: bool,

    /// Compresses data that sort, hash aggregation and hash join operators spill to disk.
    ///
    /// Saves disk space and I/O for some CPU; turn it off when CPU is the bottleneck.
    #[option(
        key = "table.exec.spill-compression.enabled",
        default = true,
        scope = "batch"
    )]
    pub spill_compression_enabled: bool,

    /// Size of the blocks compressed when spilling.
    ///
    /// Larger blocks compress better but take more memory.
    #[option(
        key = "table.exec.spill-compression.block-size",
        default = "64 kb",
        scope = "batch"
    )]
    pub spill_compression_block_size: MemorySize,

    /// Parallelism of every operator of a query (joins, aggregations, filters, ...), overriding
    /// the environment's parallelism.
    ///
    /// `-1` (the default) sets none, so the environment's parallelism applies. Sources may still
    /// choose their own.
    #[option(
        key = "table.exec.resource.default-parallelism",
        default = -1,
        scope = "batch, streaming"
    )]
    pub resource_default_parallelism: i32,

    /// Managed memory reserved for the buffers of operators that must hold rows, such as sort-merge
    /// joins and over aggregations.
    #[option(
        key = "table.exec.resource.external-buffer-memory",
        default = "10 mb",
        hidden
    )]
    pub resource_external_buffer_memory: MemorySize,

    /// Managed memory reserved for each hash aggregation operator.
    #[option(
        key = "table.exec.resource.hash-agg.memory",
        default = "128 mb",
        hidden
    )]
    pub resource_hash_agg_memory: MemorySize,

    /// Managed memory reserved for each hash join operator.
    #[option(
        key = "table.exec.resource.hash-join.memory",
        default = "128 mb",
        hidden
    )]
    pub resource_hash_join_memory: MemorySize,

    /// Managed memory reserved for each sort operator.
    #[option(key = "table.exec.resource.sort.memory", default = "128 mb", hidden)]
    pub resource_sort_memory: MemorySize,

    /// Most rows a batch group window aggregation holds in its in-memory buffer for one window.
    #[option(
        key = "table.exec.window-agg.buffer-size-limit",
        default = 100000,
        scope = "batch"
    )]
    pub window_agg_buffer_size_limit: i32,

    /// Lets the local (first-phase) hash aggregation of batch jobs turn itself off when sampling
    /// shows that most keys are distinct.
    ///
    /// Applies only where the planner can do so safely.
    #[option(
        key = "table.exec.local-hash-agg.adaptive.enabled",
        default = true,
        scope = "batch",
        since = "1.20"
    )]
    pub local_hash_agg_adaptive_enabled: bool,

    /// How many records the local hash aggregation looks at before it decides whether to keep
    /// aggregating.
    #[option(
        key = "table.exec.local-hash-agg.adaptive.sampling-threshold",
        default = 500000,
        scope = "batch",
        since = "1.20",
        only_when = "table.exec.local-hash-agg.adaptive.enabled = true"
    )]
    pub local_hash_agg_adaptive_sampling_threshold: i64,

    /// Share of distinct keys among the sampled records (`0.5` = half) above which the local hash
    /// aggregation of a batch job stops aggregating and passes records on unchanged, because
    /// pre-aggregation would save little.
    #[option(
        key = "table.exec.local-hash-agg.adaptive.distinct-value-rate-threshold",
        default = 0.5,
        scope = "batch",
        since = "1.20",
        only_when = "table.exec.local-hash-agg.adaptive.enabled = true"
    )]
    pub local_hash_agg_adaptive_distinct_value_rate_threshold: f64,

    /// Most lookups one async lookup join may have in flight at once.
    ///
    /// Raise it for slow external systems that handle many parallel requests well; when the
    /// buffer is full, the join stops taking input (back pressure).
    #[option(
        key = "table.exec.async-lookup.buffer-capacity",
        default = 100,
        scope = "batch, streaming",
        min = 1
    )]
    pub async_lookup_buffer_capacity: i32,

    /// How long one async lookup may take, including retries, before it fails the job.
    #[option(
        key = "table.exec.async-lookup.timeout",
        default = "3 min",
        scope = "batch, streaming"
    )]
    pub async_lookup_timeout: Duration,

    /// Whether async lookup joins emit results in input order.
    ///
    /// `ORDERED` (the default) keeps the order. `ALLOW_UNORDERED` emits each result as soon as it
    /// arrives, which lowers latency; the planner still keeps the order where it matters for
    /// correctness (for example for updating inputs).
    #[option(
        key = "table.exec.async-lookup.output-mode",
        default = "ORDERED",
        scope = "batch, streaming"
    )]
    pub async_lookup_output_mode: AsyncOutputMode,

    /// Keeps the results of an asynchronous lookup join in input order per key instead of for the
    /// whole stream, so updates to one key stay in order while lookups for other keys run
    /// concurrently.
    ///
    /// Applies to streaming jobs whose input contains updates.
    #[option(
        key = "table.exec.async-lookup.key-ordered-enabled",
        default = false,
        scope = "streaming",
        since = "2.1"
    )]
    pub async_lookup_key_ordered_enabled: bool,

    /// Most calls of async scalar functions one operator may have in flight at once.
    #[option(
        key = "table.exec.async-scalar.buffer-capacity",
        default = 10,
        scope = "streaming",
        min = 1,
        removed = "2.2: renamed to table.exec.async-scalar.max-concurrent-operations"
    )]
    pub async_scalar_buffer_capacity: i32,

    /// How long one async scalar function call may take, including retries, before it fails.
    #[option(
        key = "table.exec.async-scalar.timeout",
        default = "3 min",
        scope = "streaming"
    )]
    pub async_scalar_timeout: Duration,

    /// What to do when an async scalar function call fails.
    ///
    /// `FIXED_DELAY` (the default) retries after `table.exec.async-scalar.retry-delay`, up to
    /// `table.exec.async-scalar.max-attempts` times; `NO_RETRY` fails at once.
    #[option(
        key = "table.exec.async-scalar.retry-strategy",
        default = "FIXED_DELAY",
        scope = "streaming"
    )]
    pub async_scalar_retry_strategy: RetryStrategy,

    /// Pause before retrying a failed async scalar function call (with the `FIXED_DELAY`
    /// strategy).
    #[option(
        key = "table.exec.async-scalar.retry-delay",
        default = "100 ms",
        scope = "streaming",
        only_when = "table.exec.async-scalar.retry-strategy = FIXED_DELAY",
        then_above = "0 ms"
    )]
    pub async_scalar_retry_delay: Duration,

    /// Most attempts for one async scalar function call, the first one included (with the
    /// `FIXED_DELAY` strategy).
    #[option(
        key = "table.exec.async-scalar.max-attempts",
        default = 3,
        scope = "streaming",
        min = 1,
        only_when = "table.exec.async-scalar.retry-strategy = FIXED_DELAY"
    )]
    pub async_scalar_max_attempts: i32,

    /// Most calls of asynchronous scalar functions one operator may have in progress at once.
    #[option(
        key = "table.exec.async-scalar.max-concurrent-operations",
        default = 10,
        scope = "streaming",
        min = 1,
        since = "2.2",
        deprecated_keys = ["table.exec.async-scalar.buffer-capacity"]
    )]
    pub async_scalar_max_concurrent_operations: i32,

    /// Most calls of asynchronous table functions one operator may have in progress at once.
    #[option(
        key = "table.exec.async-table.max-concurrent-operations",
        default = 10,
        scope = "streaming",
        min = 1,
        since = "2.2"
    )]
    pub async_table_max_concurrent_operations: i32,

    /// Longest time one call of an asynchronous table function, with its retries, may take before
    /// it fails.
    #[option(
        key = "table.exec.async-table.timeout",
        default = "3 min",
        scope = "streaming",
        since = "2.2"
    )]
    pub async_table_timeout: Duration,

    /// Whether failed calls of asynchronous table functions are retried: `FIXED_DELAY` (the
    /// default; up to `table.exec.async-table.max-retries` times,
    /// `table.exec.async-table.retry-delay` apart) or `NO_RETRY`.
    #[option(
        key = "table.exec.async-table.retry-strategy",
        default = "FIXED_DELAY",
        scope = "streaming",
        since = "2.2"
    )]
    pub async_table_retry_strategy: RetryStrategy,

    /// Wait between two attempts of a failed call of an asynchronous table function.
    #[option(
        key = "table.exec.async-table.retry-delay",
        default = "100 ms",
        scope = "streaming",
        since = "2.2",
        only_when = "table.exec.async-table.retry-strategy = FIXED_DELAY"
    )]
    pub async_table_retry_delay: Duration,

    /// How often a failed call of an asynchronous table function is retried when
    /// `table.exec.async-table.retry-strategy` is `FIXED_DELAY`.
    #[option(
        key = "table.exec.async-table.max-retries",
        default = 3,
        scope = "streaming",
        since = "2.2",
        only_when = "table.exec.async-table.retry-strategy = FIXED_DELAY"
    )]
    pub async_table_max_retries: i32,

    /// Most model calls of one `ML_PREDICT` operator that may be in progress at once.
    #[option(
        key = "table.exec.async-ml-predict.max-concurrent-operations",
        default = 10,
        scope = "batch, streaming",
        min = 1,
        since = "2.1"
    )]
    pub async_ml_predict_max_concurrent_operations: i32,

    /// Longest time one asynchronous `ML_PREDICT` call, with its retries, may take before it fails.
    #[option(
        key = "table.exec.async-ml-predict.timeout",
        default = "3 min",
        scope = "batch, streaming",
        since = "2.1"
    )]
    pub async_ml_predict_timeout: Duration,

    /// Whether results of `ML_PREDICT` keep the input order: `ORDERED` (the default) or
    /// `ALLOW_UNORDERED`, which emits each result as soon as it arrives and gives more throughput
    /// where the query allows it.
    #[option(
        key = "table.exec.async-ml-predict.output-mode",
        default = "ORDERED",
        scope = "batch, streaming",
        since = "2.1"
    )]
    pub async_ml_predict_output_mode: AsyncOutputMode,

    /// Most `VECTOR_SEARCH` requests one operator may have in progress at once.
    #[option(
        key = "table.exec.async-vector-search.max-concurrent-operations",
        default = 10,
        scope = "batch, streaming",
        min = 1,
        since = "2.2"
    )]
    pub async_vector_search_max_concurrent_operations: i32,

    /// Longest time one asynchronous `VECTOR_SEARCH` request, with its retries, may take before it
    /// fails.
    #[option(
        key = "table.exec.async-vector-search.timeout",
        default = "3 min",
        scope = "batch, streaming",
        since = "2.2"
    )]
    pub async_vector_search_timeout: Duration,

    /// Whether results of `VECTOR_SEARCH` keep the input order: `ORDERED` (the default) or
    /// `ALLOW_UNORDERED`, which emits each result as soon as it arrives and gives more throughput
    /// where the query allows it.
    #[option(
        key = "table.exec.async-vector-search.output-mode",
        default = "ORDERED",
        scope = "batch, streaming",
        since = "2.2"
    )]
    pub async_vector_search_output_mode: AsyncOutputMode,

    /// Lets SQL operators that support it access state asynchronously, which keeps them busy while
    /// state requests travel to remote storage (as with the ForSt state backend).
    ///
    /// Operators without such support keep synchronous access.
    #[option(
        key = "table.exec.async-state.enabled",
        default = false,
        scope = "streaming",
        since = "2.0"
    )]
    pub async_state_enabled: bool,

    /// Buffers input rows in small batches before updating state, which cuts state access and
    /// raises throughput of aggregations and joins.
    ///
    /// Costs some latency. When you enable it, also set `table.exec.mini-batch.allow-latency` and
    /// `table.exec.mini-batch.size`.
    #[option(
        key = "table.exec.mini-batch.enabled",
        default = false,
        scope = "streaming"
    )]
    pub mini_batch_enabled: bool,

    /// Longest time rows wait in a mini-batch before it is processed.
    ///
    /// A batch is processed when this time has passed or `table.exec.mini-batch.size` rows are
    /// buffered, whichever comes first. Must be greater than zero when mini-batching is enabled.
    #[option(
        key = "table.exec.mini-batch.allow-latency",
        default = "0 ms",
        scope = "streaming",
        only_when = "table.exec.mini-batch.enabled = true",
        then_above = "0 ms"
    )]
    pub mini_batch_allow_latency: Duration,

    /// Most rows buffered in one mini-batch.
    ///
    /// Must be positive when mini-batching is enabled; `-1` (the default) means not set.
    #[option(
        key = "table.exec.mini-batch.size",
        default = -1,
        scope = "streaming",
        only_when = "table.exec.mini-batch.enabled = true",
        then_above = 0
    )]
    pub mini_batch_size: i64,

    /// Operators the planner must not use, separated by commas; meant for testing plans.
    ///
    /// Names that can be given: `NestedLoopJoin`, `ShuffleHashJoin`, `BroadcastHashJoin`,
    /// `SortMergeJoin`, `HashAgg`, `SortAgg`. Unset (the default) allows every operator.
    #[option(key = "table.exec.disabled-operators", scope = "batch")]
    pub disabled_operators: Option<String>,

    /// Fuses chains of operators into one generated operator, removing the per-row calls between
    /// them.
    ///
    /// Can speed up CPU-heavy queries; experimental, so verify results before enabling it widely.
    #[option(
        key = "table.exec.operator-fusion-codegen.enabled",
        default = false,
        scope = "batch, streaming"
    )]
    pub operator_fusion_codegen_enabled: bool,

    // Seed 001 documents this key with default "batch" and the values batch/pipeline; Flink 1.19
    // hides it, has no default, and takes the four modes below plus two deprecated aliases. We
    // keep the seed's default and its `pipeline` (tests/data/differences/flink-1.19.tsv and
    // flink-1.20.tsv list the differences).
    /// How the stages of a batch job exchange data. Deprecated: use
    /// `execution.batch-shuffle-mode`.
    ///
    /// A blocking exchange writes all of a stage's output before the next stage reads it, so
    /// stages can run one after another on few slots. A pipelined exchange hands records to the
    /// next stage as they are produced: faster, but the stages on both sides must run at once, and
    /// a job short of slots can deadlock. The values, matched ignoring case:
    ///
    /// * `ALL_EDGES_BLOCKING`: every exchange is blocking.
    /// * `FORWARD_EDGES_PIPELINED`: forward exchanges are pipelined, all others blocking.
    /// * `POINTWISE_EDGES_PIPELINED`: pointwise exchanges (forward and rescale) are pipelined, all
    ///   others blocking.
    /// * `ALL_EDGES_PIPELINED`: every exchange is pipelined.
    /// * `batch` (deprecated) is `ALL_EDGES_BLOCKING`; it is the default.
    /// * `pipelined` (deprecated) is `ALL_EDGES_PIPELINED`, and so is `pipeline`, an older
    ///   spelling still accepted.
    #[option(
        key = "table.exec.shuffle-mode",
        default = "batch",
        scope = "batch",
        one_of = [
            "ALL_EDGES_BLOCKING",
            "FORWARD_EDGES_PIPELINED",
            "POINTWISE_EDGES_PIPELINED",
            "ALL_EDGES_PIPELINED",
            "batch",
            "pipelined",
            "pipeline"
        ],
        deprecated = "1.14: use execution.batch-shuffle-mode",
        removed = "2.0: use execution.batch-shuffle-mode"
    )]
    pub shuffle_mode: String,

    /// Restores the casting rules of releases before Flink 1.15.
    ///
    /// With `ENABLED`, a failed cast gives `NULL` instead of an error, and values are not trimmed
    /// or padded to the target length. `DISABLED` (the default) uses the current rules; enable the
    /// old ones only to keep old queries' results while migrating.
    #[option(
        key = "table.exec.legacy-cast-behaviour",
        default = "DISABLED",
        scope = "batch, streaming"
    )]
    pub legacy_cast_behaviour: LegacyCastBehaviour,

    /// Rows cached per task by streaming Top-N operators (`ROW_NUMBER() ... WHERE rn <= N`).
    ///
    /// A bigger cache means fewer state reads for a Top-N with many keys, at the cost of heap.
    #[option(
        key = "table.exec.rank.topn-cache-size",
        default = 10000,
        scope = "streaming",
        changed(release = "2.0", deprecated_keys = ["table.exec.topn-cache-size"])
    )]
    pub rank_topn_cache_size: i64,

    /// Uses short operator names in the web UI and logs, keeping the full details in the
    /// operator's description.
    #[option(
        key = "table.exec.simplify-operator-name-enabled",
        default = true,
        scope = "batch, streaming"
    )]
    pub simplify_operator_name_enabled: bool,

    /// Declares that sinks distinguish `INSERT` from `UPDATE_AFTER` changes.
    ///
    /// When `false`, a deduplication that keeps the first row may emit `INSERT` where it would
    /// otherwise emit `UPDATE_AFTER`, saving state access. Set it to `false` only when every sink
    /// of the job treats both kinds the same.
    #[option(
        key = "table.exec.deduplicate.insert-update-after-sensitive-enabled",
        default = true,
        scope = "streaming",
        changed(
            release = "2.0",
            deprecated_keys = ["table.exec.deduplicate.insert-and-updateafter-sensitive.enabled"]
        )
    )]
    pub deduplicate_insert_update_after_sensitive_enabled: bool,

    /// Sends only the last change per key of each mini-batch from an event-time deduplication,
    /// instead of every intermediate change.
    ///
    /// Less output, but consumers that need every version of a row (versioned tables) lose the
    /// intermediate ones; keep it `false` for them.
    #[option(
        key = "table.exec.deduplicate.mini-batch.compact-changes-enabled",
        default = false,
        scope = "streaming",
        changed(
            release = "2.0",
            deprecated_keys = ["table.exec.deduplicate.mini-batch.compact-changes.enabled"]
        )
    )]
    pub deduplicate_mini_batch_compact_changes_enabled: bool,

    /// When `true`, operator ids come from a global counter, as in releases before 1.15, instead
    /// of from the plan; replaced by `table.exec.uid.generation` (its `DISABLED` value is the
    /// closest equivalent).
    #[option(
        key = "table.exec.legacy-transformation-uids",
        default = false,
        scope = "streaming",
        hidden,
        deprecated = "1.18: use table.exec.uid.generation",
        removed = "2.0: use table.exec.uid.generation (DISABLED gives the old behaviour)"
    )]
    pub legacy_transformation_uids: bool,

    /// When operators get stable ids, which state is matched against when a job restarts from a
    /// savepoint.
    ///
    /// `PLAN_ONLY` (the default) sets ids only for jobs built from a compiled plan, whose shape is
    /// fixed. `ALWAYS` sets them for every job; they stay stable only while the query does not
    /// change. `DISABLED` sets none, leaving ids to the job graph's shape.
    #[option(
        key = "table.exec.uid.generation",
        default = "PLAN_ONLY",
        scope = "streaming"
    )]
    pub uid_generation: UidGeneration,

    /// Pattern for operator ids when they are generated.
    ///
    /// Placeholders: `<id>` (the plan node's id), `<type>` (the node's kind), `<version>` (the
    /// node's version) and `<transformation>` (the role of the operator within the node).
    #[option(
        key = "table.exec.uid.format",
        default = "<id>_<transformation>",
        scope = "streaming"
    )]
    pub uid_format: String,

    /// Shortest time between two state clean-ups of a streaming interval join.
    ///
    /// Rarer clean-ups cost less but keep expired rows longer. In outer joins they also emit
    /// unmatched rows later, possibly behind the watermark, where downstream event-time operators
    /// (windows) drop them. `0 ms` (the default) cleans up as soon as rows expire.
    #[option(
        key = "table.exec.interval-join.min-cleanup-interval",
        default = "0 ms",
        scope = "streaming"
    )]
    pub interval_join_min_cleanup_interval: Duration,

    /// Caches the rows a delta join looked up in the source tables, which saves requests to
    /// external storage at the cost of memory.
    ///
    /// On by default.
    #[option(
        key = "table.exec.delta-join.cache-enabled",
        default = true,
        scope = "streaming",
        since = "2.2"
    )]
    pub delta_join_cache_enabled: bool,

    /// Most looked-up rows of the left input a delta join caches, per task.
    #[option(
        key = "table.exec.delta-join.left.cache-size",
        default = 10000,
        scope = "streaming",
        since = "2.2",
        only_when = "table.exec.delta-join.cache-enabled = true"
    )]
    pub delta_join_left_cache_size: i64,

    /// Most looked-up rows of the right input a delta join caches, per task.
    #[option(
        key = "table.exec.delta-join.right.cache-size",
        default = 10000,
        scope = "streaming",
        since = "2.2",
        only_when = "table.exec.delta-join.cache-enabled = true"
    )]
    pub delta_join_right_cache_size: i64,

    /// Which implementation runs unbounded `OVER` aggregations ordered by time: `2` (the default)
    /// fires a timer per record instead of sorting a key's buffered records at every watermark; `1`
    /// is the older implementation, kept for existing plans.
    #[option(
        key = "table.exec.unbounded-over.version",
        default = 2,
        scope = "streaming",
        since = "2.1"
    )]
    pub unbounded_over_version: i32,
}
