package notify_test

import (
	"encoding/json"
	"mime"
	"strings"
	"testing"
	"time"

	"harbor/notify"
	"harbor/notify/notifytest"
	"harbor/people"
	"harbor/table"
)

// TestMailInRecipientsLanguage: through a real SMTP server, a person who
// reads Harbor in German gets their confirmation and turn mails in
// German, one who reads it in Spanish in Spanish, with dates and the
// unsubscribe words of their language.
func TestMailInRecipientsLanguage(t *testing.T) {
	store := newStore(t)
	box := notifytest.NewSMTP(t)
	n := newNotifier(t, notify.Config{Store: store, Limits: store, Mail: &notify.MailConfig{URL: "smtp://" + box.Addr, From: "Harbor <harbor@example.org>", Base: "http://harbor.test/"}})
	due := time.Now().Add(30 * time.Hour).Truncate(time.Hour)
	for i, c := range []struct {
		lang, name, confirm, subject, body, when, stop string
	}{
		{"de", "Dora", "Zugbenachrichtigungen von Harbor bestätigen", "Du bist dran: Neko Harbour", "Dora, du bist am Zug, am Tisch mit Bo und Cy.",
			due.In(time.UTC).Format("2.") + " ", "Um keine Mails von Harbor mehr an diese Adresse zu bekommen, öffne:"},
		{"es", "Elena", "Confirma los avisos de turno de Harbor", "Te toca: Neko Harbour", "Elena, te toca jugar en la mesa con Bo y Cy.",
			" de " + map[time.Month]string{1: "enero", 2: "febrero", 3: "marzo", 4: "abril", 5: "mayo", 6: "junio", 7: "julio", 8: "agosto", 9: "septiembre", 10: "octubre", 11: "noviembre", 12: "diciembre"}[due.In(time.UTC).Month()] + " a las ",
			"Para no recibir más correos de Harbor en esta dirección, abre:"},
	} {
		key := table.KeyOf(c.name)
		p := people.Person{Key: key, Mail: c.name + "@example.org", MailToken: "tok-" + c.lang, Zone: "UTC"}
		if err := store.SavePerson(ctx, p); err != nil {
			t.Fatal(err)
		}
		if err := store.SetLang(ctx, key, c.lang); err != nil {
			t.Fatal(err)
		}
		p, _ = store.Person(ctx, key)
		if err := n.SendConfirmation(ctx, p, "192.0.2.1"); err != nil {
			t.Fatal(err)
		}
		m := box.Wait(t, 2*i+1)
		if subject(t, m) != c.confirm || !strings.Contains(m.Body, c.stop) || m.Msg.Header.Get("Content-Language") != c.lang {
			t.Errorf("%s confirmation %q (Content-Language %q): %s", c.lang, subject(t, m), m.Msg.Header.Get("Content-Language"), m.Body)
		}
		p.Confirmed = true
		if err := store.SavePerson(ctx, p); err != nil {
			t.Fatal(err)
		}
		tn := turn
		tn.Person, tn.Name, tn.Due, tn.Rule = key, c.name, due, table.RuleSkip
		if err := n.Deliver(ctx, tn); err != nil {
			t.Fatal(err)
		}
		m = box.Wait(t, 2*i+2)
		if m.To[0] != p.Mail || subject(t, m) != c.subject || !strings.Contains(m.Body, c.body) || !strings.Contains(m.Body, c.when) ||
			!strings.Contains(m.Body, c.stop) || m.Links()[0] != "http://harbor.test/t/t123" {
			t.Errorf("%s turn mail to %v %q: %s", c.lang, m.To, subject(t, m), m.Body)
		}
	}
}

// subject is a mail's Subject, decoded.
func subject(t *testing.T, m notifytest.Mail) string {
	t.Helper()
	s, err := new(mime.WordDecoder).DecodeHeader(m.Msg.Header.Get("Subject"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestNoticeInLanguages: a push notice is worded in the person's
// language, its deadline in their words and time zone, its counts in the
// plural form of their language.
func TestNoticeInLanguages(t *testing.T) {
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 12, 5, 8, 40, 0, 0, time.UTC)
	r := turn
	r.Due, r.Rule, r.Missed = now.Add(24*time.Hour), table.RuleComputer, 2
	for _, c := range []struct{ lang, title, body string }{
		{"de", "Du bist dran: Neko Harbour", "Ana, du bist am Zug, am Tisch mit Bo und Cy. Der Computer hat deine letzten 2 Züge gespielt. " +
			"Du hast Zeit bis Sonntag, 6. Dezember, 09:40 Uhr (CET), also noch etwa 24 Stunden. " +
			"Ziehst du bis dahin nicht, spielt der Computer diesen Zug für dich, und dann wartet der Tisch auf dich."},
		{"es", "Te toca: Neko Harbour", "Ana, te toca jugar en la mesa con Bo y Cy. El ordenador jugó tus últimos 2 turnos. " +
			"Tienes hasta el domingo 6 de diciembre a las 09:40 (CET), aproximadamente 24 horas a partir de ahora. " +
			"Si no has jugado para entonces, el ordenador juega este turno por ti y luego la mesa te espera."},
		{"fr", "Your turn: Neko Harbour", "Ana, it is your turn at the table with Bo and Cy. The computer played your last 2 turns. " +
			"You have until 09:40 CET on Sunday, December 6, about 24 hours from now. " +
			"If you have not moved by then, the computer plays this turn for you and the table then waits for you."},
	} {
		got := notify.NoticeOf(r, now, berlin, c.lang)
		if got.Title != c.title || got.Body != c.body {
			t.Errorf("%s:\n got %q %q\nwant %q %q", c.lang, got.Title, got.Body, c.title, c.body)
		}
	}
	one := turn
	one.Missed = 1
	if got := notify.NoticeOf(one, now, berlin, "de").Body; !strings.HasSuffix(got, " Der Computer hat deinen letzten Zug gespielt.") {
		t.Errorf("one missed turn in German: %q", got)
	}
}

// TestRoomInHostsLanguage: a table's chat room is posted in the language
// of the host who set it.
func TestRoomInHostsLanguage(t *testing.T) {
	store, r, _, o := roomOutbox(t, 5)
	if err := store.SetLang(ctx, "host", "es"); err != nil {
		t.Fatal(err)
	}
	o.n.Turn(turnAt("t123", 4))
	if q := o.next(t); !q.Done {
		t.Fatalf("notice %+v", q)
	}
	var got struct {
		Content string `json:"content"`
	}
	if err := json.Unmarshal(r.Posts()[0], &got); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(got.Content, "Le toca a Ana en Neko Harbour, con Bo y Cy.") || !strings.HasSuffix(got.Content, "\nAbrir la mesa: <https://harbor.example/t/t123>") {
		t.Fatalf("post %q", got.Content)
	}
}
