#!/usr/bin/env bash
# Builds the libFuzzer target over LayoutKit's pipeline (with AddressSanitizer) and runs it.
#
#   Fuzz/run.sh [SECONDS] [extra libFuzzer flags...]      default: 600 seconds
#   Fuzz/run.sh --regress                                  run the kept findings and the hostile corpus once
#
# Seeds come from Layouts/ and every test fixture; new inputs go to .fuzz/corpus, crashes, leaks and
# timeouts to .fuzz/artifacts. Keep each finding as a regression fixture under
# Tests/LayoutKitTests/Fixtures/hostile/ once it is fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=fuzz
if [ "${1:-}" = "--regress" ]; then mode=regress; shift; fi
seconds=${1:-600}
shift || true

work=.fuzz
mkdir -p "$work/corpus" "$work/seeds" "$work/artifacts"
find Layouts Tests/LayoutKitTests/Fixtures -name '*.xml' -exec cp {} "$work/seeds/" \;

sources=$(find Sources/LayoutKit -name '*.swift' | sort)
# gold warns about every ASan symbol it cannot export; the log is shown only when the build fails.
if ! swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    -module-name LayoutKit \
    -I Sources/CLibXML2 -Xcc -I/usr/include/libxml2 -lxml2 \
    $sources Fuzz/FuzzLayout.swift \
    -o "$work/fuzz-layout" > "$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    exit 1
fi

if [ "$mode" = regress ]; then
    # Every input the fuzzer ever failed on, and the hostile corpus, under AddressSanitizer and
    # LeakSanitizer: a finding that comes back fails here.
    exec "$work/fuzz-layout" -rss_limit_mb=2048 -timeout=10 \
        Tests/LayoutKitTests/Fixtures/fuzz/* Tests/LayoutKitTests/Fixtures/hostile/*
fi

# -rss_limit_mb bounds memory per input; -timeout flags any input that takes over 10 s (a hang).
"$work/fuzz-layout" "$work/corpus" "$work/seeds" \
    -dict=Fuzz/layout.dict -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -artifact_prefix="$work/artifacts/" -print_final_stats=1 "$@"
