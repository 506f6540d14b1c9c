package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPasswordHashing(t *testing.T) {
	t.Parallel()
	hash, err := hashPassword("Passw0rdX")
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(hash, "$argon2id$v=19$m=19456,t=2,p=1$"), hash)

	other, err := hashPassword("Passw0rdX")
	require.NoError(t, err)
	require.NotEqual(t, hash, other, "every hash has its own salt")

	ok, err := passwordMatches("Passw0rdX", hash)
	require.NoError(t, err)
	require.True(t, ok)
	ok, err = passwordMatches("passw0rdX", hash)
	require.NoError(t, err)
	require.False(t, ok)

	for _, bad := range []string{"", "$argon2i$v=19$m=1,t=1,p=1$aa$bb", "$argon2id$v=19$m=x$aa$bb", "plain"} {
		_, err := passwordMatches("x", bad)
		require.ErrorIs(t, err, errMalformedHash, bad)
	}
}
