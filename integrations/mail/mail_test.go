package mail_test

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	netmail "net/mail"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"legacylocker/integrations/mail"
)

// withoutDate drops the Date header, the one line of a rendered message that changes with the clock.
func withoutDate(data []byte) string {
	return regexp.MustCompile(`(?m)^Date: [^\r]*\r\n`).ReplaceAllString(string(data), "")
}

// TestRenderPlainText: a message without HTML is rendered exactly as before HTML e-mail existed.
func TestRenderPlainText(t *testing.T) {
	t.Parallel()
	data, err := mail.Render("Legacy Locker <no-reply@legacylocker.app>", mail.Message{
		To: "ana@example.com", Subject: "Première victoire", Body: "Hi Ana,\n\nJo won: 3 = 1 + 2.\n", Unsubscribe: "https://x/api/unsubscribe/tok",
	})
	require.NoError(t, err)
	require.Equal(t, "From: Legacy Locker <no-reply@legacylocker.app>\r\n"+
		"To: ana@example.com\r\n"+
		"Subject: =?utf-8?q?Premi=C3=A8re_victoire?=\r\n"+
		"List-Unsubscribe: <https://x/api/unsubscribe/tok>\r\n"+
		"List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"+
		"MIME-Version: 1.0\r\n"+
		"Content-Type: text/plain; charset=utf-8\r\n"+
		"Content-Transfer-Encoding: quoted-printable\r\n"+
		"\r\n"+
		"Hi Ana,\r\n\r\nJo won: 3 =3D 1 + 2.\r\n", withoutDate(data))
}

// TestRenderHTMLWithInlineImages parses a rendered HTML message back into its MIME tree: the text,
// then a multipart/related of the HTML and each image under its Content-ID, bytes intact.
func TestRenderHTMLWithInlineImages(t *testing.T) {
	t.Parallel()
	first, second := make([]byte, 3000), make([]byte, 57) // 57 bytes are exactly one 76-column line
	_, _ = rand.Read(first)
	_, _ = rand.Read(second)
	html := `<p>Hi Ana, here is Jo’s first pitch: <img src="cid:thumb-1@legacylocker" alt="First pitch"> ` +
		strings.Repeat("and a long line that quoted-printable must wrap ", 5) + `<img src="cid:thumb-2@legacylocker" alt="">` + "</p>\n"
	msg := mail.Message{
		To: "ana@example.com", Subject: "2 new things for Jo", Body: "Hi Ana,\nhere is Jo’s first pitch.\n", HTML: html,
		Unsubscribe: "https://x/api/unsubscribe/tok",
		Images: []mail.InlineImage{
			{ContentID: "thumb-1@legacylocker", ContentType: "image/jpeg", StorageKey: "a.jpg", Data: first},
			{ContentID: "thumb-2@legacylocker", ContentType: "image/png", StorageKey: "b.png", Data: second},
		},
	}
	data, err := mail.Render("Legacy Locker <no-reply@legacylocker.app>", msg)
	require.NoError(t, err)

	parsed, err := netmail.ReadMessage(bytes.NewReader(data))
	require.NoError(t, err)
	require.Equal(t, "<https://x/api/unsubscribe/tok>", parsed.Header.Get("List-Unsubscribe"), "the headers are a plain message's")
	require.Equal(t, "1.0", parsed.Header.Get("MIME-Version"))
	alternative := multipartOf(t, parsed.Header.Get("Content-Type"), "multipart/alternative", parsed.Body)

	text := nextPart(t, alternative, "text/plain", "quoted-printable")
	require.Equal(t, "utf-8", charset(t, text))
	require.Equal(t, strings.ReplaceAll(msg.Body, "\n", "\r\n"), readQuotedPrintable(t, text))

	relatedPart := nextPart(t, alternative, "multipart/related", "")
	_, params, err := mime.ParseMediaType(relatedPart.Header.Get("Content-Type"))
	require.NoError(t, err)
	require.Equal(t, "text/html", params["type"], "RFC 2387: the type of the root part")
	related := multipartOf(t, relatedPart.Header.Get("Content-Type"), "multipart/related", relatedPart)

	htmlPart := nextPart(t, related, "text/html", "quoted-printable")
	require.Equal(t, "utf-8", charset(t, htmlPart))
	require.Equal(t, strings.ReplaceAll(html, "\n", "\r\n"), readQuotedPrintable(t, htmlPart))
	for _, want := range msg.Images {
		image := nextPart(t, related, want.ContentType, "base64")
		require.Equal(t, "<"+want.ContentID+">", image.Header.Get("Content-ID"))
		require.Equal(t, "inline", image.Header.Get("Content-Disposition"))
		raw, err := io.ReadAll(image)
		require.NoError(t, err)
		lines := strings.Split(strings.TrimSuffix(string(raw), "\r\n"), "\r\n")
		for i, line := range lines {
			require.LessOrEqual(t, len(line), 76, "line %d of %s", i, want.ContentID)
			if i < len(lines)-1 {
				require.Len(t, line, 76, "only the last line is short")
			}
		}
		decoded, err := base64.StdEncoding.DecodeString(strings.ReplaceAll(string(raw), "\r\n", ""))
		require.NoError(t, err)
		require.Equal(t, want.Data, decoded, want.ContentID)
	}
	_, err = related.NextRawPart()
	require.ErrorIs(t, err, io.EOF, "nothing after the images")
	_, err = alternative.NextRawPart()
	require.ErrorIs(t, err, io.EOF, "nothing after the HTML")
}

