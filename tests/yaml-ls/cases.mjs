// The cases the editor test runs: what a user types in a config.yaml, and what a user should see.
//
// `‸` in a text marks the cursor of a completion or hover request (it is removed before the text is
// sent). Diagnostics cases are also validated by Ajv (strict mode): a case that expects no error
// must be valid there too, and a case that expects an error must be invalid.
//
// expect for diagnostics:
//   { none: true }                    no diagnostic at all
//   { problem: /re/, line: n }        exactly one diagnostic, matching re, on line n (0-based)
//
// A deprecated key works, so it gets no diagnostic (yaml-language-server reports every schema
// warning as an error): its hover says it is deprecated, and completion does not offer it.
// dir: where the document is opened (default: a temporary directory).
// expect for completion: { includes: [labels], excludes: [labels] }
// expect for hover: { title: 'key', contains: [strings] } (and never an escaped backtick)

import fs from 'node:fs';
import path from 'node:path';

const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

/** Every option line of the committed template, uncommented. */
function uncommentedTemplate() {
  const text = fs.readFileSync(path.join(repo, 'site', 'config.template.yaml'), 'utf8');
  return text
    .split('\n')
    .map((line) => (/^# [a-z$][^ `#]*\.[^ `]*: /.test(line) ? line.slice(2) : line))
    .join('\n');
}

export const cases = [
  // ---- diagnostics: what Flink accepts gives nothing
  {
    id: 'stock-config',
    what: "Flink 1.19.3's own config.yaml",
    kind: 'diagnostics',
    text: fs.readFileSync(path.join(repo, 'tests', 'data', 'flink-versions', 'flink-1.19.3-default-config.yaml'), 'utf8'),
    expect: { none: true },
  },
  {
    id: 'plugins-production',
    what: 'a production config.yaml with S3 credentials, fs.s3a settings, a SQL gateway and Prometheus reporters (issue 43)',
    kind: 'diagnostics',
    text: fs.readFileSync(path.join(repo, 'flinkconf', 'tests', 'data', 'plugins', 'config.yaml'), 'utf8'),
    expect: { none: true },
  },
  {
    id: 'template-uncommented',
    what: 'flinkconf template with every option line uncommented, checked through its own modeline',
    kind: 'diagnostics',
    text: uncommentedTemplate(),
    // Opened beside site/config.schema.json, which the template's modeline names.
    dir: path.join(repo, 'site'),
    expect: { none: true },
  },
  {
    id: 'template-modeline-typo',
    what: "a typo in a file that names the schema only in flinkconf template's modeline",
    kind: 'diagnostics',
    text: `${fs.readFileSync(path.join(repo, 'site', 'config.template.yaml'), 'utf8').split('\n')[0]}\ntable.exec.mini-batch.enabeld: true\n`,
    dir: path.join(repo, 'site'),
    expect: { problem: /enabeld/, line: 1 },
  },
  {
    id: 'nested-pattern-keys',
    what: 'nested reporter keys (metrics: reporter: prom: ...)',
    kind: 'diagnostics',
    text: 'metrics:\n  reporter:\n    prom:\n      factory.class: org.apache.flink.metrics.prometheus.PrometheusReporterFactory\n      port: 9249\n      interval: 15 s\n      filter:\n        includes: "*:*:*"\n',
    expect: { none: true },
  },
  {
    id: 'hidden-option',
    what: 'taskmanager.cpu.cores: 4 and table.exec.resource.sort.memory: 128 mb (options Flink reads, hidden in the docs)',
    kind: 'diagnostics',
    text: 'taskmanager.cpu.cores: 4\ntable.exec.resource.sort.memory: 128 mb\n',
    expect: { none: true },
  },
  {
    id: 'value-and-prefix-nested',
    what: 'keys that are a value and a prefix (execution.checkpointing.unaligned, high-availability), nested and dotted',
    kind: 'diagnostics',
    text: 'execution:\n  checkpointing:\n    unaligned: true\n    unaligned.forced: false\nhigh-availability: zookeeper\nhigh-availability.storageDir: s3://bucket/ha\nstate:\n  backend: rocksdb\n  backend.incremental: true\n',
    expect: { none: true },
  },
  {
    id: 'quoted-scalars',
    what: "quoted 'true', 'TRUE', '4' and '64 mb'",
    kind: 'diagnostics',
    text: "table.exec.mini-batch.enabled: 'true'\npipeline.object-reuse: TRUE\nparallelism.default: '4'\ntaskmanager.memory.managed.size: '64 mb'\n",
    expect: { none: true },
  },
  {
    id: 'durations-and-sizes',
    what: 'durations and sizes Flink accepts (200 ms, 3min, 200, 1728m, 1 GB)',
    kind: 'diagnostics',
    text: 'pipeline.auto-watermark-interval: 200 ms\nexecution.checkpointing.interval: 3min\ntable.exec.async-lookup.timeout: 200\ntaskmanager.memory.process.size: 1728m\njobmanager.memory.process.size: 1 GB\n',
    expect: { none: true },
  },
  {
    id: 'enum-any-case',
    what: 'execution.runtime-mode: batch (enum values match ignoring case)',
    kind: 'diagnostics',
    text: 'execution.runtime-mode: batch\n',
    expect: { none: true },
  },
  {
    id: 'catch-all-pattern',
    what: 'metrics.reporter.prom.port: 9249 (passed through to the reporter)',
    kind: 'diagnostics',
    text: 'metrics.reporter.prom.port: 9249\nmetrics.reporter.prom.factory.class: org.example.Factory\n',
    expect: { none: true },
  },
  {
    id: 'mixed-forms',
    what: 'dotted and nested forms mixed, lists and maps in YAML form',
    kind: 'diagnostics',
    text: 'table.exec:\n  mini-batch.enabled: true\n  mini-batch:\n    size: 100\npipeline.jars: [a.jar, b.jar]\npipeline.global-job-parameters: {region: eu, tier: 2}\nexternal-resource:\n  gpu:\n    amount: 2\n    param:\n      vendor: nvidia\n',
    expect: { none: true },
  },
  // ---- diagnostics: what Flink rejects, or passes through by mistake, is reported
  {
    id: 'typo-flat',
    what: 'table.exec.mini-batch.enabeld: true (typo, dotted)',
    kind: 'diagnostics',
    text: 'table.exec.mini-batch.enabeld: true\n',
    expect: { problem: /enabeld/, line: 0 },
  },
  {
    id: 'typo-nested',
    what: 'the same typo, nested',
    kind: 'diagnostics',
    text: 'table:\n  exec:\n    mini-batch:\n      enabeld: true\n',
    expect: { problem: /enabeld/, line: 3 },
  },
  {
    id: 'typo-under-pattern',
    what: 'metrics.reportr.prom.interval: 15 s (a typo before the placeholder)',
    kind: 'diagnostics',
    text: 'metrics.reportr.prom.interval: 15 s\n',
    expect: { problem: /reportr/, line: 0 },
  },
  {
    id: 'bad-duration',
    what: 'pipeline.auto-watermark-interval: soon',
    kind: 'diagnostics',
    text: 'pipeline.auto-watermark-interval: soon\n',
    expect: { problem: /duration/i, line: 0 },
  },
  {
    id: 'iso-duration',
    what: 'execution.checkpointing.interval: PT10S (ISO-8601, which Flink refuses)',
    kind: 'diagnostics',
    text: 'execution.checkpointing.interval: PT10S\n',
    expect: { problem: /duration/i, line: 0 },
  },
  {
    id: 'bad-size',
    what: 'taskmanager.memory.process.size: lots',
    kind: 'diagnostics',
    text: 'taskmanager.memory.process.size: lots\n',
    expect: { problem: /memory size/i, line: 0 },
  },
  {
    id: 'decimal-size',
    what: 'taskmanager.memory.process.size: 1.5g (Flink refuses decimals)',
    kind: 'diagnostics',
    text: 'taskmanager.memory.process.size: 1.5g\n',
    expect: { problem: /memory size/i, line: 0 },
  },
  {
    id: 'typed-pattern',
    what: 'metrics.reporter.prom.factory.class: [1] (a typed pattern key)',
    kind: 'diagnostics',
    text: 'metrics.reporter.prom.factory.class: [1]\n',
    expect: { problem: /Incorrect type/i, line: 0 },
  },
  {
    id: 'typed-pattern-nested',
    what: 'metrics: reporter: prom: interval: soon (a typed pattern key, nested)',
    kind: 'diagnostics',
    text: 'metrics:\n  reporter:\n    prom:\n      interval: soon\n',
    expect: { problem: /duration/i, line: 3 },
  },
  {
    id: 'bad-boolean',
    what: 'table.exec.mini-batch.enabled: yes (Flink reads only true and false)',
    kind: 'diagnostics',
    text: 'table.exec.mini-batch.enabled: yes\n',
    expect: { problem: /true or false/i, line: 0 },
  },
  {
    id: 'bad-integer',
    what: 'parallelism.default: many',
    kind: 'diagnostics',
    text: 'parallelism.default: many\n',
    expect: { problem: /whole number/i, line: 0 },
  },
  {
    id: 'below-minimum',
    what: 'table.exec.async-lookup.buffer-capacity: 0 (minimum 1)',
    kind: 'diagnostics',
    text: 'table.exec.async-lookup.buffer-capacity: 0\n',
    expect: { problem: /minimum/i, line: 0 },
  },
  {
    id: 'not-in-enum',
    what: 'table.optimizer.agg-phase-strategy: THREE_PHASE',
    kind: 'diagnostics',
    text: 'table.optimizer.agg-phase-strategy: THREE_PHASE\n',
    expect: { problem: /TWO_PHASE/, line: 0 },
  },
  {
    id: 'deprecated-key',
    what: 'state.backend: rocksdb (a deprecated key that is also a prefix: Flink reads it, so no error)',
    kind: 'diagnostics',
    text: 'state.backend: rocksdb\n',
    expect: { none: true },
  },
  {
    id: 'deprecated-key-bad-value',
    what: 'akka.ask.timeout: soon (a deprecated key is still checked)',
    kind: 'diagnostics',
    text: 'akka.ask.timeout: soon\n',
    expect: { problem: /duration/i, line: 0 },
  },
  {
    id: 'one-bad-among-twenty',
    what: 'one bad duration (200 mss) among twenty valid keys: one diagnostic, none for the valid keys beside it (issue 38)',
    kind: 'diagnostics',
    text: fs.readFileSync(path.join(repo, 'tests', 'data', 'schema-tools', 'one-bad-value.yaml'), 'utf8'),
    expect: { problem: /duration/i, line: 15 },
  },
  // ---- completion
  {
    id: 'complete-flat',
    what: 'completion at the root after typing table.exec.mini-b',
    kind: 'completion',
    text: 'table.exec.mini-b‸\n',
    expect: { includes: ['table.exec.mini-batch.enabled', 'table.exec.mini-batch.size'] },
  },
  {
    id: 'complete-nested',
    what: 'completion inside table: exec: mini-batch:',
    kind: 'completion',
    text: 'table:\n  exec:\n    mini-batch:\n      ‸\n',
    expect: { includes: ['enabled', 'size', 'allow-latency'] },
  },
  {
    id: 'complete-nested-pattern',
    what: 'completion inside metrics: reporter: prom:',
    kind: 'completion',
    text: 'metrics:\n  reporter:\n    prom:\n      ‸\n',
    expect: { includes: ['interval', 'factory.class'] },
  },
  {
    id: 'complete-value',
    what: 'value completion for execution.runtime-mode',
    kind: 'completion',
    text: 'execution.runtime-mode: ‸\n',
    expect: { includes: ['STREAMING', 'BATCH', 'AUTOMATIC'] },
  },
  {
    id: 'complete-no-internal',
    what: 'completion at the root offers documented keys, not hidden options or deprecated keys',
    kind: 'completion',
    text: 'taskmanager.‸\n',
    expect: { includes: ['taskmanager.numberOfTaskSlots'], excludes: ['taskmanager.cpu.cores', 'taskmanager.heap.size'] },
  },
  // ---- hover
  {
    id: 'hover-flat',
    what: 'hover over table.exec.mini-batch.enabled',
    kind: 'hover',
    text: 'table.exec.mini-ba‸tch.enabled: true\n',
    expect: { title: 'table.exec.mini-batch.enabled', contains: ['Boolean'] },
  },
  {
    id: 'hover-nested',
    what: 'hover over a nested key (enabled under table: exec: mini-batch:)',
    kind: 'hover',
    text: 'table:\n  exec:\n    mini-batch:\n      enab‸led: true\n',
    expect: { title: 'table.exec.mini-batch.enabled' },
  },
  {
    id: 'hover-markdown',
    what: 'hover over table.builtin-catalog-name (a description with code and two paragraphs)',
    kind: 'hover',
    text: 'table.builtin-cat‸alog-name: my_catalog\n',
    expect: {
      title: 'table.builtin-catalog-name',
      contains: ['`USE CATALOG`', 'Name of the in-memory catalog that every table environment creates at startup.\n\nThis catalog is also the initial current catalog, so unqualified table names resolve in it until `USE CATALOG` selects another one.'],
    },
  },
  {
    id: 'hover-pattern',
    what: 'hover over metrics.reporter.prom.interval',
    kind: 'hover',
    text: 'metrics.reporter.prom.inter‸val: 15 s\n',
    expect: { title: 'metrics.reporter.<name>.interval' },
  },
  {
    id: 'hover-deprecated',
    what: 'hover over akka.ask.timeout (a deprecated key)',
    kind: 'hover',
    text: 'akka.ask.time‸out: 10 s\n',
    expect: { title: 'akka.ask.timeout', contains: ['Deprecated key: use `pekko.ask.timeout` instead.'] },
  },
  {
    id: 'hover-value-and-prefix',
    what: 'hover over high-availability (a value and a prefix)',
    kind: 'hover',
    text: 'high-availa‸bility: zookeeper\n',
    expect: { title: 'high-availability', contains: ['Deprecated key: use `high-availability.type` instead.'] },
  },
];
