package output

import (
	"bytes"
	"os"
	"sync"
	"unicode/utf8"
)

// Files reads source files once and answers questions about their lines.
// It is safe for concurrent use.
type Files struct {
	read func(string) ([]byte, error)

	mu    sync.Mutex
	files map[string][][]byte // lines without their "\n"; nil when unreadable
}

// NewFiles returns a cache that reads files with read, or os.ReadFile when
// read is nil.
func NewFiles(read func(string) ([]byte, error)) *Files {
	if read == nil {
		read = os.ReadFile
	}
	return &Files{read: read, files: make(map[string][][]byte)}
}

func (fs *Files) lines(filename string) [][]byte {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	lines, ok := fs.files[filename]
	if !ok {
		if data, err := fs.read(filename); err == nil {
			lines = bytes.Split(data, []byte("\n"))
		}
		fs.files[filename] = lines
	}
	return lines
}

// Line returns the text of the 1-based line of filename without its line
// ending, or "" when the file or line cannot be read.
func (fs *Files) Line(filename string, line int) string {
	lines := fs.lines(filename)
	if line < 1 || line > len(lines) {
		return ""
	}
	return string(bytes.TrimSuffix(lines[line-1], []byte("\r")))
}

// UTF16Column converts a 1-based byte column of a line of filename into a
// 1-based column counted in UTF-16 code units, SARIF's default column kind.
// When the line cannot be read, the byte column is returned unchanged.
func (fs *Files) UTF16Column(filename string, line, column int) int {
	lines := fs.lines(filename)
	if line < 1 || line > len(lines) || column < 1 {
		return column
	}
	return utf16Column(lines[line-1], column)
}

// utf16Column converts the 1-based byte column col of text into a 1-based
// UTF-16 column. Bytes past the end of text count one unit each, and an
// invalid UTF-8 byte counts as one unit (it decodes to U+FFFD).
func utf16Column(text []byte, col int) int {
	n := min(col-1, len(text))
	units := 0
	for i := 0; i < n; {
		r, size := utf8.DecodeRune(text[i:])
		if r >= 0x10000 {
			units += 2
		} else {
			units++
		}
		i += size
	}
	return units + 1 + (col - 1 - n)
}
