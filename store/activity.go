package store

import "time"

// feedStart is before the newest row of any feed.
var feedStart = time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)

// ActivityFor answers the first page of a caller's feed of the athlete ("What's new") from their
// access: the api's pages and the digest, which applies the rules again when it is sent, read the
// same feed.
func ActivityFor(a Access, athleteID int64, maxRows int32) ActivityPageParams {
	journal, media, milestones := a.Scope(SectionJournal), a.Scope(SectionMedia), a.Scope(SectionMilestones)
	recruiting := a.Scope(SectionRecruiting)
	return ActivityPageParams{
		AthleteID: athleteID, Caller: a.UserID, MaxRows: maxRows,
		JournalVisible: !journal.Hidden, MediaVisible: !media.Hidden, MilestonesVisible: !milestones.Hidden,
		IncludePrivate: journal.IncludePrivate, SharedWith: journal.SharedWith,
		WithReactions: a.Can(ActionEditContent),
		// Those who manage the coach links hear that a coach opened one.
		LinksVisible: a.Can(ActionEditContent) && !recruiting.Hidden,
		BeforeAt:     feedStart, BeforeKind: "~",
	}
}
