package store_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"legacylocker/store"
	"legacylocker/store/storetest"
)

func TestRoleFor(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	ctx := context.Background()
	owner, err := store.Q.UserCreate(ctx, pool, store.UserCreateParams{Email: "owner@example.com", FirstName: "O", LastName: "W"})
	require.NoError(t, err)
	other, err := store.Q.UserCreate(ctx, pool, store.UserCreateParams{Email: "other@example.com", FirstName: "X", LastName: "Y"})
	require.NoError(t, err)
	athlete, err := store.Q.AthleteCreate(ctx, pool, store.AthleteCreateParams{UserID: owner.ID, Name: "J", Sports: "Baseball", GraduationYear: 2030, School: "S"})
	require.NoError(t, err)

	cases := []struct {
		user, athlete int64
		want          store.Role
	}{
		{owner.ID, athlete.ID, store.RoleOwner},
		{other.ID, athlete.ID, store.RoleNone},
		{owner.ID, athlete.ID + 999, store.RoleNone},
		{0, athlete.ID, store.RoleNone},
	}
	for _, tc := range cases {
		role, err := store.RoleFor(ctx, pool, tc.user, tc.athlete)
		require.NoError(t, err)
		require.Equal(t, tc.want, role, "user %d athlete %d", tc.user, tc.athlete)
	}
}

func TestRuleTable(t *testing.T) {
	t.Parallel()
	type row struct{ view, edit, manage bool }
	want := map[store.Role]row{
		store.RoleOwner:   {true, true, true},
		store.RoleAdmin:   {true, false, true},
		store.RoleEditor:  {true, true, false},
		store.RoleViewer:  {true, false, false},
		store.RoleLimited: {true, false, false},
		store.RoleNone:    {false, false, false},
	}
	for role, w := range want {
		got := row{role.Can(store.ActionView), role.Can(store.ActionEditContent), role.Can(store.ActionManageCircle)}
		require.Equal(t, w, got, "role %q", role)
	}
}

func TestTranslate(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	ctx := context.Background()
	_, err := store.Q.UserGetByID(ctx, pool, 424242)
	require.ErrorIs(t, store.Translate(err), store.ErrNotFound)
	_, err = store.Q.WaitlistAdd(ctx, pool, "a@example.com")
	require.NoError(t, err)
	_, err = store.Q.WaitlistAdd(ctx, pool, "a@example.com")
	require.ErrorIs(t, store.Translate(err), store.ErrConflict)
	require.NoError(t, store.Translate(nil))
}

// TestDecide runs the one access function over every role and the kinds of item the routes load:
// the athlete's profile, a shared and a private journal entry, a media item in a private section,
// and an item shared with a limited member.
func TestDecide(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	ctx := context.Background()
	owner, err := store.Q.UserCreate(ctx, pool, store.UserCreateParams{Email: "owner@example.com", FirstName: "O", LastName: "W"})
	require.NoError(t, err)
	athlete, err := store.Q.AthleteCreate(ctx, pool, store.AthleteCreateParams{UserID: owner.ID, Name: "J", Sports: "Baseball", GraduationYear: 2030, School: "S"})
	require.NoError(t, err)
	_, err = store.Q.AthleteSetPrivacy(ctx, pool, store.AthleteSetPrivacyParams{ID: athlete.ID, PrivacyJournal: "family", PrivacyMedia: "private",
		PrivacyStats: "family", PrivacyMilestones: "family", PrivacyRecruiting: "coaches"})
	require.NoError(t, err)
	limitedMember, err := store.Q.FamilyMemberCreate(ctx, pool, store.FamilyMemberCreateParams{AthleteID: athlete.ID, Name: "L", Relationship: "friend", AccessLevel: "limited"})
	require.NoError(t, err)
	require.NoError(t, store.Q.FamilyShareAdd(ctx, pool, store.FamilyShareAddParams{MemberID: limitedMember.ID, ItemType: "journal", ItemID: 7}))

	access := func(role store.Role) store.Access {
		a, err := store.AccessFor(ctx, pool, owner.ID, athlete.ID) // the owner's privacy settings...
		require.NoError(t, err)
		a.Role, a.MemberID = role, limitedMember.ID // ...seen by each role in turn
		return a
	}
	profile := store.Item{AthleteID: athlete.ID}
	sharedEntry := store.Item{AthleteID: athlete.ID, Section: store.SectionJournal, ID: 7}
	otherEntry := store.Item{AthleteID: athlete.ID, Section: store.SectionJournal, ID: 8}
	privateEntry := store.Item{AthleteID: athlete.ID, Section: store.SectionJournal, ID: 7, Private: true}
	privateSection := store.Item{AthleteID: athlete.ID, Section: store.SectionMedia, ID: 7}
	const H, F, A = store.Hidden, store.Forbidden, store.Allowed
	cases := []struct {
		item   store.Item
		action store.Action
		// owner, admin, editor, viewer, limited, none
		want [6]store.Decision
	}{
		{profile, store.ActionView, [6]store.Decision{A, A, A, A, A, H}},
		{profile, store.ActionEditContent, [6]store.Decision{A, F, A, F, F, H}},
		{profile, store.ActionManageCircle, [6]store.Decision{A, A, F, F, F, H}},
		{sharedEntry, store.ActionView, [6]store.Decision{A, A, A, A, A, H}},
		{sharedEntry, store.ActionEditContent, [6]store.Decision{A, F, A, F, F, H}},
		{otherEntry, store.ActionView, [6]store.Decision{A, A, A, A, H, H}},
		{privateEntry, store.ActionView, [6]store.Decision{A, H, H, H, H, H}},
		{privateEntry, store.ActionEditContent, [6]store.Decision{A, H, H, H, H, H}},
		{privateSection, store.ActionView, [6]store.Decision{A, H, H, H, H, H}},
	}
	roles := []store.Role{store.RoleOwner, store.RoleAdmin, store.RoleEditor, store.RoleViewer, store.RoleLimited, store.RoleNone}
	for _, tc := range cases {
		for i, role := range roles {
			got, err := access(role).Decide(ctx, pool, tc.action, tc.item)
			require.NoError(t, err)
			require.Equal(t, tc.want[i], got, "%s on %+v as %q", tc.action, tc.item, role)
		}
	}
	require.Equal(t, store.Scope{Hidden: true, SharedWith: ptr(limitedMember.ID), Author: owner.ID}, access(store.RoleLimited).Scope(store.SectionMedia))
	require.Equal(t, store.Scope{IncludePrivate: true, Author: owner.ID}, access(store.RoleOwner).Scope(store.SectionMedia))
	require.Equal(t, store.Scope{Author: owner.ID}, access(store.RoleViewer).Scope(store.SectionJournal))

	// Whoever wrote a private entry sees it, and edits it while their level allows editing.
	ownPrivate := store.Item{AthleteID: athlete.ID, Section: store.SectionJournal, ID: 9, Private: true, AuthorID: 4242}
	for role, want := range map[store.Role][2]store.Decision{
		store.RoleEditor: {A, A}, store.RoleViewer: {A, F}, store.RoleAdmin: {A, F},
	} {
		author := access(role)
		author.UserID = 4242
		for i, action := range []store.Action{store.ActionView, store.ActionEditContent} {
			got, err := author.Decide(ctx, pool, action, ownPrivate)
			require.NoError(t, err)
			require.Equal(t, want[i], got, "%s on their own private entry as %q", action, role)
		}
	}
}

