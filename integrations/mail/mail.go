// Package mail delivers e-mail over SMTP. Configured by one URL: smtp://user:pass@host:port
// (STARTTLS when the server offers it) or smtps://… (implicit TLS).
package mail

import (
	"bytes"
	"crypto/tls"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"net/url"
	"strings"
	"time"
)

// Message is one e-mail: plain text, and HTML beside it when HTML is set.
type Message struct {
	To      string
	Subject string
	// Body is the plain text, sent with every message (alone, or as the alternative to HTML).
	Body string
	// HTML, when set, is sent as the preferred alternative to Body. It references its Images as
	// cid:<ContentID>.
	HTML string
	// Images travel inside the message as inline parts of the HTML, so a private photo is shown
	// without any URL of it leaving in the e-mail.
	Images []InlineImage
	// Unsubscribe, when set, is the one-click unsubscribe address (RFC 8058): sent as
	// List-Unsubscribe with List-Unsubscribe-Post, so a mail client can offer "Unsubscribe".
	Unsubscribe string
	// ReplyTo, when set, is the address a reply goes to instead of the sender (MAIL_FROM): the
	// family who wrote a contact message, for the copy support receives.
	ReplyTo string
}

// InlineImage is one picture carried inside an HTML message.
type InlineImage struct {
	// ContentID names the part; the HTML shows it as <img src="cid:ContentID">. Unique in its
	// message, in the form of an address (thumb-1@legacylocker).
	ContentID   string
	ContentType string
	// StorageKey is where the sending worker finds the bytes: a queued message keeps only the key.
	StorageKey string
	// Data is the image itself, filled in just before sending; Render writes it.
	Data []byte
}

// Sender delivers messages through one SMTP server.
type Sender struct {
	addr     string
	host     string
	from     string // the From header, "Name <address>"
	envelope string // the bare address for MAIL FROM
	auth     smtp.Auth
	implicit bool
}

// NewSender parses an SMTP URL. from is the envelope and header sender.
func NewSender(rawURL, from string) (*Sender, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("parsing SMTP_URL: %w", err)
	}
	if u.Scheme != "smtp" && u.Scheme != "smtps" {
		return nil, fmt.Errorf("SMTP_URL scheme must be smtp or smtps, not %q", u.Scheme)
	}
	host := u.Hostname()
	port := u.Port()
	if port == "" {
		port = map[string]string{"smtp": "587", "smtps": "465"}[u.Scheme]
	}
	fromAddr, err := mail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("MAIL_FROM is not an address: %w", err)
	}
	s := &Sender{addr: net.JoinHostPort(host, port), host: host, from: fromAddr.String(), envelope: fromAddr.Address, implicit: u.Scheme == "smtps"}
	if u.User != nil {
		password, _ := u.User.Password()
		s.auth = smtp.PlainAuth("", u.User.Username(), password, host)
	}
	return s, nil
}

