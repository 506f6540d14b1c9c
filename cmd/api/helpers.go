package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

const maxJSONBody = 1 << 20

// readJSON decodes one JSON object into dst, refusing unknown fields, trailing data, bodies over
// 1 MB and text that cannot be stored, with a 400 a person can act on.
func readJSON(c *echo.Context, dst any) error {
	if err := decodeJSON(c, dst); err != nil {
		return badRequest(err.Error())
	}
	return checkStrings(reflect.ValueOf(dst), "")
}

func decodeJSON(c *echo.Context, dst any) error {
	body := http.MaxBytesReader(c.Response(), c.Request().Body, maxJSONBody)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	err := dec.Decode(dst)
	if err != nil {
		var syntaxErr *json.SyntaxError
		var typeErr *json.UnmarshalTypeError
		var maxErr *http.MaxBytesError
		switch {
		case errors.As(err, &syntaxErr):
			return fmt.Errorf("body contains badly-formed JSON (at character %d)", syntaxErr.Offset)
		case errors.Is(err, io.ErrUnexpectedEOF):
			return errors.New("body contains badly-formed JSON")
		case errors.As(err, &typeErr):
			if typeErr.Field != "" {
				return fmt.Errorf("body has the wrong type for field %q", typeErr.Field)
			}
			return fmt.Errorf("body has the wrong type (at character %d)", typeErr.Offset)
		case errors.Is(err, io.EOF):
			return errors.New("body must not be empty")
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			return fmt.Errorf("body contains unknown field %s", strings.TrimPrefix(err.Error(), "json: unknown field "))
		case errors.As(err, &maxErr):
			return fmt.Errorf("body must not be larger than %d bytes", maxErr.Limit)
		default:
			return err
		}
	}
	if dec.More() || dec.Decode(&struct{}{}) != io.EOF {
		return errors.New("body must only contain a single JSON value")
	}
	return nil
}

// msgBadCharacters is the one answer to text that cannot be stored: NUL and other control
// characters (newlines and tabs excepted) and bytes that are not UTF-8.
const msgBadCharacters = "contains characters that are not allowed"

// textAllowed is the one rule every text field passes at the boundary, whatever its route.
func textAllowed(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	return strings.IndexFunc(s, func(r rune) bool {
		return unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r'
	}) < 0
}

// checkStrings applies textAllowed to every string a decoded body holds, naming the field.
func checkStrings(v reflect.Value, field string) error {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return checkStrings(v.Elem(), field)
		}
	case reflect.String:
		if !textAllowed(v.String()) {
			return fieldErrors(validator{field: fmt.Sprintf("%s %s", field, msgBadCharacters)})
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if err := checkStrings(v.Index(i), field); err != nil {
				return err
			}
		}
	case reflect.Map:
		for _, key := range v.MapKeys() {
			if err := checkStrings(v.MapIndex(key), key.String()); err != nil {
				return err
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if f.Anonymous || name == "" {
				name = field
			}
			if err := checkStrings(v.Field(i), name); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkRequestText refuses query and path values that break the text rule, before any handler
// sends them to the database.
func checkRequestText(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		for name, values := range c.QueryParams() {
			for _, value := range values {
				if !textAllowed(name) || !textAllowed(value) {
					return badRequest(fmt.Sprintf("The query parameter %q %s", strings.ToValidUTF8(name, "?"), msgBadCharacters))
				}
			}
		}
		for _, p := range c.PathValues() {
			if !textAllowed(p.Value) {
				return badRequest(fmt.Sprintf("The address %s", msgBadCharacters))
			}
		}
		return next(c)
	}
}

// jobState is the one shape of a record's job state in answers ("Job state" in docs/API.md): the
// work's status, why it failed in plain words ("" when it did not), and how far it got, a fraction
// from 0 to 1, when the work reports that. Every job-backed answer embeds it (or holds it in a
// field named for the work); TestOneJobState holds every response type to that.
type jobState struct {
	Status       store.JobStatus `json:"status"`
	StatusReason string          `json:"statusReason"`
	Progress     *float64        `json:"progress,omitempty"`
}
