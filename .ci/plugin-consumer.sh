#!/usr/bin/env bash
# Both plugins, used by a dependent package (Examples/PluginConsumer) as a user's package uses them,
# with `.copy("Layouts")` and no Schemas/ folder: the Swift code is what layouts are checked against.
# A copy of it is built with a layout that breaks a rule (the build must fail with the diagnostic at
# its file, line and column), then fixed (the build must pass), then built again unchanged (the build
# must run no layout-check at all); then an outlet renamed in Swift only (the build must fail at the
# layout's line, with a note at the Swift line), then an outlet added in Swift and in the layout in one
# change (the build must pass, and the Swift edit must have rerun the check), and the same with
# .process("Layouts"); the command plugin must pass its arguments through. Then the README's view
# controller, its outlets and actions spelt .mainActor(…), with an owner action renamed in Swift only (the
# build must fail at the layout, its last error naming the layout and the rule), and a root Schemas/
# written by the command plugin (an edit of it alone must rerun the build plugin and fail both plugins).
#
# Building a dependent package compiles LayoutKit and layout-check again; the scratch directory under
# .build is kept between runs so that this happens once.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch="$root/.build/plugin-consumer"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cp -R "$root/Examples/PluginConsumer" "$work/"
consumer="$work/PluginConsumer"
layout="$consumer/Sources/Cards/Layouts/CardCell.layout.xml"
swift="$consumer/Sources/Cards/CardCell.swift"
# The copy depends on this checkout wherever it lies.
sed -i "s|path: \"../..\"|path: \"$root\"|" "$consumer/Package.swift"
build() { (cd "$consumer" && swift build --scratch-path "$scratch" 2>&1); }
fail() { echo "plugin-consumer: $*" >&2; exit 1; }

# 1. A misspelt outlet: the build fails, and says where.
sed -i 's/outlet="subtitleLabel"/outlet="subtitelLabel"/' "$layout"
start=$SECONDS
if log=$(build); then echo "$log"; fail "the build passed with a broken layout"; fi
echo "broken layout: the build failed in $((SECONDS - start))s"
grep -F "$layout:5:9: error: " <<<"$log" | grep -F "[unknown-outlet]" \
    || { echo "$log"; fail "no file:line:column error for the broken layout"; }

# 2. Fixed: the build passes, and the check ran.
cp "$root/Examples/PluginConsumer/Sources/Cards/Layouts/CardCell.layout.xml" "$layout"
start=$SECONDS
log=$(build) || { echo "$log"; fail "the build failed with the layout fixed"; }
echo "fixed layout: the build passed in $((SECONDS - start))s"
grep -q "Checking the layouts of Cards" <<<"$log" || { echo "$log"; fail "the fixed layout was not checked"; }

# The resource bundle holds the layouts and nothing of the plugin's: its stamp is not an app resource.
bundle=$(find "$scratch" -maxdepth 3 -type d -name "*_Cards.resources" -print -quit)
[ -n "$bundle" ] || fail "no resource bundle for Cards under $scratch"
extra=$(cd "$bundle" && find . -type f ! -name "*.layout.xml")
[ -z "$extra" ] || fail "the resource bundle holds more than the layouts: $extra"
[ -f "$bundle/Layouts/CardCell.layout.xml" ] || fail "the resource bundle does not hold the layout"

# 3. Nothing changed: no layout-check at all.
start=$SECONDS
log=$(build) || { echo "$log"; fail "the no-op build failed"; }
echo "no-op build: passed in $((SECONDS - start))s"
if grep -q "Checking the layouts" <<<"$log"; then echo "$log"; fail "a no-op build ran layout-check"; fi

# 4. An outlet renamed in Swift only: the build fails at the layout's line, with a note at the Swift line.
sed -i 's/Outlet("subtitleLabel"/Outlet("detailLabel"/' "$swift"
start=$SECONDS
if log=$(build); then echo "$log"; fail "the build passed after a Swift-only outlet rename"; fi
echo "Swift-only rename: the build failed in $((SECONDS - start))s"
grep -F "$layout:5:9: error: " <<<"$log" | grep -F "[unknown-outlet]" \
    || { echo "$log"; fail "no file:line:column error at the layout for the Swift-only rename"; }
