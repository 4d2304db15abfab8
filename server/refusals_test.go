package server_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"net/http"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"harbor/server"
	"harbor/table"
)

// refusalDirs are the packages whose refusals people meet through the pages:
// the table, the server, the people's settings, the notices and the game
// package's checks of options, levels and setups (each with its
// subpackages, but game without its test helpers).
var refusalDirs = []struct {
	dir     string
	subdirs bool
}{
	{"../table", true},
	{"../server", true},
	{"../people", true},
	{"../notify", true},
	{"../game", false},
	{"../sqlite", true},
	{"../postgres", true},
	{"../cluster", true},
}

// exemptRefusals are the refusals that may go without a message for
// people, by file and English message. Every internal error is exempt as
// well (wordedByCode): its words are generic by design. The rest are
// malformed input that no page of Harbor sends, so only a hand-made
// request or a tool meets them, and their code words them well enough.
var exemptRefusals = map[string]bool{
	// Request bodies and WebSocket messages that are not the JSON the
	// endpoint takes: the pages build them.
	"server/api.go: the request could not be read":                                                 true,
	"server/api.go: the request is not the JSON this endpoint takes: %v":                           true,
	"server/api.go: say which game the table is for (game)":                                        true,
	"server/api.go: say which seat (-1 to stand up)":                                               true,
	"server/api.go: a seat is a number":                                                            true,
	"server/api.go: there is no seat %d":                                                           true,
	"server/evening.go: say which seat":                                                            true,
	"server/timeline.go: the request could not be read":                                            true,
	"server/timeline.go: at is the number of moves to replay, such as at=12":                       true,
	"server/ws.go: say which table (?table=<id>) or TV code (?tv=<code>)":                          true,
	"server/ws.go: a message is a JSON object {t, v, d} with exactly those field names, each once": true,
	"server/ws.go: a %s message carries no data: d is {} or left out":                              true,
	"server/ws.go: a chat message is {text} or {emoji}":                                            true,
	"server/ws.go: a log request is {before}":                                                      true,
	"server/ws.go: unknown message type %q":                                                        true,
	"game/options.go: the rules options of %s are not a JSON object of options: %v":                true,
	"game/options.go: bad rules options for %s: %v":                                                true,
	"game/registry.go: malformed move: %v":                                                         true,
	// Mistakes of Harbor's own code or of the command-line tools, which
	// never come from a page.
	"table/stored.go: unknown kind of code %q":                                 true,
	"game/play.go: %d policies for %d players":                                 true,
	"game/play.go: unknown policy %q":                                          true,
	"game/play.go: unknown policy %q (want easy, normal, hard, bot or random)": true,
	"game/registry.go: a game of another kind cannot be forked as %s":          true,
	"game/registry.go: a game of another kind cannot be sampled as %s":         true,
	"game/registry.go: %s has no Determinise to sample with":                   true,
	// A new table's id or code drawn twice: the lobby draws again, five times.
	"sqlite/store.go: a table with that id or code exists":   true,
	"postgres/store.go: a table with that id or code exists": true,
}

// wordedByCode are the codes whose refusals need no message of their own.
var wordedByCode = map[string]bool{"EInternal": true}

