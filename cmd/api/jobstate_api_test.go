package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
)

// jobStatuses are the five words of a job's status (docs/API.md, "Job state").
var jobStatuses = []string{"none", "pending", "processing", "ready", "failed"}

// TestEveryJobBackedAnswerHasTheOneJobState makes a record of every kind whose work a job does,
// through the api with every queue's workers running, and reads each answer twice: as the api
// first gives it, and once its job has finished. Every one has the one shape (requireJobState).
func TestEveryJobBackedAnswerHasTheOneJobState(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.runQueues(t, jobs.QueueDefault, jobs.QueueMedia, jobs.QueueAI)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	path := func(format string, args ...any) string { return fmt.Sprintf(format, args...) }

	// kinds: what the api answers when the record is made, and how to read it again; field names
	// the job state's object inside the answer ("" the answer itself), prefix its names ("ai").
	type kind struct {
		name          string
		made          response
		read          func() map[string]any
		field, prefix string
	}
	var kinds []kind
	add := func(name string, made response, read func() map[string]any) {
		kinds = append(kinds, kind{name: name, made: made, read: read})
	}
	get := func(p string) func() map[string]any {
		return func() map[string]any {
			res := owner.do("GET", p, nil)
			require.Equal(t, http.StatusOK, res.status, "%s: %s", p, res.body)
			return res.json(t)
		}
	}
	// first reads the first element of a list, the newest record.
	first := func(p string) func() map[string]any {
		return func() map[string]any {
			list := listOf(t, owner.do("GET", p, nil))
			require.NotEmpty(t, list, p)
			return list[0]
		}
	}

	video := owner.upload(path("/api/athletes/%d/media", athlete), map[string]string{"title": "Game"}, "game.mp4", bytes.NewReader(testVideo(t)))
	require.Equal(t, http.StatusAccepted, video.status, string(video.body))
	mediaID := answerID(t, video)
	add("media item", video, get(path("/api/media/%d", mediaID)))
	waitJob(t, "media item", get(path("/api/media/%d", mediaID)), "")

	highlights := owner.do("POST", path("/api/media/%d/highlights", mediaID), nil)
	add("highlights", highlights, get(path("/api/media/%d/highlights", mediaID)))

	reel := owner.do("POST", path("/api/athletes/%d/reels", athlete), map[string]any{"title": "Season", "clipIds": []int64{mediaID, mediaID},
		"titleSlide": map[string]string{"name": "Jo"}, "formats": []string{"landscape"}})
	add("reel", reel, get(path("/api/reels/%d", answerID(t, reel))))

	entry := owner.do("POST", path("/api/athletes/%d/journal", athlete), map[string]any{"title": "First game", "content": "we won the game",
		"date": "2026-04-11", "tags": []string{}, "enhanceWithAI": true})
	kinds = append(kinds, kind{name: "journal entry's enhancement", made: entry, prefix: "ai", read: func() map[string]any {
		return listOf(t, owner.do("GET", path("/api/athletes/%d/journal", athlete), nil))[0]
	}})

	prompts := owner.do("POST", path("/api/athletes/%d/journal-prompts/generate", athlete), nil)
	add("prompt generation", prompts, get(path("/api/athletes/%d/journal-prompts/generate", athlete)))

	invite := owner.do("POST", path("/api/athletes/%d/family-circle", athlete), map[string]any{"name": "Grandma Rose",
		"email": "rose@example.com", "relationship": "grandparent", "accessLevel": "viewer"})
	require.Equal(t, http.StatusCreated, invite.status, string(invite.body))
	kinds = append(kinds, kind{name: "invitation e-mail", field: "invitationEmail", read: func() map[string]any {
		for _, m := range listOf(t, owner.do("GET", path("/api/athletes/%d/family-circle", athlete), nil)) {
			if m["email"] == "rose@example.com" {
				return m
			}
		}
		t.Fatal("the invited member is not listed")
		return nil
	}})

	conn := connectPlatform(t, owner, athlete, "gamechanger", "12")
	upload := owner.upload(path("/api/stats/athlete-platforms/%d/imports", conn), map[string]string{"season": "2026 Spring"}, "season.csv", strings.NewReader(gameChangerSeason))
	require.Equal(t, http.StatusAccepted, upload.status, string(upload.body))
	add("stats import", upload, get(path("/api/stats/imports/%d", answerID(t, upload))))
	waitJob(t, "stats import", get(path("/api/stats/imports/%d", answerID(t, upload))), "")
	kinds = append(kinds, kind{name: "stats import in its connection", field: "latestImport", read: first(path("/api/stats/athlete-platforms/%d", athlete))})

	add("stats sync", owner.do("POST", path("/api/stats/sync-platform/%d", conn), nil), get(path("/api/stats/sync-platform/%d", conn)))

	report := owner.do("POST", path("/api/stats/reports/%d", athlete), nil)
	add("stats report", report, get(path("/api/stats/reports/%d/%d", athlete, answerID(t, report))))

	book := owner.do("POST", path("/api/athletes/%d/season-books", athlete), map[string]any{"title": "Spring", "from": "2026-03-01", "to": "2026-06-30",
		"include": map[string]bool{"journal": true, "media": true}})
	add("season book", book, get(path("/api/season-books/%d", answerID(t, book))))

	add("QR code", owner.do("POST", path("/api/athletes/%d/qr-codes", athlete), map[string]any{"title": "Showcase", "targetUrl": "https://example.com/jo"}),
		first(path("/api/athletes/%d/qr-codes", athlete)))

	achievement := owner.do("POST", path("/api/athletes/%d/achievements", athlete), map[string]any{"title": "All-State", "date": "2026-04-11", "category": "award"})
	kinds = append(kinds, kind{name: "achievement card", made: achievement, field: "card", read: first(path("/api/athletes/%d/achievements", athlete))})

	photo := owner.sendFile("PUT", path("/api/athletes/%d/photo", athlete), nil, "me.png", bytes.NewReader(testPNG(t)))
	add("athlete photo", photo, func() map[string]any {
		answer, _ := get(path("/api/athletes/%d", athlete))()["photo"].(map[string]any)
		return answer
	})

	add("export", owner.do("POST", path("/api/athletes/%d/exports", athlete), nil), first(path("/api/athletes/%d/exports", athlete)))

	for _, k := range kinds {
		if k.made.body != nil {
			require.Contains(t, []int{http.StatusCreated, http.StatusAccepted}, k.made.status, "%s: %s", k.name, k.made.body)
			requireJobState(t, k.name+" as made", pick(t, k.made.json(t), k.field), k.prefix)
		}
		done := waitJob(t, k.name, k.read, k.field)
		requireJobState(t, k.name+" once its job ended", done, k.prefix)
		statusKey, _ := jobStateKeys(k.prefix)
		require.Equal(t, "ready", done[statusKey], "%s: %v", k.name, done)
	}
}

