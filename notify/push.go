package notify

import (
	"context"
	"crypto/ecdh"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	"harbor"
	"harbor/netguard"
	"harbor/people"
)

// pushTTL is how long a push service keeps a notice for a browser that is
// offline: a turn waits longer than that only rarely, and a day-old notice
// is noise.
const pushTTL = 12 * 3600

// push sends payload to one subscription and drops it when the push
// service answers that it is gone; it reports whether the service took the
// notice.
func (n *Notifier) push(ctx context.Context, s people.Subscription, payload Notice) (bool, error) {
	body, err := json.Marshal(payload)
	if err != nil {
		return false, err
	}
	resp, err := webpush.SendNotificationWithContext(ctx, body, &webpush.Subscription{
		Endpoint: s.Endpoint, Keys: webpush.Keys{Auth: s.Auth, P256dh: s.P256dh},
	}, &webpush.Options{
		HTTPClient: n.cfg.HTTPClient, Subscriber: n.cfg.Contact, TTL: pushTTL, Urgency: webpush.UrgencyHigh,
		Topic: payload.Tag, VAPIDPublicKey: n.public, VAPIDPrivateKey: n.private,
	})
	if err != nil {
		return false, fmt.Errorf("push to %s: %w", endpointHost(s.Endpoint), err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
	switch {
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return false, n.cfg.Store.DropSubscription(ctx, s.Endpoint)
	case resp.StatusCode >= 300:
		return false, fmt.Errorf("push to %s: status %d", endpointHost(s.Endpoint), resp.StatusCode)
	}
	return true, nil
}

func endpointHost(endpoint string) string {
	u, err := url.Parse(endpoint)
	if err != nil {
		return "?"
	}
	return u.Host
}

// MaxEndpoint is the longest push endpoint taken, in characters; the push
// services of browsers give a few hundred.
const MaxEndpoint = 1000

// MaxSubscriptions is how many push subscriptions a person keeps: one a
// browser, and a browser's new subscription replaces its old one, so this
// many of their browsers get notices; subscribing in one more drops the
// oldest subscription.
const MaxSubscriptions = 5

// CheckSubscription refuses a subscription the server would not send to:
// an endpoint that is too long, not an https URL, or on an address the
// notifier never dials (its host is resolved now, and each address it has
// is checked), or keys that are not a P-256 public key and a 16-byte
// secret.
func (n *Notifier) CheckSubscription(ctx context.Context, s people.Subscription) error {
	if len(s.Endpoint) > MaxEndpoint {
		return harbor.Errorf(harbor.EInvalid, "push endpoint is longer than %d characters", MaxEndpoint).With(harbor.M("api.pushUnusable"))
	}
	u, err := url.Parse(s.Endpoint)
	if err != nil || u.Scheme != "https" || u.Hostname() == "" || u.User != nil {
		return harbor.Errorf(harbor.EInvalid, "the push endpoint must be an https address").With(harbor.M("api.pushUnusable"))
	}
	if k, err := decodeKey(s.P256dh); err != nil {
		return harbor.Errorf(harbor.EInvalid, "the subscription's p256dh key is not a P-256 public key").With(harbor.M("api.pushUnusable"))
	} else if _, err := ecdh.P256().NewPublicKey(k); err != nil {
		return harbor.Errorf(harbor.EInvalid, "the subscription's p256dh key is not a P-256 public key").With(harbor.M("api.pushUnusable"))
	}
	if a, err := decodeKey(s.Auth); err != nil || len(a) != 16 {
		return harbor.Errorf(harbor.EInvalid, "the subscription's auth secret is not 16 bytes").With(harbor.M("api.pushUnusable"))
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	err = netguard.CheckHost(ctx, n.cfg.Resolver, u.Hostname(), n.cfg.Guard)
	var refused *netguard.Refused
	switch {
	case errors.As(err, &refused):
		return harbor.Errorf(harbor.EInvalid, "push endpoint %s", refused).With(harbor.M("api.pushUnreachable"))
	case err != nil:
		return harbor.Errorf(harbor.EInvalid, "push endpoint %s", err).With(harbor.M("api.pushUnreachable"))
	}
	return nil
}

// Subscribe checks s and stores it as the one subscription of its
// person's browser, keeping their MaxSubscriptions newest. Nothing changes
// when it is refused: people.ErrEndpointTaken when another person holds the
// endpoint.
func (n *Notifier) Subscribe(ctx context.Context, s people.Subscription) error {
	if err := n.CheckSubscription(ctx, s); err != nil {
		return err
	}
	return n.cfg.Store.SaveSubscription(ctx, s, MaxSubscriptions)
}

// publicClient posts to push services only, and never to an address
// guard refuses (a subscription's endpoint comes from the browser, so it
// could name any; its host's addresses were checked when it was stored,
// and are again at each dial, as DNS may answer otherwise now).
// It uses no proxy, which would dial past the guard.
func publicClient(guard func(netip.Addr) error, timeout time.Duration) *http.Client {
	d := &net.Dialer{Timeout: timeout, Control: netguard.Control(guard)}
	tr := &http.Transport{DialContext: d.DialContext, TLSHandshakeTimeout: timeout, ResponseHeaderTimeout: timeout,
		MaxIdleConnsPerHost: 4, IdleConnTimeout: time.Minute, ForceAttemptHTTP2: true}
	return &http.Client{Transport: tr, Timeout: timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// decodeKey reads a key as browsers give it: base64url without padding
// (padded or standard base64 accepted too).
func decodeKey(s string) ([]byte, error) {
	for _, enc := range []*base64.Encoding{base64.RawURLEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.StdEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			return b, nil
		}
	}
	return nil, errors.New("not base64")
}
