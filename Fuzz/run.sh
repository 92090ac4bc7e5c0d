#!/usr/bin/env bash
# Builds the libFuzzer target over LayoutKit's pipeline (with AddressSanitizer) and runs it.
#
#   Fuzz/run.sh [SECONDS] [extra libFuzzer flags...]          default: 600 seconds, inputs up to 64 KiB
#   Fuzz/run.sh --large [SECONDS] [extra libFuzzer flags...]  inputs up to 1 MiB, long from the start
#   Fuzz/run.sh --regress                                      run the kept findings and the hostile corpus once
#   Fuzz/run.sh --reply [SECONDS] [extra libFuzzer flags...]  sourcekitd's replies: the worker's filter and the
#                                                              parent's reading (FuzzSourceKitReply.swift)
#
# Seeds come from Layouts/ and every test fixture; new inputs go to .fuzz/corpus (.fuzz/corpus-large for
# --large), crashes, leaks and timeouts to .fuzz/artifacts. Keep each finding as a regression fixture
# under Tests/LayoutKitTests/Fixtures/hostile/ once it is fixed.
#
# --large is for what only size reaches (a quadratic path, a limit counted wrong): -max_len is 1 MiB and
# -len_control=0 lets libFuzzer try long inputs at once rather than after hours of growing short ones.
# Each input costs more, so it runs fewer of them; run it beside the default mode, not instead of it.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=fuzz
case "${1:-}" in
--regress) mode=regress; shift ;;
--large) mode=large; shift ;;
--reply) mode=reply; shift ;;
esac
seconds=${1:-600}
shift || true

work=.fuzz
corpus="$work/corpus"
length_flags=(-max_len=65536)
if [ "$mode" = large ]; then
    corpus="$work/corpus-large"
    length_flags=(-max_len=1048576 -len_control=0)
fi
harness=Fuzz/FuzzLayout.swift
binary="$work/fuzz-layout"
dictionary=Fuzz/layout.dict
if [ "$mode" = reply ]; then
    # Seeds: the hostile replies the tests keep, in sourcekitd's JSON shape.
    corpus="$work/corpus-reply"
    harness=Fuzz/FuzzSourceKitReply.swift
    binary="$work/fuzz-reply"
    dictionary=Fuzz/reply.dict
fi
mkdir -p "$corpus" "$work/seeds" "$work/artifacts"
find Layouts Tests/LayoutKitTests/Fixtures -name '*.xml' -exec cp {} "$work/seeds/" \;
# Xcode project files, for the project reader the same target runs (each under a name of its own).
find Tests -name project.pbxproj | while read -r project; do
    cp "$project" "$work/seeds/$(echo "$project" | tr / _)"
done
# Info.plist files (binary, XML, text) and project files in Xcode's shape, generated from the formats.
python3 Fuzz/make-seeds.py "$work/seeds"
seeds=("$work/seeds")
if [ "$mode" = reply ]; then seeds=(Tests/LayoutKitTests/Fixtures/hostile-replies); fi
if [ "$mode" = large ]; then
    # Mutations grow an input a few bytes at a time: start from layouts that are already large (a wide
    # view of 20,000 labels, 5,000 outlets) so that the run spends its time on sizes the default mode
    # never reaches.
    seeds+=("$work/seeds-large")
    mkdir -p "$work/seeds-large"
    {
        echo '<?xml version="1.0" encoding="UTF-8"?>'
        echo '<layout xmlns="urn:layoutkit:layout:1"><view>'
        for i in $(seq 1 20000); do echo "<label id=\"l$i\" text=\"title $i\"/>"; done
        echo '</view></layout>'
    } > "$work/seeds-large/wide.layout.xml"
    {
        echo '<?xml version="1.0" encoding="UTF-8"?>'
        echo '<layout xmlns="urn:layoutkit:layout:1">'
        echo '<tableViewCell class="FuzzCell" module="Fuzz"><label id="t"/><connections>'
        for i in $(seq 1 5000); do echo '<outlet property="titleLabel" destination="t"/>'; done
        echo '</connections></tableViewCell></layout>'
    } > "$work/seeds-large/outlets.layout.xml"
fi

# The library and the checker's own target (the Xcode project reader, sourcekitd's replies), compiled as
# one module with the harness: the package-level declarations between them need no second module here.
# Each LayoutChecking file is compiled from a copy whose `import LayoutKit` line is blank: in one module it
# would import the module itself, a warning on every such file that would bury the real ones. The copy
# says where it comes from (`#sourceLocation`), so a diagnostic names the file and line in Sources/.
rm -rf "$work/checking"
mkdir -p "$work/checking"
for file in $(find Sources/LayoutChecking -name '*.swift' | sort); do
    copy="$work/checking/$(echo "${file#Sources/LayoutChecking/}" | tr / _)"
    {
        echo "#sourceLocation(file: \"$file\", line: 1)"
        sed 's/^import LayoutKit$//' "$file"
    } > "$copy"
done
sources="$(find Sources/LayoutKit -name '*.swift' | sort) $(find "$work/checking" -name '*.swift' | sort)"
# -swift-version 6 as the package: in Swift 5 mode a key-path literal is not Sendable, so `Outlet(_:_:)`
# resolves to its @MainActor overload and the harness's nonisolated classes do not compile.
build() {
    swiftc -swift-version 6 -sanitize=fuzzer,address -parse-as-library -O -g \
        -module-name LayoutKit -package-name LayoutKit \
        -I Sources/CLibXML2 -I Sources/CSourceKit -Xcc -I/usr/include/libxml2 -lxml2 \
        $sources "$1" -o "$2" > "$work/build.log" 2>&1 || {
        cat "$work/build.log" >&2
        exit 1
    }
    # gold warns about every ASan symbol it cannot export: its lines are dropped; the compiler's are shown.
    grep -E '^[^ ]+\.swift:[0-9]+:[0-9]+: warning:' "$work/build.log" >&2 || true
}
build "$harness" "$binary"

if [ "$mode" = regress ]; then
    # Every input the fuzzer ever failed on, and the hostile corpus, under AddressSanitizer and
    # LeakSanitizer: a finding that comes back fails here.
    # The property-list and project shapes of issue 38 are generated (Fuzz/make-seeds.py --hostile).
    rm -rf "$work/hostile-generated"
    python3 Fuzz/make-seeds.py "$work/hostile-generated" --hostile
    "$binary" -rss_limit_mb=2048 -timeout=10 \
        Tests/LayoutKitTests/Fixtures/fuzz/* Tests/LayoutKitTests/Fixtures/hostile/* "$work"/hostile-generated/*
    # And sourcekitd's replies, through their own target.
    build Fuzz/FuzzSourceKitReply.swift "$work/fuzz-reply"
    exec "$work/fuzz-reply" -rss_limit_mb=2048 -timeout=10 Tests/LayoutKitTests/Fixtures/hostile-replies/*
fi

# -rss_limit_mb bounds memory per input; -timeout flags any input that takes over 10 s (a hang).
"$binary" "$corpus" "${seeds[@]}" \
    -dict="$dictionary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    "${length_flags[@]}" -artifact_prefix="$work/artifacts/" -print_final_stats=1 "$@"
