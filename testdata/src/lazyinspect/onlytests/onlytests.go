// Package onlytests has its findings in an external test package only.
package onlytests // want "index not built"
