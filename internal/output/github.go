package output

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// GitHubAnnotationLimit is how many annotations of one type GitHub Actions
// shows for a step; WriteGitHub adds a notice when there are more findings.
const GitHubAnnotationLimit = 10

// WriteGitHub writes one GitHub Actions workflow command per finding:
//
//	::warning file=<path>,line=<l>,col=<c>,endLine=<l>,endColumn=<c>,title=<rule id>::<message>
//
// Paths are relative to r.Root (the workspace) and columns count UTF-16 code
// units, as in SARIF.
func WriteGitHub(w io.Writer, r *Report) error {
	bw := bufio.NewWriter(w)
	for _, f := range r.Findings {
		path, _ := relPath(r.Root, f.Pos.Filename)
		props := []string{
			"file=" + escapeProperty(path),
			fmt.Sprintf("line=%d", f.Pos.Line),
			fmt.Sprintf("col=%d", r.files().UTF16Column(f.Pos.Filename, f.Pos.Line, f.Pos.Column)),
		}
		if f.End.IsValid() {
			props = append(props,
				fmt.Sprintf("endLine=%d", f.End.Line),
				fmt.Sprintf("endColumn=%d", r.files().UTF16Column(f.End.Filename, f.End.Line, f.End.Column)))
		}
		props = append(props, "title="+escapeProperty(f.RuleID()))
		fmt.Fprintf(bw, "::warning %s::%s\n", strings.Join(props, ","), escapeData(f.Message))
	}
	if n := len(r.Findings); n > GitHubAnnotationLimit {
		fmt.Fprintf(bw, "::notice title=%s::%s\n", escapeProperty(r.Tool.Name), escapeData(fmt.Sprintf(
			"%d findings; GitHub shows only the first %d warning annotations of a step, the log has them all",
			n, GitHubAnnotationLimit)))
	}
	return bw.Flush()
}

// escapeData escapes a workflow command's message.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a workflow command's property value.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
