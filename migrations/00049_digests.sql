-- +goose Up
-- The digest e-mail (issue 30): each member chooses, per athlete they follow, a daily or weekly
-- e-mail of what is new, or none; weekly unless they choose.
ALTER TABLE family_members
    ADD COLUMN digest text NOT NULL DEFAULT 'weekly' CHECK (digest IN ('daily', 'weekly', 'never')),
    ADD COLUMN digest_sent_at timestamptz;

-- An athlete's owner is told when the family comments: at most one e-mail an hour, unless they turn it off.
ALTER TABLE users
    ADD COLUMN comment_notices boolean NOT NULL DEFAULT true,
    ADD COLUMN comment_notice_sent_at timestamptz;

-- One-click unsubscribe links (RFC 8058): the token is the key, so a mail client can POST to the
-- link without signing in. One link per person and e-mail they can stop (a digest names the
-- membership it is about), the same in every e-mail of that kind.
CREATE TABLE unsubscribe_links (
    token      text PRIMARY KEY CHECK (length(token) >= 32),
    user_id    bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    kind       text NOT NULL CHECK (kind IN ('digest', 'weekly_prompt', 'comment_notice')),
    member_id  bigint REFERENCES family_members ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((kind = 'digest') = (member_id IS NOT NULL))
);
CREATE UNIQUE INDEX unsubscribe_links_one_each ON unsubscribe_links (user_id, kind, coalesce(member_id, 0));
CREATE INDEX unsubscribe_links_member ON unsubscribe_links (member_id) WHERE member_id IS NOT NULL;

-- The address a mail client posts to for a one-click unsubscribe, sent as List-Unsubscribe.
ALTER TABLE outbound_emails ADD COLUMN unsubscribe_url text;

-- +goose Down
ALTER TABLE outbound_emails DROP COLUMN unsubscribe_url;
DROP TABLE unsubscribe_links;
ALTER TABLE users DROP COLUMN comment_notice_sent_at, DROP COLUMN comment_notices;
ALTER TABLE family_members DROP COLUMN digest_sent_at, DROP COLUMN digest;
