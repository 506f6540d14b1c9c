// Package observe is what the api and the worker share for operators to watch them: request ids
// carried into every log line, and the Prometheus metrics served on their own address.
package observe

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
)

// RequestIDHeader is read from the client (a load balancer's id is kept) and always answered.
const RequestIDHeader = "X-Request-Id"

type requestIDKey struct{}

// RequestID answers the request id that WithRequestID put in ctx, or "".
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// WithRequestIDs gives every request an id: the client's X-Request-Id when it is a sensible token,
// else a new random one. The id is answered in the same header and carried in the request's
// context, where LogHandler finds it for every line logged with that context.
func WithRequestIDs(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get(RequestIDHeader)
		if !validRequestID(id) {
			id = newRequestID()
		}
		w.Header().Set(RequestIDHeader, id)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestIDKey{}, id)))
	})
}

// validRequestID accepts ids of up to 64 letters, digits, '-', '_' and '.': enough for UUIDs and
// proxies' ids, and nothing that could forge a log line.
func validRequestID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, r := range id {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.'
		if !ok {
			return false
		}
	}
	return true
}

func newRequestID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b) // never fails (crypto/rand since Go 1.24)
	return hex.EncodeToString(b)
}

// LogHandler adds the request id, or the job id and kind, of the context to every record logged
// with one (InfoContext and friends), so all the lines of one request or job can be found together.
func LogHandler(h slog.Handler) slog.Handler { return logHandler{h} }

type logHandler struct{ slog.Handler }

func (h logHandler) Handle(ctx context.Context, r slog.Record) error {
	if id := RequestID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	if job, ok := ctx.Value(jobKey{}).(jobInfo); ok {
		r.AddAttrs(slog.Int64("job_id", job.id), slog.String("job_kind", job.kind))
	}
	return h.Handler.Handle(ctx, r)
}

func (h logHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return logHandler{h.Handler.WithAttrs(attrs)}
}

func (h logHandler) WithGroup(name string) slog.Handler { return logHandler{h.Handler.WithGroup(name)} }
