package all_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"harbor/game"
)

// reference is the part of web/src/content/<game>/reference.json (the rules
// help the web screens show) that the engines must agree with.
type reference struct {
	Game   string            `json:"game"`
	Moves  map[string]string `json:"moves"`
	Topics []topic           `json:"topics"`
}

type topic struct {
	ID    string            `json:"id"`
	Title string            `json:"title"`
	Rules []string          `json:"rules"`
	Body  []json.RawMessage `json:"body"`
}

func readReference(t *testing.T, id string) reference {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "web", "src", "content", id, "reference.json"))
	if err != nil {
		t.Fatalf("the rules reference of %s: %v", id, err)
	}
	var ref reference
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatalf("the rules reference of %s: %v", id, err)
	}
	return ref
}

// ruleID is how engines name a rule in a refusal: the clause ids of the
// rules notes (HH-25, HF-G12, GH-Q44, NK-070, ...).
var ruleID = regexp.MustCompile(`^[A-Z]{2}-[A-Z]?[0-9]+$`)

// engineRuleIDs returns every rule id written in the engine package's
// source (tests excluded): the ids its refusals can carry, whether passed to
// harbor.RuleError directly or kept in a table first.
func engineRuleIDs(t *testing.T, id string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", id, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no source for %s: %v", id, err)
	}
	seen := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && ruleID.MatchString(s) {
					seen[s] = true
				}
			}
			return true
		})
	}
	out := make([]string, 0, len(seen))
	for s := range seen {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// untaught returns the rule ids in used that no topic of ref explains.
func untaught(ref reference, used []string) []string {
	var missing []string
	for _, r := range used {
		if !slices.ContainsFunc(ref.Topics, func(tp topic) bool { return slices.Contains(tp.Rules, r) }) {
			missing = append(missing, r)
		}
	}
	return missing
}

var topicID = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// TestEveryRefusalHasATopic: a refused move's notice links its rule id to
// a topic of the game's rules reference, so every rule id an engine can
// refuse with must be listed by one topic; and every topic can be linked.
func TestEveryRefusalHasATopic(t *testing.T) {
	for _, d := range game.All() {
		id := d.Info().ID
		t.Run(id, func(t *testing.T) {
			if why := screenless(d); why != "" {
				t.Log(why)
				return
			}
			ref := readReference(t, id)
			if ref.Game != id {
				t.Fatalf("the reference names game %q", ref.Game)
			}
			used := engineRuleIDs(t, id)
			if len(used) < 10 {
				t.Fatalf("found only %d rule ids in %s's source: %v", len(used), id, used)
			}
			t.Logf("%d rule ids, %d topics, %d move lines", len(used), len(ref.Topics), len(ref.Moves))
			if missing := untaught(ref, used); len(missing) > 0 {
				t.Errorf("rule ids %s refuses with that no topic of web/src/content/%s/reference.json lists: %v", id, id, missing)
			}
			ids := map[string]bool{}
			for _, tp := range ref.Topics {
				if !topicID.MatchString(tp.ID) || ids[tp.ID] || tp.Title == "" || len(tp.Body) == 0 {
					t.Errorf("topic %q: ids must be unique lowercase words joined by '-', with a title and a body", tp.ID)
				}
				ids[tp.ID] = true
			}
		})
	}
	t.Run("a rule id no topic lists is reported", func(t *testing.T) {
		ref := readReference(t, "holdings")
		if got := untaught(ref, []string{"HH-25", "HH-999"}); !slices.Equal(got, []string{"HH-999"}) {
			t.Fatalf("untaught = %v, want [HH-999]", got)
		}
	})
}

// TestEveryMoveTypeHasALine: the line beside a legal-move button comes from
// the reference's moves, keyed by move type; random games of every game
// must meet no move type without one.
func TestEveryMoveTypeHasALine(t *testing.T) {
	for _, d := range game.All() {
		info := d.Info()
		t.Run(info.ID, func(t *testing.T) {
			if why := screenless(d); why != "" {
				t.Log(why)
				return
			}
			ref := readReference(t, info.ID)
			missing := map[string]bool{}
			for seed := uint64(1); seed <= 3; seed++ {
				for typ := range legalMoveTypes(t, d, info.MaxPlayers, seed) {
					if ref.Moves[typ] == "" {
						missing[typ] = true
					}
				}
			}
			if len(missing) > 0 {
				t.Errorf("move types with no line in the reference's moves: %v", missing)
			}
		})
	}
}

// legalMoveTypes plays one random game and returns every move type Legal offered.
func legalMoveTypes(t *testing.T, d game.Definition, n int, seed uint64) map[string]bool {
	t.Helper()
	g, err := d.New(game.Config{Players: make([]game.Player, n), Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRand(seed)
	types := map[string]bool{}
	for step := 0; !g.Result().Over && step < 20000; step++ {
		actors := g.Actors()
		seat := actors.Nth(rng.Intn(actors.Len()))
		legal := g.Legal(seat)
		for _, m := range legal {
			types[typeOf(t, "move", m)] = true
		}
		move, _ := json.Marshal(legal[rng.Intn(len(legal))])
		if err := g.Apply(seat, move, nil); err != nil {
			t.Fatalf("a legal move was refused: %v", err)
		}
	}
	return types
}

// optionMark is how a text of the rules help names a table's option value:
// {key|default}, shown as the table's value or else the default.
var optionMark = regexp.MustCompile(`\{([A-Za-z]+)\|([^{}|]*)\}`)

// TestOptionMarksNameTheGamesOptions: every option mark in a game's rules
// help names one of the game's options with the default the engine uses,
// so a table without the option reads what it plays.
func TestOptionMarksNameTheGamesOptions(t *testing.T) {
	for _, d := range game.All() {
		id := d.Info().ID
		if why := screenless(d); why != "" {
			t.Log(why)
			continue
		}
		b, err := os.ReadFile(filepath.Join("..", "..", "web", "src", "content", id, "reference.json"))
		if err != nil {
			t.Fatalf("the rules reference of %s: %v", id, err)
		}
		defaults := map[string]string{}
		for _, o := range d.Info().Options {
			defaults[o.Key] = strings.Trim(string(must(json.Marshal(o.Default))), `"`)
		}
		for _, m := range optionMark.FindAllStringSubmatch(string(b), -1) {
			want, ok := defaults[m[1]]
			if !ok {
				t.Errorf("%s's rules help names %s, which is not one of its options", id, m[0])
			} else if m[2] != want {
				t.Errorf("%s's rules help gives %s the default %q; the game's is %q", id, m[1], m[2], want)
			}
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
