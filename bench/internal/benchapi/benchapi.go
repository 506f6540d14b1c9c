// Package benchapi is the benchmarks' client of the running api: a family signed up with one
// athlete, JSON requests that must answer a given status, and uploads as a browser sends them. A
// benchmark that meets anything else stops (log.Fatal): its figures would mean nothing.
package benchapi

import (
	"encoding/json"
	"fmt"
	"io"
	"log"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Media is what the benchmarks read of a media item.
type Media struct {
	ID           int64   `json:"id"`
	Status       string  `json:"status"`
	StatusReason string  `json:"statusReason"`
	ThumbnailURL *string `json:"thumbnailUrl"`
}

// Client is one signed-in browser.
type Client struct {
	base string
	http *http.Client
}

// SignUp registers a family (its address made unique from label) with one athlete, and answers its
// client and the athlete's id.
func SignUp(base, label string) (*Client, int64) {
	jar, _ := cookiejar.New(nil)
	c := &Client{base: base, http: &http.Client{Jar: jar, Timeout: time.Minute}}
	email := fmt.Sprintf("%s-%d@example.com", label, time.Now().UnixNano())
	c.MustJSON("POST", "/api/register", map[string]any{"firstName": "Bench", "lastName": "Family", "email": email, "password": "Bench-pass-1"}, 201, nil)
	var athlete struct{ ID int64 }
	c.MustJSON("POST", "/api/athletes", map[string]any{"name": "Bench Athlete", "sports": "Baseball", "graduationYear": time.Now().Year() + 2, "school": "Bench High"}, 201, &athlete)
	return c, athlete.ID
}

// MustJSON sends body as JSON and wants the status; the answer is decoded into out unless nil.
func (c *Client) MustJSON(method, path string, body any, want int, out any) {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = strings.NewReader(string(b))
	}
	req, _ := http.NewRequest(method, c.base+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		log.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		log.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			log.Fatalf("%s %s: %v", method, path, err)
		}
	}
}

// Upload streams the file as the multipart "file" part, as a browser does, and wants a 202.
func (c *Client) Upload(athlete int64, path, title string) Media {
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		err := func() error {
			if err := mw.WriteField("title", title); err != nil {
				return err
			}
			// The benchmarks post the same photos more than once: each is a new item, not a duplicate.
			if err := mw.WriteField("allowDuplicate", "true"); err != nil {
				return err
			}
			part, err := mw.CreateFormFile("file", filepath.Base(path))
			if err != nil {
				return err
			}
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			defer f.Close()
			if _, err := io.Copy(part, f); err != nil {
				return err
			}
			return mw.Close()
		}()
		pw.CloseWithError(err)
	}()
	req, _ := http.NewRequest("POST", fmt.Sprintf("%s/api/athletes/%d/media", c.base, athlete), pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	resp, err := c.http.Do(req)
	if err != nil {
		log.Fatalf("uploading %s: %v", path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusAccepted {
		log.Fatalf("uploading %s: %d %s", path, resp.StatusCode, data)
	}
	var it Media
	if err := json.Unmarshal(data, &it); err != nil {
		log.Fatal(err)
	}
	return it
}
