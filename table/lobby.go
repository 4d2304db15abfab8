package table

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"harbor"
	"harbor/game"
)

// The lobby operations below check who asks and what the table allows, and
// change t only when they succeed. The runner applies them to a clone, stores
// the clone, and only then makes it the live table.

// MaxNameLen is the longest display name, in characters.
const MaxNameLen = 24

// CleanName trims name and checks it is a usable display name.
func CleanName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", harbor.Errorf(harbor.EInvalid, "choose a name to show at the table").With(harbor.M("api.nameMissing"))
	}
	if utf8.RuneCountInString(name) > MaxNameLen || !utf8.ValidString(name) {
		return "", harbor.Errorf(harbor.EInvalid, "a name is at most %d characters", MaxNameLen).With(harbor.M("api.nameTooLong", "n", MaxNameLen))
	}
	for _, r := range name {
		if unicode.IsControl(r) {
			return "", harbor.Errorf(harbor.EInvalid, "a name cannot contain control characters").With(harbor.M("api.nameControl"))
		}
	}
	return name, nil
}

// PublicID is the id under which other people see the member with key: a
// prefix of the key, which is itself a hash, so it reveals no token.
func PublicID(key string) string {
	if len(key) > 12 {
		return key[:12]
	}
	return key
}

func (t *Table) isHost(key string) error {
	if key == "" || key != t.Host {
		return harbor.Errorf(harbor.EForbidden, "only the host can do that").With(harbor.M("api.hostOnly"))
	}
	return nil
}

func (t *Table) inLobby() error {
	if t.Status != Lobby {
		return harbor.Errorf(harbor.EConflict, "the game has already started").With(harbor.M("api.started"))
	}
	return nil
}

func (t *Table) member(key string) (int, error) {
	i := t.Member(key)
	if i < 0 {
		return -1, harbor.Errorf(harbor.EForbidden, "join the table first").With(harbor.M("api.joinFirst"))
	}
	return i, nil
}

func (t *Table) seat(i int) (*Seat, error) {
	if i < 0 || i >= len(t.Seats) {
		return nil, harbor.Errorf(harbor.EInvalid, "there is no seat %d", i).With(harbor.M("api.noSeat", "n", i+1))
	}
	return &t.Seats[i], nil
}

func (t *Table) freeColor() string {
	for _, c := range Colors {
		if !t.colorTaken(c, -1) {
			return c
		}
	}
	return ""
}

func (t *Table) colorTaken(c string, except int) bool {
	for i, s := range t.Seats {
		if i != except && s.Kind != Empty && s.Color == c {
			return true
		}
	}
	return false
}

// Join adds the person with key to the table under name, or renames them if
// they are already a member. In the lobby a new member takes the first free
// seat, if there is one; after the start they watch as a spectator.
func (t *Table) Join(key, name string) error {
	name, err := CleanName(name)
	if err != nil {
		return err
	}
	if slices.Contains(t.Banned, key) {
		return harbor.Errorf(harbor.EForbidden, "the host removed you from this table").With(harbor.M("api.removed"))
	}
	if i := t.Member(key); i >= 0 {
		t.Members[i].Name = name
		if s := t.SeatOf(key); s >= 0 {
			t.Seats[s].Name = name
		}
		return nil
	}
	if len(t.Members) >= MaxMembers {
		return harbor.Errorf(harbor.EConflict, "this table is full of people").With(harbor.M("api.tableFull", "n", MaxMembers))
	}
	t.Members = append(t.Members, Member{Key: key, Name: name})
	if t.Status != Lobby {
		return nil
	}
	for i := range t.Seats {
		if t.Seats[i].Kind == Empty {
			t.Seats[i] = Seat{Kind: Human, Key: key, Name: name, Color: t.freeColor()}
			break
		}
	}
	return nil
}

// MaxMembers bounds the people (players and spectators) of one table.
const MaxMembers = 64

// Sit moves the member with key to seat (or out of every seat when seat is
// -1) with color ("" keeps the current color or takes a free one). Moving
// clears the member's ready mark.
func (t *Table) Sit(key string, seat int, color string) error {
	if err := t.inLobby(); err != nil {
		return err
	}
	m, err := t.member(key)
	if err != nil {
		return err
	}
	if color != "" && !slices.Contains(Colors, color) {
		return harbor.Errorf(harbor.EInvalid, "%q is not one of the colors", color).With(harbor.M("api.noSuchColor"))
	}
	from := t.SeatOf(key)
	if seat == -1 {
		if from >= 0 {
			t.Seats[from] = Seat{}
		}
		return nil
	}
	s, err := t.seat(seat)
	if err != nil {
		return err
	}
	if s.Kind != Empty && !(s.Kind == Human && s.Key == key) {
		return harbor.Errorf(harbor.EConflict, "seat %d is taken", seat).With(harbor.M("api.seatTaken", "n", seat+1))
	}
	explicit := color != ""
	if !explicit && from >= 0 {
		color = t.Seats[from].Color
	}
	if color != "" && t.colorTaken(color, int(from)) {
		if explicit {
			return harbor.Errorf(harbor.EConflict, "someone else plays %s", color).With(harbor.M("api.colorTaken"))
		}
		color = ""
	}
	if from >= 0 {
		t.Seats[from] = Seat{}
	}
	if color == "" {
		color = t.freeColor()
	}
	*s = Seat{Kind: Human, Key: key, Name: t.Members[m].Name, Color: color}
	return nil
}

