package main

import (
	"fmt"
	"net/mail"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// The spec's validation messages (shell-accounts-billing.md section 5, athlete-features.md section 5).
// web/src/features/auth/validation.ts applies the same rules in the browser.
const (
	msgEmail           = "Please enter a valid email address"
	msgPasswordNeeded  = "Password is required"
	msgFirstName       = "First name is required"
	msgLastName        = "Last name is required"
	msgPasswordLength  = "Password must be at least 8 characters"
	msgPasswordUpper   = "Password must contain at least one uppercase letter"
	msgPasswordLower   = "Password must contain at least one lowercase letter"
	msgPasswordNumber  = "Password must contain at least one number"
	msgCurrentPassword = "Current password is required"
)

// validator collects one message per field; the first message for a field wins.
type validator map[string]string

func (v validator) check(ok bool, field, message string) {
	if !ok {
		if _, exists := v[field]; !exists {
			v[field] = message
		}
	}
}

func (v validator) required(value, field, message string) {
	v.check(strings.TrimSpace(value) != "", field, message)
}

func (v validator) email(value, field string) {
	v.check(validEmail(value), field, msgEmail)
}

// password applies the registration rules: 8 to 256 characters with an upper, a lower and a digit.
func (v validator) password(value, field string) {
	v.check(len([]rune(value)) >= 8, field, msgPasswordLength)
	v.check(strings.IndexFunc(value, unicode.IsUpper) >= 0, field, msgPasswordUpper)
	v.check(strings.IndexFunc(value, unicode.IsLower) >= 0, field, msgPasswordLower)
	v.check(strings.IndexFunc(value, unicode.IsDigit) >= 0, field, msgPasswordNumber)
	v.maxLength(value, 256, field, "Password must be at most 256 characters")
}

// names applies the rules for a person's first and last name.
func (v validator) names(first, last string) {
	v.required(first, "firstName", msgFirstName)
	v.line(first, 100, "firstName", "First name")
	v.required(last, "lastName", msgLastName)
	v.line(last, 100, "lastName", "Last name")
}

func (v validator) maxLength(value string, max int, field, message string) {
	v.check(len([]rune(value)) <= max, field, message)
}

func (v validator) valid() bool { return len(v) == 0 }

// validEmail accepts a bare address with a dotted domain, as the browser's rule does.
func validEmail(value string) bool {
	value = strings.TrimSpace(value)
	addr, err := mail.ParseAddress(value)
	if err != nil || addr.Address != value || addr.Name != "" {
		return false
	}
	at := strings.LastIndex(value, "@")
	return at > 0 && strings.Contains(value[at+1:], ".") && !strings.HasSuffix(value, ".")
}

func normaliseEmail(value string) string { return strings.ToLower(strings.TrimSpace(value)) }

// firstMessage picks a stable summary message for a validation failure.
func firstMessage(errs map[string]string) string {
	if len(errs) == 0 {
		return "Invalid input"
	}
	fields := make([]string, 0, len(errs))
	for f := range errs {
		fields = append(fields, f)
	}
	sort.Strings(fields)
	return errs[fields[0]]
}

// The one tag rule of journal entries, uploads and media edits.
const (
	maxTags      = 20
	maxTagLength = 40
)

// tags trims, drops empties and duplicates (ignoring case, keeping the first spelling) and checks
// the tag rule, answering the cleaned list.
func (v validator) tags(tags []string, field string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, t := range tags {
		t = strings.TrimSpace(t)
		if t == "" || seen[strings.ToLower(t)] {
			continue
		}
		seen[strings.ToLower(t)] = true
		out = append(out, t)
		v.check(textAllowed(t), field, fmt.Sprintf("%s %s", field, msgBadCharacters))
		v.check(len([]rune(t)) <= maxTagLength, field, fmt.Sprintf("Tags must be at most %d characters", maxTagLength))
	}
	v.check(len(out) <= maxTags, field, fmt.Sprintf("Use at most %d tags", maxTags))
	return out
}

// mediaFields checks the fields that describe a media item, shared by uploads and edits.
func (v validator) mediaFields(title, description, date string, tags []string) mediaFields {
	out := mediaFields{title: strings.TrimSpace(title), description: strings.TrimSpace(description)}
	v.line(out.title, 200, "title", "Title")
	v.maxLength(out.description, 5000, "description", "Description must be at most 5,000 characters")
	out.date = v.mediaDate(date)
	out.tags = v.tags(tags, "tags")
	return out
}

// mediaDate accepts YYYY-MM-DD or an ISO timestamp (the spec's form sends ISO); empty is today.
func (v validator) mediaDate(raw string) time.Time {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return time.Now().UTC().Truncate(24 * time.Hour)
	}
	if d, err := time.Parse(time.DateOnly, raw); err == nil {
		return d
	}
	if t, err := time.Parse(time.RFC3339, raw); err == nil {
		return t
	}
	v.check(false, "date", "Date must be YYYY-MM-DD")
	return time.Time{}
}

// line is the rule of a single-line field (names, titles): at most max characters and no line
// breaks, which would otherwise reach e-mail headers and one-line layouts.
func (v validator) line(value string, max int, field, label string) {
	v.maxLength(value, max, field, fmt.Sprintf("%s must be at most %s characters", label, groupThousands(max)))
	v.check(!strings.ContainsAny(strings.TrimSpace(value), "\r\n"), field, label+" must be on one line")
}

// groupThousands writes 5000 as "5,000".
func groupThousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
