package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

// Every route that touches an athlete's data declares, in its area's <area>_routes.go, the action it
// needs and the resource behind its path parameter: app.allow(action, resource). The area's resources
// (byID, byParam, athlete) are declared beside its routes. The one middleware loads the
// record, asks the one access function (store.Access.Decide) and hands the handler the record, the
// caller's access and, for athlete routes of a section, the caller's scope of that section.
// Handlers never check access again.

const (
	ctxAthleteID = "athleteID"
	ctxAccess    = "athleteAccess"
	ctxRecord    = "record"
	ctxScope     = "sectionScope"
)

// resource is what a route names (by a path parameter, else a query parameter or a field of its
// JSON body): how to read and load it and how the access rules see it. load answers
// store.ErrNotFound for an unknown or malformed value.
type resource struct {
	// value reads what names the record from the request; "" when the request names none.
	value func(c *echo.Context) (string, error)
	// optional: a request that names no record goes on without one and without an access check,
	// for routes whose default is the caller's own (the handler asks athleteNamed).
	optional bool
	// athleteParam, when set, is the path parameter naming the athlete the record must belong to:
	// a record of another athlete is not found, whoever asks.
	athleteParam string
	// section is set on athlete routes that list a section: the handler gets the caller's Scope.
	section store.Section
	load    func(ctx context.Context, db store.DBTX, raw string) (record any, item store.Item, err error)
}

// pathParam reads a resource's value from the route's path parameter name.
func pathParam(name string) func(*echo.Context) (string, error) {
	return func(c *echo.Context) (string, error) { return c.Param(name), nil }
}

// inQuery reads the resource's value from the query parameter name instead of the path; a request
// without it names nothing (see optional).
func (r resource) inQuery(name string) resource {
	r.value = func(c *echo.Context) (string, error) { return c.QueryParam(name), nil }
	return r
}

// inBody reads the resource's value from field of the request's JSON object, for a route whose
// record is named in what it creates. The body is put back for the handler's readJSON; a body that
// is not JSON gets readJSON's answer, and one without the field 400.
func (r resource) inBody(field string) resource {
	r.value = func(c *echo.Context) (string, error) {
		req := c.Request()
		body, err := io.ReadAll(io.LimitReader(req.Body, maxJSONBody+1))
		if err != nil {
			return "", badRequest("The request body could not be read")
		}
		rewind := func() { req.Body = io.NopCloser(bytes.NewReader(body)) }
		rewind()
		defer rewind()
		var fields map[string]json.RawMessage
		if err := decodeJSON(c, &fields); err != nil {
			return "", badRequest(err.Error())
		}
		raw, ok := fields[field]
		if !ok || string(raw) == "null" {
			return "", fieldErrors(validator{field: field + " is required"})
		}
		return string(raw), nil
	}
	return r
}

// orUnnamed is for a route whose record may go unnamed, the caller's own being the default.
func (r resource) orUnnamed() resource {
	r.optional = true
	return r
}

// ofAthlete makes a record behind a second path parameter answer only under its own athlete's
// path (/stats/reports/:id/:reportId).
func (r resource) ofAthlete(param string) resource {
	r.athleteParam = param
	return r
}

// byID builds the resource for records found by a positive integer :id.
func byID[T any](get func(context.Context, store.DBTX, int64) (T, error), item func(T) store.Item) resource {
	return byParam("id", get, item)
}

// byParam builds the resource for records found by a positive integer in the path parameter param.
func byParam[T any](param string, get func(context.Context, store.DBTX, int64) (T, error), item func(T) store.Item) resource {
	return resource{value: pathParam(param), load: func(ctx context.Context, db store.DBTX, raw string) (any, store.Item, error) {
		id, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || id <= 0 {
			return nil, store.Item{}, store.ErrNotFound
		}
		record, err := get(ctx, db, id)
		if err := store.Translate(err); err != nil {
			return nil, store.Item{}, err
		}
		return record, item(record), nil
	}}
}

// athlete is the :id athlete itself; section names the part of its record the route lists.
func athlete(section store.Section) resource {
	r := byID(func(_ context.Context, _ store.DBTX, id int64) (int64, error) { return id, nil },
		func(id int64) store.Item { return store.Item{AthleteID: id} })
	r.section = section
	return r
}

// allow is the one access middleware: it loads the route's resource and lets the request through
// only when the caller may do action to it. Unknown or unseen answers 404, seen but not allowed 403.
func (app *application) allow(action store.Action, res resource) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			raw, err := res.value(c)
			if err != nil {
				return err
			}
			if raw == "" && res.optional {
				return next(c)
			}
			record, item, err := res.load(c.Request().Context(), app.pool, raw)
			if errors.Is(err, store.ErrNotFound) {
				return notFound()
			}
			if err != nil {
				return err
			}
			if res.athleteParam != "" && c.Param(res.athleteParam) != strconv.FormatInt(item.AthleteID, 10) {
				return notFound()
			}
			access, err := app.authorize(c, action, item)
			if err != nil {
				return err
			}
			c.Set(ctxRecord, record)
			if res.section != "" {
				c.Set(ctxScope, access.Scope(res.section))
			}
			return next(c)
		}
	}
}

// authorize asks the access function whether the signed-in caller may do action to item, and
// remembers the caller's access and the athlete for the handler.
func (app *application) authorize(c *echo.Context, action store.Action, item store.Item) (store.Access, error) {
	ctx := c.Request().Context()
	userID := currentUser(c).ID
	// On an athlete's own routes, read with the session (sessionStore).
	access, found := accessFoundWithSession(ctx, userID, item.AthleteID)
	if !found {
		var err error
		if access, err = store.AccessFor(ctx, app.pool, userID, item.AthleteID); err != nil {
			return access, err
		}
	}
	decision, err := access.Decide(ctx, app.pool, action, item)
	switch {
	case err != nil:
		return access, err
	case decision == store.Hidden:
		return access, notFound()
	case decision == store.Forbidden:
		return access, forbidden()
	}
	c.Set(ctxAccess, access)
	c.Set(ctxAthleteID, item.AthleteID)
	return access, nil
}

// athleteID is the athlete the route's resource belongs to.
func athleteID(c *echo.Context) int64 { return fromContext[int64](c, ctxAthleteID) }

// athleteNamed reports whether the request named the athlete of an optional resource (and so allow
// checked the caller's access to it).
func athleteNamed(c *echo.Context) bool {
	_, named := c.Get(ctxAccess).(store.Access)
	return named
}

// athleteAccess is the caller's access to that athlete.
func athleteAccess(c *echo.Context) store.Access { return fromContext[store.Access](c, ctxAccess) }

// sectionScope is what of the route's section the caller sees.
func sectionScope(c *echo.Context) store.Scope { return fromContext[store.Scope](c, ctxScope) }

// loaded is the record the route's resource loaded: loaded[store.MediaItem](c) behind mediaItems.
func loaded[T any](c *echo.Context) T { return fromContext[T](c, ctxRecord) }

// fromContext reads what allow stored for the handler. A value of another type (or none) means the
// route in routes.go names a resource its handler does not expect: a programming error, answered
// as a logged 500 that names both types (the authorization matrix calls every route, so it fails
// there first).
func fromContext[T any](c *echo.Context, key string) T {
	value, ok := c.Get(key).(T)
	if !ok {
		panic(fmt.Sprintf("%s %s: the route stores a %T as %q, its handler reads a %T", c.Request().Method, c.Path(), c.Get(key), key, value))
	}
	return value
}