// SetReady marks the seated member with key ready or not ready.
func (t *Table) SetReady(key string, ready bool) error {
	if err := t.inLobby(); err != nil {
		return err
	}
	if _, err := t.member(key); err != nil {
		return err
	}
	s := t.SeatOf(key)
	if s < 0 {
		return harbor.Errorf(harbor.EConflict, "take a seat first").With(harbor.M("api.sitFirst"))
	}
	t.Seats[s].Ready = ready
	return nil
}

// AddBot lets the host put a computer player in seat (-1: the first free one).
func (t *Table) AddBot(key string, seat int) error {
	if err := t.isHost(key); err != nil {
		return err
	}
	if err := t.inLobby(); err != nil {
		return err
	}
	if seat == -1 {
		seat = slices.IndexFunc(t.Seats, func(s Seat) bool { return s.Kind == Empty })
		if seat < 0 {
			return harbor.Errorf(harbor.EConflict, "every seat is taken").With(harbor.M("api.seatsFull"))
		}
	}
	s, err := t.seat(seat)
	if err != nil {
		return err
	}
	if s.Kind != Empty {
		return harbor.Errorf(harbor.EConflict, "seat %d is taken", seat).With(harbor.M("api.seatTaken", "n", seat+1))
	}
	*s = Seat{Kind: Bot, Name: fmt.Sprintf("Computer %d", seat+1), Color: t.freeColor(), Ready: true}
	return nil
}

// ClearSeat lets the host empty seat: a computer player leaves, a person
// stands up and stays at the table.
func (t *Table) ClearSeat(key string, seat int) error {
	if err := t.isHost(key); err != nil {
		return err
	}
	if err := t.inLobby(); err != nil {
		return err
	}
	s, err := t.seat(seat)
	if err != nil {
		return err
	}
	*s = Seat{}
	return nil
}

// Kick lets the host remove the member whose public id is player. They may
// not join again. In the lobby their seat empties; during play a computer
// player takes it over for the rest of the game.
func (t *Table) Kick(key, player string) error {
	if err := t.isHost(key); err != nil {
		return err
	}
	if t.Status == Finished {
		return harbor.Errorf(harbor.EConflict, "the game is over").With(harbor.M("api.over"))
	}
	i := slices.IndexFunc(t.Members, func(m Member) bool { return PublicID(m.Key) == player })
	if i < 0 {
		return harbor.Errorf(harbor.ENotFound, "there is no such player at this table").With(harbor.M("api.noSuchPlayer"))
	}
	victim := t.Members[i].Key
	if victim == t.Host {
		return harbor.Errorf(harbor.EConflict, "the host cannot remove themselves").With(harbor.M("api.hostStays"))
	}
	if s := t.SeatOf(victim); s >= 0 {
		if t.Status == Lobby {
			t.Seats[s] = Seat{}
		} else {
			t.Seats[s].Kind, t.Seats[s].Key = Bot, ""
		}
	}
	t.Members = slices.Delete(t.Members, i, i+1)
	t.Banned = append(t.Banned, victim)
	return nil
}

// SetOptions lets the host change the game's rules options and the turn
// timer. Every ready mark is cleared, since people agreed to other rules.
func (t *Table) SetOptions(key string, def game.Definition, options json.RawMessage, turnSeconds int) error {
	if err := t.isHost(key); err != nil {
		return err
	}
	if err := t.inLobby(); err != nil {
		return err
	}
	if err := CheckOptions(def, options, turnSeconds); err != nil {
		return err
	}
	if turnSeconds > 0 && t.Pace.Own() {
		return harbor.Errorf(harbor.EInvalid, "the turn timer is for live tables: at your own pace each turn has the pace's limit, so send turnSeconds 0").With(harbor.M("api.timerLiveOnly"))
	}
	t.Options, t.TurnSeconds = options, turnSeconds
	t.unready()
	return nil
}

// unready clears every ready mark, after a change people did not agree to.
func (t *Table) unready() {
	for i := range t.Seats {
		if t.Seats[i].Kind == Human {
			t.Seats[i].Ready = false
		}
	}
}

