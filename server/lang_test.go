package server_test

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	"harbor"
	"harbor/server"
)

// TestLanguageSharedByLinkedDevices: the language a page tells the server
// is the person's, and a device linked to them reads it; another person
// reads none; a language Harbor does not speak is refused.
func TestLanguageSharedByLinkedDevices(t *testing.T) {
	e := newNoticeEnv(t)
	laptop, phone, bo := e.person("Ana"), e.person("Ana's phone"), e.person("Bo")
	var got server.LangSetting
	if err := laptop.call("GET", "/api/lang", nil, &got); err != nil || got.Lang != "" {
		t.Fatalf("before any choice: %+v %v", got, err)
	}
	if err := laptop.call("PUT", "/api/lang", server.LangSetting{Lang: "de"}, &got); err != nil || got.Lang != "de" {
		t.Fatalf("choosing German: %+v %v", got, err)
	}
	for _, bad := range []string{"fr", "pseudo", "DE", "de-AT"} {
		if err := laptop.call("PUT", "/api/lang", server.LangSetting{Lang: bad}, nil); code(err) != harbor.EInvalid {
			t.Errorf("choosing %q: %v", bad, err)
		}
	}
	var link server.LinkCode
	if err := laptop.call("POST", "/api/devices/code", map[string]any{}, &link); err != nil {
		t.Fatal(err)
	}
	if err := phone.call("POST", "/api/devices/link", map[string]string{"code": link.Code}, nil); err != nil {
		t.Fatal(err)
	}
	if err := phone.call("GET", "/api/lang", nil, &got); err != nil || got.Lang != "de" {
		t.Fatalf("the linked phone reads %+v %v, want Ana's German", got, err)
	}
	// A choice on the phone is Ana's: the laptop reads it too.
	if err := phone.call("PUT", "/api/lang", server.LangSetting{Lang: "es"}, nil); err != nil {
		t.Fatal(err)
	}
	if err := laptop.call("GET", "/api/lang", nil, &got); err != nil || got.Lang != "es" {
		t.Fatalf("the laptop after the phone chose Spanish: %+v %v", got, err)
	}
	if err := bo.call("GET", "/api/lang", nil, &got); err != nil || got.Lang != "" {
		t.Fatalf("Bo reads %+v %v", got, err)
	}
}

// TestTVSpeaksHostsLanguage: the lobby a TV gets carries its host's
// language, and a new choice of the host's reaches the TV at once.
func TestTVSpeaksHostsLanguage(t *testing.T) {
	e := newNoticeEnv(t)
	host := e.person("Ana")
	host.must("PUT", "/api/lang", server.LangSetting{Lang: "de"})
	lobby := host.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana"})
	hw := host.mustDial("table=" + lobby.ID)
	if l := lobbyOf(t, hw.next("lobby")); l.HostLang != "de" {
		t.Fatalf("the host's page: hostLang %q", l.HostLang)
	}
	tv := e.person("TV").mustDial("tv=" + lobby.TV)
	if l := lobbyOf(t, tv.next("lobby")); l.HostLang != "de" {
		t.Fatalf("the TV's first lobby: hostLang %q", l.HostLang)
	}
	host.must("PUT", "/api/lang", server.LangSetting{Lang: "es"})
	if l := lobbyOf(t, tv.next("lobby")); l.HostLang != "es" {
		t.Fatalf("the TV after the host chose Spanish: hostLang %q", l.HostLang)
	}
}

// TestMailPagesInLanguage: the pages of a mail's links speak the
// person's language; a link that is no longer valid speaks the one the
// browser asks for; and a confirmation asked for before any choice is in
// the page's language.
func TestMailPagesInLanguage(t *testing.T) {
	e := newNoticeEnv(t)
	bo := e.person("Bo")
	body := strings.NewReader(`{"address":"bo@example.org"}`)
	req, _ := http.NewRequest("POST", e.url+"/api/notices/mail", body)
	req.Header.Set("Accept-Language", "es-MX,es;q=0.9,en;q=0.5")
	resp, err := bo.http.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("asking for a confirmation: %v %v", resp, err)
	}
	resp.Body.Close()
	m := e.box.Wait(t, 1)
	if !strings.Contains(m.Body, "Para confirmar, abre:") {
		t.Fatalf("confirmation asked for from a Spanish page: %s", m.Body)
	}
	bo.must("PUT", "/api/lang", server.LangSetting{Lang: "de"})
	page := func(method, link, acceptLang string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest(method, link, nil)
		req.Header.Set("Accept-Language", acceptLang)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var b bytes.Buffer
		_, _ = io.Copy(&b, resp.Body)
		return resp.StatusCode, b.String()
	}
	confirm := e.local(m.Links()[0])
	if status, html := page("GET", confirm, "en"); status != http.StatusOK || !strings.Contains(html, `<html lang="de">`) ||
		!strings.Contains(html, "Zugbenachrichtigungen an bo@example.org schicken?") || !strings.Contains(html, ">Bestätigen</button>") {
		t.Fatalf("the confirm page of a German reader: %d %s", status, html)
	}
	if status, html := page("POST", confirm, "en"); status != http.StatusOK || !strings.Contains(html, "Erledigt: Zugbenachrichtigungen gehen an bo@example.org.") {
		t.Fatalf("confirming: %d %s", status, html)
	}
	stop := e.local(m.Links()[1])
	if status, html := page("POST", stop, "es"); status != http.StatusOK || !strings.Contains(html, "Erledigt: Harbor schickt keine Mails mehr an diese Adresse.") {
		t.Fatalf("stopping: %d %s", status, html)
	}
	if status, html := page("GET", stop, "es-ES,es;q=0.9"); status != http.StatusNotFound || !strings.Contains(html, `<html lang="es">`) ||
		!strings.Contains(html, "Este enlace ya no vale") {
		t.Fatalf("a used link for a Spanish browser: %d %s", status, html)
	}
}
