package game

import "strconv"

// Number writes n as the log and every screen write amounts: digits in
// groups of three, split by commas (1,531; -12,000), as the front end's
// number format does for English.
func Number(n int) string {
	s := strconv.Itoa(n)
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	out := make([]byte, 0, len(s)+len(s)/3)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return sign + string(out)
}
