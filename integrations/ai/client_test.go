package ai

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

const testKey = "sk-test-0123456789abcdef"

// chatRequest is the part of a chat-completions request body the tests look at.
type chatRequest struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	ResponseFormat *struct {
		Type string `json:"type"`
	} `json:"response_format"`
	Temperature *float64 `json:"temperature"`
}

func (r chatRequest) message(role string) string {
	for _, m := range r.Messages {
		if m.Role == role {
			return m.Content
		}
	}
	return ""
}

// seenRequest is what the fake service received.
type seenRequest struct {
	method, path, auth string
	body               chatRequest
}

// fakeOpenAI is an httptest server speaking the chat-completions API: it records each
// request and lets reply write the answer.
type fakeOpenAI struct {
	*httptest.Server
	mu   sync.Mutex
	seen []seenRequest
}

func newFakeOpenAI(t *testing.T, reply func(w http.ResponseWriter, r *http.Request, req chatRequest)) *fakeOpenAI {
	t.Helper()
	f := &fakeOpenAI{}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req chatRequest
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		f.mu.Lock()
		f.seen = append(f.seen, seenRequest{method: r.Method, path: r.URL.Path, auth: r.Header.Get("Authorization"), body: req})
		f.mu.Unlock()
		reply(w, r, req)
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeOpenAI) requests() []seenRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]seenRequest(nil), f.seen...)
}

// answer replies with a successful chat completion whose message content is content.
func answer(content string) func(http.ResponseWriter, *http.Request, chatRequest) {
	return func(w http.ResponseWriter, _ *http.Request, req chatRequest) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"id":      "chatcmpl-test",
			"object":  "chat.completion",
			"created": 1700000000,
			"model":   req.Model + "-2024-07-18",
			"choices": []map[string]any{{
				"index":         0,
				"message":       map[string]any{"role": "assistant", "content": content},
				"finish_reason": "stop",
			}},
		})
	}
}

// fail replies with an HTTP error and body.
func fail(status int, body string) func(http.ResponseWriter, *http.Request, chatRequest) {
	return func(w http.ResponseWriter, _ *http.Request, _ chatRequest) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
	}
}

func apiErrorBody(message string) string {
	b, _ := json.Marshal(map[string]any{"error": map[string]any{"message": message, "type": "invalid_request_error"}})
	return string(b)
}

func testClient(t *testing.T, baseURL string, timeout time.Duration) Service {
	t.Helper()
	svc := New(Config{BaseURL: baseURL + "/v1", APIKey: testKey, Model: "test-model", Timeout: timeout})
	require.IsType(t, &Client{}, svc)
	return svc
}

var testEntry = Entry{
	Title:    "Central game",
	Content:  "we played central today  i pitched 5 innings and struck out 7 , coach said my changeup was working",
	Sports:   "Baseball, Softball",
	Position: "Pitcher",
}

func TestClientEnhance(t *testing.T) {
	t.Parallel()

	reply := `{"polished": "We played Central today. I pitched five innings and struck out seven, and Coach said my changeup was working.",
		"summary": "I pitched five innings against Central. Coach said my changeup was working.",
		"tags": ["Training", "game reflection", "hype", "training", " leadership "]}`
	srv := newFakeOpenAI(t, answer(reply))

	got, err := testClient(t, srv.URL, 5*time.Second).Enhance(context.Background(), testEntry)
	require.NoError(t, err)

	require.Equal(t, Enhancement{
		Polished: "We played Central today. I pitched five innings and struck out seven, and Coach said my changeup was working.",
		Summary:  "I pitched five innings against Central. Coach said my changeup was working.",
		Tags:     []string{"game reflection", "training", "leadership"},
		Provider: "model",
		Model:    "test-model",
	}, got)

	reqs := srv.requests()
	require.Len(t, reqs, 1, "one chat completion per call")
	req := reqs[0]
	require.Equal(t, http.MethodPost, req.method)
	require.Equal(t, "/v1/chat/completions", req.path)
	require.Equal(t, "Bearer "+testKey, req.auth)
	require.Equal(t, "test-model", req.body.Model)
	require.NotNil(t, req.body.ResponseFormat)
	require.Equal(t, "json_object", req.body.ResponseFormat.Type)
	require.NotNil(t, req.body.Temperature)

	require.Len(t, req.body.Messages, 2)
	system, user := req.body.message("system"), req.body.message("user")
	require.Contains(t, user, testEntry.Content)
	require.Contains(t, user, testEntry.Title)
	require.Contains(t, user, testEntry.Sports)
	require.Contains(t, user, testEntry.Position)
	require.NotContains(t, system, "central")
	require.NotContains(t, system, testEntry.Title)
	for _, rule := range []string{"first-person", "invent nothing", "exactly two sentences", "JSON", "game reflection", "mental preparation"} {
		require.Contains(t, system, rule)
	}
}

