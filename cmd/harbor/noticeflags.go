package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/mail"
	"net/netip"
	"os"
	"strings"
	"sync/atomic"

	"harbor/netguard"
	"harbor/notify"
	"harbor/notify/sqlnotify"
	"harbor/people"
	"harbor/table"
)

// noticeFlags are the settings of turn notices: the SMTP server for
// e-mail, the contact push services see, the limit per person, and the
// private prefixes push endpoints may be on.
type noticeFlags struct {
	smtp, from, contact, allow *string
	perHour                    *int
}

func noticeFlagSet(fl *flag.FlagSet) *noticeFlags {
	return &noticeFlags{
		smtp:    fl.String("smtp", os.Getenv("HARBOR_SMTP"), "SMTP server for e-mail notices, smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465; needs -public-url, which the links in the mails are built from; none: no e-mail (env HARBOR_SMTP)"),
		from:    fl.String("smtp-from", os.Getenv("HARBOR_SMTP_FROM"), "sender of e-mail notices, e.g. 'Harbor <harbor@example.org>' (env HARBOR_SMTP_FROM)"),
		contact: fl.String("push-contact", os.Getenv("HARBOR_PUSH_CONTACT"), "the contact push services may write to about this server's notices, an e-mail address or https URL; none: the -smtp-from address, else the https -public-url (env HARBOR_PUSH_CONTACT)"),
		allow:   fl.String("notice-allow", os.Getenv("HARBOR_NOTICE_ALLOW"), "CIDR prefixes, comma-separated, that push endpoints and chat rooms' webhooks may be on although they are not public, e.g. a push service or webhook relay on the operator's own network (192.168.1.0/24) or loopback for tests; only these are let past the address guard; none: public addresses only (env HARBOR_NOTICE_ALLOW)"),
		perHour: fl.Int("notices-per-hour", envInt("HARBOR_NOTICES_PER_HOUR", notify.DefaultMaxSends), "turn notices a person gets at once, and then an hour (env HARBOR_NOTICES_PER_HOUR)"),
	}
}

// notifier returns the notifier of store, with its VAPID key from the
// store's secrets, and the store's people side (devices, rate limits,
// open-table holds), which its limits spend.
// It drops notices whose turn is over, asking tables (once set) which
// seats a game waits on.
func (f *noticeFlags) notifier(ctx context.Context, store table.Store, tables *atomic.Pointer[table.Tables], publicURL string, log *slog.Logger) (*notify.Notifier, people.SQL, error) {
	st, ok := store.(interface {
		People() people.SQL
		Notices() sqlnotify.Store
		Secret(ctx context.Context, name string, size int) ([]byte, error)
	})
	if !ok {
		return nil, people.SQL{}, errors.New("the store keeps no notices")
	}
	key, err := st.Secret(ctx, "vapid", 32)
	if err != nil {
		return nil, people.SQL{}, fmt.Errorf("VAPID key: %w", err)
	}
	allowed, err := allowedPrefixes(*f.allow)
	if err != nil {
		return nil, people.SQL{}, err
	}
	if len(allowed) > 0 {
		log.Warn("push endpoints may be on these private prefixes (-notice-allow)", "prefixes", allowed)
	}
	cfg := notify.Config{Store: st.Notices(), Limits: st.People(), VAPIDKey: key, Contact: *f.contact, MaxSends: *f.perHour, Log: log,
		Guard: netguard.Allowing(allowed, nil), Allowed: allowed, PublicURL: publicURL, Still: stillTurn(store, tables)}
	if *f.smtp != "" {
		if publicURL == "" {
			return nil, people.SQL{}, errors.New("e-mail notices (-smtp) need -public-url: the links in the mails are built from it, never from the address a request names")
		}
		cfg.Mail = &notify.MailConfig{URL: *f.smtp, From: *f.from, Base: publicURL}
	}
	if cfg.Contact == "" {
		if a, err := mail.ParseAddress(*f.from); err == nil {
			cfg.Contact = a.Address
		} else if strings.HasPrefix(publicURL, "https://") {
			cfg.Contact = publicURL
		}
	}
	n, err := notify.New(cfg)
	return n, st.People(), err
}

// allowedPrefixes reads -notice-allow: CIDR prefixes, comma-separated.
// A bare address or a typo is refused rather than read as something
// wider or narrower than meant.
func allowedPrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for item := range strings.SplitSeq(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		p, err := netip.ParsePrefix(item)
		if err != nil {
			return nil, fmt.Errorf("-notice-allow: %q is not a CIDR prefix such as 192.168.1.0/24 or fd00::/8", item)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}
