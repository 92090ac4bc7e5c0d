"""End-to-end tests of `layout-check lsp` driven by a real LSP client (pytest-lsp, pygls)."""

import asyncio
import json
import shutil
import subprocess
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import SERVER, WORKSPACE

CARD = WORKSPACE / "Layouts" / "Card.layout.xml"
HEADER = WORKSPACE / "Layouts" / "Header.layout.xml"
SWIFT = WORKSPACE / "Swift" / "CardCell.swift"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[SERVER, "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            root_uri=WORKSPACE.as_uri(),
        )
    )
    yield
    await lsp_client.shutdown_session()


async def open_layout(client, path, text=None, version=1):
    """Opens a layout and waits for its diagnostics."""
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="xml", version=version, text=text if text is not None else path.read_text()
            )
        )
    )
    await wait_for_diagnostics(client, uri)
    return uri


async def wait_for_diagnostics(client, uri, seconds=60):
    """The next diagnostics published for `uri`; a failure, not a hang, when none come."""

    async def wait():
        while uri not in client.diagnostics:
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        return client.diagnostics[uri]

    return await asyncio.wait_for(wait(), seconds)


def position_of(text, needle, offset=0):
    """The LSP position of `needle` in `text` (plus `offset` characters), in UTF-16 units."""
    index = text.index(needle) + offset
    before = text[:index]
    line = before.count("\n")
    column = before[before.rfind("\n") + 1 :]
    return types.Position(line=line, character=len(column.encode("utf-16-le")) // 2)


async def test_a_valid_layout_has_no_diagnostics(client):
    uri = await open_layout(client, CARD)
    assert list(client.diagnostics[uri]) == []


async def test_a_misspelled_outlet_is_an_error_at_its_attribute_and_a_change_fixes_it(client):
    text = CARD.read_text()
    broken = text.replace('outlet="titleLabel"', 'outlet="titelLabel"')
    uri = await open_layout(client, CARD, broken)
    by_code = {d.code: d for d in client.diagnostics[uri]}
    assert set(by_code) == {"unknown-outlet", "unconnected-outlet"}
    diagnostic = by_code["unknown-outlet"]
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.source == "layout-check"
    assert diagnostic.message == "Cards.CardCell has no outlet named 'titelLabel'; did you mean 'titleLabel'?"
    # At the element, as the CLI's line and column say; the range covers its name.
    assert diagnostic.range.start == position_of(broken, '<label outlet="titelLabel"')
    assert diagnostic.range.end == position_of(broken, '<label outlet="titelLabel"', len("<label"))
    # Its note is related information at the class's Swift declaration.
    [note] = diagnostic.related_information
    assert note.location.uri == SWIFT.as_uri() and note.location.range.start.line == 3
    assert note.message == "Cards.CardCell is declared here"
    # An incremental change (UTF-16 range) puts the right name back.
    start = position_of(broken, "titelLabel")
    end = types.Position(line=start.line, character=start.character + len("titelLabel"))
    client.diagnostics.pop(uri)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text="titleLabel")
            ],
        )
    )
    assert list(await wait_for_diagnostics(client, uri)) == []


async def test_an_edit_after_non_ascii_text_lands_where_utf16_positions_say(client):
    # "😀" is two UTF-16 units (one scalar): a change after it on its line must count both, and a
    # diagnostic after it must be placed in UTF-16 units too.
    text = CARD.read_text().replace('<label outlet="titleLabel"', '<label text="😀"/><label outlet="titleLabel"')
    uri = await open_layout(client, CARD, text)
    assert list(client.diagnostics[uri]) == []
    start = position_of(text, "titleLabel")
    end = types.Position(line=start.line, character=start.character + len("titleLabel"))
    client.diagnostics.pop(uri)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text="titelLabel")],
        )
    )
    changed = text.replace('outlet="titleLabel"', 'outlet="titelLabel"')
    unknown = [d for d in await wait_for_diagnostics(client, uri) if d.code == "unknown-outlet"]
    assert [d.range.start for d in unknown] == [position_of(changed, '<label outlet="titelLabel"')]


async def test_an_edit_to_an_open_included_layout_judges_the_layout_that_includes_it(client):
    card = await open_layout(client, CARD)
    header_text = HEADER.read_text()
    header = await open_layout(client, HEADER, header_text)
    assert list(client.diagnostics[header]) == []
    start = position_of(header_text, "HeaderView")
    end = types.Position(line=start.line, character=start.character + len("HeaderView"))
    client.diagnostics.clear()
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=header, version=2),
            content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text="HeaderVew")],
        )
    )
    # The edited text, not the file on disk, is what the including layout is judged with.
    codes = {d.code for d in await wait_for_diagnostics(client, card)}
    assert codes == {"invalid-include"}
    assert {d.code for d in await wait_for_diagnostics(client, header)} == {"unknown-class"}