func TestRenderRefusesInlineImagesItCannotCarry(t *testing.T) {
	t.Parallel()
	jpeg := func(id string) mail.InlineImage {
		return mail.InlineImage{ContentID: id, ContentType: "image/jpeg", Data: []byte{0xff, 0xd8}}
	}
	for name, msg := range map[string]mail.Message{
		"images without HTML":      {Images: []mail.InlineImage{jpeg("a@x")}},
		"a content id twice":       {HTML: "<p>x</p>", Images: []mail.InlineImage{jpeg("a@x"), jpeg("a@x")}},
		"a header in a content id": {HTML: "<p>x</p>", Images: []mail.InlineImage{jpeg("a@x>\r\nBcc: evil@x")}},
		"no content id":            {HTML: "<p>x</p>", Images: []mail.InlineImage{jpeg("")}},
		"not an image":             {HTML: "<p>x</p>", Images: []mail.InlineImage{{ContentID: "a@x", ContentType: "text/html", Data: []byte("<script>")}}},
	} {
		msg.To, msg.Subject, msg.Body = "ana@example.com", "Hi", "Hello"
		_, err := mail.Render("x <a@x>", msg)
		require.Error(t, err, name)
	}
}

// multipartOf checks a Content-Type and answers a reader of the parts it bounds.
func multipartOf(t *testing.T, contentType, want string, body io.Reader) *multipart.Reader {
	t.Helper()
	mediaType, params, err := mime.ParseMediaType(contentType)
	require.NoError(t, err)
	require.Equal(t, want, mediaType)
	require.NotEmpty(t, params["boundary"])
	return multipart.NewReader(body, params["boundary"])
}

// nextPart answers the next part, raw (still in its transfer encoding), checking its type and encoding.
func nextPart(t *testing.T, r *multipart.Reader, mediaType, encoding string) *multipart.Part {
	t.Helper()
	part, err := r.NextRawPart()
	require.NoError(t, err, "expected a %s part", mediaType)
	got, _, err := mime.ParseMediaType(part.Header.Get("Content-Type"))
	require.NoError(t, err)
	require.Equal(t, mediaType, got)
	require.Equal(t, encoding, part.Header.Get("Content-Transfer-Encoding"))
	return part
}

func charset(t *testing.T, part *multipart.Part) string {
	t.Helper()
	_, params, err := mime.ParseMediaType(part.Header.Get("Content-Type"))
	require.NoError(t, err)
	return params["charset"]
}

func readQuotedPrintable(t *testing.T, part *multipart.Part) string {
	t.Helper()
	raw, err := io.ReadAll(part)
	require.NoError(t, err)
	for _, line := range strings.Split(string(raw), "\r\n") {
		require.LessOrEqual(t, len(line), 76, "quoted-printable lines are at most 76 columns")
	}
	decoded, err := io.ReadAll(quotedprintable.NewReader(bytes.NewReader(raw)))
	require.NoError(t, err)
	return string(decoded)
}

// TestRenderReplyTo: a reply goes to the address the message names, written as an address (a name
// in another alphabet encoded); one that is not an address, or that would add a header, is refused.
func TestRenderReplyTo(t *testing.T) {
	t.Parallel()
	data, err := mail.Render("Legacy Locker <no-reply@legacylocker.app>", mail.Message{
		To: "support@example.com", Subject: "Contact: Hello", Body: "Hi\n", ReplyTo: `"Zoë Park" <zoe@example.com>`,
	})
	require.NoError(t, err)
	parsed, err := netmail.ReadMessage(bytes.NewReader(data))
	require.NoError(t, err)
	replyTo, err := parsed.Header.AddressList("Reply-To")
	require.NoError(t, err)
	require.Equal(t, []*netmail.Address{{Name: "Zoë Park", Address: "zoe@example.com"}}, replyTo)
	require.Contains(t, string(data), "Reply-To: =?utf-8?q?Zo=C3=AB_Park?= <zoe@example.com>\r\n")

	plain, err := mail.Render("Legacy Locker <no-reply@legacylocker.app>", mail.Message{To: "ana@example.com", Subject: "s", Body: "b"})
	require.NoError(t, err)
	require.NotContains(t, string(plain), "Reply-To", "no Reply-To unless the message names one")

	for _, bad := range []string{"not an address", "pat@example.com\r\nBcc: all@example.com"} {
		_, err := mail.Render("Legacy Locker <no-reply@legacylocker.app>", mail.Message{To: "support@example.com", Subject: "s", Body: "b", ReplyTo: bad})
		require.ErrorContains(t, err, "reply-to", bad)
	}
}
