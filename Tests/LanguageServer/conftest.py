"""The language server under test: the built `layout-check lsp`, on the workspace in this folder."""

import os
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
WORKSPACE = HERE / "Workspace"
REPOSITORY = HERE.parent.parent
SERVER = os.environ.get("LAYOUT_CHECK", str(REPOSITORY / ".build" / "debug" / "layout-check"))
