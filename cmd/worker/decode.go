package main

import (
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"legacylocker/cmd/internal/envconfig"
	"legacylocker/media"
)

// decodeCommand is the hidden subcommand a decoder child runs as ("worker decode"): media.Decoders
// starts this binary again with it, so a photo's decoding (libvips) happens in a child process
// whose crash fails that photo, not the worker. See media/child.go.
const decodeCommand = "decode"

// mediaQueueConfig is the media queue's River settings: its concurrency, and a fetch cadence that
// follows the work. River fetches at most once per FetchCooldown (100 ms by default), which caps a
// queue at MaxWorkers jobs per cooldown: 20 photos a second with 2 workers, while a small photo's
// thumbnail takes a few milliseconds. A fetch of the media queue is one indexed query, so it may
// run as often as jobs finish. The poll interval brings back jobs that snoozed (fairness.go) when no
// completion or insert wakes the queue.
type mediaQueueConfig struct {
	workers       int
	fetchCooldown time.Duration
	fetchPoll     time.Duration
	// perOwner is how many of one owner's media jobs run at once while another owner's wait.
	perOwner int
}

func loadMediaQueueConfig(env *envconfig.Reader) mediaQueueConfig {
	return mediaQueueConfig{
		workers:       env.Int("WORKER_MEDIA_CONCURRENCY", 2, 1),
		fetchCooldown: env.Duration("WORKER_MEDIA_FETCH_COOLDOWN", 2*time.Millisecond),
		fetchPoll:     env.Duration("WORKER_MEDIA_FETCH_POLL", 100*time.Millisecond),
		perOwner:      env.Int("WORKER_MEDIA_PER_OWNER", 1, 0),
	}
}

func (c mediaQueueConfig) validate() error {
	if c.fetchCooldown < river.FetchCooldownMin || c.fetchPoll < c.fetchCooldown {
		return fmt.Errorf("WORKER_MEDIA_FETCH_COOLDOWN (%s) must be at least %s and at most WORKER_MEDIA_FETCH_POLL (%s)",
			c.fetchCooldown, river.FetchCooldownMin, c.fetchPoll)
	}
	return nil
}

func (c mediaQueueConfig) river() river.QueueConfig {
	return river.QueueConfig{MaxWorkers: c.workers, FetchCooldown: c.fetchCooldown, FetchPollInterval: c.fetchPoll}
}

// loadDecoderLimits reads the decoder children's limits; by default as many children as media
// workers, so a burst never waits for a child.
func loadDecoderLimits(env *envconfig.Reader, mediaWorkers int) media.DecoderLimits {
	return media.DecoderLimits{
		Processes: env.Int("DECODER_PROCESSES", mediaWorkers, 1),
		Memory:    int64(env.Int("DECODER_MEMORY_MB", 1024, 16)) << 20,
		CPUTime:   env.Duration("DECODER_CPU_TIME", time.Minute),
		WallTime:  env.Duration("DECODER_TIMEOUT", 2*time.Minute),
		IdleTime:  env.Duration("DECODER_IDLE_TIMEOUT", time.Minute),
	}
}