// TestWholeSectionShares: a limited member sees stats, milestones and recruiting only once the
// family shares the whole section with them (a share whose item is the athlete), in lists (Scope)
// and by item (Decide) alike; a section shared whole is still hidden when it is private.
func TestWholeSectionShares(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	ctx := context.Background()
	owner, err := store.Q.UserCreate(ctx, pool, store.UserCreateParams{Email: "owner@example.com", FirstName: "O", LastName: "W"})
	require.NoError(t, err)
	friend, err := store.Q.UserCreate(ctx, pool, store.UserCreateParams{Email: "friend@example.com", FirstName: "F", LastName: "R"})
	require.NoError(t, err)
	athlete, err := store.Q.AthleteCreate(ctx, pool, store.AthleteCreateParams{UserID: owner.ID, Name: "J", Sports: "Baseball", GraduationYear: 2030, School: "S"})
	require.NoError(t, err)
	member, err := store.Q.FamilyMemberCreate(ctx, pool, store.FamilyMemberCreateParams{AthleteID: athlete.ID, Name: "F", Relationship: "friend", AccessLevel: "limited"})
	require.NoError(t, err)
	_, err = store.Q.FamilyMemberAccept(ctx, pool, store.FamilyMemberAcceptParams{ID: member.ID, UserID: &friend.ID})
	require.NoError(t, err)
	// A journal share of an entry whose id happens to be the athlete's shares no section.
	require.NoError(t, store.Q.FamilyShareAdd(ctx, pool, store.FamilyShareAddParams{MemberID: member.ID, ItemType: "journal", ItemID: athlete.ID}))

	sees := func(s store.Section) (listed, byItem bool) {
		a, err := store.AccessFor(ctx, pool, friend.ID, athlete.ID)
		require.NoError(t, err)
		require.Equal(t, store.RoleLimited, a.Role)
		d, err := a.Decide(ctx, pool, store.ActionView, store.Item{AthleteID: athlete.ID, Section: s})
		require.NoError(t, err)
		return !a.Scope(s).Hidden, d == store.Allowed
	}
	for _, s := range []store.Section{store.SectionStats, store.SectionMilestones, store.SectionRecruiting} {
		listed, byItem := sees(s)
		require.False(t, listed, "%s listed before it was shared", s)
		require.False(t, byItem, "%s seen by item before it was shared", s)
	}

	require.NoError(t, store.Q.FamilyShareAdd(ctx, pool, store.FamilyShareAddParams{MemberID: member.ID, ItemType: "stats", ItemID: athlete.ID}))
	listed, byItem := sees(store.SectionStats)
	require.True(t, listed)
	require.True(t, byItem)
	listed, byItem = sees(store.SectionMilestones)
	require.False(t, listed || byItem, "sharing stats shares no other section")

	_, err = store.Q.AthleteSetPrivacy(ctx, pool, store.AthleteSetPrivacyParams{ID: athlete.ID, PrivacyJournal: "family", PrivacyMedia: "family",
		PrivacyStats: "private", PrivacyMilestones: "family", PrivacyRecruiting: "family"})
	require.NoError(t, err)
	listed, byItem = sees(store.SectionStats)
	require.False(t, listed || byItem, "a private section stays private to a member it was shared with")
}
