import Foundation

/// What a SARIF log must be for the SARIF 2.1.0 schema (sarif-schema-2.1.0.json: required properties,
/// enumerations, minimums, and the property names of each object it defines) and for GitHub code
/// scanning's upload (every result located in a file with a start line, every rule with help), for the
/// objects `layout-check` writes. Returns one line per problem; empty when the log passes.
///
/// The property lists are the schema's, so that a misspelt name (`toolExecutionNotification`) is caught
/// here rather than silently ignored by a viewer.
enum SARIFRules {
    static func problems(in data: Data) -> [String] {
        guard let log = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return ["not a JSON object"]
        }
        var checker = Checker()
        checker.log(log)
        return checker.problems
    }

    private static let keys: [String: Set<String>] = [
        "sarifLog": ["$schema", "version", "runs", "inlineExternalProperties", "properties"],
        "run": [
            "tool", "invocations", "conversion", "language", "versionControlProvenance", "originalUriBaseIds",
            "artifacts", "logicalLocations", "graphs", "results", "automationDetails", "runAggregates", "baselineGuid",
            "redactionTokens", "defaultEncoding", "defaultSourceLanguage", "newlineSequences", "columnKind",
            "externalPropertyFileReferences", "threadFlowLocations", "taxonomies", "addresses", "translations",
            "policies", "webRequests", "webResponses", "specialLocations", "properties",
        ],
        "tool": ["driver", "extensions", "properties"],
        "toolComponent": [
            "guid", "name", "organization", "product", "productSuite", "shortDescription", "fullDescription",
            "fullName", "version", "semanticVersion", "dottedQuadFileVersion", "releaseDateUtc", "downloadUri",
            "informationUri", "globalMessageStrings", "notifications", "rules", "taxa", "locations", "language",
            "contents", "isComprehensive", "localizedDataSemanticVersion",
            "minimumRequiredLocalizedDataSemanticVersion", "associatedComponent", "translationMetadata",
            "supportedTaxonomies", "properties",
        ],
        "reportingDescriptor": [
            "id", "deprecatedIds", "guid", "deprecatedGuids", "name", "deprecatedNames", "shortDescription",
            "fullDescription", "messageStrings", "defaultConfiguration", "helpUri", "help", "relationships",
            "properties",
        ],
        "reportingConfiguration": ["enabled", "level", "rank", "parameters", "properties"],
        "multiformatMessageString": ["text", "markdown", "properties"],
        "message": ["text", "markdown", "id", "arguments", "properties"],
        "invocation": [
            "commandLine", "arguments", "responseFiles", "startTimeUtc", "endTimeUtc", "exitCode",
            "ruleConfigurationOverrides", "notificationConfigurationOverrides", "toolExecutionNotifications",
            "toolConfigurationNotifications", "exitCodeDescription", "exitSignalName", "exitSignalNumber",
            "processStartFailureMessage", "executionSuccessful", "machine", "account", "processId",
            "executableLocation", "workingDirectory", "environmentVariables", "stdin", "stdout", "stderr",
            "stdoutStderr", "properties",
        ],
        "notification": [
            "locations", "message", "level", "threadId", "timeUtc", "exception", "descriptor", "associatedRule",
            "properties",
        ],
        "reportingDescriptorReference": ["id", "index", "guid", "toolComponent", "properties"],
        "result": [
            "ruleId", "ruleIndex", "rule", "kind", "level", "message", "analysisTarget", "locations", "guid",
            "correlationGuid", "occurrenceCount", "partialFingerprints", "fingerprints", "stacks", "codeFlows",
            "graphs", "graphTraversals", "relatedLocations", "suppressions", "baselineState", "rank", "attachments",
            "hostedViewerUri", "workItemUris", "provenance", "fixes", "taxa", "webRequest", "webResponse",
            "properties",
        ],
        "location": [
            "id", "physicalLocation", "logicalLocations", "message", "annotations", "relationships", "properties",
        ],
        "physicalLocation": ["address", "artifactLocation", "region", "contextRegion", "properties"],
        "artifactLocation": ["uri", "uriBaseId", "index", "description", "properties"],
        "region": [
            "startLine", "startColumn", "endLine", "endColumn", "charOffset", "charLength", "byteOffset", "byteLength",
            "snippet", "message", "sourceLanguage", "properties",
        ],
        "fix": ["description", "artifactChanges", "properties"],
        "artifactChange": ["artifactLocation", "replacements", "properties"],
        "replacement": ["deletedRegion", "insertedContent", "properties"],
        "artifactContent": ["text", "binary", "rendered", "properties"],
    ]

    private static let levels: Set<String> = ["none", "note", "warning", "error"]

    private struct Checker {
        var problems: [String] = []
        var ruleIDs: [String] = []

        mutating func fail(_ path: String, _ problem: String) { problems.append("\(path): \(problem)") }

        /// Checks that `value` is an object of `kind` with only the schema's property names and the
        /// `required` ones present.
        mutating func object(_ value: Any?, _ kind: String, _ path: String, required: [String] = [])
            -> [String: Any]?
        {
            guard let object = value as? [String: Any] else {
                fail(path, "is not a \(kind) object")
                return nil
            }
            for key in object.keys.sorted() where !(keys[kind]?.contains(key) ?? false) {
                fail(path, "\(kind) has no property '\(key)'")
            }
            for key in required where object[key] == nil {
                fail(path, "\(kind) lacks its required '\(key)'")
            }
            return object
        }

        mutating func array(_ value: Any?, _ path: String) -> [Any] {
            guard let value else { return [] }
            guard let array = value as? [Any] else {
                fail(path, "is not an array")
                return []
            }
            return array
        }

        mutating func level(_ value: Any?, _ path: String) {
            if let value, !levels.contains(value as? String ?? "") {
                fail(path, "level \(value) is not one of \(levels.sorted())")
            }
        }

        mutating func message(_ value: Any?, _ path: String, kind: String = "message") {
            guard let message = object(value, kind, path) else { return }
            if !(message["text"] is String) { fail(path, "\(kind) has no text") }
        }

        mutating func log(_ log: [String: Any]) {
            _ = object(log, "sarifLog", "log", required: ["version", "runs"])
            if log["version"] as? String != "2.1.0" { fail("log", "version is not 2.1.0") }
            let runs = array(log["runs"], "runs")
            // GitHub: at most 20 runs a file.
            if runs.count > 20 { fail("runs", "more than 20 runs") }
            for (index, run) in runs.enumerated() { self.run(run, "runs[\(index)]") }
        }

        mutating func run(_ value: Any, _ path: String) {
            guard let run = object(value, "run", path, required: ["tool"]) else { return }
            if let columnKind = run["columnKind"],
                !["utf16CodeUnits", "unicodeCodePoints"].contains(columnKind as? String)
            {
                fail(path, "columnKind \(columnKind) is not a SARIF column kind")
            }
            for (name, base) in run["originalUriBaseIds"] as? [String: Any] ?? [:] {
                let location = object(base, "artifactLocation", "\(path).originalUriBaseIds.\(name)")
                if let uri = location?["uri"] as? String, !uri.hasSuffix("/") {
                    fail(path, "originalUriBaseIds.\(name) must end with '/'")
                }
            }
            let tool = object(run["tool"], "tool", "\(path).tool", required: ["driver"])
            if let driver = object(tool?["driver"], "toolComponent", "\(path).tool.driver", required: ["name"]) {
                for (index, rule) in array(driver["rules"], "\(path).tool.driver.rules").enumerated() {
                    reportingDescriptor(rule, "\(path).tool.driver.rules[\(index)]")
                }
            }
            for (index, invocation) in array(run["invocations"], "\(path).invocations").enumerated() {
                self.invocation(invocation, "\(path).invocations[\(index)]")
            }
            let results = array(run["results"], "\(path).results")
            if results.count > 25_000 { fail(path, "more than 25,000 results (GitHub's limit)") }
            for (index, result) in results.enumerated() { self.result(result, "\(path).results[\(index)]") }
        }

        mutating func reportingDescriptor(_ value: Any, _ path: String) {
            guard let rule = object(value, "reportingDescriptor", path, required: ["id"]) else { return }
            ruleIDs.append(rule["id"] as? String ?? "")
            for key in ["shortDescription", "fullDescription", "help"] where rule[key] != nil {
                message(rule[key], "\(path).\(key)", kind: "multiformatMessageString")
            }
            // GitHub shows `help` under an alert: how to fix is what a reader needs there.
            let help = rule["help"] as? [String: Any]
            if (help?["text"] as? String ?? "").isEmpty { fail(path, "rule has no help text") }
            if (help?["markdown"] as? String ?? "").isEmpty { fail(path, "rule has no help markdown") }
            if let configuration = object(
                rule["defaultConfiguration"], "reportingConfiguration", "\(path).defaultConfiguration")
            {
                level(configuration["level"], "\(path).defaultConfiguration")
            }
        }

        mutating func invocation(_ value: Any, _ path: String) {
            guard let invocation = object(value, "invocation", path, required: ["executionSuccessful"]) else { return }
            if !(invocation["executionSuccessful"] is Bool) { fail(path, "executionSuccessful is not a boolean") }
            for key in ["toolExecutionNotifications", "toolConfigurationNotifications"] {
                for (index, item) in array(invocation[key], "\(path).\(key)").enumerated() {
                    notification(item, "\(path).\(key)[\(index)]")
                }
            }
        }

        mutating func notification(_ value: Any, _ path: String) {
            guard let notification = object(value, "notification", path, required: ["message"]) else { return }
            message(notification["message"], "\(path).message")
            level(notification["level"], path)
            for (index, location) in array(notification["locations"], "\(path).locations").enumerated() {
                self.location(location, "\(path).locations[\(index)]")
            }
            if notification["associatedRule"] != nil {
                ruleReference(notification["associatedRule"], "\(path).associatedRule")
            }
        }

        mutating func ruleReference(_ value: Any?, _ path: String) {
            guard let reference = object(value, "reportingDescriptorReference", path) else { return }
            if reference["id"] == nil, reference["index"] == nil, reference["guid"] == nil {
                fail(path, "a reference needs an id, an index or a guid")
            }
            if let index = reference["index"] as? Int,
                !ruleIDs.indices.contains(index)
                    || ruleIDs[index] != reference["id"] as? String
            {
                fail(path, "index \(index) is not the rule \(reference["id"] ?? "?")")
            }
        }

        mutating func result(_ value: Any, _ path: String) {
            guard let result = object(value, "result", path, required: ["message"]) else { return }
            message(result["message"], "\(path).message")
            level(result["level"], path)
            let ruleID = result["ruleId"] as? String
            if ruleID == nil { fail(path, "no ruleId") }
            if let index = result["ruleIndex"] as? Int, !ruleIDs.indices.contains(index) || ruleIDs[index] != ruleID {
                fail(path, "ruleIndex \(index) is not the rule \(ruleID ?? "?")")
            }
            // GitHub: "locationFromSarifResult: expected at least one location" rejects the whole upload.
            let locations = array(result["locations"], "\(path).locations")
            if locations.isEmpty { fail(path, "a result without a location (GitHub rejects the upload)") }
            if locations.count > 1000 { fail(path, "more than 1,000 locations (GitHub's limit)") }
            for (index, location) in locations.enumerated() {
                self.location(location, "\(path).locations[\(index)]", mustBeInAFile: true)
            }
            for (index, location) in array(result["relatedLocations"], "\(path).relatedLocations").enumerated() {
                self.location(location, "\(path).relatedLocations[\(index)]")
            }
            for (key, fingerprint) in result["partialFingerprints"] as? [String: Any] ?? [:]
            where !(fingerprint is String) {
                fail(path, "partialFingerprints.\(key) is not a string")
            }
            for (index, fix) in array(result["fixes"], "\(path).fixes").enumerated() {
                self.fix(fix, "\(path).fixes[\(index)]")
            }
        }

        /// A `fix` (SARIF 2.1.0 §3.55): a description, and at least one artifact change, each with at least
        /// one replacement whose deleted region is given in bytes or in lines, never with a negative offset.
        mutating func fix(_ value: Any, _ path: String) {
            guard let fix = object(value, "fix", path, required: ["artifactChanges"]) else { return }
            if fix["description"] != nil { message(fix["description"], "\(path).description") }
            let changes = array(fix["artifactChanges"], "\(path).artifactChanges")
            if changes.isEmpty { fail(path, "fix has no artifactChanges") }
            for (index, change) in changes.enumerated() {
                let changePath = "\(path).artifactChanges[\(index)]"
                guard
                    let change = object(
                        change, "artifactChange", changePath, required: ["artifactLocation", "replacements"])
                else { continue }
                let artifact = object(change["artifactLocation"], "artifactLocation", "\(changePath).artifactLocation")
                if (artifact?["uri"] as? String ?? "").isEmpty { fail(changePath, "no artifactLocation.uri") }
                let replacements = array(change["replacements"], "\(changePath).replacements")
                if replacements.isEmpty { fail(changePath, "artifactChange has no replacements") }
                for (number, replacement) in replacements.enumerated() {
                    let replacementPath = "\(changePath).replacements[\(number)]"
                    guard
                        let replacement = object(
                            replacement, "replacement", replacementPath, required: ["deletedRegion"])
                    else { continue }
                    if let region = object(replacement["deletedRegion"], "region", "\(replacementPath).deletedRegion") {
                        deletedRegion(region, "\(replacementPath).deletedRegion")
                    }
                    if replacement["insertedContent"] != nil,
                        let content = object(
                            replacement["insertedContent"], "artifactContent", "\(replacementPath).insertedContent")
                    {
                        if content["text"] == nil && content["binary"] == nil {
                            fail(replacementPath, "insertedContent has neither text nor binary")
                        }
                    }
                }
            }
        }

        /// A region must say where it starts (§3.30.2): by line, by character or by byte; offsets are at
        /// least -1 (the schema's minimum, meaning "not set") and lengths at least 0.
        mutating func deletedRegion(_ region: [String: Any], _ path: String) {
            let bytes = region["byteOffset"] as? Int
            if region["startLine"] == nil, region["charOffset"] == nil, bytes ?? -1 < 0 {
                fail(path, "region says neither startLine, charOffset nor byteOffset")
            }
            for key in ["byteOffset", "charOffset"] {
                if let number = region[key] as? Int, number < -1 { fail(path, "\(key) \(number) is below -1") }
            }
            for key in ["byteLength", "charLength"] {
                if let number = region[key] as? Int, number < 0 { fail(path, "\(key) \(number) is below 0") }
            }
        }

        mutating func location(_ value: Any, _ path: String, mustBeInAFile: Bool = false) {
            guard let location = object(value, "location", path) else { return }
            if let id = location["id"] as? Int, id < -1 { fail(path, "id below -1") }
            if location["message"] != nil { message(location["message"], "\(path).message") }
            guard location["physicalLocation"] != nil || !mustBeInAFile else {
                return fail(path, "no physicalLocation")
            }
            guard location["physicalLocation"] != nil,
                let physical = object(location["physicalLocation"], "physicalLocation", "\(path).physicalLocation")
            else { return }
            let artifact = object(physical["artifactLocation"], "artifactLocation", "\(path).artifactLocation")
            if (artifact?["uri"] as? String ?? "").isEmpty { fail(path, "no artifactLocation.uri") }
            if let region = object(physical["region"], "region", "\(path).region") {
                for key in ["startLine", "startColumn"] {
                    guard let number = region[key] as? Int else {
                        fail(path, "region has no \(key)")
                        continue
                    }
                    if number < 1 { fail(path, "region \(key) \(number) is below 1") }
                }
            }
        }
    }
}
