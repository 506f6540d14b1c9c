package store

import (
	"context"
	"errors"
	"fmt"
)

// Role is what a user is to one athlete. The zero value, RoleNone, sees nothing.
type Role string

const (
	RoleNone    Role = ""
	RoleOwner   Role = "owner"
	RoleAdmin   Role = "admin"
	RoleEditor  Role = "editor"
	RoleViewer  Role = "viewer"
	RoleLimited Role = "limited"
)

// Action is something a caller may want to do to an athlete's data.
type Action string

const (
	// ActionView reads the athlete's profile and the content shared with the caller.
	ActionView Action = "view"
	// ActionEditContent changes the athlete's profile and content (journal, media, milestones).
	ActionEditContent Action = "edit_content"
	// ActionManageCircle invites, changes and removes family members and privacy settings.
	ActionManageCircle Action = "manage_circle"
	// ActionOwnLegacy takes the whole record away: the export archive, deleting the athlete.
	ActionOwnLegacy Action = "own_legacy"
)

// permissions is the one rule table: which role may do what (DESIGN.md, "Access control").
var permissions = map[Role]map[Action]bool{
	RoleOwner:   {ActionView: true, ActionEditContent: true, ActionManageCircle: true, ActionOwnLegacy: true},
	RoleAdmin:   {ActionView: true, ActionManageCircle: true},
	RoleEditor:  {ActionView: true, ActionEditContent: true},
	RoleViewer:  {ActionView: true},
	RoleLimited: {ActionView: true},
}

// Can reports whether the role allows the action.
func (r Role) Can(a Action) bool { return permissions[r][a] }

// Section is a part of an athlete's record with its own privacy setting.
type Section string

const (
	SectionJournal    Section = "journal"
	SectionMedia      Section = "media"
	SectionStats      Section = "stats"
	SectionMilestones Section = "milestones"
	SectionRecruiting Section = "recruiting"
)

// Privacy values of a section: the family sees it by access level, only the owner does, or (for
// recruiting) the owner and the members who are coaches.
const (
	PrivacyFamily  = "family"
	PrivacyPrivate = "private"
	PrivacyCoaches = "coaches"
)

// Access is everything the rules need to know about one caller and one athlete.
type Access struct {
	Role Role
	// UserID is the caller, so the rules can recognise what they wrote themselves.
	UserID int64
	// MemberID and Relationship describe the caller's family_members row (zero for the owner).
	MemberID     int64
	Relationship string
	privacy      map[Section]string
	// sharedWhole are the sections the family shares whole with a limited member.
	sharedWhole map[Section]bool
}

// sharedWhole reports whether a limited member sees a section by sharing the whole of it rather
// than item by item: stats, milestones and recruiting have no items a family would pick one by one.
func sharedWhole(s Section) bool {
	return s == SectionStats || s == SectionMilestones || s == SectionRecruiting
}

// Can reports whether the caller's role allows the action.
func (a Access) Can(action Action) bool { return a.Role.Can(action) }

// SeesSection applies the athlete's privacy settings: the owner sees everything; members see a
// section unless it is private (or, for coaches-only, unless they are a coach).
func (a Access) SeesSection(s Section) bool {
	if a.Role == RoleOwner {
		return true
	}
	if !a.Role.Can(ActionView) {
		return false
	}
	switch a.privacy[s] {
	case PrivacyPrivate:
		return false
	case PrivacyCoaches:
		return a.Relationship == "coach"
	default:
		return true
	}
}

// SeesMember reports whether the circle's list shows the caller the member row memberID: limited
// members see only themselves; everyone else with access sees the whole circle.
func (a Access) SeesMember(memberID int64) bool {
	return a.Can(ActionView) && (a.Role != RoleLimited || memberID == a.MemberID)
}

// MayChangeMember reports whether the caller may change the access level of (or remove) the member
// row memberID, whose level is now level: nobody changes their own level, and only the owner
// changes or removes an admin, so an admin cannot raise themselves or push out another admin.
func (a Access) MayChangeMember(memberID int64, level Role) bool {
	switch {
	case a.Role == RoleOwner:
		return true
	case !a.Can(ActionManageCircle), memberID == a.MemberID:
		return false
	}
	return level != RoleAdmin
}

// PubliclyShareable is the rule for public share links (/share/{code}), which anyone may open: only
// an item that is not private, in a media section the family shares (not one kept to the owner or
// to coaches). Creating a link, keeping it and serving it all ask this.
func PubliclyShareable(itemPrivate bool, mediaPrivacy string) bool {
	return !itemPrivate && mediaPrivacy == PrivacyFamily
}

// Item is one record of an athlete's as the access rules see it. A zero Section stands for the
// athlete's own profile and circle, where the role alone decides.
type Item struct {
	AthleteID int64
	Section   Section
	ID        int64
	// Private journal entries are seen by the owner and by whoever wrote them.
	Private bool
	// AuthorID is who wrote the item, when that is known.
	AuthorID int64
}

// Decision is what the rules say about one caller, one item and one action.
type Decision int

