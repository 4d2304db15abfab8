package table

import (
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"harbor"
	"harbor/game"
)

// Room is the people's side of a table, around the game itself: how long
// the game waits for someone who lost their connection, the seats the host
// handed to a computer player, the chat, and the table "play again" opened.
type Room struct {
	// AwaySeconds is how long the game waits on a disconnected person before
	// a computer player stands in for them (until they are back); 0 never.
	AwaySeconds int `json:"awaySeconds,omitempty"`
	// Handed are the seats given to a computer player during play, by the
	// host or their own person (Seat.HandedBy); they stay with it until one
	// of them takes them back.
	Handed  game.SeatSet `json:"handed,omitempty"`
	ChatOff bool         `json:"chatOff,omitempty"`
	Chat    []ChatLine   `json:"chat,omitempty"` // the last ChatKeep lines
	Next    string       `json:"next,omitempty"` // id of the table "play again" opened
	NextTV  string       `json:"nextTV,omitempty"`
	// Hints are the seats that asked what the computer would do, each with
	// the version it asked at (once a seat and version), so the log says so
	// after a reload and in the finished game's log as it did live.
	Hints []HintNote `json:"hints,omitempty"`
}

// HintNote is one seat's question "what would the computer do?" at a
// version of the game.
type HintNote struct {
	V    int       `json:"v"`
	Seat game.Seat `json:"seat"`
}

// MaxHintNotes bounds the hint notes a table keeps: the oldest go first.
const MaxHintNotes = 2000

// ChatLine is one chat message or reaction.
type ChatLine struct {
	N      int       `json:"n"`      // numbers the lines of a table from 1
	Player string    `json:"player"` // public id of who said it
	Name   string    `json:"name"`
	Seat   game.Seat `json:"seat"` // -1: a spectator
	Text   string    `json:"text,omitempty"`
	Emoji  string    `json:"emoji,omitempty"`
	At     time.Time `json:"at"`
}

// Chat limits.
const (
	DefaultAwaySeconds = 60
	MaxChatLen         = 200 // characters of one message
	ChatKeep           = 200 // lines kept with the table
	chatBurst          = 5   // messages one person may send at once
	chatEvery          = 3 * time.Second
)

// Reactions are the emoji a person may send as a reaction.
var Reactions = []string{"👍", "😂", "😮", "🎉", "😬", "👏", "🙈", "❤️"}

// HandSeat gives seat to a computer player during play (computer true) or
// gives it back to its person. The person of the seat may do it for their
// own seat, the host for any seat; the seat remembers who handed it over,
// so everyone can be told. EForbidden for anyone else.
func (t *Table) HandSeat(key string, seat int, computer bool) error {
	if t.Status != Playing {
		return harbor.Errorf(harbor.EConflict, "seats are handed over during play").With(harbor.M("api.handDuringPlay"))
	}
	s, err := t.seat(seat)
	if err != nil {
		return err
	}
	if key == "" || (key != t.Host && !(s.Kind == Human && s.Key == key)) {
		return harbor.Errorf(harbor.EForbidden, "only the host, or the person in that seat, can hand it to a computer player").With(harbor.M("api.handWho"))
	}
	if s.Kind != Human {
		return harbor.Errorf(harbor.EConflict, "seat %d has no person to stand in for", seat+1).With(harbor.M("api.handNobody", "n", seat+1))
	}
	if computer {
		t.Room.Handed = t.Room.Handed.With(game.Seat(seat))
		s.HandedBy = key
	} else {
		t.Room.Handed = t.Room.Handed.Without(game.Seat(seat))
		s.HandedBy = ""
	}
	return nil
}

// MaxAwaySeconds bounds the wait for a disconnected person.
const MaxAwaySeconds = 3600

// SetRoom lets the host change the wait for a disconnected person (nil
// keeps it) and switch the chat on or off (nil keeps it), at any time
// before the game is over.
func (t *Table) SetRoom(key string, awaySeconds *int, chat *bool) error {
	if err := t.isHost(key); err != nil {
		return err
	}
	if t.Status == Finished {
		return harbor.Errorf(harbor.EConflict, "the game is over").With(harbor.M("api.over"))
	}
	if awaySeconds != nil {
		if *awaySeconds < 0 || *awaySeconds > MaxAwaySeconds {
			return harbor.Errorf(harbor.EInvalid, "the wait for a disconnected player is 0 (never) to %d seconds", MaxAwaySeconds).With(harbor.M("api.awayRange", "max", MaxAwaySeconds))
		}
		t.Room.AwaySeconds = *awaySeconds
	}
	if chat != nil {
		t.Room.ChatOff = !*chat
	}
	return nil
}

// Say adds what the member with key said (text, or one of the Reactions as
// emoji) to the chat and returns the line.
func (t *Table) Say(key, text, emoji string, now time.Time) (ChatLine, error) {
	m, err := t.member(key)
	if err != nil {
		return ChatLine{}, err
	}
	if t.Room.ChatOff {
		return ChatLine{}, harbor.Errorf(harbor.EForbidden, "the host turned the chat off").With(harbor.M("chat.off"))
	}
	text = strings.TrimSpace(text)
	switch {
	case (text == "") == (emoji == ""):
		return ChatLine{}, harbor.Errorf(harbor.EInvalid, "send either a message or a reaction").With(harbor.M("api.chatEither"))
	case emoji != "" && !slices.Contains(Reactions, emoji):
		return ChatLine{}, harbor.Errorf(harbor.EInvalid, "that is not one of the reactions").With(harbor.M("api.noSuchReaction"))
	case !utf8.ValidString(text) || utf8.RuneCountInString(text) > MaxChatLen:
		return ChatLine{}, harbor.Errorf(harbor.ETooLarge, "a message is at most %d characters", MaxChatLen).With(harbor.M("api.chatTooLong", "n", MaxChatLen))
	}
	for _, r := range text {
		if unicode.IsControl(r) {
			return ChatLine{}, harbor.Errorf(harbor.EInvalid, "a message cannot contain control characters").With(harbor.M("api.chatControl"))
		}
	}
	n := 1
	if k := len(t.Room.Chat); k > 0 {
		n = t.Room.Chat[k-1].N + 1
	}
	line := ChatLine{N: n, Player: PublicID(key), Name: t.Members[m].Name, Seat: t.SeatOf(key), Text: text, Emoji: emoji, At: now}
	t.Room.Chat = append(t.Room.Chat, line)
	if over := len(t.Room.Chat) - ChatKeep; over > 0 {
		t.Room.Chat = slices.Delete(t.Room.Chat, 0, over)
	}
	return line, nil
}

// chatAllowance is one person's token bucket for chat lines.
type chatAllowance struct {
	tokens float64
	last   time.Time
}

// take spends a token if one is left at now.
func (a *chatAllowance) take(now time.Time) bool {
	if a.last.IsZero() {
		a.tokens = chatBurst
	} else {
		a.tokens = min(chatBurst, a.tokens+now.Sub(a.last).Seconds()/chatEvery.Seconds())
	}
	a.last = now
	if a.tokens < 1 {
		return false
	}
	a.tokens--
	return true
}
