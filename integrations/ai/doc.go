// Package ai enhances journal entries and writes journal prompts for the journal_enhance and
// journal_prompts jobs.
//
// New picks the implementation from the configuration:
//
//   - With OPENAI_API_KEY set, a Client talks to any OpenAI-compatible chat-completions
//     endpoint (OpenAI, Ollama, vLLM, llama.cpp) through sashabaranov/go-openai. Each call is
//     one JSON-mode chat completion bounded by OPENAI_TIMEOUT. The model rewrites the entry in
//     the athlete's own voice without inventing facts, summarises it in two sentences and
//     picks tags from Categories. The entry travels in the user message only, never inside
//     the instructions.
//   - Without a key, Offline does honest, deterministic work in pure Go: it tidies spacing,
//     capitalisation, punctuation and doubled words without rewording (and says so, Unchanged,
//     when the entry needed nothing), takes the two most representative sentences of a longer
//     entry as its summary, suggests only the categories whose own words the entry uses, and
//     draws prompts from a curated bank per sport and position.
//
// Every Enhancement says who produced it (Provider "model" with the model's name, or
// "basic"), so the product never presents the offline tidy-up as AI: the journal calls it
// "Cleaned up offline", and only a model's work "AI enhanced".
//
// Errors tell a worker what to do next: errors.Is(err, ErrPermanent) means the same request
// will fail again (the service refused it, the configuration is unusable, the entry is
// empty), so the job should be cancelled; any other error (a timeout, a rate limit, a server
// error, a reply that is not the JSON asked for) is worth retrying. Errors never contain the
// API key, and the package adds none of the entry's text to them.
package ai
