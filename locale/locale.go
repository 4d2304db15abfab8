// Package locale holds the words the server itself says to people, in
// each language Harbor speaks: the turn notices (push, mail, chat rooms)
// and the pages of the mails' links. Its catalogs are message files of
// go-i18n (catalogs/<lang>.json, embedded in the binary), one message a
// key, with CLDR plural forms where a count decides the words and Go
// templates for the values. Numbers are formatted by golang.org/x/text
// for the language; dates with the weekday and month names of the
// catalog.
//
// The languages are those of the web front end (web/src/i18n): a person's
// choice there is stored (people.Person.Lang) and read here.
package locale

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Langs are the languages Harbor speaks, English (the fallback) first.
var Langs = []string{"en", "de", "es"}

//go:embed catalogs/*.json
var catalogs embed.FS

var (
	bundle  = i18n.NewBundle(language.English)
	matcher language.Matcher
	tags    []language.Tag
)

func init() {
	bundle.RegisterUnmarshalFunc("json", json.Unmarshal)
	for _, l := range Langs {
		if _, err := bundle.LoadMessageFileFS(catalogs, "catalogs/"+l+".json"); err != nil {
			panic(fmt.Sprintf("locale: catalog %s: %v", l, err))
		}
		tags = append(tags, language.Make(l))
	}
	matcher = language.NewMatcher(tags)
}

// Valid reports whether l is one of Langs.
func Valid(l string) bool {
	for _, have := range Langs {
		if l == have {
			return true
		}
	}
	return false
}

// Negotiate returns the language of Langs that suits an Accept-Language
// header best, English when none does.
func Negotiate(acceptLanguage string) string {
	prefs, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(prefs) == 0 {
		return Langs[0]
	}
	_, i, conf := matcher.Match(prefs...)
	if conf == language.No {
		return Langs[0]
	}
	return Langs[i]
}

// Words says messages in one language.
type Words struct {
	lang    string
	loc     *i18n.Localizer
	printer *message.Printer
}

// In returns the words of lang, English when it is not one of Langs.
func In(lang string) Words {
	if !Valid(lang) {
		lang = Langs[0]
	}
	return Words{lang: lang, loc: i18n.NewLocalizer(bundle, lang), printer: message.NewPrinter(language.Make(lang))}
}

// Lang is the language w says things in.
func (w Words) Lang() string { return w.lang }

// Vars are the values a message's template names.
type Vars map[string]any

// Say returns message id with vars. A message missing from the catalog
// says its id, which the catalogs' test keeps from happening.
func (w Words) Say(id string, vars Vars) string {
	s, err := w.loc.Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: vars})
	if err != nil {
		return id
	}
	return s
}

// Count returns message id in the plural form of n, with n as the
// template's Count, formatted for the language, besides vars.
func (w Words) Count(id string, n int, vars Vars) string {
	data := Vars{"Count": w.Number(n)}
	for k, v := range vars {
		data[k] = v
	}
	s, err := w.loc.Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: n})
	if err != nil {
		return id
	}
	return s
}

// Number formats n for the language: 15000 is "15,000" in English, "15.000" in German and Spanish.
func (w Words) Number(n int) string { return w.printer.Sprintf("%d", n) }

// List joins names as the language does: "Ana, Bo and Cy", "Ana, Bo und
// Cy", "Ana, Bo y Cy".
func (w Words) List(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return w.Say("listAnd", Vars{"Rest": strings.Join(names[:len(names)-1], ", "), "Last": names[len(names)-1]})
}

// When says a moment in loc, with the weekday, day and month, the time
// of day and the zone's abbreviation: "09:40 CET on Sunday, December 6",
// "Sonntag, 6. Dezember, 09:40 Uhr (CET)".
func (w Words) When(at time.Time, loc *time.Location) string {
	if loc == nil {
		loc = time.UTC
	}
	at = at.In(loc)
	zone, _ := at.Zone()
	return w.Say("when", Vars{
		"Weekday": nth(w.Say("weekdays", nil), int(at.Weekday())),
		"Month":   nth(w.Say("months", nil), int(at.Month())-1),
		"Day":     at.Day(), "Time": at.Format("15:04"), "Zone": zone,
	})
}

// nth is the i-th of a catalog's comma-separated names.
func nth(list string, i int) string {
	names := strings.Split(list, ",")
	if i < 0 || i >= len(names) {
		return ""
	}
	return strings.TrimSpace(names[i])
}
