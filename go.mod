module harbor

go 1.26
