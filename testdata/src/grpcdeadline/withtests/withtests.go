// Package withtests is checked with -tests.
package withtests
