#!/usr/bin/env bash
# Runs the test suite with code coverage and prints the line coverage of each target LayoutKit ships —
# LayoutKit, LayoutChecking (the checker's code, linked into layout-check), LayoutTesting, layout-check —
# and every file of theirs under the threshold, with its figure.
# The instrumented build has a scratch folder of its own, so the ordinary build stays as it is.
#
# Usage: Scripts/coverage.sh [--scratch-path DIR] [--threshold PERCENT]
#   DIR: default .build/coverage; PERCENT: default 80 (files under it are listed, the run does not fail).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build/coverage
threshold=80
while [ $# -gt 0 ]; do
    case $1 in
        --scratch-path)
            scratch=$2
            shift 2
            ;;
        --threshold)
            threshold=$2
            shift 2
            ;;
        *)
            echo "coverage: unknown argument '$1' (usage: Scripts/coverage.sh [--scratch-path DIR] [--threshold PERCENT])" >&2
            exit 2
            ;;
    esac
done

# The toolchain's LLVM tools, which read the profile format its compiler writes; a system LLVM's on PATH may
# be older ("unsupported instrumentation profile format version").
swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
tool() { if [ -x "$swift_bin/$1" ]; then echo "$swift_bin/$1"; else command -v "$1"; fi; }

codecov_json=$(swift test --show-codecov-path --enable-code-coverage --scratch-path "$scratch")
codecov_dir=$(dirname "$codecov_json")
profdata=$codecov_dir/default.profdata

# The test processes and the layout-check processes that the CLI tests start all write their profiles
# into the codecov folder; swift test merges them into default.profdata. A process a test has to kill while
# it exits (a worker that outlives its killed run, a run past a test's time limit) can leave its profile
# half written, and swift test then merges none. When the tests themselves passed, such profiles are
# dropped, said, and the rest merged here; a test that failed fails the run as always.
log=$(mktemp)
set +e
swift test --enable-code-coverage --scratch-path "$scratch" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ]; then
    if ! grep -q "no profile can be merged" "$log" || grep -qE "^✘ Test run|with [1-9][0-9]* failures? \(" "$log"; then
        rm -f "$log"
        exit "$status"
    fi
    llvm_profdata=$(tool llvm-profdata)
    dropped=0
    for raw in "$codecov_dir"/*.profraw; do
        if ! "$llvm_profdata" show "$raw" >/dev/null 2>&1; then
            rm -f "$raw"
            dropped=$((dropped + 1))
        fi
    done
    "$llvm_profdata" merge -sparse "$codecov_dir"/*.profraw -o "$profdata"
    echo "coverage: $dropped half-written profile(s) of processes killed while they exited were left out"
fi
rm -f "$log"
bin_dir=$(swift build --show-bin-path --scratch-path "$scratch")
tests=$bin_dir/LayoutKitPackageTests.xctest
[ -f "$profdata" ] || { echo "coverage: no profile at $profdata" >&2; exit 1; }
[ -f "$tests" ] || { echo "coverage: no test binary at $tests" >&2; exit 1; }

llvm_cov=$(tool llvm-cov)
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
# The layout-check executable as a second object, for the lines only its own processes ran.
"$llvm_cov" export -summary-only -instr-profile "$profdata" "$tests" -object "$bin_dir/layout-check" \
    -ignore-filename-regex '(/\.build/|/Tests/|/Examples/)' >"$summary"

python3 - "$summary" "$PWD" "$threshold" <<'PYTHON'
import json, sys

summary, root, threshold = sys.argv[1], sys.argv[2].rstrip("/") + "/", float(sys.argv[3])
targets = ["LayoutKit", "LayoutChecking", "LayoutTesting", "layout-check"]
files = {}
for data in json.load(open(summary))["data"]:
    for entry in data["files"]:
        name = entry["filename"]
        name = name[len(root):] if name.startswith(root) else name
        lines = entry["summary"]["lines"]
        files[name] = (lines["covered"], lines["count"])

print()
print("Line coverage (Scripts/coverage.sh; files under %g %% listed):" % threshold)
for target in targets:
    prefix = "Sources/%s/" % target
    mine = {name: counts for name, counts in files.items() if name.startswith(prefix)}
    covered = sum(c for c, _ in mine.values())
    count = sum(n for _, n in mine.values())
    percent = 100.0 * covered / count if count else 0.0
    print("  %-14s %6.2f %%  (%d of %d lines, %d files)" % (target, percent, covered, count, len(mine)))
    for name, (c, n) in sorted(mine.items()):
        file_percent = 100.0 * c / n if n else 100.0
        if file_percent < threshold:
            print("      %6.2f %%  %s  (%d of %d lines)" % (file_percent, name, c, n))
PYTHON
