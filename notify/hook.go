package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/netip"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"

	"harbor"
	"harbor/locale"
	"harbor/netguard"
	"harbor/people"
	"harbor/table"
)

// A table's chat room: the host may give an incoming-webhook URL of a
// Discord, Slack or Matrix (hookshot) room, and each turn notice of the
// table is posted there too, once, in that service's own format, from the
// same outbox, through the same guarded client, under a limit of the
// table's own.

// The services a room may be on.
const (
	Discord = "discord"
	Slack   = "slack"
	Matrix  = "matrix"
)

// RoomChannel is the name of a table's chat room among a Queued's Sent.
const RoomChannel = "room"

// MaxHookURL is the longest webhook URL taken, in characters; the services
// give a few hundred at most.
const MaxHookURL = 1000

// Hook is a table's chat room: its service and incoming-webhook URL. The
// URL is a credential (whoever holds it can post to the room): it is
// only ever read by the sender.
type Hook struct {
	Table   string
	Service string
	URL     string
	SetBy   string // the host's Key
	Created time.Time
}

// HookView is what the host is shown of their table's room: the service
// and the webhook's host, never the URL.
type HookView struct {
	Service string `json:"service,omitempty"`
	Host    string `json:"host,omitempty"`
}

// View returns h masked.
func (h Hook) View() HookView {
	u, err := url.Parse(h.URL)
	if err != nil {
		return HookView{Service: h.Service}
	}
	return HookView{Service: h.Service, Host: u.Host}
}

// The paths the services give their webhooks. Discord's and Slack's are
// also bound to the services' own hosts (hookHosts), Matrix's hookshot
// bridge runs on any host.
var (
	discordPath = regexp.MustCompile(`^/api/(v\d+/)?webhooks/\d+/[A-Za-z0-9_-]+$`)
	slackPath   = regexp.MustCompile(`^/services/[A-Za-z0-9]+/[A-Za-z0-9]+/[A-Za-z0-9]+$`)
	matrixPath  = regexp.MustCompile(`^(/[^/]+)*/webhook/(v2/)?[A-Za-z0-9_=-]+$`)
	hookHosts   = map[string][]string{
		Discord: {"discord.com", "discordapp.com", "canary.discord.com", "ptb.discord.com"},
		Slack:   {"hooks.slack.com"},
	}
	hookNames = map[string]string{Discord: "Discord", Slack: "Slack", Matrix: "Matrix"}
)

