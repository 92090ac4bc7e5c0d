import LayoutKit

/// JUnit XML, which CI servers show as a test report: one test case per file, a failure per error.
///
/// The files are every layout checked (clean ones pass) and any other file a diagnostic names, such
/// as a class schema; warnings do not fail a test case and are listed in its `system-out`. Findings
/// about the whole run form a test case of their own, named `layout-check`.
enum JUnitReporter {
    static func render(_ report: Report, rules: [RuleDescriptor]) -> String {
        var byFile: [String: [Diagnostic]] = [:]
        var runLevel: [Diagnostic] = []
        for diagnostic in report.diagnostics {
            if let location = diagnostic.sourceLocation {
                byFile[location.file, default: []].append(diagnostic)
            } else {
                runLevel.append(diagnostic)
            }
        }
        for file in report.checkedFiles ?? [] where byFile[file] == nil {
            byFile[file] = []
        }
        var cases = byFile.sorted { $0.key < $1.key }.map { (name: $0.key, diagnostics: $0.value) }
        if !runLevel.isEmpty { cases.insert((name: "layout-check", diagnostics: runLevel), at: 0) }

        // A test case fails once however many errors it has, so that failures never exceed tests.
        let failures = cases.count { $0.diagnostics.contains { $0.severity == .error } }
        var body = ""
        for testCase in cases {
            body += "    " + XMLText.openingTag("testcase", ["classname": "layout-check", "name": testCase.name])
            let errors = testCase.diagnostics.filter { $0.severity == .error }
            let warnings = testCase.diagnostics.filter { $0.severity == .warning }
            if errors.isEmpty && warnings.isEmpty {
                body += "/>\n"
                continue
            }
            body += ">\n"
            for error in errors {
                body +=
                    "      "
                    + XMLText.openingTag("failure", ["type": error.rule.rawValue, "message": error.message])
                    + ">\(XMLText.escaped(error.description))</failure>\n"
            }
            if !warnings.isEmpty {
                let text = warnings.map(\.description).joined(separator: "\n")
                body += "      <system-out>\(XMLText.escaped(text))</system-out>\n"
            }
            body += "    </testcase>\n"
        }
        let counts: KeyValuePairs<String, String?> = [
            "name": "layout-check", "tests": String(cases.count), "failures": String(failures), "errors": "0",
        ]
        return XMLText.declaration
            + XMLText.openingTag("testsuites", counts) + ">\n"
            + "  " + XMLText.openingTag("testsuite", counts) + ">\n"
            + body
            + "  </testsuite>\n"
            + "</testsuites>\n"
    }
}
