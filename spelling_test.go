package harbor_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Harbor writes American English. Every string of the Go code (log lines,
// refusals, error messages, option labels, mail and help texts) and the docs
// spell "color", "neighbor", "center", "harbor" and the like. The exceptions
// are names: Neko Harbour, and that game's own components as its rulebook
// names them (its harbour, its Licence cards), plus a few stored values.

// british matches a word holding a British spelling Harbor's texts do not use.
var british = regexp.MustCompile(`(?i)\b\w*?(colour|neighbour|centre|catalogue|cancell(ed|ing)|organis(e|ed|es|ing|ation)|behaviour|favour|grey|harbour|licence|labell(ed|ing)\b|summaris|maximis|analys(e|ed|ing)\b)\w*`)

// nekoName is one of Neko Harbour's components as its rulebook names them,
// alone or in a move or effect key ("buylicence"); only Neko's files use them.
var nekoName = regexp.MustCompile(`(?i)^\w*(harbour|licence)\w*$`)

var nekoHarbour = regexp.MustCompile(`Neko\s+Harbour`)

// storedValues are string values of stored data and the wire format, not
// texts: The Great Harbor's Smuggler reward option "colour" and Harbor
// Holdings' trade state "cancelled".
var storedValues = map[string]bool{"colour": true, "cancelled": true}

// britishWords lists the British spellings in text, leaving out the name
// Neko Harbour and, for Neko's own files, its components' names.
func britishWords(text string, neko bool) []string {
	var out []string
	for _, w := range british.FindAllString(nekoHarbour.ReplaceAllString(text, ""), -1) {
		if !(neko && nekoName.MatchString(w)) {
			out = append(out, w)
		}
	}
	return out
}

func TestBritishWords(t *testing.T) {
	for _, tc := range []struct {
		text string
		neko bool
		want string
	}{
		{"the die's colour on a neighbouring tile", false, "colour neighbouring"},
		{"Neko Harbour: the harbour needs a Licence", true, ""},
		{"Neko Harbour: the harbour needs a Licence", false, "harbour Licence"},
		{"aria-labelledby, a labelled chip, a centred label", false, "labelled centred"},
		{"The Great Harbor's color and the neighboring hex", false, ""},
	} {
		if got := strings.Join(britishWords(tc.text, tc.neko), " "); got != tc.want {
			t.Errorf("britishWords(%q, %v) = %q, want %q", tc.text, tc.neko, got, tc.want)
		}
	}
}

// skipDir says whether a directory holds no Go texts of Harbor's: the front
// end (checked by its own test), recorded games and build output.
func skipDir(name string) bool {
	switch name {
	case "web", "testdata", "node_modules", "bin", ".git":
		return true
	}
	return false
}

func isNeko(path string) bool {
	return strings.Contains(filepath.ToSlash(path), "neko")
}

func TestGoTextsAreAmerican(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && skipDir(d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		tags := map[*ast.BasicLit]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Field:
				if n.Tag != nil {
					tags[n.Tag] = true
				}
			case *ast.ImportSpec:
				tags[n.Path] = true
			case *ast.BasicLit:
				if n.Kind != token.STRING || tags[n] {
					return true
				}
				s, err := strconv.Unquote(n.Value)
				if err != nil || storedValues[s] {
					return true
				}
				for _, w := range britishWords(s, isNeko(path)) {
					t.Errorf("%s: %q in %q", fset.Position(n.Pos()), w, s)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// codeSpan is a fenced block or an inline span of code in Markdown: names of
// fields and values, which keep their spelling.
var codeSpan = regexp.MustCompile("(?s)```.*?```|`[^`\n]*`")

func TestDocsAreAmerican(t *testing.T) {
	docs, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	rules, err := filepath.Glob("docs/rules/*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range append(append(docs, rules...), "README.md") {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range britishWords(codeSpan.ReplaceAllString(string(b), ""), isNeko(path)) {
			t.Errorf("%s: %q", path, w)
		}
	}
}