func TestClientEnhanceReplies(t *testing.T) {
	t.Parallel()

	tests := []struct {
		name    string
		content string
		want    Enhancement // checked when wantErr is false
		wantErr bool
	}{
		{
			name:    "object wrapped in a code fence is repaired once",
			content: "```json\n{\"polished\": \"I pitched.\", \"summary\": \"I pitched. It went well.\", \"tags\": [\"game reflection\"]}\n```",
			want:    Enhancement{Polished: "I pitched.", Summary: "I pitched. It went well.", Tags: []string{"game reflection"}, Provider: "model", Model: "test-model"},
		},
		{
			name:    "no valid tags leaves none",
			content: `{"polished": "I rested.", "summary": "I rested. Tomorrow I train.", "tags": ["rest day"]}`,
			want:    Enhancement{Polished: "I rested.", Summary: "I rested. Tomorrow I train.", Tags: []string{}, Provider: "model", Model: "test-model"},
		},
		{
			name:    "missing summary is taken from the polished text",
			content: `{"polished": "I pitched five innings. We won.", "tags": []}`,
			want:    Enhancement{Polished: "I pitched five innings. We won.", Summary: "I pitched five innings. We won.", Tags: []string{}, Provider: "model", Model: "test-model"},
		},
		{name: "not JSON", content: "Sure! Here is your polished entry: I pitched well.", wantErr: true},
		{name: "truncated JSON", content: `{"polished": "I pitched`, wantErr: true},
		{name: "empty polished", content: `{"polished": "  ", "summary": "A. B.", "tags": []}`, wantErr: true},
		{name: "missing polished", content: `{"summary": "A. B.", "tags": []}`, wantErr: true},
		{name: "tags of the wrong type", content: `{"polished": "I pitched.", "summary": "A. B.", "tags": "training"}`, wantErr: true},
		{name: "empty content", content: "", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()

			srv := newFakeOpenAI(t, answer(tt.content))
			got, err := testClient(t, srv.URL, 5*time.Second).Enhance(context.Background(), testEntry)
			if !tt.wantErr {
				require.NoError(t, err)
				require.Equal(t, tt.want, got)
				return
			}
			require.Error(t, err)
			require.False(t, errors.Is(err, ErrPermanent), "malformed output is worth a retry: %v", err)
		})
	}
}

