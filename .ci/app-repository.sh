#!/usr/bin/env bash
# An iOS app's repository, as the README's "An iOS app team" sets it up (issue 40, item 4): no
# Package.swift, an Xcode project, a xib and its Swift class, in a git repository of its own outside this
# checkout. The README's workflow steps run as written (extracted by .ci/readme-steps.py) but for three
# things: the `apt-get` line (CI has installed what it installs), the `git clone` line (this checkout
# stands for the clone, at the same place, $RUNNER_TEMP/LayoutKit), and `--scratch-path .build/install`
# given to install.sh, so that its release build neither lands in nor disturbs this checkout's .build (it
# is kept between runs: a cold build of layout-check alone takes about five minutes on two busy cores).
# The installed command, run from the app's root and nowhere near this checkout, must fail a planted
# outlet typo with exit status 1 at the xib's line, and pass the fixed app with exit status 0 and no
# finding. Then the README's Xcode Run Script phase runs as Xcode would run it (PROJECT_FILE_PATH set),
# and must print the compilers' `file:line:column: error:` form Xcode reads.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "app-repository: $*" >&2; exit 1; }
steps() { python3 "$root/.ci/readme-steps.py" "$root/README.md" "$@"; }

export RUNNER_TEMP="$work/runner" GITHUB_PATH="$work/github-path"
mkdir -p "$RUNNER_TEMP"
: >"$GITHUB_PATH"
ln -s "$root" "$RUNNER_TEMP/LayoutKit"

# The app: MyApp.xcodeproj (one iOS target whose sources are the synchronized folder MyApp, as Xcode 16
# makes them), a view controller with two outlets, and the xib that connects them.
app="$work/MyApp"
mkdir -p "$app/MyApp.xcodeproj" "$app/MyApp"
git -C "$app" init -q
cat >"$app/MyApp.xcodeproj/project.pbxproj" <<'EOF'
// !$*UTF8*$!
{
	archiveVersion = 1;
	objectVersion = 77;
	objects = {
		4D0000000000000000000001 = {isa = PBXFileSystemSynchronizedRootGroup; path = MyApp; sourceTree = "<group>"; };
		4D0000000000000000000002 = {isa = PBXGroup; children = (4D0000000000000000000001,); sourceTree = "<group>"; };
		4D0000000000000000000003 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos;}; name = Debug; };
		4D0000000000000000000004 = {isa = XCConfigurationList; buildConfigurations = (4D0000000000000000000003,); };
		4D0000000000000000000005 = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = MyApp; SDKROOT = iphoneos;}; name = Debug; };
		4D0000000000000000000006 = {isa = XCConfigurationList; buildConfigurations = (4D0000000000000000000005,); };
		4D0000000000000000000007 = {isa = PBXNativeTarget; buildConfigurationList = 4D0000000000000000000006; buildPhases = (); dependencies = (); fileSystemSynchronizedGroups = (4D0000000000000000000001,); name = MyApp; productType = "com.apple.product-type.application"; };
		4D0000000000000000000008 = {isa = PBXProject; buildConfigurationList = 4D0000000000000000000004; mainGroup = 4D0000000000000000000002; targets = (4D0000000000000000000007,); };
	};
	rootObject = 4D0000000000000000000008;
}
EOF
cat >"$app/MyApp/ProfileViewController.swift" <<'EOF'
import UIKit

final class ProfileViewController: UIViewController {
    @IBOutlet weak var nameLabel: UILabel!
    @IBOutlet weak var avatarView: UIImageView!

    convenience init() {
        self.init(nibName: "ProfileView", bundle: nil)
    }
}
EOF
cat >"$app/MyApp/ProfileView.xib" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
    <objects>
        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="ProfileViewController" customModule="MyApp" customModuleProvider="target">
            <connections>
                <outlet property="avatarView" destination="Av1-iM-1aA" id="Co1-oT-1aA"/>
                <outlet property="nameLabel" destination="Nm1-lB-1aA" id="Co2-oT-1aA"/>
                <outlet property="view" destination="Vw1-vW-1aA" id="Co3-oT-1aA"/>
            </connections>
        </placeholder>
        <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
        <view contentMode="scaleToFill" id="Vw1-vW-1aA">
            <subviews>
                <imageView contentMode="scaleAspectFit" id="Av1-iM-1aA"/>
                <label opaque="NO" text="Name" id="Nm1-lB-1aA"/>
            </subviews>
        </view>
    </objects>
