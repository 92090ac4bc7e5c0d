#!/usr/bin/env bash
# Builds the DocC documentation of LayoutKit and LayoutTesting, the package's two libraries, and fails on
# any docc warning (a broken symbol link, an unknown article) and on any public symbol without a `///`
# comment. Needs only the toolchain: symbol graphs come from `swift package dump-symbol-graph`, the
# archives from `docc convert` (the swift-docc-plugin is not needed).
#
# Usage: Scripts/build-docs.sh [OUTPUT_DIR]      (default .build/docs)
#   OUTPUT_DIR/LayoutKit.doccarchive, OUTPUT_DIR/LayoutTesting.doccarchive: static sites; preview one with
#   `docc preview Sources/LayoutKit/LayoutKit.docc --additional-symbol-graph-dir OUTPUT_DIR/symbol-graphs/LayoutKit`
#   or serve the archive folder with any static web server and open /documentation/layoutkit.
set -euo pipefail
cd "$(dirname "$0")/.."

output=${1:-.build/docs}
modules=(LayoutKit LayoutTesting)
started=$SECONDS

# Builds the package, then extracts public symbols only: `package` declarations are left out, as they are
# not API (README, "API stability"), and so would any `@_spi` one.
dump_log=$(mktemp)
trap 'rm -f "$dump_log"' EXIT
dump_status=0
swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members >"$dump_log" 2>&1 ||
    dump_status=$?
graphs=$(sed -n 's/^Files written to //p' "$dump_log" | tail -n 1)
if [ -z "$graphs" ] || [ ! -d "$graphs" ]; then
    cat "$dump_log" >&2
    echo "build-docs: could not find where dump-symbol-graph wrote the symbol graphs" >&2
    exit 1
fi
# SwiftPM also asks for graphs of the generated test-runner modules (LayoutKitPackageTests,
# LayoutKitPackageDiscoveredTests), which it never builds as modules, and exits non-zero for them. Only a
# failure for a module documented here, or a missing graph of one, fails the script.
if [ "$dump_status" -ne 0 ]; then
    for module in "${modules[@]}"; do
        if grep -q "Failed to emit symbol graph for '$module'" "$dump_log" || [ ! -s "$graphs/$module.symbols.json" ]; then
            cat "$dump_log" >&2
            echo "build-docs: swift package dump-symbol-graph failed for $module" >&2
            exit 1
        fi
    done
    failed_modules=$(sed -n "s/^error: Failed to emit symbol graph for '\([^']*\)'.*/\1/p" "$dump_log" | paste -sd ' ')
    echo "build-docs: no symbol graph for ${failed_modules:-some modules} (not documented here); going on"
fi

rm -rf "$output"
mkdir -p "$output/symbol-graphs"
failed=0
for module in "${modules[@]}"; do
    module_graphs="$output/symbol-graphs/$module"
    mkdir -p "$module_graphs"
    # The module's own graph, and those of its extensions to other modules' types (MODULE@OTHER).
    cp "$graphs/$module.symbols.json" "$module_graphs/"
    find "$graphs" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$module_graphs/" \;

    # Every public symbol declared in the module's sources has a doc comment (STYLE.md: `///` on every
    # public symbol), and none is SPI.
    if ! python3 - "$module_graphs" "$module" <<'PYTHON'
import json, pathlib, sys

folder, module = pathlib.Path(sys.argv[1]), sys.argv[2]
problems = []
for graph_file in sorted(folder.glob("*.symbols.json")):
    for symbol in json.loads(graph_file.read_text())["symbols"]:
        name = ".".join(symbol["pathComponents"])
        kind = symbol["kind"]["displayName"].lower()
        location = symbol.get("location", {})
        where = location.get("uri", "").replace("file://", "")
        if where:
            where += ":%d" % (location.get("position", {}).get("line", 0) + 1)
        if symbol.get("spi"):
            problems.append("%s: %s %s is SPI and should not be in the public symbol graph" % (where, kind, name))
        elif not symbol.get("docComment", {}).get("lines"):
            problems.append("%s: public %s %s has no /// comment" % (where or module, kind, name))
for problem in problems:
    print(problem)
if problems:
    print("%s: %d public symbols without documentation" % (module, len(problems)), file=sys.stderr)
    sys.exit(1)
PYTHON
    then
        failed=1
    fi

    if ! docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$module_graphs" \
        --output-path "$output/$module.doccarchive" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.layoutkit.$module" \
        --warnings-as-errors; then
        echo "build-docs: docc convert failed for $module" >&2
        failed=1
    fi
done

if [ "$failed" -ne 0 ]; then
    echo "build-docs: FAILED (see above)" >&2
    exit 1
fi
echo "build-docs: ${modules[*]} documented and built in $output in $((SECONDS - started)) s"
