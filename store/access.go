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
)

// permissions is the one rule table: which role may do what (DESIGN.md, "Access control").
var permissions = map[Role]map[Action]bool{
	RoleOwner:   {ActionView: true, ActionEditContent: true, ActionManageCircle: true},
	RoleAdmin:   {ActionView: true, ActionManageCircle: true},
	RoleEditor:  {ActionView: true, ActionEditContent: true},
	RoleViewer:  {ActionView: true},
	RoleLimited: {ActionView: true},
}

// Can reports whether the role allows the action.
func (r Role) Can(a Action) bool { return permissions[r][a] }

// RoleFor answers the caller's role on an athlete: owner for the athlete's creator, RoleNone for
// everyone else (including unknown athletes, so callers answer 404 either way). Family-circle roles
// are added here, and only here, when the circle lands.
func RoleFor(ctx context.Context, db DBTX, userID, athleteID int64) (Role, error) {
	ownerID, err := Q.AccessOwnerOf(ctx, db, athleteID)
	if err := Translate(err); err != nil {
		if errors.Is(err, ErrNotFound) {
			return RoleNone, nil
		}
		return RoleNone, fmt.Errorf("looking up athlete owner: %w", err)
	}
	if ownerID == userID {
		return RoleOwner, nil
	}
	return RoleNone, nil
}
