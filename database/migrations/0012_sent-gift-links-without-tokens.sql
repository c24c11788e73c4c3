-- A gift e-mail keeps its link (`/dar/<token>`) only until it has been sent, like a confirmation
-- or recovery e-mail (0010): the copy kept of what was sent shows the link without its token
-- (`withoutLinkTokens` in server/mail/outbox.ts). Gift e-mails sent before this migration lose
-- their tokens now; the links themselves keep working (only their digests are in `gift_links`).
UPDATE "mail_outbox" SET
  "html" = regexp_replace("html", '(/dar/)[A-Za-z0-9_-]{20,}', '\1[odstraněno]', 'g'),
  "text" = regexp_replace("text", '(/dar/)[A-Za-z0-9_-]{20,}', '\1[odstraněno]', 'g'),
  "data" = CASE
    WHEN "data" ->> 'link' IS NULL THEN "data"
    ELSE jsonb_set(
      "data",
      '{link}',
      to_jsonb(regexp_replace("data" ->> 'link', '(/dar/)[A-Za-z0-9_-]{20,}', '\1[odstraněno]', 'g'))
    )
  END
WHERE "kind" = 'gift_delivery' AND "status" = 'sent';
