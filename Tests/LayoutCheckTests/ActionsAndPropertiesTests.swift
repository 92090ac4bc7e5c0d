import Testing

/// Actions, properties and the two new controls through the built `layout-check`: both spellings
/// pass, and each new rule prints its line, its message and its id.
@Suite struct ActionsAndPropertiesTests {
    static let fixtures = "\(Repository.fixtures)/invalid"

    @Test func bothSpellingsAndEveryControlAreClean() throws {
        let result = try runLayoutCheck([
            "--schemas", Repository.fixtureSchemas, "\(Repository.fixtures)/valid/actions.layout.xml",
            "\(Repository.fixtures)/valid/properties.layout.xml",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.isEmpty)
    }

    struct Case: CustomStringConvertible, Sendable {
        var fixture: String
        var line: String
        var description: String { fixture }
    }

    static let cases = [
        Case(
            fixture: "unknown-action.layout.xml",
            line:
                ":6:9: error: Fixtures.Form has no action named 'submt'; did you mean 'submit'? [unknown-action]"),
        Case(
            fixture: "action-sender-mismatch.layout.xml",
            line:
                ":6:9: error: action 'special' of Fixtures.Form accepts a sender of type ActionButton, but <switch> is of type switch [action-sender-mismatch]"
        ),
        Case(
            fixture: "duplicate-action.layout.xml",
            line:
                ":7:17: error: action 'submit' of <view id=\"form\" class=\"Form\"> is already sent by <button> for primaryActionTriggered at line 5 [duplicate-action]"
        ),
        Case(
            fixture: "orphan-action.layout.xml",
            line:
                ":6:5: error: action=\"refresh\" has no enclosing element with a class to bind to; add class= to an enclosing element or use <connections> [orphan-action]"
        ),
        Case(
            fixture: "unconnected-action.layout.xml",
            line: ":4:5: error: action 'submit' of Fixtures.Form is not connected in this layout [unconnected-action]"),
        Case(
            fixture: "unknown-property.layout.xml",
            line:
                ":7:13: error: Fixtures.Card has no property named 'cornerRadus'; did you mean 'cornerRadius'? [unknown-property]"
        ),
        Case(
            fixture: "property-type-mismatch.layout.xml",
            line:
                ":7:13: error: property 'style' of Fixtures.Card has type enum, but its value is \"elevatd\"; expected one of flat, elevated; did you mean 'elevated'? [property-type-mismatch]"
        ),
        Case(
            fixture: "duplicate-property.layout.xml",
            line:
                ":8:13: error: property 'cornerRadius' of <view> is already set at line 7 [duplicate-property]"),
        Case(
            fixture: "schema-action-event-not-sent.layout.xml",
            line:
                ":7:17: error: invalid event=\"valueChanged\" on <action>: expected an event <button> sends: primaryActionTriggered [schema]"
        ),
    ]

    @Test(arguments: cases)
    func printsTheRuleAtItsLine(_ example: Case) throws {
        let path = "\(Self.fixtures)/\(example.fixture)"
        let result = try runLayoutCheck(["--schemas", Repository.fixtureSchemas, path])
        #expect(result.status == 1)
        // Class rules add a note where the class schema declares the class or member.
        // and a fix-it, indented, where the rule can prove one.
        let diagnostics = result.outputLines.filter { !$0.contains(": note: ") && !$0.hasPrefix("    fix: ") }
        #expect(diagnostics == [path + example.line], "\(result)")
    }

    @Test func anActionFromStandardInputToTheOwner() throws {
        let layout = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <owner class="Host" id="host"/>
                <textField placeholder="Search">
                    <connections>
                        <action name="refresh" destination="host" event="editingDidEnd"/>
                    </connections>
                </textField>
            </layout>
            """
        let result = try runLayoutCheck(
            ["--format", "json", "--schemas", Repository.fixtureSchemas, "-"], standardInput: layout)
        let report = try result.report()
        #expect(report.diagnostics.map(\.rule) == ["action-sender-mismatch"], "\(result)")
        #expect(report.diagnostics.map(\.line) == [6])
    }
}
