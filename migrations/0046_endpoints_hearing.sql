-- The active endpoints subscribed to an event type that its recipients' owners hold: a recipient's
-- company's, or the recipient's own when they have none (integration/webhook-delivery.ts). A function,
-- so the download call asks it inside the statement that reads the video (one round trip less) and
-- the rule is written once.
CREATE OR REPLACE FUNCTION endpoints_hearing(p_recipients integer[], p_type text) RETURNS SETOF integer
LANGUAGE sql STABLE AS $$
  SELECT DISTINCT e.id
    FROM users u
    JOIN webhook_endpoints e
      ON (u.company_id IS NOT NULL AND e.company_id = u.company_id)
      OR (u.company_id IS NULL AND e.company_id IS NULL AND e.user_id = u.id)
   WHERE u.id = ANY (p_recipients) AND e.disabled_at IS NULL AND p_type = ANY (e.events)
$$;