// Send delivers one message.
func (s *Sender) Send(msg Message) error {
	data, err := Render(s.from, msg)
	if err != nil {
		return err
	}
	conn, err := s.dial()
	if err != nil {
		return fmt.Errorf("connecting to %s: %w", s.addr, err)
	}
	client, err := smtp.NewClient(conn, s.host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("starting SMTP session: %w", err)
	}
	defer client.Close()
	if ok, _ := client.Extension("STARTTLS"); ok && !s.implicit {
		if err := client.StartTLS(&tls.Config{ServerName: s.host}); err != nil {
			return fmt.Errorf("STARTTLS: %w", err)
		}
	}
	if s.auth != nil {
		if err := client.Auth(s.auth); err != nil {
			return fmt.Errorf("authenticating: %w", err)
		}
	}
	if err := client.Mail(s.envelope); err != nil {
		return fmt.Errorf("MAIL FROM: %w", err)
	}
	if err := client.Rcpt(msg.To); err != nil {
		return fmt.Errorf("RCPT TO: %w", err)
	}
	w, err := client.Data()
	if err != nil {
		return fmt.Errorf("DATA: %w", err)
	}
	if _, err := w.Write(data); err != nil {
		return fmt.Errorf("writing message: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("finishing message: %w", err)
	}
	return client.Quit()
}

func (s *Sender) dial() (net.Conn, error) {
	dialer := &net.Dialer{Timeout: 15 * time.Second}
	if s.implicit {
		return tls.DialWithDialer(dialer, "tcp", s.addr, &tls.Config{ServerName: s.host})
	}
	return dialer.Dial("tcp", s.addr)
}

// Render builds the RFC 5322 message. Without HTML it is UTF-8 plain text, quoted-printable. With
// HTML it is multipart/alternative: the plain text first, then a multipart/related of the HTML and
// its inline images (base64), the alternative a client shows when it can.
func Render(from string, msg Message) ([]byte, error) {
	if _, err := mail.ParseAddress(msg.To); err != nil {
		return nil, fmt.Errorf("recipient %q is not an address: %w", msg.To, err)
	}
	if strings.ContainsAny(msg.Subject, "\r\n") {
		return nil, fmt.Errorf("subject contains a line break")
	}
	if msg.HTML == "" && len(msg.Images) > 0 {
		return nil, fmt.Errorf("inline images without an HTML body to show them")
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "From: %s\r\n", from)
	fmt.Fprintf(&buf, "To: %s\r\n", msg.To)
	if msg.ReplyTo != "" {
		// Written as parsed, never as given: an address that smuggles a line break cannot add headers.
		replyTo, err := mail.ParseAddress(msg.ReplyTo)
		if err != nil {
			return nil, fmt.Errorf("reply-to %q is not an address: %w", msg.ReplyTo, err)
		}
		fmt.Fprintf(&buf, "Reply-To: %s\r\n", replyTo.String())
	}
	fmt.Fprintf(&buf, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", msg.Subject))
	fmt.Fprintf(&buf, "Date: %s\r\n", time.Now().Format(time.RFC1123Z))
	if msg.Unsubscribe != "" {
		if strings.ContainsAny(msg.Unsubscribe, "\r\n<>") {
			return nil, fmt.Errorf("unsubscribe address is not one URL")
		}
		fmt.Fprintf(&buf, "List-Unsubscribe: <%s>\r\n", msg.Unsubscribe)
		buf.WriteString("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n")
	}
	buf.WriteString("MIME-Version: 1.0\r\n")
	if msg.HTML == "" {
		buf.WriteString("Content-Type: text/plain; charset=utf-8\r\n")
		buf.WriteString("Content-Transfer-Encoding: quoted-printable\r\n\r\n")
		if err := writeQuotedPrintable(&buf, msg.Body); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	}
	if err := writeAlternatives(&buf, msg); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writeAlternatives writes the Content-Type header that ends the message's headers and the
// multipart/alternative body after it.
func writeAlternatives(buf *bytes.Buffer, msg Message) error {
	// Built first: the part's header names the boundary its body was written with.
	related, err := relatedHTML(msg)
	if err != nil {
		return err
	}
	alternative := multipart.NewWriter(buf)
	fmt.Fprintf(buf, "Content-Type: %s\r\n\r\n", mime.FormatMediaType("multipart/alternative", map[string]string{"boundary": alternative.Boundary()}))
	text, err := alternative.CreatePart(textproto.MIMEHeader{
		"Content-Type":              {"text/plain; charset=utf-8"},
		"Content-Transfer-Encoding": {"quoted-printable"},
	})
	if err != nil {
		return err
	}
	if err := writeQuotedPrintable(text, msg.Body); err != nil {
		return err
	}
	// Last, because a client shows the last alternative it understands.
	html, err := alternative.CreatePart(textproto.MIMEHeader{"Content-Type": {related.contentType}})
	if err != nil {
		return err
	}
	if _, err := html.Write(related.body); err != nil {
		return err
	}
	return alternative.Close()
}

type relatedPart struct {
	contentType string // multipart/related with its boundary
	body        []byte
}

// relatedHTML builds the multipart/related part: the HTML first (its root), then each image.
func relatedHTML(msg Message) (relatedPart, error) {
	var body bytes.Buffer
	related := multipart.NewWriter(&body)
	html, err := related.CreatePart(textproto.MIMEHeader{
		"Content-Type":              {"text/html; charset=utf-8"},
		"Content-Transfer-Encoding": {"quoted-printable"},
	})
	if err != nil {
		return relatedPart{}, err
	}
	if err := writeQuotedPrintable(html, msg.HTML); err != nil {
		return relatedPart{}, err
	}
	seen := map[string]bool{}
	for _, img := range msg.Images {
		if img.ContentID == "" || strings.ContainsAny(img.ContentID, "<>\r\n \t\"") {
			return relatedPart{}, fmt.Errorf("inline image content id %q is not a plain name", img.ContentID)
		}
		if seen[img.ContentID] {
			return relatedPart{}, fmt.Errorf("inline image content id %q is used twice", img.ContentID)
		}
		seen[img.ContentID] = true
		mediaType, _, err := mime.ParseMediaType(img.ContentType)
		if err != nil || !strings.HasPrefix(mediaType, "image/") {
			return relatedPart{}, fmt.Errorf("inline image %s has content type %q, not an image's", img.ContentID, img.ContentType)
		}
		part, err := related.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {mediaType},
			"Content-Transfer-Encoding": {"base64"},
			"Content-ID":                {"<" + img.ContentID + ">"},
			"Content-Disposition":       {"inline"},
		})
		if err != nil {
			return relatedPart{}, err
		}
		if err := writeBase64Lines(part, img.Data); err != nil {
			return relatedPart{}, err
		}
	}
	if err := related.Close(); err != nil {
		return relatedPart{}, err
	}
	return relatedPart{
		contentType: mime.FormatMediaType("multipart/related", map[string]string{"boundary": related.Boundary(), "type": "text/html"}),
		body:        body.Bytes(),
	}, nil
}

// writeQuotedPrintable writes text with CRLF line ends, quoted-printable.
func writeQuotedPrintable(w io.Writer, text string) error {
	qp := quotedprintable.NewWriter(w)
	if _, err := qp.Write([]byte(strings.ReplaceAll(text, "\n", "\r\n"))); err != nil {
		return err
	}
	return qp.Close()
}

// base64LineLength is the longest line RFC 2045 allows in base64 content.
const base64LineLength = 76

// writeBase64Lines writes data in base64, in lines of base64LineLength ending in CRLF.
func writeBase64Lines(w io.Writer, data []byte) error {
	encoded := base64.StdEncoding.EncodeToString(data)
	for len(encoded) > 0 {
		n := min(len(encoded), base64LineLength)
		if _, err := io.WriteString(w, encoded[:n]+"\r\n"); err != nil {
			return err
		}
		encoded = encoded[n:]
	}
	return nil
}