// CheckHook checks that raw is an incoming-webhook URL of service and that
// the notifier may dial its host: https, the path the service gives its
// webhooks, and for Discord and Slack their own host, unless every address
// of the host is on a prefix the operator let through (Config.Allowed:
// their own relay, or a test's loopback server), where the path alone is
// checked. The host is resolved now and each address checked by the same
// guard as push endpoints.
func (n *Notifier) CheckHook(ctx context.Context, service, raw string) error {
	name, ok := hookNames[service]
	if !ok {
		return harbor.Errorf(harbor.EInvalid, "choose the chat service: discord, slack or matrix").With(harbor.M("api.hookService"))
	}
	if raw == "" {
		return harbor.Errorf(harbor.EInvalid, "paste the room's webhook URL").With(harbor.M("api.hookMissing"))
	}
	if len(raw) > MaxHookURL {
		return harbor.Errorf(harbor.EInvalid, "a webhook URL is at most %d characters", MaxHookURL).With(harbor.M("api.hookTooLong", "n", MaxHookURL))
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "https" || u.Hostname() == "" || u.User != nil || u.Fragment != "" || u.Opaque != "" {
		return harbor.Errorf(harbor.EInvalid, "a webhook URL must be an https address").With(harbor.M("api.hookHTTPS"))
	}
	shape := map[string]*regexp.Regexp{Discord: discordPath, Slack: slackPath, Matrix: matrixPath}[service]
	if !shape.MatchString(u.EscapedPath()) {
		return harbor.Errorf(harbor.EInvalid, "this is not a %s webhook URL: %s", name, hookShapes[service]).With(harbor.M("api.hookShape", "service", name))
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	addrs, err := netguard.Resolve(ctx, n.cfg.Resolver, u.Hostname())
	if err != nil {
		return harbor.Errorf(harbor.EInvalid, "the webhook's host %s does not resolve", u.Hostname()).With(harbor.M("api.hookNoHost", "host", u.Hostname()))
	}
	guard := n.cfg.Guard
	if guard == nil {
		guard = netguard.Check
	}
	for _, a := range addrs {
		if err := guard(a); err != nil {
			return harbor.Errorf(harbor.EInvalid, "the webhook's host %s has %s", u.Hostname(), err).With(harbor.M("api.hookRefusedHost", "host", u.Hostname()))
		}
	}
	if hosts, bound := hookHosts[service]; bound && !slices.Contains(hosts, strings.ToLower(u.Hostname())) && !n.allowedAll(addrs) {
		return harbor.Errorf(harbor.EInvalid, "this is not a %s webhook URL: %s", name, hookShapes[service]).With(harbor.M("api.hookShape", "service", name))
	}
	return nil
}

// hookShapes tell the host what a service's webhook URL looks like.
var hookShapes = map[string]string{
	Discord: "it looks like https://discord.com/api/webhooks/<id>/<token>",
	Slack:   "it looks like https://hooks.slack.com/services/<T…>/<B…>/<secret>",
	Matrix:  "it is the hookshot bridge's generic webhook, https://<host>/webhook/<id>",
}

// allowedAll reports whether every one of addrs is on a prefix of
// Config.Allowed.
func (n *Notifier) allowedAll(addrs []netip.Addr) bool {
	if len(n.cfg.Allowed) == 0 {
		return false
	}
	for _, a := range addrs {
		bare := a.WithZone("").Unmap()
		if !slices.ContainsFunc(n.cfg.Allowed, func(p netip.Prefix) bool { return p.Contains(bare) }) {
			return false
		}
	}
	return true
}

// SetHook checks the room of h and stores it as its table's one room.
func (n *Notifier) SetHook(ctx context.Context, h Hook) error {
	if err := n.CheckHook(ctx, h.Service, h.URL); err != nil {
		return err
	}
	return n.cfg.Store.SaveHook(ctx, h)
}

// roomBucket is the bucket of posts to table's room.
func (n *Notifier) roomBucket(tableID string) people.Bucket {
	return people.Bucket{Key: "room:" + tableID, Rate: float64(n.cfg.MaxSends) / n.cfg.Window.Seconds(), Burst: float64(n.cfg.MaxSends)}
}

// attemptRoom posts q's turn to its table's room, if the table has one, q
// is a turn's notice (a reminder is for the person alone) and the room
// has not had it yet. Quiet hours are the person's and do not hold it
// back; the table's limit does.
func (n *Notifier) attemptRoom(ctx context.Context, q *Queued, now time.Time) step {
	if q.Turn.Reminder || slices.Contains(q.Sent, RoomChannel) {
		return step{done: true}
	}
	h, ok, err := n.cfg.Store.Hook(ctx, q.Turn.Table)
	if err != nil {
		return step{err: err}
	}
	if !ok {
		return step{done: true}
	}
	b := n.roomBucket(q.Turn.Table)
	if ok, err := n.cfg.Limits.Spend(ctx, b, false, now); err != nil {
		return step{err: err}
	} else if !ok {
		return step{wait: now.Add(time.Duration(float64(time.Second) / b.Rate))}
	}
	host, err := n.cfg.Store.Person(ctx, h.SetBy)
	if err != nil {
		return step{err: err}
	}
	body, err := RoomMessage(h.Service, q.Turn, now, n.cfg.PublicURL, host.Lang)
	if err != nil {
		return step{done: true, err: err}
	}
	pctx, cancel := context.WithTimeout(ctx, n.cfg.PushTimeout)
	defer cancel()
	err = n.post(pctx, h, body)
	var gone *refusedForGood
	switch {
	case err == nil:
		q.Sent = append(q.Sent, RoomChannel)
		if _, err := n.cfg.Limits.Spend(ctx, b, true, now); err != nil {
			n.cfg.Log.Warn("count a room post", "table", q.Turn.Table, "err", err)
		}
		return step{done: true}
	case errors.As(err, &gone):
		return step{done: true, err: err}
	}
	return step{err: err}
}

// refusedForGood is a room's answer that trying again will not change.
type refusedForGood struct{ error }

// post sends body to h's webhook. Its errors name the service and host,
// never the URL, which is a credential and would end up in the log.
func (n *Notifier) post(ctx context.Context, h Hook, body []byte) error {
	where := h.Service + " room at " + h.View().Host
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.URL, bytes.NewReader(body))
	if err != nil {
		return &refusedForGood{fmt.Errorf("post to the %s: the stored URL does not parse", where)}
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := n.cfg.HTTPClient.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return fmt.Errorf("post to the %s: %w", where, err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
	c := resp.StatusCode
	switch {
	case c < 300:
		return nil
	case c == http.StatusTooManyRequests || c >= 500 || c == http.StatusRequestTimeout:
		return fmt.Errorf("post to the %s: status %d", where, c)
	}
	return &refusedForGood{fmt.Errorf("post to the %s: status %d", where, c)}
}

// RoomMessage returns the body a room on service is posted for t as of
// now, in lang (the language of the host who set the room, as a room has
// no one reader): whose turn it is at which game and table, until when
// (told in UTC, as a room has no one time zone), and the table's link when
// base (the server's public URL) is known. Names are escaped so that a
// player's name can neither mention anyone nor format the message.
func RoomMessage(service string, t table.Turn, now time.Time, base, lang string) ([]byte, error) {
	link := ""
	if base != "" {
		link = strings.TrimSuffix(base, "/") + "/t/" + url.PathEscape(t.Table)
	}
	w := locale.In(lang)
	open := w.Say("openTable", nil)
	words := func(esc func(string) string) string {
		others := make([]string, len(t.Others))
		for i, o := range t.Others {
			others[i] = esc(o)
		}
		names := locale.Vars{"Name": esc(t.Name), "Game": t.GameName, "Others": w.List(others)}
		s := w.Say("roomTurn", names)
		if len(t.Others) > 0 {
			s = w.Say("roomTurnWith", names)
		}
		if t.Held {
			s += " " + w.Say("roomHeld", nil)
		} else if !t.Due.IsZero() {
			s += " " + w.Say("roomDue", locale.Vars{"When": w.When(t.Due, time.UTC), "Left": leftWords(w, t.Due.Sub(now))})
		}
		return s
	}
	var msg any
	switch service {
	case Discord:
		text := words(discordEscape)
		if link != "" {
			text += "\n" + open + ": <" + link + ">"
		}
		msg = map[string]any{"content": text, "allowed_mentions": map[string]any{"parse": []string{}}}
	case Slack:
		text := words(slackEscape)
		if link != "" {
			text += "\n<" + strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "|", "%7C").Replace(link) + "|" + slackEscape(open) + ">"
		}
		msg = map[string]string{"text": text}
	case Matrix:
		text, h := words(matrixText), words(html.EscapeString)
		if link != "" {
			text += "\n" + open + ": " + link
			h += `<br><a href="` + html.EscapeString(link) + `">` + html.EscapeString(open) + `</a>`
		}
		msg = map[string]string{"text": text, "html": h}
	default:
		return nil, fmt.Errorf("notify: no chat service %q", service)
	}
	return json.Marshal(msg)
}

// noMention breaks each @ of a name with a zero-width space, so that
// "@everyone" or "@room" in a name is only words.
func noMention(s string) string { return strings.ReplaceAll(s, "@", "@\u200b") }

// discordEscape escapes Discord's markdown and breaks mentions (which
// allowed_mentions also keeps from pinging anyone).
func discordEscape(s string) string {
	var b strings.Builder
	for _, r := range noMention(s) {
		if strings.ContainsRune("\\*_~`|>#-[]()<:", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// slackEscape escapes the three characters Slack reads as markup (so no
// <!channel> or <@U…> mention and no link), and puts a zero-width space
// before each of its formatting marks, which then no longer pair up.
func slackEscape(s string) string {
	s = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(noMention(s))
	return strings.NewReplacer("*", "\u200b*", "_", "\u200b_", "~", "\u200b~", "`", "\u200b`").Replace(s)
}

// matrixText is a name in the plain body of a Matrix message, which
// clients match mentions (@room) against.
func matrixText(s string) string { return noMention(s) }

// step is where one part of a notice (the person's channels, the table's
// room) stands after an attempt: done with, to wait until wait, or failed
// with err (done with, too, when it was refused for good).
type step struct {
	done bool
	wait time.Time
	err  error
}
