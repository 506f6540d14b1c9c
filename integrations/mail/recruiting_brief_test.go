package mail

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRecruitingBriefLeavesOutEmptyPartsAndCarriesTheUnsubscribe(t *testing.T) {
	msg := RecruitingBrief("pat@example.com", "Pat", "Sam Lee", BriefContent{
		Today: "Mon Dec 14", Schools: []string{"State University (D1 softball) is in a quiet period through Dec 21: …"}, MoreSchools: 2,
		FollowUps: []string{"Follow up with State University by Thu Dec 17"}, Link: "https://ll.example/recruiting?athlete=7", Disclaimer: "Confirm dates.",
	}, "https://ll.example/api/unsubscribe/abc")
	require.Equal(t, "Sam Lee's recruiting week: Mon Dec 14", msg.Subject)
	require.Contains(t, msg.Body, "Your schools today (Mon Dec 14):\n- State University (D1 softball) is in a quiet period through Dec 21: …\n…and 2 more on your list.\n")
	require.Contains(t, msg.Body, "\nFollow-ups due:\n- Follow up with State University by Thu Dec 17\n")
	require.NotContains(t, msg.Body, "Key dates")
	require.NotContains(t, msg.Body, "Coach links opened")
	require.Contains(t, msg.Body, "open this link: https://ll.example/api/unsubscribe/abc")
	raw, err := Render("Legacy Locker <hello@ll.example>", msg)
	require.NoError(t, err)
	require.True(t, strings.Contains(string(raw), "List-Unsubscribe: <https://ll.example/api/unsubscribe/abc>\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"))
}
