package locale_test

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"harbor/locale"
)

func readCatalog(t *testing.T, lang string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("catalogs", lang+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestCatalogsComplete: every catalog has English's messages, each a
// plain message where English has one and the plural forms one and
// other where English counts, and says none of them as its id.
func TestCatalogsComplete(t *testing.T) {
	en := readCatalog(t, "en")
	for _, l := range locale.Langs {
		cat := readCatalog(t, l)
		if got, want := slices.Sorted(maps.Keys(cat)), slices.Sorted(maps.Keys(en)); !slices.Equal(got, want) {
			t.Errorf("%s has messages %v, want %v", l, got, want)
			continue
		}
		w := locale.In(l)
		for id, m := range en {
			if forms, ok := m.(map[string]any); ok {
				other, ok := cat[id].(map[string]any)
				if !ok || other["one"] == nil || other["other"] == nil || len(forms) != 2 {
					t.Errorf("%s: %s has no forms one and other: %v", l, id, cat[id])
				}
				if got := w.Count(id, 3, nil); got == id || strings.Contains(got, "no value") {
					t.Errorf("%s: %s says %q", l, id, got)
				}
				continue
			}
			if _, ok := cat[id].(string); !ok {
				t.Errorf("%s: %s is not a message: %v", l, id, cat[id])
			}
			if got := w.Say(id, locale.Vars{}); got == id {
				t.Errorf("%s: %s says its id", l, id)
			}
		}
	}
}

// TestLangsAreTheFrontEnds: the server speaks the languages the web
// front end has catalogs of (web/src/i18n/<lang>.json).
func TestLangsAreTheFrontEnds(t *testing.T) {
	files, err := filepath.Glob("../web/src/i18n/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("front end catalogs: %v %v", files, err)
	}
	var web []string
	for _, f := range files {
		web = append(web, strings.TrimSuffix(filepath.Base(f), ".json"))
	}
	if got := slices.Sorted(slices.Values(locale.Langs)); !slices.Equal(got, slices.Sorted(slices.Values(web))) {
		t.Fatalf("the server speaks %v, the front end %v", got, web)
	}
}

func TestNegotiate(t *testing.T) {
	for header, want := range map[string]string{
		"":                          "en",
		"de-AT,de;q=0.9,en;q=0.5":   "de",
		"fr-FR,es;q=0.8,de;q=0.2":   "es",
		"fr":                        "en",
		"en-GB,en;q=0.9":            "en",
		"es-419":                    "es",
		"not a header;;q=x,,":       "en",
		"pt-BR, de-CH;q=0.7, *;q=1": "de",
	} {
		if got := locale.Negotiate(header); got != want {
			t.Errorf("Accept-Language %q: %s, want %s", header, got, want)
		}
	}
}

// TestFormats: numbers (15000), lists and moments are said as each language
// says them, and plural forms follow the count.
func TestFormats(t *testing.T) {
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 12, 6, 8, 40, 0, 0, time.UTC)
	for _, c := range []struct {
		lang, number, list, when, one, many string
	}{
		{"en", "15,000", "Ana, Bo and Cy", "09:40 CET on Sunday, December 6", "an hour", "15,000 hours"},
		{"de", "15.000", "Ana, Bo und Cy", "Sonntag, 6. Dezember, 09:40 Uhr (CET)", "eine Stunde", "15.000 Stunden"},
		{"es", "15.000", "Ana, Bo y Cy", "el domingo 6 de diciembre a las 09:40 (CET)", "una hora", "15.000 horas"},
		{"xx", "15,000", "Ana, Bo and Cy", "09:40 CET on Sunday, December 6", "an hour", "15,000 hours"},
	} {
		w := locale.In(c.lang)
		got := []string{w.Number(15000), w.List([]string{"Ana", "Bo", "Cy"}), w.When(at, berlin), w.Count("hoursLeft", 1, nil), w.Count("hoursLeft", 15000, nil)}
		want := []string{c.number, c.list, c.when, c.one, c.many}
		if !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", c.lang, got, want)
		}
	}
}
