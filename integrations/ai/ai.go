package ai

import (
	"context"
	"errors"
	"strings"
	"time"
)

// Categories are the spec's journal categories. Suggested tags and prompt categories are
// always drawn from this list, in this order.
var Categories = []string{"game reflection", "training", "leadership", "mental preparation", "milestone"}

// Provider names say who produced a result, so the UI can tell a model's work from the
// offline enhancer's and never pass one off as the other.
const (
	providerModel = "model"
	providerBasic = "basic"
)

// defaultModel is used when Config.Model is empty (OPENAI_MODEL unset).
const defaultModel = "gpt-4o-mini"

// defaultTimeout bounds one call when Config.Timeout is zero (OPENAI_TIMEOUT unset).
const defaultTimeout = 60 * time.Second

// maxPrompts caps how many prompts one request may ask for: a journal page shows a handful,
// and an unbounded Count would make the model's answer (and its cost) unbounded too.
const maxPrompts = 10

// minPrompts is the fewest prompts Prompts ever answers.
const minPrompts = 3

// Entry is the journal entry to enhance, as the athlete wrote it.
type Entry struct {
	Title    string
	Content  string
	Sports   string // comma-separated, e.g. "Baseball, Softball"
	Position string
}

// Enhancement is what an Enhancer makes of an entry. Provider and Model record who wrote it,
// because a family's legacy journal must say whether a model or the offline tidy-up touched it.
type Enhancement struct {
	Polished string // the entry rewritten in the athlete's own voice, inventing no facts
	// Unchanged is set by the offline tidy-up when the entry needed nothing: Polished is then
	// the entry itself, and is not worth showing beside it.
	Unchanged bool
	Summary   string   // two sentences; "" from the offline tidy-up for an entry of one or two
	Tags      []string // subset of Categories, 0–3, lowercase, deduplicated, in Categories order
	Provider  string   // "model" or "basic"
	Model     string   // model name for "model"; "" for "basic"
}

// Enhancer polishes an entry, summarises it and suggests tags. The journal_enhance worker
// depends on this interface so tests can run it without a network.
type Enhancer interface {
	Enhance(ctx context.Context, e Entry) (Enhancement, error)
}

// PromptRequest describes the athlete a set of writing prompts is for.
type PromptRequest struct {
	Sports       string   // comma-separated, as on the athlete
	Position     string   // free text, e.g. "Pitcher / Outfield"
	RecentTitles []string // titles of the athlete's latest entries, to steer away from repeats
	Count        int      // how many prompts to answer; values below 3 count as 3, above 10 as 10
}

// Prompt is one writing prompt. Category is one of Categories.
type Prompt struct {
	Title    string
	Prompt   string
	Category string
}

// Prompter suggests writing prompts; the journal_prompts worker depends on it.
type Prompter interface {
	Prompts(ctx context.Context, r PromptRequest) ([]Prompt, error)
}

// Service is everything the journal workers need from the AI integration, plus the name of
// the provider ("model" or "basic") so the UI can say which one is running.
type Service interface {
	Enhancer
	Prompter
	Provider() string
}

// Config is the AI integration's configuration. The caller reads it from OPENAI_BASE_URL,
// OPENAI_API_KEY, OPENAI_MODEL (default "gpt-4o-mini") and OPENAI_TIMEOUT (default 60s).
type Config struct {
	BaseURL string // any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp); "" is OpenAI
	APIKey  string // "" selects the offline enhancer
	Model   string
	Timeout time.Duration // per call, on top of the caller's context
}

// ErrPermanent marks failures that retrying cannot fix: the service refused the request
// (HTTP 4xx other than 408 and 429), the configuration is unusable, or the entry is empty.
// Workers give up on these (river.JobCancel) instead of retrying. Timeouts, rate limits,
// server errors and replies that are not the JSON asked for are not permanent.
var ErrPermanent = errors.New("ai: permanent failure")

// New answers the model-backed Client when cfg.APIKey is set and the Offline enhancer when it
// is not, so an installation without an AI service still works and says so.
func New(cfg Config) Service {
	if cfg.APIKey == "" {
		return Offline{}
	}
	return newClient(cfg)
}

// BuiltinPrompts are the three prompts every athlete can answer. They are the last fallback
// when neither the model nor the offline bank produced enough.
func BuiltinPrompts() []Prompt {
	return []Prompt{
		{
			Title:    "Game Reflection",
			Prompt:   "Think about your most recent game or competition. What went well, what would you do differently, and what did you learn about yourself?",
			Category: "game reflection",
		},
		{
			Title:    "Training",
			Prompt:   "Describe a recent practice or workout. What were you working on, what felt hard, and what progress are you starting to notice?",
			Category: "training",
		},
		{
			Title:    "Leadership",
			Prompt:   "Describe a moment when you helped a teammate or set an example for your team. What did you do, and how did it feel?",
			Category: "leadership",
		},
	}
}

// normalizeTags keeps the tags that name a category (ignoring case and surrounding space),
// without duplicates, in Categories order, at most three.
func normalizeTags(tags []string) []string {
	want := make(map[string]bool, len(tags))
	for _, t := range tags {
		want[strings.ToLower(strings.TrimSpace(t))] = true
	}
	out := []string{}
	for _, c := range Categories {
		if want[c] && len(out) < 3 {
			out = append(out, c)
		}
	}
	return out
}

// normalizeCategory answers the category a model or bank gave, or "" when it is not one.
func normalizeCategory(c string) string {
	c = strings.ToLower(strings.TrimSpace(c))
	for _, known := range Categories {
		if c == known {
			return c
		}
	}
	return ""
}

// clampCount turns a requested prompt count into one between minPrompts and maxPrompts.
func clampCount(n int) int {
	return min(max(n, minPrompts), maxPrompts)
}

// normalizeTitle is how titles are compared: case and spacing do not make a prompt new.
func normalizeTitle(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}