async def test_completion_offers_outlets_of_the_enclosing_class_and_enumeration_values(client):
    text = CARD.read_text()
    uri = await open_layout(client, CARD)
    outlets = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(text, 'outlet="titleLabel"', len('outlet="')),
        )
    )
    labels = {item.label for item in outlets.items}
    assert {"titleLabel", "header", "shareButton"} <= labels
    fonts = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(text, 'font="headline"', len('font="')),
        )
    )
    assert {"body", "headline", "largeTitle"} <= {item.label for item in fonts.items}
    classes = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(text, 'class="CardCell"', len('class="')),
        )
    )
    assert {"CardCell", "CardController", "HeaderView"} <= {item.label for item in classes.items}
    destinations = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(text, 'destination="owner"', len('destination="')),
        )
    )
    assert {item.label for item in destinations.items} == {"owner", "card"}
    layouts = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(text, 'layout="Header"', len('layout="')),
        )
    )
    assert {item.label for item in layouts.items} == {"Card", "Header"}
    actions = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(text, 'name="shareTapped"', len('name="')),
        )
    )
    assert {item.label for item in actions.items} == {"shareTapped"}


async def test_completion_offers_the_attributes_an_element_takes(client):
    text = CARD.read_text()
    uri = await open_layout(client, CARD)
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(text, ' font="headline"'),
        )
    )
    labels = {item.label for item in result.items}
    assert {"text", "textColor", "numberOfLines", "textAlignment", "hidden"} <= labels
    assert "outlet" not in labels  # already there
    assert "axis" not in labels  # a stack view's, not a label's


async def test_hover_shows_a_members_swift_declaration(client):
    text = CARD.read_text()
    uri = await open_layout(client, CARD)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(text, 'outlet="titleLabel"', len('outlet="') + 2),
        )
    )
    value = hover.contents.value
    assert "outlet titleLabel: label" in value
    assert "required" in value and "not main-actor isolated" in value
    assert f"{SWIFT}:11:" in value
    owner = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(text, 'class="CardController"', len('class="') + 1),
        )
    )
    assert "Cards.CardController" in owner.contents.value and "main-actor isolated" in owner.contents.value
    documentation = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(text, 'font="headline"', 1),
        )
    )
    assert "`font`" in documentation.contents.value and "`largeTitle`" in documentation.contents.value


async def test_definition_goes_to_swift_to_the_included_layout_and_to_the_element(client):
    text = CARD.read_text()
    uri = await open_layout(client, CARD)

    async def definition(needle, offset):
        result = await client.text_document_definition_async(
            types.DefinitionParams(
                text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(text, needle, offset)
            )
        )
        return result[0] if isinstance(result, list) else result

    member = await definition('outlet="titleLabel"', len('outlet="'))
    assert member.uri == SWIFT.as_uri() and member.range.start.line == 10
    cls = await definition('class="CardCell"', len('class="'))
    assert cls.uri == SWIFT.as_uri() and cls.range.start.line == 3
    include = await definition('layout="Header"', len('layout="'))
    assert include.uri == HEADER.as_uri()
    element = await definition('destination="card"', len('destination="'))
    assert element.uri == uri and element.range.start == position_of(text, "tableViewCell id=")


async def test_code_actions_answer_a_list_and_rename_renames_the_outlet_everywhere(client):
    text = CARD.read_text()
    uri = await open_layout(client, CARD)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=5, character=0)),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    assert list(actions) == []
    position = position_of(text, 'outlet="header"', len('outlet="') + 1)
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position)
    )
    assert prepared.placeholder == "header"
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position, new_name="banner")
    )
    assert set(edit.changes) == {uri, SWIFT.as_uri()}
    [layout_edit] = edit.changes[uri]
    assert layout_edit.new_text == "banner" and layout_edit.range.start == position_of(text, 'header"/>')
    [swift_edit] = edit.changes[SWIFT.as_uri()]
    assert swift_edit.range.start == types.Position(line=11, character=20)


async def test_a_fix_it_is_a_quick_fix_whose_edit_repairs_the_file(client):
    """The checker's fix-it for a misspelled outlet (one candidate) is a code action: its edit, in UTF-16
    positions after an emoji on the same line, turns the buffer into one the checker finds clean."""
    text = CARD.read_text().replace('<label outlet="titleLabel"', '<label text="📷" outlet="titleLabl"')
    uri = await open_layout(client, CARD, text=text)
    [finding] = [d for d in client.diagnostics[uri] if d.code == "unknown-outlet"]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=finding.range,
            context=types.CodeActionContext(diagnostics=[finding]),
        )
    )
    [action] = actions
    assert action.kind == types.CodeActionKind.QuickFix and "titleLabel" in action.title
    [edit] = action.edit.changes[uri]
    assert edit.new_text == "titleLabel"
    assert edit.range.start == position_of(text, 'titleLabl"') and edit.range.end == position_of(text, '" font=')
    lines = text.split("\n")
    line = lines[edit.range.start.line].encode("utf-16-le")
    start, end = edit.range.start.character * 2, edit.range.end.character * 2
    lines[edit.range.start.line] = (line[:start] + edit.new_text.encode("utf-16-le") + line[end:]).decode("utf-16-le")
    fixed = "\n".join(lines)
    assert 'outlet="titleLabel"' in fixed
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
        )
    )
    for _ in range(200):
        await asyncio.sleep(0.02)
        if not [d for d in client.diagnostics.get(uri, []) if d.code == "unknown-outlet"]:
            break
    assert [d for d in client.diagnostics[uri] if d.code == "unknown-outlet"] == []


