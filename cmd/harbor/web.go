package main

import "harbor/web"

// The served front end is the one embedded from web/dist by the build.
func init() { staticFiles = web.Assets() }
