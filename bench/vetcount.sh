#!/usr/bin/env bash
# Counts the instructions that the vet tool processes of
# "go vet -vettool=timeoutlint" and "go vet -vettool=noopcheck" execute, on
# a sample of the packages of a go vet run, with valgrind's callgrind.
#
# Wall time on a shared 2-core virtual machine drifts by 20% between
# consecutive runs; instruction counts do not. The vet tool processes are
# re-run one at a time on the configuration files (and dependency facts) of
# a real go vet run, with GOMAXPROCS=1 (no idle scheduler spinning is
# counted) and without asynchronous preemption (whose signals callgrind
# mishandles).
#
# Usage, from the repository root:
#
#	bench/vetcount.sh DIR [PATTERN] [EVERY]
#
# DIR is where go vet runs (a module, or any directory for std), PATTERN
# the packages (default ./...), EVERY the sampling step over the go
# command's actions (default 8: every 8th package). Needs valgrind
# (scripts/install-tools.sh valgrind).
set -euo pipefail

dir=$(cd "$1" && pwd)
pattern=${2:-./...}
every=${3:-8}
command -v valgrind >/dev/null || { echo "vetcount.sh: valgrind not found; run scripts/install-tools.sh valgrind" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/timeoutlint" ./cmd/timeoutlint
go build -o "$tmp/noopcheck" ./bench/cmd/noopcheck

# vetwork TOOL FLAG: runs go vet with TOOL (FLAG misses vet's result cache)
# and prints the kept work directory.
vetwork() {
	(cd "$dir" && go vet -work -vettool="$tmp/$1" "$2" "$pattern" 2>&1 || true) | sed -n 's/^WORK=//p'
}
stamp=$(date +%s%N)
work_tl=$(vetwork timeoutlint "-nohttptimeout.max=10m0.${stamp}s")
work_noop=$(vetwork noopcheck "-noop.seed=$stamp")
trap 'rm -rf "$tmp" "$work_tl" "$work_noop"' EXIT
[ -n "$work_tl" ] && [ -n "$work_noop" ] || { echo "vetcount.sh: go vet printed no WORK directory" >&2; exit 1; }

# count TOOL CFG: instructions executed by TOOL on CFG.
count() {
	local cfg=$2 pkgdir log
	pkgdir=$(sed -n 's/^\t"Dir": "\(.*\)",$/\1/p' "$cfg")
	log=$tmp/callgrind.log
	(cd "$pkgdir" && GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind \
		--callgrind-out-file="$tmp/callgrind.out" "$tmp/$1" "$cfg" </dev/null >/dev/null 2>"$log") || true
	sed -n 's/.*I *refs: *//p' "$log" | tr -d ,
}

div() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }

declare -A sum
n=0
printf '%-60s %8s %14s %14s %6s\n' package kind timeoutlint noopcheck ratio
for cfg in $(ls "$work_tl"/b*/vet.cfg | sort -V | awk -v e="$every" 'NR % e == 0'); do
	b=$(basename "$(dirname "$cfg")")
	[ -f "$work_noop/$b/vet.cfg" ] || continue
	kind=root
	grep -q '"VetxOnly": true' "$cfg" && kind=deps
	tl=$(count timeoutlint "$cfg")
	noop=$(count noopcheck "$work_noop/$b/vet.cfg")
	if [ -z "$tl" ] || [ -z "$noop" ]; then
		echo "vetcount.sh: valgrind failed on $cfg" >&2
		continue
	fi
	id=$(sed -n 's/^\t"ID": "\(.*\)",$/\1/p' "$cfg")
	printf '%-60s %8s %14d %14d %6.2f\n' "$id" "$kind" "$tl" "$noop" "$(div "$tl" "$noop")"
	sum[$kind.tl]=$(( ${sum[$kind.tl]:-0} + tl )); sum[$kind.noop]=$(( ${sum[$kind.noop]:-0} + noop ))
	n=$((n + 1))
done
echo
for kind in deps root; do
	t=${sum[$kind.tl]:-0} o=${sum[$kind.noop]:-0}
	[ "$o" -gt 0 ] && printf '%-5s timeoutlint %6d M  noopcheck %6d M  ratio %.3f\n' "$kind" $((t / 1000000)) $((o / 1000000)) "$(div "$t" "$o")"
done
t=$(( ${sum[deps.tl]:-0} + ${sum[root.tl]:-0} )) o=$(( ${sum[deps.noop]:-0} + ${sum[root.noop]:-0} ))
printf 'all   timeoutlint %6d M  noopcheck %6d M  ratio %.3f  (%d packages)\n' $((t / 1000000)) $((o / 1000000)) "$(div "$t" "$o")" "$n"
