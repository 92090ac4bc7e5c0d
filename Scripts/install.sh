#!/usr/bin/env bash
# Installs the layout-check command for a repository that is not a Swift package (an iOS app with an
# Xcode project), where `swift run layout-check` has no Package.swift to run from: builds it in release
# mode from this checkout and copies the one executable to PREFIX/bin.
#
# Usage: Scripts/install.sh [--prefix DIR] [--scratch-path DIR]
#   --prefix DIR         where to install: DIR/bin/layout-check (default /usr/local)
#   --scratch-path DIR   SwiftPM's build directory (default .build in this checkout)
#
# At run time layout-check needs what it was built with: libxml2 (on Debian and Ubuntu the libxml2
# package, which libxml2-dev brings), the Swift runtime of the toolchain that built it (it is linked to
# that toolchain's libraries, as sourcekitd is), and that toolchain's sourcekitd to read Swift files. It
# finds sourcekitd through `--toolchain DIR`, else LAYOUTKIT_TOOLCHAIN=DIR, else the `swift` on PATH
# (on macOS also DEVELOPER_DIR and the selected Xcode). The script checks that the installed command
# starts, and says which toolchain it found.
set -euo pipefail
checkout=$(cd "$(dirname "$0")/.." && pwd)

prefix=/usr/local
scratch=()
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix=${2:?--prefix needs a directory}; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --scratch-path) scratch=(--scratch-path "${2:?--scratch-path needs a directory}"); shift 2 ;;
        --scratch-path=*) scratch=(--scratch-path "${1#--scratch-path=}"); shift ;;
        -h | --help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done

command -v swift >/dev/null || { echo "install.sh: no swift on PATH: install a Swift 6.1 or later toolchain" >&2; exit 1; }

echo "install.sh: building layout-check (release) in $checkout"
swift build --package-path "$checkout" ${scratch[@]+"${scratch[@]}"} -c release --product layout-check
bin=$(swift build --package-path "$checkout" ${scratch[@]+"${scratch[@]}"} -c release --show-bin-path)

mkdir -p "$prefix/bin"
# Copy, then rename into place, so that a layout-check running from PREFIX/bin is never overwritten in place.
cp "$bin/layout-check" "$prefix/bin/.layout-check.new"
chmod 755 "$prefix/bin/.layout-check.new"
mv -f "$prefix/bin/.layout-check.new" "$prefix/bin/layout-check"

version=$("$prefix/bin/layout-check" --version) || {
    echo "install.sh: $prefix/bin/layout-check does not start: it needs libxml2 and the Swift runtime it was built with" >&2
    exit 1
}
toolchain=$(cd "$(dirname "$(readlink -f "$(command -v swift)")")/../.." && pwd)
cat <<EOF
install.sh: installed $prefix/bin/layout-check ($version)
  It reads Swift code with the sourcekitd of the toolchain in $toolchain: keep that toolchain's swift on
  PATH, or set LAYOUTKIT_TOOLCHAIN=$toolchain (or pass --toolchain $toolchain).
  Check an app repository from its root: layout-check .   (completions: layout-check --completion-script bash|zsh|fish)
EOF
