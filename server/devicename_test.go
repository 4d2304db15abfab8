package server

import "testing"

func TestDeviceName(t *testing.T) {
	for ua, want := range map[string]string{
		"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36":                       "Chrome on Android",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1": "Safari on iPhone",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5; rv:128.0) Gecko/20100101 Firefox/128.0":                                                     "Firefox on macOS",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0":                   "Edge on Windows",
		"curl/8.5.0": "A browser",
	} {
		if got := deviceName(ua); got != want {
			t.Errorf("%s: %q, want %q", ua, got, want)
		}
	}
}

// FuzzDeviceCookie: a cookie is taken as a linked device's only when it
// is exactly the one the server would issue for that id and device.
func FuzzDeviceCookie(f *testing.F) {
	ids := identities{key: []byte("0123456789abcdef0123456789abcdef")}
	good := ids.deviceCookie("00112233445566778899aabbccddeeff", "0011223344556677")
	f.Add(good)
	f.Add(good[:len(good)-1] + "0")
	f.Add("00112233445566778899aabbccddeeff." + ids.mac("00112233445566778899aabbccddeeff"))
	f.Add("a.b.c")
	f.Fuzz(func(t *testing.T, v string) {
		id, dev, ok := ids.validDevice(v)
		if ok && ids.deviceCookie(id, dev) != v {
			t.Fatalf("%q taken as device %s of %s", v, dev, id)
		}
		if v == good && !ok {
			t.Fatal("the server's own cookie refused")
		}
	})
}
