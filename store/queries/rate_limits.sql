-- name: RateLimitHit :one
-- Counts one attempt in the fixed window starting at window_start and answers the running total.
INSERT INTO rate_limit_hits (key, window_start, hits)
VALUES (@key, @window_start, 1)
ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
RETURNING hits;

-- name: RateLimitPrune :exec
DELETE FROM rate_limit_hits WHERE window_start < @before;
