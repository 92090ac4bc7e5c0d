#!/usr/bin/env bash
# The README's dependency line, resolved the way a user's package resolves it: `.package(url: …, from:
# VERSION)`, VERSION being the changelog's newest entry (what `layout-check --version` prints; VersionTests
# keeps the two and the README the same). A clone of this checkout stands for the published repository:
# - once VERSION is released (API/RELEASE records it), the release itself: the clone's tag VERSION must be the
#   commit API/RELEASE records (a clone without tags is tagged there), and the example package as released,
#   Compatibility/X.Y/FeedApp, must resolve it;
# - before, a rehearsal: the clone's HEAD is tagged VERSION and Examples/FeedApp must resolve it.
# The copy depends on the clone by URL, must resolve the tag, build with no warnings and pass its tests.
#
# It builds LayoutKit once more, in the copy's own .build (about two minutes on two cores).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "release-consumer: $*" >&2; exit 1; }

version=$(sed -n 's/^## \([0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*\).*/\1/p' "$root/CHANGELOG.md" | sed -n 1p)
[ -n "$version" ] || fail "no release heading (## X.Y.Z) in CHANGELOG.md"
grep -qF "from: \"$version\"" "$root/README.md" || fail "the README's dependency line does not say from: \"$version\""
recorded_version=$(awk '$1 == "version" { print $2 }' "$root/API/RELEASE")
recorded_commit=$(awk '$1 == "commit" { print $2 }' "$root/API/RELEASE")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/LayoutKit"
clone=$work/LayoutKit
if [ "$version" = "$recorded_version" ]; then
    consumer=$root/Compatibility/${version%.*}/FeedApp
    [ -d "$consumer" ] || fail "$version is released, but Compatibility/${version%.*}/FeedApp, FeedApp as released, is missing"
    if tagged=$(git -C "$clone" rev-parse -q --verify "refs/tags/$version^{commit}"); then
        [ "$tagged" = "$recorded_commit" ] ||
            fail "the tag $version is $tagged, but API/RELEASE records $version as $recorded_commit"
        what="the tag $version ($(git -C "$clone" rev-parse --short "$tagged"))"
    else
        git -C "$clone" cat-file -e "$recorded_commit^{commit}" 2>/dev/null ||
            fail "this clone has neither the tag $version nor the commit API/RELEASE records ($recorded_commit)"
        git -C "$clone" tag "$version" "$recorded_commit"
        what="$recorded_commit, tagged $version here (this clone has no tag $version)"
    fi
else
    consumer=$root/Examples/FeedApp
    git -C "$clone" tag -f "$version" >/dev/null
    what="HEAD, tagged $version here as a rehearsal ($version is not yet recorded in API/RELEASE)"
fi
echo "release-consumer: resolving LayoutKit $version: $what"
cp -R "$consumer" "$work/FeedApp"
# Only the package's own files: a build of it in place (CI builds Examples/FeedApp before this) holds module
# caches that name their folder, and its pins name LayoutKit by path.
rm -rf "$work/FeedApp/.build" "$work/FeedApp/Package.resolved"
manifest="$work/FeedApp/Package.swift"
sed -i "s|\.package(name: \"LayoutKit\", path: \"../..\")|.package(url: \"file://$clone\", from: \"$version\")|" \
    "$manifest"
grep -qF "from: \"$version\"" "$manifest" || fail "FeedApp's dependency on LayoutKit is no longer path: \"../..\""

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