grep -qF "note:" < <(grep -F "$swift:" <<<"$log") || { echo "$log"; fail "no note at the Swift line"; }

# 5. An outlet added in Swift and in the layout together (the rename completed): the build passes,
# and the Swift edit reran the check.
sed -i 's/outlet="subtitleLabel"/outlet="detailLabel"/' "$layout"
sed -i 's/    public var subtitleLabel: Label?/    public var subtitleLabel: Label?\n    public var badgeLabel: Label?/' "$swift"
sed -i 's/Outlet("titleLabel", \\CardCell.titleLabel),/Outlet("titleLabel", \\CardCell.titleLabel), Outlet("badgeLabel", \\CardCell.badgeLabel),/' "$swift"
sed -i 's|<label outlet="titleLabel"|<label outlet="badgeLabel"/>\n        <label outlet="titleLabel"|' "$layout"
grep -q badgeLabel "$swift" && grep -q badgeLabel "$layout" || fail "the outlet was not added on both sides"
start=$SECONDS
log=$(build) || { echo "$log"; fail "the build failed with the outlet added on both sides"; }
echo "outlet added in Swift and layout: the build passed in $((SECONDS - start))s"
grep -q "Checking the layouts of Cards" <<<"$log" || { echo "$log"; fail "the Swift edit did not rerun the check"; }
log=$(build) || { echo "$log"; fail "the second no-op build failed"; }
if grep -q "Checking the layouts" <<<"$log"; then echo "$log"; fail "a no-op build ran layout-check"; fi

# 6. With .process("Layouts") instead of .copy, the plugin still finds the layouts (it walks the folder).
sed -i 's/resources: \[.copy("Layouts")\]/resources: [.process("Layouts")]/' "$consumer/Package.swift"
grep -q '.process("Layouts")' "$consumer/Package.swift" || fail "the manifest was not switched to .process"
sed -i 's/outlet="badgeLabel"/outlet="badgLabel"/' "$layout"
if log=$(build); then echo "$log"; fail "the build passed with a broken layout under .process"; fi
grep -qF "[unknown-outlet]" < <(grep -F "$layout:" <<<"$log") \
    || { echo "$log"; fail "no error for the broken layout under .process"; }
sed -i 's/outlet="badgLabel"/outlet="badgeLabel"/' "$layout"
log=$(build) || { echo "$log"; fail "the build failed under .process with the layout fixed"; }
echo ".process(\"Layouts\"): checked too"

# 7. The command plugin passes its arguments through, in the package's directory.
log=$(cd "$consumer" && swift package --scratch-path "$scratch" layout-check \
    --config Sources/Cards/layout-check.xml --format json Sources 2>&1) || { echo "$log"; fail "the command plugin failed"; }
grep -q '"files" : 1' <<<"$log" || { echo "$log"; fail "the command plugin did not print the JSON report"; }
(cd "$consumer" && swift package --scratch-path "$scratch" --allow-writing-to-package-directory layout-check \
    --config Sources/Cards/layout-check.xml --write-baseline layout-check-baseline.xml Sources >/dev/null 2>&1) \
    || fail "the command plugin could not write a baseline"
