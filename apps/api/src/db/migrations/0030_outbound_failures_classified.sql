-- Decision 073: a remote server's text is never kept, shown or logged. Rows written before it kept
-- a mail server's answer in emails.error (and the merchant timeline's excerpt), and a webhook
-- receiver's answer or node's connection message in the executions' error. They are classified
-- here as the code now classifies (best effort: by the words the old text held), and the text is
-- replaced by the portal's sentence. The portal's own texts (a missing address, a template that did
-- not render, an interrupted send, a refused webhook address) are left as they are.
CREATE FUNCTION "outbound_failure_reason_of"(message text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN message ~* '(recipients were rejected|RCPT TO)' THEN 'recipient_rejected'
    WHEN message ~* '(invalid login|authenticat|EAUTH)' THEN 'auth_failed'
    WHEN message ~* '(ENOTFOUND|EAI_AGAIN|getaddrinfo|EDNS)' THEN 'unresolved'
    WHEN message ~* '(ETIMEDOUT|timeout|timed out|greeting never received)' THEN 'timed_out'
    WHEN message ~* '(certificate|self[- ]signed|\mTLS\M|\mSSL\M|ETLS)' THEN 'tls_failed'
    WHEN message ~* '(ECONNREFUSED|ECONNRESET|ECONNABORTED|EHOSTUNREACH|ENETUNREACH|EPIPE|connection closed)' THEN 'refused'
    WHEN message ~ '(^|: |response=)[45][0-9]{2}([ -]|$)' THEN 'rejected'
    ELSE 'other'
  END
$$;
--> statement-breakpoint
CREATE FUNCTION "outbound_failure_code_of"(message text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(
    substring(message from '\m(ECONNREFUSED|ECONNRESET|ECONNABORTED|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE)\M'),
    substring(message from '(?:^|: |response=)([45][0-9]{2})(?:[ -]|$)')
  )
$$;
--> statement-breakpoint
-- The labels of packages/shared/src/schemas/outbound-failure.ts, as describeOutboundFailure writes them.
CREATE FUNCTION "outbound_failure_sentence"(reason text, code text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE reason
    WHEN 'unresolved' THEN 'The server’s name could not be found'
    WHEN 'refused' THEN 'The server could not be reached (connection refused or closed)'
    WHEN 'timed_out' THEN 'The server did not answer in time'
    WHEN 'tls_failed' THEN 'The secure connection (TLS) failed'
    WHEN 'auth_failed' THEN 'The server did not accept the sign-in'
    WHEN 'recipient_rejected' THEN 'The server rejected the recipient'
    WHEN 'rejected' THEN 'The server answered with an error'
    ELSE 'The delivery failed for another reason'
  END || coalesce(' (code ' || code || ')', '')
$$;
--> statement-breakpoint
-- A webhook's old error, rewritten: the status alone, or node's message classified.
CREATE FUNCTION "outbound_webhook_error"(message text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN message ~ '^The webhook answered [0-9]{3}, a redirect' THEN
      substring(message from '^The webhook answered [0-9]{3}') || ', a redirect; redirects are not followed: enter the final address'
    WHEN message ~ '^The webhook answered [0-9]{3}: ' THEN substring(message from '^The webhook answered [0-9]{3}')
    WHEN message ~ '^The webhook could not be reached: ' THEN
      'The webhook call failed: ' || (
        SELECT lower(left(s, 1)) || substr(s, 2)
        FROM (
          SELECT "outbound_failure_sentence"("outbound_failure_reason_of"(rest), "outbound_failure_code_of"(rest)) AS s
          FROM (SELECT regexp_replace(message, '^The webhook could not be reached: ', '') AS rest) r
        ) t
      )
    ELSE message
  END
$$;
--> statement-breakpoint
CREATE FUNCTION "outbound_webhook_failure"(message text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN message ~ '^The webhook answered [0-9]{3}' THEN jsonb_build_object('failure', jsonb_build_object(
      'reason', CASE
        WHEN message ~ '^The webhook answered [0-9]{3}, a redirect' THEN 'rejected'
        WHEN substring(message from '^The webhook answered ([0-9]{3})') IN ('401', '403') THEN 'auth_failed'
        ELSE 'rejected'
      END,
      'code', substring(message from '^The webhook answered ([0-9]{3})')))
    WHEN message ~ '^The webhook could not be reached: ' THEN jsonb_build_object('failure', jsonb_build_object(
      'reason', "outbound_failure_reason_of"(regexp_replace(message, '^The webhook could not be reached: ', '')),
      'code', "outbound_failure_code_of"(regexp_replace(message, '^The webhook could not be reached: ', ''))))
  END
$$;
--> statement-breakpoint
UPDATE "emails"
SET "failure_reason" = "outbound_failure_reason_of"("error"), "failure_code" = "outbound_failure_code_of"("error")
WHERE "error" IS NOT NULL AND "failure_reason" IS NULL
  AND "error" !~ '^(The template |The merchant|No merchant to take |Interrupted: )';
--> statement-breakpoint
UPDATE "emails" SET "error" = "outbound_failure_sentence"("failure_reason", "failure_code")
WHERE "failure_reason" IS NOT NULL;
--> statement-breakpoint
-- The timeline kept the first 200 characters of the old error: classified from those.
UPDATE "merchant_events"
SET "data" = ("data" - 'excerpt') || jsonb_strip_nulls(jsonb_build_object(
  'excerpt', "outbound_failure_sentence"("outbound_failure_reason_of"("data"->>'excerpt'), "outbound_failure_code_of"("data"->>'excerpt')),
  'failureReason', "outbound_failure_reason_of"("data"->>'excerpt'),
  'failureCode', "outbound_failure_code_of"("data"->>'excerpt')))
WHERE "type" = 'email' AND "data" ? 'excerpt' AND NOT "data" ? 'failureReason'
  AND "data"->>'excerpt' !~ '^(The template |The merchant|No merchant to take |Interrupted: )';
--> statement-breakpoint
UPDATE "stage_action_executions"
SET "error" = "outbound_webhook_error"("error"), "result" = coalesce("outbound_webhook_failure"("error"), "result")
WHERE "action_type" = 'webhook' AND "error" ~ '^The webhook (answered [0-9]{3}[:,]|could not be reached: )';
--> statement-breakpoint
UPDATE "automation_executions"
SET "error" = "outbound_webhook_error"("error")
WHERE "error" ~ '^The webhook (answered [0-9]{3}[:,]|could not be reached: )';
--> statement-breakpoint
UPDATE "automation_executions"
SET "results" = (
  SELECT jsonb_agg(
    CASE WHEN r->>'type' = 'webhook' AND r->>'error' ~ '^The webhook (answered [0-9]{3}[:,]|could not be reached: )'
      THEN r || jsonb_build_object(
        'error', "outbound_webhook_error"(r->>'error'),
        'result', coalesce("outbound_webhook_failure"(r->>'error'), r->'result'))
      ELSE r
    END ORDER BY i)
  FROM jsonb_array_elements("results") WITH ORDINALITY AS e(r, i)
)
WHERE jsonb_typeof("results") = 'array' AND jsonb_array_length("results") > 0
  AND "results"::text ~ 'The webhook (answered [0-9]{3}[:,]|could not be reached: )';
--> statement-breakpoint
DROP FUNCTION "outbound_webhook_failure"(text);
--> statement-breakpoint
DROP FUNCTION "outbound_webhook_error"(text);
--> statement-breakpoint
DROP FUNCTION "outbound_failure_sentence"(text, text);
--> statement-breakpoint
DROP FUNCTION "outbound_failure_code_of"(text);
--> statement-breakpoint
DROP FUNCTION "outbound_failure_reason_of"(text);
