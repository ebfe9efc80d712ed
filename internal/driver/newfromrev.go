package driver

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// changedLines records the lines added or changed since a revision, by file.
// Keys are file names without symbolic links.
type changedLines struct {
	files map[string]*fileChanges
	real  map[string]string // file name -> its EvalSymlinks form
}

type fileChanges struct {
	whole  bool     // untracked: every line is new
	ranges [][2]int // new-side line ranges [first, last]
}

// gitChangedLines runs git in dir to find the lines added or changed since
// rev: the new side of "git diff --unified=0 rev" (committed and uncommitted
// changes in the working tree) plus untracked, not ignored, files.
func gitChangedLines(dir, rev string) (*changedLines, error) {
	top, err := gitTopLevel(dir)
	if err != nil {
		return nil, err
	}
	if _, err := git(top, "rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		return nil, fmt.Errorf("unknown revision %q", rev)
	}
	diff, err := git(top, "-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff", "--no-textconv",
		"--unified=0", "--src-prefix=a/", "--dst-prefix=b/", rev, "--")
	if err != nil {
		return nil, err
	}
	cl := &changedLines{files: make(map[string]*fileChanges), real: make(map[string]string)}
	if err := cl.addDiff(top, diff); err != nil {
		return nil, err
	}
	untracked, err := git(top, "ls-files", "--others", "--exclude-standard", "-z")
	if err != nil {
		return nil, err
	}
	for _, name := range strings.Split(string(untracked), "\x00") {
		if name != "" {
			cl.files[filepath.Join(top, filepath.FromSlash(name))] = &fileChanges{whole: true}
		}
	}
	return cl, nil
}

// gitTopLevel returns the top-level directory of the git work tree holding dir.
func gitTopLevel(dir string) (string, error) {
	out, err := git(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		var ee *exec.Error
		if errors.As(err, &ee) {
			return "", fmt.Errorf("git is needed: %v", ee.Err)
		}
		return "", fmt.Errorf("%s is not in a git repository", dir)
	}
	top := strings.TrimSpace(string(out))
	if real, err := filepath.EvalSymlinks(top); err == nil {
		top = real
	}
	return top, nil
}

// git runs git with args in dir and returns its standard output. The error
// includes git's first line of standard error.
func git(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if _, ok := err.(*exec.ExitError); ok {
			msg, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n")
			return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, msg)
		}
		return nil, err
	}
	return out, nil
}

// hunkRE matches a unified diff's hunk header. It is compiled on first use,
// not at start-up: go vet starts the command once per package.
var hunkRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@`)
})

// addDiff records the new-side lines of a unified diff with zero context
// whose paths are relative to top. Hunk bodies are skipped by count, so an
// added line that starts with "++" is not mistaken for a file header.
func (cl *changedLines) addDiff(top string, diff []byte) error {
	var cur *fileChanges
	sc := bufio.NewScanner(bytes.NewReader(diff))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "+++ "):
			cur = nil
			name := strings.TrimPrefix(line, "+++ ")
			if strings.HasPrefix(name, `"`) {
				if uq, err := strconv.Unquote(name); err == nil {
					name = uq
				}
			}
			if name, ok := strings.CutPrefix(name, "b/"); ok {
				file := filepath.Join(top, filepath.FromSlash(name))
				cur = &fileChanges{}
				cl.files[file] = cur
			}
		case strings.HasPrefix(line, "@@ "):
			m := hunkRE().FindStringSubmatch(line)
			if m == nil {
				return fmt.Errorf("cannot parse git diff hunk header %q", line)
			}
			oldCount := count(m[1])
			start, _ := strconv.Atoi(m[2])
			newCount := count(m[3])
			if cur != nil && newCount > 0 {
				cur.ranges = append(cur.ranges, [2]int{start, start + newCount - 1})
			}
			// Skip the hunk body: oldCount "-" lines and newCount "+" lines,
			// plus any "\ No newline at end of file" markers.
			for oldCount+newCount > 0 && sc.Scan() {
				switch sc.Text()[:min(1, len(sc.Text()))] {
				case "-":
					oldCount--
				case "+":
					newCount--
				}
			}
		}
	}
	return sc.Err()
}

// count parses a hunk's optional line count, which defaults to 1.
func count(s string) int {
	if s == "" {
		return 1
	}
	n, _ := strconv.Atoi(s)
	return n
}

// contains reports whether line of filename was added or changed.
func (cl *changedLines) contains(filename string, line int) bool {
	real, ok := cl.real[filename]
	if !ok {
		real = filename
		if r, err := filepath.EvalSymlinks(filename); err == nil {
			real = r
		}
		cl.real[filename] = real
	}
	fc := cl.files[real]
	if fc == nil {
		return false
	}
	return fc.whole || slices.ContainsFunc(fc.ranges, func(r [2]int) bool { return r[0] <= line && line <= r[1] })
}

// filter drops from graph's root actions the diagnostics whose line (the
// line of their position) was not added or changed.
func (cl *changedLines) filter(graph *checker.Graph) {
	for _, act := range graph.Roots {
		fset := act.Package.Fset
		act.Diagnostics = slices.DeleteFunc(act.Diagnostics, func(d analysis.Diagnostic) bool {
			posn := fset.Position(d.Pos)
			return !cl.contains(posn.Filename, posn.Line)
		})
	}
}
