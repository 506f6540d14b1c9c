package main

import (
	"net/mail"
	"sort"
	"strings"
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

// password applies the registration rules: 8+ characters with an upper, a lower and a digit.
func (v validator) password(value, field string) {
	v.check(len([]rune(value)) >= 8, field, msgPasswordLength)
	v.check(strings.IndexFunc(value, unicode.IsUpper) >= 0, field, msgPasswordUpper)
	v.check(strings.IndexFunc(value, unicode.IsLower) >= 0, field, msgPasswordLower)
	v.check(strings.IndexFunc(value, unicode.IsDigit) >= 0, field, msgPasswordNumber)
}

// names applies the rules for a person's first and last name.
func (v validator) names(first, last string) {
	v.required(first, "firstName", msgFirstName)
	v.maxLength(first, 100, "firstName", "First name must be at most 100 characters")
	v.required(last, "lastName", msgLastName)
	v.maxLength(last, 100, "lastName", "Last name must be at most 100 characters")
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
