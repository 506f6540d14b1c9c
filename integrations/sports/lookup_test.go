package sports

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// lookupFixtures stand for the team sports' catalogues, which live in their own files: the lookup
// reads names from whatever catalogues it is given, so it is tested on these beside the registered
// ones, without registering a second "baseball".
var lookupFixtures = []*Catalogue{
	{Sport: "baseball", Label: "Baseball"},
	{Sport: "softball", Label: "Softball", Aliases: []string{"Fastpitch"}},
	{Sport: "basketball", Label: "Basketball", Aliases: []string{"Hoops", "BBall"}},
	{Sport: "volleyball", Label: "Volleyball", Aliases: []string{"VB"}},
	{Sport: "soccer", Label: "Soccer", Aliases: []string{"Futbol"}},
}

func lookupKeys(cats []*Catalogue) []string {
	var keys []string
	for _, c := range cats {
		keys = append(keys, c.Sport)
	}
	return keys
}

func TestForSports(t *testing.T) {
	t.Parallel()
	// The registered catalogues first, so that once the team sports register themselves they are
	// the ones found; either way the keys are the same.
	cats := append(All(), lookupFixtures...)
	cases := []struct {
		text string
		want []string
	}{
		{"Baseball, Basketball", []string{"baseball", "basketball"}},
		{"Girls Volleyball", []string{"volleyball"}},
		{"Track & Field", []string{"track_and_field"}},
		{"Track and Field", []string{"track_and_field"}},
		{"track_and_field", []string{"track_and_field"}},
		{"XC", []string{"cross_country"}},
		{"Cross-Country", []string{"cross_country"}},
		{"Swim & Dive", []string{"swimming"}},
		{"Girls Swim and Dive", []string{"swimming"}},
		{"Women's Lacrosse", []string{"lacrosse"}},
		{"Girls’ Tennis", []string{"tennis"}},
		{"Men's Ice Hockey; Golf", []string{"ice_hockey", "golf"}},
		{"Hockey", []string{"ice_hockey"}},
		{"Field Hockey", []string{"field_hockey"}},
		{"Water Polo (Girls)", []string{"water_polo"}},
		{"Varsity Wrestling", []string{"wrestling"}},
		{"Boys Basketball / Baseball", []string{"basketball", "baseball"}},
		{"Baseball & Basketball", []string{"baseball", "basketball"}},
		{"Soccer + Track", []string{"soccer", "track_and_field"}},
		{"Track & Field and Cross Country", []string{"track_and_field", "cross_country"}},
		{"Indoor Track, Outdoor Track, XC", []string{"track_and_field", "cross_country"}},
		{"basketball, BASKETBALL, Hoops", []string{"basketball"}},
		{"Quidditch, Tennis", []string{"tennis"}},
		{"Softball\nVolleyball", []string{"softball", "volleyball"}},
		{"girls", nil},
		{"", nil},
		{" , ; / ", nil},
	}
	for _, c := range cases {
		require.Equal(t, c.want, lookupKeys(forSports(c.text, cats)), "%q", c.text)
	}
}

func TestForSport(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		want string // "" for none
	}{
		{"Ice Hockey", "ice_hockey"},
		{"ice_hockey", "ice_hockey"},
		{"LAX", "lacrosse"},
		{"  Boys Lacrosse  ", "lacrosse"},
		{"Swimming", "swimming"},
		{"T&F", "track_and_field"},
		{"Golf", "golf"},
		{"Wrestling (JV)", "wrestling"},
		{"Quidditch", ""},
		{"", ""},
		{"Track & Field, Golf", ""}, // one name: ForSports reads a list
	}
	for _, c := range cases {
		got := ForSport(c.name)
		if c.want == "" {
			require.Nil(t, got, "%q", c.name)
			continue
		}
		require.NotNil(t, got, "%q", c.name)
		require.Equal(t, c.want, got.Sport, "%q", c.name)
	}
	require.Equal(t, []string{"golf", "tennis"}, lookupKeys(ForSports("Golf, Tennis, Golf")))
}

// TestEveryNameFindsItsSport holds every registered catalogue (today's and any added later) to
// being found by its key, label and every alias, so no two sports claim one name, and to aliases
// that each add a name the lookup would not already find.
func TestEveryNameFindsItsSport(t *testing.T) {
	t.Parallel()
	seen := map[string]string{}
	for _, c := range All() {
		own := map[string]bool{}
		for i, name := range c.lookupNames() {
			n := sportName(name)
			require.NotEmpty(t, n, "%s: the name %q is only words the lookup drops", c.Sport, name)
			if other, dup := seen[n]; dup && other != c.Sport {
				t.Fatalf("%q names both %s and %s", name, other, c.Sport)
			}
			if i >= 2 { // an alias; the key and the label may say the same
				require.False(t, own[n], "%s: the alias %q is a name the lookup already finds", c.Sport, name)
			}
			seen[n], own[n] = c.Sport, true
			require.Same(t, c, ForSport(name), "%s: %q", c.Sport, name)
		}
	}
}
