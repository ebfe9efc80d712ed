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

// Code ends the program whatever the code: every arm of its last
// statement, a switch, exits.
func Code(code int) { // want Code:"noreturn"
	switch {
	case code == 0:
		os.Exit(0)
	default:
		os.Exit(code)
	}
}

// Serve never returns: its last statement is a block holding a loop
// without a condition.
func Serve() { // want Serve:"noreturn"
	{
		for {
			println("serving")
		}
	}
}

// Spin jumps back forever.
func Spin() { // want Spin:"noreturn"
top:
	println("spin")
	goto top
}

// Maybe ends with an if whose only arm exits: it may return.
func Maybe(fail bool) {
	if fail {
		os.Exit(1)
	}
}

// Report ends with a switch whose arms only print: it returns, and no
// graph is needed to know it.
func Report(code int) {
	switch code {
	case 0:
		println("ok")
	default:
		println("failed")
	}
}
