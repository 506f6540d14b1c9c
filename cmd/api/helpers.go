package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"
)

const maxJSONBody = 1 << 20

// readJSON decodes one JSON object into dst, refusing unknown fields, trailing data and bodies
// over 1 MB, with a message a person can act on.
func readJSON(c *echo.Context, dst any) error {
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

// idParam reads a positive integer path parameter; anything else is treated as an unknown id.
func idParam(c *echo.Context, name string) (int64, bool) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	return id, err == nil && id > 0
}
