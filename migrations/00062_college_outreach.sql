-- +goose Up
-- The conversation with each school (issue 31): the people the family deals with at a college, and
-- a log of what passed between them (an e-mail sent or received, a call, a text, a visit, a camp, an
-- offer). The e-mails themselves stay in the family's own inbox; the log only says one was sent.
CREATE TABLE college_contacts (
    id                  bigserial PRIMARY KEY,
    college_interest_id bigint NOT NULL REFERENCES college_interests (id) ON DELETE CASCADE,
    athlete_id          bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    name                text NOT NULL,
    role                text NOT NULL DEFAULT '',
    email               text NOT NULL DEFAULT '',
    phone               text NOT NULL DEFAULT '',
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX college_contacts_college_idx ON college_contacts (college_interest_id, id);
CREATE INDEX college_contacts_athlete_idx ON college_contacts (athlete_id);

CREATE TABLE college_outreach (
    id                  bigserial PRIMARY KEY,
    college_interest_id bigint NOT NULL REFERENCES college_interests (id) ON DELETE CASCADE,
    athlete_id          bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    -- Who at the college it was with, when the family says; the entry outlives a removed contact.
    contact_id          bigint REFERENCES college_contacts (id) ON DELETE SET NULL,
    kind                text NOT NULL CHECK (kind IN ('email_sent', 'email_received', 'call', 'text', 'visit', 'camp', 'offer')),
    happened_on         date NOT NULL,
    note                text NOT NULL DEFAULT '',
    created_by          bigint REFERENCES users ON DELETE SET NULL,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);
-- The log reads newest first, page by page.
CREATE INDEX college_outreach_college_idx ON college_outreach (college_interest_id, happened_on DESC, id DESC);
CREATE INDEX college_outreach_athlete_idx ON college_outreach (athlete_id);
CREATE INDEX college_outreach_contact_idx ON college_outreach (contact_id) WHERE contact_id IS NOT NULL;
CREATE INDEX college_outreach_created_by ON college_outreach (created_by) WHERE created_by IS NOT NULL;

-- +goose Down
DROP TABLE college_outreach;
DROP TABLE college_contacts;
