package main

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// msgInviteOtherAddress refuses an invitation accepted by an account whose e-mail is not the invited
// one, saying (masked) which address it was sent to.
func msgInviteOtherAddress(invited string) string {
	return fmt.Sprintf("This invitation was sent to %s. Sign in with that address to accept it, or ask the family for a new link.", maskEmail(invited))
}

// maskEmail shows enough of an address for its owner to recognise it and no more: the first
// character of the local part and the whole domain ("g•••@example.com"). web/src/features/family
// masks the signed-in account's address the same way to compare them.
func maskEmail(email string) string {
	email = strings.ToLower(strings.TrimSpace(email))
	local, domain, found := strings.Cut(email, "@")
	if !found || local == "" {
		return "•••"
	}
	first, _ := utf8.DecodeRuneInString(local)
	return string(first) + "•••@" + domain
}
