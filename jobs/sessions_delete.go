package jobs

import (
	"context"
	"fmt"

	"github.com/alexedwards/scs/v2"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

// SessionUserIDKey is where a session holds its signed-in account's id (the api writes it).
const SessionUserIDKey = "userID"

// SessionsDeleteArgs removes every session of a deleted account. A deleted account's sessions
// already admit nobody (the api finds no user behind them); this takes their rows away too.
type SessionsDeleteArgs struct {
	UserID int64 `json:"user_id"`
}

func (SessionsDeleteArgs) Kind() string { return "sessions_delete" }

func (SessionsDeleteArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 10}
}

// SessionsDeleteWorker reads the sessions table in pages and deletes the rows whose data names the
// account. The data is scs's encoding, opaque to SQL, hence the reading in Go.
type SessionsDeleteWorker struct {
	river.WorkerDefaults[SessionsDeleteArgs]
	Pool *pgxpool.Pool
}

const sessionsPage = 1000

func (w *SessionsDeleteWorker) Work(ctx context.Context, job *river.Job[SessionsDeleteArgs]) error {
	codec := scs.GobCodec{}
	after := ""
	for {
		rows, err := w.Pool.Query(ctx, "SELECT token, data FROM sessions WHERE token > $1 ORDER BY token LIMIT $2", after, sessionsPage)
		if err != nil {
			return fmt.Errorf("reading sessions: %w", err)
		}
		var theirs []string
		read := 0
		for rows.Next() {
			var token string
			var data []byte
			if err := rows.Scan(&token, &data); err != nil {
				rows.Close()
				return err
			}
			read++
			after = token
			_, values, err := codec.Decode(data)
			if err != nil {
				continue // not ours to judge: scs drops what it cannot read
			}
			if id, ok := values[SessionUserIDKey].(int64); ok && id == job.Args.UserID {
				theirs = append(theirs, token)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(theirs) > 0 {
			if _, err := w.Pool.Exec(ctx, "DELETE FROM sessions WHERE token = ANY($1)", theirs); err != nil {
				return fmt.Errorf("deleting sessions: %w", err)
			}
		}
		if read < sessionsPage {
			return nil
		}
	}
}
