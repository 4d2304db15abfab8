package server_test

import (
	"testing"

	"harbor"
	"harbor/game"
	_ "harbor/games/harborfall"
	_ "harbor/games/holdings"
	"harbor/server"
	"harbor/table"
)

// TestComputerLevelsOverTheWire: the host picks a level per computer seat
// (and changes it), the lobby and the TV show it, and a game with one level
// refuses the others.
func TestComputerLevelsOverTheWire(t *testing.T) {
	e := newEnv(t, server.Limits{})
	host, bo := e.person("Ana"), e.person("Bo")
	var games []game.Info
	if err := host.call("GET", "/api/games", nil, &games); err != nil {
		t.Fatal(err)
	}
	levels := map[string][]game.Level{}
	for _, g := range games {
		levels[g.ID] = g.Levels
	}
	if got := levels["harborfall"]; len(got) != 3 || got[0] != game.LevelEasy || got[2] != game.LevelHard {
		t.Fatalf("Harborfall offers levels %v", got)
	}
	if got := levels["holdings"]; len(got) != 1 || got[0] != game.LevelNormal {
		t.Fatalf("Harbor Holdings offers levels %v", got)
	}

	lobby := host.must("POST", "/api/tables", map[string]any{"game": "harborfall", "name": "Ana"})
	bots := "/api/tables/" + lobby.ID + "/bots"
	bo.must("POST", "/api/join", map[string]any{"invite": lobby.Invite, "name": "Bo"})
	for _, step := range []struct {
		name  string
		who   *person
		body  map[string]any
		code  string
		seat  int
		level game.Level
	}{
		{"a computer player is normal unless asked", host, map[string]any{"seat": 2}, "", 2, game.LevelNormal},
		{"the host adds a hard one", host, map[string]any{"seat": 3, "level": "hard"}, "", 3, game.LevelHard},
		{"and makes it easy", host, map[string]any{"seat": 3, "level": "easy"}, "", 3, game.LevelEasy},
		{"a guest cannot change it", bo, map[string]any{"seat": 3, "level": "hard"}, harbor.EForbidden, 3, game.LevelEasy},
		{"no such level", host, map[string]any{"seat": 3, "level": "clever"}, harbor.EInvalid, 3, game.LevelEasy},
		{"a person's seat takes no level", host, map[string]any{"seat": 1, "level": "hard"}, harbor.EConflict, 2, game.LevelNormal},
	} {
		t.Run(step.name, func(t *testing.T) {
			if err := step.who.call("POST", bots, step.body, nil); code(err) != step.code {
				t.Fatalf("got %v, want code %q", err, step.code)
			}
			l := host.must("GET", "/api/tables/"+lobby.ID, nil)
			if s := l.Seats[step.seat]; s.Level != step.level {
				t.Fatalf("seat %d: %+v, want level %s", step.seat, s, step.level)
			}
		})
	}
	var tv table.LobbyView
	if err := host.call("GET", "/api/tv/"+lobby.TV, nil, &tv); err != nil {
		t.Fatal(err)
	}
	if tv.Seats[2].Level != game.LevelNormal || tv.Seats[3].Level != game.LevelEasy || tv.Seats[0].Level != "" {
		t.Fatalf("the TV shows seats %+v", tv.Seats)
	}

	holdings := host.must("POST", "/api/tables", map[string]any{"game": "holdings", "name": "Ana"})
	if err := host.call("POST", "/api/tables/"+holdings.ID+"/bots", map[string]any{"level": "hard"}, nil); code(err) != harbor.EInvalid {
		t.Fatalf("a hard Holdings player: %v", err)
	}
	if l := host.must("POST", "/api/tables/"+holdings.ID+"/bots", map[string]any{"level": "normal"}); l.Seats[1].Level != game.LevelNormal {
		t.Fatalf("Holdings seats %+v", l.Seats)
	}
}
