#!/usr/bin/env bash
# The source-compatibility check (README, "API stability"): builds the corpus in Compatibility/ — client
# code written against a release (API/RELEASE) and one call of each overload family added since, from a
# nonisolated and from a main-actor context — against this checkout, and runs its tests, in each language
# mode a client may use:
#   6           Swift 6 language mode
#   5           Swift 5 language mode (minimal concurrency checking, the default of Swift 5 packages)
#   5-complete  Swift 5 language mode with complete strict-concurrency checking
# Any compile error, or any failing test (a call that compiles but picks another overload than it did
# at the release can still behave differently), fails the check. The API check (Scripts/check-api.sh)
# compares declarations; this one compiles callers, which is how an added overload that wins overload
# resolution, a changed default or a changed isolation is seen.
#
# Usage:
#   Scripts/check-source-compat.sh [--scratch-path DIR]   check this tree (DIR: default .build/compat)
#   Scripts/check-source-compat.sh --self-test            show that a known source break fails the check:
#                                                         plants one in a scratch worktree of HEAD (plus
#                                                         this tree's uncommitted changes), expects a failure
# Exit status: 0 every mode built and passed; 1 a mode failed; 2 the check could not run.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
scratch_path=$root/.build/compat
modes=(6 5 5-complete)

fail() {
    echo "check-source-compat: $1" >&2
    exit "${2:-2}"
}

# Builds and tests the corpus in one mode; the log goes to $2. Returns the build's or the tests' status.
check_mode() {
    local mode=$1 log=$2
    echo "check-source-compat: Swift ${mode} mode: building the corpus against $(git -C "$root" rev-parse --short HEAD)…"
    # The manifest reads LAYOUTKIT_COMPAT_MODE; LayoutKit itself is built once, in its own mode, and reused.
    if ! LAYOUTKIT_COMPAT_MODE=$mode swift build --build-tests --package-path "$root/Compatibility" \
        --scratch-path "$scratch_path" >"$log" 2>&1; then
        grep -E "error:" "$log" | sort -u | sed -n 1,40p >&2
        echo "check-source-compat: Swift ${mode} mode: the corpus does not build (log: $log)" >&2
        return 1
    fi
    # Complete checking must have been on where asked: its diagnostics are warnings in Swift 5 mode, and
    # the corpus's LanguageMode probe (checked by the tests) says which mode each target was built in.
    if ! LAYOUTKIT_COMPAT_MODE=$mode swift test --skip-build --package-path "$root/Compatibility" \
        --scratch-path "$scratch_path" >>"$log" 2>&1; then
        grep -E "✘|error:|XCTAssert|failed" "$log" | sed -n 1,40p >&2
        echo "check-source-compat: Swift ${mode} mode: the corpus's tests fail (log: $log)" >&2
        return 1
    fi
    local summary
    summary=$(grep -hoE "Test run with [0-9]+ tests? in [0-9]+ suites? passed|Executed [0-9]+ tests?, with 0 failures" "$log" |
        sort -u | paste -sd ';' | sed 's/;/; /g')
    echo "check-source-compat: Swift ${mode} mode: built and passed — $summary"
}

check() {
    local logs failed=0
    logs=$(mktemp -d)
    for mode in "${modes[@]}"; do
        check_mode "$mode" "$logs/swift-$mode.log" || failed=1
    done
    if [ "$failed" -ne 0 ]; then
        echo "check-source-compat: FAILED — code written against $(release_version) does not build or behave the same" >&2
        exit 1
    fi
    rm -rf "$logs"
    echo "check-source-compat: passed in every mode (${modes[*]})"
}

release_version() { awk '$1 == "version" { print $2 }' "$root/API/RELEASE"; }

self_test() {
    local scratch tree log status
    scratch=$(mktemp -d)
    tree=$scratch/tree
    # shellcheck disable=SC2064 # expand now: the paths are fixed
    trap "git -C '$root' worktree remove --force '$tree' >/dev/null 2>&1 || true; rm -rf '$scratch'" EXIT
    git worktree add --quiet --detach "$tree" HEAD
    git diff HEAD --binary | git -C "$tree" apply --allow-empty
    # Untracked files of the corpus and the script, so that a tree not yet committed tests itself.
    (cd "$root" && git ls-files --others --exclude-standard Compatibility Scripts) | while read -r file; do
        mkdir -p "$tree/$(dirname "$file")"
        cp "$root/$file" "$tree/$file"
    done

    # The known break: the one that reached main after 1.0 — a @MainActor overload of Outlet.init beside
    # the nonisolated one. swift-api-digester calls it additive; in Swift 5 mode it wins overload
    # resolution for every 1.0 outlet declaration, which then no longer compiles.
    local outlet=$tree/Sources/LayoutKit/Runtime/Outlet.swift
    python3 - "$outlet" <<'PY' || fail "self-test: the breaking patch did not apply to Sources/LayoutKit/Runtime/Outlet.swift"
import sys
path = sys.argv[1]
text = open(path).read()
anchor = "    /// An outlet for a member declaration of kind `.outlet`."
if anchor not in text:
    sys.exit(1)
overload = """    /// Self-test: a main-actor overload of the released initialiser.
    @MainActor
    public init<Root: AnyObject, Value: AnyObject>(
        _ name: String,
        _ keyPath: ReferenceWritableKeyPath<Root, Value?>,
        optional: Bool = false
    ) {
        self = .mainActor(name, keyPath, optional: optional)
    }

"""
open(path, "w").write(text.replace(anchor, overload + anchor, 1))
PY

    echo "check-source-compat self-test: checking a scratch tree in which Outlet.init has a @MainActor overload…"
    log=$scratch/check.log
    status=0
    (cd "$tree" && bash Scripts/check-source-compat.sh --scratch-path "$scratch/build") >"$log" 2>&1 || status=$?
    local expected="call to main actor-isolated initializer 'init(_:_:optional:)' in a synchronous nonisolated context"
    if [ "$status" -eq 1 ] && grep -qF "$expected" "$log" && grep -q "Swift 5 mode: the corpus does not build" "$log"; then
        echo "check-source-compat self-test: passed — the check failed with exit status 1; its report:"
        grep "^check-source-compat" "$log" | sed 's/^/    /'
        grep -F "$expected" "$log" | sed -n '1,3s/^/    /p'
    else
        cat "$log" >&2
        fail "self-test FAILED: expected exit status 1 with '$expected' in Swift 5 mode, got status $status" 1
    fi
}

while [ $# -gt 0 ]; do
    case $1 in
        --self-test)
            self_test
            exit 0
            ;;
        --scratch-path)
            scratch_path=$2
            shift 2
            ;;
        *) fail "unknown argument '$1' (usage: Scripts/check-source-compat.sh [--scratch-path DIR] | --self-test)" ;;
    esac
done
check
