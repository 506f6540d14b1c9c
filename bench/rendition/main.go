// Command rendition prints, one argument a line, the ffmpeg arguments the worker's media_process
// job runs to make the browser-playable rendition of a video (media.RenditionArgs after
// media.Probe), so that bench/rendition.sh times exactly that command beside the whole pipeline.
//
//	go run ./bench/rendition IN OUT
package main

import (
	"context"
	"fmt"
	"log"
	"os"

	"legacylocker/media"
)

func main() {
	if len(os.Args) != 3 {
		log.Fatal("usage: rendition IN OUT")
	}
	p, err := media.Probe(context.Background(), os.Args[1])
	if err != nil {
		log.Fatal(err)
	}
	if !media.NeedsRendition(p) {
		log.Fatalf("%s plays as it is: the worker makes no rendition of it", os.Args[1])
	}
	for _, arg := range media.RenditionArgs(os.Args[1], os.Args[2], p) {
		fmt.Println(arg)
	}
}
