// Package billing holds the subscription plans and their limits: the one table the api enforces
// and the subscription page shows (issue #14). Stripe knows the prices by id; the server knows
// what each plan allows.
package billing

import (
	"fmt"
	"slices"
)

// Tier names a plan.
type Tier string

const (
	Free    Tier = "free"
	Basic   Tier = "basic"
	Premium Tier = "premium"
	Family  Tier = "family"
)

// Limits are what a plan allows an account. Zero means no limit.
type Limits struct {
	StorageBytes int64 `json:"storageBytes"`
	MaxFileBytes int64 `json:"maxFileBytes"`
	// Athletes is how many athletes the account may hold: brothers and sisters share the account's
	// storage, each with a family circle of their own.
	Athletes          int `json:"athletes"`
	FamilyMembers     int `json:"familyMembers"`
	AIEnhancementsPer int `json:"aiEnhancementsPerMonth"`
	// OpenUploads is how many resumable uploads may be in progress at once: each holds its declared
	// length of the quota until it finishes or expires, and the cap bounds the pieces one account
	// can leave on the shared disk.
	OpenUploads int `json:"openUploads"`
}

// Plan is one tier as the spec's plans map shows it, with its limits.
type Plan struct {
	Tier     Tier     `json:"-"`
	Name     string   `json:"name"`
	Price    int      `json:"price"` // dollars per month
	Features []string `json:"features"`
	Limits   Limits   `json:"limits"`
}

const (
	mb = int64(1) << 20
	gb = int64(1) << 30
)

// Plans is every tier, cheapest first. Premium is $19 a month and Free holds 500 MB, as the
// landing page says.
var Plans = []Plan{
	{Free, "Free", 0, []string{"1 athlete", "500 MB of photos, video and documents", "10 AI enhancements a month", "Up to 10 family members"},
		Limits{StorageBytes: 500 * mb, MaxFileBytes: 50 * mb, Athletes: 1, FamilyMembers: 10, AIEnhancementsPer: 10, OpenUploads: 5}},
	{Basic, "Basic", 9, []string{"Up to 2 athletes", "10 GB of storage", "Files up to 500 MB", "100 AI enhancements a month", "Up to 25 family members"},
		Limits{StorageBytes: 10 * gb, MaxFileBytes: 500 * mb, Athletes: 2, FamilyMembers: 25, AIEnhancementsPer: 100, OpenUploads: 10}},
	{Premium, "Premium", 19, []string{"Up to 3 athletes", "100 GB of storage", "Files up to 2 GB (whole games)", "Unlimited AI enhancements", "Up to 50 family members", "Stats reports and showcase"},
		Limits{StorageBytes: 100 * gb, MaxFileBytes: 2 * gb, Athletes: 3, FamilyMembers: 50, OpenUploads: 20}},
	{Family, "Family", 29, []string{"Up to 6 athletes: brothers and sisters in one account", "250 GB of storage", "Files up to 2 GB", "Unlimited AI enhancements", "Unlimited family members", "Everything in Premium"},
		Limits{StorageBytes: 250 * gb, MaxFileBytes: 2 * gb, Athletes: 6, OpenUploads: 20}},
}

// Get finds a plan by tier.
func Get(t Tier) (Plan, bool) {
	i := slices.IndexFunc(Plans, func(p Plan) bool { return p.Tier == t })
	if i < 0 {
		return Plan{}, false
	}
	return Plans[i], true
}

// MustGet is Get for tiers the code names itself.
func MustGet(t Tier) Plan {
	p, ok := Get(t)
	if !ok {
		panic(fmt.Sprintf("billing: no plan %q", t))
	}
	return p
}

// Paying reports whether a subscription in this Stripe status entitles the account to its tier.
// A lapsed payment (past_due, unpaid, incomplete, canceled, paused) falls back to Free's limits:
// the family's data stays, and only new uploads over those limits are refused.
func Paying(status string) bool {
	return status == "active" || status == "trialing"
}

// Effective is the plan an account's limits come from.
func Effective(tier Tier, status string) Plan {
	if tier == Free || !Paying(status) {
		return MustGet(Free)
	}
	if p, ok := Get(tier); ok {
		return p
	}
	return MustGet(Free)
}

// StorageMessage is the refusal when an upload does not fit the plan's storage.
func (p Plan) StorageMessage() string {
	return fmt.Sprintf("Your %s plan holds %s. Upgrade for more space.", p.Name, Size(p.Limits.StorageBytes))
}

// FileMessage is the refusal when one file is larger than the plan allows: it names the next plan
// that takes larger files, so a family with a whole game's film knows where it fits.
func (p Plan) FileMessage() string {
	msg := fmt.Sprintf("Your %s plan takes files up to %s.", p.Name, Size(p.Limits.MaxFileBytes))
	for _, next := range Plans {
		if next.Price > p.Price && next.Limits.MaxFileBytes > p.Limits.MaxFileBytes {
			return fmt.Sprintf("%s The %s plan takes files up to %s.", msg, next.Name, Size(next.Limits.MaxFileBytes))
		}
	}
	return msg
}

// OpenUploadsMessage is the refusal of one resumable upload more than the plan lets run at once.
func (p Plan) OpenUploadsMessage() string {
	return fmt.Sprintf("Your %s plan allows %s in progress at once. Finish or cancel one, or upgrade for more.", p.Name, plural(p.Limits.OpenUploads, "upload"))
}

// AthletesMessage is the refusal of one athlete more than the plan holds: it names the next plan
// that holds more, so a family knows where a brother or sister fits.
func (p Plan) AthletesMessage() string {
	msg := fmt.Sprintf("Your %s plan holds %s.", p.Name, plural(p.Limits.Athletes, "athlete"))
	for _, next := range Plans {
		if next.Price > p.Price && next.Limits.Athletes > p.Limits.Athletes {
			return fmt.Sprintf("%s The %s plan holds %s.", msg, next.Name, plural(next.Limits.Athletes, "athlete"))
		}
	}
	return msg
}

// FamilyMessage is the refusal of one family member more than the plan holds.
func (p Plan) FamilyMessage() string {
	return fmt.Sprintf("Your %s plan includes up to %s. Upgrade to invite more.", p.Name, plural(p.Limits.FamilyMembers, "family member"))
}

// AIMessage is the refusal of an AI enhancement past the plan's monthly allowance.
func (p Plan) AIMessage() string {
	return fmt.Sprintf("Your %s plan includes %s a month, all used. Save without enhancement, or upgrade for more.", p.Name, plural(p.Limits.AIEnhancementsPer, "AI enhancement"))
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// Size writes a byte count as a plan describes it: "500 MB", "10 GB".
func Size(n int64) string {
	if n >= gb && n%gb == 0 {
		return fmt.Sprintf("%d GB", n/gb)
	}
	return fmt.Sprintf("%d MB", n/mb)
}
