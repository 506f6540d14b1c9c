// Package mailtest runs a real SMTP server on loopback for tests, capturing every message it
// receives, so the product's own SMTP client code is exercised end to end.
package mailtest

import (
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/textproto"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// Message is one received e-mail, decoded.
type Message struct {
	From    string
	To      []string
	Subject string
	// Body is the plain text: the whole body of a plain message, the text/plain part of a
	// multipart one.
	Body string
	// HTML is the text/html part of a multipart message, if it has one.
	HTML string
	// Images are the parts with a Content-ID (the inline images an HTML part shows as cid:…), by
	// that id without its angle brackets.
	Images map[string]Image
	Header mail.Header
}

// Image is one inline image as received, decoded.
type Image struct {
	ContentType string
	Data        []byte
}

// Server captures messages; URL is the smtp:// address to give the sender.
type Server struct {
	URL      string
	mu       sync.Mutex
	messages []Message
	arrived  chan struct{}
}

// Start listens on 127.0.0.1 on a free port until the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listening for SMTP: %v", err)
	}
	s := &Server{URL: "smtp://" + ln.Addr().String(), arrived: make(chan struct{}, 100)}
	srv := smtp.NewServer(backend{s})
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	go srv.Serve(ln) //nolint:errcheck // ends when the listener closes
	t.Cleanup(func() { srv.Close() })
	return s
}

// Messages answers what has arrived so far.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.messages...)
}

// WaitFor waits until n messages have arrived or the timeout passes.
func (s *Server) WaitFor(t testing.TB, n int, timeout time.Duration) []Message {
	t.Helper()
	deadline := time.After(timeout)
	for {
		if msgs := s.Messages(); len(msgs) >= n {
			return msgs
		}
		select {
		case <-s.arrived:
		case <-deadline:
			t.Fatalf("waited %s for %d e-mails, got %d", timeout, n, len(s.Messages()))
		}
	}
}

type backend struct{ s *Server }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{s: b.s}, nil }

type session struct {
	s    *Server
	from string
	to   []string
}

func (x *session) Reset()        { x.from, x.to = "", nil }
func (x *session) Logout() error { return nil }
func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	x.from = from
	return nil
}
func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.to = append(x.to, to)
	return nil
}

func (x *session) Data(r io.Reader) error {
	parsed, err := mail.ReadMessage(r)
	if err != nil {
		return err
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(parsed.Header.Get("Subject"))
	if err != nil {
		return err
	}
	msg := Message{From: x.from, To: x.to, Subject: subject, Header: parsed.Header, Images: map[string]Image{}}
	if err := msg.readPart(textproto.MIMEHeader(parsed.Header), parsed.Body); err != nil {
		return err
	}
	x.s.mu.Lock()
	x.s.messages = append(x.s.messages, msg)
	x.s.mu.Unlock()
	x.s.arrived <- struct{}{}
	return nil
}

// readPart decodes one part (the message itself at the top) into m, descending into multiparts.
func (m *Message) readPart(header textproto.MIMEHeader, body io.Reader) error {
	mediaType, params, err := mime.ParseMediaType(header.Get("Content-Type"))
	if err != nil {
		mediaType = "text/plain" // RFC 2045's default for a message without a Content-Type
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		parts := multipart.NewReader(body, params["boundary"])
		for {
			// NextRawPart leaves the transfer encoding to decode below, as for the top level.
			part, err := parts.NextRawPart()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			if err := m.readPart(part.Header, part); err != nil {
				return err
			}
		}
	}
	switch strings.ToLower(header.Get("Content-Transfer-Encoding")) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	raw, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	switch id := strings.Trim(header.Get("Content-ID"), "<>"); {
	case id != "":
		m.Images[id] = Image{ContentType: mediaType, Data: raw}
	case mediaType == "text/html":
		m.HTML = strings.ReplaceAll(string(raw), "\r\n", "\n")
	case mediaType == "text/plain":
		m.Body = strings.ReplaceAll(string(raw), "\r\n", "\n")
	}
	return nil
}
