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
