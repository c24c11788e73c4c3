-- A confirmation or recovery e-mail keeps its link only until it has been sent: the copy kept of
-- what was sent shows the link without its token (`withoutLinkTokens` in server/mail/outbox.ts).
-- E-mails sent before this migration lose their tokens now.
UPDATE "mail_outbox" SET
  "html" = regexp_replace("html", '(/auth/v1/verify\?token=)[A-Za-z0-9_-]+', '\1[odstraněno]', 'g'),
  "text" = regexp_replace("text", '(/auth/v1/verify\?token=)[A-Za-z0-9_-]+', '\1[odstraněno]', 'g'),
  "data" = CASE
    WHEN "data" ->> 'link' IS NULL THEN "data"
    ELSE jsonb_set(
      "data",
      '{link}',
      to_jsonb(regexp_replace("data" ->> 'link', '(/auth/v1/verify\?token=)[A-Za-z0-9_-]+', '\1[odstraněno]', 'g'))
    )
  END
WHERE "kind" IN ('password_recovery', 'email_confirmation') AND "status" = 'sent';
