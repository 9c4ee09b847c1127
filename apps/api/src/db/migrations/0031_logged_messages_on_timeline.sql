-- Decision 082: a message that was only stored (transport `log`: no SMTP server; `sms-log`: the
-- default SMS provider) is "logged", not "sent". The emails rows already say so by their transport;
-- the merchant timeline entries written before kept `messageStatus: sent`, which the timeline and
-- the home activity read. They are corrected from their message's row.
UPDATE "merchant_events" AS ev
   SET "data" = jsonb_set(ev."data", '{messageStatus}', '"logged"')
  FROM "emails" AS m
 WHERE ev."type" = 'email'
   AND ev."data"->>'messageStatus' = 'sent'
   AND ev."data"->>'messageId' = m."id"::text
   AND m."status" = 'sent'
   AND m."transport" IN ('log', 'sms-log');