func TestClientErrors(t *testing.T) {
	t.Parallel()

	tests := []struct {
		name      string
		status    int
		body      string
		permanent bool
	}{
		{name: "server error", status: 500, body: apiErrorBody("The server had an error"), permanent: false},
		{name: "bad gateway without a JSON body", status: 502, body: "<html>bad gateway</html>", permanent: false},
		{name: "unavailable", status: 503, body: apiErrorBody("overloaded"), permanent: false},
		{name: "rate limited", status: 429, body: apiErrorBody("Rate limit reached"), permanent: false},
		{name: "request timeout", status: 408, body: apiErrorBody("timeout"), permanent: false},
		{name: "bad request", status: 400, body: apiErrorBody("context_length_exceeded"), permanent: true},
		{name: "unauthorised, key echoed back", status: 401, body: apiErrorBody("Incorrect API key provided: " + testKey), permanent: true},
		{name: "forbidden without a JSON body", status: 403, body: "forbidden for key " + testKey, permanent: true},
		{name: "unknown model", status: 404, body: apiErrorBody("The model `test-model` does not exist"), permanent: true},
		{name: "unprocessable", status: 422, body: apiErrorBody("invalid"), permanent: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()

			srv := newFakeOpenAI(t, fail(tt.status, tt.body))
			svc := testClient(t, srv.URL, 5*time.Second)

			_, err := svc.Enhance(context.Background(), testEntry)
			require.Error(t, err)
			require.Equal(t, tt.permanent, errors.Is(err, ErrPermanent), "%v", err)
			require.NotContains(t, err.Error(), testKey)
			require.Contains(t, err.Error(), strconv.Itoa(tt.status))

			_, err = svc.Prompts(context.Background(), PromptRequest{Sports: "Soccer", Count: 3})
			require.Error(t, err)
			require.Equal(t, tt.permanent, errors.Is(err, ErrPermanent), "%v", err)
			require.NotContains(t, err.Error(), testKey)
		})
	}
}

