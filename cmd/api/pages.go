package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

// Every list that grows without bound answers in pages of one shape (docs/API.md, "Lists and
// pages"): a JSON array, ?limit= and ?cursor=, and the next page's cursor in X-Next-Cursor while
// more remain. A cursor is the last row's position in the list's order (its sort key and id), so a
// page starts where the list's index says and costs the same on the hundredth page as on the
// first, and rows added or removed between two requests neither repeat nor skip any other row.

// nextCursorHeader carries the next page's cursor; it is absent on the last page.
const nextCursorHeader = "X-Next-Cursor"

// pages describes one list's pages. list names the list inside its cursors, so a cursor handed to
// another list is refused rather than read as a position in it.
type pages struct {
	list    string
	size    int
	maxSize int
}

// page is what one request asks of a list: Limit rows after the position After (nil: from the start).
type page[K comparable] struct {
	Limit int
	After *K
}

// MaxRows is what to ask the query for: one row more than the page tells whether another page exists.
func (p page[K]) MaxRows() int32 { return int32(p.Limit) + 1 }

// timeKey is a position in a list ordered by a date or a time, then id.
type timeKey struct {
	At time.Time `json:"t"`
	ID int64     `json:"i"`
}

// keyset answers the position as the two parameters a query's keyset condition takes; nil, nil
// before the first page.
func (k *timeKey) keyset() (*time.Time, *int64) {
	if k == nil {
		return nil, nil
	}
	return &k.At, &k.ID
}

// rankKey is a position in a list ordered by a number (a college's interest), then id.
type rankKey struct {
	Rank int32 `json:"r"`
	ID   int64 `json:"i"`
}

func (k *rankKey) keyset() (*int32, *int64) {
	if k == nil {
		return nil, nil
	}
	return &k.Rank, &k.ID
}

// idKey is a position in a list ordered by id alone (the QR codes: newest first).
type idKey struct {
	ID int64 `json:"i"`
}

func (k *idKey) keyset() *int64 {
	if k == nil {
		return nil
	}
	return &k.ID
}

// cursor is what a cursor holds before it is made opaque (JSON, then base64url).
type cursor[K comparable] struct {
	List string `json:"l"`
	Key  K      `json:"k"`
}

func encodeCursor[K comparable](list string, key K) string {
	b, err := json.Marshal(cursor[K]{List: list, Key: key})
	if err != nil {
		panic(fmt.Sprintf("encoding a %s cursor: %v", list, err)) // keys are plain structs: cannot fail
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// decodeCursor reads a cursor of list; one without a position (the zero key) is not one we wrote.
func decodeCursor[K comparable](list, raw string) (K, bool) {
	var c cursor[K]
	var zero K
	b, err := base64.RawURLEncoding.DecodeString(raw)
	if err != nil {
		return zero, false
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil || dec.More() || c.List != list || c.Key == zero {
		return zero, false
	}
	return c.Key, true
}

// readPage reads ?limit= (1 to maxSize, default size) and ?cursor= (a position from this list's
// X-Next-Cursor), answering 400 with what is wrong.
func readPage[K comparable](c *echo.Context, spec pages) (page[K], error) {
	p := page[K]{Limit: spec.size}
	if raw := c.QueryParam("limit"); raw != "" {
		limit, err := strconv.Atoi(raw)
		if err != nil || limit < 1 || limit > spec.maxSize {
			return p, badRequest(fmt.Sprintf("limit must be a number from 1 to %d", spec.maxSize))
		}
		p.Limit = limit
	}
	if raw := c.QueryParam("cursor"); raw != "" {
		key, ok := decodeCursor[K](spec.list, raw)
		if !ok {
			return p, badRequest("cursor is not valid for this list: use the X-Next-Cursor of its previous page, or leave it out for the first page")
		}
		p.After = &key
	}
	return p, nil
}

// pageRows answers the page's rows of what the query returned (at most MaxRows), and sets the
// cursor of the page's last row when the extra row shows that more remain. writePage uses it; a
// handler that writes its own JSON (stats copies stored bytes) calls it directly.
func pageRows[Row any, K comparable](c *echo.Context, spec pages, p page[K], rows []Row, key func(Row) K) []Row {
	if len(rows) > p.Limit {
		rows = rows[:p.Limit]
		c.Response().Header().Set(nextCursorHeader, encodeCursor(spec.list, key(rows[len(rows)-1])))
	}
	return rows
}

// writePage answers rows (as the query returned them: at most MaxRows) as one page, each row as to,
// then completed by finish (a list of items the family answers adds their comments and reactions).
func writePage[Row, Out any, K comparable](c *echo.Context, spec pages, p page[K], rows []Row, key func(Row) K, to func(Row) Out, finish ...func([]Out) error) error {
	rows = pageRows(c, spec, p, rows, key)
	out := make([]Out, len(rows))
	for i, r := range rows {
		out[i] = to(r)
	}
	for _, f := range finish {
		if err := f(out); err != nil {
			return err
		}
	}
	return c.JSON(http.StatusOK, out)
}

// listPage answers one page of a list: query gets what the request asked for and returns the rows.
func listPage[Row, Out any, K comparable](c *echo.Context, spec pages, key func(Row) K, to func(Row) Out, query func(page[K]) ([]Row, error), finish ...func([]Out) error) error {
	p, err := readPage[K](c, spec)
	if err != nil {
		return err
	}
	rows, err := query(p)
	if err != nil {
		return fmt.Errorf("listing %s: %w", spec.list, err)
	}
	return writePage(c, spec, p, rows, key, to, finish...)
}

// sectionPage is listPage for a list in one of the athlete's privacy sections: one empty page when
// the section is hidden from the caller, else query with the caller's scope (a limited member's
// shares go into the query, so their pages are full pages of what they may see).
func sectionPage[Row, Out any, K comparable](c *echo.Context, spec pages, key func(Row) K, to func(Row) Out, query func(store.Scope, page[K]) ([]Row, error), finish ...func([]Out) error) error {
	scope := sectionScope(c)
	return listPage(c, spec, key, to, func(p page[K]) ([]Row, error) {
		if scope.Hidden {
			return nil, nil
		}
		return query(scope, p)
	}, finish...)
}
