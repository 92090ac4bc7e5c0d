import Testing

/// `--jobs`: files are checked in parallel, and the output never depends on how.
@Suite struct ParallelTests {
    @Test(arguments: ["text", "json", "github"])
    func outputIsByteIdenticalWhateverTheNumberOfJobs(_ format: String) throws {
        // The fixture folder: valid and invalid layouts side by side, in several subfolders.
        let arguments = ["--format", format, "--schemas", Repository.fixtureSchemas, Repository.fixtures]
        let serial = try runLayoutCheck(["--jobs", "1"] + arguments)
        #expect(serial.status == 1)
        #expect(serial.outputLines.count > 50)
        for jobs in [nil, "3", "64"] {
            let parallel = try runLayoutCheck((jobs.map { ["--jobs", $0] } ?? []) + arguments)
            #expect(parallel.status == serial.status)
            #expect(parallel.standardOutput == serial.standardOutput, "--jobs \(jobs ?? "default")")
        }
    }

    @Test func aThousandGeneratedLayoutsAreAllChecked() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var expectedErrors = 0
        for index in 0..<1_000 {
            let layout: String
            switch index % 50 {
            case 0: layout = SampleLayout.malformed
            case 25: layout = SampleLayout.unknownDestination
            default: layout = SampleLayout.valid
            }
            if layout != SampleLayout.valid { expectedErrors += 1 }
            try folder.write(layout, to: "Layouts/Group \(index / 100)/Cell\(index).layout.xml")
        }
        let result = try runLayoutCheck(["--format", "json", "Layouts"], in: folder.url, timeout: .seconds(120))
        #expect(result.status == 1)
        let report = try result.report()
        #expect(report.files == 1_000)
        #expect(report.errors == expectedErrors)
        #expect(report.warnings == 1, "the no-class-schemas warning, once")
        let files = report.diagnostics.map(\.file).filter { !$0.isEmpty }
        #expect(files == files.sorted())
        #expect(Set(files).count == expectedErrors)
    }

    /// The layouts' search opens the files it hands out (a batch of up to 32 a task): under a low limit on
    /// open descriptors, it keeps to a share of it and finds the rest by path, so no file is unreadable for
    /// want of a descriptor. (Without the share, 460 of 1,000 files were "Too many open files" at 48.)
    @Test func filesOpenedByTheSearchStayWithinTheDescriptorLimit() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for index in 0..<400 {
            try folder.write(SampleLayout.valid, to: "Layouts/Group \(index / 100)/Cell\(index).layout.xml")
        }
        let result = try runLayoutCheck(
            ["--format", "json", "--jobs", "4", "Layouts"], in: folder.url,
            shellScript: "ulimit -n 48 && exec \"$0\" \"$@\"", timeout: .seconds(120))
        let report = try result.report()
        #expect(report.files == 400)
        #expect(report.errors == 0, "\(result)")
    }
}
