package main

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image/png"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestAMemberWithoutEmailJoinsThroughACopiedLink: the owner copies a link for Grandpa (no e-mail), a
// newer link replaces the older one, the link works once, and the QR holds it.
func TestAMemberWithoutEmailJoinsThroughACopiedLink(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	added := owner.do("POST", fmt.Sprintf("/api/athletes/%d/family-circle", athlete), map[string]string{"name": "Grandpa Joe", "relationship": "grandparent", "accessLevel": "viewer"})
	require.Equal(t, http.StatusCreated, added.status, string(added.body))
	memberID := int64(added.json(t)["id"].(float64))
	linkPath := fmt.Sprintf("/api/family-circle/%d/invite-link", memberID)

	first := owner.do("POST", linkPath, nil)
	require.Equal(t, http.StatusCreated, first.status, string(first.body))
	second := owner.do("POST", linkPath, nil)
	require.Equal(t, http.StatusCreated, second.status)
	var link struct {
		URL       string    `json:"url"`
		ExpiresAt time.Time `json:"expiresAt"`
		QRCode    string    `json:"qrCode"`
	}
	require.NoError(t, jsonUnmarshal(second.body, &link))
	require.True(t, strings.HasPrefix(link.URL, "http://localhost:8080/invite/"), link.URL)
	require.WithinDuration(t, time.Now().Add(7*24*time.Hour), link.ExpiresAt, time.Minute)
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(link.QRCode, "data:image/png;base64,"))
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(raw))
	require.NoError(t, err)
	require.Equal(t, 320, img.Bounds().Dx())

	older := strings.TrimPrefix(first.json(t)["url"].(string), "http://localhost:8080/invite/")
	newer := strings.TrimPrefix(link.URL, "http://localhost:8080/invite/")
	require.Equal(t, http.StatusNotFound, s.newClient(t).do("GET", "/api/invitations/"+older, nil).status, "a new link replaces the older one")

	joe, _ := s.registered(t, "joe@example.net")
	res := joe.do("POST", "/api/invitations/"+newer+"/accept", nil)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, "viewer", res.json(t)["role"])
	require.Equal(t, http.StatusGone, s.newClient(t).do("GET", "/api/invitations/"+newer, nil).status, "the link works once")

	joined := owner.do("POST", linkPath, nil)
	require.Equal(t, http.StatusBadRequest, joined.status, "a member who joined has no link")
}