grep -q "urn:layoutkit:baseline:1" "$consumer/layout-check-baseline.xml" || fail "no baseline written"
# 8. The command plugin's standard output is the report alone, its summary on standard error (none with
#    --quiet); with no PATH it checks every target with layouts, or those --target names; and it says
#    whether layout-check found errors or could not check (SwiftPM exits 1 for both).
# The Swift file and the layout as the example ships them, consistent again after steps 4 to 6.
cp "$root/Examples/PluginConsumer/Sources/Cards/CardCell.swift" "$swift"
cp "$root/Examples/PluginConsumer/Sources/Cards/Layouts/CardCell.layout.xml" "$layout"
plugin() { (cd "$consumer" && swift package --scratch-path "$scratch" layout-check "$@" 2>"$work/stderr"); }
out=$(plugin --format sarif) || { cat "$work/stderr"; fail "the command plugin failed on every target"; }
[[ "$out" == "{"*"}" ]] || { echo "$out"; fail "standard output is not the SARIF log alone"; }
grep -q '"executionSuccessful" : true' <<<"$out" || { echo "$out"; fail "no successful invocation in the log"; }
grep -q "1 file, 0 errors" "$work/stderr" || { cat "$work/stderr"; fail "no summary on standard error"; }
out=$(plugin --target Cards --quiet --format json) || { cat "$work/stderr"; fail "--target Cards failed"; }
grep -q '"files" : 1' <<<"$out" || { echo "$out"; fail "--target Cards did not check the target's layout"; }
if grep -q " files\?, " "$work/stderr"; then cat "$work/stderr"; fail "--quiet printed a summary"; fi
if plugin --target NoSuchTarget >/dev/null; then fail "an unknown --target passed"; fi
if plugin --frobnicate >/dev/null; then fail "an unknown option passed"; fi
grep -q "layout-check could not check (exit status 2)" "$work/stderr" \
    || { cat "$work/stderr"; fail "the plugin did not say that layout-check could not check"; }
sed -i 's/outlet="subtitleLabel"/outlet="subtitelLabel"/' "$layout"
if plugin --target Cards >/dev/null; then fail "the command plugin passed a broken layout"; fi
grep -q "layout-check found errors (exit status 1)" "$work/stderr" \
    || { cat "$work/stderr"; fail "the plugin did not say that layout-check found errors"; }
cp "$root/Examples/PluginConsumer/Sources/Cards/Layouts/CardCell.layout.xml" "$layout"

# 9. A repository with findings adopts the build plugin through the configuration's <baseline>: the
#    recorded finding passes the build; the baseline is an input, so emptying it reruns the check, which
#    then fails on the finding.
cp "$root/Examples/PluginConsumer/Sources/Cards/CardCell.swift" "$swift"
cp "$root/Examples/PluginConsumer/Sources/Cards/Layouts/CardCell.layout.xml" "$layout"
sed -i 's/outlet="subtitleLabel"/outlet="subtitelLabel"/' "$layout"
(cd "$consumer" && swift package --scratch-path "$scratch" --allow-writing-to-package-directory layout-check \
    --target Cards --config Sources/Cards/layout-check.xml \
    --write-baseline Sources/Cards/layout-check-baseline.xml >/dev/null 2>&1) \
    || fail "the command plugin could not record the finding"
grep -q "unknown-outlet" "$consumer/Sources/Cards/layout-check-baseline.xml" \
    || { cat "$consumer/Sources/Cards/layout-check-baseline.xml"; fail "the baseline does not record the finding"; }
config="$consumer/Sources/Cards/layout-check.xml"
sed -i 's|<rule id="unconnected-outlet"|<baseline path="layout-check-baseline.xml"/>\n    <rule id="unconnected-outlet"|' "$config"
grep -q '<baseline path=' "$config" || fail "the configuration names no baseline"
log=$(build) || { echo "$log"; fail "the build failed on a finding its configuration's baseline records"; }
grep -q "Checking the layouts of Cards" <<<"$log" || { echo "$log"; fail "the configuration edit did not rerun the check"; }
sed -i '/<finding /d' "$consumer/Sources/Cards/layout-check-baseline.xml"
if log=$(build); then echo "$log"; fail "the build passed after the baseline stopped recording the finding"; fi
grep -qF "[unknown-outlet]" < <(grep -F "$layout:" <<<"$log") \
    || { echo "$log"; fail "no error for the finding once the baseline no longer records it"; }
echo "baseline in the configuration: adopted, and an input of the build"
cp "$root/Examples/PluginConsumer/Sources/Cards/Layouts/CardCell.layout.xml" "$layout"

# 10. The README's view controller: outlets and actions spelt .mainActor(…). An owner action renamed in
#     Swift only fails the build at the layout's line (the checker reads .mainActor entries), and the last
#     line before SwiftPM's bare "error: fatalError" names the layout and the rule.
owner="$consumer/Sources/Cards/FeedViewController.swift"
screen="$consumer/Sources/Cards/Layouts/FeedScreen.layout.xml"
cat >"$owner" <<'SWIFT'
import LayoutKit

