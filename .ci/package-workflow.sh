#!/usr/bin/env bash
# The README's workflow for a package (issue 40, items 5 and 6), its "Check layouts" step run as written
# (extracted by .ci/readme-steps.py) in Examples/FeedApp, the dependent package whose layouts are not in
# Layouts/: the log must hold the class rules' findings (the Swift code was read: no `no-class-schemas`
# notification), name files from the repository's root (`%SRCROOT%`), and exist only after a run that
# completed, which is what the upload step's `if:` asks. Three runs: the package as it is (no result), a
# layout with a misspelt outlet (one `unknown-outlet` result at the layout's line), and a configuration
# that cannot be read (no log, so nothing is uploaded to close the open alerts).
#
# Runs after .ci/run has built Examples/FeedApp; the layout and the configuration are restored on exit.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
package="$root/Examples/FeedApp"
layout="$package/Sources/FeedKit/Layouts/ArticleCell.layout.xml"
work=$(mktemp -d)
cp "$layout" "$work/layout"
trap 'cp "$work/layout" "$layout"; rm -f "$package/layout-check.xml" "$package/layout-check.sarif"; rm -rf "$work"' EXIT
fail() { echo "package-workflow: $*" >&2; exit 1; }
[ ! -e "$package/layout-check.xml" ] || fail "Examples/FeedApp has a layout-check.xml; this script plants its own"

script=$(python3 "$root/.ci/readme-steps.py" "$root/README.md" package "Check layouts")
condition=$(python3 "$root/.ci/readme-steps.py" "$root/README.md" package "Upload to code scanning" --if)
grep -qF "hashFiles('layout-check.sarif') != ''" <<<"$condition" \
    || fail "the upload step does not wait for a log ('$condition'): a failed run would close the open alerts"
run() { (cd "$package" && bash -euo pipefail -c "$script"); }
# What the upload step's `if:` sees, and what the log says: results as RULE URI BASE LINE, and notifications.
summary() {
    python3 - "$package/layout-check.sarif" <<'EOF'
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
print("root", run["originalUriBaseIds"]["%SRCROOT%"]["uri"])
for result in run["results"]:
    location = result["locations"][0]["physicalLocation"]
    artifact = location["artifactLocation"]
    print("result", result["ruleId"], artifact["uri"], artifact.get("uriBaseId"), location["region"]["startLine"])
for notification in run["invocations"][0].get("toolExecutionNotifications", []):
    print("notification", notification.get("associatedRule", {}).get("id"), notification["message"]["text"])
EOF
}
# The repository's root as layout-check finds it: the nearest folder with a .git entry above the package.
top=$package
while [ "$top" != / ] && [ ! -e "$top/.git" ]; do top=$(dirname "$top"); done
[ "$top" != / ] || top=$package
relative=${layout#"$top"/}

# 1. As it is: exit status 0, a log with no result and no notification (the Swift code was read).
run || fail "the README's step failed on Examples/FeedApp as it is"
[ -f "$package/layout-check.sarif" ] || fail "the README's step wrote no layout-check.sarif"
log=$(summary)
echo "$log"
grep -q '^result ' <<<"$log" && fail "findings in Examples/FeedApp as it is"
grep -q '^notification ' <<<"$log" && fail "the run says something about itself (Swift sources not passed?)"
grep -qF "root file://$top/" <<<"$log" || fail "%SRCROOT% is not the repository's root, $top"

# 2. A misspelt outlet: exit status 1 (SwiftPM's for a failed plugin), the log holds the finding, from the root.
sed -i 's/outlet="nameLabel"/outlet="nmaeLabel"/' "$layout"
cmp -s "$layout" "$work/layout" && fail "ArticleCell.layout.xml has no outlet=\"nameLabel\" to misspell"
status=0
run || status=$?
[ "$status" = 1 ] || fail "a misspelt outlet exited with $status, not 1"
log=$(summary)
echo "$log"
grep -qE "^result unknown-outlet $relative %SRCROOT% [0-9]+$" <<<"$log" \
    || fail "no unknown-outlet result at $relative relative to %SRCROOT%"
cp "$work/layout" "$layout"

# 3. A configuration that cannot be read: exit status 2 for layout-check, 1 for SwiftPM, and no log.
printf '<layout-check xmlns="urn:layoutkit:config:1"><rule id="no-such-rule" severity="warning"/></layout-check>\n' \
    >"$package/layout-check.xml"
status=0
run || status=$?
[ "$status" != 0 ] || fail "a broken configuration passed"
[ ! -e "$package/layout-check.sarif" ] || fail "a run that could not check left layout-check.sarif, which would be uploaded"
echo "package-workflow: the README's package workflow ran as written"