async def test_requests_the_server_cannot_answer_are_errors_and_the_next_one_works(client):
    text = CARD.read_text()
    uri = await open_layout(client, CARD)
    with pytest.raises(Exception, match="not open"):
        await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=(WORKSPACE / "Nowhere.layout.xml").as_uri()),
                position=types.Position(line=0, character=0),
            )
        )
    with pytest.raises(Exception, match="outside the document"):
        await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=9999, character=0)
            )
        )
    with pytest.raises(Exception, match="unknown method"):
        await client.protocol.send_request_async("layoutkit/noSuchMethod", {})
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(text, 'font="headline"', 1),
        )
    )
    assert "`font`" in hover.contents.value


async def test_a_huge_file_is_an_input_limit_error_not_a_crash(client):
    text = CARD.read_text().replace("</layout>", "<!--" + "x" * (5 << 20) + "-->\n</layout>")
    uri = await open_layout(client, CARD, text)
    assert [d.code for d in client.diagnostics[uri]] == ["input-limit"]
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(text, 'font="', 1))
    )
    assert "`font`" in hover.contents.value


async def test_an_interface_builder_file_gets_the_clis_per_file_diagnostics(client):
    xib = WORKSPACE / "InterfaceBuilder" / "Profile.xib"
    uri = await open_layout(client, xib)
    [diagnostic] = client.diagnostics[uri]
    assert diagnostic.code == "unknown-outlet"
    assert diagnostic.message == "Cards.ProfileViewController has no outlet named 'nameLabl'; did you mean 'nameLabel'?"
    assert diagnostic.range.start == types.Position(line=8, character=16)
    # Read-only: no completion there.
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=8, character=30)
        )
    )
    assert list(result.items) == []


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[SERVER, "lsp"]))
async def copied(lsp_client: LanguageClient, tmp_path):
    """A client on a copy of the workspace (tmp_path / "Workspace"), whose files a test may change."""
    shutil.copytree(WORKSPACE, tmp_path / "Workspace")
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=(tmp_path / "Workspace").as_uri())
    )
    yield
    await lsp_client.shutdown_session()


async def test_saving_a_swift_file_judges_the_open_layouts_again(copied, tmp_path):
    client, root = copied, tmp_path / "Workspace"
    card = root / "Layouts" / "Card.layout.xml"
    uri = await open_layout(client, card)
    assert list(client.diagnostics[uri]) == []
    swift = root / "Swift" / "CardCell.swift"
    swift.write_text(swift.read_text().replace('Outlet("titleLabel"', 'Outlet("headlineLabel"'))
    client.diagnostics.pop(uri)
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=swift.as_uri()))
    )
    codes = {d.code for d in await wait_for_diagnostics(client, uri)}
    assert codes == {"unknown-outlet", "unconnected-outlet"}


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_messages(output: bytes):
    messages = []
    while output:
        header, _, rest = output.partition(b"\r\n\r\n")
        length = int(header.split(b":")[1])
        messages.append(json.loads(rest[:length]))
        output = rest[length:]
    return messages


def test_protocol_abuse_is_answered_with_errors_and_the_server_goes_on():
    requests = [
        frame(b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'),
        frame(b"{not json"),
        b"Content-Type: nothing\r\n\r\n",
        frame(b"[1, 2, 3]"),
        frame(b'{"jsonrpc":"2.0","id":2,"method":"no/such/method"}'),
        frame(b'{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///no.layout.xml"},"position":{"line":0,"character":0}}}'),
        frame(b'{"jsonrpc":"2.0","id":4,"method":"textDocument/hover","params":"not an object"}'),
        frame(b'{"jsonrpc":"2.0","id":5,"method":"shutdown"}'),
        frame(b'{"jsonrpc":"2.0","method":"exit"}'),
    ]
    done = subprocess.run([SERVER, "lsp"], input=b"".join(requests), capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    answers = [m for m in read_messages(done.stdout) if "method" not in m]
    by_id = {m.get("id"): m for m in answers if m.get("id") is not None}
    assert "capabilities" in by_id[1]["result"]
    assert by_id[2]["error"]["code"] == -32601
    assert by_id[3]["error"]["code"] == -32803
    assert by_id[4]["error"]["code"] == -32602
    assert by_id[5]["result"] is None
    errors = [m["error"]["code"] for m in answers if m.get("id") is None]
    assert errors == [-32700, -32700, -32600]


if __name__ == "__main__":
    sys.exit(pytest.main([__file__]))
