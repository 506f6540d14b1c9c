package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os/user"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v5"

	"legacylocker/billing"
	"legacylocker/store"
)

// Plans granted by an operator without Stripe: for support, schools and testers. While a grant lasts
// the account has the better of it and what it pays for (grantedPlan); the family's subscription page
// says "granted until …". Granting and revoking are written to operator_audit.

// grantResponse is the grant behind an account's plan, on its subscription status.
type grantResponse struct {
	Tier  billing.Tier `json:"tier"`
	Until *time.Time   `json:"until"`
}

// grantedPlan is the better of the paid plan and the account's grant while it lasts.
func grantedPlan(ctx context.Context, db store.DBTX, userID int64, paid billing.Plan) (billing.Plan, *grantResponse, error) {
	grant, err := store.Q.PlanGrantActive(ctx, db, userID)
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return paid, nil, nil
		}
		return paid, nil, fmt.Errorf("reading the plan grant: %w", err)
	}
	granted, ok := billing.Get(billing.Tier(grant.Tier))
	if !ok {
		return paid, nil, fmt.Errorf("grant of unknown plan %q", grant.Tier)
	}
	out := &grantResponse{Tier: granted.Tier, Until: grant.GrantedUntil}
	if planRank(granted) > planRank(paid) {
		return granted, out, nil
	}
	return paid, out, nil
}

// planRank orders the plans as the page lists them, from Free up.
func planRank(p billing.Plan) int {
	return slices.IndexFunc(billing.Plans, func(q billing.Plan) bool { return q.Tier == p.Tier })
}

type grantInput struct {
	Email string `json:"email"`
	Tier  string `json:"tier"`
	// Until is a day (YYYY-MM-DD, the grant lasts through it) or empty for no end.
	Until string `json:"until"`
}

// grantPlan is `api plan grant` and the Operations page's form: the account with the address gets the
// plan until the end of the day given (UTC), or until revoked.
func grantPlan(ctx context.Context, db *pgxpool.Pool, operatorID *int64, operatorEmail string, in grantInput) (store.PlanGrant, error) {
	plan, ok := billing.Get(billing.Tier(strings.TrimSpace(in.Tier)))
	if !ok || plan.Tier == billing.Free {
		return store.PlanGrant{}, badRequest("Choose the plan to grant: basic, premium or family")
	}
	var until *time.Time
	if s := strings.TrimSpace(in.Until); s != "" {
		day, err := time.Parse(time.DateOnly, s)
		if err != nil {
			return store.PlanGrant{}, badRequest("Give the last day of the grant as YYYY-MM-DD")
		}
		end := day.AddDate(0, 0, 1)
		if !end.After(time.Now()) {
			return store.PlanGrant{}, badRequest("The last day of the grant has already passed")
		}
		until = &end
	}
	var grant store.PlanGrant
	err := store.WithTx(ctx, db, func(tx pgx.Tx) error {
		user, err := store.Q.UserGetByEmail(ctx, tx, normaliseEmail(in.Email))
		if err := store.Translate(err); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return notFoundSaying("No account uses that e-mail address")
			}
			return err
		}
		grant, err = store.Q.PlanGrantSet(ctx, tx, store.PlanGrantSetParams{UserID: user.ID, Tier: string(plan.Tier), GrantedUntil: until, GrantedBy: operatorEmail})
		if err != nil {
			return err
		}
		// The account by id: an audit line outlives the account and must not keep its address.
		target := fmt.Sprintf("account %d: %s until %s", user.ID, plan.Tier, untilText(until))
		return store.Q.OperatorAuditRecord(ctx, tx, store.OperatorAuditRecordParams{OperatorID: operatorID, OperatorEmail: operatorEmail, Action: "plan.grant", Target: target})
	})
	return grant, err
}

// revokePlan ends an account's grant at once.
func revokePlan(ctx context.Context, db *pgxpool.Pool, operatorID *int64, operatorEmail, email string) error {
	return store.WithTx(ctx, db, func(tx pgx.Tx) error {
		user, err := store.Q.UserGetByEmail(ctx, tx, normaliseEmail(email))
		if err := store.Translate(err); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return notFoundSaying("No account uses that e-mail address")
			}
			return err
		}
		n, err := store.Q.PlanGrantRevoke(ctx, tx, user.ID)
		if err != nil {
			return err
		}
		if n == 0 {
			return notFoundSaying("That account has no granted plan")
		}
		return store.Q.OperatorAuditRecord(ctx, tx, store.OperatorAuditRecordParams{OperatorID: operatorID, OperatorEmail: operatorEmail, Action: "plan.revoke", Target: fmt.Sprintf("account %d", user.ID)})
	})
}

func untilText(until *time.Time) string {
	if until == nil {
		return "revoked"
	}
	return until.UTC().Format(time.DateOnly)
}

// opsGrantPlan is the Operations page's "Grant a plan".
func (app *application) opsGrantPlan(c *echo.Context) error {
	var in grantInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	operator := currentUser(c)
	grant, err := grantPlan(c.Request().Context(), app.pool, &operator.ID, operator.Email, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, grantResponse{Tier: billing.Tier(grant.Tier), Until: grant.GrantedUntil})
}

// opsRevokePlan is the Operations page's "Revoke".
func (app *application) opsRevokePlan(c *echo.Context) error {
	var in struct {
		Email string `json:"email"`
	}
	if err := readJSON(c, &in); err != nil {
		return err
	}
	operator := currentUser(c)
	if err := revokePlan(c.Request().Context(), app.pool, &operator.ID, operator.Email, in.Email); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// planCommand is `api plan grant EMAIL PLAN [--until YYYY-MM-DD]` and `api plan revoke EMAIL`, for an
// operator at the server's shell; the audit log names the shell's user.
func planCommand(ctx context.Context, logger *slog.Logger, pool *pgxpool.Pool, args []string) error {
	who := "cli"
	if u, err := user.Current(); err == nil {
		who = "cli:" + u.Username
	}
	switch {
	case len(args) == 2 && args[0] == "revoke":
		if err := revokePlan(ctx, pool, nil, who, args[1]); err != nil {
			return err
		}
		logger.Info("plan grant revoked", "email", args[1])
		return nil
	case (len(args) == 3 || len(args) == 5 && args[3] == "--until") && args[0] == "grant":
		in := grantInput{Email: args[1], Tier: args[2]}
		if len(args) == 5 {
			in.Until = args[4]
		}
		grant, err := grantPlan(ctx, pool, nil, who, in)
		if err != nil {
			return err
		}
		logger.Info("plan granted", "email", args[1], "plan", grant.Tier, "until", untilText(grant.GrantedUntil))
		return nil
	}
	return fmt.Errorf("usage: plan grant EMAIL PLAN [--until YYYY-MM-DD] | plan revoke EMAIL")
}
