// Package failsafe compares the runtime library's retry and timeout
// helpers with failsafe-go's retry and timeout policies. It is a separate
// module so that the main module never depends on failsafe-go; it holds
// only tests and benchmarks. See README.md.
package failsafe