@MainActor public final class FeedViewController: MainActorOutletDeclaring {
    public var headerView: Label?
    public func refreshTapped(_ sender: Button) {}
    public static var outlets: [Outlet] { [.mainActor("headerView", \FeedViewController.headerView)] }
    public static var actions: [Action] { [.mainActor("refreshTapped", FeedViewController.refreshTapped)] }
}
SWIFT
cat >"$screen" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<layout xmlns="urn:layoutkit:layout:1">
    <owner class="FeedViewController" id="owner">
        <connections>
            <outlet property="headerView" destination="header"/>
        </connections>
    </owner>
    <view>
        <label id="header"/>
        <button title="Refresh">
            <connections>
                <action name="refreshTapped" destination="owner"/>
            </connections>
        </button>
    </view>
</layout>
XML
log=$(build) || { echo "$log"; fail "the build failed with the README's view controller as an owner"; }
if grep -q "warning: .*\[unreadable-member\]" <<<"$log"; then echo "$log"; fail "a .mainActor entry was not read"; fi
sed -i 's/.mainActor("refreshTapped"/.mainActor("reloadTapped"/' "$owner"
if log=$(build); then echo "$log"; fail "the build passed after an owner action was renamed in Swift only"; fi
grep -F "$screen:12:17: error: " <<<"$log" | grep -F "[unknown-action]" \
    || { echo "$log"; fail "no file:line:column error at the layout for the renamed owner action"; }
last=$(grep -v "fatalError" <<<"$log" | grep "error: " | tail -n 1)
grep -qF "unknown-action" < <(grep -F "error: layout-check failed the build: $screen:" <<<"$last") \
    || { echo "$log"; fail "the build's last error does not name the layout and the rule: $last"; }
echo "README's view controller: a renamed .mainActor owner action fails the build at the layout"
rm -f "$owner" "$screen"

# 11. Class schemas: one writer, one answer. The command plugin writes the root Schemas/ from the Swift code
#     (what assertSchemasMatch records too); the build plugin reads it, as layout-check at the root does, so
#     an edit of that schema alone reruns the check and fails it with schema-drift (no stale green), and
#     the command plugin says the same.
(cd "$consumer" && swift package --scratch-path "$scratch" --allow-writing-to-package-directory layout-check \
    --target Cards --write-schemas Schemas >/dev/null 2>&1) || fail "the command plugin could not write Schemas/"
[ -f "$consumer/Schemas/Cards.classes.xml" ] || fail "--write-schemas wrote no Schemas/Cards.classes.xml"
log=$(build) || { echo "$log"; fail "the build failed with the schemas just written from the Swift code"; }
sed -i 's/<outlet name="titleLabel"/<outlet name="headlineLabel"/' "$consumer/Schemas/Cards.classes.xml"
grep -q headlineLabel "$consumer/Schemas/Cards.classes.xml" || fail "the schema was not edited"
if log=$(build); then echo "$log"; fail "the build passed after the root Schemas/ drifted (stale green)"; fi
grep -qF "[schema-drift]" < <(grep -F "$consumer/Schemas/Cards.classes.xml:" <<<"$log") \
    || { echo "$log"; fail "no schema-drift from the build for the root Schemas/"; }
if plugin --target Cards >/dev/null; then fail "the command plugin passed the drifted root Schemas/"; fi
grep -q "schema-drift" "$work/stderr" || grep -q "found errors" "$work/stderr" \
    || { cat "$work/stderr"; fail "the command plugin did not fail on the drifted root Schemas/"; }
sed -i 's/<outlet name="headlineLabel"/<outlet name="titleLabel"/' "$consumer/Schemas/Cards.classes.xml"
log=$(build) || { echo "$log"; fail "the build failed once the root Schemas/ was fixed"; }
grep -q "Checking the layouts of Cards" <<<"$log" || { echo "$log"; fail "fixing Schemas/ did not rerun the check"; }
echo "root Schemas/: read and an input of both plugins"

echo "plugin-consumer: both plugins work"