// requireJobState holds one record's job state to the contract: status one of the five words,
// statusReason a string (never null), progress (when there) a number from 0 to 1, and no state,
// error or reason beside them. prefix is "ai" for the journal entry's aiStatus/aiStatusReason.
func requireJobState(t *testing.T, what string, state map[string]any, prefix string) {
	t.Helper()
	statusKey, reasonKey := jobStateKeys(prefix)
	require.Contains(t, jobStatuses, state[statusKey], "%s: status in %v", what, state)
	reason, isString := state[reasonKey].(string)
	require.True(t, isString, "%s: statusReason must be a string: %v", what, state)
	if state[statusKey] != "failed" {
		require.Empty(t, reason, "%s", what)
	}
	if progress, present := state["progress"]; present {
		p, isNumber := progress.(float64)
		require.True(t, isNumber, "%s: progress must be a number: %v", what, state)
		require.True(t, p >= 0 && p <= 1, "%s: progress %v is not a fraction", what, p)
	}
	for _, old := range []string{"state", "error", "reason"} {
		require.NotContains(t, state, old, "%s", what)
	}
}

// jobStateKeys names the status and reason fields: aiStatus and aiStatusReason with prefix "ai".
func jobStateKeys(prefix string) (status, reason string) {
	if prefix == "" {
		return "status", "statusReason"
	}
	return prefix + "Status", prefix + "StatusReason"
}

// pick answers the job state's object in an answer: the answer itself, or its field.
func pick(t *testing.T, answer map[string]any, field string) map[string]any {
	t.Helper()
	if field == "" {
		return answer
	}
	state, ok := answer[field].(map[string]any)
	require.True(t, ok, "%s is not an object in %v", field, answer)
	return state
}

// waitJob reads a record until its job is no longer working on it, and answers its job state.
func waitJob(t *testing.T, what string, read func() map[string]any, field string) map[string]any {
	t.Helper()
	var state map[string]any
	require.Eventually(t, func() bool {
		answer := read()
		if field != "" && answer[field] == nil {
			return false
		}
		state = pick(t, answer, field)
		s := state["status"]
		if s == nil {
			s = state["aiStatus"]
		}
		return !slices.Contains([]any{"pending", "processing"}, s)
	}, 60*time.Second, 100*time.Millisecond, what)
	return state
}

func answerID(t *testing.T, res response) int64 {
	t.Helper()
	n, ok := res.json(t)["id"].(float64)
	require.True(t, ok, "no id in %s", res.body)
	return int64(n)
}

// testVideo is two seconds of H.264 and AAC made by the system's ffmpeg.
func testVideo(t *testing.T) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "game.mp4")
	cmd := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=2",
		"-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", out)
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "ffmpeg: %s", msg)
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	return b
}
