// A minimal Language Server Protocol client over stdio: enough to open YAML documents in the real
// yaml-language-server and ask it for diagnostics, completion and hover, as an editor does.

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The yaml-language-server entry point installed by `npm ci` in this directory. */
export function serverScript() {
  const pkg = require.resolve('yaml-language-server/package.json');
  return path.join(path.dirname(pkg), 'bin', 'yaml-language-server');
}

export class LspClient {
  /** Starts the server; `settings` is the `yaml` section the server asks its client for. */
  constructor(settings) {
    this.settings = settings;
    this.nextId = 1;
    this.pending = new Map();
    this.diagnostics = new Map(); // uri -> { version, diagnostics }
    this.waiters = [];
    this.buffer = Buffer.alloc(0);
    this.stderr = '';
    this.child = spawn(process.execPath, [serverScript(), '--stdio'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout.on('data', (chunk) => this.receive(chunk));
    this.child.stderr.on('data', (chunk) => {
      this.stderr += chunk;
    });
    this.exited = new Promise((resolve) => this.child.on('exit', resolve));
  }

  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const header = this.buffer.subarray(0, end).toString('ascii');
      const length = Number(/Content-Length: *(\d+)/i.exec(header)[1]);
      if (this.buffer.length < end + 4 + length) return;
      const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(end + 4 + length);
      this.dispatch(JSON.parse(body));
    }
  }

  dispatch(message) {
    if (message.id !== undefined && message.method === undefined) {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiter.reject(new Error(`${waiter.method}: ${message.error.message}`));
      else waiter.resolve(message.result);
      return;
    }
    if (message.id !== undefined) {
      // A request from the server: answer the ones an editor answers.
      let result = null;
      if (message.method === 'workspace/configuration') {
        result = message.params.items.map((item) => (item.section === 'yaml' ? this.settings : null));
      }
      this.write({ jsonrpc: '2.0', id: message.id, result });
      return;
    }
    if (message.method === 'textDocument/publishDiagnostics') {
      const { uri, version, diagnostics } = message.params;
      this.diagnostics.set(uri, { version, diagnostics });
      this.waiters = this.waiters.filter((w) => !w(uri));
    }
  }

  write(message) {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.write({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method, params) {
    this.write({ jsonrpc: '2.0', method, params });
  }

  async initialize(rootUri) {
    await this.request('initialize', {
      processId: process.pid,
      rootUri,
      capabilities: {
        workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } },
        textDocument: {
          hover: { contentFormat: ['markdown', 'plaintext'] },
          completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown'] } },
          publishDiagnostics: { relatedInformation: true },
        },
      },
      initializationOptions: {},
    });
    this.notify('initialized', {});
    this.notify('workspace/didChangeConfiguration', { settings: { yaml: this.settings } });
  }

  /** Opens (or re-opens) a document; resolves with the diagnostics the server publishes for it. */
  open(uri, text, version = 1) {
    const published = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} within 60 s`)), 60000);
      this.waiters.push((u) => {
        if (u !== uri) return false;
        const d = this.diagnostics.get(uri);
        if (d.version !== undefined && d.version !== version) return false;
        clearTimeout(timer);
        resolve(d.diagnostics);
        return true;
      });
    });
    this.notify('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version, text },
    });
    return published;
  }

  close(uri) {
    this.notify('textDocument/didClose', { textDocument: { uri } });
  }

  completion(uri, position) {
    return this.request('textDocument/completion', { textDocument: { uri }, position });
  }

  hover(uri, position) {
    return this.request('textDocument/hover', { textDocument: { uri }, position });
  }

  async shutdown() {
    try {
      await this.request('shutdown', null);
      this.notify('exit', null);
    } finally {
      const timer = setTimeout(() => this.child.kill(), 5000);
      await this.exited;
      clearTimeout(timer);
    }
  }
}