</document>
EOF

# The README's install step, as written but for the two lines above; then its PATH, as Actions would set it.
install_script=$(steps "app repository" "Install layout-check") || fail "the README has no app workflow to run"
grep -q 'Scripts/install.sh' <<<"$install_script" || fail "the README's install step does not run Scripts/install.sh"
grep -q 'git clone' <<<"$install_script" || fail "the README's install step does not clone LayoutKit"
install_script=$(grep -v -e '^apt-get ' -e '^git clone ' <<<"$install_script")
# Its own build directory, as a clone's would be: the debug build under .build stays as it is.
install_script=${install_script//Scripts\/install.sh /Scripts/install.sh --scratch-path $root/.build/install }
(cd "$app" && bash -euo pipefail -c "$install_script") || fail "the README's install step failed"
installed=$(cat "$GITHUB_PATH")
[ -x "$installed/layout-check" ] || fail "no layout-check in $installed, which the install step put on PATH"
export PATH="$installed:$PATH"
[ "$(command -v layout-check)" = "$installed/layout-check" ] || fail "layout-check on PATH is not the installed one"

check_script=$(steps "app repository" "Check nibs and storyboards")
check() { (cd "$app" && bash -euo pipefail -c "$check_script" 2>&1); }

# A planted defect: the xib connects an outlet the class does not have.
sed -i 's/property="nameLabel"/property="nameLabl"/' "$app/MyApp/ProfileView.xib"
status=0
log=$(check) || status=$?
echo "$log"
[ "$status" = 1 ] || fail "the planted typo exited with $status, not 1"
grep -qF "nameLabl" < <(grep -F "MyApp/ProfileView.xib,line=7," <<<"$log") || fail "no annotation at the xib's line 7"
grep -qF "did you mean 'nameLabel'?" <<<"$log" || fail "no did-you-mean for the typo"
if grep -qF "$root" <<<"$log"; then fail "the run read files of the LayoutKit checkout"; fi

# Fixed: exit status 0, and not a warning either.
sed -i 's/property="nameLabl"/property="nameLabel"/' "$app/MyApp/ProfileView.xib"
status=0
log=$(check) || status=$?
echo "$log"
[ "$status" = 0 ] || fail "the fixed app exited with $status, not 0"
grep -qF ", 0 errors, 0 warnings" <<<"$log" || fail "the fixed app is not free of findings"
grep -qF "MyApp.xcodeproj" <<<"$log" || fail "the run did not say it read MyApp.xcodeproj"

# The README's Run Script phase, as Xcode runs it: from the project's folder, with SRCROOT and
# PROJECT_FILE_PATH set; its `xcode` output is compilers' `file:line:column: error:`.
phase=$(sed -n '/^<!-- run script phase -->$/,/^```$/p' "$root/README.md" | sed '1,2d;$d')
[ -n "$phase" ] || fail "the README has no <!-- run script phase --> block"
sed -i 's/property="avatarView"/property="avatarVeiw"/' "$app/MyApp/ProfileView.xib"
status=0
log=$(cd "$app" && SRCROOT="$app" PROJECT_FILE_PATH="$app/MyApp.xcodeproj" bash -c "$phase" 2>&1) || status=$?
echo "$log"
[ "$status" = 1 ] || fail "the Run Script phase exited with $status on a typo, not 1 (Xcode fails the build on it)"
grep -qE "^$app/MyApp/ProfileView.xib:6:[0-9]+: error: .*avatarVeiw" <<<"$log" \
    || fail "the Run Script phase did not print Xcode's file:line:column: error: form"
echo "app-repository: installed layout-check checked an app repository without Package.swift"