func TestClientTimeout(t *testing.T) {
	t.Parallel()

	// The handler holds the request until the test ends, far longer than the timeout.
	release := make(chan struct{})
	srv := newFakeOpenAI(t, func(w http.ResponseWriter, r *http.Request, _ chatRequest) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	t.Cleanup(func() { close(release) }) // runs before the server's Close, which waits for handlers

	const timeout = 200 * time.Millisecond
	start := time.Now()
	_, err := testClient(t, srv.URL, timeout).Enhance(context.Background(), testEntry)
	elapsed := time.Since(start)

	require.Error(t, err)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.False(t, errors.Is(err, ErrPermanent))
	require.GreaterOrEqual(t, elapsed, timeout)
	require.Less(t, elapsed, 5*time.Second, "the call must give up at its timeout, not wait for the server")
}

func TestClientHonoursCallerDeadline(t *testing.T) {
	t.Parallel()

	release := make(chan struct{})
	srv := newFakeOpenAI(t, func(w http.ResponseWriter, r *http.Request, _ chatRequest) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	t.Cleanup(func() { close(release) })

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := testClient(t, srv.URL, time.Minute).Prompts(ctx, PromptRequest{Count: 3})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.False(t, errors.Is(err, ErrPermanent))
	require.Less(t, time.Since(start), 5*time.Second)
}

func TestClientConnectionRefused(t *testing.T) {
	t.Parallel()

	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close() // nothing listens there any more

	_, err := testClient(t, url, 5*time.Second).Enhance(context.Background(), testEntry)
	require.Error(t, err)
	require.False(t, errors.Is(err, ErrPermanent), "a service that is down may come back: %v", err)
	require.NotContains(t, err.Error(), testKey)
}

func TestClientPrompts(t *testing.T) {
	t.Parallel()

	tests := []struct {
		name       string
		count      int
		content    string
		wantTitles []string // the model's prompts that survive, in order
		wantLen    int
	}{
		{
			name:  "invalid prompts are dropped and the bank fills to three",
			count: 3,
			content: `{"prompts": [
				{"title": "Circle Confidence", "prompt": "How did you feel in the circle?", "category": "Mental Preparation"},
				{"title": "Nameless", "prompt": "", "category": "training"},
				{"title": "Made Up", "prompt": "Describe your favourite snack.", "category": "nutrition"},
				{"title": "circle confidence", "prompt": "Same title again.", "category": "training"}
			]}`,
			wantTitles: []string{"Circle Confidence"},
			wantLen:    3,
		},
		{
			name:  "more than asked for is cut to the count",
			count: 3,
			content: `{"prompts": [
				{"title": "One", "prompt": "First?", "category": "training"},
				{"title": "Two", "prompt": "Second?", "category": "leadership"},
				{"title": "Three", "prompt": "Third?", "category": "milestone"},
				{"title": "Four", "prompt": "Fourth?", "category": "game reflection"}
			]}`,
			wantTitles: []string{"One", "Two", "Three"},
			wantLen:    3,
		},
		{
			name:       "an empty list is filled entirely from the bank",
			count:      4,
			content:    `{"prompts": []}`,
			wantTitles: []string{},
			wantLen:    3,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()

			srv := newFakeOpenAI(t, answer(tt.content))
			req := PromptRequest{Sports: "Softball", Position: "Pitcher", RecentTitles: []string{"Opening Day", "Bus Ride Home"}, Count: tt.count}
			got, err := testClient(t, srv.URL, 5*time.Second).Prompts(context.Background(), req)
			require.NoError(t, err)

			require.Len(t, got, tt.wantLen)
			require.Equal(t, tt.wantTitles, titlesOf(got)[:len(tt.wantTitles)])
			seen := map[string]bool{}
			for _, p := range got {
				require.Contains(t, Categories, p.Category)
				require.NotEmpty(t, p.Prompt)
				require.False(t, seen[normalizeTitle(p.Title)])
				seen[normalizeTitle(p.Title)] = true
			}

			reqs := srv.requests()
			require.Len(t, reqs, 1)
			body := reqs[0].body
			require.Equal(t, "json_object", body.ResponseFormat.Type)
			user := body.message("user")
			for _, want := range []string{"Softball", "Pitcher", "Opening Day", "Bus Ride Home"} {
				require.Contains(t, user, want)
			}
			require.NotContains(t, body.message("system"), "Opening Day")
			require.Contains(t, body.message("system"), strconv.Itoa(clampCount(tt.count))+" prompts")
		})
	}
}

func TestClientPromptsMalformedReplyIsRetryable(t *testing.T) {
	t.Parallel()

	srv := newFakeOpenAI(t, answer(`{"prompts": "write about your game"}`))
	_, err := testClient(t, srv.URL, 5*time.Second).Prompts(context.Background(), PromptRequest{Count: 3})
	require.Error(t, err)
	require.False(t, errors.Is(err, ErrPermanent))
}

func TestNew(t *testing.T) {
	t.Parallel()

	offline := New(Config{})
	require.Equal(t, Offline{}, offline)
	require.Equal(t, "basic", offline.Provider())

	model := New(Config{APIKey: "sk-anything"})
	require.IsType(t, &Client{}, model)
	require.Equal(t, "model", model.Provider())
	client := model.(*Client)
	require.Equal(t, "gpt-4o-mini", client.model)
	require.Equal(t, 60*time.Second, client.timeout)
}

func TestClientRejectsUnusableBaseURL(t *testing.T) {
	t.Parallel()

	for _, baseURL := range []string{"localhost:11434/v1", "ftp://example.com/v1", "http://"} {
		t.Run(baseURL, func(t *testing.T) {
			t.Parallel()

			svc := New(Config{BaseURL: baseURL, APIKey: testKey})
			_, err := svc.Enhance(context.Background(), testEntry)
			require.ErrorIs(t, err, ErrPermanent)
			_, err = svc.Prompts(context.Background(), PromptRequest{Count: 3})
			require.ErrorIs(t, err, ErrPermanent)
		})
	}
}

func TestClientRefusesEmptyEntryWithoutCalling(t *testing.T) {
	t.Parallel()

	srv := newFakeOpenAI(t, answer(`{}`))
	_, err := testClient(t, srv.URL, 5*time.Second).Enhance(context.Background(), Entry{Title: "Blank", Content: "  \n "})
	require.ErrorIs(t, err, ErrPermanent)
	require.Empty(t, srv.requests())
}

func TestSamplingTemperature(t *testing.T) {
	t.Parallel()

	tests := []struct {
		model string
		want  float32
	}{
		{"gpt-4o-mini", 0.3},
		{"llama3.1:8b", 0.3},
		{"o3-mini", 0},
		{"o1", 0},
		{"gpt-5-mini", 0},
		{"openhermes", 0.3},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, samplingTemperature(tt.model, 0.3), tt.model)
	}
}
