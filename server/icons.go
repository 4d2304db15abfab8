package server

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"mime"
	"net/http"
	"sync"
)

// The app's icons as PNG, for home screens that take no SVG (iOS's
// apple-touch-icon, Android's install): the anchor of the page's SVG icon
// (web/public/icon.svg), drawn here in code at each size and kept.

// iconSizes are the PNG icons by path: size in pixels and whether it is
// maskable (full-bleed background, the anchor inside the safe circle).
var iconSizes = map[string]struct {
	size     int
	maskable bool
}{
	"/icons/icon-192.png":     {192, false},
	"/icons/icon-512.png":     {512, false},
	"/icons/maskable-512.png": {512, true},
	"/apple-touch-icon.png":   {180, true}, // iOS rounds the corners itself
}

var (
	iconMu    sync.Mutex
	iconCache = map[string][]byte{}
)

func init() {
	// The web app manifest, served from the built files.
	_ = mime.AddExtensionType(".webmanifest", "application/manifest+json")
}

func (s *Server) iconRoutes() {
	for path := range iconSizes {
		s.mux.HandleFunc("GET "+path, serveIcon)
	}
}

func serveIcon(w http.ResponseWriter, r *http.Request) {
	spec := iconSizes[r.URL.Path]
	iconMu.Lock()
	b, ok := iconCache[r.URL.Path]
	if !ok {
		var buf bytes.Buffer
		_ = png.Encode(&buf, drawIcon(spec.size, spec.maskable))
		b = buf.Bytes()
		iconCache[r.URL.Path] = b
	}
	iconMu.Unlock()
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	_, _ = w.Write(b)
}

// drawIcon draws the icon at size×size: a navy rounded square (a full
// square when maskable) with a white anchor, in the 32-unit space of the
// SVG icon.
func drawIcon(size int, maskable bool) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	navy := color.NRGBA{0x0d, 0x3b, 0x66, 0xff}
	unit := float64(size) / 32
	scale, off := 1.0, 0.0
	if maskable {
		scale, off = 0.7, 16*(1-0.7) // the anchor inside the 80% safe circle
	}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			ux, uy := (float64(x)+0.5)/unit, (float64(y)+0.5)/unit
			bg := 1.0
			if !maskable {
				bg = clamp01(0.5 - roundedRectDist(ux, uy, 32, 6)*unit)
			}
			if bg == 0 {
				continue
			}
			// In the anchor's own units.
			ax, ay := (ux-off)/scale, (uy-off)/scale
			d := anchorDist(ax, ay) * scale
			fg := clamp01((1.5*scale-d)*unit + 0.5)
			c := color.NRGBA{
				R: mix(navy.R, 0xff, fg), G: mix(navy.G, 0xff, fg), B: mix(navy.B, 0xff, fg),
				A: uint8(math.Round(bg * 255)),
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

func clamp01(v float64) float64 { return math.Max(0, math.Min(1, v)) }

func mix(a, b uint8, t float64) uint8 { return uint8(math.Round(float64(a)*(1-t) + float64(b)*t)) }

// roundedRectDist is the signed distance from (x, y) to the edge of the
// square [0, side]² with corners of radius r (negative inside).
func roundedRectDist(x, y, side, r float64) float64 {
	h := side / 2
	qx, qy := math.Abs(x-h)-(h-r), math.Abs(y-h)-(h-r)
	out := math.Hypot(math.Max(qx, 0), math.Max(qy, 0))
	return out + math.Min(math.Max(qx, qy), 0) - r
}

// anchorDist is the distance from (x, y) to the anchor's strokes: the
// shank, the stock and the arms (an arc through (7,19), (16,26), (25,19)).
func anchorDist(x, y float64) float64 {
	d := math.Min(segDist(x, y, 16, 5, 16, 25), segDist(x, y, 9, 10, 23, 10))
	const cx, cy, r = 16, 16.714, 9.286
	if y >= 19 {
		d = math.Min(d, math.Abs(math.Hypot(x-cx, y-cy)-r))
	} else {
		d = math.Min(d, math.Min(math.Hypot(x-7, y-19), math.Hypot(x-25, y-19)))
	}
	return d
}

func segDist(px, py, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	t := clamp01(((px-ax)*dx + (py-ay)*dy) / (dx*dx + dy*dy))
	return math.Hypot(px-(ax+t*dx), py-(ay+t*dy))
}
