import Testing

@testable import layout_check

/// The variables the tests break the sourcekitd worker with are read by debug builds only. CI runs this
/// suite in a release build too (`.ci/run`), where each must be ignored.
@Suite struct TestHooksTests {
    static let hooks = [
        TestHooks.crashOn, TestHooks.hangOn, TestHooks.spinOn, TestHooks.workerLog, TestHooks.workerTimeout,
        TestHooks.sourceKitBudget,
    ]

    @Test func everyHookIsReadInADebugBuildAndIgnoredInARelease() {
        #expect(Set(Self.hooks).count == 6)
        #expect(Self.hooks.allSatisfy { $0.hasPrefix("LAYOUTKIT_TEST_") })
        for hook in Self.hooks {
            #if DEBUG
                #expect(TestHooks.value(hook, in: [hook: "5"]) == "5", "\(hook)")
            #else
                #expect(TestHooks.value(hook, in: [hook: "5"]) == nil, "\(hook)")
            #endif
            #expect(TestHooks.value(hook, in: [:]) == nil)
        }
    }

    @Test func sourcekitdsBudgetIsShortenedOnlyInADebugBuild() {
        let budget = SourceKitBudget(environment: [TestHooks.sourceKitBudget: "5"])
        #if DEBUG
            #expect(budget.allowance == .milliseconds(5))
        #else
            #expect(budget.allowance == SourceKitBudget.base)
        #endif
        #expect(SourceKitBudget(environment: [:]).allowance == SourceKitBudget.base)
    }
}
