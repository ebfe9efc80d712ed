// Package arith can hold no finding: no analyzer needs its syntax index.
package arith // want "index not built"

import (
	"sort"
	"strings"
)

// Sum adds up xs.
func Sum(xs []int) int {
	total := 0
	for _, x := range xs {
		total += x
	}
	return total
}

// Words returns the sorted words of s.
func Words(s string) []string {
	w := strings.Fields(s)
	sort.Strings(w)
	for i := 0; i < len(w); i++ {
		if w[i] == "" {
			return nil
		}
	}
	return w
}
