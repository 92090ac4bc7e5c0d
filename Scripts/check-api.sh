#!/usr/bin/env bash
# Fails when the public API of LayoutKit's libraries (the LayoutKit and LayoutTesting products) breaks
# against the last release, recorded in API/RELEASE, unless API/allowed-breaks.txt lists the break with a
# reason. The comparison is swift-api-digester's, through `swift package diagnose-api-breaking-changes`,
# which builds the release in a clone of its own (cached in the baseline folder) and this tree.
#
# Usage:
#   Scripts/check-api.sh [--baseline-dir DIR]     check this tree (DIR: default .build/api-baseline)
#   Scripts/check-api.sh --self-test              show that a deliberate break fails the check: applies a
#                                                 breaking change in a scratch worktree of HEAD (plus this
#                                                 tree's uncommitted changes) and expects the check to fail
# Exit status: 0 no break beyond the allow-list; 1 a break not allowed, or an allowed one that no longer
# breaks; 2 the check could not run (release commit missing, build failure, a malformed allow-list).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

release_file=API/RELEASE
allow_file=API/allowed-breaks.txt
baseline_dir=$root/.build/api-baseline
products=(LayoutKit LayoutTesting)

fail() {
    echo "check-api: $1" >&2
    exit "${2:-2}"
}

self_test() {
    local scratch tree log status
    scratch=$(mktemp -d)
    tree=$scratch/tree
    # shellcheck disable=SC2064 # expand now: the paths are fixed
    trap "git -C '$root' worktree remove --force '$tree' >/dev/null 2>&1 || true; rm -rf '$scratch'" EXIT
    git worktree add --quiet --detach "$tree" HEAD
    git diff HEAD --binary | git -C "$tree" apply --allow-empty
    mkdir -p "$tree/Scripts" "$tree/API"
    cp "$root/Scripts/check-api.sh" "$tree/Scripts/check-api.sh"
    cp "$root/$release_file" "$root/$allow_file" "$tree/API/"

    # The deliberate break: Color.init?(hex:) stops being public.
    sed -i 's/^    public init?(hex: String)/    init?(hex: String)/' "$tree/Sources/LayoutKit/Runtime/Color.swift"
    grep -q '^    init?(hex: String)' "$tree/Sources/LayoutKit/Runtime/Color.swift" ||
        fail "self-test: the breaking patch did not apply to Sources/LayoutKit/Runtime/Color.swift"
    # And a change to LayoutValidator.decodedObjectCount, @_spi(Benchmark) in 1.0 and `package` since 1.1,
    # which is not API and must not count: a new parameter with a default, so that layout-bench still builds.
    sed -i 's/decodedObjectCount(_ bytes: \[UInt8\], file: String)/decodedObjectCount(_ bytes: [UInt8], file: String, selfTest: Bool = false)/' \
        "$tree/Sources/LayoutKit/Rules/LayoutValidator.swift"
    grep -q 'selfTest: Bool = false' "$tree/Sources/LayoutKit/Rules/LayoutValidator.swift" ||
        fail "self-test: the SPI change did not apply to Sources/LayoutKit/Rules/LayoutValidator.swift"

    echo "check-api self-test: checking a scratch tree in which Color.init?(hex:) is no longer public"
    echo "  and the package (1.0: @_spi) LayoutValidator.decodedObjectCount has a new parameter…"
    log=$scratch/check.log
    status=0
    (cd "$tree" && bash Scripts/check-api.sh --baseline-dir "$baseline_dir") >"$log" 2>&1 || status=$?
    local expected='LayoutKit: API breakage: constructor Color.init(hex:) has been removed'
    if [ "$status" -eq 1 ] && grep -qF "$expected" "$log" && ! grep -q 'decodedObjectCount.*# <why>' "$log" &&
        grep -q 'decodedObjectCount' < <(grep -A3 '^check-api: changes to @_spi and package' "$log"); then
        echo "check-api self-test: passed — the check failed with exit status 1; its report:"
        sed -n '/^check-api: changes to @_spi and package/,$p' "$log" | sed 's/^/    /'
    else
        cat "$log" >&2
        fail "self-test FAILED: expected exit status 1 and '$expected' (and the package decodedObjectCount's
change left out, not to allow), got status $status" 1
    fi
}

while [ $# -gt 0 ]; do
    case $1 in
        --self-test)
            self_test
            exit 0
            ;;
        --baseline-dir)
            baseline_dir=$2
            shift 2
            ;;
        *) fail "unknown argument '$1' (usage: Scripts/check-api.sh [--baseline-dir DIR] | --self-test)" ;;
    esac
done

version=$(sed -n 's/^version  *//p' "$release_file")
commit=$(sed -n 's/^commit  *//p' "$release_file")
[[ $commit =~ ^[0-9a-f]{40}$ ]] || fail "$release_file has no 'commit <40 hex digits>' line"

