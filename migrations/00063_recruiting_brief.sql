-- +goose Up
-- The weekly recruiting brief (issue 31): an e-mail to an athlete's owner on the first morning of
-- each week, for a family with at least one college on its list. On unless the owner turns it off
-- (one-click, RFC 8058), as the coach-link notice is.
ALTER TABLE users ADD COLUMN recruiting_brief boolean NOT NULL DEFAULT true;
-- The Monday (in the athlete's time zone) of the last week whose brief was sent: claimed in the
-- statement that sends it, so a sweep run twice, or by two workers, sends one brief a week.
ALTER TABLE athletes ADD COLUMN recruiting_brief_week date;
ALTER TABLE unsubscribe_links DROP CONSTRAINT unsubscribe_links_kind_check;
ALTER TABLE unsubscribe_links ADD CONSTRAINT unsubscribe_links_kind_check
    CHECK (kind IN ('digest', 'weekly_prompt', 'comment_notice', 'coach_link_notice', 'recruiting_brief'));

-- +goose Down
DELETE FROM unsubscribe_links WHERE kind = 'recruiting_brief';
ALTER TABLE unsubscribe_links DROP CONSTRAINT unsubscribe_links_kind_check;
ALTER TABLE unsubscribe_links ADD CONSTRAINT unsubscribe_links_kind_check
    CHECK (kind IN ('digest', 'weekly_prompt', 'comment_notice', 'coach_link_notice'));
ALTER TABLE athletes DROP COLUMN recruiting_brief_week;
ALTER TABLE users DROP COLUMN recruiting_brief;
