-- Neovim (0.7 or later, headless) opens a layout with its built-in LSP client attached to
-- `layout-check lsp`, waits for the diagnostics and writes them, one a line, to $LAYOUT_OUTPUT:
--   LINE:COLUMN: SEVERITY: MESSAGE [CODE]
-- vim.lsp.start_client and buf_attach_client exist in 0.7 (Debian's); vim.lsp.start came in 0.8.
local server = assert(os.getenv("LAYOUT_CHECK"), "set LAYOUT_CHECK to the layout-check executable")
local file = assert(os.getenv("LAYOUT_FILE"), "set LAYOUT_FILE to the layout to open")
local output = assert(os.getenv("LAYOUT_OUTPUT"), "set LAYOUT_OUTPUT to the file to write")

local function finish(lines, status)
  local handle = assert(io.open(output, "w"))
  handle:write(table.concat(lines, "\n") .. "\n")
  handle:close()
  vim.cmd((status == 0) and "qall!" or "cquit! " .. status)
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buffer = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({
  name = "layout-check",
  cmd = { server, "lsp" },
  root_dir = vim.fn.fnamemodify(file, ":p:h"),
})
if client == nil then
  finish({ "error: the language server did not start" }, 2)
end
vim.lsp.buf_attach_client(buffer, client)

local arrived = vim.wait(60000, function()
  return #vim.diagnostic.get(buffer) > 0
end, 20)
if not arrived then
  finish({ "error: no diagnostics within 60 seconds" }, 1)
end
local names = { "error", "warning", "information", "hint" }
local lines = {}
for _, diagnostic in ipairs(vim.diagnostic.get(buffer)) do
  local code = diagnostic.code or (diagnostic.user_data and diagnostic.user_data.lsp and diagnostic.user_data.lsp.code)
  table.insert(lines, string.format("%d:%d: %s: %s [%s]", diagnostic.lnum + 1, diagnostic.col + 1,
    names[diagnostic.severity] or "?", diagnostic.message, tostring(code)))
end
vim.lsp.stop_client(client)
finish(lines, 0)
