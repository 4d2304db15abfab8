// This directory is an npm package, not Go. The go.mod keeps it out of the
// harbor module, so ./... never walks node_modules (one of its packages
// ships Go source).
module harbor-bgio-load

go 1.26
