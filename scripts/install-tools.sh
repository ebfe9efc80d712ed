#!/usr/bin/env bash
# Installs the third-party tools that timeoutlint's integration tests (and
# its users) run timeoutlint under, at the versions the project supports:
#
#   golangci-lint  v2.15.0  go install, from the Go module proxy
#   reviewdog      v0.21.0  go install, from the Go module proxy
#   pre-commit     Debian's package (apt-get; needs root or sudo)
#   valgrind       Debian's package, for bench/vetcount.sh only (not in "all")
#
# Usage: scripts/install-tools.sh [golangci-lint|reviewdog|pre-commit|valgrind|all]...
#
# Go tools go to $GOBIN, default $(go env GOPATH)/bin. A tool already
# installed at the wanted version is left alone, so a warm run costs nothing.
# Override versions with GOLANGCI_LINT_VERSION and REVIEWDOG_VERSION.
set -euo pipefail

GOLANGCI_LINT_VERSION=${GOLANGCI_LINT_VERSION:-v2.15.0}
REVIEWDOG_VERSION=${REVIEWDOG_VERSION:-v0.21.0}
bindir=${GOBIN:-$(go env GOPATH)/bin}

# go_tool MODULE PACKAGE VERSION: go install PACKAGE@VERSION unless the binary
# in $bindir was already built from MODULE at VERSION.
go_tool() {
	local module=$1 pkg=$2 version=$3 bin
	bin=$bindir/$(basename "$pkg")
	if [ -x "$bin" ] && go version -m "$bin" 2>/dev/null |
		grep -Eq "^[[:space:]]+mod[[:space:]]+$module[[:space:]]+$version([[:space:]]|$)"; then
		echo "$(basename "$pkg") $version: already installed at $bin"
		return
	fi
	echo "$(basename "$pkg") $version: go install $pkg@$version"
	GOBIN=$bindir go install "$pkg@$version"
}

# debian_tool COMMAND: apt-get install the package of that name unless the
# command is already there.
debian_tool() {
	if command -v "$1" >/dev/null; then
		echo "$1: already installed ($("$1" --version 2>&1 | head -1))"
		return
	fi
	local sudo=
	[ "$(id -u)" = 0 ] || sudo=sudo
	echo "$1: apt-get install $1"
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$1" >/dev/null
	"$1" --version
}

[ $# -gt 0 ] || set -- all
for tool in "$@"; do
	case $tool in
	golangci-lint) go_tool github.com/golangci/golangci-lint/v2 github.com/golangci/golangci-lint/v2/cmd/golangci-lint "$GOLANGCI_LINT_VERSION" ;;
	reviewdog) go_tool github.com/reviewdog/reviewdog github.com/reviewdog/reviewdog/cmd/reviewdog "$REVIEWDOG_VERSION" ;;
	pre-commit | valgrind) debian_tool "$tool" ;;
	all) "$0" pre-commit reviewdog golangci-lint ;;
	*) echo "install-tools.sh: unknown tool $tool (want golangci-lint, reviewdog, pre-commit, valgrind or all)" >&2; exit 2 ;;
	esac
done
