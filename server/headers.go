package server

import "net/http"

// contentSecurityPolicy lets pages load scripts, styles, fonts and
// connections from this server only (images also from data: and blob:
// URLs, which the front end makes itself), and no site frame them.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
	"font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// setSecurityHeaders sets the headers every answer carries: the policy
// above, no guessing of content types, and no Referer, since invite links
// and TV codes are in URLs.
func setSecurityHeaders(h http.Header) {
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
}
