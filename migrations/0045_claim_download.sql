-- A user's downloads that count towards the day (spec content §9: 30 a day; a failed or cancelled one
-- is given back), counted under the user's row lock, taken first: every download of the user queues
-- on it, and each statement of a volatile function reads a fresh snapshot, so the count sees every
-- download committed before the lock was granted.
CREATE OR REPLACE FUNCTION lock_downloads_today(p_user integer, p_since timestamptz) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  counted integer;
BEGIN
  PERFORM 1 FROM users WHERE id = p_user FOR UPDATE;
  SELECT count(*) INTO counted FROM video_requests
   WHERE user_id = p_user AND created_at >= p_since AND state NOT IN ('failed', 'cancelled');
  RETURN counted;
END
$$;
--> statement-breakpoint
-- A download that charges nothing (free material) in one round trip: the lock, the day's count, and
-- the requested file recorded when the day has room (p_request: the row's columns by name). No row
-- when it has not.
CREATE OR REPLACE FUNCTION claim_download(p_since timestamptz, p_limit integer, p_request jsonb) RETURNS SETOF video_requests
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF lock_downloads_today((p_request ->> 'user_id')::integer, p_since) >= p_limit THEN
    RETURN;
  END IF;
  RETURN QUERY
    INSERT INTO video_requests (user_id, project_id, agreement_id, operation_id, quality, container, format, brand_position,
                                state, progress, logo_key, rendition_key, delivery, created_at, updated_at)
    SELECT user_id, project_id, agreement_id, operation_id, quality, container, format, brand_position,
           state, progress, logo_key, rendition_key, delivery, created_at, updated_at
      FROM jsonb_populate_record(NULL::video_requests, p_request)
    RETURNING *;
END
$$;
