// config.schema.json judged by the clients that use it:
//
// * the real yaml-language-server (one process, over stdio, as VS Code's YAML extension and
//   Neovim's yamlls run it) on every case of cases.mjs: diagnostics, completion and hover;
// * Ajv 8 (draft 2020-12) in strict mode: the schema compiles, and agrees with the server on
//   which diagnostics cases are valid.
//
// SCHEMA=path overrides the schema (default: site/config.schema.json); REPORT=path writes the table
// of cases with what the server said (Markdown), which is how the before/after table of issue 27
// was made.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import YAML from 'yaml';

import { LspClient } from './lsp.mjs';
import { cases } from './cases.mjs';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default;

const here = path.dirname(new URL(import.meta.url).pathname);
const repo = path.resolve(here, '..', '..');
const schemaPath = path.resolve(process.env.SCHEMA ?? path.join(repo, 'site', 'config.schema.json'));
const schema = JSON.parse(fs.readFileSync(schemaPath, 'utf8'));
const CURSOR = '‸';

// Keywords of editors' JSON Schema dialect (VS Code's JSON language service, which
// yaml-language-server extends): annotations Ajv does not know, declared so that strict mode still
// refuses any other unknown keyword.
const EDITOR_KEYWORDS = ['markdownDescription', 'patternErrorMessage', 'doNotSuggest'];

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaml-ls-'));
const results = [];
let client;

function severityName(s) {
  return { 1: 'error', 2: 'warning', 3: 'information', 4: 'hint' }[s] ?? `severity ${s}`;
}

function cursorOf(text) {
  const at = text.indexOf(CURSOR);
  const before = text.slice(0, at);
  const line = before.split('\n').length - 1;
  const character = before.length - (before.lastIndexOf('\n') + 1);
  return { text: text.replace(CURSOR, ''), position: { line, character } };
}

before(async () => {
  client = new LspClient({
    validate: true,
    hover: true,
    completion: true,
    format: { enable: false },
    schemaStore: { enable: false },
    // No network: every schema is a local file.
    schemaDownload: { enable: false },
    // Every case file but one opened through its own modeline (see cases.mjs).
    schemas: { [pathToFileURL(schemaPath).href]: ['case-*.yaml'] },
  });
  await client.initialize(pathToFileURL(workDir).href);
});

after(async () => {
  await client?.shutdown();
  fs.rmSync(workDir, { recursive: true, force: true });
  if (process.env.REPORT) {
    const rows = results.map((r) => `| ${r.id} | ${r.what.replace(/\|/g, '\\|')} | ${r.said.replace(/\|/g, '\\|').replace(/\n/g, '<br>')} | ${r.ok ? 'yes' : '**no**'} |`);
    fs.writeFileSync(
      process.env.REPORT,
      `Schema: ${path.relative(repo, schemaPath)}\n\n| case | what | the server said | as Flink |\n|---|---|---|---|\n${rows.join('\n')}\n`,
    );
  }
});

function summarizeDiagnostics(diagnostics) {
  if (diagnostics.length === 0) return 'nothing';
  const shown = diagnostics.slice(0, 3).map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${severityName(d.severity)}: ${d.message.split('\n')[0]}`);
  if (diagnostics.length > 3) shown.push(`... ${diagnostics.length - 3} more`);
  return shown.join('\n');
}

function judgeDiagnostics(expect, diagnostics) {
  const problems = diagnostics.filter((d) => d.severity <= 2);
  if (expect.none) return diagnostics.length === 0;
  return problems.length === 1 && expect.problem.test(problems[0].message) && problems[0].range.start.line === expect.line;
}

let counter = 0;

for (const c of cases) {
  test(`${c.kind}: ${c.id}: ${c.what}`, async () => {
    const { text, position } = c.text.includes(CURSOR) ? cursorOf(c.text) : { text: c.text };
    const uri = pathToFileURL(path.join(c.dir ?? workDir, `${c.dir ? 'modeline' : 'case'}-${++counter}-${c.id}.yaml`)).href;
    const diagnostics = await client.open(uri, text);
    let said;
    let ok;
    if (c.kind === 'diagnostics') {
      said = summarizeDiagnostics(diagnostics);
      ok = judgeDiagnostics(c.expect, diagnostics);
    } else if (c.kind === 'completion') {
      const list = await client.completion(uri, position);
      const labels = (Array.isArray(list) ? list : list?.items ?? []).map((i) => i.label);
      const missing = (c.expect.includes ?? []).filter((l) => !labels.includes(l));
      const unwanted = (c.expect.excludes ?? []).filter((l) => labels.includes(l));
      said = `${labels.length} items` + (missing.length ? `; missing ${missing.join(', ')}` : `; offers ${c.expect.includes.join(', ')}`) + (unwanted.length ? `; also offers ${unwanted.join(', ')}` : '');
      ok = missing.length === 0 && unwanted.length === 0;
    } else {
      const hover = await client.hover(uri, position);
      const value = hover?.contents?.value ?? '';
      const firstLine = value.split('\n')[0];
      const body = value.split('\n').slice(1).join('\n');
      said = value ? `${firstLine} / ${body.trim().split('\n')[0].slice(0, 90)}` : 'no hover';
      const missing = (c.expect.contains ?? []).filter((s) => !value.includes(s));
      const escaped = value.includes('\\`');
      if (missing.length) said += `\n(missing: ${missing.map((m) => JSON.stringify(m.slice(0, 40))).join(', ')})`;
      if (escaped) said += '\n(backticks escaped)';
      ok = firstLine === `#### ${c.expect.title}` && missing.length === 0 && !escaped;
    }
    client.close(uri);
    results.push({ id: c.id, what: c.what, said, ok });
    assert.ok(ok, `${c.id}: the server said:\n${said}\n(full: ${JSON.stringify(c.kind === 'diagnostics' ? diagnostics : said).slice(0, 2000)})`);
  });
}

