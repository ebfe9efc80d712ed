// Package integration tests timeoutlint under the drivers and tools it is
// used with: go vet's unitchecker protocol (as Bazel's nogo uses it), a
// custom golangci-lint with the plugin package, pre-commit, and the GitHub
// Action's script with reviewdog.
//
// The go vet tests always run. The others need the real tools, installed by
// scripts/install-tools.sh, and take minutes when caches are cold: they run
// only with TIMEOUTLINT_INTEGRATION=1 (bash .ci/run sets it), and then fail,
// not skip, when a tool is missing.
package integration
