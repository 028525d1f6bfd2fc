-- Drives `flinkconf lsp` from Neovim's built-in LSP client (Neovim 0.7 or newer), headless:
-- opens a config.yaml, a FlinkDeployment manifest and a SQL script, waits for their diagnostics
-- and checks lines, severities and tags, asks for hover and completion, applies the
-- deprecated-key quick fix and the did-you-mean fix and checks the buffer's text after.
-- Prints a transcript; exits 1 on the first failed check.
--
-- Run by .ci/neovim-test.sh:
--   FLINKCONF=target/debug/flinkconf WORK=$(mktemp -d) nvim --headless --clean -c 'luafile neovim.lua'

local flinkconf = assert(os.getenv('FLINKCONF'), 'FLINKCONF names the binary')
local work = assert(os.getenv('WORK'), 'WORK names a scratch folder')

local function say(text)
  io.stdout:write(text .. '\n')
end

local failed = false
local function check(ok, what)
  say((ok and 'ok   ' or 'FAIL ') .. what)
  if not ok then
    failed = true
  end
end

local function write(name, text)
  local f = assert(io.open(work .. '/' .. name, 'w'))
  f:write(text)
  f:close()
end

write('config.yaml', table.concat({
  '# a cluster',
  'taskmanager.memory.process.size: 2g',
  'paralelism.default: 4',
  'state.backend: rocksdb',
  'execution:',
  '  checkpointing:',
  '    interval: ten seconds',
  'table.exec.mini-batch.size: 100',
  '',
}, '\n'))
write('deploy.yaml', table.concat({
  'apiVersion: flink.apache.org/v1beta1',
  'kind: FlinkDeployment',
  'metadata:',
  '  name: orders',
  'spec:',
  '  flinkVersion: v1_20',
  '  flinkConfiguration:',
  '    taskmanager.numberOfTaskSlots: "two"',
  '    state.backend.incremental: "true"',
  '',
}, '\n'))
write('jobs.sql', table.concat({
  "SET 'parallelism.default' = 'x';",
  "SET 'table.exec.mini-batch.enabled' = 'true';",
  "SET 'taskmanager.heap.size' = '1g';",
  '',
}, '\n'))

local client_id = vim.lsp.start_client({
  name = 'flinkconf',
  cmd = { flinkconf, 'lsp' },
  root_dir = work,
  init_options = {},
})
check(client_id ~= nil, 'the server started')
local client = vim.lsp.get_client_by_id(client_id)

local function open(name)
  vim.cmd('edit ' .. work .. '/' .. name)
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client_id)
  return buf
end

local severity = { 'error', 'warning', 'info', 'hint' }
local tag_names = { 'unnecessary', 'deprecated' }

-- Waits for at least `count` diagnostics and returns them as `line:severity:code[:tags]`, in
-- line order.
local function diagnostics(buf, count, label)
  vim.wait(15000, function()
    return #vim.diagnostic.get(buf) >= count
  end, 20)
  local list = vim.diagnostic.get(buf)
  table.sort(list, function(a, b)
    return a.lnum < b.lnum
  end)
  local out = {}
  for _, d in ipairs(list) do
    local lsp = (d.user_data or {}).lsp or {}
    local tags = {}
    for _, t in ipairs(lsp.tags or d.tags or {}) do
      table.insert(tags, tag_names[t])
    end
    local brief = string.format('%d:%s:%s', d.lnum + 1, severity[d.severity], d.code or lsp.code or '-')
    if #tags > 0 then
      brief = brief .. ':' .. table.concat(tags, ',')
    end
    table.insert(out, brief)
    say(string.format('  %s:%d:%d %s [%s] %s', label, d.lnum + 1, d.col + 1, severity[d.severity],
      d.code or lsp.code or '-', d.message))
  end
  return table.concat(out, ' ')
end

local function request(buf, method, params)
  local result = client.request_sync(method, params, 10000, buf)
  return result and result.result
end

local function position(buf, line, character)
  return {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = line, character = character },
  }
end