const (
	// Hidden: the caller may not know the item exists; answer as if it did not (404).
	Hidden Decision = iota
	// Forbidden: the caller sees the item but their role does not allow the action (403).
	Forbidden
	// Allowed: go ahead.
	Allowed
)

// Decide applies every rule to one action on one item: the role table, the private-entry rule,
// the section's privacy setting and, for limited members, the item's explicit share.
func (a Access) Decide(ctx context.Context, db DBTX, action Action, item Item) (Decision, error) {
	seen, err := a.sees(ctx, db, item)
	switch {
	case err != nil:
		return Hidden, err
	case !seen:
		return Hidden, nil
	case !a.Can(action):
		return Forbidden, nil
	}
	return Allowed, nil
}

func (a Access) sees(ctx context.Context, db DBTX, item Item) (bool, error) {
	if !a.Can(ActionView) {
		return false, nil
	}
	if item.Section == "" {
		return true, nil
	}
	if item.Private && a.Role != RoleOwner && (item.AuthorID == 0 || item.AuthorID != a.UserID) {
		return false, nil
	}
	if !a.SeesSection(item.Section) {
		return false, nil
	}
	if a.Role != RoleLimited {
		return true, nil
	}
	if sharedWhole(item.Section) {
		return a.sharedWhole[item.Section], nil
	}
	shared, err := Q.FamilyShareExists(ctx, db, FamilyShareExistsParams{MemberID: a.MemberID, ItemType: string(item.Section), ItemID: item.ID})
	if err != nil {
		return false, fmt.Errorf("checking share: %w", err)
	}
	return shared, nil
}

// Scope is what of one section's lists a caller sees, for the queries that list it.
type Scope struct {
	// Hidden: the caller sees none of the section: it is private to the owner (or coaches-only),
	// or it is shared whole and the family has not shared it with this limited member.
	Hidden bool
	// IncludePrivate: private journal entries are listed (the owner's lists only).
	IncludePrivate bool
	// Author: the caller, whose own private entries are listed to them whatever their role.
	Author int64
	// SharedWith bounds a limited member's lists to what was shared with their member row.
	SharedWith *int64
}

// Scope answers what of the section's lists the caller sees.
func (a Access) Scope(s Section) Scope {
	out := Scope{Hidden: !a.SeesSection(s), IncludePrivate: a.Role == RoleOwner, Author: a.UserID}
	if a.Role == RoleLimited && sharedWhole(s) && !a.sharedWhole[s] {
		out.Hidden = true
	}
	if a.Role == RoleLimited {
		id := a.MemberID
		out.SharedWith = &id
	}
	return out
}

// AccessFor answers the caller's access to an athlete: owner for the athlete's creator, the access
// level of an accepted family member, or RoleNone for everyone else — including unknown athletes,
// so callers answer 404 either way.
func AccessFor(ctx context.Context, db DBTX, userID, athleteID int64) (Access, error) {
	row, err := Q.AccessLookup(ctx, db, AccessLookupParams{UserID: userID, AthleteID: athleteID})
	if err := Translate(err); err != nil {
		if errors.Is(err, ErrNotFound) {
			return Access{Role: RoleNone}, nil
		}
		return Access{Role: RoleNone}, fmt.Errorf("looking up access: %w", err)
	}
	return AccessFromLookup(userID, row), nil
}

// AccessFromLookup is AccessFor's answer from what AccessLookup (or a query selecting the same
// columns for many people at once, such as the digests') read for the caller.
func AccessFromLookup(userID int64, row AccessLookupRow) Access {
	a := Access{Role: RoleNone, UserID: userID, privacy: map[Section]string{
		SectionJournal: row.PrivacyJournal, SectionMedia: row.PrivacyMedia, SectionStats: row.PrivacyStats,
		SectionMilestones: row.PrivacyMilestones, SectionRecruiting: row.PrivacyRecruiting,
	}, sharedWhole: map[Section]bool{}}
	for _, s := range row.SharedSections {
		a.sharedWhole[Section(s)] = true
	}
	switch {
	case row.OwnerID == userID:
		a.Role = RoleOwner
	case row.MemberID != nil && row.AccessLevel != nil:
		a.Role, a.MemberID = Role(*row.AccessLevel), *row.MemberID
		if row.Relationship != nil {
			a.Relationship = *row.Relationship
		}
	}
	return a
}

// RoleFor answers just the caller's role on an athlete.
func RoleFor(ctx context.Context, db DBTX, userID, athleteID int64) (Role, error) {
	a, err := AccessFor(ctx, db, userID, athleteID)
	return a.Role, err
}

// MayEditComment: a comment is its author's to change.
func (a Access) MayEditComment(authorID int64) bool { return a.UserID != 0 && a.UserID == authorID }

// MayDeleteComment: its author may delete a comment, and so may the athlete's owner and admins,
// who keep the circle's conversation.
func (a Access) MayDeleteComment(authorID int64) bool {
	return a.MayEditComment(authorID) || a.Role == RoleOwner || a.Role == RoleAdmin
}
