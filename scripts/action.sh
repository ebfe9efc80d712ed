#!/usr/bin/env bash
# The logic of the timeoutlint GitHub Action (action.yml), kept here so that
# it runs, and is tested, outside GitHub too.
#
#   scripts/action.sh install   install timeoutlint (and reviewdog in
#                               reviewdog mode) into $TIMEOUTLINT_BIN_DIR
#   scripts/action.sh run       run timeoutlint and report its findings
#
# Settings, as environment variables (action.yml maps its inputs to them):
#   INPUT_MODE               reviewdog (default) or sarif
#   INPUT_VERSION            timeoutlint version to go install; empty: build
#                            the module this script belongs to (the action's
#                            own checkout, i.e. the action's ref)
#   INPUT_WORKING_DIRECTORY  the Go module's directory (default .)
#   INPUT_PACKAGES           package patterns (default ./...)
#   INPUT_FLAGS              extra timeoutlint flags, split on spaces
#   INPUT_NEW_FROM_REV       report only findings on lines changed since REV
#   INPUT_SARIF_FILE         sarif mode: the file to write (default
#                            timeoutlint.sarif, relative to the working dir)
#   INPUT_REPORTER           reviewdog -reporter (default github-pr-review)
#   INPUT_FILTER_MODE        reviewdog -filter-mode (default added)
#   INPUT_FAIL_LEVEL         reviewdog -fail-level (default any)
#   INPUT_DIFF               reviewdog -diff command, for the local reporters
#                            (e.g. "git diff origin/main")
#   INPUT_REVIEWDOG_VERSION  default v0.21.0
#   TIMEOUTLINT_BIN_DIR      where install puts binaries and run finds them
#                            (default $RUNNER_TEMP/timeoutlint-bin, else
#                            $(go env GOPATH)/bin)
#
# Exit status of run: 1 when timeoutlint cannot load or analyze the code
# (whatever the mode), or when an input is invalid. In reviewdog mode,
# otherwise reviewdog's: non-zero when a finding inside the filter is at or
# above the fail level. In sarif mode, 0 with the SARIF file written: the
# findings go to code scanning; "findings=true|false" is written to
# $GITHUB_OUTPUT for the action's fail-on-findings step.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mode=${INPUT_MODE:-reviewdog}
bindir=${TIMEOUTLINT_BIN_DIR:-}
if [ -z "$bindir" ]; then
	if [ -n "${RUNNER_TEMP:-}" ]; then bindir=$RUNNER_TEMP/timeoutlint-bin; else bindir=$(go env GOPATH)/bin; fi
fi

die() { echo "timeoutlint action: $*" >&2; exit 1; }

case $mode in
reviewdog | sarif) ;;
*) die "mode must be reviewdog or sarif, not \"$mode\"" ;;
esac

install() {
	mkdir -p "$bindir"
	if [ -n "${INPUT_VERSION:-}" ]; then
		echo "go install github.com/timeoutlint/timeoutlint/cmd/timeoutlint@$INPUT_VERSION"
		GOBIN=$bindir go install "github.com/timeoutlint/timeoutlint/cmd/timeoutlint@$INPUT_VERSION"
	else
		echo "go install ./cmd/timeoutlint (in $here/..)"
		(cd "$here/.." && GOBIN=$bindir go install ./cmd/timeoutlint)
	fi
	if [ "$mode" = reviewdog ]; then
		GOBIN=$bindir "$here/install-tools.sh" reviewdog
	fi
	if [ -n "${GITHUB_PATH:-}" ]; then echo "$bindir" >>"$GITHUB_PATH"; fi
}

# lint FORMAT OUT: runs timeoutlint -format FORMAT into OUT; returns 0
# (clean) or 3 (findings), and exits on any other status.
lint() {
	local format=$1 out=$2 status=0 flags packages
	read -r -a flags <<<"${INPUT_FLAGS:-}"
	read -r -a packages <<<"${INPUT_PACKAGES:-./...}"
	if [ -n "${INPUT_NEW_FROM_REV:-}" ]; then flags+=(-new-from-rev "$INPUT_NEW_FROM_REV"); fi
	"$bindir/timeoutlint" -format "$format" ${flags[@]+"${flags[@]}"} "${packages[@]}" >"$out" || status=$?
	case $status in
	0 | 3) return $status ;;
	*) die "timeoutlint failed (exit status $status): the code could not be loaded or analyzed" ;;
	esac
}

run() {
	cd "${INPUT_WORKING_DIRECTORY:-.}"
	local status=0
	case $mode in
	sarif)
		local file=${INPUT_SARIF_FILE:-timeoutlint.sarif}
		lint sarif "$file" || status=$?
		case $file in /*) ;; *) file=$PWD/$file ;; esac
		local findings=false
		[ "$status" = 3 ] && findings=true
		echo "timeoutlint: wrote $file (findings: $findings)"
		if [ -n "${GITHUB_OUTPUT:-}" ]; then
			echo "findings=$findings" >>"$GITHUB_OUTPUT"
			echo "sarif-file=$file" >>"$GITHUB_OUTPUT"
		fi
		;;
	reviewdog)
		rdjson=$(mktemp)
		trap 'rm -f "$rdjson"' EXIT
		lint rdjson "$rdjson" || status=$?
		local args=(-f=rdjson -name=timeoutlint
			-reporter="${INPUT_REPORTER:-github-pr-review}"
			-filter-mode="${INPUT_FILTER_MODE:-added}"
			-fail-level="${INPUT_FAIL_LEVEL:-any}")
		if [ -n "${INPUT_DIFF:-}" ]; then args+=(-diff="$INPUT_DIFF"); fi
		"$bindir/reviewdog" "${args[@]}" <"$rdjson"
		;;
	esac
}

case ${1:-} in
install) install ;;
run) run ;;
*) die "usage: scripts/action.sh install|run" ;;
esac
