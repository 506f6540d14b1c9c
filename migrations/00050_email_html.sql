-- +goose Up
-- HTML e-mail (issue 30: the digest lists what is new with thumbnails). The HTML is kept beside the
-- text, which stays the plain-text alternative every e-mail carries.
ALTER TABLE outbound_emails ADD COLUMN body_html text NOT NULL DEFAULT '';

-- The pictures an HTML e-mail shows travel inside it as inline parts (cid: references), because the
-- family's photos are private: no public or signed URL of them ever leaves in an e-mail. A row names
-- where the bytes are stored, never the bytes; the email_send job reads them when it sends, and leaves
-- out one whose file is gone (its photo was deleted since). They go with their e-mail: deleted with it,
-- and erased when a sent e-mail is forgotten.
CREATE TABLE outbound_email_images (
    email_id     bigint NOT NULL REFERENCES outbound_emails (id) ON DELETE CASCADE,
    content_id   text NOT NULL,
    storage_key  text NOT NULL,
    content_type text NOT NULL,
    position     int NOT NULL,
    PRIMARY KEY (email_id, content_id)
);

-- +goose Down
DROP TABLE outbound_email_images;
ALTER TABLE outbound_emails DROP COLUMN body_html;