// MaxTurnSeconds bounds the turn timer.
const MaxTurnSeconds = 3600

// CheckOptions reports whether options are valid rules options for def, by
// setting up a game with the fewest players, and whether turnSeconds is in
// range (0 turns the timer off).
func CheckOptions(def game.Definition, options json.RawMessage, turnSeconds int) error {
	if turnSeconds < 0 || turnSeconds > MaxTurnSeconds {
		return harbor.Errorf(harbor.EInvalid, "the turn timer is 0 (off) to %d seconds", MaxTurnSeconds).With(harbor.M("api.timerRange", "max", MaxTurnSeconds))
	}
	info := def.Info()
	cfg := game.Config{Options: options, Players: make([]game.Player, max(info.MinPlayers, 1))}
	for i := range cfg.Players {
		cfg.Players[i].Name = "p"
	}
	_, err := def.New(cfg)
	return err
}

// Start lets the host start the game: the seat count must fit the game and
// every seated person other than the host must be ready (the host starting
// is the host's ready). Empty seats are dropped; members without a seat
// watch. Start returns the new game and the events of its setup (a game
// whose setup already plays, such as a first roll, records them).
func (t *Table) Start(key string, def game.Definition) (game.Game, []game.Event, error) {
	if err := t.isHost(key); err != nil {
		return nil, nil, err
	}
	if err := t.inLobby(); err != nil {
		return nil, nil, err
	}
	seats := make([]Seat, 0, len(t.Seats))
	for i, s := range t.Seats {
		if s.Kind == Empty && t.From != nil {
			// The position to play on from has a player in every seat.
			return nil, nil, harbor.Errorf(harbor.EConflict, "seat %d is empty: this game plays on with all %d seats of the earlier one, so add a computer player there or invite someone to take it",
				i+1, len(t.Seats)).With(harbor.M("api.forkSeatEmpty", "n", i+1, "seats", len(t.Seats)))
		}
		if s.Kind == Empty {
			continue
		}
		if s.Kind == Human && !s.Ready && s.Key != t.Host {
			return nil, nil, harbor.Errorf(harbor.EConflict, "%s is not ready yet", s.Name).With(harbor.M("api.notReady", "name", s.Name))
		}
		seats = append(seats, s)
	}
	info := def.Info()
	if n := len(seats); n < info.MinPlayers || n > info.MaxPlayers {
		return nil, nil, harbor.Errorf(harbor.EConflict, "%s needs %d to %d players; %d seats are filled",
			info.Name, info.MinPlayers, info.MaxPlayers, n).With(harbor.M("api.playerCount", "game", info.Name, "min", info.MinPlayers, "max", info.MaxPlayers, "n", n))
	}
	old := t.Seats
	t.Seats = seats
	var log game.Log
	g, err := def.NewLogged(t.Config(), &log)
	if err != nil {
		t.Seats = old
		if t.From != nil {
			return nil, nil, &setupFailure{
				human: harbor.Errorf(harbor.EInvalid, "the game could not be set up from move %d of the earlier one; open the replay and play on from another moment", len(t.From.Moves)).With(harbor.M("api.forkSetup", "at", len(t.From.Moves))),
				cause: err,
			}
		}
		return nil, nil, err
	}
	t.Status = Playing
	return g, log.Events, nil
}

// setupFailure is a game that could not be set up from the position a
// table plays on from: people read human, the server's log gets cause.
type setupFailure struct {
	human *harbor.Error
	cause error
}

func (e *setupFailure) Error() string { return e.human.Message + ": " + e.cause.Error() }
func (e *setupFailure) Unwrap() error { return e.human }

// New returns a fresh lobby table for def, with fresh codes and seed, hosted
// by the person with hostKey, who takes the first seat.
func New(def game.Definition, hostKey, hostName string, options json.RawMessage, turnSeconds int, now time.Time) (*Table, error) {
	if err := CheckOptions(def, options, turnSeconds); err != nil {
		return nil, err
	}
	info := def.Info()
	t := &Table{
		ID: newID(), Game: info.ID, Options: options, TurnSeconds: turnSeconds,
		Seed: newSeed(), Status: Lobby,
		Invite: newInvite(), Code: newCode(codeLen), TV: newCode(tvLen),
		Host: hostKey, Seats: make([]Seat, min(info.MaxPlayers, game.MaxSeats)),
		Room:    Room{AwaySeconds: DefaultAwaySeconds},
		Created: now, Updated: now,
	}
	if err := t.Join(hostKey, hostName); err != nil {
		return nil, err
	}
	return t, nil
}

// Recode gives t fresh id and codes, after a store refused them as taken.
func (t *Table) Recode() {
	t.ID, t.Invite, t.Code, t.TV = newID(), newInvite(), newCode(codeLen), newCode(tvLen)
}