local function action(buf, line, prefix)
  local actions = request(buf, 'textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = line, character = 0 }, ['end'] = { line = line, character = 0 } },
    context = { diagnostics = {} },
  }) or {}
  for _, a in ipairs(actions) do
    if a.title:sub(1, #prefix) == prefix then
      return a
    end
  end
end

local function line_of(buf, n)
  return vim.api.nvim_buf_get_lines(buf, n - 1, n, false)[1]
end

-- config.yaml
say('== config.yaml')
local config = open('config.yaml')
local got = diagnostics(config, 4, 'config.yaml')
check(got == '3:warning:unknown-key 4:warning:deprecated-key:deprecated 7:error:invalid-value 8:warning:no-effect:unnecessary',
  'config.yaml diagnostics: ' .. got)

local hover = request(config, 'textDocument/hover', position(config, 6, 5))
local text = hover and hover.contents and hover.contents.value or ''
say('  hover on "interval": ' .. (text:match('^[^\n]*') or ''))
check(text:find('Type: `Duration`', 1, true) ~= nil and text:find('Checked against Flink', 1, true) ~= nil,
  'hover shows the type and the release')

local completion = request(config, 'textDocument/completion', position(config, 6, 6)) or {}
local labels = {}
for _, item in ipairs(completion.items or {}) do
  table.insert(labels, item.label)
end
say('  completion under execution.checkpointing: ' .. table.concat(labels, ', ', 1, math.min(#labels, 6)))
check(vim.tbl_contains(labels, 'interval'), 'completion offers "interval" at the nested depth')

local rename = action(config, 3, 'Rename deprecated')
check(rename ~= nil, 'a quick fix renames the deprecated key: ' .. (rename and rename.title or 'none'))
if rename then
  vim.lsp.util.apply_workspace_edit(rename.edit, 'utf-16')
  check(line_of(config, 4) == 'state.backend.type: rocksdb', 'line 4 after the fix: ' .. line_of(config, 4))
end
local typo = action(config, 2, 'Did you mean')
check(typo ~= nil and typo.isPreferred == true, 'the did-you-mean fix is preferred: ' .. (typo and typo.title or 'none'))
if typo then
  vim.lsp.util.apply_workspace_edit(typo.edit, 'utf-16')
  check(line_of(config, 3) == 'parallelism.default: 4', 'line 3 after the fix: ' .. line_of(config, 3))
end
-- The edits were sent as changes: the diagnostics follow the new text.
vim.wait(15000, function()
  return #vim.diagnostic.get(config) == 2
end, 20)
got = diagnostics(config, 2, 'config.yaml')
check(got == '7:error:invalid-value 8:warning:no-effect:unnecessary', 'config.yaml after the fixes: ' .. got)

-- the manifest
say('== deploy.yaml')
local deploy = open('deploy.yaml')
got = diagnostics(deploy, 2, 'deploy.yaml')
check(got == '8:error:invalid-value 9:warning:deprecated-key:deprecated', 'manifest diagnostics: ' .. got)
hover = request(deploy, 'textDocument/hover', position(deploy, 8, 6))
text = hover and hover.contents and hover.contents.value or ''
check(text:find('spec.flinkVersion v1_20', 1, true) ~= nil, 'hover names the manifest\'s release')

-- the SQL script
say('== jobs.sql')
local sql = open('jobs.sql')
got = diagnostics(sql, 2, 'jobs.sql')
check(got == '1:error:invalid-value 2:warning:requirement-not-met 2:warning:requirement-not-met 3:error:removed-key',
  'SQL diagnostics: ' .. got)
completion = request(sql, 'textDocument/completion', position(sql, 1, 30)) or {}
labels = {}
for _, item in ipairs(completion.items or {}) do
  table.insert(labels, item.label)
end
check(vim.tbl_contains(labels, 'table.exec.mini-batch.enabled'), 'completion inside SET \'')

vim.lsp.stop_client(client_id)
say(failed and 'FAILED' or 'PASSED')
vim.cmd(failed and 'cquit 1' or 'qall!')
