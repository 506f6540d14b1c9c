// Package mailtest runs a real SMTP server on loopback for tests, capturing every message it
// receives, so the product's own SMTP client code is exercised end to end.
package mailtest

import (
	"io"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
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
	Body    string
	Header  mail.Header
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
	var body io.Reader = parsed.Body
	if strings.EqualFold(parsed.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
		body = quotedprintable.NewReader(body)
	}
	raw, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(parsed.Header.Get("Subject"))
	if err != nil {
		return err
	}
	x.s.mu.Lock()
	x.s.messages = append(x.s.messages, Message{
		From: x.from, To: x.to, Subject: subject, Body: strings.ReplaceAll(string(raw), "\r\n", "\n"), Header: parsed.Header,
	})
	x.s.mu.Unlock()
	x.s.arrived <- struct{}{}
	return nil
}
