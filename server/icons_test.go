package server_test

import (
	"image/png"
	"net/http"
	"testing"

	"harbor/server"
)

// TestIcons: each PNG icon the manifest names is served at its size, the
// corner of a plain icon is transparent and of a maskable one is not.
func TestIcons(t *testing.T) {
	e := newEnv(t, server.DefaultLimits)
	for _, tc := range []struct {
		path        string
		size        int
		opaqueFront bool
	}{
		{"/icons/icon-192.png", 192, false},
		{"/icons/icon-512.png", 512, false},
		{"/icons/maskable-512.png", 512, true},
		{"/apple-touch-icon.png", 180, true},
	} {
		resp, err := http.Get(e.url + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(resp.Body)
		resp.Body.Close()
		if err != nil || resp.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("%s: %v %q", tc.path, err, resp.Header.Get("Content-Type"))
		}
		if b := img.Bounds(); b.Dx() != tc.size || b.Dy() != tc.size {
			t.Errorf("%s is %v, want %d px", tc.path, b, tc.size)
		}
		_, _, _, cornerA := img.At(0, 0).RGBA()
		if (cornerA != 0) != tc.opaqueFront {
			t.Errorf("%s: corner alpha %d", tc.path, cornerA)
		}
		// The shank of the anchor runs down the middle: white there.
		r, g, b, _ := img.At(tc.size/2, tc.size/2).RGBA()
		if r < 0xf000 || g < 0xf000 || b < 0xf000 {
			t.Errorf("%s: the middle is %x %x %x, not the white anchor", tc.path, r, g, b)
		}
	}
}