// TestEveryRefusalCarriesAMessage reads the source of the packages above:
// every harbor.Errorf, harbor.RuleError and harbor.Error literal is given
// a message with .With (or sets Msg), or is one of the exempt ones, so a
// person reads every refusal they can meet in their own language.
func TestEveryRefusalCarriesAMessage(t *testing.T) {
	fset := token.NewFileSet()
	seen := map[string]bool{}
	var bare []string
	for _, d := range refusalDirs {
		err := filepath.WalkDir(d.dir, func(path string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if e.IsDir() {
				if path != d.dir && (!d.subdirs || e.Name() == "testdata") {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			rel := filepath.ToSlash(strings.TrimPrefix(path, "../"))
			for _, r := range refusals(f) {
				key := rel + ": " + r.message
				seen[key] = true
				if r.worded || wordedByCode[r.code] || exemptRefusals[key] {
					continue
				}
				bare = append(bare, fset.Position(r.pos).String()+": "+r.code+" "+strconv.Quote(r.message))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, b := range bare {
		t.Errorf("%s: a refusal without a message for people (add .With(harbor.M(\"api.…\")) and its words in web/src/i18n)", b)
	}
	for key := range exemptRefusals {
		if !seen[key] {
			t.Errorf("exempt refusal %q is no longer in the code: take it off the list", key)
		}
	}
	if len(seen) < 100 {
		t.Errorf("found %d refusals; the walk missed the packages", len(seen))
	}
}

// refusal is one error literal in the source.
type refusal struct {
	pos     token.Pos
	code    string // the constant's name, as "EInvalid"; "" when not a constant
	message string // the format or message literal; "" when not a literal
	worded  bool   // it is given a message
}

// refusals finds the harbor.Errorf, harbor.RuleError and harbor.Error
// literals of f, and whether each is the receiver of a .With call.
func refusals(f *ast.File) []refusal {
	var out []refusal
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		var r refusal
		switch x := n.(type) {
		case *ast.CallExpr:
			switch harborName(x.Fun) {
			case "Errorf":
				if len(x.Args) < 2 {
					return true
				}
				r = refusal{pos: x.Pos(), code: harborName(x.Args[0]), message: literal(x.Args[1])}
			case "RuleError":
				r = refusal{pos: x.Pos(), code: "EIllegal"}
				if len(x.Args) > 1 {
					r.message = literal(x.Args[1])
				}
			default:
				return true
			}
		case *ast.CompositeLit:
			if harborName(x.Type) != "Error" {
				return true
			}
			r = refusal{pos: x.Pos()}
			for _, el := range x.Elts {
				kv, ok := el.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				switch key, _ := kv.Key.(*ast.Ident); {
				case key == nil:
				case key.Name == "Code":
					r.code = harborName(kv.Value)
				case key.Name == "Message":
					r.message = literal(kv.Value)
				case key.Name == "Msg":
					r.worded = true
				}
			}
		default:
			return true
		}
		// The call's receiver of .With, through parentheses and an &.
		for i := len(stack) - 2; i >= 0 && !r.worded; i-- {
			p := stack[i]
			if _, ok := p.(*ast.ParenExpr); ok {
				continue
			}
			if _, ok := p.(*ast.UnaryExpr); ok {
				continue
			}
			sel, ok := p.(*ast.SelectorExpr)
			r.worded = ok && sel.Sel.Name == "With"
			break
		}
		out = append(out, r)
		return true
	})
	return out
}

// harborName is Name of an expression harbor.Name, else "".
func harborName(e ast.Expr) string {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	if id, ok := sel.X.(*ast.Ident); ok && id.Name == "harbor" {
		return sel.Sel.Name
	}
	return ""
}

// literal is the value of a string literal, else "".
func literal(e ast.Expr) string {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return ""
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		return ""
	}
	return s
}

// TestRefusalsSayTheirMessage: refusals of the lobby and the home screen
// reach the page with their message id and values, so each reader's page
// words them.
func TestRefusalsSayTheirMessage(t *testing.T) {
	e := newEnv(t, server.Limits{})
	ana := e.person("Ana")
	l := ana.must("POST", "/api/tables", pileTable)
	for _, c := range []struct {
		method, path, body string
		status             int
		id                 string
		v                  map[string]any
	}{
		{"POST", "/api/tables", `{"game":"pile","name":"` + strings.Repeat("a", 25) + `"}`, http.StatusBadRequest,
			"api.nameTooLong", map[string]any{"n": float64(table.MaxNameLen)}},
		{"POST", "/api/tables", `{"game":"chess","name":"Ana"}`, http.StatusNotFound, "api.noSuchGame", map[string]any{"game": "chess"}},
		{"POST", "/api/tables/" + l.ID + "/bots", `{"seat":99}`, http.StatusBadRequest, "api.noSeat", map[string]any{"n": float64(100)}},
		{"POST", "/api/tables/" + l.ID + "/options", `{"options":{"size":30},"turnSeconds":99999}`, http.StatusBadRequest,
			"api.timerRange", map[string]any{"max": float64(table.MaxTurnSeconds)}},
		{"POST", "/api/tables/" + l.ID + "/options", `{"options":{"size":true},"turnSeconds":0}`, http.StatusBadRequest,
			"api.optionInt", map[string]any{"option": "size", "min": float64(1), "max": float64(1000)}},
	} {
		st, err := ana.status(c.method, c.path, c.body)
		if st != c.status || err == nil || err.Msg == nil || err.Msg.ID != c.id || !reflect.DeepEqual(err.Msg.V, c.v) {
			var msg any
			if err != nil {
				msg = err.Msg
			}
			t.Errorf("%s %s %s: %d %v %+v, want %d with message %s %v", c.method, c.path, c.body, st, err, msg, c.status, c.id, c.v)
		}
	}
}