# The release commit must be in this clone. A shallow clone is deepened; a clone that still lacks it is
# an error rather than a silent pass, since then nothing was compared.
if ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
    if [ "$(git rev-parse --is-shallow-repository)" = true ]; then
        echo "check-api: the release commit is not in this shallow clone; fetching the full history…"
        git fetch --quiet --unshallow || true
    fi
    git cat-file -e "$commit^{commit}" 2>/dev/null || fail "the release commit $commit ($version, $release_file) is not in this clone,
so the API cannot be compared with it. Fetch it (git fetch --unshallow, or git fetch ORIGIN $commit) and run again."
fi

# The allow-list: "MODULE: MESSAGE  # WHY" per line.
allowed=$(mktemp)
breaks=$(mktemp)
log=$(mktemp)
trap 'rm -f "$allowed" "$breaks" "$log"' EXIT
line_number=0
while IFS= read -r line || [ -n "$line" ]; do
    line_number=$((line_number + 1))
    [[ -z ${line//[[:space:]]/} || $line == \#* ]] && continue
    [[ $line == *"  # "* ]] || fail "$allow_file:$line_number: no reason: write '  # WHY' after the break"
    reason=${line##*  # }
    [[ -n ${reason//[[:space:]]/} && $reason != "<why>" ]] ||
        fail "$allow_file:$line_number: an empty reason: say why the break is worth it after '  # '"
    printf '%s\n' "${line%  # *}" >>"$allowed"
done <"$allow_file"
LC_ALL=C sort -u -o "$allowed" "$allowed"

echo "check-api: comparing the public API of ${products[*]} with $version (${commit:0:7})…"
started=$SECONDS
status=0
swift package diagnose-api-breaking-changes "$commit" --products "${products[@]}" \
    --baseline-dir "$baseline_dir" >"$log" 2>&1 || status=$?

# "N breaking changes detected in MODULE:" heads each module's "💔 API breakage: …" lines.
awk '
    / breaking changes? detected in .*:$/ { module = $NF; sub(/:$/, "", module) }
    /API breakage: / { sub(/^.*API breakage: /, "API breakage: "); print module ": " $0 }
' "$log" | LC_ALL=C sort -u >"$breaks"

if [ "$status" -ne 0 ] && [ ! -s "$breaks" ]; then
    cat "$log" >&2
    fail "swift package diagnose-api-breaking-changes failed without reporting a break (exit status $status)"
fi

# The digester compares `@_spi` declarations, and `package` ones (which its dumps mark `isInternal`), too,
# but neither is API (README, "API stability"): leave out the breaks of the release's SPI and package
# declarations, found in its API dumps.
spi_breaks=$(python3 - "$baseline_dir/$commit" "$breaks" <<'PYTHON'
import json, pathlib, sys

dumps, breaks_file = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
spi = {}  # module → qualified names of its SPI and package declarations, as the digester prints them


def walk(node, parents):
    name = node.get("printedName", "")
    if node.get("spi_group_names") or node.get("isInternal"):
        spi.setdefault(node.get("moduleName", ""), set()).add(".".join(parents + [name]))
    inner = parents + [name.split("<")[0]] if node.get("kind") == "TypeDecl" else parents
    for child in node.get("children", []):
        walk(child, inner)


for dump in dumps.glob("*.json"):
    walk(json.loads(dump.read_text()).get("ABIRoot", {}), [])
kept, dropped = [], []
for line in breaks_file.read_text().splitlines():
    module, _, message = line.partition(": API breakage: ")
    declaration = message.partition(" ")[2]  # after the kind: func, var, constructor, accessor…
    names = spi.get(module, set())
    is_spi = any(declaration.startswith(name + " ") or declaration.startswith(name + ".") for name in names)
    (dropped if is_spi else kept).append(line)
breaks_file.write_text("".join(line + "\n" for line in kept))
print("\n".join(dropped))
PYTHON
)
if [ -n "$spi_breaks" ]; then
    echo "check-api: changes to @_spi and package declarations, which are not API, left out:"
    printf '%s\n' "$spi_breaks" | sed 's/^/    /'
fi

unexpected=$(LC_ALL=C comm -23 "$breaks" "$allowed")
stale=$(LC_ALL=C comm -13 "$breaks" "$allowed")
echo "check-api: $(wc -l <"$breaks") breaks since $version, $(wc -l <"$allowed") allowed, in $((SECONDS - started)) s"

if [ -n "$unexpected" ]; then
    echo
    echo "check-api: breaking changes to the public API since $version that $allow_file does not allow:"
    printf '%s\n' "$unexpected" | sed 's/^/    /'
    echo
    echo "Undo them, or — when the break is deliberate — add these lines to $allow_file, each with its reason:"
    printf '%s\n' "$unexpected" | sed 's/$/  # <why>/'
fi
if [ -n "$stale" ]; then
    echo
    echo "check-api: $allow_file allows breaks that no longer happen; remove these lines:"
    printf '%s\n' "$stale" | sed 's/^/    /'
fi
if [ -n "$unexpected" ] || [ -n "$stale" ]; then
    exit 1
fi
echo "check-api: passed — no breaking change to ${products[*]} beyond $allow_file"
