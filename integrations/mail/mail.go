// Package mail delivers e-mail over SMTP. Configured by one URL: smtp://user:pass@host:port
// (STARTTLS when the server offers it) or smtps://… (implicit TLS).
package mail

import (
	"bytes"
	"crypto/tls"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/url"
	"strings"
	"time"
)

// Message is one plain-text e-mail.
type Message struct {
	To      string
	Subject string
	Body    string
	// Unsubscribe, when set, is the one-click unsubscribe address (RFC 8058): sent as
	// List-Unsubscribe with List-Unsubscribe-Post, so a mail client can offer "Unsubscribe".
	Unsubscribe string
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

// Render builds the RFC 5322 message: UTF-8 plain text, quoted-printable, encoded subject.
func Render(from string, msg Message) ([]byte, error) {
	if _, err := mail.ParseAddress(msg.To); err != nil {
		return nil, fmt.Errorf("recipient %q is not an address: %w", msg.To, err)
	}
	if strings.ContainsAny(msg.Subject, "\r\n") {
		return nil, fmt.Errorf("subject contains a line break")
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "From: %s\r\n", from)
	fmt.Fprintf(&buf, "To: %s\r\n", msg.To)
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
	buf.WriteString("Content-Type: text/plain; charset=utf-8\r\n")
	buf.WriteString("Content-Transfer-Encoding: quoted-printable\r\n\r\n")
	qp := quotedprintable.NewWriter(&buf)
	if _, err := qp.Write([]byte(strings.ReplaceAll(msg.Body, "\n", "\r\n"))); err != nil {
		return nil, err
	}
	if err := qp.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
