// Package fatal imports neither time nor context: retrybudget takes its fast
// path here, and still records the function that never returns, for the
// loops of its importers.
package fatal

import "os"

// Exit prints msg and ends the program.
func Exit(msg string) { // want Exit:"noreturn"
	println(msg)
	os.Exit(3)
}

// Warn prints msg and returns.
func Warn(msg string) {
	println(msg)
}
