// Package scaleout holds the test that runs the deployment of README's "Scaling out" from the real
// binaries: several api and worker processes sharing one Postgres and one S3 bucket.
package scaleout
