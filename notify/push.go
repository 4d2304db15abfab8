package notify

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"syscall"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	"harbor"
)

// pushTTL is how long a push service keeps a notice for a browser that is
// offline: a turn waits longer than that only rarely, and a day-old notice
// is noise.
const pushTTL = 12 * 3600

// push sends payload to one subscription and drops it when the push
// service answers that it is gone.
func (n *Notifier) push(ctx context.Context, s Subscription, payload Notice) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	resp, err := webpush.SendNotificationWithContext(ctx, body, &webpush.Subscription{
		Endpoint: s.Endpoint, Keys: webpush.Keys{Auth: s.Auth, P256dh: s.P256dh},
	}, &webpush.Options{
		HTTPClient: n.cfg.HTTPClient, Subscriber: n.cfg.Contact, TTL: pushTTL, Urgency: webpush.UrgencyHigh,
		Topic: payload.Tag, VAPIDPublicKey: n.public, VAPIDPrivateKey: n.private,
	})
	if err != nil {
		return fmt.Errorf("push to %s: %w", endpointHost(s.Endpoint), err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
	switch {
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return n.cfg.Store.DropSubscription(ctx, s.Endpoint)
	case resp.StatusCode >= 300:
		return fmt.Errorf("push to %s: status %d", endpointHost(s.Endpoint), resp.StatusCode)
	}
	return nil
}

func endpointHost(endpoint string) string {
	u, err := url.Parse(endpoint)
	if err != nil {
		return "?"
	}
	return u.Host
}

// CheckSubscription refuses a subscription the server would not send to:
// an endpoint that is not an https URL, or keys of the wrong size.
func CheckSubscription(s Subscription) error {
	u, err := url.Parse(s.Endpoint)
	if err != nil || u.Scheme != "https" || u.Host == "" || len(s.Endpoint) > 1000 {
		return harbor.Errorf(harbor.EInvalid, "the push endpoint must be an https address")
	}
	if k, err := decodeKey(s.P256dh); err != nil || len(k) != 65 {
		return harbor.Errorf(harbor.EInvalid, "the subscription's p256dh key is not a P-256 public key")
	}
	if a, err := decodeKey(s.Auth); err != nil || len(a) != 16 {
		return harbor.Errorf(harbor.EInvalid, "the subscription's auth secret is not 16 bytes")
	}
	return nil
}

// errPrivate refuses a push endpoint on this machine or its network.
var errPrivate = errors.New("push endpoints on private or loopback addresses are refused")

// publicClient posts to push services only: https, and never to a
// loopback, private or link-local address (a subscription's endpoint comes
// from the browser, so it could name one).
func publicClient() *http.Client {
	d := &net.Dialer{Timeout: 10 * time.Second, Control: func(_, address string, _ syscall.RawConn) error {
		host, _, err := net.SplitHostPort(address)
		if err != nil {
			return err
		}
		ip := net.ParseIP(host)
		if ip == nil || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsUnspecified() || ip.IsMulticast() {
			return errPrivate
		}
		return nil
	}}
	tr := &http.Transport{DialContext: d.DialContext, TLSHandshakeTimeout: 10 * time.Second, ResponseHeaderTimeout: 20 * time.Second,
		MaxIdleConnsPerHost: 4, IdleConnTimeout: time.Minute, ForceAttemptHTTP2: true}
	return &http.Client{Transport: tr, Timeout: 30 * time.Second,
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
