#!/usr/bin/env bash
# The README's dependency line, resolved the way a user's package resolves it: `.package(url: …, from:
# VERSION)`, VERSION being the changelog's newest release (what `layout-check --version` prints; VersionTests
# keeps the two and the README the same). A clone of this checkout's HEAD, tagged VERSION here, stands for the
# published repository; a copy of Examples/FeedApp that depends on it by URL must resolve that tag, build
# with no warnings and pass its tests.
#
# It builds LayoutKit once more, in the copy's own .build (about two minutes on two cores).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "release-consumer: $*" >&2; exit 1; }

version=$(sed -n 's/^## \([0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*\).*/\1/p' "$root/CHANGELOG.md" | head -n 1)
[ -n "$version" ] || fail "no release heading (## X.Y.Z) in CHANGELOG.md"
grep -qF "from: \"$version\"" "$root/README.md" || fail "the README's dependency line does not say from: \"$version\""

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/LayoutKit"
git -C "$work/LayoutKit" tag -f "$version" >/dev/null
cp -R "$root/Examples/FeedApp" "$work/FeedApp"
# Only the package's own files: a build of it in place (CI builds it before this) holds module caches that
# name their folder, and its pins name LayoutKit by path.
rm -rf "$work/FeedApp/.build" "$work/FeedApp/Package.resolved"
manifest="$work/FeedApp/Package.swift"
sed -i "s|\.package(name: \"LayoutKit\", path: \"../..\")|.package(url: \"file://$work/LayoutKit\", from: \"$version\")|" \
    "$manifest"
grep -qF "from: \"$version\"" "$manifest" || fail "Examples/FeedApp's dependency on LayoutKit is no longer path: \"../..\""

log=$(mktemp)
(cd "$work/FeedApp" && swift build --build-tests 2>&1) | tee "$log" || fail "FeedApp does not build against $version"
if grep -q "warning:" "$log"; then fail "FeedApp's build against $version printed warnings"; fi
# What SwiftPM recorded: LayoutKit at the tag, by version (not a branch or a revision).
pins="$work/FeedApp/Package.resolved"
[ -f "$pins" ] || fail "no Package.resolved after resolving"
python3 - "$pins" "$version" <<'PY' || fail "LayoutKit did not resolve to version $version: $(cat "$pins")"
import json, sys
pins = json.load(open(sys.argv[1]))["pins"]
layoutkit = [pin for pin in pins if pin["identity"] == "layoutkit"]
sys.exit(0 if len(layoutkit) == 1 and layoutkit[0]["state"].get("version") == sys.argv[2] else 1)
PY
(cd "$work/FeedApp" && swift test --skip-build 2>&1) | tail -n 3 || fail "FeedApp's tests fail against $version"
echo "release-consumer: FeedApp resolved LayoutKit $version by URL, built with no warnings and passed its tests"
