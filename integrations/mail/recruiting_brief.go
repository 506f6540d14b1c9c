package mail

import (
	"fmt"
	"strings"
)

// BriefContent is the weekly recruiting brief's lines, written by the jobs package (which the
// dashboard's card reads too): each school's period today, the key dates, the follow-ups due and
// the coach links opened.
type BriefContent struct {
	Today       string
	Schools     []string
	MoreSchools int
	KeyDates    []string
	FollowUps   []string
	OpenedLinks []string
	// Link is the athlete's recruiting page; Disclaimer goes with every NCAA date.
	Link, Disclaimer string
}

// RecruitingBrief is the owner's weekly recruiting brief about one athlete. A part with nothing in
// it is left out, but the schools, which every brief has.
func RecruitingBrief(to, firstName, athlete string, c BriefContent, unsubscribe string) Message {
	var b strings.Builder
	fmt.Fprintf(&b, "Hi %s,\n\nHere is %s's recruiting week.\n\nYour schools today (%s):\n", firstName, athlete, c.Today)
	for _, s := range c.Schools {
		fmt.Fprintf(&b, "- %s\n", s)
	}
	if c.MoreSchools > 0 {
		fmt.Fprintf(&b, "…and %d more on your list.\n", c.MoreSchools)
	}
	section := func(title string, lines []string) {
		if len(lines) == 0 {
			return
		}
		fmt.Fprintf(&b, "\n%s:\n", title)
		for _, l := range lines {
			fmt.Fprintf(&b, "- %s\n", l)
		}
	}
	section("Key dates in the next 30 days", c.KeyDates)
	section("Follow-ups due", c.FollowUps)
	section("Coach links opened this week", c.OpenedLinks)
	fmt.Fprintf(&b, "\nSee the recruiting center: %s\n\n%s\n\n", c.Link, c.Disclaimer)
	fmt.Fprintf(&b, "You get this e-mail each Monday because %s has colleges on their list. To stop it, turn off\n", athlete)
	fmt.Fprintf(&b, "\"E-mail me a weekly recruiting brief\" on your profile page, or open this link: %s\n\n— The Legacy Locker team\n", unsubscribe)
	return Message{To: to, Subject: fmt.Sprintf("%s's recruiting week: %s", athlete, c.Today), Body: b.String(), Unsubscribe: unsubscribe}
}
