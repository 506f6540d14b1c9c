// Command s3put stores one file in an S3 bucket with minio-go's PutObject, the file's size known
// and every other option left at minio-go's defaults: the raw tool bench/s3upload.sh measures the
// api's upload into S3 against. It reads the same S3_* variables as the api (README,
// "Configuration") and prints the seconds the PutObject call took.
//
//	S3_ENDPOINT=127.0.0.1:17070 S3_ACCESS_KEY=… S3_SECRET_KEY=… go run ./bench/s3put FILE KEY
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

func main() {
	if len(os.Args) != 3 {
		log.Fatal("usage: s3put FILE KEY")
	}
	bucket := os.Getenv("S3_BUCKET")
	if bucket == "" {
		bucket = "legacylocker"
	}
	client, err := minio.New(os.Getenv("S3_ENDPOINT"), &minio.Options{
		Creds:  credentials.NewStaticV4(os.Getenv("S3_ACCESS_KEY"), os.Getenv("S3_SECRET_KEY"), ""),
		Region: "us-east-1",
	})
	if err != nil {
		log.Fatal(err)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	start := time.Now()
	put, err := client.PutObject(ctx, bucket, os.Args[2], f, info.Size(), minio.PutObjectOptions{ContentType: "application/octet-stream"})
	elapsed := time.Since(start)
	if err != nil {
		log.Fatal(err)
	}
	if put.Size != info.Size() {
		log.Fatalf("stored %d bytes of %d", put.Size, info.Size())
	}
	if err := client.RemoveObject(ctx, bucket, os.Args[2], minio.RemoveObjectOptions{}); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%.3f\n", elapsed.Seconds())
}