test('Ajv 8 compiles the schema in strict mode', () => {
  // strict: true is every strict check (strictSchema, strictTypes, strictTuples, strictRequired,
  // strictNumbers); inlineRefs and code.optimize only change how Ajv generates its validator (the
  // defaults take half a minute on a schema of 1,500 definitions). allErrors stays false, Ajv's
  // default: Ajv then checks each property inside the check of the previous one, so the root's
  // 1,700 properties are checked in parts (allOf; the names closed apart, see below); in one list
  // they overflowed V8's stack at the validator's first call.
  const ajv = new Ajv2020({ strict: true, inlineRefs: false, code: { optimize: false } });
  ajv.addVocabulary(EDITOR_KEYWORDS);
  const started = process.hrtime.bigint();
  const validate = ajv.compile(schema);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  results.push({ id: 'ajv-strict', what: 'Ajv 8.20 (draft 2020-12) compiles the schema with strict: true', said: `compiled in ${ms.toFixed(0)} ms`, ok: true });
  // (A schema Ajv refuses throws above, and the test fails with Ajv's message.)
  // The same verdicts as the server on every diagnostics case.
  for (const c of cases.filter((c) => c.kind === 'diagnostics')) {
    const instance = YAML.parse(c.text, { version: '1.2' }) ?? {};
    const valid = validate(instance);
    const expected = Boolean(c.expect.none);
    assert.equal(valid, expected, `${c.id}: Ajv says ${valid ? 'valid' : JSON.stringify(validate.errors.slice(0, 3))}`);
  }
  // Text values of each type, accepted exactly where Flink's grammar accepts them (values.json;
  // options-docs/tests/docs/json_schemas.rs checks the same table against the runtime's parsers).
  const table = JSON.parse(fs.readFileSync(path.join(here, 'values.json'), 'utf8'));
  const wrong = [];
  for (const [type, { option, accept, reject }] of Object.entries(table).filter(([k]) => k !== '$comment')) {
    for (const value of accept) if (!validate({ [option]: value })) wrong.push(`${type} ${JSON.stringify(value)} refused`);
    for (const value of reject) if (validate({ [option]: value })) wrong.push(`${type} ${JSON.stringify(value)} accepted`);
  }
  assert.deepEqual(wrong, []);
});

test('Ajv reports one bad value among twenty valid keys once, with or without allErrors', () => {
  // tests/data/schema-tools/one-bad-value.yaml: pipeline.auto-watermark-interval is "200 mss".
  // A finding is a key Ajv reports: with allErrors, a value that fails an if/then is reported
  // twice at its one path (the pattern, and "if must match then"), which is still one key.
  const instance = YAML.parse(fs.readFileSync(path.join(repo, 'tests', 'data', 'schema-tools', 'one-bad-value.yaml'), 'utf8'));
  assert.equal(Object.keys(instance).length, 21);
  for (const allErrors of [false, true]) {
    const ajv = new Ajv2020({ strict: true, allErrors, inlineRefs: false, code: { optimize: false } });
    ajv.addVocabulary(EDITOR_KEYWORDS);
    const validate = ajv.compile(schema);
    assert.equal(validate(instance), false);
    const keys = [...new Set(validate.errors.map((e) => e.instancePath))];
    const said = JSON.stringify(validate.errors.map((e) => `${e.instancePath} ${e.keyword}: ${e.message.slice(0, 60)}`));
    assert.deepEqual(keys, ['/pipeline.auto-watermark-interval'], `allErrors: ${allErrors}: ${said}`);
    results.push({ id: `ajv-one-bad${allErrors ? '-all-errors' : ''}`, what: `Ajv (allErrors: ${allErrors}) on one bad value among twenty valid keys`, said: `${validate.errors.length} errors, all at ${keys[0]}`, ok: true });
  }
});
