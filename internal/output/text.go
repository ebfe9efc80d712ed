package output

import (
	"bufio"
	"fmt"
	"io"
)

// WriteText writes one "file:line:col: message" line per finding, as
// multichecker does. When contextLines is not negative, each finding is
// followed by its lines and contextLines lines around them, numbered.
func WriteText(w io.Writer, r *Report, contextLines int) error {
	bw := bufio.NewWriter(w)
	for _, f := range r.Findings {
		fmt.Fprintf(bw, "%s: %s\n", f.Pos, f.Message)
		if contextLines < 0 {
			continue
		}
		end := f.End
		if !end.IsValid() {
			end = f.Pos
		}
		lines := r.files().lines(f.Pos.Filename)
		for i := f.Pos.Line - contextLines; i <= end.Line+contextLines; i++ {
			if 1 <= i && i <= len(lines) {
				fmt.Fprintf(bw, "%d\t%s\n", i, lines[i-1])
			}
		}
	}
	return bw.Flush()
}
